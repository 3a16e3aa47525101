"""Board JSON: reading, writing, round trips and every kind of bad input."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tilematch.benchmarks.stack import full_board
from tilematch.engine.board import BoardError, Match
from tilematch.engine.stack.json import (
    MAX_TEXT,
    MAX_TILES,
    board_from_data,
    format_stack_json,
    parse_stack_json,
)

SMALL = {
    "game": "solitaire",
    "tiles": [[4, 0, 0, "1m"], [0, 0, 0, "1m"], [2, 0, 0, "5f"], [2, 0, 1, "8f"]],
}


def text(data: object) -> str:
    return json.dumps(data)


def test_reads_tiles_in_layout_order() -> None:
    board = parse_stack_json(text(SMALL))
    assert board.game == "solitaire"
    assert [board.coords(s) for s in board.spots()] == [(0, 0, 0), (2, 0, 0), (4, 0, 0), (2, 0, 1)]
    assert [board.face(s) for s in board.spots()] == ["1m", "5f", "1m", "8f"]
    assert {(m.a, m.b) for m in board.legal_pairs()} == {(0, 2)}
    assert board.stones() == {}
    assert parse_stack_json(text(SMALL).encode()).key() == board.key()


def test_reads_a_board_with_a_bridge() -> None:
    # layout files may span a gap with raised tiles held at the ends (see layout.unsupported)
    piers = [[0, 0, 0, "1m"], [8, 0, 0, "1m"]]
    codes = ["2m", "3m", "7z", "3m", "7z"]
    span = [[x, 0, 1, code] for x, code in zip(range(0, 9, 2), codes, strict=True)]
    board = parse_stack_json(
        text({"game": "solitaire", "tiles": [*piers, *span, [10, 0, 1, "2m"]]})
    )
    assert board.occupied.bit_count() == 8
    # only the two ends of the span are free
    pairs = [(board.coords(m.a), board.coords(m.b)) for m in board.legal_pairs()]
    assert pairs == [((0, 0, 1), (10, 0, 1))]
    with pytest.raises(BoardError, match=r"tiles\[2\] at \(2, 0, 1\) rests on nothing"):
        parse_stack_json(
            text({"game": "solitaire", "tiles": [*piers, *span[1:4], [4, 4, 0, "7z"]]})
        )


def test_reads_stones_and_metadata() -> None:
    data = {
        "game": "blackwhite",
        "layout": "row",
        "seed": 7,
        "tiles": [[0, 0, 0, "b1m"], [2, 0, 0, "w9s"], [4, 0, 0, "w1m"], [8, 0, 0, "b9s"]],
        "stones": [[2, 0, 0, 2]],
    }
    board = parse_stack_json(text(data))
    assert board.stones() == {1: 2}
    assert board.key() == (0b1111, (2,))


def test_format_round_trips_with_stones_and_after_moves() -> None:
    data = {
        "game": "blackwhite",
        "tiles": [[0, 0, 0, "b1m"], [2, 0, 0, "w9s"], [4, 0, 0, "w1m"], [8, 0, 0, "b9s"]],
        "stones": [[2, 0, 0, 2]],
    }
    board = parse_stack_json(text(data))
    board.push(Match(0, 2))
    written = format_stack_json(board, extra={"layout": "row", "seed": 3})
    loaded = json.loads(written)
    assert loaded == {
        "game": "blackwhite",
        "layout": "row",
        "seed": 3,
        "tiles": [[2, 0, 0, "w9s"], [8, 0, 0, "b9s"]],
        "stones": [[2, 0, 0, 1]],
    }
    again = parse_stack_json(written)
    assert again.stones() == {0: 1}
    assert written == (
        "{\n"
        '  "game": "blackwhite",\n'
        '  "layout": "row",\n'
        '  "seed": 3,\n'
        '  "tiles": [\n'
        '    [2, 0, 0, "w9s"],\n'
        '    [8, 0, 0, "b9s"]\n'
        "  ],\n"
        '  "stones": [\n'
        "    [2, 0, 0, 1]\n"
        "  ]\n"
        "}\n"
    )
    with pytest.raises(ValueError, match="replace"):
        format_stack_json(board, extra={"tiles": []})


def test_format_of_an_empty_board() -> None:
    empty = parse_stack_json('{"game": "solitaire", "tiles": []}')
    assert empty.is_cleared() and not empty.is_deadlocked()
    assert json.loads(format_stack_json(empty)) == {"game": "solitaire", "tiles": []}


@pytest.mark.parametrize("game", ["solitaire", "blackwhite"])
def test_full_turtle_round_trip(game: str) -> None:
    board = full_board(game, seed=11)
    again = parse_stack_json(format_stack_json(board))
    assert [again.coords(s) for s in again.spots()] == [board.coords(s) for s in board.spots()]
    assert [again.face(s) for s in again.spots()] == [board.face(s) for s in board.spots()]
    assert list(again.legal_pairs()) == list(board.legal_pairs())


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(["solitaire", "blackwhite"]))
def test_round_trip_of_partly_played_turtles(seed: int, game: str) -> None:
    board = full_board(game, seed=seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(0, 30)):
        pairs = list(board.legal_pairs())
        if not pairs:
            break
        board.push(rng.choice(pairs))
    again = parse_stack_json(format_stack_json(board))
    assert [(again.coords(s), again.face(s)) for s in again.spots()] == [
        (board.coords(s), board.face(s)) for s in board.spots()
    ]
    pairs = {(board.coords(m.a), board.coords(m.b)) for m in board.legal_pairs()}
    assert {(again.coords(m.a), again.coords(m.b)) for m in again.legal_pairs()} == pairs


def tiles_with(*extra: list[object]) -> str:
    return text({"game": "solitaire", "tiles": [[0, 0, 0, "1m"], [2, 0, 0, "1m"], *extra]})


@pytest.mark.parametrize(
    ("source", "words"),
    [
        ("", "not JSON"),
        ("{", "not JSON"),
        ('{"game": "solitaire", "tiles": [}', "not JSON: .* line 1"),
        ("[" * 100_000 + "]" * 100_000, "too large|nested"),
        ("[1, 2]", "JSON object"),
        ('"board"', "JSON object"),
        ('{"tiles": []}', "missing 'game'"),
        ('{"game": "shisensho", "tiles": []}', "unknown game 'shisensho'"),
        ('{"game": 3, "tiles": []}', "unknown game 3"),
        ('{"game": "solitaire"}', "missing 'tiles'"),
        ('{"game": "solitaire", "tiles": {}}', "'tiles' must be a list"),
        (tiles_with([4, 0, 0]), r"tiles\[2\] must be \[x, y, z, code\]"),
        (tiles_with("4,0,0,1m"), r"tiles\[2\] must be"),
        (tiles_with([4, 0, "0", "1m"]), r"tiles\[2\]: z must be a whole number"),
        (tiles_with([4.0, 0, 0, "1m"]), r"tiles\[2\]: x must be a whole number"),
        (tiles_with([True, 0, 0, "1m"]), r"tiles\[2\]: x must be a whole number"),
        (tiles_with([-2, 0, 0, "1m"]), r"tiles\[2\]: x = -2 is outside"),
        (tiles_with([4, 0, 1001, "1m"]), r"tiles\[2\]: z = 1001 is outside"),
        (tiles_with([4, 0, 0, 5]), r"tiles\[2\] at \(4, 0, 0\): tile code must be a string"),
        (tiles_with([4, 0, 0, "0m"]), r"tiles\[2\] at \(4, 0, 0\): unknown tile code '0m'"),
        (tiles_with([4, 0, 0, "b1m"]), r"tiles\[2\] .*Black & White tile"),
        (tiles_with([2, 0, 0, "1m"]), r"tiles\[2\] at \(2, 0, 0\): tiles\[1\] is already there"),
        (
            tiles_with([1, 1, 0, "2m"], [6, 0, 0, "2m"]),
            r"tiles\[2\] at \(1, 1, 0\) overlaps tiles\[0\]",
        ),
        (
            tiles_with([9, 0, 1, "2m"], [6, 0, 0, "2m"]),
            r"tiles\[2\] at \(9, 0, 1\) rests on nothing",
        ),
        (tiles_with([4, 0, 0, "2m"]), "match group '2m' has 1 tile: an odd count"),
        (tiles_with([4, 0, 0, "1f"], [6, 0, 0, "1f"], [8, 0, 0, "5f"]), "group 'season' has 1"),
        (
            text({"game": "blackwhite", "tiles": [[0, 0, 0, "b1m"], [2, 0, 0, "1m"]]}),
            r"tiles\[1\] .*no colour",
        ),
        (
            text({"game": "blackwhite", "tiles": [[0, 0, 0, "b1m"], [2, 0, 0, "b1m"]]}),
            "'1m' has 2 black and 0 white",
        ),
        (
            text({"game": "blackwhite", "tiles": [[0, 0, 0, "b1f"], [2, 0, 0, "b5f"]]}),
            "'bonus' has 2 black and 0 white",
        ),
        (tiles_with()[:-1] + ', "stones": {}}', "'stones' must be a list"),
        (
            tiles_with()[:-1] + ', "stones": [[0, 0, 0]]}',
            r"stones\[0\] must be \[x, y, z, cracks\]",
        ),
        (tiles_with()[:-1] + ', "stones": [[4, 0, 0, 2]]}', r"stones\[0\] at \(4, 0, 0\): no tile"),
        (tiles_with()[:-1] + ', "stones": [[0, 0, 0, 2.5]]}', "cracks must be a whole number"),
        (tiles_with()[:-1] + ', "stones": [[0, 0, 0, 10]]}', "cracks = 10 is outside 0..9"),
        (tiles_with()[:-1] + ', "stones": [[0, 0, 0, -1]]}', "cracks = -1 is outside"),
        (
            tiles_with()[:-1] + ', "stones": [[0, 0, 0, 1], [0, 0, 0, 2]]}',
            r"stones\[1\] at \(0, 0, 0\): that tile is already a stone",
        ),
    ],
)
def test_bad_input_names_the_problem(source: str, words: str) -> None:
    with pytest.raises(BoardError, match=words):
        parse_stack_json(source)


def test_too_many_tiles() -> None:
    tiles = [[2 * (i % 100), 2 * (i // 100), 0, "1m"] for i in range(MAX_TILES + 2)]
    with pytest.raises(BoardError, match=f"too many tiles: {MAX_TILES + 2}"):
        parse_stack_json(text({"game": "solitaire", "tiles": tiles}))
    tiles = tiles[:MAX_TILES]
    assert (
        parse_stack_json(text({"game": "solitaire", "tiles": tiles})).occupied.bit_count()
        == MAX_TILES
    )


def test_oversized_and_undecodable_text() -> None:
    with pytest.raises(BoardError, match="too large"):
        parse_stack_json(" " * (MAX_TEXT + 1))
    with pytest.raises(BoardError, match="too large"):
        parse_stack_json(b" " * (MAX_TEXT + 1))
    with pytest.raises(BoardError, match="not UTF-8"):
        parse_stack_json(b'{"game": "\xff"}')
    with pytest.raises(BoardError, match="must be a string"):
        parse_stack_json(5)  # type: ignore[arg-type]


def test_board_errors_are_value_errors() -> None:
    with pytest.raises(ValueError):
        board_from_data({"game": "solitaire", "tiles": [[0, 0, 0, "1m"]]})


@settings(max_examples=150, deadline=None)
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers(-3, 40) | st.sampled_from(["1m", "b1m", "x", ""]),
        lambda inner: (
            st.lists(inner, max_size=5)
            | st.dictionaries(st.sampled_from(["game", "tiles", "stones", "x"]), inner, max_size=4)
        ),
        max_leaves=25,
    )
)
def test_junk_never_escapes_as_another_error(data: object) -> None:
    try:
        board = board_from_data(data)
    except BoardError:
        return
    assert board.game in ("solitaire", "blackwhite")


def test_boards_on_any_readable_layout_read_back() -> None:
    # a layout file may use coordinates and tile counts up to the layout bounds
    from tilematch.engine.layouts.layout import MAX_COORD, Layout
    from tilematch.engine.layouts.layout import MAX_TILES as LAYOUT_MAX_TILES
    from tilematch.engine.stack.board import StackBoard

    assert MAX_TILES == LAYOUT_MAX_TILES
    far = Layout("far", ((MAX_COORD - 2, MAX_COORD - 1, 0), (MAX_COORD - 2, MAX_COORD - 1, 1)))
    board = StackBoard(far, ["1m", "1m"])
    again = parse_stack_json(format_stack_json(board))
    assert [again.coords(s) for s in again.spots()] == list(far.positions)
    with pytest.raises(BoardError, match=f"x = {MAX_COORD + 1} is outside 0..{MAX_COORD}"):
        parse_stack_json(text({"game": "solitaire", "tiles": [[MAX_COORD + 1, 0, 0, "1m"]]}))


def test_a_number_too_long_for_python_is_a_board_error() -> None:
    huge = "9" * 5000
    with pytest.raises(BoardError, match="not a board: Exceeds the limit"):
        parse_stack_json('{"game": "solitaire", "tiles": [[' + huge + ', 0, 0, "1m"]]}')
