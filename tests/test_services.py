"""The test servers themselves: PostgreSQL and Redis start, answer, survive a kill -9
and come back with their data."""

from __future__ import annotations

import psycopg
import redis

from tilematch.benchmarks.services import Postgres, Redis


def test_each_test_gets_an_empty_postgres_database(postgres_url, postgres_server):
    with psycopg.connect(postgres_url) as conn:
        conn.execute("CREATE TABLE t (x integer)")
        conn.execute("INSERT INTO t VALUES (1)")
    other = postgres_server.new_database()
    assert other != postgres_url
    with psycopg.connect(other) as conn:
        tables = conn.execute(
            "SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'"
        ).fetchone()
    assert tables == (0,)


def test_postgres_comes_back_after_kill_with_its_data(postgres_server: Postgres):
    url = postgres_server.new_database()
    with psycopg.connect(url) as conn:
        conn.execute("CREATE TABLE t (x integer)")
        conn.execute("INSERT INTO t VALUES (42)")
    postgres_server.kill()
    try:
        psycopg.connect(url, connect_timeout=1).close()
        raise AssertionError("connected to a killed server")
    except psycopg.OperationalError:
        pass
    postgres_server.start()
    with psycopg.connect(url) as conn:
        assert conn.execute("SELECT x FROM t").fetchall() == [(42,)]


def test_redis_is_flushed_per_test_and_survives_a_restart(redis_url, redis_server: Redis):
    client = redis.Redis.from_url(redis_url)
    assert client.dbsize() == 0
    client.set("k", "v")
    client.close()
    redis_server.stop()
    redis_server.start()
    client = redis.Redis.from_url(redis_url)
    assert client.get("k") == b"v"
    client.close()
