"""Reshuffles: a solvable re-deal of the tiles left, or why none can help."""

from __future__ import annotations

import random
from typing import Final

from tilematch.engine.board import Board, bits
from tilematch.engine.deal.placement import (
    _assign,
    _grid_removal_path,
    _pair_up,
    _stack_removal_path,
    replay,
)
from tilematch.engine.deal.record import CHECK_NODES, BoardLike
from tilematch.engine.deal.versions import RESHUFFLE_CHECK
from tilematch.engine.grid.board import GridBoard
from tilematch.engine.solver import solve_as
from tilematch.engine.stack.board import StackBoard
from tilematch.engine.stack.geometry import StackGeometry

# ---------------------------------------------------------------------------
# Reshuffles

#: Solver-checked shuffles a reshuffle tries after reverse placement gave up.
RESHUFFLE_CHECKS: Final = 8
#: Reverse-placement paths a reshuffle tries first.
RESHUFFLE_PATHS: Final = 40


def reshuffle(board: BoardLike, rng: random.Random) -> Board | None:
    """The remaining faces re-dealt onto the remaining positions, solvably.

    Keeps the multiset of faces and the set of occupied spots (and stone
    cracks); the result has an empty undo stack. Grid boards and layered
    boards get a removal path over exactly the occupied positions (reverse
    placement restricted to them), which is then verified by replay; when no
    path is found (gravity, or awkward remains on a layout) solver-checked
    shuffles follow. Returns ``None`` when no solvable re-deal was found,
    e.g. the last two tiles stacked on each other, or faces that cannot be
    paired at all; an empty board comes back as an empty board. All
    randomness comes from ``rng``.
    """
    spots = list(board.spots())
    if not spots:  # nothing left: the empty board is its own solvable re-deal
        return board.with_faces({})
    faces = [board.face(spot) or "" for spot in spots]
    pairs = _pair_up(faces)
    if pairs is None:
        return None
    for _ in range(RESHUFFLE_PATHS):
        found = _reshuffle_path(board, spots, rng)
        if found is None:
            continue
        moves, tiles = found
        order = list(pairs)
        rng.shuffle(order)
        fresh = board.with_faces(_assign(tiles, order, rng))
        if replay(fresh, moves) is not None:
            return fresh
    for _ in range(RESHUFFLE_CHECKS):
        shuffled = list(faces)
        rng.shuffle(shuffled)
        fresh = board.with_faces(dict(zip(spots, shuffled, strict=True)))
        result = solve_as(fresh, RESHUFFLE_CHECK, nodes=CHECK_NODES)
        if result.status == "solved":
            return fresh
        if result.status == "unsolvable" and _positions_hopeless(fresh):
            return None
    return None


def _reshuffle_path(
    board: BoardLike, spots: list[int], rng: random.Random
) -> tuple[list[tuple[int, int]], list[tuple[int, int]]] | None:
    """A removal path over the occupied spots of ``board`` (faces ignored)."""
    if isinstance(board, GridBoard):
        return _grid_removal_path(board.shape, spots, rng, board.gravity)
    if isinstance(board, StackBoard):
        path = _stack_removal_path(board.geometry, board.occupied, rng, board.stones())
        return None if path is None else (path, path)
    return None


#: Positions :func:`positions_hopeless` looks at, at most, on remains of more than
#: 12 tiles (up to some 80 microseconds each, on a full Turtle); past it the answer
#: is False.
HOPELESS_NODES: Final = 2_000


def positions_hopeless(board: BoardLike) -> bool:
    """True when the tiles left can never be cleared whatever their faces, so that
    no reshuffle can help (e.g. the last two tiles stacked on each other, or two
    lone stacks of different heights).

    Decided exactly on layered remains, as if every face matched every other: a
    search over which two free tiles go next, with a table of the sets of tiles
    left that cannot be cleared. On remains of more than 12 tiles it looks at
    :data:`HOPELESS_NODES` positions at most and answers False when that was not
    enough. Grids (a grid without gravity can always be cleared in some order)
    and remains with a stone that still needs cracks (removals could unlock it)
    answer False."""
    if not isinstance(board, StackBoard) or board.locked:
        return False
    limit = None if board.occupied.bit_count() <= 12 else HOPELESS_NODES
    return _no_clearing(board.geometry, board.occupied, limit) is True


def _positions_hopeless(board: BoardLike) -> bool:
    """The reshuffle's early stop: :func:`positions_hopeless` on remains of at most
    12 tiles, stones that still need cracks taken as never free (kept as it is, so
    a stored game's reshuffles re-deal the same way)."""
    if not isinstance(board, StackBoard) or board.occupied.bit_count() > 12:
        return False
    return _no_clearing(board.geometry, board.occupied, None, board.locked) is True


def _no_clearing(
    geo: StackGeometry, occupied: int, limit: int | None, never_free: int = 0
) -> bool | None:
    """True when the spots ``occupied`` of ``geo`` can never be cleared two free
    tiles at a time (the spots ``never_free`` never count as free), False when
    they can, None when ``limit`` positions were looked at without an answer
    (``None``: no bound). The highest free tiles are tried first (they hold up
    the most), and a set of tiles left that was not cleared is never searched
    again.

    Tiles that lie each on the next (overlapping, on ever lower layers) are free
    one at a time, the top one first: no two of them ever go together, so such a
    pile of more than half the tiles left can never be cleared. A tile's pile
    (the longest one down from it) stays the same while it stands, since the
    tiles under it go only after it, so the piles are counted once."""
    dead: set[int] = set()
    z = [pos[2] for pos in geo.positions]
    # the tiles whose longest pile down holds ``k + 1`` tiles, for each ``k``
    piles: list[int] = []
    pile: dict[int, int] = {}
    for s in sorted(bits(occupied), key=lambda s: z[s]):
        k = max((pile[t] + 1 for t in bits(geo.under[s] & occupied)), default=0)
        pile[s] = k
        while len(piles) <= k:
            piles.append(0)
        piles[k] |= 1 << s
    looked = 0

    def clears(occ: int) -> bool | None:
        nonlocal looked
        if not occ:
            return True
        if occ in dead:
            return False
        tallest = next(k for k in range(len(piles) - 1, -1, -1) if piles[k] & occ) + 1
        if 2 * tallest > occ.bit_count():
            return False
        looked += 1
        if limit is not None and looked > limit:
            return None
        free = sorted(bits(geo.free_mask(occ) & ~never_free), key=lambda s: -z[s])
        for i, a in enumerate(free):
            for b in free[i + 1 :]:
                found = clears(occ & ~((1 << a) | (1 << b)))
                if found is not False:
                    return found
        dead.add(occ)
        return False

    return None if (found := clears(occupied)) is None else not found
