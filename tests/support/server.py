"""Drive the server through its HTTP API: start games, send intents, play a game out,
and read the stored rows."""

from __future__ import annotations

import warnings
from typing import Any

from tests.support.clock import FakeClock
from tests.support.stored import table_dump

with warnings.catch_warnings():
    # Starlette warns once, on import, that it would rather use httpx2.
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

import pytest

__all__ = [
    "ACTIVE",
    "SQLITE_ONLY",
    "TestClient",
    "act",
    "new_game",
    "play_out",
    "start_clock",
    "table_dump",
]

ACTIVE = ("playing", "paused", "deadlock")
#: For a test about SQLite files themselves: its ``database`` is SQLite only.
SQLITE_ONLY = pytest.mark.parametrize("database", ["sqlite"], indirect=True)


def new_game(client: TestClient, **body: Any) -> dict[str, Any]:
    """Start a game (asserting 201) and return its view (its clock waits for the first
    pick: :func:`start_clock`)."""
    answer = client.post("/api/games", json=body)
    assert answer.status_code == 201, answer.text
    game: dict[str, Any] = answer.json()
    return game


def start_clock(client: TestClient, game: dict[str, Any]) -> dict[str, Any]:
    """Send the first pick's ``start`` intent (asserting it is taken); return the view."""
    started = act(client, game["id"], type="start")
    assert started["ok"], started
    view: dict[str, Any] = started["game"]
    return view


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
