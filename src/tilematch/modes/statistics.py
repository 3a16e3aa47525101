"""A player's statistics from their verified results: pure figures, no I/O.

Every function works on plain result records (mappings with the keys of a
``results`` row: ``game``, ``mode``, ``board``, ``variant``, ``outcome``,
``score``, ``time``, ``hints``, ``undos``, ``finished``, ...), so the server,
a test or a notebook computes the same figures from the same rows.

*Played* means ended: a game counts once it has a result (cleared, lost,
given up or run out of time); a game still open counts nowhere until it ends.
A *win* is the outcome ``won``; times of wins are the times the figures rank.

>>> rows = [
...     {"game": "solitaire", "mode": "regular", "board": "turtle", "variant": "",
...      "outcome": "won", "score": 900, "time": 300.0, "hints": 2, "undos": 0},
...     {"game": "solitaire", "mode": "regular", "board": "turtle", "variant": "",
...      "outcome": "given_up", "score": 100, "time": 60.0, "hints": 0, "undos": 1},
... ]
>>> line = board_figures(rows)[0]
>>> line["played"], line["won"], line["win_rate"], line["best_time"], line["hints_per_game"]
(2, 1, 0.5, 300.0, 1.0)
>>> moving_median([5.0, 1.0, 3.0, 9.0], window=3)
[5.0, 3.0, 3.0, 3.0]
"""

from __future__ import annotations

import datetime as dt
import statistics
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, TypedDict

__all__ = [
    "WINDOW",
    "BoardFigures",
    "CalendarDay",
    "HistoryPoint",
    "StageFigures",
    "WeekFigures",
    "board_figures",
    "calendar_days",
    "history_points",
    "moving_median",
    "tower_stages",
    "week_start",
    "weekly_wins",
]

#: Games in the moving median of the history charts (the game itself and the four before).
WINDOW = 5
_Key = tuple[str, str, str, str]


class BoardFigures(TypedDict):
    """The figures of one game, mode, board and variant."""

    game: str
    mode: str
    board: str
    variant: str
    played: int
    won: int
    win_rate: float
    best_time: float | None
    median_time: float | None
    best_score: int | None
    hints_per_game: float
    undos_per_game: float


class HistoryPoint(TypedDict):
    """One game of the history, oldest first: ``n`` counts from 1."""

    n: int
    finished: float
    board: str
    won: bool
    time: float
    score: int | None
    median_time: float
    median_score: float | None


class WeekFigures(TypedDict):
    """One week (Monday to Sunday, UTC): games played and won."""

    week: str
    played: int
    won: int


class CalendarDay(TypedDict):
    """One day of the Daily calendar: played (with its best result) or not."""

    date: str
    played: bool
    solved: bool
    time: float | None
    score: int | None
    level: int


class StageFigures(TypedDict):
    """One stage of the Emperor's Tower: levels cleared and stars won."""

    stage: int
    first: int
    last: int
    cleared: int
    stars: int
    most: int


def _key(record: Mapping[str, Any]) -> _Key:
    return (
        str(record["game"]),
        str(record["mode"]),
        str(record.get("board") or ""),
        str(record.get("variant") or ""),
    )


def _won(record: Mapping[str, Any]) -> bool:
    return record.get("outcome") == "won"


def board_figures(records: Iterable[Mapping[str, Any]]) -> list[BoardFigures]:
    """Per game, mode, board and variant (sorted by them): games played and won, the
    win rate (won / played), the best and median time of a win (``None`` without
    one), the best score of any end, and hints and undos per game played."""
    groups: dict[_Key, list[Mapping[str, Any]]] = {}
    for record in records:
        groups.setdefault(_key(record), []).append(record)
    lines: list[BoardFigures] = []
    for key in sorted(groups):
        rows = groups[key]
        times = [float(row["time"]) for row in rows if _won(row)]
        scores = [int(row["score"]) for row in rows if row.get("score") is not None]
        won = sum(1 for row in rows if _won(row))
        lines.append(
            BoardFigures(
                game=key[0],
                mode=key[1],
                board=key[2],
                variant=key[3],
                played=len(rows),
                won=won,
                win_rate=won / len(rows),
                best_time=min(times) if times else None,
                median_time=float(statistics.median(times)) if times else None,
                best_score=max(scores) if scores else None,
                hints_per_game=sum(int(row.get("hints") or 0) for row in rows) / len(rows),
                undos_per_game=sum(int(row.get("undos") or 0) for row in rows) / len(rows),
            )
        )
    return lines


def moving_median(values: Sequence[float], window: int = WINDOW) -> list[float]:
    """The median of each value and the ``window - 1`` before it (fewer at the start).

    Raises :class:`ValueError` for a window under 1.
    """
    if window < 1:
        raise ValueError(f"a moving median needs a window of at least 1, not {window}")
    return [
        float(statistics.median(values[max(0, i + 1 - window) : i + 1])) for i in range(len(values))
    ]


