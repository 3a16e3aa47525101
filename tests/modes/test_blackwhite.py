"""Scripted Black & White games: the difficulty table of docs/rules.md §4, combos, recharges,
countdown, automatic shuffles, Zen and the tower's stars."""

from __future__ import annotations

import pytest

from tests.support.fakes import FakeBoard, deadlock_board, install, pairs_board
from tilematch.engine.tiles import tile_name
from tilematch.modes import Settings, new_session, tower
from tilematch.modes.blackwhite import DIFFICULTY_TABLE


def countdown(difficulty: str) -> Settings:
    return Settings(
        game="blackwhite", mode="countdown", layout="pyramid", seed=1, difficulty=difficulty
    )


def match(session, a, b, t):
    outcome = session.act({"type": "match", "a": a, "b": b}, t)
    assert outcome.ok, outcome
    return outcome


def lines(session):
    return [(line.label, line.points) for line in session.ledger.lines]


@pytest.mark.parametrize(
    ("name", "per_tile", "bonus", "stores"),
    [("relaxed", 8, 3, (5, 3, 5)), ("standard", 5, 2, (3, 2, 3)), ("zen_master", 3, 1, (1, 1, 1))],
)
def test_difficulty_table_starts(monkeypatch, name, per_tile, bonus, stores) -> None:
    install(monkeypatch, [pairs_board(12, "blackwhite")])
    s = new_session(countdown(name), now=0.0)
    s.act({"type": "start"}, 0.0)  # the clock starts
    assert s.clock.remaining(0.0) == per_tile * 24
    assert (s.hints_left, s.shuffles_left, s.undos_left) == stores
    assert DIFFICULTY_TABLE[name].bonus_seconds == bonus
    match(s, 0, 1, 1.0)
    match(s, 2, 3, 2.0)
    assert s.clock.remaining(2.0) == per_tile * 24 + bonus - 2.0


def test_combo_steps_recharges_and_time_bonus(monkeypatch) -> None:
    install(monkeypatch, [pairs_board(12, "blackwhite")])
    s = new_session(countdown("standard"), now=0.0)
    s.act({"type": "start"}, 0.0)  # the clock starts
    stores = []
    for k in range(12):
        match(s, 2 * k, 2 * k + 1, 1.0 + k)
        stores.append((s.hints_left, s.shuffles_left))
    # match k + 1 is step k + 1 of the chain and its k-th rapid match: the 5th rapid
    # match (step 6) brings a hint, the 10th (step 11) a hint and a shuffle
    assert stores == [(3, 2)] * 5 + [(4, 2)] * 5 + [(5, 3)] * 2
    combos = [(label, p) for label, p in lines(s) if label.startswith("Combo")]
    assert combos == [(f"Combo step {k}", 50 * (k - 1)) for k in range(2, 13)]
    assert s.ledger.sum_of("pair") == 1200
    assert s.status == "won"
    # 120 s + 11 rapid matches x 2 s - 12 s played
    assert lines(s)[-1] == ("Time left: 130 s", 2600)
    assert s.score == 1200 + sum(50 * (k - 1) for k in range(2, 13)) + 2600


def test_stores_are_capped_at_nine(monkeypatch) -> None:
    install(monkeypatch, [pairs_board(7, "blackwhite")])
    s = new_session(countdown("standard"), now=0.0)
    s.act({"type": "start"}, 0.0)  # the clock starts
    s.hints_left = 9
    for k in range(7):
        match(s, 2 * k, 2 * k + 1, 1.0 + k)
    assert s.hints_left == 9


