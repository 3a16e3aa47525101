"""The layout designer: families of shapes drawn from a few parameters.

Each family is a generator of :class:`Design` values (key, title, family,
description, positions). The designs are candidates: :func:`curate` keeps the
ones that make a good built-in layout (valid, whole groups of four tiles,
36 to 252 tiles, none equal to another up to translation and mirroring), and
the chosen ones are frozen into the catalogue's data file
(:mod:`tilematch.engine.layouts.catalogue`), so that later changes here never
move a tile of a released layout.

Coordinates are half-tile units ``(x, y, z)``; the helpers of
:mod:`tilematch.engine.layouts.builtin` draw in whole-tile cells.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass

from tilematch.engine.layouts.builtin import (
    cells_where,
    normalised,
    rect,
    ring,
    yin_yang_tiles,
)
from tilematch.engine.layouts.layout import Position, unsupported
from tilematch.engine.layouts.pictures import PICTURES, drawn

#: The smallest and largest tile counts of a designed layout.
SMALLEST, LARGEST = 36, 252

Metric = Callable[[float, float], float]


@dataclass(frozen=True)
class Design:
    """One designed layout before curation."""

    name: str
    title: str
    family: str
    description: str
    positions: tuple[Position, ...]


def canonical(positions: Iterable[Position]) -> tuple[Position, ...]:
    """The positions up to translation and mirroring: the least of the four mirror images.

    Two layouts with the same canonical form are the same layout moved or
    flipped left to right or top to bottom.
    """
    tiles = list(positions)
    if not tiles:
        return ()
    width = max(x for x, _, _ in tiles)
    height = max(y for _, y, _ in tiles)
    images = []
    for fx in (False, True):
        for fy in (False, True):
            moved = [(width - x if fx else x, height - y if fy else y, z) for x, y, z in tiles]
            images.append(tuple(sorted(normalised(moved))))
    return min(images)


def _design(name: str, title: str, family: str, text: str, tiles: Iterable[Position]) -> Design:
    return Design(name, title, family, text, tuple(whole_groups(normalised(tiles))))


def whole_groups(tiles: Sequence[Position]) -> list[Position]:
    """``tiles`` less the fewest uncovered tiles that leave a multiple of four.

    Only tiles with nothing above them go, so nothing is left floating; two
    tiles that mirror each other left to right go first, then tiles on the
    middle line, so a symmetric shape stays symmetric; the highest go first.
    """
    left = list(tiles)
    extra = len(left) % 4
    if not extra:
        return left
    width = max(x for x, _, _ in left)
    cells = set(left)

    def uncovered(t: Position) -> bool:
        x, y, z = t
        return not any((x + dx, y + dy, z + 1) in cells for dx in (-1, 0, 1) for dy in (-1, 0, 1))

    top = sorted((t for t in left if uncovered(t)), key=lambda t: (-t[2], t[1], t[0]))
    gone: list[Position] = []
    if extra >= 2:
        pair = next(
            (
                (t, (width - t[0], t[1], t[2]))
                for t in top
                if t[0] * 2 < width and (width - t[0], t[1], t[2]) in cells
            ),
            None,
        )
        if pair is not None:
            gone += pair
            extra -= 2
    for t in top:
        if not extra:
            break
        if t not in gone and (
            t[0] * 2 == width or not any(t[0] * 2 == width for t in top if t not in gone)
        ):
            gone.append(t)
            extra -= 1
    return [t for t in left if t not in gone]


# --------------------------------------------------------------------------- terraces


def terraced(cols: int, rows: int, metric: Metric, layers: int, step: float) -> list[Position]:
    """Layer ``z`` holds the cells of a ``cols`` x ``rows`` grid with ``metric <= 1 - z * step``.

    Each layer is a subset of the one below, so nothing floats; a metric
    symmetric in ``u`` and ``v`` gives a layout symmetric both ways.
    """
    tiles: list[Position] = []
    for z in range(layers):
        limit = 1.0 - z * step + 1e-9

        def keep(u: float, v: float, lim: float = limit) -> bool:
            return metric(u, v) <= lim

        tiles += cells_where(cols, rows, z, keep)
    return tiles


def _disc(u: float, v: float) -> float:
    return math.hypot(u, v)


def _rhombus(u: float, v: float) -> float:
    return abs(u) + abs(v)


def _square(u: float, v: float) -> float:
    return max(abs(u), abs(v))


def _star(u: float, v: float) -> float:
    return min(abs(u) + 2.2 * abs(v), 2.2 * abs(u) + abs(v)) / 1.4


def _flower(u: float, v: float) -> float:
    angle = math.atan2(v, u)
    return math.hypot(u, v) / (0.72 + 0.28 * abs(math.cos(2 * angle)))


def _cushion(u: float, v: float) -> float:
    return float((u**4 + v**4) ** 0.25)


def _heart(u: float, v: float) -> float:
    x, y = 1.25 * u, -1.25 * v + 0.25
    value = (x * x + y * y - 1) ** 3 - x * x * y**3
    return 0.0 if value <= 0 else 2.0


METRICS: dict[str, tuple[str, Metric, str]] = {
    "mound": ("Mound", _disc, "round terraces rising to a small top"),
    "rhombus": ("Rhombus", _rhombus, "a diamond whose terraces step in on all four sides"),
    "ziggurat": ("Ziggurat", _square, "square terraces, one inside the other"),
    "star": ("Star", _star, "a four-pointed star with a raised heart"),
    "lotus": ("Lotus", _flower, "four round petals around a raised middle"),
    "cushion": ("Cushion", _cushion, "a rounded square, raised to a flat top"),
}


def _terraces() -> Iterator[Design]:
    families = {
        "mound": "Pattern",
        "rhombus": "Pattern",
        "ziggurat": "Pyramid",
        "star": "Pattern",
        "lotus": "Pattern",
        "cushion": "Pyramid",
    }
    for key, (title, metric, text) in METRICS.items():
        for cols, rows in ((8, 8), (10, 8), (10, 10), (12, 8), (12, 10), (14, 10), (12, 12)):
            for layers, step in ((3, 0.3), (4, 0.22), (5, 0.18)):
                tiles = terraced(cols, rows, metric, layers, step)
                yield _design(
                    f"{key}-{cols}x{rows}-{layers}",
                    f"{title} {cols}×{rows}, {layers} layers",
                    families[key],
                    f"{text.capitalize()}: {cols} × {rows} cells, {layers} layers.",
                    tiles,
                )


# --------------------------------------------------------------------------- pyramids


def stepped(cols: int, rows: int, layers: int, inset: int) -> list[Position]:
    """A pyramid of rectangles, each layer ``inset`` half-tiles (1 or 2) in on every side."""
    tiles: list[Position] = []
    for k in range(layers):
        c, r = cols - k * inset, rows - k * inset
        if c < 1 or r < 1:
            break
        tiles += rect(k * inset, k * inset, c, r, k)
    return tiles


def _pyramids() -> Iterator[Design]:
    for cols, rows in ((6, 6), (8, 6), (8, 8), (10, 6), (10, 8), (12, 6), (12, 8), (14, 8)):
        for layers in (3, 4, 5):
            for inset, word in ((1, "half-tile"), (2, "whole-tile")):
                yield _design(
                    f"pyramid-{cols}x{rows}-{layers}-{inset}",
                    f"{'Step' if inset == 2 else 'Slope'} Pyramid {cols}×{rows}×{layers}",
                    "Pyramid",
                    f"A {cols} × {rows} base and {layers} layers, each a {word} step in.",
                    stepped(cols, rows, layers, inset),
                )
    for cols in (5, 6, 7):
        one = stepped(cols, cols, cols - 1, 1)
        yield _design(
            f"twin-pyramids-{cols}",
            f"Twin Slopes {cols}",
            "Pyramid",
            f"Two {cols} × {cols} half-tile pyramids side by side.",
            [*one, *((x + 2 * cols + 2, y, z) for x, y, z in one)],
        )


# --------------------------------------------------------------------------- towers


def towers_on(
    base: list[Position], spots: Sequence[tuple[int, int]], height: int
) -> list[Position]:
    """``base`` with a 2 x 2 tower ``height`` layers high at each spot (half-tile units)."""
    tiles = list(base)
    for x, y in spots:
        for z in range(1, height + 1):
            tiles += rect(x, y, 2, 2, z)
    return tiles


def _towers() -> Iterator[Design]:
    for cols, rows in ((8, 6), (10, 6), (10, 8), (12, 8), (14, 8)):
        w, h = 2 * cols, 2 * rows
        corners = [(0, 0), (w - 4, 0), (0, h - 4), (w - 4, h - 4)]
        middle = [(cols - 2, rows - 2)]
        sides = [(0, rows - 2), (w - 4, rows - 2)]
        plans = (
            ("corner", "Corner Towers", corners, "a tower in each corner"),
            ("keep", "Keep", middle, "a keep in the middle"),
            ("gate", "Gatehouse", sides, "a tower at either side"),
            ("castle", "Castle", corners + middle, "corner towers and a central keep"),
        )
        for key, title, spots, text in plans:
            for height in (2, 3, 4):
                tiles = towers_on(rect(0, 0, cols, rows, 0), spots, height)
                if len(tiles) > LARGEST:
                    continue
                yield _design(
                    f"{key}-{cols}x{rows}-{height}",
                    f"{title} {cols}×{rows}, {height} high",
                    "Tower",
                    f"A {cols} × {rows} courtyard with {text}, {height} layers high.",
                    tiles,
                )
    for size in (7, 8, 9, 10):
        wall = ring(0, 0, size, size, 0)
        far = 2 * size - 4
        corners = [(0, 0), (far, 0), (0, far), (far, far)]
        tiles = [*wall, *((x, y, 1) for x, y, _ in wall)]
        for x, y in corners:
            tiles += [(x if x == 0 else x + 2, y if y == 0 else y + 2, z) for z in (2, 3)]
        yield _design(
            f"walls-{size}",
            f"Walled Town {size}",
            "Tower",
            f"A square wall {size} tiles long, two layers high, with a tower at each corner.",
            tiles,
        )


# --------------------------------------------------------------------------- dragons


def dragon(length: int, amplitude: float, waves: float, spine: int) -> list[Position]:
    """A body two tiles thick along a sine wave, a raised spine and a head."""
    tiles: list[Position] = []
    tops = [
        round(amplitude * (1 + math.sin(2 * math.pi * waves * c / length))) for c in range(length)
    ]
    for c, top in enumerate(tops):
        tiles += [(2 * c, top, 0), (2 * c, top + 2, 0)]
        if spine and 2 <= c <= length - 2:
            tiles.append((2 * c, top + 1, 1))
            if spine > 1 and 4 <= c <= length - 4 and c % 2 == 0:
                tiles.append((2 * c, top + 1, 2))
    head = tops[-1] - 1
    tiles += rect(2 * length, head, 3, 3, 0)
    tiles += rect(2 * length + 1, head + 1, 2, 2, 1)
    tiles.append((2 * length + 2, head + 2, 2))
    return tiles


def _dragons() -> Iterator[Design]:
    names = {1.0: "Serpent", 1.5: "River Dragon", 2.0: "Storm Dragon"}
    for waves, word in names.items():
        for length in (14, 18, 22, 26):
            for amplitude, spine in ((2.0, 1), (3.0, 2), (4.0, 1)):
                tiles = dragon(length, amplitude, waves, spine)
                yield _design(
                    f"dragon-{int(waves * 10)}-{length}-{int(amplitude)}-{spine}",
                    f"{word} {length}, {'high spine' if spine > 1 else 'spine'} {int(amplitude)}",
                    "Dragon",
                    f"A body {length} tiles long in {waves:g} waves, with a raised spine "
                    f"and a horned head.",
                    tiles,
                )


# --------------------------------------------------------------------------- spirals


def square_spiral(size: int) -> list[tuple[int, int]]:
    """The cells of a square spiral wall in a ``size`` x ``size`` grid, rim first."""
    grid = [[False] * size for _ in range(size)]
    r, c, dr, dc = 0, 0, 0, 1
    grid[0][0] = True
    order = [(0, 0)]
    while True:
        for _ in range(2):
            nr, nc, ar, ac = r + dr, c + dc, r + 2 * dr, c + 2 * dc
            ahead = 0 <= ar < size and 0 <= ac < size and grid[ar][ac]
            if 0 <= nr < size and 0 <= nc < size and not grid[nr][nc] and not ahead:
                r, c = nr, nc
                grid[r][c] = True
                order.append((c, r))
                break
            dr, dc = dc, -dr
        else:
            return order


def _spirals() -> Iterator[Design]:
    for size in (9, 10, 11, 12, 13, 14, 15):
        path = square_spiral(size)
        for share, word in ((2, "half"), (3, "inner third")):
            base = [(2 * c, 2 * r, 0) for c, r in path]
            inner = path[len(path) - len(path) // share :]
            raised = [(2 * c, 2 * r, 1) for c, r in inner]
            yield _design(
                f"spiral-{size}-{share}",
                f"Spiral {size}, {word} raised",
                "Spiral",
                f"A square spiral in {size} × {size} cells whose {word} is raised one layer.",
                [*base, *raised],
            )
        twin = [(2 * c, 2 * r, 0) for c, r in path]
        mirrored = [(4 * size - 2 - x, 2 * (size - 1) - y, 0) for x, y, _ in twin]
        yield _design(
            f"twin-spiral-{size}",
            f"Twin Spiral {size}",
            "Spiral",
            f"Two square spirals of {size} × {size} cells, one turned about the other.",
            [*twin, *mirrored],
        )


def _whirls() -> Iterator[Design]:
    for arms in (4,):
        for reach in (4, 5, 6, 7):
            cells: set[tuple[int, int]] = set()
            for k in range(reach):
                base = [(reach, -k + 0), (reach - 1, -k)]
                for c, r in base:
                    u, v = c, r
                    for _ in range(arms):
                        cells.add((u, v))
                        u, v = -v, u
            cells |= {(u, v) for u in (-1, 0, 1) for v in (-1, 0, 1)}
            lo = min(min(u, v) for u, v in cells)
            tiles = [(2 * (u - lo), 2 * (v - lo), 0) for u, v in cells]
            tiles += [(2 * (u - lo), 2 * (v - lo), 1) for u in (-1, 1) for v in (-1, 1)]
            yield _design(
                f"pinwheel-{reach}",
                f"Pinwheel {reach}",
                "Spiral",
                f"Four arms {reach} tiles long turning around a raised hub.",
                tiles,
            )


# --------------------------------------------------------------------------- yin-yang


def yin_yang(size: int, rim: bool) -> list[Position]:
    """A disc of ``size`` cells across, its light half raised, each half with the other's
    eye (:func:`~tilematch.engine.layouts.builtin.yin_yang_tiles`); ``rim`` raises the edge too."""
    tiles = yin_yang_tiles(size)
    raised = {tile for tile in tiles if tile[2] == 1}
    if rim:
        tiles += [
            (x, y, 1)
            for x, y, _ in cells_where(size, size, 0, lambda u, v: 0.8 < u * u + v * v <= 1.0)
            if (x, y, 1) not in raised
        ]
    return tiles


def _yin_yangs() -> Iterator[Design]:
    for size in range(7, 18):
        for rim in (False, True):
            yield _design(
                f"yin-yang-{size}{'-rim' if rim else ''}",
                f"Yin-Yang {size}{' with rim' if rim else ''}",
                "Yin-Yang",
                f"A disc {size} tiles across: the light half raised, each half "
                f"carrying the other's eye{', inside a raised rim' if rim else ''}.",
                yin_yang(size, rim),
            )


# --------------------------------------------------------------------------- pictures


def _pictures() -> Iterator[Design]:
    for key, (title, family, text, rows) in PICTURES.items():
        yield _design(key, title, family, text, drawn(rows))
        wide = [row.replace("2", "3") for row in rows]
        yield _design(f"{key}-tall", f"{title}, tall", family, f"{text} Built higher.", drawn(wide))


# --------------------------------------------------------------------------- patterns


def _patterns() -> Iterator[Design]:
    for size in (8, 10, 12, 14):
        checks = [(2 * c, 2 * r, 0) for r in range(size) for c in range(size)]
        raised = [
            (2 * c + 1, 2 * r + 1, 1) for r in range(0, size - 1, 2) for c in range(0, size - 1, 2)
        ]
        yield _design(
            f"lattice-{size}",
            f"Lattice {size}",
            "Pattern",
            f"A {size} × {size} square with tiles set half a tile off above every other crossing.",
            [*checks, *raised],
        )
    for size in (9, 11, 13, 15):
        rings = [
            (2 * c, 2 * r, 0)
            for r in range(size)
            for c in range(size)
            if max(abs(c - size // 2), abs(r - size // 2)) % 2 == 0
        ]
        yield _design(
            f"rings-{size}",
            f"Nested Squares {size}",
            "Pattern",
            f"Square rings inside each other, {size} tiles across.",
            rings,
        )
    for arm in (3, 4, 5, 6):
        size = 2 * arm + 2
        cross = [
            (2 * c, 2 * r, 0)
            for r in range(size)
            for c in range(size)
            if abs(c - r) <= 1 or abs(c + r - size + 1) <= 1
        ]
        high = [
            (x, y, 1)
            for x, y, _ in cross
            if abs(x - (size - 1)) <= 2 * arm - 4 and abs(y - (size - 1)) <= 2 * arm - 4
        ]
        yield _design(
            f"saltire-{arm}",
            f"Saltire {arm}",
            "Pattern",
            f"A diagonal cross with arms {arm} tiles long, raised in the middle.",
            [*cross, *high],
        )
    for width in (10, 12, 14, 16):
        waves = [(2 * c, 2 * r + (1 if c % 2 else 0), 0) for r in range(5) for c in range(width)]
        top = [
            (2 * c, 2 * r + (1 if c % 2 else 0), 1) for r in (1, 2, 3) for c in range(2, width - 2)
        ]
        yield _design(
            f"weave-{width}",
            f"Weave {width}",
            "Pattern",
            f"Columns {width} tiles across, every other one half a tile lower, two layers.",
            [*waves, *top],
        )


FAMILIES: tuple[Callable[[], Iterator[Design]], ...] = (
    _pyramids,
    _towers,
    _dragons,
    _spirals,
    _whirls,
    _yin_yangs,
    _pictures,
    _terraces,
    _patterns,
)


def designs() -> list[Design]:
    """Every candidate the designer draws, family by family."""
    return [design for family in FAMILIES for design in family()]


def fits(design: Design) -> bool:
    """Whether a design can be a built-in layout: whole groups of four, size and support."""
    count = len(design.positions)
    if count % 4 or not SMALLEST <= count <= LARGEST:
        return False
    if unsupported(sorted(design.positions, key=lambda p: (p[2], p[1], p[0]))):
        return False
    cells: set[tuple[int, int, int]] = set()
    for x, y, z in design.positions:
        if any((x + dx, y + dy, z) in cells for dx in (-1, 0, 1) for dy in (-1, 0, 1)):
            return False
        cells.add((x, y, z))
    return True


def curate(candidates: Iterable[Design], taken: Iterable[Iterable[Position]] = ()) -> list[Design]:
    """The candidates that :func:`fits` and differ (up to translation and mirroring) from
    every earlier one and from the layouts in ``taken``; first come, first kept."""
    seen = {canonical(positions) for positions in taken}
    names: set[str] = set()
    kept: list[Design] = []
    for design in candidates:
        if not fits(design) or design.name in names:
            continue
        key = canonical(design.positions)
        if key in seen:
            continue
        seen.add(key)
        names.add(design.name)
        kept.append(design)
    return kept


#: How many layouts of each family the catalogue takes from the curated designs.
QUOTAS: dict[str, int] = {
    "Pyramid": 20,
    "Tower": 18,
    "Dragon": 18,
    "Spiral": 16,
    "Yin-Yang": 12,
    "Animal": 16,
    "Character": 12,
    "Building": 9,
    "Pattern": 24,
}


def select(kept: Sequence[Design], quotas: dict[str, int] = QUOTAS) -> list[Design]:
    """Up to ``quotas[family]`` designs of each family, spread evenly over the family's
    designs in order (so over its sizes), families in :data:`QUOTAS` order."""
    chosen: list[Design] = []
    for family, quota in quotas.items():
        members = [d for d in kept if d.family == family]
        if len(members) <= quota:
            chosen += members
            continue
        picks = sorted({round(i * (len(members) - 1) / (quota - 1)) for i in range(quota)})
        chosen += [members[i] for i in picks]
    return chosen
