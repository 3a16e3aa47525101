"""The chart pieces: ticks cover the figures, text is escaped, a chart is one well-formed
SVG with its title and description, and no colour of its own."""

from __future__ import annotations

import itertools
import re
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tilematch.modes.statistics import BoardFigures
from tilematch.server.charts.catalogue import best_times_chart, board_title
from tilematch.server.charts.svg import clock_text, nice_ticks


@given(st.floats(0, 1e6, allow_nan=False), st.booleans())
def test_ticks_start_at_zero_and_cover_the_largest_figure(top, times):
    ticks = nice_ticks(top, times=times)
    assert ticks[0] == 0 and ticks[-1] >= top and len(ticks) <= 9
    steps = {round(b - a, 6) for a, b in itertools.pairwise(ticks)}
    assert len(steps) == 1


@pytest.mark.parametrize(
    ("seconds", "shown"),
    [(None, "–"), (0, "0:00"), (59.9, "0:59"), (61, "1:01"), (3725, "1:02:05")],
)
def test_times_read_as_on_the_page(seconds, shown):
    assert clock_text(seconds) == shown


def test_board_names_read_as_on_the_page():
    assert board_title("8x17") == "17 × 8"
    assert board_title("twin-towers") == "Twin Towers"


def _line(board: str, variant: str, best: float) -> BoardFigures:
    return BoardFigures(
        game="solitaire",
        mode="regular",
        board=board,
        variant=variant,
        played=2,
        won=1,
        win_rate=0.5,
        best_time=best,
        median_time=best,
        best_score=10,
        hints_per_game=0.0,
        undos_per_game=0.0,
    )


def test_a_chart_escapes_its_text_and_paints_nothing_itself():
    chart = best_times_chart([_line("turtle", "<b>&</b>", 75.0), _line("x", "", 30.0)])
    root = ET.fromstring(chart.svg)  # well-formed although a label holds < and &
    labels = [el.text for el in root.iter("{http://www.w3.org/2000/svg}text")]
    assert "Regular · Turtle (<b>&</b>)" in labels
    assert chart.rows[0][0] == "Regular · Turtle (<b>&</b>)" and chart.rows[0][2] == "1:15"
    assert not re.search(r"#[0-9a-fA-F]{3,6}\b|rgb\(|style=", chart.svg)
    assert root.get("role") == "img" and root.find("{http://www.w3.org/2000/svg}title") is not None
