"""Nogoods of the layered search (engine/solver/layered/learn.py) against a plain search of
the model's own positions: every position that meets a nogood is dead."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from tests.engine.test_solve import exhaustive, layered_board
from tests.engine.test_solve_stack import (
    model_of,
    random_commits,
    random_position,
    reference_peel,
)

from tilematch.engine.board import bits
from tilematch.engine.solver.budget import Budget, Pair
from tilematch.engine.solver.layered.learn import Nogood, meets
from tilematch.engine.solver.layered.model import LayeredModel
from tilematch.engine.solver.layered.search import LayeredSearch
from tilematch.engine.solver.pairing import tiles_of

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def clearable(model: LayeredModel, occ: int, commits: frozenset[Pair]) -> bool:
    """Plain search over the model's positions, from the words of the rules: a pair
    of free tiles goes when both are committed to each other, or both are lone (not
    committed) tiles that may pair."""
    groups = model.groups
    free_cells = model.free_cells

    @cache
    def solve(occ: int, commits: frozenset[Pair]) -> bool:
        if not occ:
            return True
        partner = {a: b for pair in commits for a, b in (pair, pair[::-1])}
        free = free_cells(occ)
        for a in bits(free):
            for b in bits(free):
                if b <= a:
                    continue
                g = groups.of[a]
                if a in partner or b in partner:
                    if partner.get(a) != b:
                        continue
                    rest = commits - {(a, b)}
                elif groups.of[b] != g or not groups.compatible(g, a, b):
                    continue
                else:
                    rest = commits
                if solve(occ & ~((1 << a) | (1 << b)), rest):
                    return True
        return False

    return solve(occ, commits)


class Recording(LayeredSearch):
    """The search, keeping every nogood it learns."""

    def __init__(self, model: LayeredModel, budget: Budget) -> None:
        super().__init__(model, budget)
        self.all_learnt: list[Nogood] = []
        self.seen: list[tuple[int, frozenset[Pair]]] = []

    def learnt(self, nogood: Nogood) -> None:
        self.all_learnt.append(nogood)
        super().learnt(nogood)

    def propagate(
        self, state: tuple[Any, ...], commits: frozenset[Pair], cmask: int
    ) -> tuple[list[Pair], tuple[Any, ...], frozenset[Pair], int, Any] | None:
        if self.learning:
            self.seen.append((state[0], commits))
        return super().propagate(state, commits, cmask)


def positions(
    model: LayeredModel, rng: random.Random, count: int
) -> list[tuple[int, frozenset[Pair]]]:
    """Random positions of the model: random pairs played from the start, then a few
    random commitments among the tiles left."""
    found = []
    groups = model.groups
    for _ in range(count):
        occ = model.start
        for _ in range(rng.randint(0, 4)):
            free = bits(model.free_cells(occ))
            moves = [
                (a, b)
                for x, a in enumerate(free)
                for b in free[x + 1 :]
                if groups.of[a] == groups.of[b] and groups.compatible(groups.of[a], a, b)
            ]
            if not moves:
                break
            a, b = rng.choice(moves)
            occ &= ~((1 << a) | (1 << b))
        commits = random_commits(model, occ, rng, rng.randint(0, 4))
        found.append((occ, frozenset(commits)))
    return found


@settings(SETTINGS, max_examples=150)
@given(seed=st.integers(0, 10**9), game=st.sampled_from(["solitaire", "blackwhite"]))
# boards where a nogood of a group with no way left, short of that group's lone
# tiles, would be met by a position that can be cleared
@example(seed=23, game="solitaire")
@example(seed=124, game="blackwhite")
@example(seed=498, game="solitaire")
def test_every_position_meeting_a_learnt_nogood_is_dead(seed: int, game: str) -> None:
    """Search small boards in tiny rounds (many restarts, many dead ends) and check
    each nogood learnt on random positions and on the start: whenever a position
    meets one, no play clears it."""
    board = layered_board(seed, game=game)
    model = model_of(board)
    if model is None:
        return
    search = Recording(model, Budget(None, None))
    search.repair_tries = 0
    search.quick_round = 0
    search.cheap_round = 0
    search.first_round = 1
    search.run()
    learnt = set(search.all_learnt)
    rng = random.Random(seed)
    for occ, commits in {(model.start, frozenset()), *search.seen, *positions(model, rng, 40)}:
        lone = occ & ~tiles_of(commits)
        for nogood in learnt:
            if meets(nogood, occ, lone, commits):
                assert not clearable(model, occ, commits), nogood
                break
    if not learnt:
        return
    # the start meets a nogood only on a board that cannot be cleared
    if any(meets(n, model.start, model.start, frozenset()) for n in learnt):
        assert not exhaustive(board.copy())


@SETTINGS
@given(seed=st.integers(0, 10**9), game=st.sampled_from(["solitaire", "blackwhite"]))
def test_the_core_of_a_failed_peeling_stays_stuck(seed: int, game: str) -> None:
    """When the peeling of a position fails, every position that meets the core's
    nogood (here: the same one less tiles and pairs outside the core, with more
    pairs committed among the rest) fails the peeling too."""
    position = random_position(seed, game, 3)
    if position is None:
        return
    _board, model, state, commits, rng = position
    if model.peel(state, commits) is not None:
        return
    search = LayeredSearch(model, Budget(None, None))
    nogood = search.core()
    occ = state[0]
    cmask = tiles_of(commits)
    assert meets(nogood, occ, occ & ~cmask, commits)
    need, _pairs, groups_mask, alone = nogood
    assert alone & ~groups_mask == 0
    for _ in range(10):
        keep_pairs = {p for p in commits if rng.random() < 0.5 or p in nogood[1]}
        gone = 0
        for a, b in commits - keep_pairs:
            if not need >> a & 1 and not need >> b & 1 and rng.random() < 0.5:
                gone |= (1 << a) | (1 << b)
        lone = occ & ~cmask
        for t in bits(lone & ~need & ~groups_mask):
            if rng.random() < 0.3:
                gone |= 1 << t
        less = occ & ~gone
        kept = {p for p in keep_pairs if not gone >> p[0] & 1}
        taken = tiles_of(kept)
        free_lone = less & ~taken & ~groups_mask
        for g, gmask in enumerate(model.groups.masks):
            pairs = model.groups.pairs(g, gmask & free_lone)
            if pairs and rng.random() < 0.5:
                a, b = rng.choice(pairs)
                kept.add((a, b))
                free_lone &= ~((1 << a) | (1 << b))
        more = frozenset(kept)
        if not meets(nogood, less, less & ~tiles_of(more), more):
            continue
        assert not reference_peel(model, less, set(more))
