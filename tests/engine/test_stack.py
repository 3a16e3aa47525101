"""StackBoard: the free rule on small pictures, match rules, the Turtle, bad input."""

from __future__ import annotations

import doctest
import importlib
import random

import pytest

from tilematch.benchmarks.stack import classic_turtle_positions, full_board, turtle
from tilematch.engine import stack
from tilematch.engine.board import BoardError, Match
from tilematch.engine.layouts.layout import Layout
from tilematch.engine.stack import json as stack_json
from tilematch.engine.stack.board import StackBoard
from tilematch.engine.stack.geometry import STONE_CRACKS, stack_geometry
from tilematch.engine.tiles import deal_faces, tiles_match

Pos = tuple[int, int, int]


def board_of(tiles: dict[Pos, str], game: str = "solitaire", **kwargs: object) -> StackBoard:
    layout = Layout("test", tuple(tiles))
    faces = {layout.index[p]: code for p, code in tiles.items()}
    return StackBoard(layout, faces, game=game, **kwargs)  # type: ignore[arg-type]


def free_positions(board: StackBoard) -> set[Pos]:
    return {board.coords(s) for s in board.spots() if board.is_free(s)}


# ------------------------------------------------------------ the free rule


def test_a_row_frees_only_its_ends() -> None:
    #  [A][B][C]
    board = board_of({(0, 0, 0): "1m", (2, 0, 0): "2m", (4, 0, 0): "1m"})
    assert free_positions(board) == {(0, 0, 0), (4, 0, 0)}


def test_one_open_side_is_enough() -> None:
    #  [A][B]    A's left is open, B's right is open
    board = board_of({(0, 0, 0): "1m", (2, 0, 0): "1m"})
    assert free_positions(board) == {(0, 0, 0), (2, 0, 0)}
    assert board.match(0, 1) == Match(0, 1)


def test_side_neighbours_half_a_tile_up_or_down_still_close_a_side() -> None:
    #     [L]
    #        [A]      L is half a tile higher (dy = -1), R half a tile lower (dy = +1)
    #           [R]
    board = board_of({(0, 0, 0): "1m", (2, 1, 0): "2m", (4, 2, 0): "1m"})
    assert not board.is_free(board.spot_at((2, 1, 0)))
    # a whole tile higher (dy = -2) no longer touches the side
    board = board_of({(0, 0, 0): "1m", (2, 2, 0): "2m", (4, 2, 0): "1m"})
    assert board.is_free(board.spot_at((2, 2, 0)))


def test_a_gap_of_half_a_tile_leaves_the_side_open() -> None:
    #  [L] [A][R]    L at x - 3 does not touch A
    board = board_of({(0, 0, 0): "1m", (3, 0, 0): "2m", (5, 0, 0): "1m"})
    assert board.is_free(board.spot_at((3, 0, 0)))


def test_any_overlapping_tile_on_any_higher_layer_covers() -> None:
    # a tile half a tile off on layer 1 covers; so does one two layers up
    tiles = {(0, 0, 0): "1m", (2, 0, 0): "1m", (1, 1, 1): "2m", (4, 4, 0): "2m"}
    board = board_of(tiles)
    assert free_positions(board) == {(1, 1, 1), (4, 4, 0)}
    # two layers up, resting on a tile that itself covers nothing of ours
    tiles = {(0, 0, 0): "1m", (4, 0, 0): "1m", (2, 0, 1): "2m", (2, 0, 2): "2m"}
    board = board_of(tiles)
    # (2, 0, 1) overlaps nothing below (|dx| = 2): it floats, but the rule still applies
    assert stack_geometry(board.layout.positions).floating == (board.spot_at((2, 0, 1)),)
    assert free_positions(board) == {(0, 0, 0), (4, 0, 0), (2, 0, 2)}


def test_cover_reaches_across_layers() -> None:
    tiles = {(0, 0, 0): "1m", (0, 0, 1): "2m", (1, 1, 2): "1m", (8, 0, 0): "2m"}
    board = board_of(tiles)
    assert board.explain(board.spot_at((0, 0, 0))).covered_by == (
        board.spot_at((0, 0, 1)),
        board.spot_at((1, 1, 2)),
    )


# ------------------------------------------------------------ match rules


def test_solitaire_matches_identical_faces_and_bonus_groups() -> None:
    tiles = {(0, 0, 0): "1f", (4, 0, 0): "3f", (8, 0, 0): "5f", (12, 0, 0): "8f"}
    tiles |= {(16, 0, 0): "5s", (20, 0, 0): "5s", (24, 0, 0): "6s"}
    board = board_of(tiles)
    pairs = {(board.face(m.a), board.face(m.b)) for m in board.legal_pairs()}
    assert pairs == {("1f", "3f"), ("5f", "8f"), ("5s", "5s")}
    assert board.why_not(board.spot_at((0, 0, 0)), board.spot_at((8, 0, 0))) == "not a match"