def test_a_chain_broken_by_a_slow_match_restarts(monkeypatch) -> None:
    install(monkeypatch, [pairs_board(4, "blackwhite")])
    s = new_session(countdown("relaxed"), now=0.0)
    s.act({"type": "start"}, 0.0)  # the clock starts
    match(s, 0, 1, 1.0)
    match(s, 2, 3, 3.0)  # exactly 2.0 s: rapid
    match(s, 4, 5, 5.01)  # 2.01 s: not rapid
    match(s, 6, 7, 6.0)
    assert lines(s)[:5] == [
        ("Pair", 100),
        ("Pair", 100),
        ("Combo step 2", 50),
        ("Pair", 100),
        ("Pair", 100),
    ]
    assert lines(s)[5] == ("Combo step 2", 50)
    assert s.clock.total() == 8 * 8 + 3 + 3


def test_countdown_reaching_zero_mid_chain(monkeypatch) -> None:
    install(monkeypatch, [pairs_board(3, "blackwhite")])
    s = new_session(countdown("standard"), now=0.0)  # 6 tiles: 30 s
    s.act({"type": "start"}, 0.0)  # the clock starts
    match(s, 0, 1, 28.0)
    match(s, 2, 3, 29.5)  # rapid: +2 s, deadline 32 s
    assert s.view(31.9)["combo"] == 0  # 2.4 s since the last match: the chain lapsed
    refused = s.act({"type": "match", "a": 4, "b": 5}, 32.0)
    assert refused.reason == "game over"
    assert any(e["type"] == "time_up" for e in refused.events)
    assert s.status == "lost"
    assert s.summary["time"] == 32.0
    assert "Time left" not in str(lines(s))
    assert s.score == 250


def test_undo_takes_back_points_seconds_and_recharges(monkeypatch) -> None:
    install(monkeypatch, [pairs_board(8, "blackwhite")])
    s = new_session(countdown("standard"), now=0.0)
    s.act({"type": "start"}, 0.0)  # the clock starts
    for k in range(6):
        match(s, 2 * k, 2 * k + 1, 1.0 + k)
    assert s.hints_left == 4
    total = s.clock.total()
    out = s.act({"type": "undo"}, 6.5)
    assert out.ok
    assert lines(s)[-1] == ("Undo", -(100 + 250))
    assert s.hints_left == 3
    assert s.clock.total() == total - 2
    assert s.undos_left == 2
    for t in (7.0, 7.5):
        assert s.act({"type": "undo"}, t).ok
    refused = s.act({"type": "undo"}, 8.0)
    assert refused.reason == "no undos"


def test_hints_and_shuffles_come_from_stores(monkeypatch) -> None:
    install(monkeypatch, [pairs_board(4, "blackwhite")])
    s = new_session(countdown("zen_master"), now=0.0)
    s.act({"type": "start"}, 0.0)  # the clock starts
    assert s.act({"type": "hint"}, 1.0).ok
    assert s.act({"type": "smart_hint"}, 1.5).reason == "no hints"
    assert s.act({"type": "shuffle"}, 2.0).ok
    assert lines(s) == [("Shuffle", -500)]
    assert s.act({"type": "shuffle"}, 3.0).reason == "no shuffles"


def test_deadlock_auto_shuffle_standard_costs_points_only(monkeypatch) -> None:
    install(monkeypatch, [deadlock_board("blackwhite")])
    s = new_session(countdown("standard"), now=0.0)
    s.act({"type": "start"}, 0.0)  # the clock starts
    out = match(s, 0, 1, 1.0)
    assert any(e["type"] == "shuffle" and e["automatic"] for e in out.events)
    assert lines(s) == [("Pair", 100), ("Automatic shuffle", -500)]
    assert s.clock.total() == 30.0
    assert s.shuffles_left == 2  # the automatic shuffle does not spend the store


def test_deadlock_auto_shuffle_zen_master_costs_thirty_seconds(monkeypatch) -> None:
    install(monkeypatch, [deadlock_board("blackwhite")])
    s = new_session(countdown("zen_master"), now=0.0)  # 6 tiles: 18 s
    s.act({"type": "start"}, 0.0)  # the clock starts
    out = match(s, 0, 1, 1.0)
    assert s.status == "lost"  # the 30 s penalty ran the countdown out at once
    assert [e["type"] for e in out.events][-2:] == ["time_up", "end"]
    assert lines(s) == [("Pair", 100), ("Automatic shuffle", -500)]
    assert s.clock.total() == 18.0 - 30.0
    view = s.view(5.0)
    assert view["status"] == "lost"
    assert view["summary"]["time"] == 1.0  # the game ended with the penalty
    assert view["clock"]["remaining"] == 0.0


