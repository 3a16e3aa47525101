"""Fixtures for the server tests: a fresh app on a temporary database per test,
a controllable clock, and helpers to play games through the API."""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

with warnings.catch_warnings():
    # Starlette warns once, on import, that it would rather use httpx2.
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from tilematch.server import Settings, create_app

ACTIVE = ("playing", "paused", "deadlock")
#: 2026-11-29 12:00 UTC: a fixed "now" so Daily dates are stable.
START = 1_795_953_600.0


class FakeClock:
    """The server's time, moved by the test."""

    def __init__(self, now: float = START) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


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
            server.storage.close()


@pytest.fixture
def client(make_client: Callable[..., TestClient]) -> TestClient:
    return make_client()


def new_game(client: TestClient, **body: Any) -> dict[str, Any]:
    """Start a game (asserting 201) and return its view."""
    answer = client.post("/api/games", json=body)
    assert answer.status_code == 201, answer.text
    game: dict[str, Any] = answer.json()
    return game


def act(client: TestClient, game_id: str, **intent: Any) -> dict[str, Any]:
    """Send an intent (asserting 200) and return the answer."""
    answer = client.post(f"/api/games/{game_id}/actions", json=intent)
    assert answer.status_code == 200, answer.text
    result: dict[str, Any] = answer.json()
    return result


def play_out(
    client: TestClient,
    game: dict[str, Any],
    clock: FakeClock,
    step: float = 0.5,
    limit: int = 2000,
    smart: bool = False,
) -> dict[str, Any]:
    """Play ``game`` to its end through the API, matching the first open pair the server
    lists (or its smart hint); shuffles on a deadlock, gives up when nothing helps."""
    gid = game["id"]
    for _ in range(limit):
        if game["status"] not in ACTIVE:
            return game
        clock.advance(step)
        if game["status"] == "paused":
            game = act(client, gid, type="resume")["game"]
            continue
        if game["status"] == "deadlock" or not game["pairs"]:
            answer = act(client, gid, type="shuffle")
            if not answer["ok"]:
                answer = act(client, gid, type="give_up")
            game = answer["game"]
            continue
        pair = game["pairs"][0]
        if smart:
            answer = act(client, gid, type="smart_hint")
            game = answer["game"]
            if answer["ok"] and game["hint"]:
                pair = game["hint"]
            if game["status"] not in ACTIVE:
                return game
        answer = act(client, gid, type="match", a=pair[0], b=pair[1])
        assert answer["ok"], answer
        game = answer["game"]
    raise AssertionError("the game did not end")


def table_dump(db_path: Path) -> list[tuple[Any, ...]]:
    """Every row of the game tables, to compare stored data before and after a request."""
    import sqlite3

    conn = sqlite3.connect(db_path)
    try:
        rows: list[tuple[Any, ...]] = []
        for table in ("players", "games", "moves", "results"):
            rows += [(table, *row) for row in conn.execute(f"SELECT * FROM {table} ORDER BY 1, 2")]
        return rows
    finally:
        conn.close()
