"""The exact solver: clear a board or prove that it cannot be cleared (docs/rules.md §5).

:func:`solve` decides every board of every geometry and returns a
:class:`Solution`: ``"solved"`` with the moves in playing order,
``"unsolvable"`` when no order of pairs clears the board, or ``"budget"``
only when the caller's node or time limit ran out first. Monotone games
(layered boards, Shisen-Sho without gravity) are searched over pairings on a
model (:mod:`.grid`, :mod:`.layered`); gravity boards by a plain search of legal
moves (:mod:`.moves`). Every solution is replayed on a copy through the board's
own rules before it is returned. How it works: ``docs/solver.md``.

>>> from tilematch.engine.solver import Solution
>>> Solution("unsolvable", [], 12).solved
False
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from tilematch.engine.board import Board, Match
from tilematch.engine.grid.shape import GridShape
from tilematch.engine.solver.budget import Budget, OutOfBudget
from tilematch.engine.solver.grid.model import GridModel
from tilematch.engine.solver.layered.model import LayeredModel
from tilematch.engine.solver.layered.search import LayeredSearch
from tilematch.engine.solver.moves import _search_board
from tilematch.engine.solver.pairing import Groups, Model
from tilematch.engine.solver.profile import LATEST, Profile
from tilematch.engine.stack.geometry import StackGeometry, stack_geometry

Status = Literal["solved", "unsolvable", "budget"]


@dataclass(frozen=True)
class Solution:
    """What :func:`solve` found.

    ``status`` is ``"solved"`` (``moves`` clear the board in this order),
    ``"unsolvable"`` (proven: no order of legal pairs clears it) or
    ``"budget"`` (the node or time limit ran out before a verdict; ``moves``
    is empty). ``nodes`` counts the units of search work (positions expanded;
    on Shisen-Sho without gravity also look-ahead trials, each about as
    costly as a position), the unit of the ``nodes`` bound; ``seconds`` is
    the wall time spent.
    """

    status: Status
    moves: list[Match] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0

    @property
    def solved(self) -> bool:
        """True when ``moves`` clear the board."""
        return self.status == "solved"


def solve(board: Board, *, nodes: int | None = None, seconds: float | None = None) -> Solution:
    """Decide whether ``board`` can be cleared and find a way to clear it.

    ``nodes`` and ``seconds`` bound the search (``None``: no bound). Returns a
    :class:`Solution`; its status is ``"budget"`` only when a bound ran out
    before the answer was known. The caller's board is left untouched (the
    search works on a model or on a copy). Raises :class:`ValueError` for a
    negative bound.
    """
    return solve_as(board, LATEST, nodes=nodes, seconds=seconds)


def solve_as(
    board: Board, profile: Profile, *, nodes: int | None = None, seconds: float | None = None
) -> Solution:
    """:func:`solve` with the searches of ``profile`` (:mod:`.profile`): how the
    generators check deals as the version they deal for did."""
    budget = Budget(nodes, seconds)
    work = board.copy()
    if work.is_cleared():
        return Solution("solved", [], 0, budget.elapsed())
    if not _pairable(work):
        return Solution("unsolvable", [], 0, budget.elapsed())
    model = _model_for(work, profile)
    try:
        if model is not None:
            pairs = (
                LayeredSearch(model, budget).run()
                if isinstance(model, LayeredModel)
                else model.search(budget)
            )
            if pairs is None:
                return Solution("unsolvable", [], budget.nodes, budget.elapsed())
            moves = _replay(work, [(model.spot[i], model.spot[j]) for i, j in pairs])
            if moves is not None:
                return Solution("solved", moves, budget.nodes, budget.elapsed())
            # The model disagreed with the board's own rules: trust the board.
        found = _search_board(work, budget)
    except OutOfBudget:
        return Solution("budget", [], budget.nodes, budget.elapsed())
    if found is None:
        return Solution("unsolvable", [], budget.nodes, budget.elapsed())
    return Solution("solved", found, budget.nodes, budget.elapsed())


def is_solvable(board: Board, *, nodes: int | None = None, seconds: float | None = None) -> bool:
    """True when :func:`solve` finds a solution within the bounds.

    Raises :class:`TimeoutError` when a bound runs out before a verdict.
    """
    result = solve(board, nodes=nodes, seconds=seconds)
    if result.status == "budget":
        raise TimeoutError(f"no verdict within the budget ({result.nodes} nodes)")
    return result.solved


def _replay(board: Board, pairs: list[tuple[int, int]]) -> list[Match] | None:
    """Play ``pairs`` on ``board`` (which is changed) through its own match function.

    Returns the matches with their paths, or ``None`` when one is refused or
    the board is not cleared at the end.
    """
    moves: list[Match] = []
    for a, b in pairs:
        move = board.match(min(a, b), max(a, b))
        if move is None:
            return None
        board.push(move)
        moves.append(move)
    return moves if board.is_cleared() else None


# ---------------------------------------------------------------------------
# Choosing a model for a board.
# ---------------------------------------------------------------------------


def _stones_of(board: Board) -> dict[int, int]:
    """Cracks still needed per stone spot (empty when the board has no stones)."""
    stones = getattr(board, "stones", None)
    if not stones:
        return {}
    if callable(stones):
        stones = stones()
    return {int(s): int(c) for s, c in dict(stones).items() if c and (board.occupied >> s) & 1}


def _pairable(board: Board) -> bool:
    """False when some match group has a tile too many (an odd count, or in Black &
    White more tiles of one colour than of the other): such a board is never cleared."""
    items = [(s, board.face(s) or "") for s in board.spots()]
    if not all(code for _, code in items):
        return True  # let the search report on what it cannot read
    groups = Groups(items)
    return all(groups.balanced(g, mask) for g, mask in enumerate(groups.masks))


def _model_for(board: Board, profile: Profile = LATEST) -> Model | None:
    """A fast monotone model of ``board``, or ``None`` when the generic search must
    be used (gravity, or a geometry the solver does not know)."""
    spots = list(board.spots())
    codes = [board.face(s) or "" for s in spots]
    if not spots or not all(codes):
        return None
    coords = [tuple(board.coords(s)) for s in spots]
    if board.game == "shisensho":
        if getattr(board, "gravity", False) or any(len(c) != 2 for c in coords):
            return None
        cells = [(c[0], c[1]) for c in coords]
        rows = max(r for r, _ in cells) - min(r for r, _ in cells) + 1
        cols = max(c for _, c in cells) - min(c for _, c in cells) + 1
        try:
            shape = GridShape(rows, cols)
        except ValueError:
            return None  # wider than any grid board: let the generic search answer
        return GridModel(shape, cells, spots, codes)
    if board.game in ("solitaire", "blackwhite") and all(len(c) == 3 for c in coords):
        stones = _stones_of(board)
        positions = [(c[0], c[1], c[2]) for c in coords]
        geometry = getattr(board, "geometry", None)
        if isinstance(geometry, StackGeometry) and all(
            s < len(geometry.positions) and geometry.positions[s] == p
            for s, p in zip(spots, positions, strict=True)
        ):  # a StackBoard: model index = board spot
            return LayeredModel(spots, {s: s for s in spots}, geometry, codes, stones, profile)
        # another layered Board: number its tiles 0.. in the order of spots()
        try:
            geometry = stack_geometry(tuple(positions))
        except ValueError:
            return None  # two tiles on one position: let the generic search report
        spot = dict(enumerate(spots))
        index = {s: i for i, s in spot.items()}
        return LayeredModel(
            list(spot), spot, geometry, codes, {index[s]: c for s, c in stones.items()}, profile
        )
    return None
