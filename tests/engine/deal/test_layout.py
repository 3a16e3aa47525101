"""Layout deals: solvable by their own solution, tile sets, stones cracked in time."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.support.deals import FAST, clears, faces_of
from tilematch.engine import deal as generate
from tilematch.engine import layouts
from tilematch.engine.deal.layout import deal_layout
from tilematch.engine.deal.record import Deal
from tilematch.engine.layouts.layout import Layout, LayoutError
from tilematch.engine.solver import solve
from tilematch.engine.stack.board import StackBoard
from tilematch.engine.tiles import standard_set, tiles_match

LAYOUT_NAMES = [name for name in layouts.names() if layouts.get(name).size % 2 == 0]


@FAST
@given(
    seed=st.integers(0, 2**40),
    name=st.sampled_from(LAYOUT_NAMES),
    game=st.sampled_from(["solitaire", "blackwhite"]),
)
def test_reverse_layout_deals_clear_by_their_solution(seed: int, name: str, game: str) -> None:
    deal = deal_layout(name, game, seed=seed)
    assert isinstance(deal.board, StackBoard)
    assert deal.board.game == game and deal.layout == layouts.get(name).name
    assert len(deal.solution) * 2 == layouts.get(name).size
    assert clears(deal)


def test_layout_tile_sets() -> None:
    assert faces_of(deal_layout("turtle", seed=2).board) == Counter(standard_set("144"))
    bw = deal_layout("turtle", "blackwhite", seed=2)
    assert faces_of(bw.board) == Counter(standard_set("bw144"))
    for move in bw.solution:
        assert tiles_match(bw.board.face(move.a) or "", bw.board.face(move.b) or "")


@pytest.mark.parametrize("version", [1, 2, 3])
@pytest.mark.parametrize("game", ["solitaire", "blackwhite"])
def test_checked_layout_deal_and_solver_agreement(game: str, version: int) -> None:
    deal = deal_layout("pyramid", game, seed=4, generator="checked", version=version)
    assert deal.version == version and clears(deal)
    reverse = deal_layout("pyramid", game, seed=4)
    assert solve(reverse.board, nodes=100_000).status == "solved"


def test_layout_object_and_custom_layout() -> None:
    row = Layout("row", tuple((2 * i, 0, 0) for i in range(8)))
    deal = deal_layout(row, seed=1)
    assert deal.custom and clears(deal)
    assert not deal_layout(layouts.get("turtle"), seed=1).custom


def test_impossible_layout_raises() -> None:
    stacked = Layout("stacked", ((0, 0, 0), (0, 0, 1)))
    with pytest.raises(generate.GenerationError):
        deal_layout(stacked, seed=1)


@pytest.mark.parametrize(
    ("args", "kwargs", "error"),
    [
        (("nowhere",), {"seed": 1}, LayoutError),
        (("turtle", "shisensho"), {"seed": 1}, ValueError),
        (("turtle",), {"seed": 1, "difficulty": "zen"}, ValueError),
        (("turtle",), {"seed": 1, "stones": -1}, ValueError),
        (("turtle",), {"seed": 1, "stones": 145}, ValueError),
        (("turtle",), {"seed": 1, "tileset": "bw144"}, ValueError),
        (("turtle", "blackwhite"), {"seed": 1, "tileset": "144"}, ValueError),
        ((Layout("odd", ((0, 0, 0),)),), {"seed": 1}, ValueError),
    ],
)
def test_deal_layout_refuses_bad_arguments(
    args: tuple[object, ...], kwargs: dict[str, object], error: type
) -> None:
    with pytest.raises(error):
        deal_layout(*args, **kwargs)  # type: ignore[arg-type]


def crack_history_ok(deal: Deal) -> bool:
    """Independent reference: simulate the solution counting, for every stone, the
    removed pairs that touched it (left/right neighbour, or resting on it)."""
    board = deal.board
    assert isinstance(board, StackBoard)
    stones = set(board.stones())
    cracks = dict.fromkeys(stones, 0)
    present = set(board.spots())
    for move in deal.solution:
        for s in (move.a, move.b):
            if s in stones and cracks[s] < 2:
                return False
        present -= {move.a, move.b}
        for stone in stones & present:
            x, y, z = board.coords(stone)
            touched = False
            for t in (move.a, move.b):
                u, v, w = board.coords(t)
                side = w == z and abs(u - x) == 2 and abs(v - y) <= 1
                rests = w == z + 1 and abs(u - x) <= 1 and abs(v - y) <= 1
                touched = touched or side or rests
            cracks[stone] += touched
    return True


@pytest.mark.parametrize(("name", "count"), [("turtle", 12), ("pyramid", 4), ("turtle", 1)])
def test_stones_are_cracked_in_time(name: str, count: int) -> None:
    deal = deal_layout(name, "blackwhite", seed=11, stones=count)
    assert isinstance(deal.board, StackBoard)
    assert len(deal.board.stones()) == count == deal.stones
    assert all(c == 2 for c in deal.board.stones().values())
    assert crack_history_ok(deal)
    assert clears(deal)  # push refuses an uncracked stone, so this replays with stones active


def test_too_many_stones_is_an_error() -> None:
    with pytest.raises(generate.GenerationError):
        deal_layout(Layout("pair", ((0, 0, 0), (2, 0, 0))), seed=1, stones=2)
