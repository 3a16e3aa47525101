"""The four kinds of chart: points over games with a moving median, bars by week,
horizontal bars by board, and a calendar of days.

Each takes a :class:`~tilematch.server.charts.svg.Chart` (title, description) and the
marks to draw, already as the figures its table shows, and returns the SVG text.
Axis ticks are ``<text class="tick" data-tick="value">`` at the coordinate of their
value, so a reader (or a test) can measure every mark against its axis.
"""

from __future__ import annotations

from dataclasses import dataclass

from tilematch.server.charts.svg import Chart, Scale, clock_text, element, frame, nice_ticks, text
from tilematch.server.charts.words import (
    chart_date,
    format_number,
    month_name,
    say,
    weekday_name,
)

__all__ = ["Bar", "Day", "Point", "bars_by_board", "bars_by_week", "calendar", "points"]

WIDTH = 480
HEIGHT = 250
LEFT, RIGHT, TOP, BOTTOM = 54, 12, 12, 40
#: The weekdays the calendar names (0 is Monday); the others stay unlabelled.
LABELLED_WEEKDAYS = (0, 2, 4)


@dataclass(frozen=True)
class Point:
    """One game: its number, label, value (``None``: no mark), whether it was won, and
    the moving median at it."""

    n: int
    label: str
    value: float | None
    won: bool
    median: float | None


@dataclass(frozen=True)
class Bar:
    """One bar: its label, its value, the value of the bar behind it (``None``: none) and
    the short text under it on a week axis (``None``: the label's month and day)."""

    label: str
    value: float
    behind: float | None = None
    tick: str | None = None


@dataclass(frozen=True)
class Day:
    """One calendar day: its date, whether it was played, its shade and what it says."""

    date: str
    played: bool
    level: int
    value: float | None
    says: str


def _shown(value: float, times: bool, locale: str = "en") -> str:
    return clock_text(value) if times else format_number(locale, value)


def _mark(shape: str, label: str, value: float, shown: str, **more: object) -> str:
    """A mark with its figure as data and as a tooltip (``<title>``)."""
    tip = element("title", text(f"{label}: {shown}"))
    return element(shape, tip, **more, data_label=label, data_value=f"{value:g}", data_text=shown)


def _tick(
    x: float, y: float, value: float, shown: str, anchor: str, kind: str = "tick", dy: str = "0"
) -> str:
    """A tick's label at the coordinate of its value (``dy`` moves only its letters)."""
    return element(
        "text",
        text(shown),
        class_=kind,
        x=x,
        y=y,
        dy=dy,
        text_anchor=anchor,
        data_tick=f"{value:g}",
    )


def _axis_name(x: float, y: float, name: str, **more: object) -> str:
    return element("text", text(name), class_="axis-name", x=x, y=y, text_anchor="middle", **more)


def _y_axis(ticks: list[float], scale: Scale, times: bool, locale: str = "en") -> list[str]:
    out = []
    for tick in ticks:
        y = scale(tick)
        out.append(element("line", class_="grid", x1=LEFT, x2=WIDTH - RIGHT, y1=y, y2=y))
        out.append(_tick(LEFT - 6, y, tick, _shown(tick, times, locale), "end", dy="0.35em"))
    return out


def _x_line(y: float) -> str:
    return element("line", class_="axis", x1=LEFT, x2=WIDTH - RIGHT, y1=y, y2=y)


def points(chart: Chart, marks: list[Point], *, times: bool) -> str:
    """Values per game (filled: won) with the moving median as a line; ``times`` draws
    the vertical axis as clock times (the chart's title names what it shows)."""
    values = [m.value for m in marks if m.value is not None]
    medians = [m.median for m in marks if m.median is not None]
    ticks = nice_ticks(max([*values, *medians], default=1.0), times=times)
    y = Scale(0.0, ticks[-1], HEIGHT - BOTTOM, TOP)
    count = max((m.n for m in marks), default=1)
    x = Scale(0.5, count + 0.5, LEFT, WIDTH - RIGHT)
    body = _y_axis(ticks, y, times, chart.locale)
    body.append(_x_line(y(0)))
    for n in sorted({1, count, *range(10, count, 10)}):
        shown = format_number(chart.locale, n)
        body.append(_tick(x(n), HEIGHT - BOTTOM + 16, n, shown, "middle", "tick tick-x"))
    body.append(
        _axis_name((LEFT + WIDTH - RIGHT) / 2, HEIGHT - 6, say(chart.locale, "stats.axis.game"))
    )
    line = " ".join(f"{x(m.n)},{y(m.median)}" for m in marks if m.median is not None)
    if line:
        body.append(
            element("polyline", class_="median", points=line, fill="none", stroke="currentColor")
        )
    for m in marks:
        if m.value is not None:
            kind = "point is-won" if m.won else "point"
            shown = _shown(m.value, times, chart.locale)
            body.append(
                _mark("circle", m.label, m.value, shown, class_=kind, cx=x(m.n), cy=y(m.value), r=4)
            )
    return frame(chart, WIDTH, HEIGHT, body)


