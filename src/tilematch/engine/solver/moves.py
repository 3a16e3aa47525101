"""The generic depth-first search over legal moves (boards with gravity)."""

from __future__ import annotations

from collections.abc import Hashable, Iterator

from tilematch.engine.board import Board, Match
from tilematch.engine.solver.budget import Budget

# ---------------------------------------------------------------------------
# The generic search over the board protocol (gravity, or any other board).
# ---------------------------------------------------------------------------


def _search_board(board: Board, budget: Budget) -> list[Match] | None:
    """Depth-first search over ``board.legal_pairs()`` with a table of dead keys.

    ``board`` is played on and restored; returns the moves or ``None``.
    """
    dead: set[Hashable] = set()
    path: list[Match] = []
    stack: list[Iterator[Match]] = []

    def open_node() -> Iterator[Match] | None:
        budget.tick()
        if board.key() in dead:
            return None
        return _ordered_board_moves(board)

    first = open_node()
    if first is None:  # pragma: no cover - the table starts empty
        return None
    stack.append(first)
    while stack:
        move = next(stack[-1], None)
        if move is None:
            stack.pop()
            dead.add(board.key())
            if path:
                board.pop()
                path.pop()
            continue
        board.push(move)
        path.append(move)
        if board.is_cleared():
            result = list(path)
            for _ in path:
                board.pop()
            return result
        child = open_node()
        if child is None:
            board.pop()
            path.pop()
            continue
        stack.append(child)
    return None


def _ordered_board_moves(board: Board) -> Iterator[Match]:
    """The legal pairs, lower tiles first (on a gravity grid they change least)."""
    moves = list(board.legal_pairs())
    moves.sort(key=lambda m: -(board.coords(m.a)[0] + board.coords(m.b)[0]))
    return iter(moves)
