"""Hints for players: any legal pair, a pair that keeps the board winnable, and a
check whether the board can still be cleared (docs/rules.md §5).

* :func:`hint` — a currently legal pair, cheap (the first one the board finds).
* :func:`smart_hint` — a legal pair after which the board can still be
  cleared: the first move of a solution found by
  :func:`~tilematch.engine.solver.solve`.
* :func:`is_winnable` — ``False`` only when the solver has *proven* that no
  order of pairs clears the board any more (the UI's warning).
* :func:`advise` — both answers from one search.
* :class:`Memory` — optional, owned by the caller: remembers the last solutions
  so that a game going on along one needs no new search.

All functions leave the board as they found it; without a ``memory`` their
answers depend only on the board.
"""

from __future__ import annotations

from dataclasses import dataclass

from tilematch.engine.board import Board, Match
from tilematch.engine.solver import solve

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


def advise(
    board: Board,
    *,
    seconds: float | None = DEFAULT_SECONDS,
    nodes: int | None = None,
    memory: Memory | None = None,
) -> Advice:
    """Search ``board`` once and return an :class:`Advice`.

    ``seconds`` and ``nodes`` bound the search (``None``: no bound); a node bound
    alone makes the answer independent of the machine's speed. With a ``memory``, a
    solution remembered from an earlier position of the same game answers
    without a new search, and a new solution is remembered. Raises
    :class:`ValueError` for a negative bound.
    """
    if board.is_cleared():
        return Advice(None, True)
    known = memory.recall(board) if memory is not None else None
    if known is not None:
        return Advice(known, True)
    result = solve(board, seconds=seconds, nodes=nodes)
    if result.status == "solved":
        if memory is not None:
            memory.remember(board, result.moves)
        return Advice(result.moves[0], True)
    if result.status == "unsolvable":
        return Advice(None, False)
    return Advice(hint(board), None)


def smart_hint(
    board: Board, *, seconds: float | None = DEFAULT_SECONDS, memory: Memory | None = None
) -> Match | None:
    """A legal pair after which ``board`` can still be cleared.

    Returns ``None`` when no such pair exists (the board is cleared, deadlocked,
    or can no longer be cleared — use :func:`hint` for a pair anyway). When the
    search needs more than ``seconds``, returns a plain legal pair instead.
    ``memory`` as for :func:`advise`.
    """
    return advise(board, seconds=seconds, memory=memory).move


def is_winnable(
    board: Board, *, seconds: float | None = DEFAULT_SECONDS, memory: Memory | None = None
) -> bool:
    """False when ``board`` can provably no longer be cleared, True otherwise.

    A search that runs out of ``seconds`` counts as winnable (no warning is
    shown without proof). A cleared board is winnable. ``memory`` as for
    :func:`advise`.
    """
    if board.is_cleared():
        return True
    if board.is_deadlocked():
        return False
    if memory is not None and memory.recall(board) is not None:
        return True
    result = solve(board, seconds=seconds)
    if result.solved and memory is not None:
        memory.remember(board, result.moves)
    return result.status != "unsolvable"


_Cells = dict[int, tuple[str | None, tuple[int, ...]]]


def _plain(board: Board) -> bool:
    """True for boards where removing tiles never blocks a tile and no stone waits."""
    if getattr(board, "gravity", False):
        return False
    stones = getattr(board, "stones", None)
    return not (callable(stones) and stones())


class Memory:
    """The last solutions found for a game, owned by the caller (one per game).

    Without gravity, removing tiles never blocks another tile, so when the pairs
    played since a remembered position are pairs of its solution, the rest of
    that solution still clears the board in the same order: a game that goes on
    along a solution needs no new search. Boards with gravity or with stones
    still waiting for cracks are never remembered.

    >>> from tilematch.engine.grid.board import GridBoard
    >>> board = GridBoard([["1m", "2m", "2m", "1m"]])
    >>> memory = Memory()
    >>> first = smart_hint(board, memory=memory)
    >>> board.push(first)
    >>> memory.recall(board) is not None
    True
    """

    def __init__(self, size: int = 8) -> None:
        if size < 1:
            raise ValueError(f"size must be >= 1, not {size}")
        self.size = size
        self._entries: list[tuple[str, int, _Cells, list[tuple[int, int]]]] = []

    def remember(self, board: Board, moves: list[Match]) -> None:
        """Keep ``moves`` (a solution of ``board`` as it is now)."""
        if not moves or not _plain(board):
            return
        cells = {s: (board.face(s), tuple(board.coords(s))) for s in board.spots()}
        entry = (board.game, board.occupied, cells, [(m.a, m.b) for m in moves])
        self._entries.insert(0, entry)
        del self._entries[self.size :]

    def recall(self, board: Board) -> Match | None:
        """A legal pair that keeps ``board`` winnable, from a remembered solution of
        an earlier position of the same game, or ``None``."""
        if not _plain(board):
            return None
        occupied = board.occupied
        for game, before, cells, pairs in self._entries:
            if game != board.game or occupied & ~before:
                continue
            gone = before & ~occupied
            rest = []
            for a, b in pairs:
                bits = (1 << a) | (1 << b)
                if gone & bits == bits:
                    gone &= ~bits
                elif gone & bits:
                    break  # a tile went with another partner: this solution no longer fits
                else:
                    rest.append((a, b))
            else:
                if gone or not rest:
                    continue
                if any((board.face(s), tuple(board.coords(s))) != cells[s] for s in board.spots()):
                    continue
                a, b = rest[0]
                move = board.match(a, b)
                if move is not None:
                    return move
        return None
