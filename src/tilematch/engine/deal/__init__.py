"""Seeded deals: every board comes from a seed and ships with a solution.

Two generators build boards (docs/rules.md §5):

``"reverse"`` — *reverse placement*. Every pair is placed where it would be
removable if the board held only the pairs placed before it, so removing the
pairs in the reverse order of placement clears the board. It is built from
the other end: starting from the board full of face-less tiles, a random
*removal path* takes off two tiles that are removable right now, again and
again, and the faces are then dealt pair by pair along that path. (Filling an
empty grid instead seals holes that no later pair can reach; from the full
board that dead end does not arise.)

``"checked"`` — *solver-checked deal*. Shuffle the faces uniformly onto every
position and keep the deal only when the exact solver proves it solvable; the
solver's moves are the solution.

Whatever the generator, every board is verified before it is returned: its own
solution is replayed move by move on a copy through the board's real rules
(:meth:`~tilematch.engine.board.Board.match` and ``push``) and must clear it.

Determinism: the same arguments give the identical board on every run and
machine. All randomness comes from :class:`random.Random` instances seeded
with integers derived by SHA-256 from the arguments (never ``hash()`` of a
string, never the iteration order of a set). Each algorithm is registered
under a :data:`GENERATOR_VERSION`; old versions stay callable through
``version=`` so boards shared, saved or chosen as a Daily Challenge keep
their faces when a later release improves the generator.

Every rule question asked while generating goes to the engine's one function
for it, the same one play, hints and the solver use: grid connection to
:meth:`GridLines.connect <tilematch.engine.grid.lines.GridLines.connect>` (a
:class:`~tilematch.engine.grid.lines.GridLines` holds the occupancy of face-less
tiles), falling tiles to :meth:`GridShape.falls
<tilematch.engine.grid.shape.GridShape.falls>`, the layered free rule to
:meth:`StackGeometry.free_mask <tilematch.engine.stack.geometry.StackGeometry.free_mask>`
and its incremental form :meth:`~tilematch.engine.stack.geometry.StackGeometry.free_without`,
stone cracks to :meth:`~tilematch.engine.stack.geometry.StackGeometry.cracked_by`.
A rule change that alters deals therefore needs a new generator version (the
golden boards in the tests pin versions 1 and 2).

>>> deal = deal_grid(8, 17, seed=1)
>>> deal.board.is_cleared(), len(deal.solution)
(False, 68)
>>> board = deal.board.copy()
>>> for move in deal.solution:
...     board.push(move)
>>> board.is_cleared()
True
"""

from __future__ import annotations

from tilematch.engine.deal.difficulty import Difficulty, measure_difficulty
from tilematch.engine.deal.game import deal_game
from tilematch.engine.deal.grid import GRID_VERSIONS, deal_grid, deal_shape
from tilematch.engine.deal.layout import LAYOUT_VERSIONS, deal_layout
from tilematch.engine.deal.placement import replay
from tilematch.engine.deal.record import (
    GAMES,
    GENERATORS,
    LAYOUT_DIFFICULTIES,
    AnyBoard,
    Deal,
    GenerationError,
)
from tilematch.engine.deal.seeds import derive_seed
from tilematch.engine.deal.shuffle import positions_hopeless, reshuffle
from tilematch.engine.deal.versions import GENERATOR_VERSION

__all__ = [
    "GAMES",
    "GENERATORS",
    "GENERATOR_VERSION",
    "GRID_VERSIONS",
    "LAYOUT_DIFFICULTIES",
    "LAYOUT_VERSIONS",
    "AnyBoard",
    "Deal",
    "Difficulty",
    "GenerationError",
    "deal_game",
    "deal_grid",
    "deal_layout",
    "deal_shape",
    "derive_seed",
    "measure_difficulty",
    "positions_hopeless",
    "replay",
    "reshuffle",
]
