"""The Shisen-Sho board text format and the two-geometry board file reader."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tilematch.engine.board import BoardError
from tilematch.engine.boardfile import format_board, parse_board
from tilematch.engine.grid.board import MAX_TEXT_BYTES, GridBoard, format_grid
from tilematch.engine.grid.text import parse_grid
from tilematch.engine.tiles import standard_set


def test_reads_rows_comments_and_blank_lines() -> None:
    board = parse_grid("# a board\n\n  5s\t1z 5s  \r\n# middle\n7z 1z 7z\n\n")
    assert (board.rows, board.cols, board.gravity, board.mask) == (2, 3, False, None)
    assert board.faces() == {0: "5s", 1: "1z", 2: "5s", 3: "7z", 4: "1z", 5: "7z"}
    assert format_grid(board) == "5s 1z 5s\n7z 1z 7z\n"


def test_gravity_header_and_shape_cells() -> None:
    board = parse_grid("#  Gravity \n1f .  -\n-  4f .\n")
    assert board.gravity
    assert board.mask == 0b110_011  # spots 2 and 3 are not cells
    assert board.faces() == {0: "1f", 4: "4f"}
    assert format_grid(board) == "# gravity\n1f .  -\n-  4f .\n"
    # only before the first row
    assert not parse_grid("1m 1m\n# gravity\n").gravity


def test_format_pads_mixed_widths() -> None:
    board = GridBoard(1, 3, ["b1s", None, "w1s"])
    assert format_grid(board) == "b1s .   w1s\n"
    assert parse_grid(format_grid(board)).faces() == board.faces()


@pytest.mark.parametrize(
    ("text", "line", "column", "message"),
    [
        ("1m 1m\n2m 2m 3m\n", 2, 7, "row 2 has 3 cells, the first row has 2"),
        ("1m 1m 3m\n# c\n2m 2m\n", 3, 6, "row 2 has 2 cells, the first row has 3"),
        ("1m 1m\n2m zz\n", 2, 4, "unknown tile code 'zz'"),
        ("1m . 0m\n", 1, 6, "unknown tile code '0m'"),
        ("1m 1m 1m\n", 1, 7, "tile 1m cannot be paired: 3 tiles of its kind, an odd number"),
        ("1f 2f\n3f .\n", 2, 1, "tile 3f cannot be paired"),
        ("b1s b1s\nw1s .\n", 1, 5, "2 black and 1 white of its kind"),
    ],
)
def test_errors_name_line_and_column(text: str, line: int, column: int, message: str) -> None:
    with pytest.raises(BoardError, match=message) as caught:
        parse_grid(text)
    assert (caught.value.line, caught.value.column) == (line, column)
    assert str(caught.value).startswith(f"line {line}, column {column}: ")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "no rows"),
        ("# only a comment\n\n", "no rows"),
        ("- -\n- -\n", "no cells"),
        ("1m 1m\n" * 65, "at most 64 rows"),
        (" ".join(["."] * 65), "at most 64 columns"),
        ("#" * (MAX_TEXT_BYTES + 1), "larger than"),
        ("# " + "é" * (MAX_TEXT_BYTES // 2), "larger than"),
    ],
)
def test_refuses_boards_that_are_not_boards(text: str, message: str) -> None:
    with pytest.raises(BoardError, match=message):
        parse_grid(text)


def test_largest_board_is_accepted() -> None:
    board = parse_grid(("1m " * 64 + "\n") * 64)
    assert (board.rows, board.cols) == (64, 64)
    assert board.legal_pairs()


@st.composite
def pairable_boards(draw: st.DrawFn) -> GridBoard:
    rows = draw(st.integers(1, 8))
    cols = draw(st.integers(1, 10))
    rng = random.Random(draw(st.integers(0, 2**32)))
    cells = list(range(rows * cols))
    inside = [c for c in cells if rng.random() > 0.1] or [0]
    mask = None if len(inside) == len(cells) else sum(1 << c for c in inside)
    count = draw(st.integers(0, len(inside) // 2)) * 2
    spots = rng.sample(inside, count)
    faces = standard_set("144")
    rng.shuffle(faces)
    chosen: dict[int, str] = {}
    for i in range(0, count, 2):
        face = faces[i % len(faces)]
        chosen[spots[i]] = chosen[spots[i + 1]] = face
    return GridBoard(rows, cols, chosen, gravity=draw(st.booleans()), mask=mask)


@settings(max_examples=100, deadline=None)
@given(pairable_boards())
def test_format_then_parse_round_trips(board: GridBoard) -> None:
    text = format_grid(board)
    again = parse_grid(text)
    assert (again.rows, again.cols, again.mask, again.gravity) == (
        board.rows,
        board.cols,
        board.mask,
        board.gravity,
    )
    assert again.faces() == board.faces()
    assert format_grid(again) == text
    assert parse_board(text).faces() == board.faces()  # type: ignore[union-attr]
    assert format_board(board) == text


def test_board_files_of_both_kinds() -> None:
    grid = parse_board("  \n5s 5s\n")
    assert isinstance(grid, GridBoard)
    text = '\n {"game": "solitaire", "tiles": [[0, 0, 0, "1f"], [2, 0, 0, "4f"]]}'
    layered = parse_board(text)
    assert layered.game == "solitaire"
    assert [(m.a, m.b) for m in layered.legal_pairs()] == [(0, 1)]
    assert parse_board(format_board(layered)).coords(1) == (2, 0, 0)
    with pytest.raises(BoardError):
        parse_board('{"game": "solitaire"')
    with pytest.raises(BoardError):
        parse_board("5s 6s")