def bars_by_week(chart: Chart, bars: list[Bar]) -> str:
    """One column a week: the games won, in front of the games played."""
    ticks = nice_ticks(max([b.behind or b.value for b in bars], default=1.0))
    y = Scale(0.0, ticks[-1], HEIGHT - BOTTOM, TOP)
    band = (WIDTH - RIGHT - LEFT) / max(1, len(bars))
    body = _y_axis(ticks, y, False, chart.locale)
    body.append(_x_line(y(0)))
    every = max(1, len(bars) // 6)
    for i, bar in enumerate(bars):
        left, width = round(LEFT + i * band + band * 0.15, 2), round(band * 0.7, 2)
        if bar.behind is not None:
            top = y(bar.behind)
            height = round(y(0) - top, 2)
            body.append(
                element(
                    "rect",
                    class_="bar-behind",
                    x=left,
                    y=top,
                    width=width,
                    height=height,
                    fill="none",
                    stroke="currentColor",
                )
            )
        top = y(bar.value)
        height = round(y(0) - top, 2)
        body.append(
            _mark(
                "rect",
                bar.label,
                bar.value,
                format_number(chart.locale, bar.value),
                class_="bar",
                x=left,
                y=top,
                width=width,
                height=height,
            )
        )
        if i % every == 0:
            middle = round(left + width / 2, 2)
            body.append(
                element(
                    "text",
                    text(bar.tick if bar.tick is not None else bar.label[5:]),
                    class_="tick tick-x",
                    x=middle,
                    y=HEIGHT - BOTTOM + 16,
                    text_anchor="middle",
                )
            )
    body.append(
        _axis_name((LEFT + WIDTH - RIGHT) / 2, HEIGHT - 6, say(chart.locale, "stats.axis.week"))
    )
    return frame(chart, WIDTH, HEIGHT, body)


def bars_by_board(chart: Chart, bars: list[Bar]) -> str:
    """One row a board: its name, and under it its best time as a bar from the left."""
    left, row = 26, 40
    height = TOP + BOTTOM + row * max(1, len(bars))
    ticks = nice_ticks(max([b.value for b in bars], default=1.0), times=True)
    x = Scale(0.0, ticks[-1], left, WIDTH - RIGHT - 14)
    body = []
    for tick in ticks:
        at = x(tick)
        body.append(element("line", class_="grid", x1=at, x2=at, y1=TOP, y2=height - BOTTOM))
        body.append(_tick(at, height - BOTTOM + 16, tick, clock_text(tick), "middle"))
    for i, bar in enumerate(bars):
        top = TOP + i * row
        body.append(element("text", text(bar.label), class_="bar-label", x=left, y=top + 13))
        width = round(x(bar.value) - left, 2)
        shown = clock_text(bar.value)
        body.append(
            _mark(
                "rect",
                bar.label,
                bar.value,
                shown,
                class_="bar",
                x=left,
                y=top + 18,
                width=width,
                height=row - 24,
            )
        )
    best = say(chart.locale, "stats.axis.best_time")
    body.append(_axis_name((left + WIDTH - RIGHT) / 2, height - 6, best))
    return frame(chart, WIDTH, height, body)


def calendar(chart: Chart, days: list[Day]) -> str:
    """Weeks as columns, Monday on top; a played day is shaded by its level (its own
    class ``level-N``), an unplayed one is an empty box."""
    cell, gap, left, top = 16, 3, 36, 22
    weeks = max(1, (len(days) + 6) // 7)
    width = left + weeks * (cell + gap) + 8
    height = top + 7 * (cell + gap) + 8
    body = [
        element(
            "text",
            text(weekday_name(chart.locale, i)),
            class_="tick",
            x=left - 6,
            y=top + i * (cell + gap) + 12,
            text_anchor="end",
        )
        for i in LABELLED_WEEKDAYS
    ]
    month = ""
    for i, day in enumerate(days):
        column, weekday = divmod(i, 7)
        x, y = left + column * (cell + gap), top + weekday * (cell + gap)
        name = month_name(chart.locale, day.date)
        if weekday == 0 and name != month:
            month = name
            body.append(element("text", text(name), class_="tick tick-month", x=x, y=top - 8))
        box = {"x": x, "y": y, "width": cell, "height": cell, "rx": 3, "data_date": day.date}
        if not day.played:
            body.append(element("rect", class_="day", fill="none", stroke="currentColor", **box))
            continue
        value = day.value if day.value is not None else -1.0
        body.append(
            _mark(
                "rect",
                chart_date(chart.locale, day.date),
                value,
                day.says,
                class_=f"day is-played level-{day.level}",
                **box,
            )
        )
    return frame(chart, width, height, body)
