"""Share codes: round trips and bad text."""

from __future__ import annotations

import pytest

from tilematch.engine.boardfile import format_board
from tilematch.engine.deal.grid import deal_grid, deal_shape
from tilematch.engine.deal.layout import deal_layout
from tilematch.engine.deal.record import Deal
from tilematch.engine.grid.outlines import names, parse_shape
from tilematch.modes.daily import daily_deal
from tilematch.modes.share import parse_share_code, share_code


@pytest.mark.parametrize(
    "deal",
    [
        lambda: deal_grid(seed=7),
        lambda: deal_grid(6, 14, seed=7, generator="checked"),
        lambda: deal_grid(8, 18, seed=7, gravity=True),
        lambda: deal_layout("pyramid", "blackwhite", seed=7, difficulty="hard", stones=2),
        lambda: daily_deal("2026-03-04"),
    ],
)
def test_share_code_round_trip(deal: object) -> None:
    made: Deal = deal()  # type: ignore[operator]
    code = share_code(made)
    spec = parse_share_code("https://example.org/play?" + code)
    again = spec.deal()
    assert format_board(again.board) == format_board(made.board)
    assert share_code(again) == code


@pytest.mark.parametrize(
    "text",
    [
        "",
        "game=chess&seed=1",
        "game=solitaire",
        "game=solitaire&seed=-1",
        "game=solitaire&seed=1&seed=2",
        "game=solitaire&seed=1&colour=red",
        "game=shisensho&seed=1&size=17by8",
        "game=shisensho&seed=1&layout=turtle",
        "game=solitaire&seed=1&size=17x8",
        "game=solitaire&seed=1&generator=magic",
        "game=solitaire&seed=1&difficulty=zen",
        "game=shisensho&seed=1&gravity=yes",
        "game=solitaire&seed=1&version=x",
        "x" * 600,
    ],
)
def test_parse_share_code_refuses_bad_text(text: str) -> None:
    with pytest.raises(ValueError):
        parse_share_code(text)


@pytest.mark.parametrize("name", names())
def test_shape_deals_round_trip(name: str) -> None:
    for generator in ("reverse", "checked"):
        deal = deal_shape(name, seed=5, generator=generator)
        again = parse_share_code(share_code(deal)).deal()
        assert again.board.key() == deal.board.key() and again.shape == name


def test_a_custom_shape_has_no_share_code() -> None:
    deal = deal_shape(parse_shape("####\n#..#\n####\n"), seed=1)
    assert deal.custom and deal.shape is None
    with pytest.raises(ValueError, match="no share code"):
        share_code(deal)
