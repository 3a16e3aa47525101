"""Fixtures for the server tests: a fresh app on a new database per test, on SQLite and
on PostgreSQL, and a controllable clock.

``database`` is parametrized (ids ``sqlite`` and ``postgresql``), so every test that
uses it, or an app built by ``make_client``, runs once on each engine. On PostgreSQL
the tests share one database at the current schema, emptied after each test
(much faster than a new database each).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.clock import FakeClock
from tests.support.server import TestClient
from tests.support.stored import Stored, stored_tables
from tilematch.benchmarks.services import Postgres
from tilematch.server import Settings, create_app
from tilematch.server.db import SCHEMA_VERSION, Storage


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


class ReusedDatabase:
    """One PostgreSQL database at this release's schema, emptied after each test.

    Creating a database costs about 0.3 s here, emptying the four game tables a few
    milliseconds; a test that changed more than the rows (the schema, or left
    connections that block the emptying) gets a new database for the next test.
    """

    def __init__(self, server: Postgres) -> None:
        self.server = server
        self.url = ""
        self.renew()

    def renew(self) -> None:
        """Drop the database (if any) and make a new one at the current schema."""
        import psycopg

        if self.url:
            with psycopg.connect(self.server.url, autocommit=True) as admin:
                admin.execute(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')
        self.url = self.server.new_database()
        Storage(self.url, now=0.0).close()

    @property
    def name(self) -> str:
        return self.url.rsplit("/", 1)[1]

    def empty(self) -> None:
        """Remove every row the test stored (or start a new database when that fails)."""
        import psycopg

        if self.server.process is None or self.server.process.poll() is not None:
            self.server.start()  # a test that stopped the server leaves it running again
        try:
            with Stored(self.url) as stored:
                stored.execute("SET lock_timeout = '2s'")
                if stored.value("SELECT MAX(version) FROM schema_migrations") != SCHEMA_VERSION:
                    raise psycopg.DataError("the schema was changed")
                stored.execute(f"TRUNCATE {', '.join(stored_tables(stored))}")
        except psycopg.Error:
            self.renew()


@pytest.fixture(scope="session")
def _reused_database(postgres_server: Postgres) -> ReusedDatabase:
    return ReusedDatabase(postgres_server)


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Path | str]:
    """The test's database: a SQLite file path, or the URL of an empty PostgreSQL
    database at the current schema."""
    if request.param == "sqlite":
        yield tmp_path / "tilematch.sqlite3"
        return
    reused: ReusedDatabase = request.getfixturevalue("_reused_database")
    try:
        yield reused.url
    finally:
        reused.empty()


@pytest.fixture
def db_path(database: Path | str) -> Path | str:
    """The test's database under the name of its setting (``Settings.db_path``)."""
    return database


@pytest.fixture
def sqlite_path(tmp_path: Path) -> Path:
    """A SQLite file of the test's own, for the tests about SQLite files themselves."""
    return tmp_path / "tilematch.sqlite3"


@pytest.fixture
def make_settings(
    database: Path | str, clock: FakeClock, tmp_path: Path
) -> Callable[..., Settings]:
    def make(**changes: Any) -> Settings:
        values: dict[str, Any] = {
            "db_path": database,
            "clock": clock,
            "web_dir": tmp_path / "no-web",
            "requests_per_second": 1000.0,
            "request_burst": 1000,
            "create_per_minute": 600.0,
            "create_burst": 100,
            "players_per_minute": 600.0,
            "players_burst": 100,
            "joins_per_minute": 6000.0,
            "joins_burst": 1000,
        }
        values.update(changes)
        return Settings(**values)

    return make


@pytest.fixture
def make_client(make_settings: Callable[..., Settings]) -> Iterator[Callable[..., TestClient]]:
    """Build clients (each a fresh app, or one more client of an app) on the test's database."""
    clients: list[TestClient] = []

    def make(app: Any = None, **changes: Any) -> TestClient:
        client = TestClient(app if app is not None else create_app(make_settings(**changes)))
        clients.append(client)
        return client

    yield make
    for client in clients:
        client.close()
    seen: set[int] = set()
    for client in clients:
        server = client.app.state.server  # type: ignore[attr-defined]
        if id(server) not in seen:
            seen.add(id(server))
            server.close()


@pytest.fixture
def client(make_client: Callable[..., TestClient]) -> TestClient:
    return make_client()
