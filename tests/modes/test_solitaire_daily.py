"""Mahjong Solitaire regular and Daily Challenge sessions, and the streak rules."""

from __future__ import annotations

import pytest

from tests.support.fakes import deadlock_board, install, pairs_board
from tilematch.modes import ModeError, Settings, daily, new_session

REGULAR = Settings(game="solitaire", mode="regular", layout="turtle", seed=1)


def match(session, a, b, t):
    outcome = session.act({"type": "match", "a": a, "b": b}, t)
    assert outcome.ok, outcome
    return outcome


def test_regular_counters(monkeypatch) -> None:
    install(monkeypatch, [pairs_board(3, "solitaire")])
    s = new_session(REGULAR, now=0.0)
    s.act({"type": "start"}, 0.0)  # the clock starts
    c = s.counters(0.0)
    assert {k: c[k] for k in ("time", "tiles_left", "moves", "pairs_open", "hints", "undos")} == {
        "time": 0.0,
        "tiles_left": 6,
        "moves": 0,
        "pairs_open": 3,
        "hints": 0,
        "undos": 0,
    }
    s.act({"type": "hint"}, 1.0)
    match(s, 0, 1, 2.0)
    s.act({"type": "undo"}, 3.0)
    match(s, 0, 1, 4.0)
    c = s.counters(5.0)
    assert (c["time"], c["tiles_left"], c["moves"], c["pairs_open"], c["hints"], c["undos"]) == (
        5.0,
        4,
        1,
        2,
        1,
        1,
    )


def test_regular_no_moves_state_offers_undo_shuffle_replay(monkeypatch) -> None:
    install(monkeypatch, [deadlock_board("solitaire")])
    s = new_session(REGULAR, now=0.0)
    s.act({"type": "start"}, 0.0)  # the clock starts
    out = match(s, 0, 1, 1.0)
    assert s.status == "deadlock"
    assert {"type": "deadlock", "offer": ["undo", "shuffle", "replay", "give_up"]} in out.events
    assert s.view(1.0)["status"] == "deadlock"
    assert s.act({"type": "undo"}, 2.0).ok
    assert s.status == "playing"
    match(s, 0, 1, 3.0)
    assert s.act({"type": "shuffle"}, 4.0).ok
    assert s.status == "playing"
    match(s, 2, 4, 5.0)
    match(s, 3, 5, 6.0)
    assert s.status == "won"
    assert s.summary["shuffles"] == 1 and s.summary["moves"] == 3
    assert s.replay_settings() == s.settings
    assert s.new_game_settings(99).seed == 99


def test_daily_result_and_date_check(monkeypatch) -> None:
    install(monkeypatch, [pairs_board(2, "solitaire")])
    s = new_session(Settings(game="solitaire", mode="daily", date="2026-02-28"), now=0.0)
    s.act({"type": "start"}, 0.0)  # the clock starts
    assert s.settings.layout == "turtle"
    assert s.result() is None
    s.act({"type": "hint"}, 1.0)
    match(s, 0, 1, 2.0)
    match(s, 2, 3, 3.0)
    assert s.result() == {
        "date": "2026-02-28",
        "solved": True,
        "score": 2 * 100 - daily.HINT_COST,
        "time": 3.0,
        "hints": 1,
        "undos": 0,
        "shuffles": 0,
    }
    assert (s.summary["date"], s.summary["solved"], s.summary["result"]) == (
        "2026-02-28",
        True,
        "won",
    )
    lost = new_session(Settings(game="solitaire", mode="daily", date="2026-02-28"), now=0.0)
    lost.act({"type": "start"}, 0.0)  # the clock starts
    assert lost.act({"type": "give_up"}, 7.5).ok
    assert lost.summary["solved"] is False
    assert lost.result() == {
        "date": "2026-02-28",
        "solved": False,
        "score": 0,
        "time": 7.5,
        "hints": 0,
        "undos": 0,
        "shuffles": 0,
    }
    for bad in ("2026-02-30", "26-02-01", "yesterday", None):
        with pytest.raises(ModeError):
            Settings(game="solitaire", mode="daily", date=bad).validate()
    with pytest.raises(ModeError):
        Settings(game="solitaire", mode="daily", date="2026-01-01", layout="pyramid").validate()


