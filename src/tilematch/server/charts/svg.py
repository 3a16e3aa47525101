"""The pieces every chart is drawn with: escaping, axis ticks, scales, the ``<svg>``
frame with its title and description, and the chart's table beside it.

Charts carry no colour of their own: marks are classes the page's stylesheet paints
with the theme's custom properties, and the few presentation attributes are
``currentColor`` (so a chart opened alone is drawn in the text colour). Every mark
has ``data-label`` and ``data-value`` (the figure it draws, as its table shows it)
and a ``<title>`` read out by assistive technology.
"""

from __future__ import annotations

import html
import math
from dataclasses import dataclass, field

__all__ = [
    "Chart",
    "Scale",
    "attrs",
    "clock_text",
    "element",
    "frame",
    "nice_ticks",
    "text",
]


@dataclass(frozen=True)
class Chart:
    """A drawn chart: its name, title and description, and the table of the same figures
    (column names and rows of the texts shown) beside the SVG."""

    name: str
    title: str
    description: str
    columns: tuple[str, ...]
    rows: list[list[str]] = field(default_factory=list)
    svg: str = ""
    #: how many columns, from the left, hold words (the others hold figures)
    text_columns: int = 1
    #: the locale its words, dates and numbers are written in
    locale: str = "en"

    def to_json(self) -> dict[str, object]:
        """The chart as the API sends it."""
        return {
            "name": self.name,
            "title": self.title,
            "description": self.description,
            "columns": list(self.columns),
            "rows": self.rows,
            "text_columns": self.text_columns,
            "svg": self.svg,
        }


def clock_text(seconds: float | None) -> str:
    """A time as the page shows it: ``m:ss``, or ``h:mm:ss`` from an hour; ``–`` for none."""
    if seconds is None or math.isnan(seconds):
        return "–"
    whole = max(0, int(seconds))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def nice_ticks(top: float, count: int = 4, *, times: bool = False) -> list[float]:
    """Tick values from 0 up to at least ``top``, about ``count`` steps of 1, 2 or 5 times
    a power of ten (for ``times``: of 1, 2, 5, 10, 15, 30 seconds or minutes)."""
    top = max(top, 1.0)
    raw = top / count
    if times:
        steps = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200]
        step = float(next((s for s in steps if s >= raw), math.ceil(raw / 3600) * 3600))
    else:
        power = 10 ** math.floor(math.log10(raw))
        step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    n = math.ceil(top / step - 1e-9)
    return [round(i * step, 6) for i in range(n + 1)]


@dataclass(frozen=True)
class Scale:
    """A linear map from figures (``low`` to ``high``) to coordinates (``start`` to ``end``)."""

    low: float
    high: float
    start: float
    end: float

    def __call__(self, value: float) -> float:
        """The coordinate of ``value`` (rounded to 0.01)."""
        span = self.high - self.low or 1.0
        return round(self.start + (value - self.low) / span * (self.end - self.start), 2)


def attrs(**values: object) -> str:
    """XML attributes from keywords (``class_`` is ``class``, ``_`` in a name is ``-``);
    ``None`` leaves an attribute out."""
    parts = []
    for key, value in values.items():
        if value is None:
            continue
        name = key.rstrip("_").replace("_", "-")
        shown = value if isinstance(value, int | float) else html.escape(str(value), quote=True)
        parts.append(f'{name}="{shown}"')
    return " ".join(parts)


def element(tag: str, content: str | None = None, /, **values: object) -> str:
    """One element with the attributes of :func:`attrs`: empty (``<line .../>``) when
    ``content`` is ``None``, else around ``content`` (markup, already escaped)."""
    head = f"{tag} {attrs(**values)}".rstrip()
    return f"<{head}/>" if content is None else f"<{head}>{content}</{tag}>"


def text(content: str) -> str:
    """Text escaped for an XML element."""
    return html.escape(content, quote=False)


def frame(chart: Chart, width: int, height: int, body: list[str]) -> str:
    """The ``<svg>`` of a chart: ``role="img"`` named by its ``<title>`` and described by
    its ``<desc>`` (ids from the chart's name), then ``body``."""
    ident = f"chart-{chart.name}"
    head = attrs(
        xmlns="http://www.w3.org/2000/svg",
        viewBox=f"0 0 {width} {height}",
        class_=f"chart {ident}",
        role="img",
        aria_labelledby=f"{ident}-title {ident}-desc",
        font_size="12",
        fill="currentColor",
    )
    return (
        f'<svg {head}><title id="{ident}-title">{text(chart.title)}</title>'
        f'<desc id="{ident}-desc">{text(chart.description)}</desc>' + "".join(body) + "</svg>"
    )