def history_points(
    records: Iterable[Mapping[str, Any]], limit: int, window: int = WINDOW
) -> list[HistoryPoint]:
    """The last ``limit`` games by the time they ended, oldest first, each with the
    moving median of the time and of the score (over the games shown that have one)."""
    rows = sorted(records, key=lambda row: (float(row["finished"]), str(row.get("game_id", ""))))
    rows = rows[-limit:] if limit > 0 else []
    times = moving_median([float(row["time"]) for row in rows], window)
    points: list[HistoryPoint] = []
    scored: list[float] = []
    for n, (row, median_time) in enumerate(zip(rows, times, strict=True), start=1):
        score = row.get("score")
        if score is not None:
            scored.append(float(score))
        recent = scored[-window:]
        median_score = float(statistics.median(recent)) if score is not None else None
        points.append(
            HistoryPoint(
                n=n,
                finished=float(row["finished"]),
                board=str(row.get("board") or ""),
                won=_won(row),
                time=float(row["time"]),
                score=None if score is None else int(score),
                median_time=median_time,
                median_score=median_score,
            )
        )
    return points


def week_start(at: float) -> dt.date:
    """The Monday (UTC) of the week holding Unix time ``at``."""
    day = dt.datetime.fromtimestamp(at, dt.UTC).date()
    return day - dt.timedelta(days=day.weekday())


def weekly_wins(records: Iterable[Mapping[str, Any]], now: float, weeks: int) -> list[WeekFigures]:
    """Games played and won in each of the ``weeks`` weeks ending with the week of
    ``now``, oldest first; weeks before the first game are left out, so a new player's
    chart starts at their first week."""
    last = week_start(now)
    first = last - dt.timedelta(weeks=weeks - 1)
    played: dict[dt.date, int] = {}
    won: dict[dt.date, int] = {}
    for record in records:
        week = week_start(float(record["finished"]))
        played[week] = played.get(week, 0) + 1
        won[week] = won.get(week, 0) + int(_won(record))
    seen = [week for week in played if first <= week <= last]
    if not seen:
        return []
    start = min(seen)
    count = (last - start).days // 7 + 1
    return [
        WeekFigures(
            week=(start + dt.timedelta(weeks=i)).isoformat(),
            played=played.get(start + dt.timedelta(weeks=i), 0),
            won=won.get(start + dt.timedelta(weeks=i), 0),
        )
        for i in range(count)
    ]


def _levels(days: Sequence[Mapping[str, Any]]) -> dict[str, int]:
    """Shade 1 (slowest) to 4 (fastest) of each solved day with a time, by quarters of
    those times (ties share a shade); 0 for a day played and not solved."""
    times = sorted(float(day["time"]) for day in days if day["solved"] and day["time"] is not None)
    shades: dict[str, int] = {}
    for day in days:
        time = day["time"]
        if not day["solved"] or time is None:
            shades[str(day["date"])] = 0
            continue
        faster = sum(1 for other in times if other > float(time))  # days slower than this one
        shades[str(day["date"])] = 1 + (4 * faster) // len(times) if len(times) > 1 else 4
    return shades


def calendar_days(days: Iterable[Mapping[str, Any]], today: str, weeks: int) -> list[CalendarDay]:
    """Every date of the ``weeks`` weeks (Monday first) ending with the week of
    ``today``, up to ``today``, oldest first; ``days`` are the dates played (``{"date", "solved",
    "time", "score"}``, one a date). ``level`` shades a solved day by its time among the
    solved days shown: 4 the fastest quarter, 1 the slowest, 0 not solved.

    Raises :class:`ValueError` for a malformed ``today``."""
    end = dt.date.fromisoformat(today)
    monday = end - dt.timedelta(days=end.weekday()) - dt.timedelta(weeks=weeks - 1)
    last = monday + dt.timedelta(days=7 * weeks - 1)
    played = {
        str(day["date"]): day
        for day in days
        if monday.isoformat() <= str(day["date"]) <= last.isoformat()
    }
    shades = _levels(list(played.values()))
    out: list[CalendarDay] = []
    for i in range((end - monday).days + 1):
        date = (monday + dt.timedelta(days=i)).isoformat()
        day = played.get(date)
        out.append(
            CalendarDay(
                date=date,
                played=day is not None,
                solved=bool(day and day["solved"]),
                time=None if day is None or day["time"] is None else float(day["time"]),
                score=None if day is None or day["score"] is None else int(day["score"]),
                level=shades.get(date, 0),
            )
        )
    return out


def tower_stages(
    cleared: Mapping[int, int], level_count: int, stage_length: int, most_stars: int = 3
) -> list[StageFigures]:
    """Per stage of ``stage_length`` levels: the levels cleared and their best stars
    (``cleared`` maps a level to its best stars), out of ``most`` stars."""
    stages: list[StageFigures] = []
    for first in range(1, level_count + 1, stage_length):
        last = min(level_count, first + stage_length - 1)
        mine = [stars for level, stars in cleared.items() if first <= level <= last]
        stages.append(
            StageFigures(
                stage=len(stages) + 1,
                first=first,
                last=last,
                cleared=len(mine),
                stars=sum(mine),
                most=most_stars * (last - first + 1),
            )
        )
    return stages
