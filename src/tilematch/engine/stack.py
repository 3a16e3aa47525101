"""Layered boards: Mahjong Solitaire and Black & White Mahjong (SPEC §3, §4).

A :class:`StackBoard` puts faces on the positions of a
:class:`~tilematch.engine.layout.Layout`. Every position is a *spot* (its
index in ``layout.positions``) and occupancy is an ``int`` bitmask over spots,
so the rules come down to a handful of integer operations per tile.

The free rule (SPEC §3): a tile is **free** when no tile on any higher layer
overlaps it (``|dx| <= 1`` and ``|dy| <= 1`` in half-tile units) and its left
side or its right side is open (no tile on the same layer at ``x - 2``,
respectively ``x + 2``, with ``|dy| <= 1``).

Stone tiles (SPEC §4) need cracks before they can be *selected*: each removed
pair cracks, once, every stone that one of its two tiles touched (a left or
right neighbour on the same layer, or a stone the removed tile rested on).
A stone still blocks its neighbours like any other tile.

>>> from tilematch.engine.layout import Layout
>>> row = Layout("row", ((0, 0, 0), (2, 0, 0), (4, 0, 0), (2, 0, 1)))
>>> board = StackBoard(row, ["5s", "1z", "5s", "1z"])
>>> [board.is_free(s) for s in board.spots()]
[True, False, True, True]
>>> [tuple(m[:2]) for m in board.legal_pairs()]
[(0, 2)]
>>> board.explain(1).covered_by, board.explain(1).sides_closed
((3,), True)
>>> board.describe(3)
'East Wind at (2, 0, 1) is free and can be selected.'
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Final, Literal, Self

from tilematch.engine.board import BoardError, Match, PairView, bits
from tilematch.engine.layout import Layout, Position
from tilematch.engine.tiles import Colour, TileError, match_key, split_code, tile_name, tiles_match

StackGame = Literal["solitaire", "blackwhite"]

#: The games a :class:`StackBoard` plays.
STACK_GAMES: Final[tuple[StackGame, ...]] = ("solitaire", "blackwhite")

#: How many cracks a fresh stone tile needs before it can be selected (SPEC §4).
STONE_CRACKS: Final = 2

#: The most cracks a stone may be given (boards read from files are checked against it).
MAX_STONE_CRACKS: Final = 9


def _mask_of(spots: Sequence[int]) -> int:
    mask = 0
    for spot in spots:
        mask |= 1 << spot
    return mask


@dataclass(frozen=True, eq=False)
class StackGeometry:
    """The precomputed masks of one set of positions (shared by every board on it).

    Every table is a tuple indexed by spot whose entries are bitmasks over spots:

    * ``cover[s]``: spots on any *higher* layer that overlap ``s``
      (``|dx| <= 1`` and ``|dy| <= 1``); any of them occupied means ``s`` is covered.
    * ``under[s]``: spots on any *lower* layer that ``s`` overlaps (the inverse of
      ``cover``: removing ``s`` may uncover them).
    * ``left[s]`` / ``right[s]``: spots on the same layer at ``x - 2`` / ``x + 2``
      with ``|dy| <= 1``.
    * ``above[s]``: spots one layer up that overlap ``s`` (the tiles resting on it).
    * ``below[s]``: spots one layer down that ``s`` overlaps (what it rests on).
    * ``touch[s]``: ``left | right | below``: the stones that removing ``s`` cracks.
    * ``unblocks[s]``: ``under | left | right``: the only spots whose freedom can
      change when ``s`` is removed.

    ``clashes`` lists the pairs of spots that overlap on the same layer (a valid
    layout has none) and ``floating`` the spots above layer 0 resting on nothing.
    Get instances from :func:`stack_geometry`, which caches them by positions.
    """

    positions: tuple[Position, ...]
    index: Mapping[Position, int]
    full: int
    cover: tuple[int, ...]
    under: tuple[int, ...]
    left: tuple[int, ...]
    right: tuple[int, ...]
    above: tuple[int, ...]
    below: tuple[int, ...]
    touch: tuple[int, ...]
    unblocks: tuple[int, ...]
    clashes: tuple[tuple[int, int], ...]
    floating: tuple[int, ...]
    #: ``cell[s]``: the bit of spot ``s`` on the *cell board* (see :meth:`free_cells`)
    cell: tuple[int, ...] = ()
    #: bits per cell-board row (the layout's width in half-tile units, plus two)
    cell_row: int = 0
    #: bits per cell-board layer (its rows, plus one)
    cell_layer: int = 0
    #: layers of the cell board
    cell_layers: int = 0
    #: the shifts that OR every higher layer onto each layer (``cell_layer`` times 1, 2, 4, ...)
    cell_up: tuple[int, ...] = ()

    def to_cells(self, spots: int) -> int:
        """The cell-board mask of the spots in ``spots`` (see :meth:`free_cells`)."""
        cell = self.cell
        out = 0
        for spot in bits(spots):
            out |= 1 << cell[spot]
        return out

    def free_cells(self, occupied: int) -> int:
        """:meth:`free_mask` of every tile at once, on the *cell board*: ``occupied`` and
        the result hold bit ``cell[s]`` for spot ``s``.

        The cell board is the layout's box of half-tile cells, one row of
        ``cell_row`` bits per ``y`` (two empty cells pad each row), one layer of
        ``cell_layer`` bits per ``z`` (an empty row pads each layer), so a step in
        ``x``, ``y`` or ``z`` is a shift by 1, ``cell_row`` or ``cell_layer`` that
        never wraps onto another tile. The free rule of :meth:`is_free_in` then
        takes about twenty integer operations for the whole board: a tile is
        covered when the layers above it, ORed together and dilated by one cell
        in ``x`` and ``y``, meet it; a side is closed when the layer itself,
        dilated by one cell in ``y``, meets it shifted by two cells in ``x``. The
        dilation in ``y`` is done once, on the whole board, and serves both rules
        (dilating before ORing the layers together gives the same cells: the
        shifts commute, and the pad rows keep layers apart).
        Equal to :meth:`free_mask` (a property test checks it); the solver works
        on the cell board.
        """
        row = self.cell_row
        tall = occupied | (occupied << row) | (occupied >> row)  # dilated in y
        up = tall >> self.cell_layer  # the layer above each layer
        for step in self.cell_up:  # OR in every higher layer
            up |= up >> step
        blocked = up | (up << 1) | (up >> 1) | ((tall << 2) & (tall >> 2))
        return occupied ^ (occupied & blocked)

    def free_mask(self, occupied: int) -> int:
        """Bitmask of the spots of ``occupied`` that are free when exactly those are filled."""
        is_free_in = self.is_free_in
        free = 0
        mask = occupied
        while mask:
            low = mask & -mask
            mask ^= low
            if is_free_in(low.bit_length() - 1, occupied):
                free |= low
        return free

    def is_free_in(self, spot: int, occupied: int) -> bool:
        """True when the tile at ``spot`` is free with exactly the spots of ``occupied``
        filled: THE free rule of SPEC §3 (no occupied spot in ``cover[spot]``, and
        ``left[spot]`` or ``right[spot]`` wholly empty). Whether ``spot`` itself is in
        ``occupied`` does not matter. :meth:`free_mask`, :meth:`free_without` (so every
        :class:`StackBoard`) and the solver all come here.
        """
        return not occupied & self.cover[spot] and (
            not occupied & self.left[spot] or not occupied & self.right[spot]
        )

    def cracked_by(self, a: int, b: int, stones: int) -> int:
        """The spots of ``stones`` (a bitmask) that removing the pair ``a``/``b`` cracks
        once each (SPEC §4: a left or right neighbour of ``a`` or ``b`` on its layer,
        or a tile ``a`` or ``b`` rested on). Pass the uncracked stones still on the
        board after the removal; :meth:`StackBoard.push`, :meth:`StackBoard.freed_by`
        and the generators all count cracks with it.
        """
        return (self.touch[a] | self.touch[b]) & stones

    def free_without(self, free: int, occupied: int, a: int, b: int) -> int:
        """The free spots once the tiles at ``a`` and ``b`` are taken off ``occupied``.

        ``free`` must be ``free_mask(occupied)``; the result equals
        ``free_mask(occupied & ~(1 << a | 1 << b))``, found by looking only at the
        spots ``a`` and ``b`` unblock (removing tiles never blocks a tile). The
        incremental form of :meth:`free_mask` that :meth:`StackBoard.push` and the
        generators use while taking pairs off.
        """
        gone = (1 << a) | (1 << b)
        after = occupied & ~gone
        free &= ~gone
        is_free_in = self.is_free_in
        mask = (self.unblocks[a] | self.unblocks[b]) & after & ~free
        while mask:
            low = mask & -mask
            mask ^= low
            if is_free_in(low.bit_length() - 1, after):
                free |= low
        return free


@lru_cache(maxsize=64)
def stack_geometry(positions: tuple[Position, ...]) -> StackGeometry:
    """The :class:`StackGeometry` of ``positions`` (spot ``i`` is ``positions[i]``).

    Results are cached by the positions tuple, so all boards on one layout share
    their tables. Positions must be distinct; overlaps are reported in
    ``clashes`` rather than raised, so that callers can word the error.
    Raises :class:`ValueError` for a repeated position.
    """
    index: dict[Position, int] = {}
    for spot, pos in enumerate(positions):
        if pos in index:
            raise ValueError(f"position {pos} appears twice (spots {index[pos]} and {spot})")
        index[pos] = spot
    n = len(positions)
    cover = [0] * n
    under = [0] * n
    left = [0] * n
    right = [0] * n
    above = [0] * n
    below = [0] * n
    clashes: list[tuple[int, int]] = []
    # The tiles standing on each (x, y), whatever their layer: lookups cost what the
    # layout holds, not how many layers it spans.
    stacks: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for spot, (x, y, z) in enumerate(positions):
        stacks.setdefault((x, y), []).append((z, spot))
    near = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
    for s, (x, y, z) in enumerate(positions):
        for dy in (-1, 0, 1):
            other = index.get((x - 2, y + dy, z))
            if other is not None:
                left[s] |= 1 << other
            other = index.get((x + 2, y + dy, z))
            if other is not None:
                right[s] |= 1 << other
        for dx, dy in near:
            for layer, other in stacks.get((x + dx, y + dy), ()):
                if layer == z:
                    if other > s:  # (dx, dy) != (0, 0): positions are distinct
                        clashes.append((s, other))
                elif layer > z:
                    cover[s] |= 1 << other
                    under[other] |= 1 << s
                    if layer == z + 1:
                        above[s] |= 1 << other
                        below[other] |= 1 << s
    # the cell board (StackGeometry.free_cells)
    if positions:
        x0 = min(x for x, _, _ in positions)
        y0 = min(y for _, y, _ in positions)
        z0 = min(z for _, _, z in positions)
        cell_row = max(x for x, _, _ in positions) - x0 + 3
        cell_layer = (max(y for _, y, _ in positions) - y0 + 2) * cell_row
        cell_layers = max(z for _, _, z in positions) - z0 + 1
    else:
        x0 = y0 = z0 = cell_layers = 0
        cell_row, cell_layer = 1, 1
    cell = tuple((z - z0) * cell_layer + (y - y0) * cell_row + (x - x0) for x, y, z in positions)
    cell_up: list[int] = []
    reach = 1
    while reach < cell_layers - 1:
        cell_up.append(reach * cell_layer)
        reach *= 2
    touch = tuple(left[s] | right[s] | below[s] for s in range(n))
    unblocks = tuple(under[s] | left[s] | right[s] for s in range(n))
    floating = tuple(s for s, (_, _, z) in enumerate(positions) if z > 0 and not below[s])
    return StackGeometry(
        positions=positions,
        index=index,
        full=(1 << n) - 1,
        cover=tuple(cover),
        under=tuple(under),
        left=tuple(left),
        right=tuple(right),
        above=tuple(above),
        below=tuple(below),
        touch=touch,
        unblocks=unblocks,
        clashes=tuple(sorted(clashes)),
        floating=floating,
        cell=cell,
        cell_row=cell_row,
        cell_layer=cell_layer,
        cell_layers=cell_layers,
        cell_up=tuple(cell_up),
    )


@dataclass(frozen=True)
class Blockers:
    """Why a tile can or cannot be selected (Learn Mode); see :meth:`StackBoard.explain`.

    ``covered_by`` are the occupied spots on higher layers overlapping the tile;
    ``left`` and ``right`` the occupied spots closing its sides (the side rule
    only blocks when both are non-empty); ``stone_cracks_left`` is how many
    cracks a stone still needs (0 for ordinary tiles); ``free`` is the free rule
    of SPEC §3 alone; ``sentence`` (also :meth:`describe`) says it all in words,
    naming the blocking tiles.
    """

    covered_by: tuple[int, ...]
    left: tuple[int, ...]
    right: tuple[int, ...]
    stone_cracks_left: int
    free: bool
    sentence: str = field(default="", compare=False, repr=False)

    def describe(self) -> str:
        """The sentence a player reads (the same as :meth:`StackBoard.describe`)."""
        return self.sentence

    @property
    def selectable(self) -> bool:
        """True when the tile is free and not an uncracked stone."""
        return self.free and self.stone_cracks_left == 0

    @property
    def sides_closed(self) -> bool:
        """True when both the left and the right side are closed."""
        return bool(self.left) and bool(self.right)


class _Undo:
    """One entry of the undo stack: the move, the stones it cracked, the free cache before."""

    __slots__ = ("cracked", "free", "free_occ", "move")

    def __init__(self, move: Match, cracked: int, free: int, free_occ: int) -> None:
        self.move = move
        self.cracked = cracked
        self.free = free
        self.free_occ = free_occ


def pairs_within(mask: int, partners: Sequence[int]) -> Iterator[tuple[int, int]]:
    """Every pair ``(a, b)``, ``a < b``, of spots in ``mask`` that match each other,
    where ``partners[s]`` is the bitmask of the spots whose faces match spot ``s``.

    The layered boards' legal pairs are this over their selectable tiles.
    """
    while mask:
        low = mask & -mask
        mask ^= low
        a = low.bit_length() - 1
        others = partners[a] & mask
        while others:
            bit = others & -others
            others ^= bit
            yield a, bit.bit_length() - 1


class StackBoard:
    """A Mahjong Solitaire or Black & White position on a layout (the ``Board`` protocol).

    ``faces`` is either a sequence with one code (or ``None`` for an empty
    position) per layout position, or a mapping ``spot -> code`` (unlisted spots
    are empty). ``stones`` maps spots holding stone tiles to the cracks each still
    needs (``STONE_CRACKS`` for a fresh stone, 0 for one already cracked open);
    a plain collection of spots means fresh stones. The layout's positions are
    taken as they are (overlaps show in ``geometry.clashes``; see
    :func:`~tilematch.engine.stack_json.parse_board` for a checked board).

    Raises :class:`~tilematch.engine.board.BoardError` (a ``ValueError``) for an
    unknown game, a spot outside the layout, an unknown code, a coloured code in a
    Mahjong Solitaire board or a plain one in Black & White, or a stone on an
    empty position or with a negative number of cracks.

    Attributes for fast callers (solver, generators), all read-only:

    * ``occupied``: bitmask of spots holding a tile;
    * ``geometry``: the :class:`StackGeometry` with the ``cover``/``left``/``right``/
      ``above``/``below``/``touch``/``unblocks`` tables (also as ``board.cover`` etc.);
    * ``partners``: per spot, the bitmask of spots whose face matches it (empty
      spots included: intersect with ``occupied``);
    * ``black``: bitmask of spots holding black tiles (Black & White);
    * ``locked``: bitmask of occupied stone tiles that still need cracks.
    """

    __slots__ = (
        "_cracks",
        "_faces",
        "_free",
        "_free_occ",
        "_group_masks",
        "_stack",
        "_stone_order",
        "below",
        "black",
        "cover",
        "game",
        "geometry",
        "layout",
        "left",
        "locked",
        "occupied",
        "partners",
        "right",
        "touch",
    )

    game: StackGame
    occupied: int

    def __init__(
        self,
        layout: Layout,
        faces: Mapping[int, str] | Sequence[str | None],
        *,
        game: str = "solitaire",
        stones: Mapping[int, int] | Iterable[int] | None = None,
    ) -> None:
        if game not in STACK_GAMES:
            raise BoardError(
                f"unknown game {game!r} for a layered board (use 'solitaire' or 'blackwhite')"
            )
        self.game = "solitaire" if game == "solitaire" else "blackwhite"
        self.layout = layout
        self.geometry = stack_geometry(layout.positions)
        geometry = self.geometry
        self.cover = geometry.cover
        self.left = geometry.left
        self.right = geometry.right
        self.below = geometry.below
        self.touch = geometry.touch
        self._faces = _normalize_faces(faces, len(layout.positions), self.game)
        self.occupied = _mask_of([s for s, f in enumerate(self._faces) if f is not None])
        self._index_faces()
        self._cracks: dict[int, int] = {}
        self.locked = 0
        if stones is None:
            stones = {}
        elif not isinstance(stones, Mapping):
            stones = dict.fromkeys(stones, STONE_CRACKS)
        for spot, cracks in stones.items():
            if not isinstance(spot, int) or not 0 <= spot < len(self._faces):
                raise BoardError(f"stone at spot {spot!r}: no such position in the layout")
            if self._faces[spot] is None:
                raise BoardError(f"stone at spot {spot} {layout.positions[spot]}: no tile there")
            if not isinstance(cracks, int) or isinstance(cracks, bool) or cracks < 0:
                raise BoardError(f"stone at spot {spot}: cracks must be a whole number >= 0")
            self._cracks[spot] = cracks
            if cracks:
                self.locked |= 1 << spot
        self._stone_order = tuple(sorted(self._cracks))
        self._stack: list[_Undo] = []
        self._free = 0
        self._free_occ = -1

    def _index_faces(self) -> None:
        """Fill ``partners``, ``black`` and the per-group masks from ``_faces``."""
        by_face: dict[str, int] = {}
        for spot, face in enumerate(self._faces):
            if face is not None:
                by_face[face] = by_face.get(face, 0) | (1 << spot)
        by_key: dict[tuple[str, Colour | None], int] = {}
        sample: dict[tuple[str, Colour | None], str] = {}
        keys_of_group: dict[str, list[tuple[str, Colour | None]]] = {}
        for face, mask in by_face.items():
            key = match_key(face)
            if key not in by_key:
                by_key[key] = 0
                sample[key] = face
                keys_of_group.setdefault(key[0], []).append(key)
            by_key[key] |= mask
        partner_of_key: dict[tuple[str, Colour | None], int] = {}
        for keys in keys_of_group.values():
            for key in keys:
                mask = 0
                for other in keys:
                    if tiles_match(sample[key], sample[other]):
                        mask |= by_key[other]
                partner_of_key[key] = mask
        partners = [0] * len(self._faces)
        self.black = 0
        groups: dict[str, int] = {}
        for key, mask in by_key.items():
            groups[key[0]] = groups.get(key[0], 0) | mask
            if key[1] == "b":
                self.black |= mask
            for spot in bits(mask):
                partners[spot] = partner_of_key[key] & ~(1 << spot)
        self.partners: tuple[int, ...] = tuple(partners)
        self._group_masks = groups

    # ----------------------------------------------------------------- protocol

    def face(self, spot: int) -> str | None:
        """The tile code at ``spot``, or ``None`` when it is empty or outside the layout."""
        if 0 <= spot < len(self._faces) and self.occupied >> spot & 1:
            return self._faces[spot]
        return None

    def spots(self) -> Iterator[int]:
        """The occupied spots in ascending order."""
        return iter(bits(self.occupied))

    def coords(self, spot: int) -> tuple[int, int, int]:
        """``(x, y, z)`` of ``spot`` in half-tile units; raises ``IndexError`` off the layout."""
        if not 0 <= spot < len(self._faces):
            raise IndexError(f"spot {spot} is outside the layout ({len(self._faces)} positions)")
        return self.layout.positions[spot]

    def spot_at(self, coords: Sequence[int]) -> int:
        """The spot at ``(x, y, z)``; raises ``KeyError`` when the layout has no such position
        (or the coordinates are not three ints)."""
        key = tuple(coords)
        if len(key) != 3 or not all(type(v) is int for v in key):
            raise KeyError(key)
        return self.geometry.index[(key[0], key[1], key[2])]

    def is_free(self, spot: int) -> bool:
        """True when a tile stands at ``spot`` and it is free by SPEC §3.

        An uncracked stone can be free (see :meth:`is_selectable`).
        """
        return bool(self.free_spots() >> spot & 1) if spot >= 0 else False

    def free_spots(self) -> int:
        """Bitmask of the occupied spots that are free (stones included)."""
        if self._free_occ != self.occupied:
            self._free = self.geometry.free_mask(self.occupied)
            self._free_occ = self.occupied
        return self._free

    def selectable_spots(self) -> int:
        """Bitmask of the tiles a player may select: free and not an uncracked stone."""
        return self.free_spots() & ~self.locked

    def is_selectable(self, spot: int) -> bool:
        """True when the tile at ``spot`` is free and not an uncracked stone."""
        return bool(self.selectable_spots() >> spot & 1) if spot >= 0 else False

    def match(self, a: int, b: int) -> Match | None:
        """The pair as a :class:`Match` (``a < b``, empty path), or ``None`` when it is not
        legal: both tiles present, distinct, free, not uncracked stones, faces matching."""
        if a == b or a < 0 or b < 0:
            return None
        selectable = self.selectable_spots()
        if not (selectable >> a & 1 and selectable >> b & 1 and self.partners[a] >> b & 1):
            return None
        return Match(a, b) if a < b else Match(b, a)

    def why_not(self, a: int, b: int) -> str:
        """The reason word (``board.REASONS``) why ``match(a, b)`` is ``None``, checked
        in this order: ``"empty"``, ``"same"``, ``"not free"``, ``"stone"``,
        ``"not a match"``; ``""`` when the pair is legal."""
        if self.face(a) is None or self.face(b) is None:
            return "empty"
        if a == b:
            return "same"
        free = self.free_spots()
        if not (free >> a & 1 and free >> b & 1):
            return "not free"
        if (self.locked >> a | self.locked >> b) & 1:
            return "stone"
        if not self.partners[a] >> b & 1:
            return "not a match"
        return ""

    def legal_pairs(self) -> PairView:
        """All legal pairs, lazily, in ascending ``(a, b)`` order."""
        return PairView(self._pairs)

    def _pairs(self) -> Iterator[Match]:
        for a, b in pairs_within(self.selectable_spots(), self.partners):
            yield Match(a, b)

    def push(self, move: Match | tuple[int, int]) -> None:
        """Remove the pair ``move`` (assumed legal) and crack the stones it touched.

        Only cheap checks are made: raises :class:`ValueError` when a spot is
        empty, the two spots are equal, or a tile is an uncracked stone.
        """
        a, b = move[0], move[1]
        pair = (1 << a) | (1 << b)
        occupied = self.occupied
        if a == b or a < 0 or b < 0 or occupied & pair != pair:
            raise ValueError(f"cannot remove {a} and {b}: both spots must hold tiles")
        if self.locked & pair:
            raise ValueError(f"cannot remove {a} and {b}: an uncracked stone cannot be selected")
        if not isinstance(move, Match):
            move = Match(min(a, b), max(a, b))
        after = occupied ^ pair
        cracked = 0
        if self.locked:
            cracked = self.geometry.cracked_by(a, b, self.locked & after)
            for spot in bits(cracked):
                left = self._cracks[spot] - 1
                self._cracks[spot] = left
                if not left:
                    self.locked ^= 1 << spot
        self._stack.append(_Undo(move, cracked, self._free, self._free_occ))
        if self._free_occ == occupied:
            self._free = self.geometry.free_without(self._free, occupied, a, b)
            self._free_occ = after
        self.occupied = after

    def pop(self) -> Match:
        """Put back the pair removed by the last :meth:`push` (stone cracks included) and
        return it; raises ``IndexError`` when nothing was pushed."""
        if not self._stack:
            raise IndexError("pop from a board with no moves to undo")
        entry = self._stack.pop()
        move = entry.move
        self.occupied |= (1 << move.a) | (1 << move.b)
        for spot in bits(entry.cracked):
            self._cracks[spot] += 1
            self.locked |= 1 << spot
        self._free = entry.free
        self._free_occ = entry.free_occ
        return move

    @property
    def move_stack(self) -> list[Match]:
        """The pushed moves, oldest first (a copy)."""
        return [entry.move for entry in self._stack]

    def is_cleared(self) -> bool:
        """True when no tile is left."""
        return not self.occupied

    def is_deadlocked(self) -> bool:
        """True when tiles remain and no pair is legal."""
        return bool(self.occupied) and not self.legal_pairs()

    def copy(self) -> Self:
        """An independent copy, including the undo stack and stone cracks."""
        clone = object.__new__(type(self))
        for name in StackBoard.__slots__:
            object.__setattr__(clone, name, getattr(self, name))
        clone._cracks = dict(self._cracks)
        clone._stack = list(self._stack)
        return clone

    def with_faces(self, faces: Mapping[int, str]) -> Self:
        """The same occupied spots and stone state with new faces and an empty undo stack.

        ``faces`` must give a code for exactly the occupied spots; raises
        :class:`~tilematch.engine.board.BoardError` otherwise or for a bad code.
        """
        checked = _normalize_faces(faces, len(self._faces), self.game)
        if _mask_of([s for s, f in enumerate(checked) if f is not None]) != self.occupied:
            raise BoardError("with_faces needs a code for exactly the occupied spots")
        stones = {spot: self._cracks[spot] for spot in self._cracks if self.occupied >> spot & 1}
        return type(self)(self.layout, checked, game=self.game, stones=stones)

    def key(self) -> Hashable:
        """The position's identity for memo tables: ``occupied``, or ``(occupied, cracks)``
        with the cracks of every stone (in spot order) when the board has stones."""
        if not self._stone_order:
            return self.occupied
        cracks = self._cracks
        return (self.occupied, tuple([cracks[s] for s in self._stone_order]))

    # ------------------------------------------------------------- extensions

    def groups(self) -> dict[str, int]:
        """Match group (``tiles.match_group``) -> bitmask of its occupied spots; groups
        with no tile left are omitted. In Black & White use ``black`` to split colours."""
        occupied = self.occupied
        return {g: m & occupied for g, m in self._group_masks.items() if m & occupied}

    def cracks(self, spot: int) -> int:
        """The cracks the stone at ``spot`` still needs (0 for ordinary tiles and open stones)."""
        return self._cracks.get(spot, 0)

    def stones(self) -> dict[int, int]:
        """Every stone tile still on the board: spot -> cracks it still needs."""
        return {s: c for s, c in sorted(self._cracks.items()) if self.occupied >> s & 1}

    def explain(self, spot: int) -> Blockers:
        """The :class:`Blockers` of the tile at ``spot`` (which tiles cover it, which close
        its sides, stone cracks left); raises ``KeyError`` when no tile stands there."""
        if self.face(spot) is None:
            raise KeyError(f"no tile at spot {spot}")
        occupied = self.occupied
        info = Blockers(
            covered_by=tuple(bits(self.cover[spot] & occupied)),
            left=tuple(bits(self.left[spot] & occupied)),
            right=tuple(bits(self.right[spot] & occupied)),
            stone_cracks_left=self._cracks.get(spot, 0),
            free=self.is_free(spot),
        )
        return replace(info, sentence=self._sentence(spot, info))

    def tile_label(self, spot: int) -> str:
        """``'5 of Bamboo at (4, 2, 1)'``: a tile's name and position for sentences."""
        face = self.face(spot)
        where = self.coords(spot)
        return f"{tile_name(face)} at {where}" if face else f"the empty place at {where}"

    def describe(self, spot: int) -> str:
        """A sentence a player reads saying why the tile at ``spot`` can or cannot be
        selected, naming the tiles that block it."""
        if self.face(spot) is None:
            return f"There is no tile at {self.coords(spot)}."
        return self.explain(spot).sentence

    def _sentence(self, spot: int, info: Blockers) -> str:
        subject = self.tile_label(spot)
        parts: list[str] = []
        if info.covered_by:
            parts.append("is covered by " + _join([self.tile_label(s) for s in info.covered_by]))
        if info.sides_closed:
            parts.append(
                "has both sides closed: on the left by "
                + _join([self.tile_label(s) for s in info.left])
                + " and on the right by "
                + _join([self.tile_label(s) for s in info.right])
            )
        cracks = info.stone_cracks_left
        stone = ""
        if cracks:
            plural = "crack" if cracks == 1 else "cracks"
            stone = (
                f"It is a stone tile that needs {cracks} more {plural} before it can be"
                " selected: remove pairs beside it or resting on it."
            )
        if parts:
            sentence = f"{subject} {' and '.join(parts)}."
        elif cracks:
            sentence = f"{subject} is free."
        else:
            sentence = f"{subject} is free and can be selected."
        return f"{sentence} {stone}" if stone else sentence

    def freed_by(self, move: Match | tuple[int, int]) -> list[int]:
        """The spots that became free or selectable through ``move``, ascending.

        Either ``move`` is the last pushed move (the usual case: call it right
        after :meth:`push`), or both its tiles are still on the board and the
        answer says what removing them would free. Raises :class:`ValueError`
        otherwise.
        """
        a, b = move[0], move[1]
        pair = (1 << a) | (1 << b)
        if a == b or a < 0 or b < 0:
            raise ValueError(f"not a pair of spots: {a}, {b}")
        if self.occupied & pair == pair:
            before = self.occupied
            after = before ^ pair
            locked_before = self.locked
            cracked = self.geometry.cracked_by(a, b, locked_before & after)
            opened = 0
            for spot in bits(cracked):
                if self._cracks[spot] == 1:
                    opened |= 1 << spot
            locked_after = locked_before & ~opened
        elif (
            not self.occupied & pair
            and self._stack
            and {self._stack[-1].move.a, self._stack[-1].move.b} == {a, b}
        ):
            after = self.occupied
            before = after | pair
            locked_after = self.locked
            locked_before = locked_after | self._stack[-1].cracked
        else:
            raise ValueError(f"{a} and {b} are neither on the board nor the last removed pair")
        geometry = self.geometry
        free_before = geometry.free_mask(before)
        free_after = geometry.free_mask(after)
        selectable_before = free_before & ~locked_before
        selectable_after = free_after & ~locked_after
        gained = (free_after & ~free_before) | (selectable_after & ~selectable_before)
        return bits(gained & after)

    def __repr__(self) -> str:
        stones = f", {len(self.stones())} stones" if self._cracks else ""
        return (
            f"<StackBoard {self.game} {self.layout.name!r}: "
            f"{self.occupied.bit_count()}/{len(self._faces)} tiles{stones}>"
        )


