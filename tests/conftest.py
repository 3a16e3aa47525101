"""Session-wide fixtures: the real PostgreSQL and Redis servers, started on first use.

Each starts once per test session in a temporary folder on a free loopback port
(see :mod:`tilematch.benchmarks.services`) and is stopped when the session ends.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tilematch.benchmarks.services import Postgres, Redis


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[Postgres]:
    """The session's PostgreSQL server (its ``new_database()`` gives each test its own)."""
    server = Postgres(durable=False, database="postgres").start()
    try:
        yield server
    finally:
        server.close()


@pytest.fixture(scope="session")
def redis_server() -> Iterator[Redis]:
    """The session's Redis server (a test that uses it runs after a ``flush()``)."""
    server = Redis().start()
    try:
        yield server
    finally:
        server.close()


@pytest.fixture
def postgres_url(postgres_server: Postgres) -> str:
    """The URL of a new, empty PostgreSQL database for this test."""
    return postgres_server.new_database()


@pytest.fixture
def redis_url(redis_server: Redis) -> Iterator[str]:
    """The URL of the session's Redis, emptied for this test (and restarted if a test
    stopped it)."""
    if redis_server.process is None or redis_server.process.poll() is not None:
        redis_server.start()
    redis_server.flush()
    yield redis_server.url
    if redis_server.process is None or redis_server.process.poll() is not None:
        redis_server.start()
