"""Shisen-Sho boards: a flat grid of tiles joined by lines with at most two bends.

A :class:`GridBoard` has ``rows`` x ``cols`` cells; the tile position in row
``r`` and column ``c`` is the *spot* ``r * cols + c``. Occupancy is an ``int``
bitmask over spots, and every row and column also keeps its own small
occupancy mask, so the connection test is a handful of integer operations.

Rules as implemented (SPEC §2):

* Two tiles can be removed when their faces match
  (:func:`~tilematch.engine.tiles.tiles_match`) and a line of at most three
  straight horizontal/vertical segments (at most two 90° bends) joins them
  through empty cells. One empty ring around the board stands for the
  unbounded space outside it: rows ``-1`` and ``rows``, columns ``-1`` and
  ``cols``. Adjacent tiles always connect.
* :meth:`GridLines.connect` is the one connection function (a
  :class:`GridBoard` asks it through :meth:`GridBoard.connect`; generators
  ask it about occupancies of face-less tiles); it returns the path with the
  fewest bends (and, among those, the shortest) as its corner points.
  :meth:`GridLines.line_or_blockers` answers the same question, stopping at the
  first line it finds: with the cells of a line when the answer is yes, and when
  it is no the cells one of which must be emptied before it can be yes (the
  solver's reach test asks it, and asks again only once one has gone);
  :meth:`GridLines.connects` reads it as yes or no (:meth:`GridBoard.why_not`).
  :meth:`GridBoard.match` adds the face rule to it.
* A *mask* gives a board a custom shape: cells outside the mask hold no tile
  and are empty space that lines may cross.
* A tile is *free* (what hints and the Learn Mode highlight) when it has an
  empty orthogonal neighbour, stands on the edge of the board, or stands next
  to a cell outside the mask. Only free tiles can be joined by a line of one
  or more empty cells; adjacent tiles connect whether free or not.
* Gravity (optional): after a pair is removed, every column run that lost a
  tile settles; see :meth:`GridBoard.push` and :meth:`GridShape.falls`.

>>> board = GridBoard(2, 3, ["5s", "1z", "5s",
...                           "7z", "1z", "7z"])
>>> board.match(0, 2) is None                 # the 1z between them blocks the row
False
>>> board.match(0, 2).path                    # ... so the line goes round the top
((0, 0), (-1, 0), (-1, 2), (0, 2))
>>> [(m.a, m.b) for m in board.legal_pairs()]
[(0, 2), (1, 4), (3, 5)]
>>> board.push(board.match(1, 4)); board.match(3, 5).path
((1, 0), (1, 2))
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Mapping, Sequence
from typing import ClassVar, Final, overload

from tilematch.engine.board import BoardError, Match, PairView, Point, bits
from tilematch.engine.tiles import TileError, match_key

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
    * ``bit[spot]``: ``1 << spot`` (a table: the solver's hot loops test and
      set single spots of 136-bit masks, and a lookup makes no temporary int);
    * ``row_col[spot]``: ``divmod(spot, cols)`` (a table, for the connection test);
    * ``border``: spots on the outer edge of the rectangle;
    * ``neighbours[spot]``: the up to four orthogonal neighbours inside the rectangle;
    * ``row_masks[r]`` / ``col_masks[c]``: the spots of a row / column;
    * ``low_ones[k]``: ``(1 << k) - 1``, for ``k`` up to ``max(rows, cols) + 1``;
    * ``upto_row[k]``: the spots of the rows above row ``k`` (``k`` up to ``rows``);
    * ``row_cells[r + 1][c + 1]`` and ``col_cells[c + 1][r + 1]``: ``bit`` of the
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
        "bit",
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
    bit: tuple[int, ...]
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
                raise ValueError(f"mask has cells outside the {rows}x{cols} grid")
            if mask == 0:
                raise ValueError("mask has no cells")
        self = super().__new__(cls)
        self.rows, self.cols, self.size, self.mask = rows, cols, size, mask
        self.everything = everything
        self.bit = tuple(1 << spot for spot in range(size))
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
        neighbours = []
        for spot in range(size):
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
        self.neighbours = tuple(neighbours)
        self.unbits = tuple(
            (r + 1, ~(1 << c), c + 1, ~(1 << r)) for r, c in (divmod(s, cols) for s in range(size))
        )
        run_of = [0] * size
        runs = []
        for c in range(cols):
            run = 0
            for r in range(rows + 1):
                spot = r * cols + c
                if r < rows and self.cells >> spot & 1:
                    run |= 1 << spot
                elif run:
                    runs.append(run)
                    for s in bits(run):
                        run_of[s] = run
                    run = 0
        self.run_of = tuple(run_of)
        self.runs = tuple(runs)
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


class GridLines:
    """The occupancy of a grid as the connection function reads it.

    ``row_bits[r + 1]`` holds the occupied columns of row ``r`` (bit ``c``) and
    ``col_bits[c + 1]`` the occupied rows of column ``c`` (bit ``r``); entry 0
    and the last entry stand for the empty ring around the board. Every
    :class:`GridBoard` keeps one; generators keep their own for occupancies of
    face-less tiles (reverse placement, reshuffles) and ask the same
    :meth:`connect`. ``occupied`` is an optional bitmask over spots to start from.
    """

    __slots__ = ("col_bits", "row_bits", "shape")

    def __init__(self, shape: GridShape, occupied: int = 0) -> None:
        self.shape = shape
        row_bits = [0] * (shape.rows + 2)
        col_bits = [0] * (shape.cols + 2)
        row_col = shape.row_col
        for spot in bits(occupied):  # (:meth:`add`, inline)
            r, c = row_col[spot]
            row_bits[r + 1] |= 1 << c
            col_bits[c + 1] |= 1 << r
        self.row_bits: list[int] = row_bits
        self.col_bits: list[int] = col_bits

    def add(self, spot: int) -> None:
        """Mark ``spot`` occupied."""
        r, c = self.shape.row_col[spot]
        self.row_bits[r + 1] |= 1 << c
        self.col_bits[c + 1] |= 1 << r

    def remove(self, spot: int) -> None:
        """Mark ``spot`` empty (:attr:`GridShape.unbits`)."""
        row, keep_row, col, keep_col = self.shape.unbits[spot]
        self.row_bits[row] &= keep_row
        self.col_bits[col] &= keep_col

    def copy(self) -> GridLines:
        """An independent copy."""
        other = object.__new__(GridLines)
        other.shape = self.shape
        other.row_bits = self.row_bits.copy()
        other.col_bits = self.col_bits.copy()
        return other

    def reach(self, spot: int) -> tuple[int, int, int, int]:
        """``(up, down, left, right)``: the farthest row above/below and column
        left/right of ``spot`` that a straight line from it reaches through empty
        cells (``-1``, ``rows`` and ``cols`` are the ring)."""
        cols = self.shape.cols
        r, c = divmod(spot, cols)
        column, row = self.col_bits[c + 1], self.row_bits[r + 1]
        m = column & ((1 << r) - 1)
        up = m.bit_length() if m else -1
        m = column >> (r + 1)
        down = r + (m & -m).bit_length() - 1 if m else self.shape.rows
        m = row & ((1 << c) - 1)
        left = m.bit_length() if m else -1
        m = row >> (c + 1)
        right = c + (m & -m).bit_length() - 1 if m else cols
        return up, down, left, right

    def connect(self, a: int, b: int) -> tuple[Point, ...] | None:
        """The line joining cells ``a`` and ``b`` with at most two bends, or ``None``:
        THE connection function of Shisen-Sho (:meth:`GridBoard.connect`,
        :meth:`GridBoard.match`, legal pairs and the generators all come here).

        Whether ``a`` and ``b`` themselves are occupied does not matter; every
        other cell on the line must be empty or outside the board. Returns the
        corner points ``(row, col)`` from ``a`` to ``b`` (start, each bend, end;
        the ring has row ``-1`` / ``rows`` and column ``-1`` / ``cols``): of all
        such lines one with the fewest bends, and of those a shortest one.
        ``None`` when ``a == b``. Both spots must be on the grid (not checked).
        """
        if a == b:
            return None
        shape = self.shape
        rows, cols = shape.rows, shape.cols
        ra, ca = divmod(a, cols)
        rb, cb = divmod(b, cols)
        rows_occ, cols_occ = self.row_bits, self.col_bits
        # Straight lines.
        if ra == rb:
            lo, hi = (ca, cb) if ca < cb else (cb, ca)
            between_c = ((1 << hi) - 1) ^ ((1 << (lo + 1)) - 1)
            if not rows_occ[ra + 1] & between_c:
                return ((ra, ca), (rb, cb))
        elif ca == cb:
            lo, hi = (ra, rb) if ra < rb else (rb, ra)
            between_r = ((1 << hi) - 1) ^ ((1 << (lo + 1)) - 1)
            if not cols_occ[ca + 1] & between_r:
                return ((ra, ca), (rb, cb))
        # How far each end sees up/down and left/right (ring included).
        up_a, down_a, left_a, right_a = self.reach(a)
        up_b, down_b, left_b, right_b = self.reach(b)
        r_lo, r_hi = (ra, rb) if ra < rb else (rb, ra)
        c_lo, c_hi = (ca, cb) if ca < cb else (cb, ca)
        # Vertical - horizontal - vertical through row r (needs ca != cb).
        v_lo = v_hi = 0
        between_c = 0
        if ca != cb:
            v_lo, v_hi = max(up_a, up_b), min(down_a, down_b)
            between_c = ((1 << c_hi) - 1) ^ ((1 << (c_lo + 1)) - 1)
        # Horizontal - vertical - horizontal through column c (needs ra != rb).
        h_lo = h_hi = 0
        between_r = 0
        if ra != rb:
            h_lo, h_hi = max(left_a, left_b), min(right_a, right_b)
            between_r = ((1 << r_hi) - 1) ^ ((1 << (r_lo + 1)) - 1)
        use_v = ca != cb and v_lo <= v_hi
        use_h = ra != rb and h_lo <= h_hi
        if not (use_v or use_h):
            return None

        def row_open(r: int) -> bool:
            return r < 0 or r >= rows or not rows_occ[r + 1] & between_c

        def col_open(c: int) -> bool:
            return c < 0 or c >= cols or not cols_occ[c + 1] & between_r

        # One bend: the corners (ra, cb) and (rb, ca).
        if use_v and ra != rb:
            if v_lo <= ra <= v_hi and row_open(ra):
                return ((ra, ca), (ra, cb), (rb, cb))
            if v_lo <= rb <= v_hi and row_open(rb):
                return ((ra, ca), (rb, ca), (rb, cb))
        # Two bends, shortest first: lines inside the box spanned by a and b,
        # then lines d steps outside it.
        if use_v:
            for r in range(max(r_lo + 1, v_lo), min(r_hi - 1, v_hi) + 1):
                if row_open(r):
                    return ((ra, ca), (r, ca), (r, cb), (rb, cb))
        if use_h:
            for c in range(max(c_lo + 1, h_lo), min(c_hi - 1, h_hi) + 1):
                if col_open(c):
                    return ((ra, ca), (ra, c), (rb, c), (rb, cb))
        d_max = max(rows, cols) + 1
        for d in range(1, d_max + 1):
            if use_v:
                r = r_lo - d
                if r >= v_lo and row_open(r):
                    return ((ra, ca), (r, ca), (r, cb), (rb, cb))
                r = r_hi + d
                if r <= v_hi and row_open(r):
                    return ((ra, ca), (r, ca), (r, cb), (rb, cb))
                if r_lo - d < v_lo and r_hi + d > v_hi:
                    use_v = False
            if use_h:
                c = c_lo - d
                if c >= h_lo and col_open(c):
                    return ((ra, ca), (ra, c), (rb, c), (rb, cb))
                c = c_hi + d
                if c <= h_hi and col_open(c):
                    return ((ra, ca), (ra, c), (rb, c), (rb, cb))
                if c_lo - d < h_lo and c_hi + d > h_hi:
                    use_h = False
            if not (use_v or use_h):
                break
        return None

    def connects(self, a: int, b: int) -> bool:
        """``connect(a, b) is not None``, answered without drawing the line: the same
        rule (at most two bends through empty cells or the ring; the ends themselves
        are not looked at), stopping at the first line found rather than looking for
        the one with the fewest bends (:meth:`line_or_blockers`, read as yes or no).
        """
        return a != b and self.line_or_blockers(a, b) < 0

    def line_or_blockers(self, a: int, b: int) -> int:
        """:meth:`connects` with a reason (``a != b``). When a line of the rule joins
        ``a`` and ``b``: a negative int, ``~cells``, ``cells`` the bitmask over spots
        of the grid cells one such line crosses (ends left out; ``0`` for a line of
        no such cell): they stay joined in any position where those cells are
        empty. Otherwise a positive bitmask of cells that block every line of the
        rule between them: in any position where its occupied cells are all still
        occupied, ``a`` and ``b`` stay apart, whatever else is emptied or filled.
        (Every line of at most two bends crosses an occupied cell of the mask: the
        first cell each end's straight lines meet, and one cell between the two
        columns, or rows, on every row, or column, that both ends' straight lines
        reach.) What stands on ``a`` and ``b`` does not matter, as for
        :meth:`connects`. Callers that would ask :meth:`connects` again after
        removals need not while no cell of the mask has been emptied.
        """
        shape = self.shape
        ra, ca = shape.row_col[a]
        rb, cb = shape.row_col[b]
        rows_occ, cols_occ = self.row_bits, self.col_bits
        low = shape.low_ones
        if ra == rb:
            lo, hi = (ca, cb) if ca < cb else (cb, ca)
            between = low[hi] ^ low[lo + 1]
            if not rows_occ[ra + 1] & between:
                return ~(between << (ra * shape.cols))
        elif ca == cb:
            lo, hi = (ra, rb) if ra < rb else (rb, ra)
            if not cols_occ[ca + 1] & (low[hi] ^ low[lo + 1]):
                upto = shape.upto_row
                return ~(shape.col_masks[ca] & (upto[hi] ^ upto[lo + 1]))
        rows, cols = shape.rows, shape.cols
        # how far each end sees along its column (the ring is -1 / rows), and the
        # first occupied cell it meets each way (``cells[r + 1]``: row ``r``'s)
        row_cells, col_cells = shape.row_cells, shape.col_cells
        col_a, col_b = cols_occ[ca + 1], cols_occ[cb + 1]
        cells_a, cells_b = col_cells[ca + 1], col_cells[cb + 1]
        m = col_a & low[ra]
        if m:
            up = m.bit_length()
            block = cells_a[up]
        else:
            up = -1
            block = 0
        m = col_b & low[rb]
        if m:
            s = m.bit_length()
            block |= cells_b[s]
            if s > up:
                up = s
        m = col_a >> (ra + 1)
        if m:
            down = ra + (m & -m).bit_length() - 1
            block |= cells_a[down + 2]
        else:
            down = rows
        m = col_b >> (rb + 1)
        if m:
            s = rb + (m & -m).bit_length() - 1
            block |= cells_b[s + 2]
            if s < down:
                down = s
        if ca != cb and up <= down:
            # vertical - horizontal - vertical through a row both ends see
            c_lo, c_hi = (ca, cb) if ca < cb else (cb, ca)
            between = low[c_hi] ^ low[c_lo + 1]
            if up < 0 or down >= rows:
                return ~self._v_line(a, b, -1 if up < 0 else rows, 0)  # along the ring
            for r in range(up + 1, down + 2):
                m = rows_occ[r] & between
                if not m:
                    return ~self._v_line(a, b, r - 1, between << ((r - 1) * cols))
                block |= row_cells[r][(m & -m).bit_length()]
        # ... and along its row
        row_a, row_b = rows_occ[ra + 1], rows_occ[rb + 1]
        cells_a, cells_b = row_cells[ra + 1], row_cells[rb + 1]
        m = row_a & low[ca]
        if m:
            left = m.bit_length()
            block |= cells_a[left]
        else:
            left = -1
        m = row_b & low[cb]
        if m:
            s = m.bit_length()
            block |= cells_b[s]
            if s > left:
                left = s
        m = row_a >> (ca + 1)
        if m:
            right = ca + (m & -m).bit_length() - 1
            block |= cells_a[right + 2]
        else:
            right = cols
        m = row_b >> (cb + 1)
        if m:
            s = cb + (m & -m).bit_length() - 1
            block |= cells_b[s + 2]
            if s < right:
                right = s
        if ra != rb and left <= right:
            # horizontal - vertical - horizontal through a column both ends see
            r_lo, r_hi = (ra, rb) if ra < rb else (rb, ra)
            between = low[r_hi] ^ low[r_lo + 1]
            if left < 0 or right >= cols:
                return ~self._h_line(a, b, -1 if left < 0 else cols, 0)
            for c in range(left + 1, right + 2):
                m = cols_occ[c] & between
                if not m:
                    upto = shape.upto_row
                    span = shape.col_masks[c - 1] & (upto[r_hi] ^ upto[r_lo + 1])
                    return ~self._h_line(a, b, c - 1, span)
                block |= col_cells[c][(m & -m).bit_length()]
        return block

    def _v_line(self, a: int, b: int, r: int, middle: int) -> int:
        """The grid cells of the line from ``a`` along its column to row ``r``, then
        (``middle``: those cells of row ``r``, strictly between the two columns)
        to the column of ``b`` and along it to ``b``; the ends left out (``a``
        and ``b`` are in different columns)."""
        shape = self.shape
        upto, col_masks = shape.upto_row, shape.col_masks
        cells = middle
        for spot in (a, b):
            rs, c = shape.row_col[spot]
            if rs < r:  # rows rs + 1 to r (to the last row for the ring below)
                cells |= col_masks[c] & (upto[r + 1 if r < shape.rows else r] ^ upto[rs + 1])
            elif r < rs:  # rows r to rs - 1 (from the first row for the ring above)
                cells |= col_masks[c] & (upto[rs] ^ upto[r if r > 0 else 0])
        return cells

    def _h_line(self, a: int, b: int, c: int, middle: int) -> int:
        """The grid cells of the line from ``a`` along its row to column ``c``, then
        (``middle``: those cells of column ``c``, strictly between the two rows)
        to the row of ``b`` and along it to ``b``; the ends left out (``a`` and
        ``b`` are in different rows)."""
        shape = self.shape
        cols, low = shape.cols, shape.low_ones
        cells = middle
        for spot in (a, b):
            r, cs = shape.row_col[spot]
            if cs < c:  # columns cs + 1 to c (to the last column for the ring)
                cells |= (low[c + 1 if c < cols else c] ^ low[cs + 1]) << (r * cols)
            elif c < cs:  # columns c to cs - 1 (from the first column for the ring)
                cells |= (low[cs] ^ low[c if c > 0 else 0]) << (r * cols)
        return cells


# ---------------------------------------------------------------------------
# The board

Faces = Mapping[int, str] | Sequence[str | None]


class GridBoard:
    """A Shisen-Sho position; implements :class:`~tilematch.engine.board.Board`.

    Build it from a size and faces, ``GridBoard(rows, cols, faces)``, where
    ``faces`` is a flat sequence of ``rows * cols`` codes or ``None`` (row by
    row) or a mapping ``spot -> code``; or from a list of rows,
    ``GridBoard([["5s", None], ...])``. Keyword options: ``gravity`` (the
    gravity variant) and ``mask`` (custom shape, a bitmask over spots).

    Faces need not pair up here (generators build boards tile by tile); the
    text reader :func:`~tilematch.engine.grid_text.parse_grid` insists on it.

    Raises :class:`~tilematch.engine.board.BoardError` (a ``ValueError``) for
    unknown codes, a face outside the mask or the grid, or a wrong size.
    """

    game: str = "shisensho"

    __slots__ = (
        "_faces",
        "_key",
        "_kmask",
        "_lines",
        "_stack",
        "gravity",
        "occupied",
        "shape",
    )

    @overload
    def __init__(
        self,
        rows: int,
        cols: int,
        faces: Faces = ...,
        *,
        gravity: bool = ...,
        mask: int | None = ...,
    ) -> None: ...

    @overload
    def __init__(
        self,
        rows: Sequence[Sequence[str | None]],
        *,
        gravity: bool = ...,
        mask: int | None = ...,
    ) -> None: ...

    def __init__(
        self,
        rows: int | Sequence[Sequence[str | None]],
        cols: int | None = None,
        faces: Faces | None = None,
        *,
        gravity: bool = False,
        mask: int | None = None,
    ) -> None:
        if isinstance(rows, int):
            if cols is None:
                raise BoardError("GridBoard(rows, cols, faces) needs cols")
            n_rows, n_cols = rows, cols
            given: Faces = faces if faces is not None else {}
        else:
            grid = [list(line) for line in rows]
            if not grid or not grid[0]:
                raise BoardError("a grid needs at least one row and one column")
            n_rows, n_cols = len(grid), len(grid[0])
            if any(len(line) != n_cols for line in grid):
                raise BoardError("all rows of a grid must have the same length")
            given = [face for line in grid for face in line]
        try:
            self.shape = GridShape(n_rows, n_cols, mask)
        except ValueError as error:
            raise BoardError(str(error)) from None
        self.gravity = bool(gravity)
        size = self.shape.size
        self._faces: list[str | None] = [None] * size
        self._key: list[int] = [-1] * size
        self._kmask: dict[int, int] = {}
        self._lines = GridLines(self.shape)
        self._stack: list[tuple[Match, tuple[tuple[int, str | None], ...]]] = []
        self.occupied = 0
        items: Iterator[tuple[int, str | None]]
        if isinstance(given, Mapping):
            items = iter(given.items())
        else:
            if isinstance(given, str) or len(given) != size:
                raise BoardError(f"a {n_rows}x{n_cols} grid needs {size} cells, got {len(given)}")
            items = enumerate(given)
        for spot, face in items:
            if face is None:
                continue
            if not isinstance(spot, int) or not 0 <= spot < size:
                raise BoardError(f"spot {spot!r} is not on the {n_rows}x{n_cols} grid")
            if not self.shape.cells >> spot & 1:
                raise BoardError(f"spot {spot} {self.coords(spot)} is outside the board's mask")
            if not isinstance(face, str):
                raise BoardError(f"spot {spot}: a face is a tile code, not {face!r}")
            try:
                self._put(spot, face)
            except TileError as error:
                raise BoardError(f"spot {spot} {self.coords(spot)}: {error}") from None

    @classmethod
    def empty(
        cls,
        rows: int = DEFAULT_ROWS,
        cols: int = DEFAULT_COLS,
        *,
        gravity: bool = False,
        mask: int | None = None,
    ) -> GridBoard:
        """A board of the given shape without tiles."""
        return cls(rows, cols, {}, gravity=gravity, mask=mask)

    # -- incremental state ---------------------------------------------------

    def _put(self, spot: int, face: str) -> None:
        kid = _key_id(face)
        bit = 1 << spot
        if self.occupied & bit:
            self._take(spot)
        self._faces[spot] = face
        self._key[spot] = kid
        self._kmask[kid] = self._kmask.get(kid, 0) | bit
        self.occupied |= bit
        self._lines.add(spot)

    def _take(self, spot: int) -> None:
        bit = 1 << spot
        self._faces[spot] = None
        self._kmask[self._key[spot]] ^= bit
        self._key[spot] = -1
        self.occupied ^= bit
        self._lines.remove(spot)

    # -- geometry ------------------------------------------------------------

    @property
    def rows(self) -> int:
        """Number of rows."""
        return self.shape.rows

    @property
    def cols(self) -> int:
        """Number of columns."""
        return self.shape.cols

    @property
    def mask(self) -> int | None:
        """The custom shape as a bitmask over spots, or ``None`` for the full rectangle."""
        return self.shape.mask

    def coords(self, spot: int) -> tuple[int, int]:
        """``(row, col)`` of a spot; raises ``KeyError`` for a spot off the grid."""
        if not isinstance(spot, int) or not 0 <= spot < self.shape.size:
            raise KeyError(spot)
        r, c = divmod(spot, self.shape.cols)
        return (r, c)

    def spot_at(self, coords: Sequence[int]) -> int:
        """The spot at ``(row, col)``; raises ``KeyError`` off the grid or outside the mask."""
        if len(coords) != 2 or not all(isinstance(v, int) for v in coords):
            raise KeyError(tuple(coords))
        r, c = coords
        if not (0 <= r < self.shape.rows and 0 <= c < self.shape.cols):
            raise KeyError(tuple(coords))
        spot = r * self.shape.cols + c
        if not self.shape.cells >> spot & 1:
            raise KeyError(tuple(coords))
        return spot

    # -- reading the position ------------------------------------------------

    def face(self, spot: int) -> str | None:
        """The tile code at ``spot``, or ``None`` when it is empty or off the grid."""
        if 0 <= spot < self.shape.size:
            return self._faces[spot]
        return None

    def spots(self) -> Iterator[int]:
        """The occupied spots in ascending order."""
        return iter(bits(self.occupied))

    def faces(self) -> dict[int, str]:
        """``spot -> code`` for every tile on the board."""
        faces = self._faces
        return {spot: faces[spot] or "" for spot in bits(self.occupied)}

    def groups(self) -> dict[str, int]:
        """Match group (:func:`~tilematch.engine.tiles.match_group`) -> bitmask of the
        occupied spots whose faces belong to it; groups without tiles are left out."""
        out: dict[str, int] = {}
        for kid, spots in self._kmask.items():
            if spots:
                name = _KEY_GROUP[kid]
                out[name] = out.get(name, 0) | spots
        return out

    def group_of(self, spot: int) -> int:
        """A small int naming the match key of the tile at ``spot`` (``-1`` when empty).

        Two tiles match iff ``partner_key(group_of(a)) == group_of(b)``; for plain
        faces the partner key is the key itself.
        """
        return self._key[spot] if 0 <= spot < self.shape.size else -1

    @staticmethod
    def partner_key(key: int) -> int:
        """The match key whose tiles match tiles of ``key`` (see :meth:`group_of`)."""
        return _KEY_PARTNER[key]

    def partners(self, spot: int) -> int:
        """Bitmask of the occupied spots whose faces match the tile at ``spot``
        (never ``spot`` itself; ``0`` for an empty spot)."""
        kid = self.group_of(spot)
        if kid < 0:
            return 0
        return self._kmask.get(_KEY_PARTNER[kid], 0) & ~(1 << spot)

    def is_free(self, spot: int) -> bool:
        """True when ``spot`` holds a tile with an empty orthogonal neighbour, on the
        edge of the board, or next to a cell outside the mask."""
        if not 0 <= spot < self.shape.size or not self.occupied >> spot & 1:
            return False
        return bool(self.shape.border >> spot & 1 or self.shape.neighbours[spot] & ~self.occupied)

    def free_spots(self) -> int:
        """Bitmask of the free tiles (see :meth:`is_free`)."""
        shape = self.shape
        empty = shape.everything & ~self.occupied
        if not empty:
            return self.occupied & shape.border
        cols = shape.cols
        near = (
            (empty << cols)
            | (empty >> cols)
            | ((empty << 1) & ~shape.col_masks[0])
            | ((empty >> 1) & ~shape.col_masks[-1])
        )
        return self.occupied & (near | shape.border)

    # -- the connection function -----------------------------------------------

    def connect(self, a: int, b: int) -> tuple[Point, ...] | None:
        """The line joining cells ``a`` and ``b`` with at most two bends, or ``None``.

        Whatever stands on ``a`` and ``b`` themselves is ignored (generators ask
        about empty cells); every other cell on the line must be empty or
        outside the board. Returns the corner points ``(row, col)`` from ``a``
        to ``b``: start, each bend, end; the ring around the board has row
        ``-1`` / ``rows`` and column ``-1`` / ``cols``. Of all such lines the one
        with the fewest bends is returned, and of those a shortest one.

        Raises :class:`ValueError` for a spot off the grid.
        """
        size = self.shape.size
        if not (0 <= a < size and 0 <= b < size):
            raise ValueError(f"spots {a}, {b}: not both on the {self.rows}x{self.cols} grid")
        return self._lines.connect(a, b)

    # -- matching ------------------------------------------------------------

    def match(self, a: int, b: int) -> Match | None:
        """The pair ``a``/``b`` as a legal :class:`Match` (``a < b``, path from ``a``
        to ``b``), or ``None``; :meth:`why_not` says why not."""
        if a > b:
            a, b = b, a
        size = self.shape.size
        if a == b or a < 0 or b >= size or not (self.occupied >> a & 1 and self.occupied >> b & 1):
            return None
        if _KEY_PARTNER[self._key[a]] != self._key[b]:
            return None
        path = self._lines.connect(a, b)
        return None if path is None else Match(a, b, path)

    def why_not(self, a: int, b: int) -> str:
        """Why ``match(a, b)`` is ``None``: ``"empty"`` (no tile there, or off the
        grid), ``"same"``, ``"not a match"`` or ``"no path"``; ``""`` when the pair
        is legal."""
        size = self.shape.size
        for spot in (a, b):
            if not 0 <= spot < size or not self.occupied >> spot & 1:
                return "empty"
        if a == b:
            return "same"
        if _KEY_PARTNER[self._key[a]] != self._key[b]:
            return "not a match"
        if not self._lines.connects(a, b):
            return "no path"
        return ""

    def legal_pairs(self) -> PairView:
        """Every legal pair, lazily, in ascending ``(a, b)`` order."""
        return PairView(self._pairs)

    def _pairs(self) -> Iterator[Match]:
        occupied = self.occupied
        free = self.free_spots()
        neighbours = self.shape.neighbours
        kmask = self._kmask
        keys = self._key
        cols = self.shape.cols
        lines = self._lines
        reach: dict[int, tuple[int, int, int, int]] = {}
        rest = occupied
        while rest:
            low = rest & -rest
            rest ^= low
            a = low.bit_length() - 1
            later = kmask.get(_KEY_PARTNER[keys[a]], 0) & ~((low << 1) - 1)
            if not later:
                continue
            near = neighbours[a]
            targets = later & (free | near) if free & low else later & near
            ra, ca = divmod(a, cols)
            while targets:
                tb = targets & -targets
                targets ^= tb
                b = tb.bit_length() - 1
                if near & tb:
                    yield Match(a, b, ((ra, ca), divmod(b, cols)))
                    continue
                rb, cb = divmod(b, cols)
                if ra != rb and ca != cb:
                    # Cheap refusal: no row both ends see vertically and no
                    # column both see horizontally means no line at all.
                    ea = reach.get(a) or reach.setdefault(a, lines.reach(a))
                    eb = reach.get(b) or reach.setdefault(b, lines.reach(b))
                    if max(ea[0], eb[0]) > min(ea[1], eb[1]) and max(ea[2], eb[2]) > min(
                        ea[3], eb[3]
                    ):
                        continue
                path = self._lines.connect(a, b)
                if path is not None:
                    yield Match(a, b, path)

    # -- moves ---------------------------------------------------------------

    def push(self, move: Match) -> None:
        """Remove the pair ``move.a``/``move.b`` (the path is not checked; use
        :meth:`match` to get legal moves). With gravity, every column run that
        lost a tile then settles: its tiles slide down, keeping their order,
        until they rest on the bottom of the run or on each other.

        Raises :class:`ValueError` when either spot holds no tile or both are the same.
        """
        a, b = move.a, move.b
        occupied = self.occupied
        if (
            a == b
            or not 0 <= a < self.shape.size
            or not 0 <= b < self.shape.size
            or not (occupied >> a & 1 and occupied >> b & 1)
        ):
            raise ValueError(f"cannot remove spots {a} and {b}: not two tiles")
        faces = self._faces
        if not self.gravity:
            saved: tuple[tuple[int, str | None], ...] = ((a, faces[a]), (b, faces[b]))
            self._take(a)
            self._take(b)
        else:
            run_of = self.shape.run_of
            runs = [run_of[a]] if run_of[a] == run_of[b] else [run_of[a], run_of[b]]
            saved = tuple((s, faces[s]) for run in runs for s in bits(run))
            self._take(a)
            self._take(b)
            for run in runs:
                self._settle(run)
        self._stack.append((move, saved))

    def _settle(self, run: int) -> None:
        """Let the tiles of one vertical run slide to its bottom (:meth:`GridShape.falls`)."""
        falls = self.shape.falls(run, self.occupied)
        if not falls:
            return
        tiles = [(target, self._faces[start]) for start, target in falls]
        for start, _ in falls:
            self._take(start)
        for target, face in tiles:
            self._put(target, face or "")

    def pop(self) -> Match:
        """Undo the last :meth:`push` exactly; returns its move. Raises ``IndexError``
        when there is nothing to undo."""
        move, saved = self._stack.pop()
        for spot, _ in saved:
            if self.occupied >> spot & 1:
                self._take(spot)
        for spot, face in saved:
            if face is not None:
                self._put(spot, face)
        return move

    @property
    def move_stack(self) -> list[Match]:
        """The moves pushed so far, oldest first (a copy)."""
        return [move for move, _ in self._stack]

    def is_cleared(self) -> bool:
        """True when no tile is left."""
        return not self.occupied

    def is_deadlocked(self) -> bool:
        """True when tiles remain and no pair is legal."""
        return bool(self.occupied) and not self.legal_pairs()

    # -- copies and identity -------------------------------------------------

    def copy(self) -> GridBoard:
        """An independent copy, undo stack included."""
        other = object.__new__(GridBoard)
        other.shape = self.shape
        other.gravity = self.gravity
        other.occupied = self.occupied
        other._faces = self._faces.copy()
        other._key = self._key.copy()
        other._kmask = self._kmask.copy()
        other._lines = self._lines.copy()
        other._stack = self._stack.copy()
        return other

    def with_faces(self, faces: Mapping[int, str]) -> GridBoard:
        """The same occupied spots with new faces (reshuffles), without undo history.

        Raises :class:`~tilematch.engine.board.BoardError` unless ``faces`` names
        exactly the occupied spots with valid codes.
        """
        if set(faces) != set(bits(self.occupied)):
            raise BoardError("with_faces needs a face for exactly the occupied spots")
        return GridBoard(self.rows, self.cols, faces, gravity=self.gravity, mask=self.shape.mask)

    def place(self, spot: int, face: str | None) -> None:
        """Put a tile on ``spot`` (or clear it with ``None``) outside the move history;
        the undo stack is emptied. Raises :class:`~tilematch.engine.board.BoardError`
        for a spot off the board or its mask, or an unknown code."""
        if not 0 <= spot < self.shape.size or not self.shape.cells >> spot & 1:
            raise BoardError(f"spot {spot!r} is not a cell of this board")
        self._stack.clear()
        if face is None:
            if self.occupied >> spot & 1:
                self._take(spot)
            return
        try:
            self._put(spot, face)
        except TileError as error:
            raise BoardError(str(error)) from None

    def key(self) -> Hashable:
        """Identity of the position for memo tables within one deal.

        Without gravity tiles never move, so the occupancy ``int`` is enough;
        with gravity it is ``(occupied, faces of the occupied spots in order)``.
        """
        if not self.gravity:
            return self.occupied
        faces = self._faces
        return (self.occupied, tuple(faces[s] for s in bits(self.occupied)))

    def __str__(self) -> str:
        from tilematch.engine.grid_text import format_grid

        return format_grid(self)

    def __repr__(self) -> str:
        extra = ", gravity=True" if self.gravity else ""
        return f"<GridBoard {self.rows}x{self.cols}, {self.occupied.bit_count()} tiles{extra}>"
