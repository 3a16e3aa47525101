"""The Shisen-Sho board: tiles on a grid, matching, moves and gravity."""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Mapping, Sequence
from typing import Final, Literal, overload

from tilematch.engine.board import BoardError, Match, PairView, Point, bits
from tilematch.engine.grid.lines import GridLines
from tilematch.engine.grid.shape import (
    _KEY_GROUP,
    _KEY_PARTNER,
    DEFAULT_COLS,
    DEFAULT_ROWS,
    GridShape,
    _key_id,
)
from tilematch.engine.tiles import TileError

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
    text reader :func:`~tilematch.engine.grid.text.parse_grid` insists on it.

    Raises :class:`~tilematch.engine.board.BoardError` (a ``ValueError``) for
    unknown codes, a face outside the mask or the grid, or a wrong size.
    """

    game: Literal["shisensho"] = "shisensho"

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
                raise BoardError(
                    f"a {n_cols} x {n_rows} grid (columns x rows) needs {size} cells,"
                    f" got {len(given)}"
                )
            items = enumerate(given)
        for spot, face in items:
            if face is None:
                continue
            if not isinstance(spot, int) or not 0 <= spot < size:
                raise BoardError(f"spot {spot!r} is not on the {n_cols} x {n_rows} grid")
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
            raise ValueError(f"spots {a}, {b}: not both on the {self.cols} x {self.rows} grid")
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

    def falls_after(self, a: int, b: int) -> tuple[tuple[int, int], ...]:
        """Where tiles fall when the tiles at ``a`` and ``b`` are taken: ``(start,
        target)`` of every tile that moves, by :meth:`GridShape.falls`; ``()`` without
        gravity. The board is not changed."""
        if not self.gravity:
            return ()
        run_of = self.shape.run_of
        runs = [run_of[a]] if run_of[a] == run_of[b] else [run_of[a], run_of[b]]
        occupied = self.occupied & ~(1 << a) & ~(1 << b)
        out: list[tuple[int, int]] = []
        for run in runs:
            out.extend(fall for fall in self.shape.falls(run, occupied) if fall[0] != fall[1])
        return tuple(out)

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
        return format_grid(self)

    def __repr__(self) -> str:
        extra = ", gravity=True" if self.gravity else ""
        return f"<GridBoard {self.cols} x {self.rows}, {self.occupied.bit_count()} tiles{extra}>"


MAX_TEXT_BYTES: Final = 1_000_000
EMPTY: Final = "."
NO_CELL: Final = "-"
GRAVITY_HEADER: Final = "# gravity"


def format_grid(board: GridBoard) -> str:
    """The board in the text format (``# gravity`` header when on), one line per
    row, cells padded to a common width; :func:`parse_grid` reads it back."""
    cols = board.cols
    cells = board.shape.cells
    tokens = []
    for spot in range(board.rows * cols):
        face = board.face(spot)
        tokens.append(face if face is not None else EMPTY if cells >> spot & 1 else NO_CELL)
    width = max(len(token) for token in tokens)
    lines = [GRAVITY_HEADER] if board.gravity else []
    for r in range(board.rows):
        row = tokens[r * cols : (r + 1) * cols]
        lines.append(" ".join(token.ljust(width) for token in row).rstrip())
    return "\n".join(lines) + "\n"
