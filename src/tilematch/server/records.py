"""Finished games: history, bests, leaderboards, Daily Challenge days and campaign progress.

Only results whose move log replayed to the same score (``verified``) are
ranked or unlock campaign levels.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING, Any

from tilematch.modes.daily import check_daily_date
from tilematch.modes.settings import ModeError
from tilematch.server.db import results as db_results
from tilematch.server.db.games import daily_dates_played
from tilematch.server.errors import ApiError, of_kind
from tilematch.server.players import Player
from tilematch.server.rules import RuleError
from tilematch.server.standing import compare

if TYPE_CHECKING:
    from tilematch.server.deps import Server


def parse_date(text: str, server: Server) -> str:
    """A Daily Challenge date checked: ``YYYY-MM-DD``, a real day, not after tomorrow (UTC)
    (:func:`tilematch.modes.daily.check_daily_date`, the rule ``tilematch deal`` follows).

    Raises 422 ``bad_date`` naming the problem.
    """
    today = dt.datetime.fromtimestamp(server.now(), dt.UTC).date()
    try:
        return check_daily_date(text, today)
    except ModeError as error:
        raise of_kind(422, "bad_date", error) from None


def history(server: Server, player: Player, limit: int) -> list[dict[str, Any]]:
    """``player``'s finished games, newest first."""
    return db_results.history(server.storage, player.id, limit)


def standing(server: Server, player: Player, game_id: str) -> dict[str, Any]:
    """How ``player``'s finished game ``game_id`` compares with their other verified
    games on its board (:func:`tilematch.server.standing.compare`), with ``game_id``
    and ``verified``; an unverified game holds only those two. Raises
    :class:`ApiError` 404 when the player has no finished game of that id."""
    this, others = db_results.of_board(server.storage, player.id, game_id)
    if this is None:
        raise ApiError(
            404, "result_not_found", f"You have no finished game with id '{game_id[:40]}'."
        )
    verified = bool(this["verified"])
    figures = compare(this, others) if verified else {}
    return {"game_id": game_id, "verified": verified, **figures}


def bests(server: Server, player: Player) -> list[dict[str, Any]]:
    """Per game, mode, board and variant: games played, won, best score and best winning time."""
    return db_results.bests(server.storage, player.id)


def layout_records(server: Server, player: Player, game: str | None) -> list[dict[str, Any]]:
    """Per layout played: games finished, verified wins and the best verified winning time."""
    return db_results.layout_records(server.storage, player.id, game)


def leaderboard(
    server: Server,
    player: Player,
    *,
    game: str,
    mode: str,
    board: str | None,
    variant: str | None,
    date: str | None,
    limit: int,
) -> list[dict[str, Any]]:
    """The best ranked result of each player, best first (score, then time)."""
    return db_results.leaderboard(
        server.storage,
        player.id,
        game=game,
        mode=mode,
        filters={"board": board, "variant": variant, "daily_date": date},
        limit=limit,
    )


def daily_days(server: Server, player: Player) -> list[dict[str, Any]]:
    """Per Daily Challenge date played, oldest first: ``{"date", "solved", "on_day",
    "score", "time", "hints", "undos", "shuffles"}`` of its best result (the rules'
    ``daily_history``). A date counts as played once a pair was matched in it; opening
    it is not playing. Streaks count the ``on_day`` dates (:func:`daily_streaks`)."""
    days = server.rules.daily_history(db_results.daily_results(server.storage, player.id))
    known = {day["date"] for day in days}
    for date in daily_dates_played(server.storage, player.id):
        if date not in known:  # played and not finished: played, not solved
            days.append(
                {"date": date, "solved": False, "on_day": False, "score": None, "time": None}
                | dict.fromkeys(("hints", "undos", "shuffles"), None)
            )
    days.sort(key=lambda day: day["date"])
    return days


def daily_streaks(server: Server, days: list[dict[str, Any]], today: str) -> tuple[int, int]:
    """``(current, best)`` streaks of ``days`` (from :func:`daily_days`) up to ``today``."""
    return server.rules.streaks([day["date"] for day in days if day["on_day"]], today)


def daily_offset(server: Server, minutes: int | None) -> int:
    """The player's UTC offset for a Daily game: ``minutes`` east of UTC checked by the
    rules (0 when not given). Raises 422 ``bad_value`` naming the problem."""
    if minutes is None:
        return 0
    try:
        return server.rules.check_offset(minutes)
    except RuleError as error:
        raise ApiError(422, "bad_value", f"'utc_offset': {error}.") from None


def cleared_levels(server: Server, player: Player) -> dict[int, int]:
    """Campaign levels ``player`` has cleared (verified wins), with the best stars of each."""
    return db_results.cleared_levels(server.storage, player.id)


def check_unlocked(server: Server, player: Player, level: int) -> None:
    """Raise 403 ``level_locked`` unless ``level`` is unlocked for ``player``
    (422 ``bad_settings`` for a level the campaign does not have)."""
    count = len(server.rules.tower_levels())
    if not 1 <= level <= count:
        raise ApiError(
            422,
            "bad_settings",
            f"The tower has levels 1 to {count}, not {level}.",
            msg_id="server.error.bad_settings.tower_level",
            count=count,
            level=level,
        )
    unlocked = server.rules.tower_unlocked(set(cleared_levels(server, player)))
    if level not in unlocked:
        raise ApiError(
            403,
            "level_locked",
            f"Level {level} unlocks when level {level - 1} is cleared.",
            msg_id="server.error.level_locked.level",
            level=level,
            previous=level - 1,
        )
