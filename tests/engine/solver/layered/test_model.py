"""The layered solver model (cell board, peeling in rounds) and its search, against
slow references written from their definitions."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support.boards import layered_board
from tests.support.layered import (
    model_of,
    random_commits,
    random_position,
    reference_peel,
    reference_rounds,
)
from tests.support.reference import assert_pairs_clear, exhaustive
from tilematch.engine import layouts
from tilematch.engine.board import bits
from tilematch.engine.solver import solve
from tilematch.engine.solver.budget import Budget, Pair
from tilematch.engine.solver.layered.dead_ways import DeadWays
from tilematch.engine.solver.layered.search import LayeredSearch
from tilematch.engine.solver.pairing import tiles_of
from tilematch.engine.stack.board import StackBoard
from tilematch.engine.tiles import standard_set

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(seed=st.integers(0, 10**9), game=st.sampled_from(["solitaire", "blackwhite"]))
def test_peeling_in_rounds_is_the_relaxed_game(seed: int, game: str) -> None:
    """``peel`` (rounds on the cell board) and every ``trial`` on top of it agree with the
    one-tile-at-a-time relaxed game, for random commitments."""
    position = random_position(seed, game, 3)
    if position is None:
        return
    _board, model, state, commits, _rng = position
    base = model.peel(state, commits)
    assert (base is not None) == reference_peel(model, state[0], commits)
    if base is None:
        return
    cmask = tiles_of(commits)
    groups = model.groups
    for g, gmask in enumerate(groups.masks):
        unc = gmask & state[0] & ~cmask
        for way in groups.pairs(g, unc):
            rest = unc & ~((1 << way[0]) | (1 << way[1]))
            ways: tuple[Pair, ...] = (way,)
            if rest.bit_count() == 2:
                c, d = bits(rest)
                if not groups.compatible(g, c, d):
                    continue
                ways = (way, (c, d))
            expected = reference_peel(model, state[0], commits | set(ways))
            assert model.trial(state, commits, base, g, ways) == expected


@SETTINGS
@given(seed=st.integers(0, 10**9), game=st.sampled_from(["solitaire", "blackwhite"]))
def test_rounds_of_a_peeling_are_the_relaxed_game_in_rounds(seed: int, game: str) -> None:
    """``rounds_of`` (the move ordering's measure of how far apart two tiles go) gives
    each tile the round in which the relaxed game, played in rounds, takes it."""
    position = random_position(seed, game, 3)
    if position is None:
        return
    _board, model, state, commits, _rng = position
    base = model.peel(state, commits)
    if base is None:
        assert model.rounds_of(base) == {}
        return
    assert model.rounds_of(base) == reference_rounds(model, state[0], commits)


@SETTINGS
@given(seed=st.integers(0, 10**9), game=st.sampled_from(["solitaire", "blackwhite"]))
def test_a_trial_that_kept_its_rounds_passes_again(seed: int, game: str) -> None:
    """When ``passes_still`` says a passed trial passes again with more pairs committed
    (both tiles of each taken in one round of its peeling, or neither, and no lone
    tile left in their groups), it does: the rule by which the search leaves such
    trials out."""
    position = random_position(seed, game, 2)
    if position is None:
        return
    _board, model, state, commits, rng = position
    base = model.peel(state, commits)
    if base is None:
        return
    cmask = tiles_of(commits)
    groups = model.groups
    for g, gmask in enumerate(groups.masks):
        unc = gmask & state[0] & ~cmask
        if unc.bit_count() < 2:
            continue
        way = (rng.choice(groups.pairs(g, unc)),) if groups.pairs(g, unc) else ()
        if not way:
            continue
        rounds = model.trial_rounds(base, g, way)
        if rounds is None:
            continue
        taken = cmask | (1 << way[0][0]) | (1 << way[0][1])
        more = random_commits(model, state[0] & ~taken & ~gmask, rng, 2)
        for a, b in more:
            taken |= (1 << a) | (1 << b)
        lone = state[0] & ~taken
        if not reference_peel(model, state[0], set(commits) | more):
            continue  # the search never looks at a position whose own peeling fails
        if model.passes_still(rounds, iter(more), lone):
            assert reference_peel(model, state[0], set(commits) | set(way) | more)


def search_verdict(
    board: StackBoard, quick: int, first: int, cheap: int = 0, core: int | None = 1
) -> bool:
    model = model_of(board)
    if model is None:
        return True
    search = LayeredSearch(model, Budget(None, None))
    search.repair_tries = 0  # the exact rounds alone (the repair search has its own tests)
    search.quick_round = quick
    search.cheap_round = cheap
    search.first_round = first
    search.core_after = core
    pairs = search.run()
    if pairs is not None:
        assert_pairs_clear(board, model, pairs)
    return pairs is not None


@SETTINGS
@given(
    seed=st.integers(0, 10**9),
    game=st.sampled_from(["solitaire", "blackwhite"]),
    stones=st.booleans(),
)
def test_layered_search_matches_exhaustive_search(seed: int, game: str, stones: bool) -> None:
    """The look-ahead rounds alone (no quick round, one position per round, so many
    restarts reuse what earlier rounds remembered), and after short quick and cheap
    look-ahead rounds, reach the exhaustive verdict; with the start's dead ways
    looked for before the first look-ahead round (at once, on tiny boards), after
    one (the default) and never."""
    board = layered_board(seed, game=game, stones=stones)
    expected = exhaustive(board.copy())
    for quick, first, cheap in ((0, 1, 0), (2, 1, 0), (0, 3, 0), (0, 1, 1), (2, 1, 3), (0, 1, 500)):
        assert search_verdict(board, quick, first, cheap) == expected
    for core in (0, None):
        assert search_verdict(board, 0, 1, 0, core) == expected


def test_turtle_deals_replay() -> None:
    """A few full Turtle deals: solutions replay on the board (solve checks it), and
    every deal gets a verdict."""
    layout = layouts.get("turtle")
    for seed in range(3):
        faces = standard_set("144")
        random.Random(seed).shuffle(faces)
        result = solve(StackBoard(layout, faces))
        assert result.status in ("solved", "unsolvable")
        if result.solved:
            assert len(result.moves) == 72


def clearable_with(board: StackBoard, pairs: set[tuple[int, int]]) -> bool:
    """Exhaustive search for a way to clear ``board`` in which each tile of ``pairs``
    (board spots) goes with its partner there."""
    partner = {}
    for a, b in pairs:
        partner[a], partner[b] = b, a
    return exhaustive(
        board,
        lambda move: (
            partner.get(move.a, move.b) == move.b and partner.get(move.b, move.a) == move.a
        ),
    )


@SETTINGS
@given(
    seed=st.integers(0, 10**9),
    game=st.sampled_from(["solitaire", "blackwhite"]),
    stones=st.booleans(),
)
def test_dead_ways_are_used_by_no_solution(seed: int, game: str, stones: bool) -> None:
    """Every way of pairing a group that :class:`DeadWays` finds dead (at the start,
    and after a random pair is committed) is used by no way of clearing the board,
    and when it finds the position dead the board cannot be cleared so."""
    position = random_position(seed, game, 1, stones=stones)
    if position is None:
        return
    board, model, state, commits, _rng = position
    cmask = tiles_of(commits)
    spot = model.spot

    def on_board(pairs: frozenset[Pair] | tuple[Pair, ...]) -> set[tuple[int, int]]:
        return {(spot[a], spot[b]) for a, b in pairs}

    dead = DeadWays(model, Budget(None, None)).run(state, commits, cmask)
    if dead is None:
        assert not clearable_with(board.copy(), on_board(commits))
        return
    for way in sorted(dead):
        assert not clearable_with(board.copy(), on_board(commits) | on_board(way))
