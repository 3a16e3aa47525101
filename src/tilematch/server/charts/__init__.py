"""Charts drawn on the server as SVG: the statistics page's pictures of a player's figures.

:mod:`~tilematch.server.charts.svg` has the pieces (frame, ticks, scales),
:mod:`~tilematch.server.charts.plots` the four kinds of chart and
:mod:`~tilematch.server.charts.catalogue` every chart of the page with its words.
"""

from __future__ import annotations

from tilematch.server.charts.catalogue import CHARTS, draw
from tilematch.server.charts.svg import Chart

__all__ = ["CHARTS", "Chart", "draw"]
