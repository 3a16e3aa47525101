from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tilematch.modes.clock import GameClock
from tilematch.modes.ledger import Chain, Ledger


def test_clock_counts_up_and_pauses() -> None:
    clock = GameClock(start=100.0)
    assert clock.elapsed(100.0) == 0.0
    assert clock.elapsed(103.5) == 3.5
    clock.pause(104.0)
    assert clock.paused
    assert clock.elapsed(200.0) == 4.0
    clock.resume(210.0)
    assert clock.elapsed(211.0) == 5.0
    assert clock.remaining(211.0) is None
    assert not clock.expired(1e9)


def test_countdown_bonus_penalty_and_expiry() -> None:
    clock = GameClock(start=0.0, limit=10.0)
    assert clock.remaining(4.0) == 6.0
    clock.adjust(2.0)
    assert clock.remaining(4.0) == 8.0
    assert clock.deadline() == 12.0
    clock.adjust(-5.0)
    assert clock.deadline() == 7.0
    assert not clock.expired(6.99)
    assert clock.expired(7.0)
    assert clock.remaining(9.0) == 0.0
    assert clock.whole_seconds_left(4.5) == 2


def test_stop_freezes_even_when_paused() -> None:
    clock = GameClock(start=0.0, limit=60.0)
    clock.pause(5.0)
    clock.stop(9.0)
    assert clock.elapsed(100.0) == 5.0
    assert clock.deadline() is None
    clock2 = GameClock(start=0.0)
    clock2.stop(3.0)
    assert clock2.elapsed(50.0) == 3.0


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.tuples(st.sampled_from(["pause", "resume", "look"]), st.floats(0, 5)), max_size=20)
)
def test_clock_matches_a_brute_force_reference(steps) -> None:
    clock = GameClock(start=0.0)
    now = 0.0
    running = True
    played = 0.0
    for action, gap in steps:
        if running:
            played += gap
        now += gap
        if action == "pause":
            clock.pause(now)
            running = False
        elif action == "resume":
            clock.resume(now)
            running = True
        assert clock.elapsed(now) == pytest.approx(played)


def test_chain_window_and_cap() -> None:
    chain = Chain(cap=4)
    lengths = [chain.step(t) for t in (0.0, 2.0, 4.0, 5.0, 6.0, 7.0, 9.01)]
    assert lengths == [1, 2, 3, 4, 5, 6, 1]
    chain.step(10.0)
    assert chain.length == 2 and chain.multiplier() == 2
    for t in (11.0, 12.0, 13.0):
        chain.step(t)
    assert chain.length == 5 and chain.multiplier() == 4
    assert chain.current(15.0) == 5
    assert chain.current(15.5) == 0
    saved = chain.state()
    chain.step(14.0)
    chain.restore(saved)
    assert chain.length == 5


@settings(max_examples=80, deadline=None)
@given(st.lists(st.floats(0.0, 4.0), min_size=1, max_size=30), st.integers(1, 8))
def test_chain_matches_reference(gaps, cap) -> None:
    chain = Chain(cap=cap)
    t = 0.0
    expected = 0
    last = None
    for gap in gaps:
        t += gap
        expected = expected + 1 if last is not None and t - last <= 2.0 + 1e-9 else 1
        last = t
        assert chain.step(t) == expected
        assert chain.multiplier() == min(expected, cap)


def test_ledger_sums_lines() -> None:
    ledger = Ledger()
    ledger.add("ledger.pair_times", 100, kind="pair", at=1.0, multiplier=1)
    ledger.add("ledger.reshuffle", -500, kind="reshuffle", at=2.0)
    ledger.add("ledger.pair_times", 200, kind="pair", at=2.5, multiplier=2)
    assert ledger.total == -200
    assert ledger.sum_of("pair") == 300
    assert len(set(ledger.lines)) == 3  # lines stay hashable, parameters and all
    assert ledger.to_json()[1:] == [
        {
            "label": "Reshuffle",
            "points": -500,
            "kind": "reshuffle",
            "at": 2.0,
            "key": "ledger.reshuffle",
            "params": {},
        },
        {
            "label": "Pair x2",
            "points": 200,
            "kind": "pair",
            "at": 2.5,
            "key": "ledger.pair_times",
            "params": {"multiplier": 2},
        },
    ]


def test_a_line_of_a_key_the_ledger_lacks_is_refused() -> None:
    ledger = Ledger()
    with pytest.raises(KeyError):
        ledger.add("Pair x1", 100, kind="pair", at=1.0)
    assert ledger.lines == []
