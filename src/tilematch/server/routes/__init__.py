"""The API routers, one module per resource, collected in one place.

Each module ``tilematch.server.routes.<name>`` defines ``router`` (an
:class:`fastapi.APIRouter`); :data:`ROUTERS` lists them in the order their
routes are matched.
"""

from __future__ import annotations

from fastapi import APIRouter

from tilematch.server.routes import (
    campaign,
    daily,
    duels,
    games,
    layout_files,
    links,
    locales,
    my_layouts,
    players,
    reference,
    results,
    statistics,
)

#: Routers in the order their routes are matched.
ROUTERS: tuple[APIRouter, ...] = (
    players.router,
    links.router,
    games.router,
    daily.router,
    campaign.router,
    results.router,
    layout_files.router,
    statistics.router,
    reference.router,
    locales.router,
    duels.router,
    my_layouts.router,
)


def routers() -> list[APIRouter]:
    """Every router of the API, in the order of :data:`ROUTERS`."""
    return list(ROUTERS)
