"""THE connection rule of Shisen-Sho: a line of at most two bends through empty cells."""

from __future__ import annotations

from tilematch.engine.board import Point, bits
from tilematch.engine.grid.shape import GridShape


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

    def connect(self, a: int, b: int) -> tuple[Point, ...] | None:  # noqa: C901 (a measured hot loop)
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

    def line_or_blockers(self, a: int, b: int) -> int:  # noqa: C901 (a measured hot loop)
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
        # The vertical half below and the horizontal half after it are mirror
        # images, written out twice on purpose: one loop over a table of both
        # would cost the solver's reach test its speed.
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
