"""The Shisen-Sho board text format: read with :func:`parse_grid`, write with
:func:`format_grid`.

One line per row of the board, cells separated by spaces or tabs:

* a tile code (``5s``, ``7z``, ``1f``, ... see :mod:`tilematch.engine.tiles`);
* ``.`` for an empty cell;
* ``-`` for a cell that is not part of the board's shape (custom shapes: no
  tile ever stands there, lines may cross it like the space around the board).

Lines starting with ``#`` are comments and blank lines are skipped. A comment
line reading exactly ``# gravity`` before the first row switches the gravity
variant on. Every row has the same number of cells; a board has 1 to 64 rows
and columns, and the text is at most 1,000,000 bytes. The tiles must pair up:
within each match group an even number of plain tiles, and as many black as
white Black & White tiles.

>>> board = parse_grid('''
... # a small board
... 5s 1z 5s
... 7z 1z 7z
... ''')
>>> board.rows, board.cols, board.face(1)
(2, 3, '1z')
>>> print(board, end="")
5s 1z 5s
7z 1z 7z
"""

from __future__ import annotations

import re

from tilematch.engine.board import BoardError
from tilematch.engine.grid.board import EMPTY, MAX_TEXT_BYTES, NO_CELL, GridBoard
from tilematch.engine.grid.shape import MAX_SIDE
from tilematch.engine.tiles import is_valid_code, match_key
from tilematch.engine.words import counted

_TOKEN = re.compile(r"[^ \t\r\f\v]+")


def _show(token: str) -> str:
    return repr(token if len(token) <= 20 else token[:20] + "...")


def parse_grid(text: str) -> GridBoard:
    """Read a board in the text format described in this module.

    Returns a :class:`~tilematch.engine.grid.board.GridBoard`. Raises
    :class:`~tilematch.engine.board.BoardError` (a ``ValueError`` with ``line``
    and ``column`` attributes, both 1-based) for ragged rows, unknown codes,
    tiles that cannot be paired, a board without rows or cells, more than 64
    rows or columns, or text over 1,000,000 bytes.
    """
    if len(text) > MAX_TEXT_BYTES or len(text.encode("utf-8", "surrogatepass")) > MAX_TEXT_BYTES:
        raise BoardError(f"the board text is larger than {MAX_TEXT_BYTES:,} bytes")
    gravity = False
    cells: list[str | None] = []
    places: list[tuple[int, int]] = []  # (line, column) of every cell
    mask = 0
    width = 0
    rows = 0
    for number, raw in enumerate(text.split("\n"), 1):
        line = raw.rstrip("\r")
        stripped = line.strip()
        if not stripped:
            continue
        if stripped.startswith("#"):
            if rows == 0 and stripped[1:].strip().lower() == "gravity":
                gravity = True
            continue
        tokens = [(m.group(), m.start() + 1) for m in _TOKEN.finditer(line)]
        if rows == MAX_SIDE:
            raise BoardError(f"a board has at most {MAX_SIDE} rows", number, tokens[0][1])
        width = _check_row(tokens, rows, width, number, len(line))
        for index, (token, column) in enumerate(tokens):
            cell = _cell(token, number, column)
            if token != NO_CELL:
                mask |= 1 << (rows * width + index)
            cells.append(cell)
            places.append((number, column))
        rows += 1
    if rows == 0:
        raise BoardError("the board has no rows")
    if mask == 0:
        raise BoardError("the board has no cells, only '-'")
    _check_pairable(cells, places)
    full = (1 << (rows * width)) - 1
    return GridBoard(rows, width, cells, gravity=gravity, mask=None if mask == full else mask)


def _check_row(
    tokens: list[tuple[str, int]], rows: int, width: int, number: int, length: int
) -> int:
    """The board's width after its row ``rows + 1`` (line ``number``, ``tokens`` with
    their columns); raises :class:`BoardError` for too many rows or columns, or a row
    whose length differs from the first row's."""
    if rows == MAX_SIDE:
        raise BoardError(f"a board has at most {MAX_SIDE} rows", number, tokens[0][1])
    if rows == 0:
        if len(tokens) > MAX_SIDE:
            raise BoardError(
                f"a board has at most {MAX_SIDE} columns, this row has {len(tokens)}",
                number,
                tokens[MAX_SIDE][1],
            )
        return len(tokens)
    if len(tokens) != width:
        column = tokens[width][1] if len(tokens) > width else length + 1
        raise BoardError(
            f"row {rows + 1} has {counted(len(tokens), 'cell')}, the first row has {width}",
            number,
            column,
        )
    return width


def _cell(token: str, number: int, column: int) -> str | None:
    """The face of one cell token (``None`` for an empty or a missing cell); raises
    :class:`BoardError` for an unknown tile code."""
    if token in (NO_CELL, EMPTY):
        return None
    if not is_valid_code(token):
        raise BoardError(f"unknown tile code {_show(token)}", number, column)
    return token


def _check_pairable(cells: list[str | None], places: list[tuple[int, int]]) -> None:
    """Raise :class:`BoardError` at a tile that cannot be paired."""
    plain: dict[str, list[int]] = {}
    black: dict[str, list[int]] = {}
    white: dict[str, list[int]] = {}
    for index, code in enumerate(cells):
        if code is None:
            continue
        group, colour = match_key(code)
        table = plain if colour is None else black if colour == "b" else white
        table.setdefault(group, []).append(index)
    for found in plain.values():
        if len(found) % 2:
            index = found[-1]
            code = cells[index]
            raise BoardError(
                f"tile {code} cannot be paired: {_count(len(found))} of its kind, an odd number",
                *places[index],
            )
    for group in sorted(set(black) | set(white)):
        blacks, whites = black.get(group, []), white.get(group, [])
        if len(blacks) != len(whites):
            index = max(blacks if len(blacks) > len(whites) else whites)
            raise BoardError(
                f"tile {cells[index]} cannot be paired: {len(blacks)} black and "
                f"{len(whites)} white of its kind, the colours must pair up",
                *places[index],
            )


def _count(n: int) -> str:
    return counted(n, "tile")
