"""The way search (engine/solver/layered/ways.py): its verdicts are the exhaustive search's,
what it finds clears the board, and every conflict it learns is a set of group
ways that no pairing of the whole board clears with."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.engine.test_solve import assert_pairs_clear, exhaustive, layered_board
from tests.engine.test_solve_repair import turtle
from tests.engine.test_solve_stack import model_of

from tilematch.engine.solver import solve, solve_as
from tilematch.engine.solver.budget import Budget
from tilematch.engine.solver.layered.model import LayeredModel
from tilematch.engine.solver.layered.repair import Repair
from tilematch.engine.solver.layered.ways import WaySearch
from tilematch.engine.solver.profile import Profile

SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def clears(
    model: LayeredModel, ways: list[list[tuple[tuple[int, int], ...]]], choice: tuple[int, ...]
) -> bool:
    """True when the pairing that takes way ``choice[g]`` of every group peels away."""
    partner = [0] * len(model.before)
    for g, w in enumerate(choice):
        for a, b in ways[g][w]:
            partner[a], partner[b] = 1 << b, 1 << a
    return model.peel_paired(partner, model.start, 0, None) == 0


@SETTINGS
@given(
    seed=st.integers(0, 10**9),
    game=st.sampled_from(["solitaire", "blackwhite"]),
    phase_seed=st.integers(0, 1000),
)
def test_verdicts_solutions_and_conflicts_are_exact(seed: int, game: str, phase_seed: int) -> None:
    """On small boards, from any first ways: it finds a solution exactly when the
    exhaustive search says the board can be cleared, the solution replays through
    the board's own match, and no pairing of every group that holds all the ways of
    a learnt conflict clears the board."""
    board = layered_board(seed, game=game)
    model = model_of(board)
    if model is None:
        return
    fixer = Repair(model)
    if fixer.done:
        return  # the start already fails its peeling, or a group has no way
    rng = random.Random(phase_seed)
    phases = [rng.randrange(len(options)) for options in fixer.ways]
    search = WaySearch(model, Budget(None, None), fixer.ways, phases)
    found = search.run()
    assert (found is not None) == exhaustive(board.copy())
    if found is not None:
        assert_pairs_clear(board, model, found)
    every = list(itertools.product(*(range(len(options)) for options in fixer.ways)))
    if len(every) > 3000:
        return
    clearing = [choice for choice in every if clears(model, fixer.ways, choice)]
    for conflict in search.conflicts:
        assert conflict
        assert not any(all(choice[g] == w for g, w in conflict) for choice in clearing)


def test_a_conflict_is_minimal() -> None:
    """Commit the ways of a Turtle deal one by one until the peeling fails: the
    conflict found fails the peeling with nothing else committed, and passes it
    with any one of its ways freed."""
    model = model_of(turtle(863))
    assert model is not None
    fixer = Repair(model)
    search = WaySearch(model, Budget(None, None), fixer.ways, fixer.choice)
    found = 0
    for g in search.groups:
        search.commit(g, fixer.choice[g])
        if not search.peels():
            conflict = search.minimal()
            found += 1
            break
    assert found
    assert 1 <= len(conflict) < len(search.groups)

    def peels_with(ways: set[tuple[int, int]]) -> bool:
        fresh = WaySearch(model, Budget(None, None), fixer.ways, fixer.choice)
        for g, w in ways:
            fresh.commit(g, w)
        return fresh.peels()

    assert not peels_with(set(conflict))
    for way in conflict:
        assert peels_with(set(conflict) - {way})


@pytest.mark.parametrize(
    ("seed", "status"), [(95, "unsolvable"), (480, "solved"), (1047, "solved")]
)
def test_turtle_deals_that_reach_it(seed: int, status: str) -> None:
    """Turtle deals the repair search's first tries leave open: the same verdict as
    the look-ahead rounds (a profile without ways), and a solution that replays on the
    board."""
    board = turtle(seed)
    plain = solve_as(board, Profile(ways=False))
    result = solve(board)
    assert result.status == plain.status == status
    if status == "solved":
        replay = board.copy()
        for move in result.moves:
            assert replay.match(move.a, move.b) is not None
            replay.push(move)
        assert replay.is_cleared()


def test_a_bound_stops_it() -> None:
    """Its decisions and conflicts count against a ``nodes`` bound."""
    assert solve(turtle(863), nodes=300).status == "budget"


@pytest.mark.parametrize("seed", [1, 4, 6])
def test_deals_the_first_repair_tries_clear_never_reach_it(seed: int) -> None:
    """Deals the repair search clears within its first tries are searched exactly
    as without it."""
    board = turtle(seed)
    plain = solve_as(board, Profile(ways=False))
    both = solve(board)
    assert (both.status, both.nodes, both.moves) == (plain.status, plain.nodes, plain.moves)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.lists(st.integers(0, 10**6), min_size=1, max_size=40))
def test_the_peeling_run_again_from_a_later_round_is_the_peeling_from_the_start(
    seed: int, steps: list[int]
) -> None:
    """Commit, free and change the ways of random groups of a Turtle deal: after each
    step the peeling run again from the rounds the changes can touch answers as a
    peeling of the start with the same commitments does, and stops at the same
    tiles."""
    model = model_of(turtle(seed % 50))
    assert model is not None
    fixer = Repair(model)
    search = WaySearch(model, Budget(None, None), fixer.ways, fixer.choice)
    search.peels()
    for step in steps:
        g = search.groups[step % len(search.groups)]
        options = len(fixer.ways[g])
        choice = (step // len(search.groups)) % (options + 1)
        search.commit(g, None if choice == options else choice)
        if step % 3:
            continue  # several changes before the next peeling
        fresh = WaySearch(model, Budget(None, None), fixer.ways, fixer.choice)
        for h in search.groups:
            fresh.commit(h, search.assigned[h])
        assert search.peels() == fresh.peels()
        if not fresh.passes:
            assert search.stuck == fresh.stuck
