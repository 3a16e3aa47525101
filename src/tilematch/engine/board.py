"""What every board offers, whatever its geometry.

:class:`~tilematch.engine.grid.board.GridBoard` (Shisen-Sho) and
:class:`~tilematch.engine.stack.board.StackBoard` (Mahjong Solitaire, Black & White)
both follow :class:`Board`, so the solver, the generators, the game modes and
the server treat them alike. Tile positions are ``int`` *spots*; occupancy is
an ``int`` bitmask over spots.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from typing import Literal, NamedTuple, Protocol, Self

Point = tuple[int, int]


def bits(mask: int) -> list[int]:
    """The positions of the set bits of ``mask``, ascending (spots of an occupancy,
    tiles of a group): the one bit walk every board, generator and solver uses.

    >>> bits(0b10110)
    [1, 2, 4]
    """
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class BoardError(ValueError):
    """A board (from a file, a request or a constructor) cannot be used; the message
    names the element and the problem.

    Text readers pass ``line`` and ``column`` (1-based); the message then starts
    with ``line L, column C:`` and the attributes keep the numbers (else ``None``).
    """

    def __init__(self, message: str, line: int | None = None, column: int | None = None) -> None:
        if line is not None:
            place = f"line {line}" if column is None else f"line {line}, column {column}"
            message = f"{place}: {message}"
        super().__init__(message)
        self.line = line
        self.column = column


class Match(NamedTuple):
    """A removable pair: two spots (``a < b``) and, on a grid, the connecting path.

    ``path`` lists the points where the line starts, bends and ends as
    ``(row, col)``; row ``-1`` / ``rows`` and column ``-1`` / ``cols`` are the
    empty ring around the board. Layered boards leave it empty.
    """

    a: int
    b: int
    path: tuple[Point, ...] = ()


#: Why a pair was refused; stable words for programs, see :func:`reason_text`.
REASONS = {
    "empty": "There is no tile there.",
    "same": "Pick two different tiles.",
    "not free": "That tile is not free.",
    "not a match": "Those two tiles do not match.",
    "no path": "No line with at most two bends joins those tiles.",
    "stone": "That stone tile has not been cracked open yet.",
}


def reason_text(reason: str) -> str:
    """A sentence for players explaining a refusal word from :meth:`Board.why_not`."""
    return REASONS.get(reason, reason)


class PairView:
    """The legal pairs of a position, produced lazily.

    ``bool(view)`` stops at the first pair found, ``count()`` runs the whole
    generator, iteration yields each pair once as a :class:`Match`.
    """

    __slots__ = ("_produce",)

    def __init__(self, produce: Callable[[], Iterator[Match]]) -> None:
        self._produce = produce

    def __iter__(self) -> Iterator[Match]:
        return self._produce()

    def __bool__(self) -> bool:
        return any(True for _ in self._produce())

    def count(self) -> int:
        """How many legal pairs there are."""
        return sum(1 for _ in self._produce())

    def __contains__(self, pair: object) -> bool:
        if not isinstance(pair, tuple) or len(pair) < 2:
            return False
        a, b = sorted((pair[0], pair[1]))
        return any(m.a == a and m.b == b for m in self._produce())

    def __repr__(self) -> str:
        return f"<PairView {self.count()} pairs>"


#: The games a board belongs to.
Game = Literal["shisensho", "solitaire", "blackwhite"]


class Board(Protocol):
    """The protocol both board geometries implement (see ``docs/architecture.md``)."""

    occupied: int

    @property
    def game(self) -> Game:
        """The game whose rules the board follows."""
        ...

    def face(self, spot: int) -> str | None:
        """The tile code at ``spot``, or ``None`` when it is empty."""
        ...

    def spots(self) -> Iterator[int]:
        """The occupied spots in ascending order."""
        ...

    def coords(self, spot: int) -> tuple[int, ...]:
        """Public coordinates of a spot: ``(row, col)`` or ``(x, y, z)``."""
        ...

    def spot_at(self, coords: Sequence[int]) -> int:
        """The spot at public coordinates; raises ``KeyError`` when there is none."""
        ...

    def is_free(self, spot: int) -> bool:
        """True when the tile at ``spot`` is free by the rules of this geometry."""
        ...

    def free_spots(self) -> int:
        """Bitmask of the occupied spots that are free."""
        ...

    def match(self, a: int, b: int) -> Match | None:
        """The pair ``a``/``b`` as a legal :class:`Match`, or ``None``."""
        ...

    def why_not(self, a: int, b: int) -> str:
        """The reason word (:data:`REASONS`) that ``match(a, b)`` is ``None``."""
        ...

    def legal_pairs(self) -> PairView:
        """All legal pairs, lazily."""
        ...

    def push(self, move: Match) -> None:
        """Remove the pair of ``move``."""
        ...

    def pop(self) -> Match:
        """Put back the pair removed by the last :meth:`push`; returns it."""
        ...

    def is_cleared(self) -> bool:
        """True when no tile is left."""
        ...

    def is_deadlocked(self) -> bool:
        """True when tiles remain and no pair is legal."""
        ...

    def copy(self) -> Self:
        """An independent copy (including the undo stack)."""
        ...

    def with_faces(self, faces: Mapping[int, str]) -> Self:
        """The same occupied spots with new faces (for reshuffles), empty undo stack."""
        ...

    def key(self) -> Hashable:
        """Identity of the position for memo tables."""
        ...
