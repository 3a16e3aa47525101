"""The clock of every mode starts at the first pick: opening or looking at a game,
however long, never starts it, and a refused intent does not either."""

from __future__ import annotations

import pytest

from tests.support.fakes import install, pairs_board
from tilematch.modes import Session, Settings, new_session

EVERY_MODE = [
    Settings(game="shisensho", mode="classic", seed=1),
    Settings(game="shisensho", mode="arcade", seed=1),
    Settings(game="solitaire", mode="regular", seed=1),
    Settings(game="solitaire", mode="daily", date="2026-11-29"),
    Settings(game="blackwhite", mode="zen", seed=1),
    Settings(game="blackwhite", mode="countdown", seed=1),
    Settings(game="blackwhite", mode="tower", level=1),
]


@pytest.mark.parametrize("settings", EVERY_MODE, ids=lambda s: s.mode)
def test_the_clock_waits_for_the_first_pick(monkeypatch, settings) -> None:
    if settings.mode != "tower":  # a level deals its own board
        install(monkeypatch, [pairs_board(2, settings.game)])
    game = new_session(settings, now=0.0)
    before = game.view(0.0)["clock"]
    waited = game.view(10_000.0)  # far past any countdown
    assert waited["status"] == "playing"
    assert waited["clock"] == before
    assert waited["clock"]["started"] is False and waited["clock"]["elapsed"] == 0.0
    # a refused intent starts nothing
    assert game.act({"type": "undo"}, 10_010.0).ok is False
    assert game.view(10_020.0)["clock"] == before
    # the first pick does
    assert game.act({"type": "start"}, 10_030.0).ok
    refused = game.act({"type": "start"}, 10_031.0)
    assert (refused.ok, refused.reason) == (False, "started")
    running = game.view(10_035.0)["clock"]
    assert running["started"] is True and running["elapsed"] == 5.0
    if before["remaining"] is not None:
        assert running["remaining"] == before["remaining"] - 5.0
    # a replay of the record reaches the same clock
    again = Session.from_json(game.to_json())
    assert again.view(10_035.0)["clock"] == running


@pytest.mark.parametrize("first", [{"type": "match", "a": 0, "b": 1}, {"type": "hint"}])
def test_any_first_intent_starts_the_clock(monkeypatch, first) -> None:
    install(monkeypatch, [pairs_board(3)])
    game = new_session(EVERY_MODE[0], now=0.0)
    assert game.act(first, 50.0).ok
    assert game.act({"type": "match", "a": 2, "b": 3} if first["type"] == "match" else first, 60.0)
    assert game.view(70.0)["clock"]["elapsed"] == 20.0
    assert game.log[0]["t"] == 50.0


def test_records_of_the_first_format_replay_with_the_clock_from_the_start(monkeypatch) -> None:
    """A game stored before the clock waited for the first pick keeps its times."""
    install(monkeypatch, [pairs_board(2)])
    game = new_session(EVERY_MODE[0], now=0.0)
    assert game.act({"type": "match", "a": 0, "b": 1}, 30.0).ok
    old = {**game.to_json(), "format": 1}
    restored = Session.from_json(old)
    assert restored.view(40.0)["clock"]["elapsed"] == 40.0
    assert game.view(40.0)["clock"]["elapsed"] == 10.0
