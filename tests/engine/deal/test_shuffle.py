"""Reshuffles keep faces and positions and stay solvable; hopeless positions."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tests.support.boards import layered_board
from tests.support.deals import FAST, faces_of
from tests.support.reference import exhaustive
from tilematch.engine import deal as generate
from tilematch.engine.boardfile import format_board
from tilematch.engine.deal import shuffle as reshuffle_module
from tilematch.engine.deal.grid import deal_grid
from tilematch.engine.deal.layout import deal_layout
from tilematch.engine.grid.board import GridBoard
from tilematch.engine.layouts.layout import Layout
from tilematch.engine.solver import solve
from tilematch.engine.stack.board import StackBoard


def play_some(board: object, moves: int, rng: random.Random) -> None:
    for _ in range(moves):
        pairs = list(board.legal_pairs())  # type: ignore[attr-defined]
        if not pairs:
            return
        board.push(rng.choice(pairs))  # type: ignore[attr-defined]


@FAST
@given(
    seed=st.integers(0, 2**32),
    played=st.integers(0, 40),
    kind=st.sampled_from(["grid", "turtle", "bw", "gravity"]),
)
def test_reshuffle_keeps_faces_and_positions_and_is_solvable(
    seed: int, played: int, kind: str
) -> None:
    if kind == "grid":
        board: object = deal_grid(seed=seed).board.copy()
    elif kind == "gravity":
        board = deal_grid(6, 8, seed=seed, gravity=True).board.copy()
    else:
        game = "blackwhite" if kind == "bw" else "solitaire"
        board = deal_layout("turtle", game, seed=seed).board.copy()
    rng = random.Random(seed)
    play_some(board, played, rng)
    fresh = generate.reshuffle(board, rng)  # type: ignore[arg-type]
    assert fresh is not None
    assert fresh.occupied == board.occupied  # type: ignore[attr-defined]
    assert faces_of(fresh) == faces_of(board)
    assert solve(fresh, nodes=100_000).status == "solved"


def test_reshuffle_is_deterministic_for_an_rng_state() -> None:
    board = deal_grid(seed=1).board
    a = generate.reshuffle(board, random.Random(5))
    b = generate.reshuffle(board, random.Random(5))
    assert a is not None and b is not None
    assert format_board(a) == format_board(b)  # type: ignore[arg-type]


def test_reshuffle_of_an_empty_board_is_empty() -> None:
    board = GridBoard(1, 2, ["1m", "1m"])
    board.push(board.match(0, 1))  # type: ignore[arg-type]
    fresh = generate.reshuffle(board, random.Random(1))
    assert fresh is not None and fresh.is_cleared()


def test_reshuffle_returns_none_when_impossible() -> None:
    stacked = StackBoard(Layout("s", ((0, 0, 0), (0, 0, 1))), ["1m", "1m"])
    assert generate.reshuffle(stacked, random.Random(1)) is None
    unpaired = GridBoard(1, 2, ["1m", "2m"])
    assert generate.reshuffle(unpaired, random.Random(1)) is None


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9))
def test_positions_hopeless_is_no_clearing_even_with_every_face_equal(seed: int) -> None:
    """Hopeless positions are those that cannot be cleared even when every tile may
    pair with every other (then no re-deal of any faces can be cleared): checked
    against an exhaustive search of the board with all faces made equal."""
    board = layered_board(seed)
    spots = list(board.spots())
    if len(spots) % 2:
        spots = spots[:-1]
    same = StackBoard(
        Layout("same", tuple(board.layout.positions[s] for s in spots)), ["1m"] * len(spots)
    )
    assert generate.positions_hopeless(same) == (not exhaustive(same.copy()))


@st.composite
def piled_remains(draw: st.DrawFn) -> StackBoard:
    """Remains of 13 to 24 tiles with every face equal, mostly piled on each other
    (tall piles, half offsets, lone tiles): where hopeless remains are common."""
    placed: list[tuple[int, int, int]] = []
    for x, y, up in draw(
        st.lists(
            st.tuples(st.integers(0, 8), st.integers(0, 2), st.booleans()),
            min_size=14,
            max_size=40,
        )
    ):
        under = [q[2] for q in placed if abs(q[0] - x) < 2 and abs(q[1] - y) < 2]
        z = max(under) + 1 if under and up else 0
        if any(q[2] == z and abs(q[0] - x) < 2 and abs(q[1] - y) < 2 for q in placed):
            continue
        placed.append((x, y, z))
        if len(placed) == 24:
            break
    placed = placed[: len(placed) // 2 * 2]
    assume(len(placed) > 12)
    return StackBoard(Layout("piled", tuple(placed)), ["1m"] * len(placed))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(board=piled_remains())
def test_positions_hopeless_on_larger_remains_against_exhaustive_search(
    board: StackBoard,
) -> None:
    """Past 12 tiles the answer comes from the bounded search: the same as a plain
    search of every legal pair, and within its bound on remains this size."""
    expected = not exhaustive(board.copy())
    assert generate.positions_hopeless(board) == expected
    assert reshuffle_module._no_clearing(board.geometry, board.occupied, None) == expected


def test_positions_hopeless_on_piles() -> None:
    def piles(*heights: int) -> StackBoard:
        spots = [(4 * i, 0, z) for i, h in enumerate(heights) for z in range(h)]
        return StackBoard(Layout("piles", tuple(spots)), ["1m"] * len(spots))

    # no two tiles of one pile go together: a pile of more than half the tiles
    # left can never be cleared
    assert generate.positions_hopeless(piles(9, 5))
    assert generate.positions_hopeless(piles(10, 2, 2))
    assert not generate.positions_hopeless(piles(7, 7))
    assert not generate.positions_hopeless(piles(6, 4, 4))
    turtle = deal_layout("turtle", seed=1).board
    assert isinstance(turtle, StackBoard) and not generate.positions_hopeless(turtle)
    # hopeless, though no pile holds half the tiles: the search has to show it, and
    # answers None (so positions_hopeless says False) when out of positions
    spots = (
        (1, 0, 0), (3, 1, 0), (1, 2, 0), (6, 1, 0), (3, 2, 1), (1, 1, 1), (4, 1, 2),
        (2, 1, 2), (4, 0, 3), (3, 2, 3), (1, 2, 3), (0, 2, 4), (0, 1, 5), (0, 1, 6),
    )  # fmt: skip
    board = StackBoard(Layout("odd", spots), ["1m"] * len(spots))
    assert generate.positions_hopeless(board) and not exhaustive(board.copy())
    assert reshuffle_module._no_clearing(board.geometry, board.occupied, 1) is None
    assert reshuffle_module._no_clearing(board.geometry, board.occupied, None) is True


def test_positions_hopeless_examples() -> None:
    stacked = StackBoard(Layout("s", ((0, 0, 0), (0, 0, 1))), ["1m", "1m"])
    assert generate.positions_hopeless(stacked)
    row = StackBoard(
        Layout("r", ((0, 0, 0), (2, 0, 0), (4, 0, 0), (6, 0, 0))), ["1m", "2m", "2m", "1m"]
    )
    assert not generate.positions_hopeless(row)
    # a stone that still needs cracks may open up later: not decided
    stony = StackBoard(
        Layout("t", ((0, 0, 0), (0, 0, 1), (2, 0, 0), (4, 0, 0))),
        ["1m", "1m", "2m", "2m"],
        stones=[2],
    )
    assert stony.locked and not generate.positions_hopeless(stony)
    assert not generate.positions_hopeless(GridBoard(1, 2, ["1m", "2m"]))


def test_reshuffle_keeps_stone_cracks() -> None:
    deal = deal_layout("turtle", "blackwhite", seed=3, stones=6)
    fresh = generate.reshuffle(deal.board, random.Random(2))
    assert fresh is not None
    assert fresh.stones() == deal.board.stones()  # type: ignore[attr-defined]
    assert solve(fresh, nodes=100_000).status == "solved"