def test_black_and_white_needs_opposite_colours() -> None:
    tiles = {(0, 0, 0): "b5s", (4, 0, 0): "w5s", (8, 0, 0): "b5s", (12, 0, 0): "b1f"}
    tiles |= {(16, 0, 0): "w8f", (20, 0, 0): "w3f"}
    board = board_of(tiles, game="blackwhite")
    pairs = {(board.coords(m.a)[0], board.coords(m.b)[0]) for m in board.legal_pairs()}
    assert pairs == {(0, 4), (4, 8), (12, 16), (12, 20)}
    assert board.why_not(board.spot_at((0, 0, 0)), board.spot_at((8, 0, 0))) == "not a match"
    assert board.why_not(board.spot_at((16, 0, 0)), board.spot_at((20, 0, 0))) == "not a match"
    assert board.black == sum(1 << board.spot_at((x, 0, 0)) for x in (0, 8, 12))
    assert board.groups() == {
        "5s": sum(1 << board.spot_at((x, 0, 0)) for x in (0, 4, 8)),
        "bonus": sum(1 << board.spot_at((x, 0, 0)) for x in (12, 16, 20)),
    }


def test_refusal_reasons_in_order() -> None:
    #  [A][B][C]  [D]      B is closed on both sides
    tiles = {(0, 0, 0): "1m", (2, 0, 0): "1m", (4, 0, 0): "2m", (8, 0, 0): "2m"}
    board = board_of(tiles)
    a, b, c, d = (board.spot_at((x, 0, 0)) for x in (0, 2, 4, 8))
    assert board.why_not(a, 99) == "empty"
    assert board.why_not(a, a) == "same"
    assert board.why_not(a, b) == "not free"
    assert board.why_not(a, d) == "not a match"
    assert board.why_not(c, d) == ""
    assert board.match(a, a) is None and board.match(-1, a) is None and board.match(a, 99) is None


# ------------------------------------------------------------ the Turtle


def test_turtle_layout_is_the_classic_shape() -> None:
    layout = turtle()
    assert layout.size == 144
    assert set(layout.positions) == set(classic_turtle_positions())
    counts = [sum(1 for p in layout.positions if p[2] == z) for z in range(5)]
    assert counts == [87, 36, 16, 4, 1]


def test_builtin_turtle_is_the_classic_shape() -> None:
    builtin = importlib.import_module("tilematch.engine.layouts").get("turtle")
    assert set(builtin.positions) == set(classic_turtle_positions())
    assert turtle() is builtin


@pytest.mark.parametrize("game", ["solitaire", "blackwhite"])
def test_full_turtle_golden(game: str) -> None:
    board = full_board(game, seed=1)
    # 35 free: 12 row ends + 2 outer side tiles on layer 0, 12 on layer 1, 8 on layer 2, the cap
    assert board.free_spots().bit_count() == 35
    by_layer = [0] * 5
    for spot in board.spots():
        if board.is_free(spot):
            by_layer[board.coords(spot)[2]] += 1
    assert by_layer == [14, 12, 8, 0, 1]
    free = [s for s in board.spots() if board.is_free(s)]
    expected = {
        (a, b)
        for i, a in enumerate(free)
        for b in free[i + 1 :]
        if tiles_match(board.face(a) or "", board.face(b) or "")
    }
    assert {(m.a, m.b) for m in board.legal_pairs()} == expected


def test_full_turtle_can_be_played_out_and_undone() -> None:
    board = full_board("solitaire", seed=5)
    start = board.key()
    rng = random.Random(2)
    moves = 0
    while board.legal_pairs():
        board.push(rng.choice(list(board.legal_pairs())))
        moves += 1
        assert board.free_spots() == board.geometry.free_mask(board.occupied)
    assert moves == len(board.move_stack) > 0
    assert board.is_cleared() or board.is_deadlocked()
    while board.move_stack:
        board.pop()
    assert board.key() == start


# ------------------------------------------------------------ protocol details


def test_coordinates_and_spots() -> None:
    board = board_of({(0, 0, 0): "1m", (2, 0, 0): "1m"})
    assert board.coords(1) == (2, 0, 0)
    assert board.spot_at([2, 0, 0]) == 1
    with pytest.raises(KeyError):
        board.spot_at((4, 0, 0))
    with pytest.raises(KeyError):
        board.spot_at((0, 0))
    for almost in ((2.0, 0, 0), (2, False, 0), ("2", 0, 0)):  # equal or alike, not ints
        with pytest.raises(KeyError):
            board.spot_at(almost)  # type: ignore[arg-type]
    with pytest.raises(IndexError):
        board.coords(2)
    assert board.face(5) is None and board.face(-1) is None
    assert not board.is_free(-1) and not board.is_free(7)
    assert list(board.spots()) == [0, 1]


