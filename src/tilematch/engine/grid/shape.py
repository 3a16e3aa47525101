"""The tables of a Shisen-Sho grid: its cells, rows, columns and gravity runs."""

from __future__ import annotations

from typing import ClassVar, Final

from tilematch.engine.board import bits
from tilematch.engine.tiles import match_key

#: Largest number of rows or columns of a grid.
MAX_SIDE: Final = 64
#: The default board: 8 rows of 17 columns (136 tiles).
DEFAULT_ROWS: Final = 8
DEFAULT_COLS: Final = 17

# ---------------------------------------------------------------------------
# Match keys: every distinct (match group, colour) gets a small int, and each
# key knows the key of its partners (itself for plain faces, the opposite
# colour for Black & White faces).

_KEY_OF: dict[str, int] = {}
_KEY_PARTNER: list[int] = []
_KEY_GROUP: list[str] = []
_KEY_IDS: dict[tuple[str, str | None], int] = {}


def _key_id(code: str) -> int:
    """The match-key id of a face; raises :class:`TileError` for an unknown code."""
    kid = _KEY_OF.get(code)
    if kid is not None:
        return kid
    group, colour = match_key(code)
    wanted: list[tuple[str, str | None]] = [(group, colour)]
    if colour is not None:
        wanted.append((group, "w" if colour == "b" else "b"))
    for item in wanted:
        if item not in _KEY_IDS:
            _KEY_IDS[item] = len(_KEY_GROUP)
            _KEY_GROUP.append(item[0])
            _KEY_PARTNER.append(-1)
    own, other = _KEY_IDS[wanted[0]], _KEY_IDS[wanted[-1]]
    _KEY_PARTNER[own], _KEY_PARTNER[other] = other, own
    _KEY_OF[code] = own
    return own


# ---------------------------------------------------------------------------
# Geometry


