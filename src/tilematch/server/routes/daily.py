"""``/api/daily``: the Daily Challenge of a date, its restart, history and streaks."""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Any

from fastapi import APIRouter, Query, status

from tilematch.server import records
from tilematch.server.db.games import latest_daily_game
from tilematch.server.deps import PlayerDep, ServerDep
from tilematch.server.openapi_errors import EVERY_REQUEST, answers
from tilematch.server.routes.games import start_game

router = APIRouter(prefix="/api/daily", tags=["daily"], responses=EVERY_REQUEST)


@router.get("", summary="Daily Challenge history and streaks")
def daily_history(
    player: PlayerDep,
    server: ServerDep,
    today: Annotated[str | None, Query(description="the player's local date, YYYY-MM-DD")] = None,
) -> dict[str, Any]:
    """``{"streak", "best_streak", "days": [{"date", "solved", "time", "hints", "undos"}]}``.

    ``today`` is the player's local date (default: the server's UTC date); the
    current streak counts solved days up to it (or up to the day before)."""
    day = (
        records.parse_date(today, server)
        if today is not None
        else dt.datetime.fromtimestamp(server.now(), dt.UTC).date().isoformat()
    )
    days = records.daily_days(server, player)
    solved = [d["date"] for d in days if d["solved"]]
    streak, best = server.rules.streaks(solved, day)
    return {"streak": streak, "best_streak": best, "days": days}


@router.get("/{date}", summary="The Daily Challenge of a date", responses=answers(409))
def daily_game(date: str, player: PlayerDep, server: ServerDep) -> dict[str, Any]:
    """That date's game for this player: started on the first call, continued after
    (the most recent attempt); racing first calls, on any process, start one game.
    422 ``bad_date`` for a malformed or future date."""
    day = records.parse_date(date, server)
    key = f"daily/{player.id}/{day}"
    with server.games.start_lock(key):  # one start per process; the database decides between
        game_id = latest_daily_game(server.storage, player.id, day)
        if game_id is None:
            server.creations.check(player.id, "new games")
            settings = server.rules.daily_settings(day)
            started = server.games.create(player, settings, daily_date=day, start_key=key)
            if started is not None:
                return started
            game_id = latest_daily_game(server.storage, player.id, day)  # started elsewhere
            assert game_id is not None
    return server.games.get(player, game_id)


@router.post(
    "/{date}/restart",
    status_code=status.HTTP_201_CREATED,
    summary="Restart a Daily",
    responses=answers(403, 409),
)
def restart_daily(date: str, player: PlayerDep, server: ServerDep) -> dict[str, Any]:
    """A fresh attempt at the same date's board."""
    day = records.parse_date(date, server)
    return start_game(server, player, server.rules.daily_settings(day), daily_date=day)
