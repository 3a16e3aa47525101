"""GridBoard on hand-made positions: path shapes, masks, gravity, API contracts."""

from __future__ import annotations

import pickle

import pytest

from tilematch.engine.board import Board, BoardError, Match
from tilematch.engine.grid.board import GridBoard
from tilematch.engine.grid.shape import GridShape
from tilematch.engine.grid.text import parse_grid


def board_of(text: str) -> GridBoard:
    """A board from rows of tokens (no pairing check, unlike parse_grid)."""
    rows = [line.split() for line in text.strip().splitlines()]
    inside = [[token != "-" for token in row] for row in rows]
    cols = len(rows[0])
    mask = sum(
        1 << (r * cols + c) for r, row in enumerate(inside) for c, ok in enumerate(row) if ok
    )
    cells = [None if token in ".-" else token for row in rows for token in row]
    full = (1 << (len(rows) * cols)) - 1
    return GridBoard(len(rows), cols, cells, mask=None if mask == full else mask)


def path(board: GridBoard, a: tuple[int, int], b: tuple[int, int]) -> tuple[tuple[int, int], ...]:
    found = board.match(board.spot_at(a), board.spot_at(b))
    assert found is not None
    return found.path


def test_straight_lines_and_neighbours() -> None:
    board = board_of(
        """
        1m .  .  1m
        2m 3m 3m 2m
        """
    )
    assert path(board, (0, 0), (0, 3)) == ((0, 0), (0, 3))
    assert path(board, (1, 1), (1, 2)) == ((1, 1), (1, 2))
    # the 3m pair blocks the row; the 2m pair goes round below the board
    assert path(board, (1, 0), (1, 3)) == ((1, 0), (2, 0), (2, 3), (1, 3))


def test_enclosed_neighbours_always_connect() -> None:
    board = board_of(
        """
        7z 7z 7z 7z
        7z 1m 1m 7z
        7z 7z 7z 7z
        """
    )
    assert not board.is_free(5) and not board.is_free(6)
    assert board.match(5, 6) == Match(5, 6, ((1, 1), (1, 2)))


def test_one_bend_is_preferred_over_two() -> None:
    board = board_of(
        """
        1m .  .
        .  .  1m
        """
    )
    # both corners are open; a one-bend line is returned, never a two-bend one
    assert len(path(board, (0, 0), (1, 2))) == 3


def test_z_shape_inside_the_board() -> None:
    board = board_of(
        """
        1m .  2m 2m
        3m .  3m 3m
        4m .  .  1m
        4m 5m 5m 6m
        """
    )
    assert path(board, (0, 0), (2, 3)) == ((0, 0), (0, 1), (2, 1), (2, 3))


def test_three_bends_are_refused() -> None:
    board = board_of(
        """
        9m 9m 9m 9m 9m 9m
        9m 1m 9m .  1m 9m
        9m .  9m .  9m 9m
        9m .  .  .  9m 9m
        9m 9m 9m 9m 9m 9m
        """
    )
    # down, right, up, right would join them: three bends, one too many
    a, b = board.spot_at((1, 1)), board.spot_at((1, 4))
    assert board.match(a, b) is None
    assert board.connect(a, b) is None
    assert board.why_not(a, b) == "no path"
    board.push(Match(board.spot_at((1, 2)), board.spot_at((2, 2))))
    assert path(board, (1, 1), (1, 4)) == ((1, 1), (1, 4))


def test_routes_round_each_side_of_the_board() -> None:
    board = board_of(
        """
        1m 9m 1m
        2m 9m 3m
        4m 9m 4m
        """
    )
    assert path(board, (0, 0), (0, 2)) == ((0, 0), (-1, 0), (-1, 2), (0, 2))
    assert path(board, (2, 0), (2, 2)) == ((2, 0), (3, 0), (3, 2), (2, 2))
    side = board_of(
        """
        1m 2m
        9m 9m
        1m 2m
        """
    )
    assert path(side, (0, 0), (2, 0)) == ((0, 0), (0, -1), (2, -1), (2, 0))
    assert path(side, (0, 1), (2, 1)) == ((0, 1), (0, 2), (2, 2), (2, 1))


def test_shortest_of_the_two_bend_lines() -> None:
    board = board_of(
        """
        .  .  .  .
        1m 9m 9m 1m
        9m 9m 9m 9m
        .  .  .  .
        """
    )
    # above (row 0) is nearer than round the bottom
    assert path(board, (1, 0), (1, 3)) == ((1, 0), (0, 0), (0, 3), (1, 3))


def test_connect_ignores_the_end_cells() -> None:
    board = GridBoard.empty(3, 3)
    assert board.connect(0, 8) == ((0, 0), (0, 2), (2, 2))
    board.place(4, "1m")
    assert board.connect(1, 7) == ((0, 1), (0, 0), (2, 0), (2, 1))
    board.place(1, "1m")
    board.place(7, "2m")
    assert board.connect(1, 7) == ((0, 1), (0, 0), (2, 0), (2, 1))
    assert board.match(1, 7) is None and board.why_not(1, 7) == "not a match"


