"""``/api/results`` and ``/api/leaderboards``: finished games, bests and rankings."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Path, Query, Request

from tilematch.server import player_names, records
from tilematch.server.deps import PlayerDep, ServerDep
from tilematch.server.i18n import request_locale
from tilematch.server.openapi_errors import EVERY_REQUEST, answers

router = APIRouter(prefix="/api", tags=["results"], responses=EVERY_REQUEST)

Word = Annotated[str, Query(max_length=40, pattern=r"^[a-z0-9_\-]+$")]
Board = Annotated[str | None, Query(max_length=40, pattern=r"^[A-Za-z0-9_\-]+$")]


@router.get("/results", summary="My finished games")
def results(
    player: PlayerDep, server: ServerDep, limit: Annotated[int, Query(ge=1, le=500)] = 100
) -> list[dict[str, Any]]:
    """``[{"game_id", "game", "mode", "board", "variant", "outcome", "score", "time",
    "moves", "hints", "undos", "shuffles", "verified", "finished", "daily_date", "level",
    "stars", "unranked"}]``, newest first; ``unranked`` says why a result is not ranked
    (``null``: it is)."""
    return records.history(server, player, limit)


@router.get("/results/best", summary="My best scores and times")
def best(player: PlayerDep, server: ServerDep) -> list[dict[str, Any]]:
    """``[{"game", "mode", "board", "variant", "played", "won", "best_score", "best_time"}]``."""
    return records.bests(server, player)


@router.get("/results/layouts", summary="My games on each layout")
def layout_records(
    player: PlayerDep,
    server: ServerDep,
    game: Annotated[Literal["solitaire", "blackwhite"] | None, Query()] = None,
) -> list[dict[str, Any]]:
    """``[{"layout", "played", "wins", "best_time"}]``, one per layout the caller finished
    a game on (Mahjong Solitaire and Black & White, or only ``game``): ``wins`` counts the
    wins the server verified by replay, ``best_time`` is the fastest of them in seconds
    (``null`` without a win)."""
    return records.layout_records(server, player, game)


@router.get(
    "/results/{game_id}/standing",
    summary="How a finished game compares with mine",
    responses=answers(404),
)
def standing(
    player: PlayerDep,
    server: ServerDep,
    game_id: Annotated[str, Path(max_length=80, pattern=r"^[A-Za-z0-9_\-]+$")],
) -> dict[str, Any]:
    """``{"game_id", "verified", "games", "rank", "best", "first", "previous_best",
    "median_time", "median_delta"}``: the place of my finished game ``game_id`` among
    my verified games of the same game, mode, board and variant (wins first, then
    score, then time); ``median_delta`` is its time minus the median time of my other
    wins (negative: faster). An unverified game holds only ``game_id`` and
    ``verified``. 404 when I have no finished game of that id."""
    return records.standing(server, player, game_id)


@router.get("/leaderboards", summary="Best players of a mode and board")
def leaderboards(
    request: Request,
    player: PlayerDep,
    server: ServerDep,
    game: Word,
    mode: Word,
    layout: Board = None,
    variant: Annotated[str | None, Query(max_length=60, pattern=r"^[a-z0-9_\-/]*$")] = None,
    date: Annotated[str | None, Query(max_length=10)] = None,
    limit: Annotated[int, Query(ge=1, le=100)] = 20,
) -> list[dict[str, Any]]:
    """``[{"rank", "name", "score", "time", "board", "variant", "you"}]``: each player's best
    ranked result (verified, at a human pace, not Zen), by score then time. ``layout``
    is a layout name or ``ROWSxCOLS``; a player without a name is named in the
    reader's language (``Anonymous``, ``名無し``)."""
    day = records.parse_date(date, server) if date is not None else None
    entries = records.leaderboard(
        server,
        player,
        game=game,
        mode=mode,
        board=layout,
        variant=variant,
        date=day,
        limit=limit,
    )
    return player_names.named(request_locale(request), entries)
