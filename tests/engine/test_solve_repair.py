"""The repair search (engine/solver/layered/repair.py): the paired game's peeling against the
board's own rules, restarts against whole peelings, and that whatever it returns
clears the board."""

from __future__ import annotations

import itertools
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.engine.test_solve import assert_pairs_clear, exhaustive, layered_board
from tests.engine.test_solve_stack import model_of

from tilematch.engine import layouts
from tilematch.engine.board import bits
from tilematch.engine.layouts.layout import Layout
from tilematch.engine.solver import solve, solve_as
from tilematch.engine.solver.budget import Budget, OutOfBudget
from tilematch.engine.solver.layered.model import LayeredModel
from tilematch.engine.solver.layered.repair import Repair, repair
from tilematch.engine.solver.layered.rounds import first_free_round, ways_of
from tilematch.engine.solver.layered.search import LayeredSearch
from tilematch.engine.solver.profile import Profile
from tilematch.engine.stack.board import StackBoard
from tilematch.engine.tiles import standard_set

SETTINGS = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(size=st.sampled_from([0, 2, 4, 6, 8]), seed=st.integers(0, 10**9))
def test_ways_of_lists_every_pairing_once(size: int, seed: int) -> None:
    """Every split of the tiles into allowed pairs, each once, against all orders."""
    rng = random.Random(seed)
    tiles = sorted(rng.sample(range(50), size))
    allowed = {(a, b) for a, b in itertools.combinations(tiles, 2) if rng.random() < 0.7}
    found = ways_of(tiles, lambda a, b: (a, b) in allowed)
    expected = set()
    for order in itertools.permutations(tiles):
        pairs = [tuple(sorted(order[k : k + 2])) for k in range(0, size, 2)]
        if all(p in allowed for p in pairs):
            expected.add(frozenset(pairs))
    assert len(found) == len(expected)
    assert {frozenset(way) for way in found} == expected


def random_pairing(model: LayeredModel, rng: random.Random) -> list[int]:
    """``partner`` for a random split of every group into compatible pairs."""
    partner = [0] * len(model.before)
    groups = model.groups
    for g, gmask in enumerate(groups.masks):
        ways = ways_of(bits(gmask), lambda a, b, g=g: groups.compatible(g, a, b))
        for a, b in rng.choice(ways):
            partner[a], partner[b] = 1 << b, 1 << a
    return partner


def reference_paired_game(board: StackBoard, model: LayeredModel, partner: list[int]) -> int:
    """Play the paired game with the board's own rules: remove any pair whose two
    tiles the board allows together, until none is left; the tiles left (model bits)."""
    play = board.copy()
    spot_of = model.spot
    index = {s: i for i, s in spot_of.items()}
    moved = True
    while moved:
        moved = False
        for spot in list(play.spots()):
            if not play.face(spot):
                continue
            mate = spot_of[partner[index[spot]].bit_length() - 1]
            if spot < mate and play.face(mate):
                move = play.match(spot, mate)
                if move is not None:
                    play.push(move)
                    moved = True
    left = 0
    for spot in play.spots():
        if play.face(spot):
            left |= 1 << index[spot]
    return left


@SETTINGS
@given(seed=st.integers(0, 10**9), game=st.sampled_from(["solitaire", "blackwhite"]))
def test_peeling_a_pairing_is_the_paired_game(seed: int, game: str) -> None:
    """The peeling of a full pairing (``LayeredModel.peel_paired``) leaves exactly
    the tiles the board's own rules cannot remove in pairs of that pairing; its
    rounds restart from any group's first free round."""
    board = layered_board(seed, game=game)
    model = model_of(board)
    if model is None:
        return
    rng = random.Random(seed)
    partner = random_pairing(model, rng)
    snaps: list[tuple[int, int, int]] = []
    left = model.peel_paired(partner, model.start, 0, snaps)
    assert left == reference_paired_game(board, model, partner)
    # change one group's pairing: the peeling restarted at the group's first free
    # round ends like a whole new peeling
    groups = model.groups
    g = rng.randrange(len(groups.masks))
    gmask = groups.masks[g]
    k = first_free_round(snaps, gmask)
    rest, _, seen = snaps[k]
    for a, b in rng.choice(ways_of(bits(gmask), lambda a, b: groups.compatible(g, a, b))):
        partner[a], partner[b] = 1 << b, 1 << a
    whole = model.peel_paired(partner, model.start, 0, None)
    assert model.peel_paired(partner, rest, seen & ~gmask, None) == whole
    assert whole == reference_paired_game(board, model, partner)


