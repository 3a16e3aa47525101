"""Stone tiles (docs/rules.md §4): cracks, what touches a stone, blocking, exact undo."""

from __future__ import annotations

import pytest

from tilematch.engine.board import Match
from tilematch.engine.layouts.layout import Layout
from tilematch.engine.stack.board import StackBoard

Pos = tuple[int, int, int]


def board_of(tiles: dict[Pos, str], stones: dict[Pos, int]) -> StackBoard:
    layout = Layout("test", tuple(tiles))
    faces = {layout.index[p]: code for p, code in tiles.items()}
    return StackBoard(
        layout, faces, game="blackwhite", stones={layout.index[p]: c for p, c in stones.items()}
    )


def remove(board: StackBoard, p: Pos, q: Pos) -> None:
    move = board.match(board.spot_at(p), board.spot_at(q))
    assert move is not None, board.why_not(board.spot_at(p), board.spot_at(q))
    board.push(move)


def cracks(board: StackBoard, p: Pos) -> int:
    return board.cracks(board.spot_at(p))


# Layer 0: [b1m][S ][w1m]   [b2m][w2m]      S = stone (b9s) at (2, 0, 0)
#          ...                              its partner w9s far away
ROW = {
    (0, 0, 0): "b1m",
    (2, 0, 0): "b9s",
    (4, 0, 0): "w1m",
    (10, 0, 0): "b2m",
    (12, 0, 0): "w2m",
    (20, 0, 0): "w9s",
}


def test_a_stone_needs_two_cracks_and_a_pair_cracks_it_once() -> None:
    board = board_of(ROW, {(2, 0, 0): 2})
    stone = board.spot_at((2, 0, 0))
    partner = board.spot_at((20, 0, 0))
    assert not board.is_free(stone)
    # both tiles of this pair touch the stone: still only one crack
    remove(board, (0, 0, 0), (4, 0, 0))
    assert cracks(board, (2, 0, 0)) == 1
    assert board.is_free(stone) and not board.is_selectable(stone)
    assert board.why_not(stone, partner) == "stone"
    assert board.match(stone, partner) is None
    with pytest.raises(ValueError, match="stone"):
        board.push(Match(stone, partner))
    # a pair far away does not touch it
    remove(board, (10, 0, 0), (12, 0, 0))
    assert cracks(board, (2, 0, 0)) == 1
    assert not board.legal_pairs()
    assert board.is_deadlocked()


def test_side_neighbours_and_tiles_resting_on_it_crack_a_stone() -> None:
    tiles = {
        (0, 1, 0): "b1m",  # left neighbour half a tile lower: touches
        (2, 0, 0): "b9s",  # the stone
        (4, 0, 0): "b2m",  # right neighbour: touches
        (3, 1, 1): "w1m",  # rests on the stone (one layer up, overlapping)
        (14, 0, 0): "w2m",
        (20, 0, 0): "w9s",
    }
    board = board_of(tiles, {(2, 0, 0): 2})
    remove(board, (3, 1, 1), (0, 1, 0))  # both touch; one crack
    assert cracks(board, (2, 0, 0)) == 1
    remove(board, (4, 0, 0), (14, 0, 0))
    assert cracks(board, (2, 0, 0)) == 0
    remove(board, (2, 0, 0), (20, 0, 0))
    assert board.is_cleared()
    # undo puts every crack back
    board.pop()
    assert cracks(board, (2, 0, 0)) == 0
    board.pop()
    assert cracks(board, (2, 0, 0)) == 1
    board.pop()
    assert cracks(board, (2, 0, 0)) == 2
    assert board.stones() == {board.spot_at((2, 0, 0)): 2}


def test_tiles_that_do_not_touch_do_not_crack() -> None:
    tiles = {
        (0, 0, 0): "b9s",  # the stone
        (3, 0, 0): "b1m",  # x + 3: a half-tile gap, not a neighbour
        (2, 2, 0): "w1m",  # below-right, |dy| = 2: not a neighbour
        (0, 0, 1): "b2m",
        (0, 0, 2): "w2m",
        (20, 0, 0): "w9s",
    }
    board = board_of(tiles, {(0, 0, 0): 2})
    remove(board, (3, 0, 0), (2, 2, 0))
    assert cracks(board, (0, 0, 0)) == 2
    assert board.match(board.spot_at((0, 0, 2)), board.spot_at((0, 0, 1))) is None  # covered


def test_only_the_tile_one_layer_up_counts_as_resting() -> None:
    tiles = {
        (0, 0, 0): "b9s",  # the stone
        (0, 0, 1): "b2m",  # rests on it
        (0, 0, 2): "w1m",  # two layers up
        (10, 0, 0): "b1m",
        (14, 0, 0): "w2m",
        (20, 0, 0): "w9s",
    }
    board = board_of(tiles, {(0, 0, 0): 2})
    remove(board, (0, 0, 2), (10, 0, 0))
    assert cracks(board, (0, 0, 0)) == 2
    remove(board, (0, 0, 1), (14, 0, 0))
    assert cracks(board, (0, 0, 0)) == 1


def test_a_stone_blocks_its_neighbours_like_any_tile() -> None:
    # [b1m][w5p][S]   the middle tile has both sides closed, one of them by the stone
    tiles = {(0, 0, 0): "b1m", (2, 0, 0): "w5p", (4, 0, 0): "b9s", (10, 0, 0): "w1m"}
    tiles |= {(14, 0, 0): "b5p", (20, 0, 0): "w9s"}
    board = board_of(tiles, {(4, 0, 0): 2})
    middle = board.spot_at((2, 0, 0))
    assert not board.is_free(middle)
    assert board.explain(middle).right == (board.spot_at((4, 0, 0)),)


def test_an_open_stone_is_not_cracked_further_and_cracks_its_own_neighbour() -> None:
    # two stones side by side; the left one is already open
    tiles = {(0, 0, 0): "b9s", (2, 0, 0): "b8s", (20, 0, 0): "w9s", (30, 0, 0): "w8s"}
    board = board_of(tiles, {(0, 0, 0): 0, (2, 0, 0): 2})
    assert board.key() == (board.occupied, (0, 2))
    remove(board, (0, 0, 0), (20, 0, 0))  # the open stone leaves: its neighbour cracks
    assert board.stones() == {board.spot_at((2, 0, 0)): 1}
    board.pop()
    assert board.stones() == {board.spot_at((0, 0, 0)): 0, board.spot_at((2, 0, 0)): 2}


def test_stone_state_is_part_of_the_key() -> None:
    tiles = {(0, 0, 0): "b1m", (2, 0, 0): "b9s", (4, 0, 0): "w1m", (20, 0, 0): "w9s"}
    once = board_of(tiles, {(2, 0, 0): 1})
    twice = board_of(tiles, {(2, 0, 0): 2})
    assert once.occupied == twice.occupied
    assert once.key() != twice.key()
