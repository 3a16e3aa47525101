"""The layered solver model on small random boards, and references for its peeling
written from the relaxed game's own words."""

from __future__ import annotations

import random
from typing import Any

from tests.support.boards import layered_board
from tilematch.engine import solver as solve_module
from tilematch.engine.board import bits
from tilematch.engine.solver.budget import Pair
from tilematch.engine.solver.layered.model import LayeredModel
from tilematch.engine.stack.board import StackBoard


def model_of(board: StackBoard) -> LayeredModel | None:
    """The solver's model of ``board`` (``None`` for an empty board)."""
    model = solve_module._model_for(board.copy())
    if board.is_cleared():
        assert model is None
        return None
    assert isinstance(model, LayeredModel)
    return model


def _may_go(
    model: LayeredModel, t: int, rest: int, free: int, partner: dict[int, int], lone: set[int]
) -> bool:
    """The relaxed game's rule, straight from its words: a free committed tile goes when
    its partner is free; a free tile not committed goes alone when a tile it could pair
    with (not committed either) is free or gone."""
    if t in partner:
        return bool((free >> partner[t]) & 1)
    groups = model.groups
    g = groups.of[t]
    return any(
        m != t
        and groups.of[m] == g
        and groups.compatible(g, t, m)
        and (not (rest >> m) & 1 or (free >> m) & 1)
        for m in lone
    )


def _relaxed(occ: int, commits: set[Pair]) -> tuple[dict[int, int], set[int]]:
    partner = {}
    for a, b in commits:
        partner[a], partner[b] = b, a
    return partner, {t for t in bits(occ) if t not in partner}


def reference_peel(model: LayeredModel, occ: int, commits: set[Pair]) -> bool:
    """The relaxed game of the peeling played one tile (or committed pair) at a time.
    True when every tile goes."""
    partner, lone = _relaxed(occ, commits)
    rest = occ
    progress = True
    while rest and progress:
        progress = False
        free = model.cells.free_cells(rest)
        for t in bits(rest & free):
            if _may_go(model, t, rest, free, partner, lone):
                rest &= ~(1 << t)
                if t in partner:
                    rest &= ~(1 << partner[t])
                progress = True
                break
    return not rest


def reference_rounds(model: LayeredModel, occ: int, commits: set[Pair]) -> dict[int, int]:
    """The relaxed game of ``reference_peel`` played in rounds, each taking at once every
    tile that can go at its start: the round that takes each tile (tiles never taken
    left out)."""
    partner, lone = _relaxed(occ, commits)
    rest = occ
    rounds: dict[int, int] = {}
    k = 0
    while rest:
        free = model.cells.free_cells(rest)
        go = 0
        for t in bits(rest & free):
            if _may_go(model, t, rest, free, partner, lone):
                go |= 1 << t
        if not go:
            break
        for t in bits(go):
            rounds[t] = k
        rest &= ~go
        k += 1
    return rounds


def random_commits(model: LayeredModel, occ: int, rng: random.Random, count: int) -> set[Pair]:
    """Up to ``count`` random compatible pairs of distinct tiles of ``occ``."""
    taken = 0
    commits: set[Pair] = set()
    groups = model.groups
    for _ in range(count):
        g = rng.randrange(len(groups.masks))
        pairs = groups.pairs(g, groups.masks[g] & occ & ~taken)
        if pairs:
            a, b = rng.choice(pairs)
            commits.add((a, b))
            taken |= (1 << a) | (1 << b)
    return commits


def random_position(
    seed: int, game: str, most: int, stones: bool = False
) -> tuple[StackBoard, LayeredModel, tuple[Any, ...], frozenset[Pair], random.Random] | None:
    """A small random board, its model's start, up to ``most`` random commitments, and
    the random source that drew them (``None`` for an empty board)."""
    board = layered_board(seed, game=game, stones=stones)
    model = model_of(board)
    if model is None:
        return None
    rng = random.Random(seed)
    state = model.root()
    commits = frozenset(random_commits(model, state[0], rng, rng.randint(0, most)))
    return board, model, state, commits, rng