def day(date: str, solved: bool = True) -> dict:
    return {"date": date, "solved": solved, "time": 100.0, "hints": 0, "undos": 0}


def test_streak_across_month_and_year_ends() -> None:
    results = [day(d) for d in ("2025-12-30", "2025-12-31", "2026-01-01", "2026-01-02")]
    assert daily.streaks(results, today="2026-01-02") == (4, 4)
    leap = [day(d) for d in ("2024-02-28", "2024-02-29", "2024-03-01")]
    assert daily.streaks(leap) == (3, 3)
    no_leap = [day(d) for d in ("2025-02-28", "2025-03-01")]
    assert daily.streaks(no_leap) == (2, 2)
    gap = [day(d) for d in ("2025-01-30", "2025-02-01")]
    assert daily.streaks(gap) == (1, 1)


def test_streak_missed_and_unsolved_days() -> None:
    results = [
        day("2026-03-01"),
        day("2026-03-02"),
        day("2026-03-03"),
        day("2026-03-04", solved=False),
        day("2026-03-05"),
        day("2026-03-06"),
    ]
    assert daily.streaks(results, today="2026-03-06") == (2, 3)
    assert daily.streaks(results, today="2026-03-07") == (2, 3)  # today still open
    assert daily.streaks(results, today="2026-03-08") == (0, 3)  # yesterday missed
    assert daily.streaks([], today="2026-03-08") == (0, 0)
    # a failed attempt and a solved one on the same day count as solved
    assert daily.streaks([day("2026-03-09", False), day("2026-03-09")]) == (1, 1)
    assert daily.streaks({"2026-03-09": True, "2026-03-10": {"solved": True}}) == (2, 2)


def test_streaks_match_a_brute_force_reference() -> None:
    import random
    from datetime import date, timedelta

    rng = random.Random(5)
    start = date(2024, 1, 25)
    for _ in range(50):
        solved = {start + timedelta(days=i) for i in range(70) if rng.random() < 0.7}
        today = start + timedelta(days=rng.randrange(75))
        best = max(
            (
                n
                for d in solved
                for n in [next(k for k in range(1, 80) if d + timedelta(days=k) not in solved)]
            ),
            default=0,
        )
        end = today if today in solved else today - timedelta(days=1)
        current = 0
        while end - timedelta(days=current) in solved:
            current += 1
        results = [{"date": d.isoformat(), "solved": True} for d in solved]
        assert daily.streaks(results, today=today.isoformat()) == (current, best)


def test_history_keeps_the_best_result_per_day() -> None:
    """The best of a day is the solve with the most points (help costs), then the fastest;
    ``on_day`` tells whether any solve of the date counts for a streak."""
    results = [
        {"date": "2026-01-01", "solved": False, "score": 0, "time": 50.0, "hints": 0},
        {"date": "2026-01-01", "solved": True, "score": 7000, "time": 300.0, "hints": 2},
        {"date": "2026-01-01", "solved": True, "score": 6700, "time": 200.0, "hints": 5},
        {"date": "2026-01-02", "solved": False, "score": 300, "time": 10.0, "hints": 0},
        {"date": "2026-01-03", "solved": True, "score": 7200, "time": 90.0, "hints": 0},
        {"date": "2026-01-03", "solved": True, "score": 7200, "time": 80.0, "solved_on": "x"},
    ]
    line = {"undos": 0, "shuffles": 0}
    assert daily.history(results) == [
        {"date": "2026-01-03", "solved": True, "on_day": True, "score": 7200, "time": 80.0}
        | line
        | {"hints": 0},
        {"date": "2026-01-02", "solved": False, "on_day": False, "score": 300, "time": 10.0}
        | line
        | {"hints": 0},
        {"date": "2026-01-01", "solved": True, "on_day": True, "score": 7000, "time": 300.0}
        | line
        | {"hints": 2},
    ]
    with pytest.raises(ModeError):
        daily.history([{"date": "2026-13-01", "solved": True}])


