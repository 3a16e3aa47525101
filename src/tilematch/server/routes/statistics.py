"""``/api/statistics``: the player's figures from their verified results, and the charts
drawn from them as SVG."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request, Response

from tilematch.server import statistics
from tilematch.server.deps import PlayerDep, ServerDep
from tilematch.server.i18n import request_locale
from tilematch.server.openapi_errors import EVERY_REQUEST, answers

router = APIRouter(prefix="/api/statistics", tags=["statistics"], responses=EVERY_REQUEST)

Word = Annotated[
    str | None,
    Query(max_length=40, pattern=r"^[a-z0-9_\-]+$", description="only this game or mode"),
]
Today = Annotated[
    str | None,
    Query(max_length=10, description="the player's local date, YYYY-MM-DD (default: UTC)"),
]
#: The media type of the charts.
SVG = "image/svg+xml"


@router.get("", summary="My statistics and charts")
def my_statistics(
    request: Request,
    player: PlayerDep,
    server: ServerDep,
    game: Word = None,
    mode: Word = None,
    today: Today = None,
) -> dict[str, Any]:
    """``{"filters", "today", "totals", "boards", "history", "weeks", "daily", "tower",
    "charts"}`` of the player's verified results (docs/api.md, *Statistics*); each chart
    is ``{"name", "title", "description", "columns", "rows", "svg"}``, its table and its
    SVG drawn from the same figures. Titles, labels, dates and numbers are written in the
    negotiated locale; ``name``, ``game``, ``mode`` and ``board`` stay codes. 422
    ``bad_value`` for an unknown game or mode, ``bad_date`` for a malformed ``today``."""
    locale = request_locale(request)
    data, charts = statistics.statistics(
        server, player, game=game, mode=mode, today=today, locale=locale
    )
    return {**data, "charts": [chart.to_json() for chart in charts]}


@router.get(
    "/charts/{name}.svg",
    summary="One chart of my statistics, as SVG",
    response_class=Response,
    responses={200: {"content": {SVG: {}}, "description": "the chart"}, **answers(404)},
)
def my_chart(
    request: Request,
    name: str,
    player: PlayerDep,
    server: ServerDep,
    game: Word = None,
    mode: Word = None,
    today: Today = None,
) -> Response:
    """The SVG of one chart (``time``, ``score``, ``weeks``, ``best-times``, ``daily``),
    with the filters of ``GET /api/statistics``, in the negotiated locale. 404
    ``unknown_chart`` for another name, ``no_figures`` while the chart has nothing to draw."""
    locale = request_locale(request)
    drawn = statistics.chart(server, player, name, game=game, mode=mode, today=today, locale=locale)
    return Response(drawn.svg, media_type=SVG)
