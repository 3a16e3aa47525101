"""The statistics figures against brute-force references on random result records."""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tilematch.modes import statistics

START = 1_795_953_600.0  # 2026-11-29 12:00 UTC, a Sunday

record = st.fixed_dictionaries(
    {
        "game": st.sampled_from(["shisensho", "solitaire"]),
        "mode": st.sampled_from(["classic", "regular"]),
        "board": st.sampled_from(["turtle", "8x17", ""]),
        "variant": st.sampled_from(["", "gravity"]),
        "outcome": st.sampled_from(["won", "lost", "given_up"]),
        "score": st.none() | st.integers(-500, 9000),
        "time": st.floats(0, 5000, allow_nan=False),
        "hints": st.integers(0, 30),
        "undos": st.integers(0, 30),
        "finished": st.floats(START - 200 * 86400, START, allow_nan=False),
    }
)


def _median(values):
    ordered = sorted(values)
    n = len(ordered)
    return ordered[n // 2] if n % 2 else (ordered[n // 2 - 1] + ordered[n // 2]) / 2


@settings(max_examples=60, deadline=None)
@given(st.lists(record, max_size=40))
def test_board_figures_match_a_count_by_hand(records):
    lines = statistics.board_figures(records)
    keys = [(line["game"], line["mode"], line["board"], line["variant"]) for line in lines]
    assert keys == sorted({(r["game"], r["mode"], r["board"], r["variant"]) for r in records})
    for line, key in zip(lines, keys, strict=True):
        mine = [r for r in records if (r["game"], r["mode"], r["board"], r["variant"]) == key]
        wins = [r["time"] for r in mine if r["outcome"] == "won"]
        scores = [r["score"] for r in mine if r["score"] is not None]
        assert line["played"] == len(mine) and line["won"] == len(wins)
        assert line["win_rate"] == pytest.approx(len(wins) / len(mine))
        assert line["best_time"] == (min(wins) if wins else None)
        assert line["median_time"] == (pytest.approx(_median(wins)) if wins else None)
        assert line["best_score"] == (max(scores) if scores else None)
        assert line["hints_per_game"] == pytest.approx(sum(r["hints"] for r in mine) / len(mine))
        assert line["undos_per_game"] == pytest.approx(sum(r["undos"] for r in mine) / len(mine))


@given(st.lists(st.floats(-1e6, 1e6, allow_nan=False), max_size=30), st.integers(1, 8))
def test_the_moving_median_is_the_median_of_each_window(values, window):
    expected = [_median(values[max(0, i + 1 - window) : i + 1]) for i in range(len(values))]
    assert statistics.moving_median(values, window) == pytest.approx(expected)


def test_a_window_under_one_is_refused():
    with pytest.raises(ValueError, match="at least 1, not 0"):
        statistics.moving_median([1.0], 0)


@settings(max_examples=60, deadline=None)
@given(st.lists(record, max_size=40), st.integers(1, 30))
def test_weeks_count_every_game_of_their_monday_to_sunday(records, weeks):
    shown = statistics.weekly_wins(records, START, weeks)
    last = dt.date(2026, 11, 23)
    first = last - dt.timedelta(weeks=weeks - 1)
    mondays = {}
    for r in records:
        day = dt.datetime.fromtimestamp(r["finished"], dt.UTC).date()
        monday = day - dt.timedelta(days=day.weekday())
        if first <= monday <= last:
            mondays.setdefault(monday.isoformat(), []).append(r)
    if not mondays:
        assert shown == []
        return
    assert shown[-1]["week"] == last.isoformat() and shown[0]["week"] == min(mondays)
    for week in shown:
        mine = mondays.get(week["week"], [])
        assert week["played"] == len(mine)
        assert week["won"] == sum(1 for r in mine if r["outcome"] == "won")


def test_the_history_keeps_the_latest_games_oldest_first():
    records = [
        {
            "finished": START + i,
            "time": float(10 * i),
            "score": i if i % 2 else None,
            "outcome": "won",
            "board": "turtle",
        }
        for i in range(8, 0, -1)
    ]
    points = statistics.history_points(records, limit=5, window=3)
    assert [p["time"] for p in points] == [40.0, 50.0, 60.0, 70.0, 80.0]
    assert [p["n"] for p in points] == [1, 2, 3, 4, 5]
    assert [p["median_time"] for p in points] == [40.0, 45.0, 50.0, 60.0, 70.0]
    assert [p["median_score"] for p in points] == [None, 5.0, None, 6.0, None]


def test_the_calendar_shades_solved_days_by_quarters_of_their_times():
    days = [
        {"date": f"2026-11-{d:02d}", "solved": True, "time": float(t), "score": 100}
        for d, t in ((23, 400), (24, 300), (25, 200), (26, 100))
    ] + [
        {"date": "2026-11-27", "solved": False, "time": None, "score": None},
        {"date": "2025-01-01", "solved": True, "time": 1.0, "score": 1},
    ]
    shown = statistics.calendar_days(days, "2026-11-29", weeks=2)
    assert (
        len(shown) == 14 and shown[0]["date"] == "2026-11-16" and shown[-1]["date"] == "2026-11-29"
    )
    levels = {d["date"][-2:]: d["level"] for d in shown if d["played"]}
    assert levels == {"23": 1, "24": 2, "25": 3, "26": 4, "27": 0}
    assert not any(d["played"] for d in shown if d["date"] < "2026-11-23")


def test_tower_stages_sum_the_best_stars_of_their_levels():
    stages = statistics.tower_stages({1: 3, 2: 1, 30: 2, 31: 3, 150: 1}, 150, 30)
    assert [(s["first"], s["last"], s["cleared"], s["stars"], s["most"]) for s in stages] == [
        (1, 30, 3, 6, 90),
        (31, 60, 1, 3, 90),
        (61, 90, 0, 0, 90),
        (91, 120, 0, 0, 90),
        (121, 150, 1, 1, 90),
    ]
