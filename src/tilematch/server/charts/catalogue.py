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

from tilematch.modes.registry import MODES
from tilematch.modes.statistics import BoardFigures, CalendarDay, HistoryPoint, WeekFigures
from tilematch.server.charts.plots import Bar, Day, Point, bars_by_board, bars_by_week, calendar
from tilematch.server.charts.plots import points as draw_points
from tilematch.server.charts.svg import Chart, clock_text
from tilematch.server.charts.words import chart_date, format_number, month_day, say
from tilematch.server.i18n import catalogue, translate

__all__ = [
    "BEST_TIME_ROWS",
    "CHARTS",
    "GAME_TITLES",
    "MODE_TITLES",
    "board_label",
    "draw",
    "game_mode_title",
]

#: The English names of the games and modes (the ``common`` domain has every locale's).
# i18n-ids: common.game.shisensho common.game.solitaire common.game.blackwhite
# i18n-ids: common.mode.classic common.mode.arcade common.mode.regular common.mode.daily
# i18n-ids: common.mode.zen common.mode.countdown common.mode.tower common.mode.duel
GAME_TITLES = {game: translate("en", f"common.game.{game}") for game in MODES}
MODE_TITLES = {
    mode: translate("en", f"common.mode.{mode}")
    for mode in (*(mode for modes in MODES.values() for mode in modes), "duel")
}
#: The most boards the best-times chart shows (those played most).
BEST_TIME_ROWS = 40


def board_title(board: str, locale: str = "en", game: str = "") -> str:
    """A board as players read it: ``8x17`` (rows x columns) is ``17 × 8``, a built-in
    layout (or for ``game`` Shisen-Sho a shape) is its title in ``locale``, another name
    is title-cased (``my-towers``: ``My Towers``)."""
    rows, _, cols = board.partition("x")
    if rows.isdigit() and cols.isdigit():
        return f"{cols} × {rows}"
    # i18n-data: layouts.shape.title. layouts.title.
    kind = "layouts.shape.title." if game == "shisensho" else "layouts.title."
    title_id = kind + board.replace("-", "_")
    if title_id in catalogue("en"):
        return translate(locale, title_id)
    return " ".join(word.capitalize() for word in board.replace("_", "-").split("-") if word)


def _variant(locale: str, variant: str) -> str:
    words = []
    for part in variant.split("/"):
        level = part.removeprefix("level-")
        if level != part and level.isdigit():
            words.append(translate(locale, "tiles.variant.level", level=int(level)))
        elif f"tiles.variant.{part}" in catalogue("en"):
            words.append(translate(locale, f"tiles.variant.{part}"))
        else:
            words.append(part)
    return "/".join(words)


def board_label(line: BoardFigures | dict[str, Any], locale: str = "en") -> str:
    """A line of figures named by its mode, board and variant: ``Regular · Turtle``."""
    board = board_title(str(line["board"]), locale, str(line.get("game", "")))
    board = board or say(locale, "stats.board.any")
    mode = str(line["mode"])
    mode_name = say(locale, f"common.mode.{mode}") if mode in MODE_TITLES else mode
    if line["variant"]:
        variant = _variant(locale, str(line["variant"]))
        return say(locale, "stats.board.line_variant", mode=mode_name, board=board, variant=variant)
    return say(locale, "stats.board.line", mode=mode_name, board=board)


def game_mode_title(game: str, mode: str, locale: str = "en") -> str:
    """A game and mode as one title: ``Shisen-Sho · Classic`` (``四川省 · クラシック``)."""
    game_name = say(locale, f"common.game.{game}") if game in GAME_TITLES else game
    mode_name = say(locale, f"common.mode.{mode}") if mode in MODE_TITLES else mode
    return say(locale, "stats.game_mode", game=game_name, mode=mode_name)


def _date(at: float, locale: str) -> str:
    return chart_date(locale, dt.datetime.fromtimestamp(at, dt.UTC).date().isoformat())


def _result(point: HistoryPoint, locale: str) -> str:
    return say(locale, "stats.result.cleared" if point["won"] else "stats.result.not_cleared")


def _columns(locale: str, *names: str) -> tuple[str, ...]:
    return tuple(say(locale, f"stats.column.{name}") for name in names)


def time_chart(history: Sequence[HistoryPoint], locale: str = "en") -> Chart:
    """The time of each game, oldest first, with the moving median."""
    chart = Chart(
        "time",
        say(locale, "stats.chart.time.title"),
        say(locale, "stats.chart.time.description", count=len(history)),
        _columns(locale, "game", "ended", "board", "result", "time", "moving_median"),
        [
            [
                f"#{p['n']}",
                _date(p["finished"], locale),
                board_title(p["board"], locale),
                _result(p, locale),
                clock_text(p["time"]),
                clock_text(p["median_time"]),
            ]
            for p in history
        ],
        locale=locale,
    )
    marks = [Point(p["n"], f"#{p['n']}", p["time"], p["won"], p["median_time"]) for p in history]
    return _drawn(chart, draw_points(chart, marks, times=True))


