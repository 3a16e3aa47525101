"""Learn Mode: explain(), describe() and freed_by() on small pictures."""

from __future__ import annotations

import pytest

from tilematch.engine.board import Match
from tilematch.engine.layouts.layout import Layout
from tilematch.engine.stack.board import Blockers, StackBoard

Pos = tuple[int, int, int]


def board_of(tiles: dict[Pos, str], **kwargs: object) -> StackBoard:
    layout = Layout("test", tuple(tiles))
    faces = {layout.index[p]: code for p, code in tiles.items()}
    return StackBoard(layout, faces, **kwargs)  # type: ignore[arg-type]


# Layer 0:  [1m][5s][1m]  [7z]      layer 1: [7z] on top of (2, 0)
PICTURE = {
    (0, 0, 0): "1m",
    (2, 0, 0): "5s",
    (4, 0, 0): "1m",
    (8, 0, 0): "7z",
    (2, 0, 1): "7z",
}


def test_explain_names_cover_and_sides() -> None:
    board = board_of(PICTURE)
    middle = board.spot_at((2, 0, 0))
    info = board.explain(middle)
    assert info == Blockers(
        covered_by=(board.spot_at((2, 0, 1)),),
        left=(board.spot_at((0, 0, 0)),),
        right=(board.spot_at((4, 0, 0)),),
        stone_cracks_left=0,
        free=False,
    )
    assert info.sides_closed and not info.selectable
    end = board.explain(board.spot_at((0, 0, 0)))
    assert end.free and end.selectable and end.right == (middle,) and end.left == ()
    assert not end.sides_closed


def test_describe_reads_like_a_sentence() -> None:
    board = board_of(PICTURE)
    middle = board.spot_at((2, 0, 0))
    assert board.describe(middle) == (
        "5 of Bamboo at (2, 0, 0) is covered by Red Dragon at (2, 0, 1) and has both sides"
        " closed: on the left by 1 of Characters at (0, 0, 0) and on the right by"
        " 1 of Characters at (4, 0, 0)."
    )
    assert board.describe(board.spot_at((8, 0, 0))) == (
        "Red Dragon at (8, 0, 0) is free and can be selected."
    )
    for spot in board.spots():
        assert board.explain(spot).describe() == board.describe(spot)
    board.push(Match(board.spot_at((2, 0, 1)), board.spot_at((8, 0, 0))))
    assert board.describe(middle) == (
        "5 of Bamboo at (2, 0, 0) has both sides closed: on the left by 1 of Characters"
        " at (0, 0, 0) and on the right by 1 of Characters at (4, 0, 0)."
    )
    assert board.describe(board.spot_at((8, 0, 0))) == "There is no tile at (8, 0, 0)."


def test_describe_lists_several_covering_tiles() -> None:
    tiles = {(2, 2, 0): "5s", (1, 1, 1): "1m", (3, 1, 1): "1m", (2, 3, 1): "2m", (9, 9, 0): "2m"}
    board = board_of(tiles)
    sentence = board.describe(board.spot_at((2, 2, 0)))
    assert sentence == (
        "5 of Bamboo at (2, 2, 0) is covered by 1 of Characters at (1, 1, 1),"
        " 1 of Characters at (3, 1, 1) and 2 of Characters at (2, 3, 1)."
    )


def test_describe_stone() -> None:
    tiles = {(0, 0, 0): "1m", (2, 0, 0): "1m", (6, 0, 0): "2m", (10, 0, 0): "2m"}
    board = board_of(tiles, stones={2: 2})
    stone = board.spot_at((6, 0, 0))
    assert board.describe(stone) == (
        "2 of Characters at (6, 0, 0) is free. It is a stone tile that needs 2 more cracks"
        " before it can be selected: remove pairs beside it or resting on it."
    )
    assert board.explain(stone).stone_cracks_left == 2
    assert board.explain(stone).free and not board.explain(stone).selectable


def test_explain_of_an_empty_place_raises() -> None:
    board = board_of(PICTURE)
    board.push(Match(board.spot_at((2, 0, 1)), board.spot_at((8, 0, 0))))
    with pytest.raises(KeyError):
        board.explain(board.spot_at((8, 0, 0)))


def test_freed_by_before_and_after_the_push() -> None:
    # layer 0: [A][B][C][D]; layer 1: [E] on B.  Removing E and A frees B only.
    tiles = {
        (0, 0, 0): "1m",
        (2, 0, 0): "2m",
        (4, 0, 0): "3m",
        (6, 0, 0): "2m",
        (2, 0, 1): "1m",
    }
    board = board_of(tiles)
    a, b, e = board.spot_at((0, 0, 0)), board.spot_at((2, 0, 0)), board.spot_at((2, 0, 1))
    move = board.match(a, e)
    assert move is not None
    assert board.freed_by(move) == [b]  # what the move would free
    board.push(move)
    assert board.freed_by(move) == [b]  # what it freed
    assert board.freed_by((e, a)) == [b]
    with pytest.raises(ValueError):
        board.freed_by((a, b))  # one tile gone, one still there
    with pytest.raises(ValueError):
        board.freed_by((b, b))
    assert board.pop() == move
    assert board.freed_by(move) == [b]


def test_freed_by_only_the_last_removed_pair() -> None:
    tiles = {(0, 0, 0): "1m", (2, 0, 0): "1m", (8, 0, 0): "2m", (10, 0, 0): "2m"}
    board = board_of(tiles)
    board.push(Match(0, 1))
    board.push(Match(2, 3))
    with pytest.raises(ValueError, match="last removed pair"):
        board.freed_by(Match(0, 1))
    assert board.freed_by(Match(2, 3)) == []


def test_freed_by_reports_stones_cracked_open() -> None:
    # [A][S][B]: S is a stone needing 1 crack; removing A and B opens both of its sides
    tiles = {(0, 0, 0): "1m", (2, 0, 0): "2m", (4, 0, 0): "1m", (8, 0, 0): "2m"}
    board = board_of(tiles, stones={1: 1})
    stone = board.spot_at((2, 0, 0))
    move = Match(board.spot_at((0, 0, 0)), board.spot_at((4, 0, 0)))
    assert board.freed_by(move) == [stone]
    board.push(move)
    assert board.freed_by(move) == [stone]
    assert board.is_selectable(stone)
