"""KMahjongg ``.layout`` files (versions 1.0 and 1.1): reading and writing.

The file is text. Line 1 is the header ``kmahjongg-layout-v1.0`` or
``kmahjongg-layout-v1.1``; lines starting with ``#`` are comments. Version 1.1
gives the grid size on lines ``w<width>``, ``h<height>``, ``d<depth>``;
version 1.0 always has 32 columns, 16 rows and 5 layers. Then come
``depth x height`` rows of ``width`` characters, layer 0 first. A cell is a
half-tile unit: a tile covers 2 x 2 cells marked ``1`` (top-left), ``2``
(top-right), ``3`` (bottom-right) and ``4`` (bottom-left); ``.`` is empty.
The tile whose ``1`` stands in column ``x`` of row ``y`` of layer ``z``
(counting from 0) is at ``(x, y, z)``.
"""

from __future__ import annotations

import re
from dataclasses import replace

from tilematch.engine.layouts.common import check_size, finish
from tilematch.engine.layouts.layout import MAX_TILES, Layout, LayoutError, Position
from tilematch.engine.words import counted

HEADER_10 = "kmahjongg-layout-v1.0"
HEADER_11 = "kmahjongg-layout-v1.1"
#: The fixed grid of version 1.0 files: columns, rows, layers.
GRID_10 = (32, 16, 5)
_CORNERS = (("2", 1, 0), ("3", 1, 1), ("4", 0, 1))


def read_kmahjongg(text: str, filename: str) -> Layout:
    """Read a KMahjongg layout file's text; ``filename`` names it in messages.

    Returns the layout (family ``"Imported"``, named after the file). Raises
    :class:`LayoutError` naming the file, the line (and column) and the problem:
    a wrong header, a missing or bad size line, a wrong number of rows, a row of
    the wrong length, a character other than ``. 1 2 3 4``, a tile that sticks
    out of the grid, or a layout that fails
    :func:`~tilematch.engine.layouts.layout.check_positions`.

    KMahjongg itself places a tile at every ``1`` and reads no other mark
    (``boardlayout.cpp``), and two of the files it ships (``castle.layout``,
    ``crab.layout``) have a tile whose lower marks are shifted. Such files load
    the same way here: a ``2``, ``3`` or ``4`` that is missing, wrong or
    belongs to no tile is reported in :attr:`Layout.warnings` with its line and
    column, and the tile stands at its ``1``.
    """
    check_size(text, filename)
    lines = text.lstrip("\ufeff").splitlines()
    header = lines[0].strip() if lines else ""
    if header not in (HEADER_10, HEADER_11):
        raise LayoutError(
            f"{filename}: line 1: not a KMahjongg layout: expected the header "
            f"{HEADER_10!r} or {HEADER_11!r}, found {header[:40]!r}"
        )
    size: dict[str, int] = {}
    rows: list[tuple[int, str]] = []
    for number, raw in enumerate(lines[1:], start=2):
        line = raw.rstrip()
        if not line or line.startswith("#"):
            continue
        if header == HEADER_11 and line[0] in "whd" and not rows:
            value = line[1:].strip()
            if not re.fullmatch(r"[0-9]{1,4}", value) or not 0 < int(value) <= 1000:
                raise LayoutError(
                    f"{filename}: line {number}: size line {line[:20]!r} needs a whole number "
                    f"from 1 to 1000 after {line[0]!r}"
                )
            size[line[0]] = int(value)
            continue
        rows.append((number, line))
    if header == HEADER_10:
        width, height, depth = GRID_10
    else:
        missing = [
            f"{key}<{word}>"
            for key, word in zip("whd", ("width", "height", "depth"), strict=True)
            if key not in size
        ]
        if missing:
            raise LayoutError(
                f"{filename}: missing size line {', '.join(missing)} before the rows of tiles"
            )
        width, height, depth = size["w"], size["h"], size["d"]
    if len(rows) != height * depth:
        raise LayoutError(
            f"{filename}: found {counted(len(rows), 'row')} of cells, expected {height * depth} "
            f"({_count(depth, 'layer')} of {_count(height, 'row')})"
        )
    for number, line in rows:
        if len(line) != width:
            raise LayoutError(
                f"{filename}: line {number}: a row has {counted(len(line), 'cell')},"
                f" expected {width}"
            )
        for column, char in enumerate(line, start=1):
            if char not in ".1234":
                raise LayoutError(
                    f"{filename}: line {number}, column {column}: unexpected character "
                    f"{char!r} (only '.', '1', '2', '3', '4' may appear)"
                )
    return _tiles(rows, width, height, filename)


