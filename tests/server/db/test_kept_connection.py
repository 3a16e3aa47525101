"""The connection a PostgreSQL storage keeps for single statements: used by whoever
finds it free (the others take a pooled one), kept through a refused statement, and
replaced, never used again, when the server ends it."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack

import pytest

from tests.support.stored import Stored
from tilematch.server.db import Storage
from tilematch.server.db.errors import IntegrityFailure, StorageFailure


@pytest.fixture
def storage(postgres_url: str) -> Iterator[Storage]:
    opened = Storage(postgres_url, now=0.0)
    try:
        yield opened
    finally:
        opened.close()


def _backend_pid(storage: Storage) -> int:
    row = storage.row("SELECT pg_backend_pid() AS pid")
    assert row is not None
    return int(row["pid"])


def test_single_statements_keep_to_one_warm_connection(storage: Storage) -> None:
    with ExitStack() as held:  # the pool grows to three connections, then has them idle
        for _ in range(3):
            held.enter_context(storage.backend.pool.connection())
    pids = {_backend_pid(storage) for _ in range(20)}
    assert len(pids) == 1  # not handed round the pool's connections
    storage.backend.statement("INSERT INTO players (id, token_hash, created) VALUES ('a', 'h', 0)")
    with pytest.raises(IntegrityFailure):  # a refused statement leaves it usable
        storage.backend.statement(
            "INSERT INTO players (id, token_hash, created) VALUES ('b', 'h', 0)"
        )
    assert _backend_pid(storage) in pids
    assert storage.row("SELECT COUNT(*) AS n FROM players") == {"n": 1}


def test_a_statement_finding_it_busy_takes_a_pooled_connection(storage: Storage) -> None:
    kept = _backend_pid(storage)
    slow: list[object] = []
    thread = threading.Thread(
        target=lambda: slow.append(storage.row("SELECT pg_backend_pid() AS pid, pg_sleep(1.0)"))
    )
    thread.start()
    time.sleep(0.3)  # the slow statement holds the kept connection now
    started = time.monotonic()
    other = _backend_pid(storage)
    waited = time.monotonic() - started
    thread.join()
    assert waited < 0.7  # it did not wait for the slow statement
    assert other != kept
    assert slow == [{"pid": kept, "pg_sleep": ""}]
    assert _backend_pid(storage) == kept  # free again: the kept one answers


def test_a_connection_the_server_ended_is_replaced(storage: Storage, postgres_url: str) -> None:
    kept = _backend_pid(storage)
    admin_url = postgres_url.rsplit("/", 1)[0] + "/postgres"
    with Stored(admin_url) as admin:
        admin.execute("SELECT pg_terminate_backend(?)", (kept,))
    with pytest.raises(StorageFailure, match="cannot be reached"):
        _backend_pid(storage)
    deadline = time.monotonic() + 20
    while True:  # the probe finds the server and opens a new kept connection
        try:
            replaced = _backend_pid(storage)
            break
        except StorageFailure:
            assert time.monotonic() < deadline, "the storage did not recover"
            time.sleep(0.05)
    assert replaced != kept
    assert {_backend_pid(storage) for _ in range(5)} == {replaced}
