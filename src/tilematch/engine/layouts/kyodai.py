"""Kyodai ``.lay`` files: reading and writing.

Line 1 is a header that starts with ``Kyodai`` (``Kyodai 3.0``, ``Kyodai 6.0``);
line 2 is the layout's name, optionally followed by ``::`` and a category.
Then follow exactly 3,400 cells written as ``0`` (empty) or ``1`` (a tile),
with any whitespace or line breaks between them: 5 levels of 20 rows of 34
columns, level 0 first, each level row by row from the top, each row from the
left. Each cell is one half-tile unit and a ``1`` marks a tile's top-left
corner, so cell number ``i`` (from 0) is the tile at
``(x, y, z) = (i % 34, i // 34 % 20, i // 680)``. A tile covers two cells
across and two down, so a ``1`` may not stand in the last column or row.
"""

from __future__ import annotations

from tilematch.engine.layouts.common import check_size, finish
from tilematch.engine.layouts.layout import Layout, LayoutError, Position

COLUMNS, ROWS, LEVELS = 34, 20, 5
CELLS = COLUMNS * ROWS * LEVELS
HEADER = "Kyodai"


def read_kyodai(text: str, filename: str) -> Layout:
    """Read a Kyodai layout file's text; ``filename`` names it in messages.

    Returns the layout (family ``"Imported"``, named by line 2). Raises
    :class:`LayoutError` naming the file, the line (and column) and the problem:
    a wrong header, a missing name line, a character other than ``0``, ``1``
    or whitespace, more or fewer than 3,400 cells, a tile sticking out of the
    grid, or a layout that fails :func:`~tilematch.engine.layouts.layout.check_positions`.
    """
    check_size(text, filename)
    lines = text.lstrip("\ufeff").splitlines()
    if not lines or not lines[0].strip().startswith(HEADER):
        found = lines[0].strip()[:40] if lines else ""
        raise LayoutError(
            f"{filename}: line 1: not a Kyodai layout: the header must start with "
            f"{HEADER!r}, found {found!r}"
        )
    if len(lines) < 2:
        raise LayoutError(f"{filename}: line 2: the name line is missing")
    title, _, category = lines[1].partition("::")
    title = title.strip()
    category = category.strip()
    positions: list[Position] = []
    where: list[str] = []
    cell = 0
    for number, line in enumerate(lines[2:], start=3):
        for column, char in enumerate(line, start=1):
            if char.isspace():
                continue
            if char not in "01":
                raise LayoutError(
                    f"{filename}: line {number}, column {column}: unexpected character "
                    f"{char!r} (cells are '0' or '1')"
                )
            if cell >= CELLS:
                raise LayoutError(
                    f"{filename}: line {number}, column {column}: more than {CELLS:,} cells "
                    f"({LEVELS} levels x {ROWS} rows x {COLUMNS} columns)"
                )
            if char == "1":
                z, rest = divmod(cell, COLUMNS * ROWS)
                y, x = divmod(rest, COLUMNS)
                if x == COLUMNS - 1 or y == ROWS - 1:
                    raise LayoutError(
                        f"{filename}: line {number}, column {column}: the tile at ({x}, {y}, {z}) "
                        f"sticks out of the {COLUMNS} x {ROWS} grid"
                    )
                positions.append((x, y, z))
                where.append(f"line {number}, column {column}")
            cell += 1
    if cell != CELLS:
        raise LayoutError(
            f"{filename}: wrong length: {cell:,} cells, expected {CELLS:,} "
            f"({LEVELS} levels x {ROWS} rows x {COLUMNS} columns)"
        )
    return finish(
        positions,
        filename,
        title=title,
        description=f"Read from the Kyodai layout file {filename}"
        + (f" (category {category})." if category else "."),
        where=where,
    )


def fits_kyodai(layout: Layout) -> bool:
    """Whether ``layout`` fits the Kyodai grid (34 x 20 half-tile cells, 5 levels)."""
    width, height, depth = layout.bounds
    return width <= COLUMNS and height <= ROWS and depth <= LEVELS


def write_kyodai(layout: Layout) -> str:
    """Return ``layout`` as the text of a Kyodai layout file (one line per row of cells).

    Raises :class:`LayoutError` when the layout does not fit the grid (see :func:`fits_kyodai`).
    """
    if not fits_kyodai(layout):
        width, height, depth = layout.bounds
        raise LayoutError(
            f"{layout.name}: needs {width} x {height} cells and {depth} levels; Kyodai files "
            f"hold at most {COLUMNS} x {ROWS} and {LEVELS}"
        )
    cells = [["0"] * COLUMNS for _ in range(ROWS * LEVELS)]
    for x, y, z in layout.positions:
        cells[z * ROWS + y][x] = "1"
    name = " ".join(layout.title.split())
    return "\n".join([f"{HEADER} 3.0", name, *("".join(row) for row in cells)]) + "\n"
