"""Property tests: the ledgers of Classic, Time Attack and Black & White Countdown against
plain re-computations of the docs/rules.md §2 and §4 formulas, and undo as an exact inverse."""

from __future__ import annotations

import math

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from tests.support.fakes import install, pairs_board
from tilematch.modes import Settings, new_session

GAPS = st.lists(
    st.sampled_from([0.25, 1.0, 1.5, 1.999, 2.0, 2.001, 2.5, 4.0, 9.0]), min_size=1, max_size=12
)
FIXTURE = settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


def chains(gaps: list[float]) -> list[int]:
    """Chain length of each match, by the 2.0 s rule, computed the slow way."""
    out: list[int] = []
    for i, gap in enumerate(gaps):
        out.append(out[-1] + 1 if i > 0 and gap <= 2.0 else 1)
    return out


@FIXTURE
@given(gaps=GAPS, hints=st.booleans())
def test_classic_score_matches_the_formula(monkeypatch, gaps, hints) -> None:
    install(monkeypatch, [pairs_board(len(gaps))])
    s = new_session(Settings(game="shisensho", mode="classic", seed=1), 0.0)
    s.act({"type": "start"}, 0.0)  # the clock starts
    t = 0.0
    if hints:
        s.act({"type": "hint"}, 0.0)
    for k, gap in enumerate(gaps):
        t += gap
        assert s.act({"type": "match", "a": 2 * k, "b": 2 * k + 1}, t).ok
    tiles = 2 * len(gaps)
    expected = sum(100 * min(c, 4) for c in chains(gaps))
    expected += 15 * max(0, math.floor(600 * tiles / 136 - t + 1e-9))
    expected += 0 if hints else 2000
    assert s.status == "won"
    assert s.score == expected


@FIXTURE
@given(gaps=GAPS)
def test_arcade_score_and_clock_match_the_formula(monkeypatch, gaps) -> None:
    install(monkeypatch, [pairs_board(len(gaps)), pairs_board(1)])
    s = new_session(Settings(game="shisensho", mode="arcade", seed=1), 0.0)
    s.act({"type": "start"}, 0.0)  # the clock starts
    t = 0.0
    for k, gap in enumerate(gaps):
        t += gap
        assert s.act({"type": "match", "a": 2 * k, "b": 2 * k + 1}, t).ok
    assert s.score == sum(100 * min(c, 8) for c in chains(gaps)) + 1000
    assert s.clock.remaining(t) == pytest.approx(180 + 2 * len(gaps) - t)


@FIXTURE
@given(gaps=GAPS, difficulty=st.sampled_from(["relaxed", "standard", "zen_master"]))
@example(gaps=[9.0, 9.0, 0.25], difficulty="zen_master")  # ends at 18 s; a late rapid match
@example(gaps=[2.0] * 12, difficulty="standard")  # 11 rapid matches: 2 hints and a shuffle back
def test_countdown_score_matches_the_formula(monkeypatch, gaps, difficulty) -> None:
    install(monkeypatch, [pairs_board(len(gaps), "blackwhite")])
    s = new_session(
        Settings(
            game="blackwhite", mode="countdown", layout="pyramid", seed=1, difficulty=difficulty
        ),
        0.0,
    )
    s.act({"type": "start"}, 0.0)  # the clock starts
    per_tile, bonus, hints, shuffles = {
        "relaxed": (8, 3, 5, 3),
        "standard": (5, 2, 3, 2),
        "zen_master": (3, 1, 1, 1),
    }[difficulty]
    # The reference plays the game step by step: the countdown may run out before a
    # match, and then no later match counts, whatever bonus seconds it would have brought.
    limit = float(per_tile * 2 * len(gaps))
    points = 0
    t = 0.0
    lost = False
    for k, (gap, chain) in enumerate(zip(gaps, chains(gaps), strict=True)):
        t += gap
        ok = s.act({"type": "match", "a": 2 * k, "b": 2 * k + 1}, t).ok
        if t >= limit:
            lost = True
            assert not ok and s.status == "lost"
            break
        assert ok
        points += 100
        if chain >= 2:
            points += 50 * (chain - 1)
            limit += bonus
            rapid = chain - 1
            hints += rapid % 5 == 0 and hints < 9
            shuffles += rapid % 10 == 0 and shuffles < 9
    if lost:
        assert s.score == points
        assert s.summary is not None and s.summary["time"] == pytest.approx(limit)
        return
    assert s.status == "won"
    assert s.score == points + 20 * math.floor(limit - t + 1e-9)
    assert (s.hints_left, s.shuffles_left) == (hints, shuffles)


@FIXTURE
@given(gaps=GAPS, mode=st.sampled_from(["classic", "countdown", "zen"]))
def test_undo_is_an_exact_inverse_of_the_last_match(monkeypatch, gaps, mode) -> None:
    game = "shisensho" if mode == "classic" else "blackwhite"
    install(monkeypatch, [pairs_board(len(gaps) + 1, game)])
    layout = None if game == "shisensho" else "pyramid"
    s = new_session(Settings(game=game, mode=mode, seed=1, layout=layout), 0.0)
    s.act({"type": "start"}, 0.0)  # the clock starts
    t = 0.0
    for k, gap in enumerate(gaps):
        t += gap
        before = (s.score, s.chain.state(), s.clock.total(), getattr(s, "hints_left", None))
        assert s.act({"type": "match", "a": 2 * k, "b": 2 * k + 1}, t).ok
        if k % 3 == 1 and getattr(s, "undos_left", 1) > 0:
            assert s.act({"type": "undo"}, t).ok
            after = (s.score, s.chain.state(), s.clock.total(), getattr(s, "hints_left", None))
            assert after == before
            assert s.act({"type": "match", "a": 2 * k, "b": 2 * k + 1}, t).ok
