"""Board files of either geometry: Shisen-Sho text or layered-board JSON.

:func:`parse_board` looks at the first non-blank character: ``{`` means a
layered board in JSON (:mod:`tilematch.engine.stack.json`), anything else the
Shisen-Sho text format (:mod:`tilematch.engine.grid.text`).

>>> parse_board("5s 5s").game
'shisensho'
>>> parse_board('{"game": "solitaire", "tiles": [[0, 0, 0, "1f"], [2, 0, 0, "4f"]]}').game
'solitaire'
"""

from __future__ import annotations

from tilematch.engine.grid.board import GridBoard, format_grid
from tilematch.engine.grid.text import parse_grid
from tilematch.engine.stack.board import StackBoard
from tilematch.engine.stack.json import format_stack_json, parse_stack_json


def parse_board(text: str) -> GridBoard | StackBoard:
    """Read a board file of either kind.

    Returns a :class:`~tilematch.engine.grid.board.GridBoard` or a
    :class:`~tilematch.engine.stack.board.StackBoard`. Raises
    :class:`~tilematch.engine.board.BoardError` (a ``ValueError``) naming the
    problem.
    """
    if text.lstrip()[:1] == "{":
        return parse_stack_json(text)
    return parse_grid(text)


def format_board(board: GridBoard | StackBoard) -> str:
    """The text of a board in its own format; :func:`parse_board` reads it back."""
    if isinstance(board, GridBoard):
        return format_grid(board)
    return format_stack_json(board)
