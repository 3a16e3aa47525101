"""Slow, obviously correct references for the solver and the hints: a plain exhaustive
search, and checks that moves or solver pairs replay on the board's own rules."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from tilematch.engine.board import Match


def exhaustive(board: Any, allowed: Callable[[Any], bool] | None = None) -> bool:
    """Plain depth-first search over every legal pair (only those ``allowed`` says
    yes to, when given) with a memo of dead keys."""
    dead: set[Hashable] = set()

    def clearable() -> bool:
        if board.is_cleared():
            return True
        key = board.key()
        if key in dead:
            return False
        for move in list(board.legal_pairs()):
            if allowed is not None and not allowed(move):
                continue
            board.push(move)
            ok = clearable()
            board.pop()
            if ok:
                return True
        dead.add(key)
        return False

    return clearable()


def snapshot(board: Any) -> tuple[Any, ...]:
    faces = tuple(board.face(s) for s in board.spots())
    stones = board.stones() if hasattr(board, "stones") else None
    return (board.key(), board.occupied, faces, stones, len(board.move_stack))


def assert_replays(board: Any, moves: list[Match]) -> None:
    """Every move is legal when played, with the path the board itself would draw."""
    replay = board.copy()
    for move in moves:
        legal = replay.match(move.a, move.b)
        assert legal is not None, f"{move} is not legal here"
        assert legal == move
        replay.push(move)
    assert replay.is_cleared()


def assert_pairs_clear(board: Any, model: Any, pairs: list[tuple[int, int]]) -> None:
    """A solver model's pairs (model indices), played on a copy of ``board`` through
    the board's own match, are each legal and clear it."""
    replay = board.copy()
    for a, b in pairs:
        spot_a, spot_b = model.spot[a], model.spot[b]
        move = replay.match(min(spot_a, spot_b), max(spot_a, spot_b))
        assert move is not None
        replay.push(move)
    assert replay.is_cleared()
