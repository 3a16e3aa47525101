"""``/api/layouts/check``, ``/api/my/layouts`` and ``/api/layouts/shared``: a player's
own layouts and outlines, checked by the engine, kept with a quota, shared by code."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Request, Response, status
from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr

from tilematch.engine.layouts.validate import EDITOR_TILES
from tilematch.server import player_layouts as layouts
from tilematch.server.deps import PlayerDep, ServerDep
from tilematch.server.errors import ApiError
from tilematch.server.i18n import request_locale
from tilematch.server.openapi_errors import EVERY_REQUEST, WITH_BODY, answers

router = APIRouter(prefix="/api", tags=["layouts"], responses=EVERY_REQUEST)

#: Entries a request may send (more than a layout may hold, so that the answer can
#: name the tiles beyond :data:`EDITOR_TILES`).
MAX_ENTRIES = 2 * EDITOR_TILES
#: Rows and cells per row a request may send (more than a board may have, likewise).
MAX_ROWS = 64
Positions = Annotated[
    list[Annotated[list[StrictInt], Field(max_length=3)]],
    Field(max_length=MAX_ENTRIES, description="[[x, y, z], ...] in half-tile units"),
]
Rows = Annotated[
    list[Annotated[StrictStr, Field(max_length=MAX_ROWS)]],
    Field(max_length=MAX_ROWS, description='rows of "#" (a tile) and "." (empty)'),
]
Name = Annotated[
    StrictStr,
    Field(
        description=f"1 to {layouts.NAME_MAX} printable characters (spaces trimmed)",
        json_schema_extra={"minLength": 1, "maxLength": layouts.NAME_MAX},
    ),
]


class Body(BaseModel):
    """A board: ``kind`` with ``positions`` (``stack``) or ``rows`` (``grid``)."""

    model_config = ConfigDict(extra="forbid")
    kind: Literal["stack", "grid"]
    positions: Positions | None = None
    rows: Rows | None = None

    def cells(self) -> list[Any]:
        """The board's cells; raises a 422 ``missing_field`` naming the field its kind needs."""
        field = "rows" if self.kind == "grid" else "positions"
        other = "positions" if self.kind == "grid" else "rows"
        value = getattr(self, field)
        if value is None:
            raise ApiError(
                422, "missing_field", f"Field '{field}' is required for kind {self.kind!r}."
            )
        if getattr(self, other) is not None:
            raise ApiError(
                422, "extra_field", f"Field '{other}' is not part of kind {self.kind!r}."
            )
        return list(value)


class NewLayout(Body):
    """The body of ``POST /api/my/layouts``."""

    name: Name


class LayoutChange(BaseModel):
    """The body of ``PATCH /api/my/layouts/{id}``: a new name, a new board, or both."""

    model_config = ConfigDict(extra="forbid")
    name: Name | None = None
    positions: Positions | None = None
    rows: Rows | None = None


@router.post("/layouts/check", summary="Check a layout or outline", responses=WITH_BODY)
def check_layout(body: Body, player: PlayerDep, request: Request) -> dict[str, Any]:
    """``{"ok", "tiles", "problems": [{"code", "message", "tile", ...}]}``: every problem
    of the board, each at its tile (``[x, y, z]`` or ``[row, col]``; ``null`` for the
    whole board), its ``message`` in the player's language. Nothing is stored."""
    return layouts.check_report(body.kind, body.cells(), request_locale(request))


@router.get("/my/layouts", summary="List my layouts")
def list_layouts(player: PlayerDep, server: ServerDep) -> dict[str, Any]:
    """``{"layouts": [...], "quota"}``, most recently changed first."""
    return {"layouts": layouts.listing(server.storage, player), "quota": layouts.QUOTA}


@router.post(
    "/my/layouts",
    status_code=status.HTTP_201_CREATED,
    summary="Save a new layout",
    responses={**WITH_BODY, **answers(409)},
)
def create_layout(body: NewLayout, player: PlayerDep, server: ServerDep) -> dict[str, Any]:
    """The stored layout with its ``id`` and ``share_code``. 422 ``bad_name`` or
    ``bad_layout`` names the field and the tile; 409 ``layout_quota`` when full."""
    name = layouts.clean_name(body.name)
    board = layouts.checked_board(
        body.kind, body.cells(), "positions" if body.kind == "stack" else "rows"
    )
    layout_id = layouts.create(server.storage, player, name, board, server.now())
    return layouts.get(server.storage, player, layout_id)


@router.get("/my/layouts/{layout_id}", summary="One of my layouts", responses=answers(404))
def get_layout(layout_id: str, player: PlayerDep, server: ServerDep) -> dict[str, Any]:
    """The layout; 404 ``layout_not_found`` for an unknown id or another player's."""
    return layouts.get(server.storage, player, layout_id)


@router.patch(
    "/my/layouts/{layout_id}",
    summary="Rename a layout or replace its board",
    responses={**WITH_BODY, **answers(404)},
)
def patch_layout(
    layout_id: str, body: LayoutChange, player: PlayerDep, server: ServerDep
) -> dict[str, Any]:
    """The changed layout. 422 for a bad name or board (nothing changed), 404 as GET."""
    if body.positions is not None and body.rows is not None:
        raise ApiError(422, "extra_field", "Send 'positions' or 'rows', not both.")
    if body.name is None and body.positions is None and body.rows is None:
        raise ApiError(422, "missing_field", "Send a 'name', 'positions' or 'rows' to change.")
    current = layouts.get(server.storage, player, layout_id)
    name = layouts.clean_name(body.name) if body.name is not None else None
    board = None
    if body.positions is not None or body.rows is not None:
        field = "positions" if body.positions is not None else "rows"
        layouts.check_kind(current, field)
        board = layouts.checked_board(current["kind"], getattr(body, field), field)
    layouts.change(server.storage, player, layout_id, name=name, board=board, now=server.now())
    return layouts.get(server.storage, player, layout_id)


@router.delete(
    "/my/layouts/{layout_id}",
    status_code=status.HTTP_204_NO_CONTENT,
    summary="Delete a layout",
    responses=answers(404),
)
def delete_layout(layout_id: str, player: PlayerDep, server: ServerDep) -> Response:
    """No content; 404 as GET. Games played on it keep their board."""
    layouts.delete(server.storage, player, layout_id)
    return Response(status_code=status.HTTP_204_NO_CONTENT)


@router.get("/layouts/shared/{code}", summary="A shared layout (read-only)", responses=answers(404))
def get_shared(code: str, player: PlayerDep, server: ServerDep) -> dict[str, Any]:
    """The layout with its ``owner`` name and ``mine``; 404 ``shared_not_found``."""
    return layouts.shared(server.storage, player, code)


@router.post(
    "/layouts/shared/{code}/copy",
    status_code=status.HTTP_201_CREATED,
    summary="Copy a shared layout into my layouts",
    responses=answers(404, 409),
)
def copy_shared(code: str, player: PlayerDep, server: ServerDep) -> dict[str, Any]:
    """The new layout (its own id and share code); 404 as GET, 409 ``layout_quota``."""
    found = layouts.shared(server.storage, player, code)
    board = layouts.board_of(server.storage, player, mine=None, code=code)
    layout_id = layouts.create(server.storage, player, str(found["name"]), board, server.now())
    return layouts.get(server.storage, player, layout_id)
