"""Every problem of a layout at once, each with its tile: what an editor shows.

:func:`~tilematch.engine.layouts.layout.check_positions` stops at the first
problem; :func:`problems` goes on and returns all of them, so that a page can
mark each tile. :func:`editor_problems` adds the limits of a player's own layout
(:data:`EDITOR_TILES`, :data:`EDITOR_BOUNDS`, :data:`EDITOR_LEAST`).
:func:`check_title` checks a layout's name.

>>> [p.code for p in problems([(0, 0, 0), (1, 0, 0), (4, 4, 1)])]
['overlap', 'floating', 'odd_count']
>>> problems([(0, 0, 0), (2, 0, 0)])
[]
>>> [p.code for p in editor_problems([(0, 0, 0), (2, 0, 0), (4, 0, 0), (70, 0, 0)])]
['out_of_bounds']
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final

from tilematch.engine.layouts.layout import (
    MAX_COORD,
    MAX_TILES,
    LayoutError,
    Position,
    unsupported,
)

#: The longest layout title, in characters.
MAX_TITLE: Final = 60
#: Problem codes, in the order :func:`problems` reports them for one tile.
CODES: Final = ("not_a_tile", "out_of_range", "too_many", "repeat", "overlap", "floating")
#: The most tiles of a player's own layout (twice the 144 of the classic set).
EDITOR_TILES: Final = 288
#: The largest ``(x, y, z)`` a tile of a player's own layout may stand at: 32 tiles
#: across, 20 down and 10 layers (the built-in layouts all fit).
EDITOR_BOUNDS: Final = (62, 38, 9)
#: The fewest tiles of a player's own layout: two pairs.
EDITOR_LEAST: Final = 4


@dataclass(frozen=True)
class Problem:
    """One problem of a layout.

    ``code`` is a stable machine code (one of :data:`CODES`, or ``"empty"`` /
    ``"odd_count"`` for the layout as a whole), ``message`` says it for a
    person, ``index`` is the tile's place in the list given (``None`` for the
    whole layout), ``tile`` its position (``(x, y, z)``, or ``(row, col)`` of a
    Shisen-Sho outline), ``other`` the tile it collides with, ``params`` the
    figures of the message by name (so that a caller can say it in another language).
    """

    code: str
    message: str
    index: int | None = None
    tile: tuple[int, ...] | None = None
    other: tuple[int, ...] | None = None
    params: Mapping[str, object] = field(default_factory=dict, compare=False, hash=False)

    def to_json(self) -> dict[str, object]:
        """The problem as a JSON object (positions as ``[x, y, z]`` lists)."""
        return {
            "code": self.code,
            "message": self.message,
            "index": self.index,
            "tile": None if self.tile is None else list(self.tile),
            "other": None if self.other is None else list(self.other),
        }


def _fmt(tile: Position) -> str:
    return f"({tile[0]}, {tile[1]}, {tile[2]})"


def _well_formed(
    raw: Sequence[object], number: int, max_coord: int
) -> tuple[Position | None, Problem | None]:
    if len(raw) != 3 or not all(type(c) is int for c in raw):
        return None, Problem(
            "not_a_tile",
            f"tile {number + 1} is not three whole numbers",
            number,
            params={"number": number + 1},
        )
    x, y, z = (int(c) for c in raw)  # type: ignore[call-overload]
    tile = (x, y, z)
    if not all(0 <= c <= max_coord for c in tile):
        text = f"tile at {_fmt(tile)} is outside 0..{max_coord} on some axis"
        return None, Problem("out_of_range", text, number, tile, params={"most": max_coord})
    return tile, None


def problems(
    positions: Iterable[Sequence[object]],
    *,
    max_tiles: int = MAX_TILES,
    max_coord: int = MAX_COORD,
    bridges: bool = False,
) -> list[Problem]:
    """Every problem of ``positions``, tile by tile in the order given, then the whole layout.

    Per tile: not three whole numbers, a coordinate outside ``0..max_coord``,
    beyond ``max_tiles``, the same position twice, overlapping an earlier tile
    on its layer, resting on nothing (with ``bridges``, held by no chain of its
    layer either; see :func:`~tilematch.engine.layouts.layout.unsupported`).
    Then ``empty`` or ``odd_count`` (of all the entries given). Returns ``[]``
    for a playable layout.
    """
    found: list[Problem] = []
    cells: dict[tuple[int, int, int], int] = {}
    kept: list[tuple[int, Position]] = []
    count = 0
    for number, raw in enumerate(positions):
        count += 1
        tile, problem = _well_formed(raw, number, max_coord)
        if problem is not None or tile is None:
            found.extend([problem] if problem else [])
            continue
        if len(kept) >= max_tiles:
            text = f"tile at {_fmt(tile)} is one too many: at most {max_tiles} tiles"
            found.append(Problem("too_many", text, number, tile, params={"most": max_tiles}))
            continue
        x, y, z = tile
        clash = next(
            (
                (x + dx, y + dy, z)
                for dx in (0, -1, 1)
                for dy in (0, -1, 1)
                if (x + dx, y + dy, z) in cells
            ),
            None,
        )
        if clash is not None:
            code, verb = ("repeat", "repeats") if clash == tile else ("overlap", "overlaps")
            found.append(
                Problem(
                    code,
                    f"tile at {_fmt(tile)} {verb} the tile at {_fmt(clash)}",
                    number,
                    tile,
                    clash,
                )
            )
            continue
        cells[tile] = number
        kept.append((number, tile))
    found += _floating(kept, bridges)
    if not count:
        found.append(Problem("empty", "the layout has no tiles"))
    elif count % 2:
        text = f"odd number of tiles ({count}); tiles go in pairs"
        found.append(Problem("odd_count", text, params={"count": count}))
    return sorted(found, key=lambda p: (p.index is None, p.index or 0))


def _floating(kept: list[tuple[int, Position]], bridges: bool) -> list[Problem]:
    tiles = [tile for _, tile in kept]
    found = []
    for i in unsupported(tiles, bridges=bridges):
        number, (x, y, z) = kept[i]
        text = f"tile at ({x}, {y}, {z}) rests on nothing (no tile under it on layer {z - 1})"
        found.append(Problem("floating", text, number, (x, y, z), params={"below": z - 1}))
    return found


def editor_problems(positions: Sequence[Sequence[object]]) -> list[Problem]:
    """Every problem of a player's own layout: those of :func:`problems` with at most
    :data:`EDITOR_TILES` tiles, ``out_of_bounds`` for a tile beyond
    :data:`EDITOR_BOUNDS`, and ``too_few`` below :data:`EDITOR_LEAST` tiles.

    Returns ``[]`` for a layout a player may save and play; tile problems come in
    the order of ``positions``, then those of the whole layout.
    """
    found = problems(positions, max_tiles=EDITOR_TILES)
    unread = {p.index for p in found if p.code in ("not_a_tile", "out_of_range")}
    for number, raw in enumerate(positions):
        if number in unread:
            continue
        tile = tuple(raw)
        beyond = [
            axis
            for axis, value, most in zip("xyz", tile, EDITOR_BOUNDS, strict=True)
            if isinstance(value, int) and value > most
        ]
        if beyond:
            x, y, z = (int(c) for c in tile)  # type: ignore[call-overload]
            limits = ", ".join(
                f"{a} at most {m}" for a, m in zip("xyz", EDITOR_BOUNDS, strict=True)
            )
            text = f"tile at {_fmt((x, y, z))} is out of bounds ({limits})"
            most = dict(zip(("most_x", "most_y", "most_z"), EDITOR_BOUNDS, strict=True))
            found.append(Problem("out_of_bounds", text, number, (x, y, z), params=dict(most)))
    if 0 < len(positions) < EDITOR_LEAST:
        text = f"{len(positions)} tiles are too few: a layout needs at least {EDITOR_LEAST}"
        found.append(
            Problem("too_few", text, params={"count": len(positions), "least": EDITOR_LEAST})
        )
    return sorted(found, key=lambda p: (p.index is None, p.index or 0))


def check_title(title: object, field: str = "title") -> str:
    """The layout title ``title`` stripped of outer spaces, checked.

    Raises :class:`LayoutError` naming ``field`` when it is not text, is empty,
    longer than :data:`MAX_TITLE` characters, or holds a control character.
    """
    if not isinstance(title, str):
        raise LayoutError(f"{field}: a layout title is text, not {type(title).__name__}")
    text = title.strip()
    if not text:
        raise LayoutError(f"{field}: a layout title cannot be empty")
    if len(text) > MAX_TITLE:
        raise LayoutError(
            f"{field}: a layout title has at most {MAX_TITLE} characters, not {len(text)}"
        )
    for place, char in enumerate(text, start=1):
        if unicodedata.category(char).startswith("C"):
            raise LayoutError(f"{field}: character {place} of the title is a control character")
    return text
