"""The Daily Challenge calendar: dates, seeds, per-day results and streaks.

A date written YYYY-MM-DD (the player's local calendar date) maps to one
Turtle board for ever: :func:`daily_seed` gives its seed, :data:`DAILY_VERSIONS`
the generator version that deals it, :func:`daily_deal` the board and
:func:`settings_for` the session settings.

Results are plain dicts ``{"date", "solved", "time", "hints", "undos"}`` (what
:meth:`tilematch.modes.solitaire.Daily.result` returns). A day counts as
solved when any of its results is solved. A *streak* is a run of consecutive
calendar days, each solved; a missed or unsolved day ends it.

>>> streaks([{"date": "2024-02-28", "solved": True},
...          {"date": "2024-02-29", "solved": True},
...          {"date": "2024-03-01", "solved": True}], today="2024-03-01")
(3, 3)
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence
from datetime import date as Date
from datetime import timedelta
from typing import Any, Final

from tilematch.engine.deal.layout import deal_layout
from tilematch.engine.deal.record import Deal
from tilematch.engine.deal.seeds import derive_seed
from tilematch.modes.settings import ModeError, Settings, check_date

#: The generator version that deals the Daily Challenge, by first date: a date is
#: dealt by the version of the last entry starting on or before it. A new generator
#: reaches the Daily Challenge only by a new entry for dates to come, so every past
#: date keeps its board for ever.
DAILY_VERSIONS: Final[tuple[tuple[str, int], ...]] = (("0001-01-01", 1),)


#: The first Daily Challenge date that is played (and dealt by ``tilematch deal --daily``).
FIRST_DAILY: Final = Date(2000, 1, 1)


def check_daily_date(text: str, today: Date) -> str:
    """``text`` as a Daily Challenge date that is out on ``today`` (the UTC date): written
    YYYY-MM-DD, a real day, from :data:`FIRST_DAILY` up to the day after ``today`` (so
    that every time zone's today is out). The server and ``tilematch deal --daily`` both
    ask this. Raises :class:`ModeError` with a sentence naming the problem.

    >>> check_daily_date("2026-12-03", today=Date(2026, 12, 2))
    '2026-12-03'
    >>> check_daily_date("2026-12-04", today=Date(2026, 12, 2))
    Traceback (most recent call last):
    ...
    tilematch.modes.settings.ModeError: The Daily Challenge of 2026-12-04 is not out yet.
    """
    if not isinstance(text, str) or len(text) != 10:
        raise ModeError(f"'{str(text)[:20]}' is not a date of the form YYYY-MM-DD.")
    day = Date.fromisoformat(check_date(text))  # says "not a calendar date" for 2026-02-30
    if day > today + timedelta(days=1):
        raise ModeError(f"The Daily Challenge of {text} is not out yet.")
    if day < FIRST_DAILY:
        raise ModeError(f"Daily Challenges start on {FIRST_DAILY.isoformat()}.")
    return day.isoformat()


def daily_seed(date: str) -> int:
    """The Daily Challenge seed of a calendar date ``YYYY-MM-DD``: the same date
    always gives the same seed (SHA-256 of the date, not ``hash()``).

    Raises :class:`ModeError` (a ``ValueError``) for text that is not a real
    calendar date in that exact form.
    """
    return derive_seed("tilematch-daily", check_date(date))


def daily_version(date: str, versions: Sequence[tuple[str, int]] | None = None) -> int:
    """The generator version of the Daily Challenge of ``date`` (YYYY-MM-DD): the
    version of the last entry of ``versions`` (``(first date, version)`` in date
    order; :data:`DAILY_VERSIONS` by default) starting on or before ``date``.
    The date is compared as text and not checked here (:func:`daily_seed` checks it).
    """
    table = DAILY_VERSIONS if versions is None else versions
    version = table[0][1]
    for first, number in table:
        if date >= first:
            version = number
    return version


def daily_deal(date: str, version: int | None = None) -> Deal:
    """The Daily Challenge of ``date`` (YYYY-MM-DD): Mahjong Solitaire on the
    Turtle by reverse placement, seeded by :func:`daily_seed`, dealt by the
    generator version of that date (:func:`daily_version`) unless ``version`` is
    given. Raises :class:`ValueError` for a bad date or an unknown version."""
    seed = daily_seed(date)  # a bad date is refused before its version is looked up
    if version is None:
        version = daily_version(date)
    return deal_layout("turtle", "solitaire", seed=seed, generator="reverse", version=version)


def seed_for(day: str) -> int:
    """The seed of the Daily Challenge of ``day``; raises :class:`ModeError` for a bad date."""
    return daily_seed(day)


def settings_for(day: str) -> Settings:
    """Validated settings of the Daily Challenge of ``day`` (YYYY-MM-DD)."""
    return Settings(game="solitaire", mode="daily", date=check_date(day)).validate()


def _entries(results: Iterable[Mapping[str, Any]] | Mapping[str, Any]) -> list[tuple[str, Any]]:
    if isinstance(results, Mapping):
        return [(str(day), value) for day, value in results.items()]
    out: list[tuple[str, Any]] = []
    for result in results:
        if not isinstance(result, Mapping) or "date" not in result:
            raise ModeError("each daily result needs a date")
        out.append((str(result["date"]), result))
    return out


def _solved(value: Any) -> bool:
    if isinstance(value, Mapping):
        return bool(value.get("solved"))
    return bool(value)


def solved_days(results: Iterable[Mapping[str, Any]] | Mapping[str, Any]) -> list[Date]:
    """The distinct solved dates, oldest first.

    ``results`` is a list of result dicts, or a mapping from date to a result
    dict or to a bool. Raises :class:`ModeError` for a malformed date.
    """
    days = {
        Date.fromisoformat(check_date(day)) for day, value in _entries(results) if _solved(value)
    }
    return sorted(days)


def streaks(
    results: Iterable[Mapping[str, Any]] | Mapping[str, Any], today: str | None = None
) -> tuple[int, int]:
    """``(current, best)`` streaks of consecutive solved days.

    With ``today`` the current streak is the run ending today, or ending
    yesterday while today is still open; any older run is broken (0). Without
    ``today`` it is the run ending at the latest solved day.
    """
    days = solved_days(results)
    if not days:
        return 0, 0
    best = run = 1
    for before, after in itertools.pairwise(days):
        run = run + 1 if after - before == timedelta(days=1) else 1
        best = max(best, run)
    current = run  # the run ending at the latest solved day
    if today is not None:
        current = _run_ending(days, Date.fromisoformat(check_date(today)))
    return current, best


def _run_ending(days: list[Date], end: Date) -> int:
    """The length of the run of consecutive days in ``days`` ending at ``end``
    (or at the day before when ``end`` itself is not solved)."""
    solved = set(days)
    if end not in solved:
        end -= timedelta(days=1)
    length = 0
    while end in solved:
        length += 1
        end -= timedelta(days=1)
    return length


def history(results: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """One line per date, newest first: ``{"date", "solved", "time", "hints", "undos"}``.

    Of several results for a date the best is kept: solved beats unsolved,
    then the shorter time, then fewer hints, then fewer undos.
    """

    def rank(result: Mapping[str, Any]) -> tuple[bool, float, int, int]:
        time = result.get("time")
        return (
            not result.get("solved"),
            float(time) if isinstance(time, int | float) else float("inf"),
            int(result.get("hints") or 0),
            int(result.get("undos") or 0),
        )

    best: dict[str, Mapping[str, Any]] = {}
    for day, result in _entries(results):
        check_date(day)
        if day not in best or rank(result) < rank(best[day]):
            best[day] = result
    return [
        {
            "date": day,
            "solved": bool(best[day].get("solved")),
            "time": best[day].get("time"),
            "hints": int(best[day].get("hints") or 0),
            "undos": int(best[day].get("undos") or 0),
        }
        for day in sorted(best, reverse=True)
    ]