class GridShape:
    """The geometry of a ``rows`` x ``cols`` grid with an optional cell mask.

    Instances are cached: ``GridShape(8, 17) is GridShape(8, 17)``. All masks
    are ``int`` bitmasks over spots (``row * cols + col``):

    * ``cells``: the spots tiles may stand on (the mask; every spot without one);
    * ``everything``: every spot of the rectangle;
    * ``row_col[spot]``: ``divmod(spot, cols)`` (a table, for the connection test);
    * ``border``: spots on the outer edge of the rectangle;
    * ``neighbours[spot]``: the up to four orthogonal neighbours inside the rectangle;
    * ``row_masks[r]`` / ``col_masks[c]``: the spots of a row / column;
    * ``low_ones[k]``: ``(1 << k) - 1``, for ``k`` up to ``max(rows, cols) + 1``;
    * ``upto_row[k]``: the spots of the rows above row ``k`` (``k`` up to ``rows``);
    * ``row_cells[r + 1][c + 1]`` and ``col_cells[c + 1][r + 1]``: ``1 << spot`` of the
      spot in row ``r`` and column ``c``, indexed as the lines of a
      :class:`GridLines` are (the ring's entries are 0; the connection test);
    * ``unbits[spot]``: how emptying ``spot`` changes the occupancy lines of a
      :class:`GridLines`: ``(row line, mask to keep, column line, mask to keep)``;
    * ``run_of[spot]``: for gravity, the bitmask of the vertical run of mask
      cells that ``spot`` belongs to (``0`` outside the mask); ``runs`` lists them.

    The empty ring around the board (rows ``-1`` and ``rows``, columns ``-1``
    and ``cols``) needs no cells of its own: a :class:`GridBoard` keeps one
    occupancy ``int`` per row (bit = column) and per column (bit = row), padded
    with an always-empty line at each end for the ring, and the connection
    test reads how far a line sees from those.

    Raises :class:`ValueError` for a side outside ``1..64``, a mask with bits
    outside the rectangle, or an empty mask.
    """

    __slots__ = (
        "border",
        "cells",
        "col_cells",
        "col_masks",
        "cols",
        "everything",
        "low_ones",
        "mask",
        "neighbours",
        "row_cells",
        "row_col",
        "row_masks",
        "rows",
        "run_of",
        "runs",
        "size",
        "unbits",
        "upto_row",
    )

    rows: int
    cols: int
    size: int
    mask: int | None
    cells: int
    everything: int
    border: int
    neighbours: tuple[int, ...]
    row_col: tuple[tuple[int, int], ...]
    row_masks: tuple[int, ...]
    col_masks: tuple[int, ...]
    low_ones: tuple[int, ...]
    upto_row: tuple[int, ...]
    row_cells: tuple[tuple[int, ...], ...]
    col_cells: tuple[tuple[int, ...], ...]
    run_of: tuple[int, ...]
    runs: tuple[int, ...]
    unbits: tuple[tuple[int, int, int, int], ...]

    _cache: ClassVar[dict[tuple[int, int, int | None], GridShape]] = {}

    def __new__(
        cls, rows: int = DEFAULT_ROWS, cols: int = DEFAULT_COLS, mask: int | None = None
    ) -> GridShape:
        # Types are checked before the cache is asked: ``True == 1`` would find GridShape(1, ...).
        for name, side in (("rows", rows), ("cols", cols)):
            if not isinstance(side, int) or isinstance(side, bool) or not 1 <= side <= MAX_SIDE:
                raise ValueError(f"{name} must be an int from 1 to {MAX_SIDE}, not {side!r}")
        if mask is not None and (not isinstance(mask, int) or isinstance(mask, bool)):
            raise ValueError(f"mask must be an int bitmask, not {type(mask).__name__}")
        key = (rows, cols, mask)
        cached = cls._cache.get(key)
        if cached is not None:
            return cached
        size = rows * cols
        everything = (1 << size) - 1
        if mask is not None:
            if mask < 0 or mask & ~everything:
                raise ValueError(f"mask has cells outside the {cols} x {rows} grid")
            if mask == 0:
                raise ValueError("mask has no cells")
        self = super().__new__(cls)
        self.rows, self.cols, self.size, self.mask = rows, cols, size, mask
        self.everything = everything
        self.row_col = tuple(divmod(spot, cols) for spot in range(size))
        self.cells = everything if mask is None else mask
        row_masks = tuple(((1 << cols) - 1) << (r * cols) for r in range(rows))
        col_masks = tuple(sum(1 << (r * cols + c) for r in range(rows)) for c in range(cols))
        self.row_masks, self.col_masks = row_masks, col_masks
        self.low_ones = tuple((1 << k) - 1 for k in range(max(rows, cols) + 2))
        self.upto_row = tuple((1 << (k * cols)) - 1 for k in range(rows + 1))
        ring_row, ring_col = (0,) * (cols + 2), (0,) * (rows + 2)
        self.row_cells = (
            ring_row,
            *((0, *(1 << (r * cols + c) for c in range(cols)), 0) for r in range(rows)),
            ring_row,
        )
        self.col_cells = (
            ring_col,
            *((0, *(1 << (r * cols + c) for r in range(rows)), 0) for c in range(cols)),
            ring_col,
        )
        self.border = row_masks[0] | row_masks[-1] | col_masks[0] | col_masks[-1]
        self.neighbours = _neighbours(rows, cols)
        self.unbits = tuple(
            (r + 1, ~(1 << c), c + 1, ~(1 << r)) for r, c in (divmod(s, cols) for s in range(size))
        )
        self.runs, self.run_of = _runs(rows, cols, self.cells)
        cls._cache[key] = self
        return self

    def falls(self, run: int, occupied: int) -> tuple[tuple[int, int], ...]:
        """Where the tiles of the vertical run ``run`` (an entry of :attr:`runs`) come to
        rest under gravity when ``occupied`` is the occupancy: ``(start, target)`` for
        every tile of the run, top to bottom, each sliding down, keeping their order,
        until they rest on the bottom of the run or on each other. ``()`` when they
        already rest. THE gravity rule: :meth:`GridBoard.push` and the generators
        both settle with it.
        """
        cells = list(bits(run))  # top to bottom: spots grow downwards
        standing = [s for s in cells if occupied >> s & 1]
        target = cells[len(cells) - len(standing) :]
        if standing == target:
            return ()
        return tuple(zip(standing, target, strict=True))

    def __repr__(self) -> str:
        extra = "" if self.mask is None else f", mask={self.mask:#x}"
        return f"GridShape({self.rows}, {self.cols}{extra})"

    def __getnewargs__(self) -> tuple[int, int, int | None]:
        return (self.rows, self.cols, self.mask)


def _neighbours(rows: int, cols: int) -> tuple[int, ...]:
    """The orthogonal neighbours of every spot of a ``rows`` x ``cols`` rectangle."""
    neighbours = []
    for spot in range(rows * cols):
        r, c = divmod(spot, cols)
        nb = 0
        if r > 0:
            nb |= 1 << (spot - cols)
        if r < rows - 1:
            nb |= 1 << (spot + cols)
        if c > 0:
            nb |= 1 << (spot - 1)
        if c < cols - 1:
            nb |= 1 << (spot + 1)
        neighbours.append(nb)
    return tuple(neighbours)


def _runs(rows: int, cols: int, cells: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The vertical runs of ``cells`` column by column, and each spot's run (0 off ``cells``)."""
    run_of = [0] * (rows * cols)
    runs = []
    for c in range(cols):
        run = 0
        for r in range(rows + 1):
            spot = r * cols + c
            if r < rows and cells >> spot & 1:
                run |= 1 << spot
            elif run:
                runs.append(run)
                for s in bits(run):
                    run_of[s] = run
                run = 0
    return tuple(runs), tuple(run_of)
