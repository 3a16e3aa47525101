"""Shisen-Sho board shapes: a grid with a mask of the cells that hold tiles (docs/rules.md §2).

A :class:`Outline` names a board outline: ``rows`` x ``cols`` cells of which the
cells in ``mask`` hold tiles; the others are empty space that lines may
cross, like the ring around the board. Built-in shapes come from
:func:`shapes` / :func:`get_shape`; a player's own outline is read from text
by :func:`parse_shape` (``#`` a tile, ``.`` an empty cell, one line a row).

>>> diamond = get_shape("diamond")
>>> diamond.rows, diamond.cols, diamond.tiles
(10, 18, 100)
>>> get_shape("pyramid").text().splitlines()[0]
'.......##.......'
>>> parse_shape("##\\n##\\n").tiles
4
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

from tilematch.engine.grid.shape import MAX_SIDE
from tilematch.engine.words import counted

#: Most characters :func:`parse_shape` reads.
MAX_SHAPE_TEXT: Final = 16_384


class ShapeError(ValueError):
    """A shape text that cannot be a board, or an unknown shape name.

    ``line`` and ``column`` (1-based) point at the problem when it has a place.
    """

    def __init__(self, message: str, line: int | None = None, column: int | None = None) -> None:
        where = ""
        if line is not None:
            where = f"line {line}" + (f", column {column}" if column is not None else "") + ": "
        super().__init__(where + message)
        self.line = line
        self.column = column


@dataclass(frozen=True)
class Outline:
    """A Shisen-Sho board outline.

    ``mask`` is an ``int`` over spots ``row * cols + col`` (the form
    :class:`~tilematch.engine.grid.board.GridBoard` and
    :func:`~tilematch.engine.deal.grid.deal_grid` take); ``name`` is the key
    (lowercase), ``title`` the name shown to players.
    """

    name: str
    title: str
    rows: int
    cols: int
    mask: int
    description: str = field(default="", compare=False)

    @property
    def tiles(self) -> int:
        """How many tiles the shape holds."""
        return self.mask.bit_count()

    def cells(self) -> list[tuple[int, int]]:
        """The ``(row, col)`` cells that hold tiles, row by row."""
        return [
            (r, c)
            for r in range(self.rows)
            for c in range(self.cols)
            if self.mask >> (r * self.cols + c) & 1
        ]

    def text(self) -> str:
        """The outline as :func:`parse_shape` reads it (``#`` tile, ``.`` empty)."""
        lines = []
        for r in range(self.rows):
            row = self.mask >> (r * self.cols)
            lines.append("".join("#" if row >> c & 1 else "." for c in range(self.cols)))
        return "\n".join(lines) + "\n"


def parse_shape(text: str, name: str = "custom", title: str = "Custom") -> Outline:
    """Read a board outline: one line a row, ``#`` for a tile, ``.`` (or a space)
    for an empty cell; lines starting with ``;`` are comments and short rows are
    padded with empty cells. Empty rows and columns around the outline are
    trimmed.

    Raises :class:`ShapeError` naming the line and column of an unknown
    character, and for an outline with no tiles, an odd number of tiles, or more
    than :data:`~tilematch.engine.grid.shape.MAX_SIDE` rows or columns.
    """
    if len(text) > MAX_SHAPE_TEXT:
        raise ShapeError(f"a shape is at most {MAX_SHAPE_TEXT} characters, not {len(text)}")
    cells: list[tuple[int, int]] = []
    row = 0
    for number, line in enumerate(text.splitlines(), start=1):
        if line.startswith(";"):
            continue
        for column, char in enumerate(line.rstrip(), start=1):
            if char == "#":
                cells.append((row, column - 1))
            elif char not in ". ":
                raise ShapeError(
                    f"{char!r} is not a cell: use '#' for a tile, '.' for empty", number, column
                )
        row += 1
    if not cells:
        raise ShapeError("the shape has no tiles ('#')")
    if len(cells) % 2:
        raise ShapeError(
            f"the shape has {counted(len(cells), 'tile')}: tiles go in pairs, so it needs an even"
            " number"
        )
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    rows = max(r for r, _ in cells) - top + 1
    cols = max(c for _, c in cells) - left + 1
    if rows > MAX_SIDE or cols > MAX_SIDE:
        raise ShapeError(
            f"the shape is {cols} x {rows} cells (columns x rows); at most {MAX_SIDE} x {MAX_SIDE}"
        )
    mask = 0
    for r, c in cells:
        mask |= 1 << ((r - top) * cols + (c - left))
    return Outline(name, title, rows, cols, mask)


def _drawn(rows: int, cols: int, keep: Callable[[int, int], bool]) -> int:
    mask = 0
    for r in range(rows):
        for c in range(cols):
            if keep(r, c):
                mask |= 1 << (r * cols + c)
    return mask


def _centred(widths: list[int], cols: int) -> int:
    return _drawn(len(widths), cols, lambda r, c: abs(2 * c + 1 - cols) < widths[r])


_BUILT_IN: Final = (
    Outline(
        "diamond",
        "Diamond",
        10,
        18,
        _centred([2, 6, 10, 14, 18, 18, 14, 10, 6, 2], 18),
        "A wide diamond; the long middle rows open late.",
    ),
    Outline(
        "pyramid",
        "Pyramid",
        8,
        16,
        _centred([2, 4, 6, 8, 10, 12, 14, 16], 16),
        "Rows that grow towards a broad base.",
    ),
    Outline(
        "frame",
        "Frame",
        8,
        17,
        _drawn(8, 17, lambda r, c: not (2 <= r <= 5 and 3 <= c <= 13)),
        "The standard board with an empty hall in the middle: lines cut across it.",
    ),
    Outline(
        "cross",
        "Cross",
        12,
        18,
        _drawn(12, 18, lambda r, c: 6 <= c <= 11 or 4 <= r <= 7),
        "Four arms round a crowded centre.",
    ),
    Outline(
        "hourglass",
        "Hourglass",
        8,
        16,
        _centred([16, 12, 8, 4, 4, 8, 12, 16], 16),
        "Two halves that meet at a narrow waist.",
    ),
    Outline(
        "twin",
        "Twin Halls",
        8,
        17,
        _drawn(8, 17, lambda r, c: c != 8),
        "Two halls of 8 x 8 with an empty aisle between them.",
    ),
    Outline(
        "lattice",
        "Lattice",
        8,
        17,
        _drawn(8, 17, lambda r, c: (r + c) % 2 == 0),
        "Every other cell: a tile can reach far from the start.",
    ),
)


def shapes() -> list[Outline]:
    """The built-in shapes, in the order a menu shows them."""
    return list(_BUILT_IN)


def names() -> list[str]:
    """The keys of the built-in shapes."""
    return [shape.name for shape in _BUILT_IN]


def get_shape(name: str) -> Outline:
    """The built-in shape called ``name`` (case-insensitive).

    Raises :class:`ShapeError` listing the names when there is none.
    """
    key = name.strip().lower()
    for shape in _BUILT_IN:
        if shape.name == key:
            return shape
    raise ShapeError(f"no shape called {name!r}; choose one of {', '.join(names())}")
