"""The Daily Challenge's seeds and its version calendar."""

from __future__ import annotations

import pytest

from tilematch.engine.boardfile import format_board
from tilematch.modes import daily
from tilematch.modes.daily import daily_deal, daily_seed


def test_daily_seed() -> None:
    assert daily_seed("2026-01-01") == 1245650054335256907  # fixed forever: boards depend on it
    assert daily_seed("2026-01-02") == 6627894575791272581
    for bad in ("2026-1-1", "20260101", "2026-02-30", "2026-13-01", " 2026-01-01", ""):
        with pytest.raises(ValueError):
            daily_seed(bad)


def test_daily_version_table() -> None:
    table = (("0001-01-01", 1), ("2031-01-01", 2))
    assert daily.daily_version("2030-12-31", table) == 1
    assert daily.daily_version("2031-01-01", table) == 2
    assert daily.daily_version("2040-06-01", table) == 2
    day = "2026-03-04"
    assert daily_deal(day).version == daily.daily_version(day)
    assert format_board(daily_deal(day).board) == format_board(
        daily_deal(day, daily.daily_version(day)).board
    )
    with pytest.raises(ValueError):
        daily_deal("2026-02-30")
    with pytest.raises(ValueError):
        daily_deal(day, 99)