def test_help_costs_points_and_is_never_refunded_by_an_undo(monkeypatch) -> None:
    install(monkeypatch, [pairs_board(3, "solitaire")])
    s = new_session(Settings(game="solitaire", mode="daily", date="2026-02-28"), now=0.0)
    match(s, 0, 1, 1.0)
    assert s.act({"type": "smart_hint"}, 2.0).ok
    assert s.act({"type": "undo"}, 3.0).ok  # takes back the pair, not the hint's cost
    assert s.score == -daily.HINT_COST
    assert s.act({"type": "shuffle"}, 4.0).ok
    assert s.score == -daily.HINT_COST - daily.SHUFFLE_COST
    assert [(line["label"], line["points"]) for line in s.view(4.0)["ledger"]] == [
        ("Pair", 100),
        ("Smart hint", -daily.HINT_COST),
        ("Undo", -100),
        ("Shuffle", -daily.SHUFFLE_COST),
    ]
    regular = new_session(Settings(game="solitaire", mode="regular", seed=1), now=0.0)
    assert regular.act({"type": "hint"}, 1.0).ok and regular.score == 0  # only the Daily


def test_a_board_solved_by_smart_hints_scores_nothing_and_no_streak() -> None:
    """The exploit of the issue: Smart Hint, then its pair, 72 times, on the real board."""
    hinted = new_session(daily.settings_for("2026-11-28"), now=0.0)
    unaided = new_session(daily.settings_for("2026-11-28"), now=0.0)
    t = 0.0
    for move in unaided.solution:
        t += 1.0
        assert hinted.act({"type": "smart_hint"}, t).ok
        a, b = hinted.hint_pair or (-1, -1)
        assert hinted.act({"type": "match", "a": a, "b": b}, t + 0.1).ok
        assert unaided.act({"type": "match", "a": move.a, "b": move.b}, t * 10).ok
    assert hinted.status == unaided.status == "won"
    assert hinted.hints == 72 and hinted.score == 0
    assert unaided.score == daily.UNAIDED_SCORE == 7200
    assert hinted.summary and unaided.summary
    assert hinted.summary["time"] < unaided.summary["time"]  # faster, and still worth nothing
    results = [hinted.result(), unaided.result()]
    assert all(r is not None and r["solved"] for r in results)
    assert daily.streaks([hinted.result()], today="2026-11-28") == (0, 0)  # type: ignore[list-item]
    assert daily.streaks([unaided.result()], today="2026-11-28") == (1, 1)  # type: ignore[list-item]


def test_a_streak_counts_only_solves_on_the_day_itself() -> None:
    """Solving a run of past boards in one sitting builds no streak."""
    sitting = [
        {"date": f"2026-11-{day:02d}", "solved": True, "score": 7200, "solved_on": "2026-11-30"}
        for day in range(1, 31)
    ]
    assert daily.streaks(sitting, today="2026-11-30") == (1, 1)  # only the 30th is on its day
    on_time = [{**r, "solved_on": r["date"]} for r in sitting]
    assert daily.streaks(on_time, today="2026-11-30") == (30, 30)
    just_enough = {"date": "2026-11-30", "solved": True, "score": daily.STREAK_SCORE}
    assert daily.streaks([just_enough]) == (1, 1)
    assert daily.streaks([{**just_enough, "score": daily.STREAK_SCORE - 1}]) == (0, 0)


def test_local_dates_and_offsets() -> None:
    noon = 1_795_953_600.0  # 2026-11-29 12:00 UTC
    assert daily.local_date(noon, -12 * 60) == daily.local_date(noon, 0) == "2026-11-29"
    assert daily.local_date(noon + 11 * 3600, 60) == "2026-11-30"
    assert daily.local_date(noon + 11 * 3600, 59) == "2026-11-29"
    assert daily.local_date(noon, 14 * 60) == "2026-11-30"
    for bad in (-12 * 60 - 1, 14 * 60 + 1, 1.5, "60", True, None):
        with pytest.raises(ModeError, match="UTC offset"):
            daily.check_offset(bad)


