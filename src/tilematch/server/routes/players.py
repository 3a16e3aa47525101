"""``/api/me``: the caller's anonymous player, display name, export and deletion."""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter, Response
from pydantic import BaseModel, ConfigDict, Field, StrictStr

from tilematch.server.account import erasure, export
from tilematch.server.deps import PlayerDep, ServerDep
from tilematch.server.i18n import LOCALES
from tilematch.server.openapi_errors import EVERY_REQUEST, WITH_BODY
from tilematch.server.players import COOKIE, NAME_MAX, rename, set_locale

router = APIRouter(prefix="/api", tags=["players"], responses=EVERY_REQUEST)


class NameBody(BaseModel):
    """The body of ``PUT /api/me``."""

    model_config = ConfigDict(extra="forbid")
    # The lengths are declared for clients and checked by players.clean_name (422 bad_name).
    name: StrictStr = Field(
        description=f"1 to {NAME_MAX} printable characters (outer and repeated spaces trimmed)",
        json_schema_extra={"minLength": 1, "maxLength": NAME_MAX},
    )


class PlayerPatch(BaseModel):
    """The body of ``PATCH /api/me``: the player's language."""

    model_config = ConfigDict(extra="forbid")
    # Checked by players.set_locale (422 unknown_locale, nothing stored).
    locale: StrictStr | None = Field(
        description=f"one of {', '.join(LOCALES)}, or null to follow the browser's language",
        json_schema_extra={"maxLength": 16},
    )


class DeleteBody(BaseModel):
    """The body of ``DELETE /api/me``: the confirmation."""

    model_config = ConfigDict(extra="forbid")
    confirm: StrictStr = Field(
        max_length=100,
        description=f"'{erasure.CONFIRM_WORD}', or the player's display name",
    )


@router.get("/me", summary="The caller's player (created on first visit)")
def get_me(player: PlayerDep) -> dict[str, Any]:
    """``{"id", "name", "locale"}`` (``locale`` the language the player chose, ``null``
    to follow the browser's), plus ``"token"`` when this request created the player."""
    answer: dict[str, Any] = {"id": player.id, "name": player.name, "locale": player.locale}
    if player.token is not None:
        answer["token"] = player.token
    return answer


@router.put("/me", summary="Set the display name shown on leaderboards", responses=WITH_BODY)
def put_me(body: NameBody, player: PlayerDep, server: ServerDep) -> dict[str, Any]:
    """``{"id", "name"}`` after renaming; 422 ``bad_name`` for an unusable name."""
    renamed = rename(server.storage, player, body.name)
    server.known.forget(player.id)
    return {"id": renamed.id, "name": renamed.name}


@router.patch("/me", summary="Set my language", responses=WITH_BODY)
def patch_me(body: PlayerPatch, player: PlayerDep, server: ServerDep) -> dict[str, Any]:
    """``{"id", "name", "locale"}`` once the language is stored for the player (``null``
    to follow the browser's again); 422 ``unknown_locale`` (nothing stored) for a
    locale that is not one of ours."""
    changed = set_locale(server.storage, player, body.locale)
    server.known.forget(player.id)
    return {"id": changed.id, "name": changed.name, "locale": changed.locale}


@router.delete("/me", summary="Delete my player and everything stored for it", responses=WITH_BODY)
def delete_me(
    body: DeleteBody, player: PlayerDep, server: ServerDep, response: Response
) -> dict[str, Any]:
    """``{"deleted": {table: rows}}`` once every row of the player is deleted; the cookie
    is cleared and every token of the player is dead. 422 ``not_confirmed`` (nothing
    deleted) without the confirmation."""
    deleted = erasure.delete_player(server, player, body.confirm)
    response.delete_cookie(COOKIE, httponly=True, samesite="lax")
    return {"deleted": deleted}


@router.get(
    "/me/export.json",
    summary="Everything stored for me, as one JSON file",
    response_class=Response,
    responses={200: {"content": {"application/json": {}}}},
)
def export_json(player: PlayerDep, server: ServerDep) -> Response:
    """A JSON attachment: ``{"format", "exported", "player", "games" (each with its settings,
    state and timed moves), "results", "daily" (days and streaks), "campaign", "devices"}``."""
    body = json.dumps(export.export_document(server, player), indent=1, ensure_ascii=False)
    return Response(
        body,
        media_type="application/json",
        headers={"Content-Disposition": export.attachment("json", server)},
    )


@router.get(
    "/me/export.csv",
    summary="My results as CSV, one row each",
    response_class=Response,
    responses={200: {"content": {"text/csv": {}}}},
)
def export_csv(player: PlayerDep, server: ServerDep) -> Response:
    """A CSV attachment of the player's results, oldest first, one row each (the columns
    of ``docs/api.md``); text cells that a spreadsheet would run start with ``'``."""
    return Response(
        export.export_results(server, player),
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": export.attachment("csv", server)},
    )
