"""The layered board of Mahjong Solitaire and Black & White: tiles, stones, moves."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Self

from tilematch.engine.board import BoardError, Match, PairView, bits
from tilematch.engine.layouts.layout import Layout
from tilematch.engine.stack.geometry import (
    STACK_GAMES,
    STONE_CRACKS,
    StackGame,
    _mask_of,
    stack_geometry,
)
from tilematch.engine.tiles import Colour, TileError, match_key, split_code, tile_name, tiles_match


@dataclass(frozen=True)
class Blockers:
    """Why a tile can or cannot be selected (Learn Mode); see :meth:`StackBoard.explain`.

    ``covered_by`` are the occupied spots on higher layers overlapping the tile;
    ``left`` and ``right`` the occupied spots closing its sides (the side rule
    only blocks when both are non-empty); ``stone_cracks_left`` is how many
    cracks a stone still needs (0 for ordinary tiles); ``free`` is the free rule
    of docs/rules.md §3 alone; ``sentence`` (also :meth:`describe`) says it all in words,
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
    :func:`~tilematch.engine.stack.json.parse_board` for a checked board).

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
        """True when a tile stands at ``spot`` and it is free by docs/rules.md §3.

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
