"""Scripted Shisen-Sho games on hand-made boards: every ledger line against docs/rules.md §2."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.support.fakes import FakeBoard, deadlock_board, install, pairs_board
from tilematch.modes import Settings, new_session
from tilematch.modes.shisensho import target_time

CLASSIC = Settings(game="shisensho", mode="classic", seed=1)
ARCADE = Settings(game="shisensho", mode="arcade", seed=1)


def match(session, a, b, t):
    outcome = session.act({"type": "match", "a": a, "b": b}, t)
    assert outcome.ok, outcome
    return outcome


def lines(session):
    return [(line.label, line.points) for line in session.ledger.lines]


def test_classic_chain_inside_and_outside_two_seconds_and_cap(monkeypatch) -> None:
    install(monkeypatch, [pairs_board(8)])
    s = new_session(CLASSIC, now=100.0)
    s.act({"type": "start"}, 100.0)  # the clock starts
    times = [101.0, 102.5, 104.5, 105.0, 106.0, 108.1, 110.0, 112.5]
    for k, t in enumerate(times):
        match(s, 2 * k, 2 * k + 1, t)
    # gaps: -, 1.5, 2.0, 0.5, 1.0, 2.1, 1.9, 2.5
    assert [p for label, p in lines(s) if label.startswith("Pair")] == [
        100,
        200,
        300,
        400,
        400,
        100,
        200,
        100,
    ]
    assert s.status == "won"
    # 16 tiles: target 600 x 16 / 136 = 70.59 s; played 12.5 s: 58 whole seconds under
    assert lines(s)[-2:] == [
        ("Speed bonus: 58 s under target", 870),
        ("Perfect clear", 2000),
    ]
    assert s.score == 1800 + 870 + 2000
    assert s.summary["perfect"] is True
    assert s.summary["time"] == 12.5


def test_classic_target_time_scales_with_tiles() -> None:
    assert target_time(136) == 600.0
    assert target_time(144) == pytest.approx(635.294, abs=1e-3)


def test_classic_no_speed_bonus_over_target(monkeypatch) -> None:
    install(monkeypatch, [pairs_board(1)])
    s = new_session(CLASSIC, now=0.0)
    s.act({"type": "start"}, 0.0)  # the clock starts
    # target for 2 tiles is 8.82 s
    match(s, 0, 1, 9.0)
    assert lines(s) == [("Pair x1", 100), ("Perfect clear", 2000)]


def test_classic_pause_keeps_the_clock_and_the_chain_window_running(monkeypatch) -> None:
    install(monkeypatch, [pairs_board(3)])
    s = new_session(CLASSIC, now=0.0)
    s.act({"type": "start"}, 0.0)  # the clock starts
    match(s, 0, 1, 1.0)
    assert s.act({"type": "pause"}, 2.0).ok
    refused = s.act({"type": "match", "a": 2, "b": 3}, 50.0)
    assert refused.reason == "paused"
    assert s.act({"type": "resume"}, 100.0).ok
    match(s, 2, 3, 100.5)  # 99.5 s after the first match, the pause included
    assert lines(s)[-1] == ("Pair x1", 100)
    assert s.view(101.0)["clock"]["elapsed"] == 101.0


def test_classic_hint_and_undo_void_the_perfect_bonus(monkeypatch) -> None:
    install(monkeypatch, [pairs_board(2)])
    s = new_session(CLASSIC, now=0.0)
    s.act({"type": "start"}, 0.0)  # the clock starts
    assert s.act({"type": "hint"}, 0.5).ok
    assert s.view(0.5)["hint"] == [0, 1]
    match(s, 0, 1, 1.0)
    match(s, 2, 3, 2.0)
    assert s.status == "won"
    assert "Perfect clear" not in [label for label, _ in lines(s)]
    assert s.hints == 1


def test_classic_undo_after_a_combo_takes_the_points_and_the_chain_back(monkeypatch) -> None:
    install(monkeypatch, [pairs_board(4)])
    s = new_session(CLASSIC, now=0.0)
    s.act({"type": "start"}, 0.0)  # the clock starts
    match(s, 0, 1, 1.0)
    match(s, 2, 3, 2.0)  # x2
    match(s, 4, 5, 3.0)  # x3
    assert s.score == 600
    out = s.act({"type": "undo"}, 3.5)
    assert out.ok and out.events[0]["points"] == -300
    assert lines(s)[-1] == ("Undo", -300)
    assert s.score == 300
    assert s.chain.length == 2
    assert s.moves == 2 and s.undos == 1
    match(s, 4, 5, 3.9)  # 1.9 s after the 2nd match: the chain goes on at x3
    assert lines(s)[-1] == ("Pair x3", 300)
    match(s, 6, 7, 10.0)
    assert s.status == "won"
    assert "Perfect clear" not in [label for label, _ in lines(s)]


def test_classic_deadlock_offers_a_reshuffle_then_loses_without_tokens(monkeypatch) -> None:
    install(monkeypatch, [deadlock_board()])
    s = new_session(CLASSIC, now=0.0)
    s.act({"type": "start"}, 0.0)  # the clock starts
    out = match(s, 0, 1, 1.0)
    assert s.status == "deadlock"
    assert {"type": "deadlock", "offer": ["shuffle", "undo", "give_up"]} in out.events
    assert s.act({"type": "shuffle"}, 2.0).ok
    assert s.status == "playing"
    assert s.tokens == 2
    assert lines(s)[-1] == ("Reshuffle", -500)
    match(s, 2, 4, 3.0)
    match(s, 3, 5, 4.0)
    assert s.status == "won"
    assert "Perfect clear" not in [label for label, _ in lines(s)]


def test_classic_tokens_run_out(monkeypatch) -> None:
    install(monkeypatch, [pairs_board(6)])
    s = new_session(CLASSIC, now=0.0)
    s.act({"type": "start"}, 0.0)  # the clock starts
    for t in (1.0, 2.0, 3.0):
        assert s.act({"type": "shuffle"}, t).ok
    assert s.tokens == 0
    before = s.to_json()
    refused = s.act({"type": "shuffle"}, 4.0)
    assert (refused.ok, refused.reason) == (False, "no tokens")
    assert s.to_json() == before
    assert s.ledger.sum_of("reshuffle") == -1500


def test_classic_deadlock_without_tokens_is_lost(monkeypatch) -> None:
    board = FakeBoard(["1m", "1m", "2m", "2m", "1p", "2p", "2p", "1p"], under={5: 4, 7: 6})
    install(monkeypatch, [board])
    s = new_session(CLASSIC, now=0.0)
    s.act({"type": "start"}, 0.0)  # the clock starts
    s.tokens = 0
    match(s, 0, 1, 1.0)
    match(s, 2, 3, 2.0)
    assert s.status == "lost"
    assert s.summary["result"] == "lost"
    assert s.act({"type": "undo"}, 3.0).reason == "game over"


def test_arcade_feather_multiplier_capped_at_eight_and_seconds(monkeypatch) -> None:
    install(monkeypatch, [pairs_board(11), pairs_board(2)])
    s = new_session(ARCADE, now=0.0)
    s.act({"type": "start"}, 0.0)  # the clock starts
    for k in range(10):
        match(s, 2 * k, 2 * k + 1, 1.0 + k)
    assert [p for _, p in lines(s)] == [100, 200, 300, 400, 500, 600, 700, 800, 800, 800]
    assert s.clock.remaining(10.0) == 180.0 + 20.0 - 10.0
    match(s, 20, 21, 13.5)  # 3.5 s later: chain restarts
    assert lines(s)[-2:] == [("Pair x1", 100), ("Board cleared", 1000)]
    assert s.boards == 1
    assert s.status == "playing"
    assert s.counters(14.0)["tiles_left"] == 4  # the next board
    assert s.act({"type": "undo"}, 14.0).reason == "not allowed"


def test_arcade_deadlock_reshuffles_automatically_for_five_seconds(monkeypatch) -> None:
    install(monkeypatch, [deadlock_board()])
    s = new_session(ARCADE, now=0.0)
    s.act({"type": "start"}, 0.0)  # the clock starts
    out = match(s, 0, 1, 1.0)
    assert any(e["type"] == "shuffle" and e["automatic"] for e in out.events)
    assert s.status == "playing"
    assert s.clock.remaining(1.0) == 180.0 + 2.0 - 5.0 - 1.0
    assert s.score == 100  # no points lost, only time


def test_arcade_ends_at_zero_and_the_score_stands(monkeypatch) -> None:
    install(monkeypatch, [pairs_board(4)])
    s = new_session(ARCADE, now=0.0)
    s.act({"type": "start"}, 0.0)  # the clock starts
    match(s, 0, 1, 100.0)
    match(s, 2, 3, 181.0)  # 184 s on the clock now
    refused = s.act({"type": "match", "a": 4, "b": 5}, 184.0)
    assert refused.reason == "game over"
    assert s.status == "won"
    assert s.summary["reason"] == "time"
    assert s.summary["time"] == 184.0
    assert s.score == 200
    again = type(s).from_json(s.to_json())
    assert (again.status, again.score, again.summary) == (s.status, s.score, s.summary)


def test_a_gravity_match_says_where_tiles_fell() -> None:
    s = new_session(replace(CLASSIC, gravity=True), now=0.0)
    board = s.board
    cols = s.view(0.0)["bounds"]["cols"]
    move = next(
        m
        for m in board.legal_pairs()
        if m.a >= cols and board.face(m.a - cols) is not None and m.b != m.a - cols
    )
    above = board.face(move.a - cols)
    assert s.act({"type": "match", "a": move.a, "b": move.b}, 1.0).ok
    fell = s.view(1.0)["last_match"]["fell"]
    assert fell, "a tile stood above the pair"
    for start, target in fell:
        assert target > start and board.face(target) is not None
    target = dict(map(tuple, fell))[move.a - cols]
    assert board.face(target) == above
    # without gravity nothing falls
    plain = new_session(CLASSIC, now=0.0)
    first = next(iter(plain.board.legal_pairs()))
    assert plain.act({"type": "match", "a": first.a, "b": first.b}, 1.0).ok
    assert plain.view(1.0)["last_match"]["fell"] == []
