"""How hard a deal is: random playouts from its start."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from tilematch.engine.board import Match
from tilematch.engine.deal.record import BoardLike
from tilematch.engine.deal.seeds import _rng
from tilematch.engine.stack.board import StackBoard, pairs_within

# ---------------------------------------------------------------------------
# Difficulty


@dataclass(frozen=True)
class Difficulty:
    """How hard a deal is, measured.

    ``clear_rate``: share of random legal playouts (each step a uniformly
    random legal pair) that cleared the board; ``open_pairs``: legal pairs at
    the start; ``min_open_pairs``: the fewest legal pairs met along the
    solution before its last :data:`ENDGAME_MOVES` moves (``None`` when no
    solution was given); ``score``: 0 (easy) to 1
    (hard); ``label``: ``"easy"``, ``"normal"`` or ``"hard"``.
    """

    clear_rate: float
    open_pairs: int
    min_open_pairs: int | None
    playouts: int
    score: float
    label: str


#: Score limits of the labels: below the first is easy, from the second on hard.
LABEL_LIMITS: Final = (0.3, 0.8)
#: The last moves of a solution, where few pairs are left by force, do not count
#: towards ``min_open_pairs``.
ENDGAME_MOVES: Final = 4


def _label(score: float) -> str:
    if score < LABEL_LIMITS[0]:
        return "easy"
    if score >= LABEL_LIMITS[1]:
        return "hard"
    return "normal"


def _stack_playout(board: StackBoard, rng: random.Random) -> bool:
    """One random legal playout on a plain layered board (no stones); True if cleared."""
    geo = board.geometry
    partners = board.partners
    occ = board.occupied
    free = geo.free_mask(occ)
    while occ:
        pairs = list(pairs_within(free, partners))
        if not pairs:
            return False
        a, b = pairs[rng.randrange(len(pairs))]
        free = geo.free_without(free, occ, a, b)
        occ &= ~((1 << a) | (1 << b))
    return True


def _board_playout(board: BoardLike, rng: random.Random) -> bool:
    """One random legal playout through the board protocol; True if cleared."""
    work = board.copy()
    while not work.is_cleared():
        moves = list(work.legal_pairs())
        if not moves:
            return False
        work.push(moves[rng.randrange(len(moves))])
    return True


def measure_difficulty(
    board: BoardLike,
    *,
    playouts: int = 40,
    seed: int = 0,
    solution: Sequence[Match] | None = None,
) -> Difficulty:
    """Measure how hard ``board`` is to clear.

    Plays ``playouts`` random games (each move a uniformly random legal pair,
    from random streams derived from ``seed``) and counts how many clear the
    board; replays ``solution`` (when given) counting the legal pairs before
    every move before the last :data:`ENDGAME_MOVES`. The score mixes both:
    ``0.8 * (1 - clear_rate)`` plus ``0.2`` times how scarce open pairs get
    along the solution (1 open pair: all of it, 4 or more: none). Labels:
    score below 0.3 easy, from 0.8 hard (:data:`LABEL_LIMITS`).

    Returns a :class:`Difficulty`; raises :class:`ValueError` for
    ``playouts < 1`` and when ``solution`` does not replay on the board.
    """
    if isinstance(playouts, bool) or not isinstance(playouts, int) or playouts < 1:
        raise ValueError(f"playouts must be a positive int, not {playouts!r}")
    fast = isinstance(board, StackBoard) and not board.locked
    cleared = 0
    for k in range(playouts):
        rng = _rng("playout", seed, k)
        if fast and isinstance(board, StackBoard):
            cleared += _stack_playout(board, rng)
        else:
            cleared += _board_playout(board, rng)
    open_now = board.legal_pairs().count()
    min_open: int | None = None
    if solution is not None:
        work = board.copy()
        counted = max(1, len(solution) - ENDGAME_MOVES)
        for k, move in enumerate(solution):
            legal = work.match(move.a, move.b)
            if legal is None:
                raise ValueError(f"solution move {move.a}-{move.b} is not legal on this board")
            if k < counted:
                here = open_now if k == 0 else work.legal_pairs().count()
                min_open = here if min_open is None else min(min_open, here)
            work.push(legal)
    rate = cleared / playouts
    scarcity = 0.0 if min_open is None else max(0.0, min(1.0, (4 - min_open) / 3))
    score = round(0.8 * (1 - rate) + 0.2 * scarcity, 4)
    return Difficulty(rate, open_now, min_open, playouts, score, _label(score))
