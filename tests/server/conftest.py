"""Fixtures for the server tests: a fresh app on a temporary database per test and a
controllable clock."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.clock import FakeClock
from tests.support.server import TestClient
from tilematch.server import Settings, create_app


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "tilematch.sqlite3"


@pytest.fixture
def make_settings(db_path: Path, clock: FakeClock, tmp_path: Path) -> Callable[..., Settings]:
    def make(**changes: Any) -> Settings:
        values: dict[str, Any] = {
            "db_path": db_path,
            "clock": clock,
            "web_dir": tmp_path / "no-web",
            "requests_per_second": 1000.0,
            "request_burst": 1000,
            "create_per_minute": 600.0,
            "create_burst": 100,
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
