"""Every chart of the statistics page: its name, title, description and table columns
(every sentence of the charts is here), and how the figures become its marks and rows.

Each builder takes the figures of :mod:`tilematch.modes.statistics` and returns a
:class:`~tilematch.server.charts.svg.Chart` whose SVG and table are made from the
same list, row for mark.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Callable, Sequence
from typing import Any

from tilematch.modes.statistics import BoardFigures, CalendarDay, HistoryPoint, WeekFigures
from tilematch.server.charts.plots import Bar, Day, Point, bars_by_board, bars_by_week, calendar
from tilematch.server.charts.plots import points as draw_points
from tilematch.server.charts.svg import Chart, clock_text

__all__ = ["BEST_TIME_ROWS", "CHARTS", "GAME_TITLES", "MODE_TITLES", "board_label", "draw"]

GAME_TITLES = {
    "shisensho": "Shisen-Sho",
    "solitaire": "Mahjong Solitaire",
    "blackwhite": "Black & White Mahjong",
}
MODE_TITLES = {
    "classic": "Classic",
    "arcade": "Arcade Time Attack",
    "regular": "Regular",
    "daily": "Daily Challenge",
    "zen": "Zen",
    "countdown": "Countdown Challenge",
    "tower": "Emperor's Tower",
    "duel": "Speed Duel",
}
#: The most boards the best-times chart shows (those played most).
BEST_TIME_ROWS = 40


def board_title(board: str) -> str:
    """A board as players read it: ``8x17`` (rows x columns) is ``17 × 8``, a layout or
    shape name is title-cased (``twin-towers``: ``Twin Towers``)."""
    rows, _, cols = board.partition("x")
    if rows.isdigit() and cols.isdigit():
        return f"{cols} × {rows}"
    return " ".join(word.capitalize() for word in board.replace("_", "-").split("-") if word)


def board_label(line: BoardFigures | dict[str, Any]) -> str:
    """A line of figures named by its mode, board and variant: ``Regular · Turtle``."""
    title = board_title(str(line["board"])) or "any board"
    variant = f" ({line['variant']})" if line["variant"] else ""
    return f"{MODE_TITLES.get(str(line['mode']), str(line['mode']))} · {title}{variant}"


def _date(at: float) -> str:
    return dt.datetime.fromtimestamp(at, dt.UTC).date().isoformat()


def _result(point: HistoryPoint) -> str:
    return "cleared" if point["won"] else "not cleared"


def time_chart(history: Sequence[HistoryPoint]) -> Chart:
    """The time of each game, oldest first, with the moving median."""
    chart = Chart(
        "time",
        "Time per game",
        f"The time of each of your last {len(history)} games, oldest first, filled when"
        " cleared, with the moving median of five games as a line.",
        ("Game", "Ended", "Board", "Result", "Time", "Moving median"),
        [
            [
                f"#{p['n']}",
                _date(p["finished"]),
                board_title(p["board"]),
                _result(p),
                clock_text(p["time"]),
                clock_text(p["median_time"]),
            ]
            for p in history
        ],
    )
    marks = [Point(p["n"], f"#{p['n']}", p["time"], p["won"], p["median_time"]) for p in history]
    return _drawn(chart, draw_points(chart, marks, times=True))


def score_chart(history: Sequence[HistoryPoint]) -> Chart:
    """The score of each game that has one, with the moving median."""
    scored = [p for p in history if p["score"] is not None]
    chart = Chart(
        "score",
        "Score per game",
        f"The score of each of your last {len(scored)} scored games, oldest first, filled"
        " when cleared, with the moving median of five games as a line.",
        ("Game", "Ended", "Board", "Result", "Score", "Moving median"),
        [
            [
                f"#{p['n']}",
                _date(p["finished"]),
                board_title(p["board"]),
                _result(p),
                f"{p['score']:g}",
                f"{p['median_score']:g}" if p["median_score"] is not None else "–",
            ]
            for p in scored
        ],
    )
    marks = [Point(p["n"], f"#{p['n']}", p["score"], p["won"], p["median_score"]) for p in history]
    return _drawn(chart, draw_points(chart, marks, times=False))


def weeks_chart(weeks: Sequence[WeekFigures]) -> Chart:
    """Games won each week, in front of the games played."""
    chart = Chart(
        "weeks",
        "Wins per week",
        f"Games won (filled) and played (outline) in each of {len(weeks)} weeks, from"
        " Monday, oldest first.",
        ("Week from", "Played", "Won"),
        [[w["week"], str(w["played"]), str(w["won"])] for w in weeks],
    )
    bars = [Bar(w["week"], float(w["won"]), float(w["played"])) for w in weeks]
    return _drawn(chart, bars_by_week(chart, bars))


def best_times_chart(boards: Sequence[BoardFigures]) -> Chart:
    """The best time of each board with a win (the most played first, at most
    :data:`BEST_TIME_ROWS`)."""
    won = [line for line in boards if line["best_time"] is not None]
    shown = sorted(won, key=lambda line: (-line["played"], board_label(line)))[:BEST_TIME_ROWS]
    chart = Chart(
        "best-times",
        "Best time per board",
        f"Your best time on each of {len(shown)} boards you have cleared, the shortest bar"
        " the fastest; the table adds the median time and the wins.",
        ("Board", "Game", "Best time", "Median time", "Wins"),
        [
            [
                board_label(line),
                GAME_TITLES.get(line["game"], line["game"]),
                clock_text(line["best_time"]),
                clock_text(line["median_time"]),
                str(line["won"]),
            ]
            for line in shown
        ],
    )
    bars = [Bar(board_label(line), float(line["best_time"] or 0.0)) for line in shown]
    return _drawn(chart, bars_by_board(chart, bars))


def _says(day: CalendarDay) -> str:
    if day["solved"]:
        return f"solved in {clock_text(day['time'])}"
    return "played, not solved"


def daily_chart(days: Sequence[CalendarDay]) -> Chart:
    """The Daily calendar: each day played, shaded by its time."""
    played = [day for day in days if day["played"]]
    chart = Chart(
        "daily",
        "Daily Challenge days",
        f"The {len(days) // 7} weeks up to this one, a column a week from Monday: each"
        f" of the {len(played)} days you played is filled, the darker the faster you"
        " solved it (a light box: played, not solved).",
        ("Date", "Result", "Time", "Score"),
        [
            [
                day["date"],
                "solved" if day["solved"] else "not solved",
                clock_text(day["time"]),
                "–" if day["score"] is None else str(day["score"]),
            ]
            for day in played
        ],
    )
    marks = [Day(day["date"], day["played"], day["level"], day["time"], _says(day)) for day in days]
    return _drawn(chart, calendar(chart, marks))


#: Columns of words at the left of each chart's table (the rest are figures).
_TEXT_COLUMNS = {"time": 4, "score": 4, "weeks": 1, "best-times": 2, "daily": 2}


def _drawn(chart: Chart, svg: str) -> Chart:
    return dataclasses.replace(chart, svg=svg, text_columns=_TEXT_COLUMNS[chart.name])


#: The charts by name, with the part of the figures each is drawn from.
CHARTS: dict[str, tuple[str, Callable[[Any], Chart]]] = {
    "time": ("history", time_chart),
    "score": ("history", score_chart),
    "weeks": ("weeks", weeks_chart),
    "best-times": ("boards", best_times_chart),
    "daily": ("calendar", daily_chart),
}


def draw(figures: dict[str, Any]) -> list[Chart]:
    """Every chart that has something to show, in the order of :data:`CHARTS`
    (``figures`` holds ``history``, ``weeks``, ``boards`` and ``calendar``)."""
    charts = []
    for _name, (part, build) in CHARTS.items():
        data = figures.get(part)
        if not data:
            continue
        chart = build(data)
        if chart.rows:
            charts.append(chart)
    return charts