@SETTINGS
@given(seed=st.integers(0, 10**9), game=st.sampled_from(["solitaire", "blackwhite"]))
def test_repair_returns_only_real_solutions(seed: int, game: str) -> None:
    """Whatever the repair search returns clears the board move by move through the
    board's own match; on a board that cannot be cleared it finds nothing."""
    board = layered_board(seed, game=game)
    model = model_of(board)
    if model is None:
        return
    found = repair(model, Budget(None, None), 60)
    if found is not None:
        assert_pairs_clear(board, model, found)
    if not exhaustive(board.copy()):
        assert found is None


def turtle(seed: int) -> StackBoard:
    faces = standard_set("144")
    random.Random(seed).shuffle(faces)
    return StackBoard(layouts.get("turtle"), faces)


def test_repair_clears_turtle_deals_the_same_way_every_time() -> None:
    """Turtle deals it clears (most random deals, within 400 peelings) replay, and the
    same deal gives the same pairs every time."""
    cleared = 0
    for seed in range(8):
        board = turtle(seed)
        model = model_of(board)
        assert model is not None
        found = repair(model, Budget(None, None), 400)
        if found is None:
            continue
        cleared += 1
        assert len(found) == 72
        assert_pairs_clear(board, model, found)
        again = model_of(board)
        assert again is not None
        assert repair(again, Budget(None, None), 400) == found
    assert cleared >= 3


def test_repair_in_stages_takes_the_same_steps() -> None:
    """Runs that go on where the last one stopped find what one long run finds."""
    for seed in (2, 4, 5):
        model = model_of(turtle(seed))
        assert model is not None
        whole = repair(model, Budget(None, None), 3000)
        staged = Repair(model)
        found = None
        for _ in range(60):
            found = staged.run(Budget(None, None), 50)
            if found is not None or staged.done:
                break
        assert whole is not None and found == whole


def test_repair_leaves_stones_and_big_groups_to_the_exact_search() -> None:
    board = turtle(1)
    stony = StackBoard(layouts.get("turtle"), [board.face(s) for s in board.spots()], stones=[0])
    model = model_of(stony)
    assert model is not None and repair(model, Budget(None, None), 400) is None
    row = Layout("row", tuple((2 * x, 0, 0) for x in range(10)))
    ten = StackBoard(row, ["1m"] * 10)
    model = model_of(ten)
    assert model is not None and repair(model, Budget(None, None), 400) is None
    assert solve(ten).solved  # the exact search clears it from the ends


def test_repair_spends_the_callers_budget() -> None:
    model = model_of(turtle(0))
    assert model is not None
    try:
        repair(model, Budget(0, None), 400)
    except OutOfBudget:
        pass
    else:  # pragma: no cover - the first step already needs a position
        raise AssertionError("a zero budget must run out")


def test_solve_without_repair_is_the_exact_search_alone() -> None:
    """Without the repair search, the exact search's own answer (node counts included);
    both answers clear the board."""
    board = turtle(1)
    plain = solve_as(board, Profile(repair=False))
    quick = solve(board)
    assert plain.solved and quick.solved
    assert plain.nodes > quick.nodes  # the repair search cleared it in a few steps
    model = model_of(board)
    assert model is not None
    model.repair_tries = 0
    pairs = LayeredSearch(model, Budget(None, None)).run()
    assert pairs is not None
    assert [{model.spot[i], model.spot[j]} for i, j in pairs] == [{m.a, m.b} for m in plain.moves]
