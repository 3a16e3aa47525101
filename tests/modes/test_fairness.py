"""Ranked time that a pause cannot shorten, Zen's unhurried pause, and the pace rule
that keeps play no person can make off the leaderboards (docs/modes.md, *Ranked play*)."""

from __future__ import annotations

import pytest

from tilematch.modes import Session, Settings, fairness, new_session

CLASSIC = Settings(game="shisensho", mode="classic", seed=5)
ARCADE = Settings(game="shisensho", mode="arcade", seed=5)
ZEN = Settings(game="blackwhite", mode="zen", layout="pyramid", seed=5)


def pause_around_every_thought(session: Session, think: float, click: float) -> float:
    """The exploit of issue 21: pause, look at the board while the clock is stopped,
    resume and play the pair at once. Returns the wall time it took."""
    now = 0.0
    for move in session.solution:
        assert session.act({"type": "pause"}, now).ok
        now += think
        assert session.act({"type": "resume"}, now).ok
        now += click
        assert session.act({"type": "match", "a": move.a, "b": move.b}, now).ok
    return now


def test_pausing_around_every_thought_no_longer_shortens_the_ranked_time() -> None:
    # 68 pairs, 0.505 s of thought in a pause and 7 ms of play each: 34.8 s of wall
    # time that the old clock recorded as 0.49 s
    session = new_session(CLASSIC, now=0.0)
    wall = pause_around_every_thought(session, think=0.505, click=0.007)
    assert session.status == "won"
    assert wall == pytest.approx(34.8, abs=0.05)
    assert session.summary is not None
    assert session.summary["time"] == pytest.approx(wall, abs=1e-3)
    # ... and its pace is a person's (a pair every half second), so it stays ranked
    assert session.summary["unranked"] is None


def test_a_hundred_pause_and_resume_cycles_cost_their_whole_time() -> None:
    session = new_session(CLASSIC, now=0.0)
    now = 0.0
    for _ in range(100):
        assert session.act({"type": "pause"}, now).ok
        view = session.view(now + 0.5)
        assert view["tiles"] == [] and view["pairs"] == []  # the paused board is hidden
        assert view["clock"]["paused"] is False  # but its clock runs
        now += 1.0
        assert session.act({"type": "resume"}, now).ok
        now += 0.1
    assert session.view(now)["clock"]["elapsed"] == pytest.approx(now)


def test_an_arcade_countdown_runs_on_over_a_pause() -> None:
    session = new_session(ARCADE, now=0.0)
    assert session.act({"type": "pause"}, 10.0).ok  # the first intent starts the clock
    assert session.view(13.0)["clock"]["remaining"] == pytest.approx(177.0)
    assert session.act({"type": "resume"}, 13.0).ok
    assert session.view(13.0)["clock"]["remaining"] == pytest.approx(177.0)


def test_an_arcade_countdown_ends_the_game_during_a_pause() -> None:
    session = new_session(ARCADE, now=0.0)
    assert session.act({"type": "pause"}, 100.0).ok
    view = session.view(500.0)
    assert view["status"] == "won"  # Time Attack ends on the clock with its score
    assert view["summary"] is not None and view["summary"]["time"] == pytest.approx(180.0)
    assert session.act({"type": "resume"}, 501.0).reason == "game over"


def test_zen_is_unhurried_its_pause_stops_the_clock_and_it_is_never_ranked() -> None:
    session = new_session(ZEN, now=0.0)
    assert session.act({"type": "pause"}, 1.0).ok
    clock = session.view(3601.0)["clock"]
    assert (clock["elapsed"], clock["paused"]) == (0.0, True)  # the pause was the first intent
    assert session.act({"type": "resume"}, 3601.0).ok
    assert session.act({"type": "give_up"}, 3602.0).ok
    assert session.summary is not None
    assert session.summary["time"] == pytest.approx(1.0)
    assert session.summary["unranked"] == fairness.ZEN


def test_a_game_saved_before_paused_time_counted_replays_with_its_own_rule() -> None:
    session = new_session(CLASSIC, now=0.0)
    first = session.solution[0]
    old_record = {
        "format": 1,
        "settings": CLASSIC.validate().to_json(),
        "start": 0.0,
        "log": [
            {"type": "pause", "t": 1.0},
            {"type": "resume", "t": 31.0},
            {"type": "match", "a": first.a, "b": first.b, "t": 32.0},
        ],
    }
    old = Session.from_json(old_record)
    assert old.view(32.0)["clock"]["elapsed"] == pytest.approx(2.0)  # the pause stopped it
    assert old.to_json()["format"] == 1  # and it stays a format 1 game
    assert Session.from_json({**old_record, "format": 2}).view(32.0)["clock"]["elapsed"] == (
        pytest.approx(1.0)  # format 2: the clock began at the first intent, the pause
    )
    again = Session.from_json({**old_record, "format": 3})
    assert again.view(32.0)["clock"]["elapsed"] == pytest.approx(31.0)
    assert new_session(CLASSIC, now=0.0).to_json()["format"] == 4


def test_a_solver_bot_that_wins_in_a_second_is_not_ranked() -> None:
    session = new_session(CLASSIC, now=0.0)
    now = 0.0
    for move in session.solution:
        now += 0.015  # 68 pairs in about 1 s, as the script of the issue
        assert session.act({"type": "match", "a": move.a, "b": move.b}, now).ok
    assert session.status == "won"
    assert session.summary is not None and session.summary["unranked"] == fairness.TOO_FAST


def test_a_game_at_a_human_pace_is_ranked() -> None:
    session = new_session(CLASSIC, now=0.0)
    now = 2.0
    for number, move in enumerate(session.solution):
        now += 0.9 + 0.6 * (number % 3)  # 0.9 to 2.1 s a pair
        assert session.act({"type": "match", "a": move.a, "b": move.b}, now).ok
    assert session.summary is not None and session.summary["unranked"] is None


@pytest.mark.parametrize(
    ("gaps", "reason"),
    [
        ([0.49] * 10, fairness.TOO_FAST),  # the median under the floor
        ([0.5] * 10, None),  # at the floor: a person can
        ([0.3] * 4, None),  # too few gaps for the median: judged by the average
        ([2.0] * 20 + [0.24] * 8 + [2.0] * 20, fairness.TOO_FAST),  # a burst of 8
        ([2.0] * 20 + [0.24] * 7 + [2.0] * 20, None),  # 7 is a lucky run
        ([2.0] * 20 + [0.24] * 7 + [0.25] + [0.24] * 7 + [2.0] * 20, None),
    ],
)
def test_the_pace_rule(gaps: list[float], reason: str | None) -> None:
    times = [2.0]
    for gap in gaps:
        times.append(times[-1] + gap)
    assert fairness.pace_reason(0.0, times) == reason


def test_a_short_board_cleared_faster_than_two_clicks_a_pair_is_not_ranked() -> None:
    assert fairness.pace_reason(0.0, [0.2, 0.4]) == fairness.TOO_FAST
    assert fairness.pace_reason(0.0, [0.6, 1.2]) is None
    assert fairness.pace_reason(0.0, []) is None
