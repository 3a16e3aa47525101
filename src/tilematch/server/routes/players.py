"""``/api/me``: the caller's anonymous player and display name."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict, Field, StrictStr

from tilematch.server.deps import PlayerDep, ServerDep
from tilematch.server.openapi_errors import EVERY_REQUEST, WITH_BODY
from tilematch.server.players import NAME_MAX, rename

router = APIRouter(prefix="/api", tags=["players"], responses=EVERY_REQUEST)


class NameBody(BaseModel):
    """The body of ``PUT /api/me``."""

    model_config = ConfigDict(extra="forbid")
    # The lengths are declared for clients and checked by players.clean_name (422 bad_name).
    name: StrictStr = Field(
        description=f"1 to {NAME_MAX} printable characters (outer and repeated spaces trimmed)",
        json_schema_extra={"minLength": 1, "maxLength": NAME_MAX},
    )


@router.get("/me", summary="The caller's player (created on first visit)")
def get_me(player: PlayerDep) -> dict[str, Any]:
    """``{"id", "name"}``, plus ``"token"`` when this request created the player."""
    answer: dict[str, Any] = {"id": player.id, "name": player.name}
    if player.token is not None:
        answer["token"] = player.token
    return answer


@router.put("/me", summary="Set the display name shown on leaderboards", responses=WITH_BODY)
def put_me(body: NameBody, player: PlayerDep, server: ServerDep) -> dict[str, Any]:
    """``{"id", "name"}`` after renaming; 422 ``bad_name`` for an unusable name."""
    renamed = rename(server.storage, player, body.name)
    return {"id": renamed.id, "name": renamed.name}
