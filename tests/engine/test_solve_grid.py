"""The Shisen-Sho model of the solver (no gravity): its reach test, the look-ahead
trials replayed from it, and its own search, against exhaustive references."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.engine.test_solve import assert_pairs_clear, exhaustive

from tilematch.engine import solver as solve_module
from tilematch.engine.board import bits
from tilematch.engine.grid.board import GridBoard
from tilematch.engine.solver.budget import Budget, Pair
from tilematch.engine.solver.grid.model import GridModel
from tilematch.engine.solver.grid.order import BlameHints, GridSearch
from tilematch.engine.solver.pairing import group_ways, tiles_of

SETTINGS = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FACES = [f"{n}{suit}" for suit in "mp" for n in range(1, 10)]


def board_of(seed: int, big_groups: bool = False) -> GridBoard:
    """A small random grid, full or nearly (jams are common): faces in groups of two,
    four or (with ``big_groups``) six and eight; Black & White pairs too."""
    rng = random.Random(seed)
    rows, cols = rng.randint(4, 6), rng.randint(4, 6)
    cells = rows * cols
    tiles = max(2, (cells - rng.randint(0, cells // 8)) // 2 * 2)
    faces: list[str] = []
    kinds = list(FACES)
    rng.shuffle(kinds)
    while len(faces) < tiles:
        left = tiles - len(faces)
        face = kinds.pop()
        sizes = [n for n in ((2, 2, 4, 6, 8) if big_groups else (2, 2, 4)) if n <= left]
        copies = rng.choice(sizes)
        if rng.random() < 0.1:
            faces.extend([f"b{face}", f"w{face}"] * (copies // 2))
        else:
            faces.extend([face] * copies)
    spots = rng.sample(range(cells), tiles)
    return GridBoard(rows, cols, dict(zip(spots, faces, strict=True)))


def model_of(board: GridBoard) -> GridModel:
    model = solve_module._model_for(board.copy())
    assert isinstance(model, GridModel)
    return model


def random_commits(model: GridModel, rng: random.Random) -> frozenset[Pair]:
    """Some compatible pairs of distinct tiles, each tile in at most one."""
    out: list[Pair] = []
    for g, mask in enumerate(model.groups.masks):
        tiles = bits(mask)
        rng.shuffle(tiles)
        while len(tiles) >= 2 and rng.random() < 0.4:
            a = tiles.pop()
            mates = [b for b in tiles if model.groups.compatible(g, a, b)]
            if not mates:
                break
            b = rng.choice(mates)
            tiles.remove(b)
            out.append((min(a, b), max(a, b)))
    return frozenset(out)


def assert_trials_agree(
    model: GridModel,
    state: tuple[Any, ...],
    commits: frozenset[Pair],
    base: object,
    left: Callable[[frozenset[Pair]], int],
) -> None:
    """Every way the look-ahead may try on top of ``commits`` passes its trial exactly
    when the reference reach test ``left`` (tiles it leaves) leaves none."""
    cmask = tiles_of(commits)
    for g, mask in enumerate(model.groups.masks):
        unc = state[0] & mask & ~cmask
        if unc.bit_count() < 4:
            continue
        for way in group_ways(model, g, unc):
            full = not left(commits.union(way))
            assert model.trial(state, commits, base, g, way) == full, (commits, way)


@SETTINGS
@given(seed=st.integers(0, 10**9), big=st.booleans())
def test_trials_replayed_from_the_base_agree_with_the_full_reach_test(seed: int, big: bool) -> None:
    """Every way the look-ahead may try, on top of random commitments: the replay
    answers what the reach test run from scratch answers."""
    rng = random.Random(seed)
    model = model_of(board_of(seed, big))
    state = model.root()
    for _ in range(3):
        commits = random_commits(model, rng)
        base = model.peel(state, commits)
        assert (base is None) == bool(model.reach_left(state[0], state[1], commits))
        if base is None:
            continue
        assert_trials_agree(
            model, state, commits, base, lambda more: model.reach_left(state[0], state[1], more)
        )


@SETTINGS
@given(seed=st.integers(0, 10**9), big=st.booleans())
def test_reach_test_never_refuses_the_pairs_of_a_solution(seed: int, big: bool) -> None:
    """On a solvable board, committing any of the pairs of a real solution (and playing
    a few of its moves first) never makes the reach test refuse the position."""
    board = board_of(seed, big)
    model = model_of(board)
    found = model.search(Budget(None, None))
    if found is None:
        assert not exhaustive(board.copy())
        return
    rng = random.Random(seed)
    state = model.root()
    played = rng.randint(0, len(found) // 2)
    for pair in found[:played]:
        state = model.play(state, pair)
    rest = found[played:]
    commits = frozenset(p for p in rest if rng.random() < 0.6)
    assert not model.reach_left(state[0], state[1], commits)
    assert model.peel(state, commits) is not None


@SETTINGS
@given(
    seed=st.integers(0, 10**9),
    big=st.booleans(),
    shares=st.sampled_from([1, 2, 5]),
    move_rounds=st.sampled_from([1, 4, 100]),
)
def test_search_by_turns_matches_exhaustive_search(
    seed: int, big: bool, shares: int, move_rounds: int
) -> None:
    """The grid model's own search, with tiny shares so that both kinds of rounds and
    many restarts run (and the move-by-move rounds stopping early or never), reaches
    the exhaustive verdict; its pairs replay on the board."""
    board = board_of(seed, big)
    model = model_of(board)
    model.move_round = shares
    model.look_round = shares
    model.move_cap = 2 * shares
    model.move_rounds = move_rounds
    found = model.search(Budget(None, None))
    assert (found is not None) == exhaustive(board.copy())
    if found is not None:
        assert_pairs_clear(board, model, found)
    result = solve_module.solve(board)
    assert result.solved == (found is not None)
    replay = board.copy()
    for move in result.moves:
        assert replay.match(move.a, move.b) == move
        replay.push(move)
    assert replay.is_cleared() == result.solved


def test_search_is_deterministic() -> None:
    faces = [f"{n}{suit}" for suit in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]
    deal = faces * 4
    random.Random(41).shuffle(deal)
    board = GridBoard(8, 17, deal)
    first = solve_module.solve(board)
    second = solve_module.solve(board)
    assert first.solved
    assert first.moves == second.moves
    assert first.nodes == second.nodes


def test_crossed_pairs_fail_the_trial() -> None:
    """``A B / B A`` around a wall: pairing the As across the wall is dead, the
    look-ahead says so without searching."""
    board = GridBoard([["1m", "2m", "3m", "3m"], ["2m", "1m", "4m", "4m"]])
    model = model_of(board)
    state = model.root()
    base = model.peel(state, frozenset())
    assert base is None or isinstance(base, tuple)
    assert solve_module.solve(board).status == "unsolvable"


def test_blame_hints_sort_blamed_groups_first_among_equal_ways() -> None:
    hints = BlameHints(4)
    hints[0], hints[1], hints[2], hints[3] = 2, 2, 1, 3
    hints.blame[1] = 5
    hints.blame[3] = 4000  # more blame never outweighs a way more
    assert sorted(range(4), key=lambda g: hints[g]) == [2, 1, 0, 3]
    assert list.__getitem__(hints, 1) == 2
    assert hints[1:3] == [2, 1]


class Recording(GridSearch):
    """Remembers the group of every look-ahead trial."""

    def __init__(self, model: GridModel) -> None:
        super().__init__(model, Budget(None, None))
        self.look = True
        self.tried: list[int] = []

    def try_way(
        self,
        state: tuple[Any, ...],
        commits: frozenset[Pair],
        cmask: int,
        g: int,
        way: tuple[Pair, ...],
    ) -> tuple[bool, int]:
        self.tried.append(g)
        return super().try_way(state, commits, cmask, g, way)


def test_a_group_with_no_way_left_is_blamed_and_looked_at_first_next_time() -> None:
    """Small boards with random commitments that the look-ahead proves dead by a
    group none of whose ways passes: that group is blamed, and the next look at a
    position starts there (ahead of groups that had as many ways)."""
    seen = 0
    for seed in range(1000):
        model = model_of(board_of(seed, big_groups=True))
        search = Recording(model)
        commits = random_commits(model, random.Random(seed))
        cmask = tiles_of(commits)
        done = search.propagate(model.root(), commits, cmask)
        if done is None:
            continue
        _, state, commits, cmask, ctx = done
        if search.choose(state, commits, cmask, ctx) is not None:
            continue
        culprit = search.tried[-1]
        if sum(search.hints.blame) == 0:
            continue  # the propagation after a forced pairing failed: nobody blamed
        assert search.hints.blame == [int(g == culprit) for g in range(len(model.groups.masks))]
        search.tried.clear()
        for g in range(len(model.groups.masks)):
            search.hints[g] = 0
        search.choose(state, commits, cmask, ctx)
        assert search.tried[0] == culprit
        seen += 1
    assert seen >= 3


def plain_reach_left(model: GridModel, occ: int, commits: frozenset[Pair]) -> int:
    """The reach test as its rule reads, asking the connection rule afresh on the
    board of each moment: the tiles it never takes."""
    partner = {a: b for a, b in commits} | {b: a for a, b in commits}
    committed = 0
    for a, b in commits:
        committed |= (1 << a) | (1 << b)
    nb, border = model.nb, model.shape.border

    def open_(t: int, board: int) -> bool:
        return bool(border >> t & 1 or nb[t] & ~board)

    progress = True
    while progress:
        progress = False
        for t in bits(occ):
            if not occ >> t & 1:
                continue
            lines = model._state(occ)[1]
            p = partner.get(t)
            if p is not None:
                ok = bool(nb[t] >> p & 1) or (
                    open_(t, occ) and open_(p, occ) and lines.connects(t, p)
                )
                gone = (1 << t) | (1 << p)
            else:
                ok = bool(model.mates[t] & ~committed & nb[t]) or (
                    open_(t, occ)
                    and any(
                        not committed >> m & 1
                        and (not occ >> m & 1 or open_(m, occ))
                        and lines.connects(t, m)
                        for m in model.mate_list[t]
                    )
                )
                gone = 1 << t
            if ok:
                occ &= ~gone
                progress = True
    return occ


def check_position(model: GridModel, state: tuple[Any, ...], rng: random.Random) -> None:
    """With random commitments at ``state``, the reach test leaves what its rule
    asked afresh leaves, and every look-ahead trial agrees with the rule too."""
    occ = state[0]
    commits = frozenset(
        (a, b) for a, b in random_commits(model, rng) if occ >> a & 1 and occ >> b & 1
    )
    left = model.reach_left(occ, state[1], commits)
    assert left == plain_reach_left(model, occ, commits)
    base = model.peel(state, commits)
    assert (base is None) == bool(left)
    if base is not None:
        assert_trials_agree(
            model, state, commits, base, functools.partial(plain_reach_left, model, occ)
        )


def pairs_gone(model: GridModel, rng: random.Random, tries: int) -> int:
    """The start of ``model`` less up to ``tries`` random pairs of matching tiles
    (the occupancy; lines are not asked: the positions need not be reachable)."""
    groups = model.groups
    occ: int = model.root()[0]
    for _ in range(tries):
        g = rng.randrange(len(groups.masks))
        tiles = bits(occ & groups.masks[g])
        if len(tiles) >= 2:
            a, b = rng.sample(tiles, 2)
            if groups.compatible(g, a, b):
                occ &= ~((1 << a) | (1 << b))
    return occ


@SETTINGS
@given(seed=st.integers(0, 10**9), big=st.booleans())
def test_reach_test_agrees_with_the_rule_asked_afresh(seed: int, big: bool) -> None:
    """The reach test leaves the same tiles as its rule asked afresh, on the board
    of each moment, on random positions (pairs already gone) with random
    commitments; and a look-ahead trial of every way agrees with it there."""
    rng = random.Random(seed)
    model = model_of(board_of(seed, big))
    occ = pairs_gone(model, rng, rng.randint(0, 6))
    state = model._state(occ)
    for _ in range(3):
        check_position(model, state, rng)


@SETTINGS
@given(seed=st.integers(0, 10**9), big=st.booleans())
def test_what_one_model_learns_of_pairs_of_cells_holds_in_every_position(
    seed: int, big: bool
) -> None:
    """The model remembers, across positions, the cells that kept two cells apart
    and the lines that joined them; one model asked about many random positions in
    any order (more tiles after fewer, other pairs gone) still agrees, in the reach
    test and in every trial, with the rule asked afresh."""
    rng = random.Random(seed)
    model = model_of(board_of(seed, big))
    for _ in range(6):
        occ = pairs_gone(model, rng, rng.randint(0, 8))
        check_position(model, model._state(occ), rng)


def assert_steps_clear(
    model: GridModel, state: tuple[Any, ...], commits: frozenset[Pair], log: list[Any]
) -> None:
    """``log`` (steps of a base: the position before each, and its move: the tile,
    its partner or -1, the tile its line goes to) takes every tile of ``state``,
    each step allowed by the reach test's rule on the board of that moment."""
    occ = state[0]
    lines = state[1].copy()
    partner = {a: b for a, b in commits} | {b: a for a, b in commits}
    committed = tiles_of(commits)
    for then, rows, cols, (t, p, via) in log:
        assert (then, rows, cols) == (occ, lines.row_bits, lines.col_bits)
        if p >= 0:
            assert partner.get(t) == p == via
            assert model.nb[t] >> p & 1 or lines.connects(t, p)
        else:
            assert t not in partner
            if via < 0:
                assert model.mates[t] & ~committed & model.nb[t]
            else:
                assert model.mates[t] >> via & 1 and not committed >> via & 1
                assert lines.connects(t, via)
        for x in (t, p) if p >= 0 else (t,):
            assert occ >> x & 1
            occ &= ~(1 << x)
            lines.remove(x)
    assert not occ