def test_zen_has_no_countdown_no_limits_no_penalties(monkeypatch) -> None:
    install(monkeypatch, [deadlock_board("blackwhite")])
    s = new_session(Settings(game="blackwhite", mode="zen", layout="pyramid", seed=1), now=0.0)
    s.act({"type": "start"}, 0.0)  # the clock starts
    assert s.view(0.0)["clock"]["remaining"] is None
    for t in range(1, 6):
        assert s.act({"type": "hint"}, float(t)).ok
    match(s, 0, 1, 10.0)
    assert lines(s) == [("Pair", 100)]  # automatic shuffle, free
    assert s.shuffles == 1
    for t in (11.0, 12.0, 13.0):
        assert s.act({"type": "shuffle"}, t).ok
    match(s, 2, 4, 13.5)
    match(s, 3, 5, 14.0)
    assert s.status == "won"
    assert lines(s) == [("Pair", 100), ("Pair", 100), ("Pair", 100), ("Combo step 2", 50)]
    assert s.view(1e6)["status"] == "won"


def test_tower_level_settings_and_stars(monkeypatch) -> None:
    level = tower.LEVELS[0]
    install(monkeypatch, [pairs_board(2, "blackwhite")], seed=level.seed)
    settings = Settings(game="blackwhite", mode="tower", level=1).validate()
    assert (settings.layout, settings.difficulty, settings.seed) == (
        level.layout,
        level.difficulty,
        level.seed,
    )
    s = new_session(settings, now=0.0)  # relaxed, 4 tiles: 32 s
    s.act({"type": "start"}, 0.0)  # the clock starts
    match(s, 0, 1, 9.0)
    match(s, 2, 3, 10.0)  # +3 s: 25 s left of 32
    assert s.summary["stars"] == 3
    assert s.summary["level"] == 1
    slow = new_session(settings, now=0.0)
    slow.act({"type": "start"}, 0.0)  # the clock starts
    match(slow, 0, 1, 20.0)
    match(slow, 2, 3, 24.0)  # 8 s left: exactly 25 %
    assert slow.summary["stars"] == 2
    slower = new_session(settings, now=0.0)
    slower.act({"type": "start"}, 0.0)  # the clock starts
    match(slower, 0, 1, 20.0)
    match(slower, 2, 3, 25.0)
    assert slower.summary["stars"] == 1
    shuffled = new_session(settings, now=0.0)
    shuffled.act({"type": "start"}, 0.0)  # the clock starts
    assert shuffled.act({"type": "shuffle"}, 0.5).ok
    match(shuffled, 0, 1, 1.0)
    match(shuffled, 2, 3, 2.0)
    assert shuffled.summary["stars"] == 2
    lost = new_session(settings, now=0.0)
    lost.act({"type": "start"}, 0.0)  # the clock starts
    lost.tick(40.0)
    assert lost.summary["stars"] == 0


def test_store_refusals_change_nothing(monkeypatch) -> None:
    import json

    install(monkeypatch, [pairs_board(4, "blackwhite")])
    s = new_session(countdown("zen_master"), now=0.0)
    s.act({"type": "start"}, 0.0)  # the clock starts
    match(s, 0, 1, 1.0)
    assert s.act({"type": "undo"}, 1.5).ok
    match(s, 0, 1, 2.0)
    assert s.act({"type": "hint"}, 2.5).ok
    assert s.act({"type": "shuffle"}, 3.0).ok
    snapshot = json.dumps([s.to_json(), s.view(3.0)], sort_keys=True)
    for intent, reason in (
        ({"type": "undo"}, "no undos"),
        ({"type": "hint"}, "no hints"),
        ({"type": "smart_hint"}, "no hints"),
        ({"type": "shuffle"}, "no shuffles"),
    ):
        out = s.act(intent, 3.0)
        assert (out.ok, out.reason) == (False, reason)
    assert json.dumps([s.to_json(), s.view(3.0)], sort_keys=True) == snapshot
    match(s, 2, 3, 3.5)
    assert s.act({"type": "undo"}, 4.0).reason == "no undos"


