"""Finished games: history, bests, leaderboards, Daily Challenge days and campaign progress.

Only results whose move log replayed to the same score (``verified``) are
ranked or unlock campaign levels.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING, Any

from tilematch.server.errors import ApiError
from tilematch.server.games import ENDS_ON_CLOCK
from tilematch.server.players import Player

if TYPE_CHECKING:
    from tilematch.server.deps import Server

#: Earliest Daily Challenge date served.
FIRST_DAILY = dt.date(2000, 1, 1)
RESULT_COLUMNS = (
    "game_id, game, mode, board, variant, outcome, score, time, moves, hints, undos,"
    " shuffles, verified, finished, daily_date, level, stars"
)
_CLOCK_MODES = ",".join(f"'{mode}'" for mode in ENDS_ON_CLOCK)
#: SQL condition of a result that counts for rankings.
RANKED = (
    f"verified = 1 AND (outcome = 'won' OR (mode IN ({_CLOCK_MODES}) AND outcome != 'given_up'))"
)


def parse_date(text: str, server: Server) -> str:
    """A Daily Challenge date checked: ``YYYY-MM-DD``, a real day, not after tomorrow (UTC).

    Raises 422 ``bad_date`` naming the problem.
    """
    try:
        if len(text) != 10:
            raise ValueError
        day = dt.date.fromisoformat(text)
    except ValueError:
        raise ApiError(
            422, "bad_date", f"'{text[:20]}' is not a date of the form YYYY-MM-DD."
        ) from None
    today = dt.datetime.fromtimestamp(server.now(), dt.UTC).date()
    if day > today + dt.timedelta(days=1):
        raise ApiError(422, "bad_date", f"The Daily Challenge of {text} is not out yet.")
    if day < FIRST_DAILY:
        raise ApiError(422, "bad_date", f"Daily Challenges start on {FIRST_DAILY.isoformat()}.")
    return day.isoformat()


def history(server: Server, player: Player, limit: int) -> list[dict[str, Any]]:
    """``player``'s finished games, newest first."""
    rows = server.storage.rows(
        f"SELECT {RESULT_COLUMNS} FROM results WHERE player_id = ? ORDER BY finished DESC LIMIT ?",
        (player.id, limit),
    )
    return [_result(row) for row in rows]


def _result(row: Any) -> dict[str, Any]:
    data = dict(row)
    data["verified"] = bool(data["verified"])
    return data


def bests(server: Server, player: Player) -> list[dict[str, Any]]:
    """Per game, mode, board and variant: games played, won, best score and best winning time."""
    rows = server.storage.rows(
        "SELECT game, mode, board, variant, COUNT(*) AS played,"
        " SUM(outcome = 'won') AS won,"
        " MAX(CASE WHEN verified = 1 THEN score END) AS best_score,"
        " MIN(CASE WHEN outcome = 'won' AND verified = 1 THEN time END) AS best_time"
        " FROM results WHERE player_id = ? GROUP BY game, mode, board, variant"
        " ORDER BY game, mode, board, variant",
        (player.id,),
    )
    return [dict(row) for row in rows]


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
    where = ["game = ?", "mode = ?", RANKED]
    params: list[Any] = [game, mode]
    for column, value in (("board", board), ("variant", variant), ("daily_date", date)):
        if value is not None:
            where.append(f"{column} = ?")
            params.append(value)
    rows = server.storage.rows(
        "SELECT r.player_id, p.name, r.score, r.time, r.board, r.variant, r.finished FROM ("
        "  SELECT *, ROW_NUMBER() OVER (PARTITION BY player_id"
        "    ORDER BY score IS NULL, score DESC, time ASC, finished ASC) AS nth"
        f"  FROM results WHERE {' AND '.join(where)}"
        ") AS r JOIN players AS p ON p.id = r.player_id WHERE r.nth = 1"
        " ORDER BY r.score IS NULL, r.score DESC, r.time ASC, r.finished ASC LIMIT ?",
        (*params, limit),
    )
    return [
        {
            "rank": rank,
            "name": row["name"] or "Anonymous",
            "score": row["score"],
            "time": row["time"],
            "board": row["board"],
            "variant": row["variant"],
            "you": row["player_id"] == player.id,
        }
        for rank, row in enumerate(rows, start=1)
    ]


def daily_days(server: Server, player: Player) -> list[dict[str, Any]]:
    """Per Daily Challenge date played: solved, and the best solve's time, hints and undos."""
    rows = server.storage.rows(
        "SELECT daily_date AS date, MAX(outcome = 'won' AND verified = 1) AS solved,"
        " MIN(CASE WHEN outcome = 'won' AND verified = 1 THEN time END) AS time"
        " FROM results WHERE player_id = ? AND daily_date IS NOT NULL GROUP BY daily_date"
        " ORDER BY daily_date",
        (player.id,),
    )
    days = []
    for row in rows:
        day: dict[str, Any] = {"date": row["date"], "solved": bool(row["solved"]), "time": None}
        day["hints"] = day["undos"] = None
        if row["solved"]:
            best = server.storage.row(
                "SELECT time, hints, undos FROM results WHERE player_id = ? AND daily_date = ?"
                " AND outcome = 'won' AND verified = 1 ORDER BY time LIMIT 1",
                (player.id, row["date"]),
            )
            if best is not None:
                day.update(time=best["time"], hints=best["hints"], undos=best["undos"])
        days.append(day)
    # dates started but never finished count as played, not solved
    open_rows = server.storage.rows(
        "SELECT DISTINCT daily_date FROM games WHERE player_id = ? AND daily_date IS NOT NULL",
        (player.id,),
    )
    known = {day["date"] for day in days}
    for row in open_rows:
        if row["daily_date"] not in known:
            days.append(
                {
                    "date": row["daily_date"],
                    "solved": False,
                    "time": None,
                    "hints": None,
                    "undos": None,
                }
            )
    days.sort(key=lambda day: day["date"])
    return days


def cleared_levels(server: Server, player: Player) -> dict[int, int]:
    """Campaign levels ``player`` has cleared (verified wins), with the best stars of each."""
    rows = server.storage.rows(
        "SELECT level, MAX(COALESCE(stars, 1)) AS stars FROM results WHERE player_id = ?"
        " AND level IS NOT NULL AND outcome = 'won' AND verified = 1 GROUP BY level",
        (player.id,),
    )
    return {int(row["level"]): int(row["stars"]) for row in rows}


def check_unlocked(server: Server, player: Player, level: int) -> None:
    """Raise 403 ``level_locked`` unless ``level`` is unlocked for ``player``
    (422 ``bad_settings`` for a level the campaign does not have)."""
    count = len(server.rules.tower_levels())
    if not 1 <= level <= count:
        raise ApiError(422, "bad_settings", f"The tower has levels 1 to {count}, not {level}.")
    unlocked = server.rules.tower_unlocked(set(cleared_levels(server, player)))
    if level not in unlocked:
        raise ApiError(
            403, "level_locked", f"Level {level} unlocks when level {level - 1} is cleared."
        )
