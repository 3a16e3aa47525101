"""Checks shared by the deal tests."""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, settings

from tilematch.engine.deal.record import Deal

FAST = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def clears(deal: Deal) -> bool:
    """Brute-force check independent of ``replay``: push the solution move by move,
    asserting every move is legal when played."""
    board = deal.board.copy()
    for move in deal.solution:
        assert board.match(move.a, move.b) is not None, move
        board.push(move)
    return board.is_cleared()


def faces_of(board: object) -> Counter[str]:
    return Counter(board.face(s) for s in board.spots())  # type: ignore[attr-defined]
