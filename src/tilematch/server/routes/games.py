"""``/api/games``: start, show, play, replay and list single-player games."""

from __future__ import annotations

import secrets
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request, status
from pydantic import BaseModel, ConfigDict, Field, RootModel, StrictBool, StrictInt, StrictStr

from tilematch.server import records
from tilematch.server.deps import PlayerDep, Server, ServerDep
from tilematch.server.errors import ApiError, of_kind
from tilematch.server.i18n import request_locale
from tilematch.server.openapi_errors import EVERY_REQUEST, WITH_BODY, answers
from tilematch.server.player_layouts import custom_fields
from tilematch.server.players import Player
from tilematch.server.routes.my_layouts import Positions, Rows
from tilematch.server.rules import RuleError
from tilematch.server.sentences import localize_answer, localize_game

router = APIRouter(prefix="/api/games", tags=["games"], responses=EVERY_REQUEST)

#: Largest spot number a request may name (bigger than any board).
MAX_SPOT = 4095
NAME = r"^[a-z0-9_\-]{1,40}$"


class Strict(BaseModel):
    """A request body refusing unknown fields."""

    model_config = ConfigDict(extra="forbid")


class NewGame(Strict):
    """The body of ``POST /api/games``; omitted fields take the mode's defaults."""

    game: Literal["shisensho", "solitaire", "blackwhite"]
    mode: StrictStr = Field(pattern=NAME, description="classic, arcade, regular, zen, ...")
    layout: StrictStr | None = Field(None, pattern=NAME, description="a built-in layout name")
    size: tuple[StrictInt, StrictInt] | None = Field(
        None,
        description=(
            "Shisen-Sho [rows, cols]: [8, 17] is the 17 x 8 board (columns x rows, as people"
            " write it); 2 to 20 rows, 2 to 30 columns, an even number of tiles"
        ),
    )
    shape: StrictStr | None = Field(
        None, pattern=NAME, description="a built-in Shisen-Sho shape (instead of a size)"
    )
    # Seeds stay below 2**53 so that a browser (JavaScript numbers) never rounds one.
    seed: StrictInt | None = Field(
        None, ge=0, lt=2**53, description="0 to 2**53 - 1; omitted: a random seed"
    )
    difficulty: StrictStr | None = Field(None, pattern=NAME)
    gravity: StrictBool | None = None
    level: StrictInt | None = Field(None, ge=1, le=10_000, description="campaign level (tower)")
    generator: Literal["reverse", "checked"] | None = None
    my_layout: StrictStr | None = Field(
        None, max_length=40, description="the id of one of my layouts (never ranked)"
    )
    shared_layout: StrictStr | None = Field(
        None, max_length=40, description="the share code of a shared layout (never ranked)"
    )
    positions: Positions | None = Field(
        None, description="a layout of my own, not saved: [[x, y, z], ...] (never ranked)"
    )
    rows: Rows | None = Field(
        None, description="a Shisen-Sho outline of my own, not saved (never ranked)"
    )


class MatchIntent(Strict):
    """Claim a pair of tiles by their spots."""

    type: Literal["match"]
    a: StrictInt = Field(ge=0, le=MAX_SPOT)
    b: StrictInt = Field(ge=0, le=MAX_SPOT)


class PlainIntent(Strict):
    """Any other intent."""

    type: Literal[
        "start",
        "undo",
        "redo",
        "hint",
        "smart_hint",
        "partners",
        "shuffle",
        "pause",
        "resume",
        "give_up",
    ]


class Intent(RootModel[Annotated[MatchIntent | PlainIntent, Field(discriminator="type")]]):
    """The body of ``POST /api/games/{id}/actions``."""


def random_seed() -> int:
    """A fresh seed for a game asked for without one."""
    return secrets.randbelow(2**31)