def _join(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _normalize_faces(
    faces: Mapping[int, str] | Sequence[str | None], size: int, game: StackGame
) -> list[str | None]:
    """One code or ``None`` per spot, checked against the game; raises ``BoardError``."""
    result: list[str | None] = [None] * size
    items: list[tuple[int, str | None]]
    if isinstance(faces, Mapping):
        items = list(faces.items())
    else:
        if isinstance(faces, str):
            raise BoardError("faces must be a sequence of codes, not one string")
        if len(faces) != size:
            raise BoardError(f"{len(faces)} faces given for a layout of {size} positions")
        items = list(enumerate(faces))
    checked: set[str] = set()
    for spot, code in items:
        if not isinstance(spot, int) or isinstance(spot, bool) or not 0 <= spot < size:
            raise BoardError(f"spot {spot!r} is outside the layout ({size} positions)")
        if code is None:
            continue
        if not isinstance(code, str):
            raise BoardError(f"spot {spot}: tile code must be a string, not {code!r}")
        if code in checked:
            result[spot] = code
            continue
        try:
            colour, _ = split_code(code)
        except TileError as error:
            raise BoardError(f"spot {spot}: {error}") from None
        if game == "solitaire" and colour is not None:
            raise BoardError(
                f"spot {spot}: {code!r} is a Black & White tile; Mahjong Solitaire uses plain codes"
            )
        if game == "blackwhite" and colour is None:
            raise BoardError(
                f"spot {spot}: {code!r} has no colour; Black & White tiles start with 'b' or 'w'"
            )
        checked.add(code)
        result[spot] = code
    return result
