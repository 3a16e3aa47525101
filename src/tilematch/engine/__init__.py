"""The pure rules engine: tiles, boards, layouts, deals, the solver and hints.

Nothing in this package performs I/O or imports the server. The names below are
the public API, the way ``import chess`` gives python-chess's core:

>>> from tilematch.engine import deal_layout, solve, smart_hint
>>> deal = deal_layout("turtle", seed=1)
>>> deal.board.occupied.bit_count(), solve(deal.board).status
(144, 'solved')
>>> smart_hint(deal.board) in deal.board.legal_pairs()
True
"""

from __future__ import annotations

from tilematch.engine.board import REASONS, Board, BoardError, Match, PairView, bits, reason_text
from tilematch.engine.boardfile import format_board, parse_board
from tilematch.engine.deal import (
    GENERATOR_VERSION,
    Deal,
    Difficulty,
    GenerationError,
    deal_game,
    deal_grid,
    deal_layout,
    deal_shape,
    derive_seed,
    measure_difficulty,
    positions_hopeless,
    replay,
    reshuffle,
)
from tilematch.engine.grid.board import GridBoard, format_grid
from tilematch.engine.grid.outlines import Outline, ShapeError, get_shape, parse_shape, shapes
from tilematch.engine.grid.shape import GridShape
from tilematch.engine.grid.text import parse_grid
from tilematch.engine.hints import Advice, Memory, advise, hint, is_winnable, smart_hint
from tilematch.engine.layouts import UnknownLayoutError, read_layout
from tilematch.engine.layouts import get as get_layout
from tilematch.engine.layouts.layout import Layout, LayoutError
from tilematch.engine.solver import Solution, is_solvable, solve
from tilematch.engine.stack import format_stack_json, parse_stack_json
from tilematch.engine.stack.board import Blockers, StackBoard
from tilematch.engine.stack.geometry import StackGeometry, stack_geometry
from tilematch.engine.tiles import TileError, partner_codes, tile_name, tiles_match

__all__ = [
    "GENERATOR_VERSION",
    "REASONS",
    "Advice",
    "Blockers",
    "Board",
    "BoardError",
    "Deal",
    "Difficulty",
    "GenerationError",
    "GridBoard",
    "GridShape",
    "Layout",
    "LayoutError",
    "Match",
    "Memory",
    "Outline",
    "PairView",
    "ShapeError",
    "Solution",
    "StackBoard",
    "StackGeometry",
    "TileError",
    "UnknownLayoutError",
    "advise",
    "bits",
    "deal_game",
    "deal_grid",
    "deal_layout",
    "deal_shape",
    "derive_seed",
    "format_board",
    "format_grid",
    "format_stack_json",
    "get_layout",
    "get_shape",
    "hint",
    "is_solvable",
    "is_winnable",
    "measure_difficulty",
    "parse_board",
    "parse_grid",
    "parse_shape",
    "parse_stack_json",
    "partner_codes",
    "positions_hopeless",
    "read_layout",
    "reason_text",
    "replay",
    "reshuffle",
    "shapes",
    "smart_hint",
    "solve",
    "stack_geometry",
    "tile_name",
    "tiles_match",
]
