"""Every problem of a Shisen-Sho outline painted cell by cell, each with its cell.

A painted outline is a list of rows, ``#`` a tile and ``.`` an empty cell, all
rows as long. :func:`outline_problems` reports each problem at once (a
character that is not a cell, a row of another length, a grid beyond the size
limits, tiles that do not make whole groups of four), so a page can mark them.

>>> [p.code for p in outline_problems(["##", "##"], height=(2, 20), width=(2, 30))]
[]
>>> [p.to_json()["tile"] for p in outline_problems(["#x", "##"], height=(2, 20), width=(2, 30))]
[[0, 1], None]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from tilematch.engine.layouts.validate import Problem

#: Tiles of a Shisen-Sho outline come in whole groups of this many (four of each face).
GROUP: Final = 4


def painted_cells(rows: Sequence[str]) -> list[tuple[int, int]]:
    """The ``(row, col)`` cells marked ``#``, row by row."""
    return [(r, c) for r, line in enumerate(rows) for c, char in enumerate(line) if char == "#"]


def _cell_problems(rows: Sequence[object]) -> list[Problem]:
    found: list[Problem] = []
    width = len(rows[0]) if isinstance(rows[0], str) else 0
    for r, line in enumerate(rows):
        if not isinstance(line, str):
            found.append(Problem("not_a_row", f"row {r + 1} is not text", None, (r, 0)))
            continue
        if len(line) != width:
            text = f"row {r + 1} has {len(line)} cells, not {width} like row 1"
            params = {"cells": len(line), "width": width}
            found.append(Problem("ragged", text, None, (r, min(len(line), width)), params=params))
        for c, char in enumerate(line):
            if char not in "#.":
                text = f"row {r + 1}, column {c + 1}: {char!r} is not a cell (use '#' or '.')"
                found.append(Problem("not_a_cell", text, None, (r, c), params={"char": char}))
    return found


def outline_problems(
    rows: Sequence[object], *, height: tuple[int, int], width: tuple[int, int]
) -> list[Problem]:
    """Every problem of the painted outline ``rows``; ``[]`` when it can be played.

    ``height`` and ``width`` are the (least, most) rows and columns a board may
    have. Cell problems name
    their ``(row, col)``; then ``out_of_bounds`` for a grid of another size,
    ``empty`` without tiles, ``group_size`` when the tiles are not whole groups of
    :data:`GROUP`.
    """
    least_rows, most_rows = height
    least_cols, most_cols = width
    if not rows:
        return [Problem("empty", "the outline has no rows", params={"rows": 0})]
    found = _cell_problems(rows)
    cols = len(rows[0]) if isinstance(rows[0], str) else 0
    if not (least_rows <= len(rows) <= most_rows and least_cols <= cols <= most_cols):
        text = (
            f"a grid of {cols} x {len(rows)} cells (columns x rows) is out of bounds:"
            f" {least_cols} to {most_cols} columns and {least_rows} to {most_rows} rows"
        )
        size = {"cols": cols, "rows": len(rows), "least_cols": least_cols}
        size |= {"most_cols": most_cols, "least_rows": least_rows, "most_rows": most_rows}
        found.append(Problem("out_of_bounds", text, params=size))
    count = len(painted_cells([line for line in rows if isinstance(line, str)]))
    if not count:
        found.append(Problem("empty", "the outline has no tiles ('#')"))
    elif count % GROUP:
        short = GROUP - count % GROUP
        text = (
            f"{count} tiles are not whole groups of {GROUP}: add {short} or remove {count % GROUP}"
        )
        wanted = {"count": count, "group": GROUP, "add": short, "remove": count % GROUP}
        found.append(Problem("group_size", text, params=wanted))
    return found