def _tiles(rows: list[tuple[int, str]], width: int, height: int, filename: str) -> Layout:
    positions: list[Position] = []
    where: list[str] = []
    warnings: list[str] = []
    owned: set[tuple[int, int, int]] = set()
    for index, (number, line) in enumerate(rows):
        z, y = divmod(index, height)
        for x, char in enumerate(line):
            if char != "1":
                continue
            for mark, dx, dy in _CORNERS:
                cx, cy = x + dx, y + dy
                if cx >= width or cy >= height:
                    raise LayoutError(
                        f"{filename}: line {number}, column {x + 1}: the tile at ({x}, {y}, {z}) "
                        f"sticks out of the {width} x {height} grid"
                    )
                found = rows[index + dy][1][cx]
                if found != mark:
                    place = "this row" if dy == 0 else f"the next row (line {rows[index + 1][0]})"
                    warnings.append(
                        f"{filename}: line {number}, column {x + 1}: the tile at ({x}, {y}, {z}) "
                        f"needs {mark!r} in column {cx + 1} of {place}, found {found!r}; "
                        f"read as KMahjongg reads it: a tile stands at every '1'"
                    )
                    continue
                owned.add((cx, cy, z))
            positions.append((x, y, z))
            where.append(f"line {number}, column {x + 1}")
            if len(positions) > MAX_TILES:
                raise LayoutError(
                    f"{filename}: line {number}, column {x + 1}: more than {MAX_TILES} tiles"
                )
    warnings += _strays(rows, height, owned, filename)
    layout = finish(
        positions,
        filename,
        title="",
        description=f"Read from the KMahjongg layout file {filename}.",
        where=where,
    )
    return replace(layout, warnings=tuple(warnings)) if warnings else layout


def _strays(
    rows: list[tuple[int, str]], height: int, owned: set[tuple[int, int, int]], filename: str
) -> list[str]:
    """Warnings for the marks ``2``, ``3``, ``4`` that belong to no tile (KMahjongg ignores
    them: only a ``1`` makes a tile)."""
    warnings = []
    for index, (number, line) in enumerate(rows):
        z, y = divmod(index, height)
        for x, char in enumerate(line):
            if char in "234" and (x, y, z) not in owned:
                warnings.append(
                    f"{filename}: line {number}, column {x + 1}: {char!r} belongs to no tile "
                    f"(a tile starts with '1' at its top-left cell); ignored as KMahjongg does"
                )
    return warnings


def _count(number: int, word: str) -> str:
    return f"{number} {word}" + ("" if number == 1 else "s")


def write_kmahjongg(layout: Layout, version: str = "1.1") -> str:
    """Return ``layout`` as the text of a KMahjongg layout file.

    ``version`` ``"1.1"`` (the default) sizes the grid to the layout;
    ``"1.0"`` uses the fixed 32 x 16 x 5 grid and raises :class:`LayoutError`
    when the layout does not fit it (or for any other version).
    """
    if version == "1.1":
        width, height, depth = layout.bounds
        head = [HEADER_11, f"# {layout.title}", f"w{width}", f"h{height}", f"d{depth}"]
    elif version == "1.0":
        width, height, depth = GRID_10
        bounds = layout.bounds
        if bounds[0] > width or bounds[1] > height or bounds[2] > depth:
            raise LayoutError(
                f"{layout.name}: needs a {bounds[0]} x {bounds[1]} x {bounds[2]} grid; "
                f"version 1.0 files hold at most {width} x {height} x {depth}"
            )
        head = [HEADER_10, f"# {layout.title}"]
    else:
        raise LayoutError(f"unknown KMahjongg layout version {version!r} (use '1.0' or '1.1')")
    grid = [[["."] * width for _ in range(height)] for _ in range(depth)]
    for x, y, z in layout.positions:
        grid[z][y][x] = "1"
        for mark, dx, dy in _CORNERS:
            grid[z][y + dy][x + dx] = mark
    body = ["".join(row) for layer in grid for row in layer]
    return "\n".join(head + body) + "\n"