def test_push_pop_and_their_errors() -> None:
    board = board_of({(0, 0, 0): "1m", (2, 0, 0): "1m", (6, 0, 0): "2m", (8, 0, 0): "2m"})
    with pytest.raises(IndexError):
        board.pop()
    board.push((1, 0))
    assert board.move_stack == [Match(0, 1)]
    assert board.face(0) is None and not board.is_free(0)
    with pytest.raises(ValueError, match="hold tiles"):
        board.push(Match(0, 2))
    with pytest.raises(ValueError):
        board.push(Match(2, 2))
    assert board.pop() == Match(0, 1)
    assert board.occupied == 0b1111


def test_key_copy_and_with_faces() -> None:
    tiles = {(0, 0, 0): "1m", (2, 0, 0): "1m", (6, 0, 0): "2m", (8, 0, 0): "2m"}
    plain = board_of(tiles)
    assert plain.key() == 0b1111
    stony = board_of(tiles, stones={2: STONE_CRACKS})
    assert stony.key() == (0b1111, (2,))
    stony.push(Match(0, 1))
    assert stony.key() == (0b1100, (2,))  # (0, 1) does not touch (6, 0, 0)
    stony.pop()
    moved = stony.with_faces({0: "2m", 1: "1m", 2: "1m", 3: "2m"})
    assert moved.stones() == {2: 2} and moved.move_stack == []
    assert [moved.face(s) for s in moved.spots()] == ["2m", "1m", "1m", "2m"]
    assert stony.face(0) == "1m"
    with pytest.raises(BoardError):
        stony.with_faces({0: "2m", 1: "1m"})
    with pytest.raises(BoardError):
        stony.with_faces({0: "2m", 1: "1m", 2: "1m", 3: "b2m"})
    with pytest.raises(BoardError):
        stony.with_faces({"0": "2m", 1: "1m", 2: "1m", 3: "2m"})  # type: ignore[dict-item]
    clone = stony.copy()
    clone.push(Match(2, 3) if clone.match(2, 3) else Match(0, 1))
    assert stony.key() == (0b1111, (2,))


@pytest.mark.parametrize(
    ("faces", "game", "stones", "words"),
    [
        (["1m", "1m"], "mahjong", None, "unknown game"),
        (["1m", "9x"], "solitaire", None, "unknown tile code"),
        (["1m", "b1m"], "solitaire", None, "Black & White tile"),
        (["b1m", "1m"], "blackwhite", None, "no colour"),
        (["1m"], "solitaire", None, "1 faces given for a layout of 2"),
        ({5: "1m"}, "solitaire", None, "outside the layout"),
        ({0: 7}, "solitaire", None, "must be a string"),
        ({0: "1m", 1: ["1m"]}, "solitaire", None, "must be a string"),
        ({0: "1m", 1: "1m", 2: "1m"}, "solitaire", None, "outside the layout"),
        ("1m1m", "solitaire", None, "not one string"),
        ({0: "1m"}, "solitaire", {1: 2}, "no tile there"),
        (["1m", "1m"], "solitaire", {4: 2}, "no such position"),
        (["1m", "1m"], "solitaire", {0: -1}, "whole number"),
    ],
)
def test_constructor_rejects_bad_input(
    faces: object, game: str, stones: dict[int, int] | None, words: str
) -> None:
    layout = Layout("two", ((0, 0, 0), (2, 0, 0)))
    with pytest.raises(BoardError, match=words):
        StackBoard(layout, faces, game=game, stones=stones)  # type: ignore[arg-type]


def test_geometry_is_shared_and_rejects_repeats() -> None:
    layout = turtle()
    faces = deal_faces(144, "144", random.Random(0))
    assert StackBoard(layout, faces).geometry is StackBoard(layout, faces).geometry
    with pytest.raises(ValueError, match="twice"):
        stack_geometry(((0, 0, 0), (0, 0, 0)))


def test_module_examples_run() -> None:
    for module in (stack, stack_json):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0


def test_stones_given_as_spots_are_fresh() -> None:
    tiles = {(0, 0, 0): "1m", (2, 0, 0): "1m", (6, 0, 0): "2m", (8, 0, 0): "2m"}
    assert board_of(tiles, stones=frozenset({1, 3})).stones() == {1: STONE_CRACKS, 3: STONE_CRACKS}
    assert board_of(tiles, stones=[]).key() == 0b1111
