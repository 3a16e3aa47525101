"""What a deal is made of, and the generators' shared constants."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final, Literal, TypeAlias

from tilematch.engine.board import Board, Match
from tilematch.engine.grid.board import GridBoard
from tilematch.engine.stack.board import StackBoard

#: A board of either geometry, as the generators return them.
AnyBoard: TypeAlias = GridBoard | StackBoard
#: What the functions here accept: a concrete board or anything following the protocol.
BoardLike: TypeAlias = Board | GridBoard | StackBoard


GeneratorName = Literal["reverse", "checked"]
GENERATORS: Final[tuple[str, ...]] = ("reverse", "checked")
LAYOUT_DIFFICULTIES: Final[tuple[str, ...]] = ("easy", "normal", "hard")
GAMES: Final[tuple[str, ...]] = ("shisensho", "solitaire", "blackwhite")

#: How many derived sub-seeds a generator tries before giving up.
MAX_ATTEMPTS: Final = 200
#: Node budget of the solver per candidate shuffle in :func:`reshuffle` (a game
#: waiting for its new board tries another shuffle rather than wait long).
CHECK_NODES: Final = 600
#: Node bounds of the solver per candidate in the solver-checked generator, on a
#: grid and on a layout. Bounds in nodes (not seconds) keep deals identical on fast
#: and slow machines; they let the solver decide about 98 % of random 17 x 8 deals
#: and 96 % of random Turtle deals while keeping a deal's wait to a few seconds at
#: worst. A candidate not decided within its bound is skipped like an unsolvable
#: one (see docs/generation.md). Gravity boards, which the solver searches move by
#: move, get :data:`CHECK_NODES`.
GRID_PROOF_NODES: Final = 3_000
LAYOUT_PROOF_NODES: Final = 600


class GenerationError(RuntimeError):
    """No board could be generated within the bounded number of attempts."""


# ---------------------------------------------------------------------------
# The deal record


@dataclass(frozen=True)
class Deal:
    """A generated board with the facts that rebuild it.

    ``solution`` is a tuple of :class:`Match` in playing order; pushing them
    one by one on ``board.copy()`` clears the board. ``layout`` is the layout
    name of a layered deal (``None`` on a grid), ``size`` the grid's
    ``(rows, cols)`` (``None`` for layouts). ``difficulty`` is the requested
    level of a layered deal, ``None`` on a grid.
    """

    board: AnyBoard
    solution: tuple[Match, ...]
    game: str
    layout: str | None
    size: tuple[int, int] | None
    seed: int
    generator: str
    version: int
    difficulty: str | None = None
    gravity: bool = False
    stones: int = 0
    tileset: str | None = None
    custom: bool = field(default=False)
    """True when the board came from a custom mask or a layout that is not built in."""
    shape: str | None = None
    """The built-in Shisen-Sho shape (:mod:`tilematch.engine.grid.outlines`) the board
    was dealt on, ``None`` for a plain rectangle or a custom mask."""