def test_a_date_fixes_its_board_and_refuses_other_values() -> None:
    fixed = daily.settings_for("2026-05-17")
    assert (fixed.layout, fixed.generator, fixed.version) == ("turtle", "reverse", 1)
    assert fixed.seed == daily.seed_for("2026-05-17")
    assert fixed.validate() == fixed
    for field, value in (
        ("seed", fixed.seed + 1),
        ("generator", "checked"),
        ("layout", "pyramid"),
        ("version", 2),
    ):
        with pytest.raises(ModeError, match=field):
            Settings(game="solitaire", mode="daily", date="2026-05-17", **{field: value}).validate()
    assert daily.daily_version("1999-12-31") == daily.daily_version("2026-05-17") == 1


def test_a_new_generator_version_only_reaches_dates_to_come(monkeypatch) -> None:
    monkeypatch.setattr(daily, "DAILY_VERSIONS", (("0001-01-01", 1), ("2031-01-01", 2)))
    assert daily.daily_version("2030-12-31") == 1
    assert daily.settings_for("2030-12-31").version == 1
    assert daily.daily_version("2031-01-01") == daily.daily_version("2040-06-01") == 2
    assert daily.settings_for("2031-01-01").version == 2


def test_a_shuffle_that_cannot_help_is_refused_and_costs_nothing() -> None:
    """The last two tiles stacked on each other: no re-deal of their faces can ever
    be cleared, so a shuffle is refused with a reason, nothing is re-dealt and no
    shuffle is counted; undo stays open as the way out."""
    from tilematch.engine.layouts.layout import Layout
    from tilematch.engine.stack.board import StackBoard

    s = new_session(REGULAR, now=0.0)
    s.act({"type": "start"}, 0.0)  # the clock starts
    tower = Layout("tower", ((0, 0, 0), (0, 0, 1)))
    s.board = StackBoard(tower, ["1m", "1m"])
    s.status = "deadlock"
    out = s.act({"type": "shuffle"}, 1.0)
    assert not out.ok
    assert out.reason == "shuffle cannot help"
    assert out.message is not None and "No shuffle can help" in out.message
    assert s.shuffles == 0 and s.status == "deadlock"
    assert [s.board.face(spot) for spot in s.board.spots()] == ["1m", "1m"]
    # a remains that some re-deal clears is shuffled as before
    s.board = StackBoard(
        Layout("row", ((0, 0, 0), (2, 0, 0), (4, 0, 0), (6, 0, 0))), ["1m", "2m", "2m", "1m"]
    )
    assert s.act({"type": "shuffle"}, 2.0).ok
    assert s.shuffles == 1


def test_a_shuffle_of_larger_hopeless_remains_is_refused() -> None:
    """Fourteen tiles in two lone stacks of 9 and 5: only the two tops are ever
    free, so whatever the faces the last four of the tall stack are left alone."""
    from tilematch.engine.layouts.layout import Layout
    from tilematch.engine.stack.board import StackBoard

    s = new_session(REGULAR, now=0.0)
    s.act({"type": "start"}, 0.0)  # the clock starts
    spots = tuple((0, 0, z) for z in range(9)) + tuple((4, 0, z) for z in range(5))
    faces = [f"{n}p" for n in range(1, 8) for _ in range(2)]
    s.board = StackBoard(Layout("stacks", spots), faces)
    s.status = "deadlock"
    out = s.act({"type": "shuffle"}, 1.0)
    assert not out.ok and out.reason == "shuffle cannot help"
    assert s.shuffles == 0
    # the same tiles in stacks of 7 and 7 can be cleared: shuffled as before
    spots = tuple((0, 0, z) for z in range(7)) + tuple((4, 0, z) for z in range(7))
    s.board = StackBoard(Layout("stacks", spots), faces)
    assert s.act({"type": "shuffle"}, 2.0).ok
    assert s.shuffles == 1
