"""The built-in layouts, each drawn here by a short piece of code or a text picture.

All coordinates are half-tile units ``(x, y, z)`` as in :mod:`tilematch.engine.layouts.layout`.
Helpers work in whole-tile *cells*: cell ``(col, row)`` is the tile at
``(2 * col, 2 * row)``.  A text picture has one character per cell:

* ``#`` a tile in the cell;
* ``>`` a tile shifted half a tile to the right, ``v`` half a tile down,
  ``+`` both;
* ``.`` (or a space) no tile.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from tilematch.engine.layouts.layout import Position

_SHIFTS = {"#": (0, 0), ">": (1, 0), "v": (0, 1), "+": (1, 1)}


def picture(rows: Sequence[str], z: int, dx: int = 0, dy: int = 0) -> list[Position]:
    """The tiles drawn by a text picture on layer ``z``, moved by ``(dx, dy)`` half-tiles."""
    tiles: list[Position] = []
    for row, line in enumerate(rows):
        for col, char in enumerate(line):
            if char in _SHIFTS:
                sx, sy = _SHIFTS[char]
                tiles.append((2 * col + sx + dx, 2 * row + sy + dy, z))
            elif char not in ". ":
                raise ValueError(f"unknown character {char!r} in a layout picture")
    return tiles


def rect(x: int, y: int, cols: int, rows: int, z: int) -> list[Position]:
    """A ``cols`` x ``rows`` block of tiles whose top-left tile stands at ``(x, y, z)``."""
    return [(x + 2 * c, y + 2 * r, z) for r in range(rows) for c in range(cols)]


def ring(x: int, y: int, cols: int, rows: int, z: int) -> list[Position]:
    """The border of a ``cols`` x ``rows`` block (a wall one tile thick)."""
    return [
        (x + 2 * c, y + 2 * r, z)
        for r in range(rows)
        for c in range(cols)
        if r in (0, rows - 1) or c in (0, cols - 1)
    ]


def cells_where(
    cols: int, rows: int, z: int, keep: Callable[[float, float], bool]
) -> list[Position]:
    """Tiles in the cells of a ``cols`` x ``rows`` grid whose centre ``(u, v)`` passes ``keep``.

    ``u`` and ``v`` run from -1 to 1 across the grid (cell centres), so shapes
    drawn with them are centred.
    """
    tiles: list[Position] = []
    for r in range(rows):
        for c in range(cols):
            u = (2 * c + 1 - cols) / cols
            v = (2 * r + 1 - rows) / rows
            if keep(u, v):
                tiles.append((2 * c, 2 * r, z))
    return tiles


def on_top(tiles: Iterable[Position], dz: int = 1, dx: int = 0, dy: int = 0) -> list[Position]:
    """Copies of ``tiles`` moved up ``dz`` layers and by ``(dx, dy)`` half-tiles."""
    return [(x + dx, y + dy, z + dz) for x, y, z in tiles]


def normalised(tiles: Iterable[Position]) -> list[Position]:
    """The tiles moved so that the smallest ``x`` and ``y`` are 0, without duplicates."""
    unique = sorted(set(tiles), key=lambda p: (p[2], p[1], p[0]))
    if not unique:
        return []
    left = min(p[0] for p in unique)
    top = min(p[1] for p in unique)
    return [(x - left, y - top, z) for x, y, z in unique]


@dataclass(frozen=True)
class Shape:
    """A built-in layout before it is checked: key, display name, family, builder."""

    name: str
    title: str
    family: str
    description: str
    build: Callable[[], list[Position]]


# --------------------------------------------------------------------------- Turtle

_TURTLE_BASE = (
    ".############..",
    "...########....",
    "..##########...",
    "v############vv",
    ".############..",
    "..##########...",
    "...########....",
    ".############..",
)


def _turtle() -> list[Position]:
    return [
        *picture(_TURTLE_BASE, 0),
        *rect(8, 2, 6, 6, 1),
        *rect(10, 4, 4, 4, 2),
        *rect(12, 6, 2, 2, 3),
        (13, 7, 4),
    ]


# --------------------------------------------------------------------------- Pyramid


def _stepped(cols: int, rows: int, layers: int) -> list[Position]:
    """Each layer one tile narrower and shorter, centred by a half-tile shift."""
    return [t for k in range(layers) for t in rect(k, k, cols - k, rows - k, k)]


def _pyramid() -> list[Position]:
    """Square terraces, each a whole tile in from the one below, so every rim stays open."""
    return [t for k in range(4) for t in rect(2 * k, 2 * k, 8 - 2 * k, 8 - 2 * k, k)]


def _little_pyramid() -> list[Position]:
    return _stepped(6, 4, 4)


def _ziggurat() -> list[Position]:
    tiles = [t for k in range(3) for t in rect(2 * k, 2 * k, 10 - 2 * k, 6 - 2 * k, k)]
    return [*tiles, (8, 5, 3), (10, 5, 3)]


def _twin_pyramids() -> list[Position]:
    one = _stepped(5, 5, 5)
    return [*one, *on_top(one, 0, dx=12), (10, 3, 0), (10, 5, 0)]


# --------------------------------------------------------------------------- Tower


def _tower() -> list[Position]:
    return [
        *rect(0, 0, 8, 6, 0),
        *rect(4, 2, 4, 4, 1),
        *rect(4, 2, 4, 4, 2),
        *rect(6, 4, 2, 2, 3),
        *rect(6, 4, 2, 2, 4),
        *rect(6, 4, 2, 2, 5),
    ]


def _twin_towers() -> list[Position]:
    tiles = rect(0, 0, 12, 4, 0)
    for x in (2, 18):
        for z in (1, 2, 3):
            tiles += rect(x, 2, 2, 2, z)
        tiles.append((x + 1, 3, 4))
    tiles += [(x, 3, 1) for x in range(6, 18, 2)]
    return tiles


def _watchtowers() -> list[Position]:
    tiles = ring(0, 0, 10, 10, 0)
    for x, y in ((0, 0), (16, 0), (0, 16), (16, 16)):
        for z in (0, 1, 2, 3):
            tiles += rect(x, y, 2, 2, z)
    tiles += rect(7, 7, 3, 3, 0)
    tiles += rect(8, 8, 2, 2, 1)
    tiles.append((9, 9, 2))
    return tiles


# --------------------------------------------------------------------------- Dragon


#: The top row of the dragon's body in each column, in half tiles: one period of
#: a sine wave, rounded and written out so that the shape never depends on floats.
_DRAGON_WAVE = (4, 5, 6, 7, 7, 7, 6, 4, 3, 1, 0, 0, 0, 1, 2, 4)


def _dragon() -> list[Position]:
    """A body two tiles thick waving over 16 columns, a tapering tail and a raised head."""
    tiles: list[Position] = []
    tops = _DRAGON_WAVE
    length = len(tops)
    for c, top in enumerate(tops):
        if c < 2:
            tiles.append((2 * c, top + 1, 0))
            continue
        tiles += [(2 * c, top, 0), (2 * c, top + 2, 0)]
        if 3 <= c <= length - 2:
            tiles.append((2 * c, top + 1, 1))
    head = tops[-1] - 1
    tiles += rect(2 * length, head, 3, 3, 0)
    tiles += rect(2 * length + 1, head + 1, 2, 2, 1)
    tiles.append((2 * length + 2, head + 2, 2))
    return tiles


_SLEEPING_DRAGON = (
    "......####......",
    "....##....##....",
    "...#........#...",
    "..#...####...#..",
    "..#..#....#..#..",
    "..#...#..#...#..",
    "...#...##...#...",
    "....##....##....",
    "......####......",
)


def _dragon_pearl() -> list[Position]:
    base = picture(_SLEEPING_DRAGON, 0)
    return base


# --------------------------------------------------------------------------- Spiral


def _square_spiral(size: int) -> list[tuple[int, int]]:
    """Cells of a square spiral wall in a ``size`` x ``size`` grid, from the rim inwards."""
    grid = [[False] * size for _ in range(size)]
    r, c = 0, 0
    dr, dc = 0, 1
    grid[0][0] = True
    order = [(0, 0)]
    while True:
        moved = False
        for _ in range(2):
            nr, nc = r + dr, c + dc
            ar, ac = nr + dr, nc + dc
            if (
                0 <= nr < size
                and 0 <= nc < size
                and not grid[nr][nc]
                and not (0 <= ar < size and 0 <= ac < size and grid[ar][ac])
            ):
                r, c = nr, nc
                grid[r][c] = True
                order.append((c, r))
                moved = True
                break
            dr, dc = dc, -dr
        if not moved:
            return order


def _spiral() -> list[Position]:
    path = _square_spiral(11)
    tiles = [(2 * c, 2 * r, 0) for c, r in path]
    inner = path[len(path) // 2 + 1 :]
    tiles += [(2 * c, 2 * r, 1) for c, r in inner]
    return tiles


def _whirlpool() -> list[Position]:
    """Four arms turning around a raised centre (a shape that looks the same turned 90°)."""
    arm = [(4, 0), (4, 1), (3, 1), (3, 2), (2, 2), (2, 3)]
    tiles: set[tuple[int, int]] = set()
    for c, r in arm:
        u, v = c - 4, r - 4
        for _ in range(4):
            tiles.add((u, v))
            u, v = -v, u
    tiles |= {(u, v) for u in (-1, 0, 1) for v in (-1, 0, 1)}
    base = [(2 * (u + 4), 2 * (v + 4), 0) for u, v in tiles]
    top = [(2 * (u + 4), 2 * (v + 4), 1) for u in (-1, 1) for v in (-1, 1)]
    return [*base, *top, (8, 8, 1)]


# --------------------------------------------------------------------------- Yin-Yang


def yin_yang_tiles(size: int) -> list[Position]:
    """A disc of ``size`` x ``size`` cells: the light half raised one layer, with the two eyes.

    The light half carries a dark eye (a gap in the raised layer) and the dark
    half a light eye (one raised tile).
    """

    def disc(u: float, v: float) -> bool:
        return u * u + v * v <= 1.0

    def light(u: float, v: float) -> bool:
        upper = u * u + (v + 0.5) ** 2 <= 0.25
        lower = u * u + (v - 0.5) ** 2 <= 0.25
        return disc(u, v) and ((u > 0 and not upper) or lower)

    base = cells_where(size, size, 0, disc)
    raised = set(on_top(cells_where(size, size, 0, light)))
    middle = 2 * (size // 2)
    quarter = 2 * round(size / 4 - 0.5)
    raised.discard((middle, 2 * (size - 1) - quarter, 1))
    raised.add((middle, quarter, 1))
    return [*base, *raised]


def _yin_yang() -> list[Position]:
    return yin_yang_tiles(13)


def _balance() -> list[Position]:
    return yin_yang_tiles(9)


# --------------------------------------------------------------------------- others


def _fortress() -> list[Position]:
    wall = ring(0, 0, 10, 8, 0)
    tiles = [*wall, *on_top(wall)]
    for x, y in ((0, 0), (18, 0), (0, 14), (18, 14)):
        tiles += [(x, y, 2), (x, y, 3)]
    tiles += rect(6, 6, 4, 2, 0)
    tiles += [(8, 7, 1), (10, 7, 1)]
    return tiles


def _bridge() -> list[Position]:
    """Two river banks and a bridge two tiles wide that climbs half a tile per layer."""
    tiles = [*rect(0, 0, 4, 5, 0), *rect(16, 0, 4, 5, 0)]
    for z in (1, 2, 3):
        for x in range(z, z + 8, 2):
            tiles += [(x, 4, z), (x, 6, z), (22 - x, 4, z), (22 - x, 6, z)]
    tiles += rect(6, 4, 6, 2, 4)
    return tiles


_BUTTERFLY = (
    "##...........##",
    "####.......####",
    "#####..#..#####",
    "######.#.######",
    ".#############.",
    "..###########..",
    "..####.#.####..",
    ".####..#..####.",
    ".###.......###.",
)


def _butterfly() -> list[Position]:
    body = [(14, y, 1) for y in range(4, 16, 2)]
    spots = [(5, 3, 1), (23, 3, 1), (5, 13, 1), (23, 13, 1)]
    return [*picture(_BUTTERFLY, 0), *body, *spots]


def _cross() -> list[Position]:
    def plus(size: int, arm: int) -> Callable[[float, float], bool]:
        limit = arm / size
        return lambda u, v: abs(u) < limit or abs(v) < limit

    tiles = cells_where(12, 12, 0, plus(12, 4))
    tiles += [t for t in on_top(tiles) if 4 <= t[0] <= 18 and 4 <= t[1] <= 18]
    tiles += on_top(rect(8, 8, 4, 4, 0), 2)
    tiles += on_top(rect(10, 10, 2, 2, 0), 3)
    return tiles


def _temple() -> list[Position]:
    tiles = rect(0, 0, 13, 5, 0)
    pillars = [(x, y, 1) for x in (2, 6, 10, 14, 18, 22) for y in (2, 6)]
    roof = [(x, y, 2) for x in range(1, 24, 2) for y in (1, 3, 5, 7)]
    upper = [(x, y, 3) for x in range(4, 21, 2) for y in (2, 4, 6)]
    ridge = [(x, 4, 4) for x in range(7, 18, 2)]
    return [*tiles, *pillars, *roof, *upper, *ridge]


def _diamond() -> list[Position]:
    tiles: list[Position] = []
    for z, half in enumerate((6, 4, 2, 0)):
        for r in range(2 * half + 1):
            width = half + 1 - abs(r - half)
            tiles += [(7 - width + 2 * i, 2 * (r + 6 - half), z) for i in range(width)]
    return tiles


def _centred_row(width: int, y: int, z: int, centre: int = 8) -> list[Position]:
    """``width`` tiles side by side on row ``y`` whose middle is at ``centre`` half-tiles."""
    return [(centre - (width - 1) + 2 * i, y, z) for i in range(width)]


def _star() -> list[Position]:
    """Two triangles of half-tile rows, one pointing up, one down, raised in the middle."""
    tiles: list[Position] = []
    for r in range(13):
        width = max(r + 1 if r <= 8 else 0, 13 - r if r >= 4 else 0)
        tiles += _centred_row(width, 2 * r, 0)
    for r, width in ((5, 6), (6, 5), (7, 6)):
        tiles += _centred_row(width, 2 * r, 1)
    return tiles


def _hourglass() -> list[Position]:
    tiles: list[Position] = []
    for r in range(9):
        width = 2 + abs(r - 4) * 2
        left = 8 - width
        tiles += [(left + 2 * i, 2 * r, 0) for i in range(width)]
    return tiles


def _arena() -> list[Position]:
    def oval(u: float, v: float) -> bool:
        d = u * u + v * v
        return 0.45 <= d <= 1.0

    base = cells_where(14, 10, 0, oval)
    return [*base, *on_top(t for t in base if t[1] not in (0, 18))]


SHAPES: tuple[Shape, ...] = (
    Shape(
        "turtle",
        "Turtle",
        "Turtle",
        "The classic shell: a wide base with three side tiles, four layers and a cap.",
        _turtle,
    ),
    Shape(
        "pyramid",
        "Great Pyramid",
        "Pyramid",
        "Four square terraces, each a whole tile in from the one below, so every rim stays open.",
        _pyramid,
    ),
    Shape(
        "little-pyramid",
        "Little Pyramid",
        "Pyramid",
        "A low pyramid whose layers shift by half a tile: only the top is open at first.",
        _little_pyramid,
    ),
    Shape(
        "ziggurat",
        "Ziggurat",
        "Pyramid",
        "Three broad terraces crowned by two tiles.",
        _ziggurat,
    ),
    Shape(
        "twin-pyramids",
        "Twin Pyramids",
        "Pyramid",
        "Two steep half-tile pyramids side by side, each with a single capstone.",
        _twin_pyramids,
    ),
    Shape(
        "tower",
        "Tower",
        "Tower",
        "A wide courtyard around a keep four layers higher.",
        _tower,
    ),
    Shape(
        "twin-towers",
        "Twin Towers",
        "Tower",
        "Two towers on a long wall with a walkway between them.",
        _twin_towers,
    ),
    Shape(
        "watchtowers",
        "Watchtowers",
        "Tower",
        "A square wall with a tower of four tiles in each corner and a small keep in the middle.",
        _watchtowers,
    ),
    Shape(
        "dragon",
        "Dragon",
        "Dragon",
        "A winding body with a raised spine, a tapering tail and a horned head.",
        _dragon,
    ),
    Shape(
        "dragon-pearl",
        "Dragon Pearl",
        "Dragon",
        "A flat coil of tiles around the dragon's pearl: a small layout for a quick game.",
        _dragon_pearl,
    ),
    Shape(
        "spiral",
        "Spiral",
        "Spiral",
        "A square spiral whose inner turns are raised one layer.",
        _spiral,
    ),
    Shape(
        "whirlpool",
        "Whirlpool",
        "Spiral",
        "Four curved arms around a raised centre.",
        _whirlpool,
    ),
    Shape(
        "yin-yang",
        "Yin-Yang",
        "Yin-Yang",
        "A large disc: the light half raised one layer, each half carrying the other's eye.",
        _yin_yang,
    ),
    Shape(
        "balance",
        "Balance",
        "Yin-Yang",
        "A smaller yin-yang disc.",
        _balance,
    ),
    Shape(
        "fortress",
        "Fortress",
        "Fortress",
        "Double walls with corner towers around a keep.",
        _fortress,
    ),
    Shape(
        "bridge",
        "Bridge",
        "Bridge",
        "Two river banks joined by a bridge that climbs half a tile per layer.",
        _bridge,
    ),
    Shape(
        "butterfly",
        "Butterfly",
        "Butterfly",
        "Wide wings with raised spots on either side of a raised body.",
        _butterfly,
    ),
    Shape(
        "cross",
        "Cross",
        "Cross",
        "A broad cross rising in layers to a square centre.",
        _cross,
    ),
    Shape(
        "temple",
        "Temple",
        "Temple",
        "A platform with two rows of pillars carrying a stepped roof.",
        _temple,
    ),
    Shape(
        "diamond",
        "Diamond",
        "Diamond",
        "Rows offset by half a tile form a diamond, layered four deep.",
        _diamond,
    ),
    Shape(
        "star",
        "Star",
        "Star",
        "Two interlaced triangles of half-tile rows with a raised heart.",
        _star,
    ),
    Shape(
        "hourglass",
        "Hourglass",
        "Hourglass",
        "A flat hourglass with a narrow waist.",
        _hourglass,
    ),
    Shape(
        "arena",
        "Arena",
        "Arena",
        "An oval ring two layers high around an empty floor.",
        _arena,
    ),
)
