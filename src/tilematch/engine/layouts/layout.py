"""A layout: where the tiles of a layered board stand, before any face is dealt.

Positions are in half-tile units (docs/rules.md §3): a tile at ``(x, y, z)`` covers the
cells ``x..x+1`` and ``y..y+1`` on layer ``z``; ``x`` grows to the right,
``y`` downwards, ``z`` upwards.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

Position = tuple[int, int, int]


class LayoutError(ValueError):
    """A layout (built in or read from a file) cannot be used; the message says why.

    A problem of a fixed kind also gives that ``kind`` (``"too_many"``, ``"overlap"``,
    ``"odd_count"``, ...) and its ``figures`` (``where``: the file and line it names;
    the counts and tiles of the message), so that a reader may say it in other words.
    """

    def __init__(self, message: str, kind: str | None = None, **figures: object) -> None:
        super().__init__(message)
        self.kind = kind
        self.figures = figures


@dataclass(frozen=True)
class Layout:
    """A named arrangement of tile positions.

    ``positions`` is sorted by ``(z, y, x)`` so that spot numbers are stable.
    ``name`` is the lowercase key (``"turtle"``), ``title`` the display name
    (``"Turtle"``; defaults to ``name``), ``family`` groups related shapes
    (``"Turtle"``, ``"Pyramid"``, ...). ``warnings`` holds what a file reader
    tolerated the way the file's own program does, one message a problem
    naming its line (empty for a clean file and for built-in layouts).
    """

    name: str
    positions: tuple[Position, ...]
    family: str = "Classic"
    description: str = ""
    title: str = ""
    warnings: tuple[str, ...] = field(default=(), compare=False)
    index: dict[Position, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not self.title:
            object.__setattr__(self, "title", self.name)
        ordered = tuple(sorted(self.positions, key=lambda p: (p[2], p[1], p[0])))
        object.__setattr__(self, "positions", ordered)
        object.__setattr__(self, "index", {p: i for i, p in enumerate(ordered)})

    @property
    def size(self) -> int:
        """The number of tiles."""
        return len(self.positions)

    @property
    def bounds(self) -> tuple[int, int, int]:
        """``(width, height, depth)`` in half-tile units and layers."""
        if not self.positions:
            return (0, 0, 0)
        return (
            max(p[0] for p in self.positions) + 2,
            max(p[1] for p in self.positions) + 2,
            max(p[2] for p in self.positions) + 1,
        )

    def layer_counts(self) -> tuple[int, ...]:
        """The number of tiles on each layer, from layer 0 upwards."""
        counts = [0] * self.bounds[2]
        for _, _, z in self.positions:
            counts[z] += 1
        return tuple(counts)


#: The most tiles a layout may have (a guard against absurd or hostile files).
MAX_TILES = 2000
#: The largest coordinate (in half-tile units or layers) a layout may use.
MAX_COORD = 1000

#: Offsets ``(dx, dy)`` of a tile one layer down that a raised tile rests on: it overlaps.
RESTS_ON: tuple[tuple[int, int], ...] = tuple((dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1))
#: Offsets of a tile on the same layer that touches a tile edge to edge (side by side:
#: ``|dx| == 2`` and ``|dy| <= 1``, or ``|dy| == 2`` and ``|dx| <= 1``).
EDGE_TO_EDGE: tuple[tuple[int, int], ...] = tuple(
    (dx, dy) for dx in range(-2, 3) for dy in range(-2, 3) if (abs(dx) == 2) != (abs(dy) == 2)
)


def unsupported(positions: Sequence[Position], *, bridges: bool = False) -> list[int]:
    """The indexes (ascending) of the raised tiles in ``positions`` that rest on nothing.

    A tile above layer 0 rests on a tile one layer down that overlaps it
    (:data:`RESTS_ON`). With ``bridges``, a raised tile may also hang between
    or beside tiles of its own layer: it is held when a chain of tiles touching
    edge to edge on its layer (:data:`EDGE_TO_EDGE`) leads to a tile that rests
    on the layer below. Layout files of other programs span gaps that way
    (GNOME Mahjongg's "Overpass" and "The Ziggurat"), so the file readers allow it.
    """
    cells = {(x, y, z) for x, y, z in positions}
    held = {
        (x, y, z)
        for x, y, z in cells
        if z == 0 or any((x + dx, y + dy, z - 1) in cells for dx, dy in RESTS_ON)
    }
    if bridges:
        todo = list(held)
        while todo:
            x, y, z = todo.pop()
            for dx, dy in EDGE_TO_EDGE:
                other = (x + dx, y + dy, z)
                if other in cells and other not in held:
                    held.add(other)
                    todo.append(other)
    return [i for i, position in enumerate(positions) if tuple(position) not in held]


def check_positions(
    positions: Iterable[Sequence[int]],
    source: str,
    *,
    where: Sequence[str] | None = None,
    bridges: bool = False,
) -> None:
    """Check that tile positions make a playable layout; return ``None`` when they do.

    The rules: at least one tile and at most :data:`MAX_TILES`; an even count
    (tiles are removed in pairs); whole-number coordinates from 0 to
    :data:`MAX_COORD`; no two tiles on one layer overlapping (``|dx| < 2`` and
    ``|dy| < 2``); every tile above layer 0 resting on at least one tile of the
    layer below (``|dx| <= 1`` and ``|dy| <= 1``; with ``bridges``, or held by
    tiles of its own layer that do, see :func:`unsupported`).

    Raises :class:`LayoutError` whose message starts with ``source`` and names
    the first problem found, with the tile's position ``(x, y, z)``. ``where``,
    when given, holds one text per position saying where it came from (such as
    ``"line 12"``); the message then includes it after ``source``.
    """

    def at(number: int) -> str:
        if where is not None and number < len(where) and where[number]:
            return f"{source}: {where[number]}"
        return source

    seen: dict[Position, int] = {}
    layers: dict[int, set[tuple[int, int]]] = {}
    for number, raw in enumerate(positions):
        if number >= MAX_TILES:
            raise LayoutError(
                f"{source}: more than {MAX_TILES} tiles", "too_many", where=source, most=MAX_TILES
            )
        if len(raw) != 3 or not all(type(c) is int for c in raw):
            raise LayoutError(
                f"{at(number)}: tile {number + 1} is not three whole numbers: {raw!r}"
            )
        x, y, z = raw
        if not (0 <= x <= MAX_COORD and 0 <= y <= MAX_COORD and 0 <= z <= MAX_COORD):
            raise LayoutError(
                f"{at(number)}: tile at ({x}, {y}, {z}) is outside 0..{MAX_COORD} on some axis"
            )
        cells = layers.setdefault(z, set())
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                if (x + dx, y + dy) in cells:
                    other = (x + dx, y + dy, z)
                    what = "repeats" if other == (x, y, z) else "overlaps"
                    raise LayoutError(
                        f"{at(number)}: tile at ({x}, {y}, {z}) {what} the tile at {_fmt(other)}",
                        what,
                        where=at(number),
                        tile=_fmt((x, y, z)),
                        other=_fmt(other),
                    )
        cells.add((x, y))
        seen[(x, y, z)] = number
    if not seen:
        raise LayoutError(f"{source}: no tiles", "no_tiles", where=source)
    if len(seen) % 2:
        raise LayoutError(
            f"{source}: odd number of tiles ({len(seen)}); tiles go in pairs",
            "odd_count",
            where=source,
            count=len(seen),
        )
    ordered = sorted(seen, key=lambda p: (p[2], p[1], p[0]))
    floating = unsupported(ordered, bridges=bridges)
    if floating:
        x, y, z = ordered[floating[0]]
        held = ", nor a chain of tiles beside it that rests on one" if bridges else ""
        raise LayoutError(
            f"{at(seen[(x, y, z)])}: tile at ({x}, {y}, {z}) rests on nothing "
            f"(no tile under it on layer {z - 1}{held})"
        )


def _fmt(position: Position) -> str:
    return f"({position[0]}, {position[1]}, {position[2]})"