def start_game(
    server: Server,
    player: Player,
    settings: Any,
    *,
    daily_date: str | None = None,
    level: int | None = None,
    utc_offset: int | None = None,
) -> dict[str, Any]:
    """Start a game after the creation rate limit; returns its view."""
    server.creations.check(player.id, "new games")
    started = server.games.create(
        player, settings, daily_date=daily_date, level=level, utc_offset=utc_offset
    )
    assert started is not None  # without a start key a new game is always stored
    return started


@router.post(
    "",
    status_code=status.HTTP_201_CREATED,
    summary="Start a game",
    responses={**WITH_BODY, **answers(404)},
)
def create_game(
    body: NewGame, player: PlayerDep, server: ServerDep, request: Request
) -> dict[str, Any]:
    """The new game's view. 422 ``bad_settings`` names a refused setting; 403
    ``level_locked`` for a campaign level not yet unlocked; 404 for an unknown
    ``my_layout`` or ``shared_layout``; 429 when starting too many."""
    if body.mode == "daily":
        raise ApiError(
            422, "use_daily", "Daily Challenges are started by POST /api/daily/{YYYY-MM-DD}."
        )
    if body.mode == "duel":
        raise ApiError(422, "use_duels", "Speed Duels are started at /api/duels.")
    fields = custom_fields(server.storage, player, body.model_dump(exclude_none=True))
    if body.mode != "tower" and "seed" not in fields:
        fields["seed"] = random_seed()
    if body.mode == "tower":
        if body.level is None:
            raise ApiError(422, "missing_field", "Field 'level' is required for the tower.")
        records.check_unlocked(server, player, body.level)
    try:
        settings = server.rules.settings(fields)
    except RuleError as error:
        raise of_kind(422, "bad_settings", error) from None
    return localize_game(
        request_locale(request), start_game(server, player, settings, level=body.level)
    )


@router.get("", summary="List my games")
def list_games(
    player: PlayerDep,
    server: ServerDep,
    which: Annotated[Literal["unfinished", "finished", "all"], Query(alias="status")] = (
        "unfinished"
    ),
    limit: Annotated[int, Query(ge=1, le=500)] = 100,
) -> list[dict[str, Any]]:
    """``[{"id", "game", "mode", "board", "variant", "seed", "status", "tiles_left", "score",
    "created", "updated", "daily_date", "level"}]``, most recently played first."""
    return server.games.listing(player, which, limit)


@router.get("/{game_id}", summary="A game's current state", responses=answers(404, 409))
async def get_game(
    game_id: str, player: PlayerDep, server: ServerDep, request: Request
) -> dict[str, Any]:
    """The game view; 404 ``game_not_found`` for an unknown id or another player's game."""
    return localize_game(request_locale(request), await server.games.get_async(player, game_id))


@router.post(
    "/{game_id}/actions",
    summary="Make a move or use a control",
    responses={**WITH_BODY, **answers(404, 409)},
)
async def act(
    game_id: str, body: Intent, player: PlayerDep, server: ServerDep, request: Request
) -> dict[str, Any]:
    """``{"ok", "reason", "message", "events", "game"}``. A refused move is ``ok: false``
    and changes nothing; 409 ``game_over`` after the end; 422 ``bad_move`` for a spot
    that is not on the board."""
    intent = body.root.model_dump()
    answer = await server.games.act_async(player, game_id, intent)
    return localize_answer(request_locale(request), answer, intent)


@router.post(
    "/{game_id}/replay",
    status_code=status.HTTP_201_CREATED,
    summary="Same board again",
    responses=answers(403, 404, 409),
)
def replay(game_id: str, player: PlayerDep, server: ServerDep, request: Request) -> dict[str, Any]:
    """A new game with the settings and seed of ``game_id`` (its date or level kept)."""
    settings, daily_date, level = server.games.settings_of(player, game_id)
    started = start_game(server, player, settings, daily_date=daily_date, level=level)
    return localize_game(request_locale(request), started)
