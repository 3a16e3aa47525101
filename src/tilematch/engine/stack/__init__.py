"""Layered boards: Mahjong Solitaire and Black & White Mahjong (docs/rules.md §3, §4).

A :class:`StackBoard` puts faces on the positions of a
:class:`~tilematch.engine.layouts.layout.Layout`. Every position is a *spot* (its
index in ``layout.positions``) and occupancy is an ``int`` bitmask over spots,
so the rules come down to a handful of integer operations per tile.

The free rule (docs/rules.md §3): a tile is **free** when no tile on any higher layer
overlaps it (``|dx| <= 1`` and ``|dy| <= 1`` in half-tile units) and its left
side or its right side is open (no tile on the same layer at ``x - 2``,
respectively ``x + 2``, with ``|dy| <= 1``).

Stone tiles (docs/rules.md §4) need cracks before they can be *selected*: each removed
pair cracks, once, every stone that one of its two tiles touched (a left or
right neighbour on the same layer, or a stone the removed tile rested on).
A stone still blocks its neighbours like any other tile.

>>> from tilematch.engine.layouts.layout import Layout
>>> row = Layout("row", ((0, 0, 0), (2, 0, 0), (4, 0, 0), (2, 0, 1)))
>>> board = StackBoard(row, ["5s", "1z", "5s", "1z"])
>>> [board.is_free(s) for s in board.spots()]
[True, False, True, True]
>>> [tuple(m[:2]) for m in board.legal_pairs()]
[(0, 2)]
>>> board.explain(1).covered_by, board.explain(1).sides_closed
((3,), True)
>>> board.describe(3)
'East Wind at (2, 0, 1) is free and can be selected.'
"""

from __future__ import annotations

from tilematch.engine.stack.board import Blockers, StackBoard
from tilematch.engine.stack.geometry import (
    MAX_STONE_CRACKS,
    STACK_GAMES,
    STONE_CRACKS,
    StackGame,
    StackGeometry,
    stack_geometry,
)
from tilematch.engine.stack.json import format_stack_json, parse_stack_json

__all__ = [
    "MAX_STONE_CRACKS",
    "STACK_GAMES",
    "STONE_CRACKS",
    "Blockers",
    "StackBoard",
    "StackGame",
    "StackGeometry",
    "format_stack_json",
    "parse_stack_json",
    "stack_geometry",
]
