"""Shisen-Sho: a flat grid of tiles joined by lines with at most two bends.

A :class:`GridBoard` has ``rows`` x ``cols`` cells; the tile position in row
``r`` and column ``c`` is the *spot* ``r * cols + c``. Occupancy is an ``int``
bitmask over spots, and every row and column also keeps its own small
occupancy mask, so the connection test is a handful of integer operations.

Rules as implemented (docs/rules.md §2):

* Two tiles can be removed when their faces match
  (:func:`~tilematch.engine.tiles.tiles_match`) and a line of at most three
  straight horizontal/vertical segments (at most two 90° bends) joins them
  through empty cells. One empty ring around the board stands for the
  unbounded space outside it: rows ``-1`` and ``rows``, columns ``-1`` and
  ``cols``. Adjacent tiles always connect.
* :meth:`GridLines.connect` is the one connection function (a
  :class:`GridBoard` asks it through :meth:`GridBoard.connect`; generators
  ask it about occupancies of face-less tiles); it returns the path with the
  fewest bends (and, among those, the shortest) as its corner points.
  :meth:`GridLines.line_or_blockers` answers the same question, stopping at the
  first line it finds: with the cells of a line when the answer is yes, and when
  it is no the cells one of which must be emptied before it can be yes (the
  solver's reach test asks it, and asks again only once one has gone);
  :meth:`GridLines.connects` reads it as yes or no (:meth:`GridBoard.why_not`).
  :meth:`GridBoard.match` adds the face rule to it.
* A *mask* gives a board a custom shape: cells outside the mask hold no tile
  and are empty space that lines may cross.
* A tile is *free* (what hints and the Learn Mode highlight) when it has an
  empty orthogonal neighbour, stands on the edge of the board, or stands next
  to a cell outside the mask. Only free tiles can be joined by a line of one
  or more empty cells; adjacent tiles connect whether free or not.
* Gravity (optional): after a pair is removed, every column run that lost a
  tile settles; see :meth:`GridBoard.push` and :meth:`GridShape.falls`.

>>> board = GridBoard(2, 3, ["5s", "1z", "5s",
...                           "7z", "1z", "7z"])
>>> board.match(0, 2) is None                 # the 1z between them blocks the row
False
>>> board.match(0, 2).path                    # ... so the line goes round the top
((0, 0), (-1, 0), (-1, 2), (0, 2))
>>> [(m.a, m.b) for m in board.legal_pairs()]
[(0, 2), (1, 4), (3, 5)]
>>> board.push(board.match(1, 4)); board.match(3, 5).path
((1, 0), (1, 2))
"""

from __future__ import annotations

from tilematch.engine.grid.board import GridBoard, format_grid
from tilematch.engine.grid.lines import GridLines
from tilematch.engine.grid.outlines import Outline, ShapeError, get_shape, parse_shape, shapes
from tilematch.engine.grid.shape import DEFAULT_COLS, DEFAULT_ROWS, MAX_SIDE, GridShape
from tilematch.engine.grid.text import parse_grid

__all__ = [
    "DEFAULT_COLS",
    "DEFAULT_ROWS",
    "MAX_SIDE",
    "GridBoard",
    "GridLines",
    "GridShape",
    "Outline",
    "ShapeError",
    "format_grid",
    "get_shape",
    "parse_grid",
    "parse_shape",
    "shapes",
]
