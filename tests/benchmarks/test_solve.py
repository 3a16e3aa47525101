"""The solver benchmark: its deals and its table rows."""

from __future__ import annotations

from collections import Counter

import pytest

from tilematch.benchmarks import solve as bench
from tilematch.engine.tiles import standard_set


def test_deals_are_seeded_shuffles_of_the_whole_set() -> None:
    grids = bench.grid_deals(3)
    turtles = bench.turtle_deals(2)
    for board in grids:
        assert (board.rows, board.cols) == (8, 17)
        assert Counter(board.face(s) for s in board.spots()) == Counter(standard_set("136"))
    for board in turtles:
        assert board.occupied.bit_count() == 144
        assert Counter(board.face(s) for s in board.spots()) == Counter(standard_set("144"))
    again = bench.grid_deals(3)
    assert [b.key() for b in again] == [b.key() for b in grids]
    assert [b.face(0) for b in again] == [b.face(0) for b in grids]
    assert len({tuple(b.face(s) for s in range(136)) for b in grids}) == 3


def test_share_and_its_error() -> None:
    share, error = bench._share({"solved": 97, "unsolvable": 3, "budget": 5}, "unsolvable")
    assert share == pytest.approx(0.03)
    assert error == pytest.approx((0.03 * 0.97 / 100) ** 0.5)
    assert bench._share({"solved": 0, "unsolvable": 0, "budget": 2}, "solved") == (0.0, 0.0)


def test_quick_run_reports_both_rows(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bench, "QUICK_DEALS", 2)
    rows = bench.run(quick=True)
    assert [row.runs for row in rows] == [2, 2]
    assert "17x8" in rows[0].name and "Turtle" in rows[1].name
    assert "undecided 0 of 2" in rows[0].note
    assert "unsolvable" in rows[1].note
    for row in rows:
        assert 0 < row.median_ms <= row.worst_ms
        assert row.markdown().startswith(f"| {row.name} |")


def test_p99_is_the_value_below_which_99_in_100_lie() -> None:
    assert bench._p99([float(v) for v in range(1, 201)]) == 199.0
    assert bench._p99([5.0]) == 5.0