@pytest.mark.parametrize(
    ("mode", "difficulty", "deal"),
    [
        ("zen", None, "normal"),
        ("countdown", "relaxed", "easy"),
        ("countdown", "standard", "normal"),
        ("countdown", "zen_master", "hard"),
    ],
)
def test_each_difficulty_asks_the_engine_for_its_deal(monkeypatch, mode, difficulty, deal) -> None:
    from tilematch.modes import deals

    install(monkeypatch, [pairs_board(2, "blackwhite")])
    fake = deals.deal
    asked: list[dict[str, object]] = []

    def spy(game: str, **kwargs: object) -> deals.Dealt:
        asked.append(kwargs)
        return fake(game, **kwargs)

    monkeypatch.setattr(deals, "deal", spy)
    settings = Settings(
        game="blackwhite", mode=mode, layout="pyramid", seed=1, difficulty=difficulty
    )
    new_session(settings, now=0.0)
    assert [(a["layout"], a["difficulty"], a["stones"]) for a in asked] == [("pyramid", deal, 0)]


def test_a_tower_level_asks_the_engine_for_its_stones(monkeypatch) -> None:
    from tilematch.modes import deals

    level = tower.level(100)
    install(monkeypatch, [pairs_board(2, "blackwhite")], seed=level.seed)
    fake = deals.deal
    asked: list[dict[str, object]] = []

    def spy(game: str, **kwargs: object) -> deals.Dealt:
        asked.append(kwargs)
        return fake(game, **kwargs)

    monkeypatch.setattr(deals, "deal", spy)
    new_session(Settings(game="blackwhite", mode="tower", level=100), now=0.0)
    # from level 5 on, every level of tower version 3 is dealt hard, whatever its difficulty
    assert level.deal == "hard" and level.difficulty != "zen_master"
    assert [(a["layout"], a["difficulty"], a["stones"], a["version"]) for a in asked] == [
        (level.layout, "hard", level.stones, tower.GENERATOR_VERSION)
    ]


@pytest.mark.parametrize(
    ("faces", "a", "b", "words"),
    [
        (None, 0, 2, "Both tiles are black: pair a black tile with a white one."),
        (None, 1, 3, "Both tiles are white: pair a black tile with a white one."),
        (None, 0, 3, "A black 1 of Characters pairs only with a white 1 of Characters."),
        (["b1f", "b5f", "w3f", "w8f"], 0, 1, "Both tiles are black: pair a black tile with a"),
        (["b1f", "w5s", "w3f", "b5s"], 0, 1, "any black flower or season pairs with any white"),
    ],
)
def test_a_refused_pair_says_why_in_colours(monkeypatch, faces, a, b, words) -> None:
    board = pairs_board(2, "blackwhite") if faces is None else FakeBoard(faces, game="blackwhite")
    install(monkeypatch, [board])
    s = new_session(Settings(game="blackwhite", mode="zen", layout="pyramid", seed=1), now=0.0)
    outcome = s.act({"type": "match", "a": a, "b": b}, 1.0)
    assert not outcome.ok
    assert outcome.reason == "not a match"
    assert outcome.message is not None and words in outcome.message
    assert s.moves == 0 and len(list(s.board.spots())) == 4


def test_a_coloured_white_dragon_says_one_colour() -> None:
    assert tile_name("w5z") == "white Frame Dragon"
    assert tile_name("b5z") == "black Frame Dragon"
    assert tile_name("5z") == "White Dragon"
