"""The Daily Challenge calendar: dates, seeds, per-day results and streaks.

A date written YYYY-MM-DD (the player's local calendar date) maps to one
Turtle board for ever: :func:`daily_seed` gives its seed, :data:`DAILY_VERSIONS`
the generator version that deals it, :func:`daily_deal` the board and
:func:`settings_for` the session settings.

Results are plain dicts ``{"date", "solved", "score", "time", "hints", "undos",
"shuffles"}`` (what :meth:`tilematch.modes.solitaire.Daily.result` returns),
with ``"solved_on"``, the player's own calendar date when the game ended
(:func:`local_date`). A day counts as solved when any of its results is solved.
A *streak* is a run of consecutive calendar days, each with a *streak solve*
(:func:`streak_solve`): solved on that very day of the player's calendar, with
at least :data:`STREAK_SCORE` points (help costs points, so a board solved by
pressing Smart Hint does not count). A missed or unsolved day ends it.

>>> streaks([{"date": "2024-02-28", "solved": True},
...          {"date": "2024-02-29", "solved": True},
...          {"date": "2024-03-01", "solved": True}], today="2024-03-01")
(3, 3)
>>> streaks([{"date": "2024-02-28", "solved": True, "solved_on": "2024-02-29"}])
(0, 0)
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence
from datetime import UTC, datetime, timedelta
from datetime import date as Date
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

#: Points a hint or smart hint costs in the Daily Challenge: a pair's worth.
HINT_COST: Final = 100
#: Points a shuffle costs in the Daily Challenge.
SHUFFLE_COST: Final = 500
#: Points of a solve with no help at all: 100 for each of the Turtle's 72 pairs.
UNAIDED_SCORE: Final = 7_200
#: The fewest points a solve needs to count for a streak: half an unaided solve
#: (at most 36 hints, or 7 shuffles).
STREAK_SCORE: Final = UNAIDED_SCORE // 2
#: The player's offset from UTC in minutes east, from -12 h to +14 h (every zone).
OFFSET_RANGE: Final = (-12 * 60, 14 * 60)


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
        raise ModeError(
            f"'{str(text)[:20]}' is not a date of the form YYYY-MM-DD.",
            "date_form",
            date=str(text)[:20],
        )
    day = Date.fromisoformat(check_date(text))  # says "not a calendar date" for 2026-02-30
    if day > today + timedelta(days=1):
        raise ModeError(
            f"The Daily Challenge of {text} is not out yet.", "daily_not_out", date=text
        )
    if day < FIRST_DAILY:
        raise ModeError(
            f"Daily Challenges start on {FIRST_DAILY.isoformat()}.",
            "daily_too_early",
            first=FIRST_DAILY.isoformat(),
        )
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


def check_offset(minutes: object) -> int:
    """A UTC offset in whole minutes east of UTC, checked against :data:`OFFSET_RANGE`.

    Raises :class:`ModeError` naming the problem for anything else.
    """
    low, high = OFFSET_RANGE
    if not isinstance(minutes, int) or isinstance(minutes, bool):
        raise ModeError(f"a UTC offset is a whole number of minutes, not {minutes!r}")
    if not low <= minutes <= high:
        raise ModeError(
            f"a UTC offset is between {low} and {high} minutes (-12 h to +14 h), not {minutes}"
        )
    return minutes


def local_date(at: float, offset: int) -> str:
    """The calendar date ``YYYY-MM-DD`` at Unix time ``at`` for a player ``offset``
    minutes east of UTC (checked by :func:`check_offset`, which raises
    :class:`ModeError`).

    >>> local_date(1_795_953_600.0, 0), local_date(1_795_953_600.0, 13 * 60)
    ('2026-11-29', '2026-11-30')
    """
    moment = datetime.fromtimestamp(at, UTC) + timedelta(minutes=check_offset(offset))
    return moment.date().isoformat()


def streak_solve(result: Mapping[str, Any]) -> bool:
    """Whether one result counts for a streak: solved, on its own date of the player's
    calendar (``solved_on``, when given), scoring at least :data:`STREAK_SCORE`
    (when a ``score`` is given)."""
    if not result.get("solved"):
        return False
    solved_on = result.get("solved_on")
    if solved_on is not None and solved_on != result.get("date"):
        return False
    score = result.get("score")
    return not isinstance(score, int | float) or score >= STREAK_SCORE


def _entries(results: Iterable[Mapping[str, Any]] | Mapping[str, Any]) -> list[tuple[str, Any]]:
    if isinstance(results, Mapping):
        return [(str(day), value) for day, value in results.items()]
    out: list[tuple[str, Any]] = []
    for result in results:
        if not isinstance(result, Mapping) or "date" not in result:
            raise ModeError("each daily result needs a date")
        out.append((str(result["date"]), result))
    return out


def _counts(day: str, value: Any) -> bool:
    if isinstance(value, Mapping):
        return streak_solve({"date": day, **value})
    return bool(value)


def streak_days(results: Iterable[Mapping[str, Any]] | Mapping[str, Any]) -> list[Date]:
    """The distinct dates with a streak solve (:func:`streak_solve`), oldest first.

    ``results`` is a list of result dicts, or a mapping from date to a result
    dict or to a bool. Raises :class:`ModeError` for a malformed date.
    """
    days = {
        Date.fromisoformat(check_date(day))
        for day, value in _entries(results)
        if _counts(day, value)
    }
    return sorted(days)


def streaks(
    results: Iterable[Mapping[str, Any]] | Mapping[str, Any], today: str | None = None
) -> tuple[int, int]:
    """``(current, best)`` streaks of consecutive days with a streak solve
    (:func:`streak_solve`: solved on the day itself, not with help bought).

    With ``today`` the current streak is the run ending today, or ending
    yesterday while today is still open; any older run is broken (0). Without
    ``today`` it is the run ending at the latest solved day.
    """
    days = streak_days(results)
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
    """One line per date, newest first: ``{"date", "solved", "on_day", "score", "time",
    "hints", "undos", "shuffles"}``.

    Of several results for a date the best is kept: solved beats unsolved, then
    the higher score (help costs points), then the shorter time, then fewer undos.
    ``on_day`` tells whether the date has a streak solve (:func:`streak_solve`).
    Raises :class:`ModeError` for a malformed date.
    """

    def rank(result: Mapping[str, Any]) -> tuple[bool, float, float, int]:
        time, score = result.get("time"), result.get("score")
        return (
            not result.get("solved"),
            -float(score) if isinstance(score, int | float) else 0.0,
            float(time) if isinstance(time, int | float) else float("inf"),
            int(result.get("undos") or 0),
        )

    best: dict[str, Mapping[str, Any]] = {}
    streak: set[str] = set()
    for day, result in _entries(results):
        check_date(day)
        if streak_solve({**result, "date": day}):
            streak.add(day)
        if day not in best or rank(result) < rank(best[day]):
            best[day] = result
    return [
        {
            "date": day,
            "solved": bool(best[day].get("solved")),
            "on_day": day in streak,
            "score": best[day].get("score"),
            "time": best[day].get("time"),
            "hints": int(best[day].get("hints") or 0),
            "undos": int(best[day].get("undos") or 0),
            "shuffles": int(best[day].get("shuffles") or 0),
        }
        for day in sorted(best, reverse=True)
    ]