def test_faces_must_match() -> None:
    board = board_of("1m 2m 1f 4f 5f\n1m 2m . . .")
    assert board.match(0, 1) is None and board.why_not(0, 1) == "not a match"
    assert board.match(2, 3) is not None  # flowers match flowers
    assert board.why_not(3, 4) == "not a match"  # never seasons
    assert board.why_not(0, 0) == "same"
    assert board.why_not(0, 7) == "empty"
    assert board.why_not(0, 99) == "empty"
    assert board.match(0, 99) is None and board.match(-1, 0) is None


def test_black_and_white_codes_need_opposite_colours() -> None:
    board = board_of("b1s b1s w1s")
    assert board.why_not(0, 1) == "not a match"
    assert board.match(1, 2) is not None
    assert board.partners(0) == 1 << 2
    assert board.groups() == {"1s": 0b111}


def test_masks_are_empty_space() -> None:
    board = board_of(
        """
        1m 2m 3m 4m 5m
        6m 7m -  7m 6m
        5m 4m 2m 3m 8m
        """
    )
    assert board.mask == (1 << 15) - 1 - (1 << 7)
    # the 7m pair meets through the hole, and the tiles beside it are free
    assert path(board, (1, 1), (1, 3)) == ((1, 1), (1, 3))
    assert board.is_free(6) and board.is_free(8)
    assert board.free_spots() == board.occupied
    with pytest.raises(KeyError):
        board.spot_at((1, 2))
    with pytest.raises(BoardError, match="outside the board's mask"):
        GridBoard(1, 2, ["1m", "1m"], mask=0b01)
    with pytest.raises(BoardError):
        board.place(7, "1m")
    enclosed = board_of(
        """
        1m 1m 1m 1m
        1m 2m 2m 1m
        1m 1m 1m 1m
        """
    )
    assert enclosed.free_spots() == enclosed.occupied & ~(0b0110 << 4)
    faces = {spot: face for spot, face in enclosed.faces().items() if spot != 5}
    holed = GridBoard(3, 4, faces, mask=enclosed.occupied & ~(1 << 5))
    assert holed.free_spots() == holed.occupied  # (1, 1) is outside the mask now


def test_gravity_settles_the_columns_that_lost_tiles() -> None:
    text = "# gravity\n1m 2m 3m\n4m 5m 3m\n1m 5m 4m\n2m 6m 6m\n"
    board = parse_grid(text)
    assert board.gravity
    move = board.match(board.spot_at((1, 1)), board.spot_at((2, 1)))
    assert move is not None
    board.push(move)
    assert str(board) == "# gravity\n1m .  3m\n4m .  3m\n1m 2m 4m\n2m 6m 6m\n"
    assert board.key() == (
        0b111_111_101_101,
        ("1m", "3m", "4m", "3m", "1m", "2m", "4m", "2m", "6m", "6m"),
    )
    board.pop()
    assert str(board) == text


def test_gravity_settles_runs_between_holes_separately() -> None:
    board = GridBoard(5, 1, ["1m", "2m", None, "3m", "3m"], gravity=True, mask=0b11011)
    board.push(Match(3, 4))
    # the lower run is empty now; the upper run does not fall through the hole
    assert [board.face(s) for s in range(5)] == ["1m", "2m", None, None, None]
    board.pop()
    assert [board.face(s) for s in range(5)] == ["1m", "2m", None, "3m", "3m"]


def test_gravity_pair_in_one_column() -> None:
    board = GridBoard(4, 1, ["9m", "1m", "8m", "1m"], gravity=True)
    board.push(Match(1, 3))
    assert [board.face(s) for s in range(4)] == [None, None, "9m", "8m"]
    assert board.key() == (0b1100, ("9m", "8m"))
    assert board.pop() == Match(1, 3)
    assert [board.face(s) for s in range(4)] == ["9m", "1m", "8m", "1m"]


def test_falls_after_names_every_tile_that_moves_and_changes_nothing() -> None:
    board = GridBoard(4, 1, ["9m", "1m", "8m", "1m"], gravity=True)
    before = board.key()
    # 9m falls from 0 to 2 and 8m from 2 to 3; the board itself is left as it was
    assert board.falls_after(1, 3) == ((0, 2), (2, 3))
    assert board.key() == before
    board.push(Match(1, 3))
    assert [board.face(s) for s in (2, 3)] == ["9m", "8m"]
    assert GridBoard(4, 1, ["9m", "1m", "8m", "1m"]).falls_after(1, 3) == ()


