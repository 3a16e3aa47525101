"""Hints for players: any legal pair, a pair that keeps the board winnable, and a
check whether the board can still be cleared (SPEC §5).

* :func:`hint` — a currently legal pair, cheap (the first one the board finds).
* :func:`smart_hint` — a legal pair after which the board can still be
  cleared: the first move of a solution found by
  :func:`~tilematch.engine.solve.solve`.
* :func:`is_winnable` — ``False`` only when the solver has *proven* that no
  order of pairs clears the board any more (the UI's warning).
* :func:`advise` — both answers from one search.

All functions leave the board as they found it.
"""

from __future__ import annotations

from dataclasses import dataclass

from tilematch.engine.board import Board, Match
from tilematch.engine.solve import solve

#: Default time bound, in seconds, for the searches behind smart hints.
DEFAULT_SECONDS = 2.0


@dataclass(frozen=True)
class Advice:
    """What :func:`advise` found.

    ``move``: a legal pair after which the board can still be cleared, or
    ``None`` when there is none (board cleared, deadlocked or unwinnable) —
    when the search ran out of time it is a plain legal pair (``proven`` is then
    False). ``winnable``: ``True`` (a solution exists), ``False`` (proven that
    none exists) or ``None`` (unknown within the bound).
    """

    move: Match | None
    winnable: bool | None

    @property
    def proven(self) -> bool:
        """True when the answer is exact (the search finished)."""
        return self.winnable is not None


def hint(board: Board) -> Match | None:
    """A currently legal pair of ``board``, or ``None`` when there is none.

    Cheap: stops at the first pair the board's own generator yields.
    """
    return next(iter(board.legal_pairs()), None)


def advise(board: Board, *, seconds: float | None = DEFAULT_SECONDS) -> Advice:
    """Search ``board`` once and return an :class:`Advice`.

    ``seconds`` bounds the search (``None``: no bound). Raises
    :class:`ValueError` for a negative bound.
    """
    if board.is_cleared():
        return Advice(None, True)
    result = solve(board, seconds=seconds)
    if result.status == "solved":
        return Advice(result.moves[0], True)
    if result.status == "unsolvable":
        return Advice(None, False)
    return Advice(hint(board), None)


def smart_hint(board: Board, *, seconds: float | None = DEFAULT_SECONDS) -> Match | None:
    """A legal pair after which ``board`` can still be cleared.

    Returns ``None`` when no such pair exists (the board is cleared, deadlocked,
    or can no longer be cleared — use :func:`hint` for a pair anyway). When the
    search needs more than ``seconds``, returns a plain legal pair instead.
    """
    return advise(board, seconds=seconds).move


def is_winnable(board: Board, *, seconds: float | None = DEFAULT_SECONDS) -> bool:
    """False when ``board`` can provably no longer be cleared, True otherwise.

    A search that runs out of ``seconds`` counts as winnable (no warning is
    shown without proof). A cleared board is winnable.
    """
    if board.is_cleared():
        return True
    if board.is_deadlocked():
        return False
    return solve(board, seconds=seconds).status != "unsolvable"
