"""``/api/campaign``: Emperor's Tower levels with the player's progress."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from tilematch.server import records
from tilematch.server.deps import PlayerDep, ServerDep
from tilematch.server.openapi_errors import EVERY_REQUEST

router = APIRouter(prefix="/api/campaign", tags=["campaign"], responses=EVERY_REQUEST)


@router.get("", summary="Campaign levels, unlocked levels and stars")
def campaign(player: PlayerDep, server: ServerDep) -> dict[str, Any]:
    """``{"levels": [{"level", "layout", "difficulty", "stones", "unlocked", "stars", ...}],
    "cleared": n}``; start a level with ``POST /api/games`` (mode ``tower``, ``level``)."""
    cleared = records.cleared_levels(server, player)
    unlocked = server.rules.tower_unlocked(set(cleared))
    levels = []
    for level in server.rules.tower_levels():
        number = int(level["level"])
        levels.append({**level, "unlocked": number in unlocked, "stars": cleared.get(number, 0)})
    return {"levels": levels, "cleared": len(cleared)}