def test_push_and_pop_refuse_nonsense() -> None:
    board = board_of("1m 1m .")
    with pytest.raises(ValueError, match="not two tiles"):
        board.push(Match(0, 2))
    with pytest.raises(ValueError):
        board.push(Match(0, 0))
    with pytest.raises(IndexError):
        board.pop()


def test_push_pop_copy_and_key() -> None:
    board = board_of("1m 2m 2m 1m")
    first = board.match(1, 2)
    assert first is not None
    copy = board.copy()
    board.push(first)
    assert board.key() == 0b1001 and copy.key() == 0b1111
    assert board.move_stack == [first] and copy.move_stack == []
    last = board.match(0, 3)
    assert last is not None and last.path == ((0, 0), (0, 3))
    board.push(last)
    assert board.is_cleared() and not board.is_deadlocked()
    assert board.pop() == last and board.pop() == first
    assert board.faces() == copy.faces() == {0: "1m", 1: "2m", 2: "2m", 3: "1m"}


def test_deadlock() -> None:
    stuck = board_of(
        """
        .  .  .  .  .
        .  1m 2m 3m .
        .  2m 4m 2m .
        .  3m 2m 1m .
        """
    )
    assert stuck.is_deadlocked()
    assert not stuck.legal_pairs()
    assert stuck.legal_pairs().count() == 0
    stuck.place(stuck.spot_at((0, 1)), "1m")
    assert not stuck.is_deadlocked()
    assert [(m.a, m.b) for m in stuck.legal_pairs()] == [(1, 6), (1, 18)]
    assert path(stuck, (0, 1), (3, 3)) == ((0, 1), (0, 4), (3, 4), (3, 3))


def test_with_faces_keeps_positions() -> None:
    board = board_of("1m 2m . 2m 1m")
    other = board.with_faces({0: "3m", 1: "3m", 3: "4m", 4: "4m"})
    assert other.occupied == board.occupied
    assert other.face(0) == "3m" and board.face(0) == "1m"
    assert other.match(0, 1) is not None
    with pytest.raises(BoardError):
        board.with_faces({0: "3m"})
    with pytest.raises(BoardError):
        board.with_faces({0: "3m", 1: "3m", 3: "4m", 4: "zz"})


def test_constructors_agree() -> None:
    flat = GridBoard(2, 2, ["1m", None, None, "1m"])
    rows = GridBoard([["1m", None], [None, "1m"]])
    mapping = GridBoard(2, 2, {0: "1m", 3: "1m"})
    assert flat.faces() == rows.faces() == mapping.faces() == {0: "1m", 3: "1m"}
    assert flat.shape is rows.shape is mapping.shape is GridShape(2, 2)
    assert GridBoard.empty().shape is GridShape(8, 17)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((2, 2, ["1m"]), "needs 4 cells"),
        ((2, 2, ["1m", "xx", None, None]), "unknown tile code"),
        ((2, 2, {7: "1m"}), "not on the 2 x 2 grid"),
        ((0, 2, {}), "rows must be"),
        ((2, 65, {}), "cols must be"),
        ((2, 2, [1, None, None, None]), "tile code"),
    ],
)
def test_constructor_errors(args: tuple[object, ...], message: str) -> None:
    with pytest.raises(BoardError, match=message):
        GridBoard(*args)  # type: ignore[call-overload]


def test_shape_errors_and_cache() -> None:
    assert GridShape(3, 4) is GridShape(3, 4)
    assert GridShape(3, 4, 0b11) is not GridShape(3, 4)
    with pytest.raises(ValueError, match="outside"):
        GridShape(1, 2, 0b100)
    with pytest.raises(ValueError, match="no cells"):
        GridShape(1, 2, 0)
    with pytest.raises(ValueError):
        GridShape(True, 2)  # type: ignore[arg-type]
    # a bool is refused even when the equal int shape is already cached
    assert GridShape(1, 2) is GridShape(1, 2) and GridShape(2, 2, 1) is GridShape(2, 2, 1)
    with pytest.raises(ValueError, match="rows must be"):
        GridShape(True, 2)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="mask must be an int"):
        GridShape(2, 2, True)
    assert pickle.loads(pickle.dumps(GridShape(3, 4))) is GridShape(3, 4)


def test_coordinates() -> None:
    board = GridBoard.empty(3, 5)
    assert board.coords(7) == (1, 2)
    assert board.spot_at((1, 2)) == 7
    for bad in ((3, 0), (0, 5), (-1, 0), (1,), (1.0, 2), (1, 2, 0)):
        with pytest.raises(KeyError):
            board.spot_at(bad)
    with pytest.raises(KeyError):
        board.coords(15)
    with pytest.raises(ValueError):
        board.connect(0, 15)
    assert board.connect(3, 3) is None


def test_follows_the_board_protocol() -> None:
    board: Board = GridBoard.empty(2, 2)
    assert board.game == "shisensho" and board.is_cleared()
    assert not board.is_deadlocked()
