"""The Daily Challenge calendar: which generator version deals each date."""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date as _date
from typing import Final

from tilematch.engine.deal.layout import deal_layout
from tilematch.engine.deal.record import Deal
from tilematch.engine.deal.seeds import derive_seed

_DATE_RE: Final = re.compile(r"\d{4}-\d{2}-\d{2}")


def daily_seed(date: str) -> int:
    """The Daily Challenge seed of a calendar date ``YYYY-MM-DD``.

    The same date always gives the same seed (SHA-256 of the date, not
    ``hash()``). Raises :class:`ValueError` for text that is not a real
    calendar date in that exact form.
    """
    if not isinstance(date, str) or not _DATE_RE.fullmatch(date):
        raise ValueError(f"a daily date is written YYYY-MM-DD, not {date!r}")
    try:
        _date.fromisoformat(date)
    except ValueError:
        raise ValueError(f"{date!r} is not a calendar date") from None
    return derive_seed("tilematch-daily", date)


# ---------------------------------------------------------------------------
# Daily Challenge and share codes


#: The generator version that deals the Daily Challenge, by first date: a date is
#: dealt by the version of the last entry starting on or before it. A new generator
#: reaches the Daily Challenge only by a new entry for dates to come, so every past
#: date keeps its board for ever.
DAILY_VERSIONS: Final[tuple[tuple[str, int], ...]] = (("0001-01-01", 1),)


def daily_version(date: str, versions: Sequence[tuple[str, int]] = DAILY_VERSIONS) -> int:
    """The generator version of the Daily Challenge of ``date`` (YYYY-MM-DD): the
    version of the last entry of ``versions`` (``(first date, version)`` in date
    order; :data:`DAILY_VERSIONS` by default) starting on or before ``date``.
    The date is compared as text and not checked here (:func:`daily_seed` checks it).
    """
    version = versions[0][1]
    for first, number in versions:
        if date >= first:
            version = number
    return version


def daily_deal(date: str, version: int | None = None) -> Deal:
    """The Daily Challenge of ``date`` (YYYY-MM-DD): Mahjong Solitaire on the
    Turtle by reverse placement, seeded by :func:`daily_seed`, dealt by the
    generator version of that date (:func:`daily_version`) unless ``version`` is
    given. The same date always gives the same board, in the game and in
    ``tilematch deal --daily``. Raises :class:`ValueError` for a bad date or an
    unknown version."""
    daily_seed(date)  # a bad date is refused before its version is looked up
    if version is None:
        version = daily_version(date)
    return deal_layout(
        "turtle", "solitaire", seed=daily_seed(date), generator="reverse", version=version
    )