@SETTINGS
@given(seed=st.integers(0, 10**9), big=st.booleans())
def test_a_passed_trial_gives_the_reach_test_of_the_positions_after_it(
    seed: int, big: bool
) -> None:
    """After a way passes its trial, the position with that way committed, less
    some committed pairs and some other matching pairs (as the propagation plays
    them), takes its reach test's steps from the trial: they take every tile, each
    step allowed by the rule; the reach test run afresh agrees that none is left."""
    rng = random.Random(seed)
    model = model_of(board_of(seed, big))
    state = model._state(pairs_gone(model, rng, rng.randint(0, 4)))
    occ = state[0]
    commits = frozenset(
        (a, b) for a, b in random_commits(model, rng) if occ >> a & 1 and occ >> b & 1
    )
    base = model.peel(state, commits)
    if base is None:
        return
    cmask = tiles_of(commits)
    for g, mask in enumerate(model.groups.masks):
        unc = occ & mask & ~cmask
        if unc.bit_count() < 4:
            continue
        for way in group_ways(model, g, unc):
            if 2 * len(way) != unc.bit_count() or not model.trial(state, commits, base, g, way):
                continue  # (a way that leaves tiles of the group is tried afresh)
            pairs = sorted(commits.union(way))
            gone = [pair for pair in pairs if rng.random() < 0.3]
            after = occ & ~tiles_of(gone)
            for h, other in enumerate(model.groups.masks):
                loose = bits(after & other & ~cmask & ~tiles_of(way))
                if len(loose) >= 2 and rng.random() < 0.3:
                    a, b = rng.sample(loose, 2)
                    if model.groups.compatible(h, a, b):
                        after &= ~((1 << a) | (1 << b))
            child = model._state(after)
            kept = frozenset(pair for pair in pairs if pair not in gone)
            log: list[Any] = []
            when: dict[int, int] = {}
            assert model._from_trial(child, kept, log, when)
            assert_steps_clear(model, child, kept, log)
            assert sorted(when) == bits(after)
            assert not plain_reach_left(model, after, kept)
