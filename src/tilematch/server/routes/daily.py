"""``/api/daily``: the Daily Challenge of a date, its start and restart, history and streaks.

Looking is not playing: ``GET`` reads and never starts a game; ``POST`` starts one
(or continues the latest attempt) with the player's UTC offset, and the game's clock
starts at the first pick. A streak counts a date only when its board is solved on
that date of the player's own calendar (``tilematch.modes.daily``).
"""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request, Response, status
from pydantic import BaseModel, ConfigDict, Field, StrictInt

from tilematch.modes.daily import OFFSET_RANGE
from tilematch.server import records
from tilematch.server.db.games import latest_daily_game, set_utc_offset, utc_offset
from tilematch.server.deps import PlayerDep, Server, ServerDep
from tilematch.server.errors import ApiError
from tilematch.server.i18n import request_locale
from tilematch.server.openapi_errors import EVERY_REQUEST, WITH_BODY, answers
from tilematch.server.players import Player
from tilematch.server.routes.games import start_game
from tilematch.server.sentences import localize_game

router = APIRouter(prefix="/api/daily", tags=["daily"], responses=EVERY_REQUEST)


class DailyStart(BaseModel):
    """The body of ``POST /api/daily/{date}`` and of its restart (optional)."""

    model_config = ConfigDict(extra="forbid")

    utc_offset: StrictInt | None = Field(
        None,
        ge=OFFSET_RANGE[0],
        le=OFFSET_RANGE[1],
        description=(
            "the player's offset from UTC in minutes east (-720 to 840, e.g. 60 for"
            " UTC+1): the streak counts a date solved on that date of this calendar;"
            " default 0 (UTC)"
        ),
    )


class DailyDay(BaseModel):
    """One date played: its best result."""

    date: str
    solved: bool
    on_day: bool = Field(description="solved on this date of the player's calendar, for a streak")
    score: int | None
    time: float | None
    hints: int | None
    undos: int | None
    shuffles: int | None


class DailyHistory(BaseModel):
    """The player's Daily Challenge record."""

    streak: int
    best_streak: int
    days: list[DailyDay]


class DailyGame(BaseModel):
    """A game view (docs/api.md, *The game view*); its key fields typed here."""

    model_config = ConfigDict(extra="allow")

    id: str
    game: str
    mode: str
    date: str | None
    daily_date: str | None
    status: str
    score: int
    clock: dict[str, Any] = Field(description="elapsed, remaining, paused, started")


@router.get("", summary="Daily Challenge history and streaks")
def daily_history(
    player: PlayerDep,
    server: ServerDep,
    today: Annotated[str | None, Query(description="the player's local date, YYYY-MM-DD")] = None,
) -> DailyHistory:
    """``{"streak", "best_streak", "days": [{"date", "solved", "on_day", "score", "time",
    "hints", "undos", "shuffles"}]}``, oldest first.

    ``today`` is the player's local date (default: the server's UTC date); the
    current streak counts the dates solved on the day up to it (or up to the day
    before). 422 ``bad_date`` for a malformed ``today``."""
    day = (
        records.parse_date(today, server)
        if today is not None
        else dt.datetime.fromtimestamp(server.now(), dt.UTC).date().isoformat()
    )
    days = records.daily_days(server, player)
    streak, best = records.daily_streaks(server, days, day)
    return DailyHistory(streak=streak, best_streak=best, days=[DailyDay(**d) for d in days])


@router.get(
    "/{date}",
    summary="My latest attempt at the Daily Challenge of a date",
    responses=answers(404, 409),
)
def daily_game(date: str, player: PlayerDep, server: ServerDep, request: Request) -> DailyGame:
    """The player's most recent game of that date; changes nothing (start one with
    ``POST``). 404 ``daily_not_started`` before the first start; 422 ``bad_date`` for a
    malformed or future date."""
    day = records.parse_date(date, server)
    game_id = latest_daily_game(server.storage, player.id, day)
    if game_id is None:
        raise ApiError(
            404,
            "daily_not_started",
            f"You have not started the Daily Challenge of {day}; POST /api/daily/{day} starts it.",
            msg_id="server.error.daily_not_started.day",
            date=day,
        )
    return DailyGame(**localize_game(request_locale(request), server.games.get(player, game_id)))


@router.post(
    "/{date}",
    status_code=status.HTTP_201_CREATED,
    summary="Start (or continue) the Daily Challenge of a date",
    responses={
        200: {"description": "the latest attempt, continued", "model": DailyGame},
        **WITH_BODY,
        **answers(409),
    },
)
def start_daily(
    date: str,
    player: PlayerDep,
    server: ServerDep,
    response: Response,
    request: Request,
    body: DailyStart | None = None,
) -> DailyGame:
    """``201`` a new game of that date, or ``200`` the player's latest attempt when there
    is one (its UTC offset updated to this one); racing first calls, on any process,
    start one game. The clock starts at the first pick. 422 ``bad_date`` for a
    malformed or future date, ``bad_value`` for an offset out of range."""
    day = records.parse_date(date, server)
    offset = records.daily_offset(server, body.utc_offset if body else None)
    game_id, started = _find_or_start(server, player, day, offset)
    locale = request_locale(request)
    if started is not None:
        return DailyGame(**localize_game(locale, started))
    if utc_offset(server.storage, game_id) != offset:
        set_utc_offset(server.storage, game_id, offset)
    response.status_code = status.HTTP_200_OK
    return DailyGame(**localize_game(locale, server.games.get(player, game_id)))


def _find_or_start(
    server: Server, player: Player, day: str, offset: int
) -> tuple[str, dict[str, Any] | None]:
    """``(game id, None)`` of the player's latest attempt at ``day``, or ``(id, view)``
    of the one this call started."""
    key = f"daily/{player.id}/{day}"
    with server.games.start_lock(key):  # one start per process; the database decides between
        game_id = latest_daily_game(server.storage, player.id, day)
        if game_id is not None:
            return game_id, None
        server.creations.check(player.id, "new games")
        settings = server.rules.daily_settings(day)
        started = server.games.create(
            player, settings, daily_date=day, start_key=key, utc_offset=offset
        )
        if started is not None:
            return str(started["id"]), started
        game_id = latest_daily_game(server.storage, player.id, day)  # started elsewhere
        assert game_id is not None
        return game_id, None


@router.post(
    "/{date}/restart",
    status_code=status.HTTP_201_CREATED,
    summary="Restart a Daily Challenge",
    responses={**WITH_BODY, **answers(409)},
)
def restart_daily(
    date: str,
    player: PlayerDep,
    server: ServerDep,
    request: Request,
    body: DailyStart | None = None,
) -> DailyGame:
    """A fresh attempt at the same date's board (``utc_offset`` as for the start)."""
    day = records.parse_date(date, server)
    offset = records.daily_offset(server, body.utc_offset if body else None)
    settings = server.rules.daily_settings(day)
    started = start_game(server, player, settings, daily_date=day, utc_offset=offset)
    return DailyGame(**localize_game(request_locale(request), started))
