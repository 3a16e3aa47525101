"""The layered solver model (cell board, peeling in rounds) and its search, against
slow references written from their definitions."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.engine.test_solve import assert_pairs_clear, exhaustive, layered_board

from tilematch.engine import layouts
from tilematch.engine import solver as solve_module
from tilematch.engine.board import bits
from tilematch.engine.solver import solve
from tilematch.engine.solver.budget import Budget, Pair
from tilematch.engine.solver.layered.dead_ways import DeadWays
from tilematch.engine.solver.layered.model import LayeredModel
from tilematch.engine.solver.layered.search import LayeredSearch
from tilematch.engine.solver.pairing import tiles_of
from tilematch.engine.stack.board import StackBoard
from tilematch.engine.tiles import standard_set

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


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
