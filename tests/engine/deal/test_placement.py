"""Replaying a deal's solution."""

from __future__ import annotations

from tilematch.engine.deal.grid import deal_grid
from tilematch.engine.deal.placement import replay


def test_replay_refuses_wrong_solutions() -> None:
    deal = deal_grid(2, 3, seed=1)
    pairs = [(m.a, m.b) for m in deal.solution]
    assert replay(deal.board, pairs) == deal.solution
    assert replay(deal.board, pairs[:-1]) is None
    assert replay(deal.board, [(0, 0)] + pairs) is None
