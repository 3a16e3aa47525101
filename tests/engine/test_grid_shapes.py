"""Named Shisen-Sho shapes, shape text and deals on shapes."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tilematch.engine.deal.grid import deal_grid, deal_shape
from tilematch.engine.deal.placement import replay
from tilematch.engine.grid.board import GridBoard
from tilematch.engine.grid.outlines import ShapeError, get_shape, names, parse_shape, shapes
from tilematch.engine.grid.shape import MAX_SIDE
from tilematch.modes.share import parse_share_code, share_code


def test_every_built_in_shape_is_a_fair_board() -> None:
    assert len(shapes()) >= 6
    assert len(set(names())) == len(names())
    for shape in shapes():
        assert shape.tiles % 4 == 0, shape.name  # whole groups of four
        assert 60 <= shape.tiles <= 144
        assert shape.name == shape.name.lower() and shape.title and shape.description
        assert parse_shape(shape.text()).mask == shape.mask  # the text is the outline
        rows = shape.text().splitlines()
        assert rows[0].strip(".") and rows[-1].strip(".")  # no empty rows around it
        assert any(r[0] == "#" for r in rows) and any(r[-1] == "#" for r in rows)


@pytest.mark.parametrize("name", names())
def test_deals_on_each_shape_clear_by_their_solution(name: str) -> None:
    shape = get_shape(name)
    for generator in ("reverse", "checked"):
        deal = deal_shape(name, seed=5, generator=generator)
        board = deal.board
        assert isinstance(board, GridBoard)
        assert board.occupied == shape.mask
        assert replay(board, [(m.a, m.b) for m in deal.solution]) is not None
        assert deal.shape == name and not deal.custom
        again = parse_share_code(share_code(deal)).deal()
        assert again.board.key() == board.key() and again.shape == name


def test_a_shape_deal_is_the_grid_deal_with_that_mask() -> None:
    shape = get_shape("frame")
    by_name = deal_shape("frame", seed=11)
    by_mask = deal_grid(shape.rows, shape.cols, seed=11, mask=shape.mask)
    assert by_name.board.key() == by_mask.board.key()
    assert by_mask.custom and by_mask.shape is None


def test_gravity_on_a_shape() -> None:
    deal = deal_shape("cross", seed=2, gravity=True)
    assert deal.gravity and replay(deal.board, [(m.a, m.b) for m in deal.solution]) is not None


def test_a_custom_shape_has_no_share_code() -> None:
    deal = deal_shape(parse_shape("####\n#..#\n####\n"), seed=1)
    assert deal.custom and deal.shape is None
    with pytest.raises(ValueError, match="no share code"):
        share_code(deal)


def test_names_are_case_insensitive_and_unknown_names_list_the_choices() -> None:
    assert get_shape(" Diamond ") is get_shape("diamond")
    with pytest.raises(ShapeError, match="choose one of diamond"):
        get_shape("moon")


def test_shape_text_is_trimmed_padded_and_commented() -> None:
    shape = parse_shape("; a comment\n\n..##\n.####\n")
    assert (shape.rows, shape.cols, shape.tiles) == (2, 4, 6)
    assert shape.text() == ".##.\n####\n"
    assert shape.cells() == [(0, 1), (0, 2), (1, 0), (1, 1), (1, 2), (1, 3)]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("##\n#x\n", "line 2, column 2: 'x' is not a cell"),
        ("", "no tiles"),
        ("...\n", "no tiles"),
        ("###\n", "3 tiles"),
        ("#" * (MAX_SIDE + 2) + "\n", f"at most {MAX_SIDE}"),
        ("#\n" * 20_000, "at most 16384 characters"),
    ],
)
def test_bad_shape_text_names_the_problem(text: str, message: str) -> None:
    with pytest.raises(ShapeError, match=message):
        parse_shape(text)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text(alphabet="#. ", max_size=12), min_size=1, max_size=10))
def test_any_even_outline_reads_back_from_its_text(lines: list[str]) -> None:
    text = "\n".join(lines)
    count = text.count("#")
    if count == 0 or count % 2:
        with pytest.raises(ShapeError):
            parse_shape(text)
        return
    shape = parse_shape(text)
    assert shape.tiles == count
    assert parse_shape(shape.text()) == shape