def score_chart(history: Sequence[HistoryPoint], locale: str = "en") -> Chart:
    """The score of each game that has one, with the moving median."""
    scored = [p for p in history if p["score"] is not None]
    chart = Chart(
        "score",
        say(locale, "stats.chart.score.title"),
        say(locale, "stats.chart.score.description", count=len(scored)),
        _columns(locale, "game", "ended", "board", "result", "score", "moving_median"),
        [
            [
                f"#{p['n']}",
                _date(p["finished"], locale),
                board_title(p["board"], locale),
                _result(p, locale),
                format_number(locale, p["score"] or 0),
                format_number(locale, p["median_score"]) if p["median_score"] is not None else "–",
            ]
            for p in scored
        ],
        locale=locale,
    )
    marks = [Point(p["n"], f"#{p['n']}", p["score"], p["won"], p["median_score"]) for p in history]
    return _drawn(chart, draw_points(chart, marks, times=False))


def weeks_chart(weeks: Sequence[WeekFigures], locale: str = "en") -> Chart:
    """Games won each week, in front of the games played."""
    chart = Chart(
        "weeks",
        say(locale, "stats.chart.weeks.title"),
        say(locale, "stats.chart.weeks.description", count=len(weeks)),
        _columns(locale, "week_from", "played", "won"),
        [
            [
                chart_date(locale, w["week"]),
                format_number(locale, w["played"]),
                format_number(locale, w["won"]),
            ]
            for w in weeks
        ],
        locale=locale,
    )
    bars = [
        Bar(
            chart_date(locale, w["week"]),
            float(w["won"]),
            float(w["played"]),
            month_day(locale, w["week"]),
        )
        for w in weeks
    ]
    return _drawn(chart, bars_by_week(chart, bars))


def best_times_chart(boards: Sequence[BoardFigures], locale: str = "en") -> Chart:
    """The best time of each board with a win (the most played first, at most
    :data:`BEST_TIME_ROWS`)."""
    won = [line for line in boards if line["best_time"] is not None]
    shown = sorted(won, key=lambda line: (-line["played"], board_label(line)))[:BEST_TIME_ROWS]
    chart = Chart(
        "best-times",
        say(locale, "stats.chart.best_times.title"),
        say(locale, "stats.chart.best_times.description", count=len(shown)),
        _columns(locale, "board", "game_name", "best_time", "median_time", "wins"),
        [
            [
                board_label(line, locale),
                say(locale, f"common.game.{line['game']}")
                if line["game"] in GAME_TITLES
                else line["game"],
                clock_text(line["best_time"]),
                clock_text(line["median_time"]),
                format_number(locale, line["won"]),
            ]
            for line in shown
        ],
        locale=locale,
    )
    bars = [Bar(board_label(line, locale), float(line["best_time"] or 0.0)) for line in shown]
    return _drawn(chart, bars_by_board(chart, bars))


def _says(day: CalendarDay, locale: str) -> str:
    if day["solved"]:
        return say(locale, "stats.result.solved_in", time=clock_text(day["time"]))
    return say(locale, "stats.result.played_not_solved")


def daily_chart(days: Sequence[CalendarDay], locale: str = "en") -> Chart:
    """The Daily calendar: each day played, shaded by its time."""
    played = [day for day in days if day["played"]]
    chart = Chart(
        "daily",
        say(locale, "stats.chart.daily.title"),
        say(locale, "stats.chart.daily.description", weeks=len(days) // 7, count=len(played)),
        _columns(locale, "date", "result", "time", "score"),
        [
            [
                chart_date(locale, day["date"]),
                say(locale, "stats.result.solved" if day["solved"] else "stats.result.not_solved"),
                clock_text(day["time"]),
                "–" if day["score"] is None else format_number(locale, day["score"]),
            ]
            for day in played
        ],
        locale=locale,
    )
    marks = [
        Day(day["date"], day["played"], day["level"], day["time"], _says(day, locale))
        for day in days
    ]
    return _drawn(chart, calendar(chart, marks))


#: Columns of words at the left of each chart's table (the rest are figures).
_TEXT_COLUMNS = {"time": 4, "score": 4, "weeks": 1, "best-times": 2, "daily": 2}


def _drawn(chart: Chart, svg: str) -> Chart:
    return dataclasses.replace(chart, svg=svg, text_columns=_TEXT_COLUMNS[chart.name])


#: The charts by name, with the part of the figures each is drawn from.
CHARTS: dict[str, tuple[str, Callable[[Any, str], Chart]]] = {
    "time": ("history", time_chart),
    "score": ("history", score_chart),
    "weeks": ("weeks", weeks_chart),
    "best-times": ("boards", best_times_chart),
    "daily": ("calendar", daily_chart),
}


def draw(figures: dict[str, Any], locale: str = "en") -> list[Chart]:
    """Every chart that has something to show, in the order of :data:`CHARTS`
    (``figures`` holds ``history``, ``weeks``, ``boards`` and ``calendar``), its words,
    dates and numbers in ``locale``."""
    charts = []
    for _name, (part, build) in CHARTS.items():
        data = figures.get(part)
        if not data:
            continue
        chart = build(data, locale)
        if chart.rows:
            charts.append(chart)
    return charts
