"""The neighbourhood search (engine/solve_neighbourhood.py): what it finds clears the
board and keeps the pairing it searched near; it never changes the main search."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.engine.test_solve import assert_pairs_clear, exhaustive, layered_board
from tests.engine.test_solve_repair import turtle
from tests.engine.test_solve_stack import model_of

from tilematch.engine.board import bits
from tilematch.engine.solve import solve
from tilematch.engine.solve_neighbourhood import Neighbourhood
from tilematch.engine.solve_repair import Repair
from tilematch.engine.solve_search import Budget
from tilematch.engine.solve_stack import LayeredModel, LayeredSearch

SETTINGS = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def near(model: LayeredModel, rng: random.Random) -> Neighbourhood | None:
    """The neighbourhood search around a random pairing of every group (as if the
    repair search had found it best), or ``None`` when that pairing clears the
    board or the repair search leaves the board to the exact search."""
    budget = Budget(None, None)
    fixer = Repair(model)
    if fixer.done:
        return None
    fixer.best_choice = [rng.randrange(len(ways)) for ways in fixer.ways]
    partner = [0] * len(model.before)
    for g, w in enumerate(fixer.best_choice):
        for a, b in fixer.ways[g][w]:
            partner[a], partner[b] = 1 << b, 1 << a
    fixer.best_tiles = model.peel_paired(partner, model.start, 0, None)
    if not fixer.best_tiles:
        return None
    return Neighbourhood(model, fixer, budget, lambda: LayeredSearch(model, budget))


@SETTINGS
@given(seed=st.integers(0, 10**9), game=st.sampled_from(["solitaire", "blackwhite"]))
def test_what_it_finds_clears_the_board_near_the_pairing(seed: int, game: str) -> None:
    """A solution it returns replays through the board's own match and keeps every
    pair of the commitments it searched under; on a board that cannot be cleared
    it finds nothing; the free groups only grow."""
    board = layered_board(seed, game=game)
    model = model_of(board)
    if model is None:
        return
    search = near(model, random.Random(seed))
    if search is None:
        return
    found = None
    free = set(search.free)
    for _ in range(20):
        found = search.run(5)
        assert free <= search.free
        free = set(search.free)
        if found is not None or search.done:
            break
    if found is not None:
        assert_pairs_clear(board, model, found)
        played = {tuple(sorted(pair)) for pair in found}
        assert all(tuple(sorted(pair)) in played for pair in search.fixed())
    if not exhaustive(board.copy()):
        assert found is None


@pytest.mark.parametrize("seed", [3, 8, 9])
def test_a_dead_neighbourhood_frees_the_groups_its_proof_names(seed: int) -> None:
    """Turtle deals the repair search does not clear in 400 tries: the first
    neighbourhood (the groups of the best pairing's stuck tiles) is proven dead,
    the groups whose pairs that proof rests on are freed, and the larger one holds
    a solution that replays and keeps the pairs still committed."""
    board = turtle(seed)
    model = model_of(board)
    assert model is not None
    budget = Budget(None, None)
    fixer = Repair(model)
    assert fixer.run(budget, 400) is None
    search = Neighbourhood(model, fixer, budget, lambda: LayeredSearch(model, budget))
    stuck_groups = {model.groups.of[t] for t in bits(fixer.best_tiles)}
    assert search.free == stuck_groups
    found = search.run(60)
    assert found is not None
    assert search.free > stuck_groups
    assert_pairs_clear(board, model, found)
    played = {tuple(sorted(pair)) for pair in found}
    assert all(tuple(sorted(pair)) in played for pair in search.fixed())


@contextmanager
def counted() -> Iterator[list[int]]:
    """The positions the neighbourhood search spends, while the block runs."""
    spent = [0]
    run = Neighbourhood.run

    def counting(self: Neighbourhood, nodes: int) -> list[tuple[int, int]] | None:
        before = self.budget.nodes
        try:
            return run(self, nodes)
        finally:
            spent[0] += self.budget.nodes - before

    Neighbourhood.run = counting  # type: ignore[method-assign]
    try:
        yield spent
    finally:
        Neighbourhood.run = run  # type: ignore[method-assign]


@pytest.mark.parametrize(("seed", "status"), [(512, "solved"), (95, "unsolvable")])
def test_a_deal_it_does_not_clear_is_searched_as_without_it(seed: int, status: str) -> None:
    """Turtle seeds 512 (solvable) and 95 (unsolvable) go to the second full round;
    the neighbourhood search gets its turn there without finding a solution, and the
    main search then takes the same positions to the same answer as without it."""
    board = turtle(seed)
    plain = solve(board, neighbourhood=False, ways=False)
    with counted() as spent:
        both = solve(board, ways=False)
    assert spent[0] > 0
    assert both.status == plain.status == status
    assert both.moves == plain.moves
    assert both.nodes == plain.nodes + spent[0]


def test_it_clears_a_deal_the_main_rounds_find_late() -> None:
    """Turtle seed 528: the main rounds take some 600 positions; the neighbourhood
    search clears it in its first turn, with a solution that replays."""
    board = turtle(528)
    plain = solve(board, neighbourhood=False, ways=False)
    with counted() as spent:
        both = solve(board, ways=False)
    assert both.solved and plain.solved
    assert 0 < spent[0] <= 40
    assert both.nodes < plain.nodes
    assert both.moves != plain.moves


@pytest.mark.parametrize("seed", [0, 3])
def test_deals_the_cheap_rounds_settle_never_reach_it(seed: int) -> None:
    """Deals settled before the second full round are searched exactly as without it."""
    board = turtle(seed)
    with counted() as spent:
        both = solve(board, ways=False)
    plain = solve(board, neighbourhood=False, ways=False)
    assert spent[0] == 0
    assert (both.status, both.nodes, both.moves) == (plain.status, plain.nodes, plain.moves)
