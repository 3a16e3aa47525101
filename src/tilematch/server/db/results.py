"""Queries on ``results``: storing a finished game, history, bests, leaderboards,
Daily days and campaign levels.

A result is *ranked* when its replay verified it, the rules name no reason to keep
it off the leaderboards (``unranked``: Zen, or a pace no person can play), and it is
a win, or any end but giving up in a mode that ends on the clock
(:data:`CLOCK_MODES`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import astuple, dataclass
from typing import Any

from tilematch.server.db.connection import Storage
from tilematch.server.db.protocol import Connection

#: Modes whose game ends on the clock: any end of them but giving up is ranked.
CLOCK_MODES = ("arcade",)
_RESULT_COLUMNS = (
    "game_id, game, mode, board, variant, outcome, score, time, moves, hints, undos,"
    " shuffles, verified, finished, daily_date, level, stars, unranked"
)
_CLOCK_MODES = ",".join(f"'{mode}'" for mode in CLOCK_MODES)
_RANKED = (
    "verified = 1 AND unranked IS NULL AND"
    f" (outcome = 'won' OR (mode IN ({_CLOCK_MODES}) AND outcome != 'given_up'))"
)


@dataclass(frozen=True)
class ResultRecord:
    """A ``results`` row: how one player's game ended."""

    game_id: str
    player_id: str
    game: str
    mode: str
    board: str
    variant: str
    outcome: str
    score: int | None
    time: float
    moves: int
    hints: int
    undos: int
    shuffles: int
    verified: int
    finished: float
    daily_date: str | None = None
    level: int | None = None
    stars: int | None = None
    #: a Daily game: the player's own calendar date when it ended
    solved_on: str | None = None
    #: why the result is kept off the leaderboards (``None``: it is ranked)
    unranked: str | None = None


def insert_result(conn: Connection, record: ResultRecord) -> bool:
    """Store the result of a finished game, once: a game that has a result already
    keeps it (the first end stored is the truth). Returns whether this call stored it."""
    cursor = conn.execute(
        "INSERT INTO results (game_id, player_id, game, mode, board,"
        " variant, outcome, score, time, moves, hints, undos, shuffles, verified,"
        " finished, daily_date, level, stars, solved_on, unranked)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (game_id) DO NOTHING",
        astuple(record),
    )
    return cursor.rowcount == 1


def history(storage: Storage, player_id: str, limit: int) -> list[dict[str, Any]]:
    """A player's results, newest first (``verified`` as a bool; ``unranked`` the
    reason a result is kept off the leaderboards, or ``None``)."""
    rows = storage.rows(
        f"SELECT {_RESULT_COLUMNS} FROM results WHERE player_id = ? ORDER BY finished DESC LIMIT ?",
        (player_id, limit),
    )
    return [{**dict(row), "verified": bool(row["verified"])} for row in rows]


def bests(storage: Storage, player_id: str) -> list[dict[str, Any]]:
    """Per game, mode, board and variant: played, won, best score and best winning time."""
    rows = storage.rows(
        "SELECT game, mode, board, variant, COUNT(*) AS played,"
        " SUM(CASE WHEN outcome = 'won' THEN 1 ELSE 0 END) AS won,"
        " MAX(CASE WHEN verified = 1 THEN score END) AS best_score,"
        " MIN(CASE WHEN outcome = 'won' AND verified = 1 THEN time END) AS best_time"
        " FROM results WHERE player_id = ? GROUP BY game, mode, board, variant"
        " ORDER BY game, mode, board, variant",
        (player_id,),
    )
    return [dict(row) for row in rows]


#: The games played on a layout (their ``board`` is a layout's name).
LAYERED_GAMES = ("solitaire", "blackwhite")


def layout_records(storage: Storage, player_id: str, game: str | None) -> list[dict[str, Any]]:
    """Per layout the player has finished a game on (the layered games, or only ``game``):
    ``{"layout", "played", "wins", "best_time"}``, where ``wins`` counts verified wins
    and ``best_time`` is the shortest verified win (``None`` without one), by layout."""
    games = LAYERED_GAMES if game is None else (game,)
    marks = ", ".join("?" for _ in games)
    rows = storage.rows(
        "SELECT board AS layout, COUNT(*) AS played,"
        " SUM(CASE WHEN outcome = 'won' AND verified = 1 THEN 1 ELSE 0 END) AS wins,"
        " MIN(CASE WHEN outcome = 'won' AND verified = 1 THEN time END) AS best_time"
        f" FROM results WHERE player_id = ? AND game IN ({marks})"
        " GROUP BY board ORDER BY board",
        (player_id, *games),
    )
    return [{**dict(row), "wins": int(row["wins"] or 0)} for row in rows]


def of_board(
    storage: Storage, player_id: str, game_id: str
) -> tuple[dict[str, Any] | None, list[dict[str, Any]]]:
    """A player's result of ``game_id`` (``None`` when the player has none) and
    their other verified results of the same game, mode, board and variant:
    ``{"game_id", "outcome", "score", "time", "verified"}`` each."""
    columns = "game_id, game, mode, board, variant, outcome, score, time, verified"
    found = storage.rows(
        f"SELECT {columns} FROM results WHERE player_id = ? AND game_id = ?",
        (player_id, game_id),
    )
    if not found:
        return None, []
    this = dict(found[0])
    others = storage.rows(
        f"SELECT {columns} FROM results WHERE player_id = ? AND game = ? AND mode = ?"
        " AND board = ? AND variant = ? AND verified = 1 AND game_id != ?",
        (player_id, this["game"], this["mode"], this["board"], this["variant"], game_id),
    )
    return this, [dict(row) for row in others]


def _standings(
    rows: Iterable[Mapping[str, Any]],
    viewer: str,
    fields: Callable[[Mapping[str, Any]], dict[str, Any]],
) -> list[dict[str, Any]]:
    """Leaderboard entries: ``rank``, ``name`` (``None`` when the player has none: the
    route names them in the reader's language), the board's own ``fields`` and ``you``
    (the viewer's own line)."""
    return [
        {
            "rank": rank,
            "name": row["name"] or None,
            **fields(row),
            "you": row["player_id"] == viewer,
        }
        for rank, row in enumerate(rows, start=1)
    ]


def leaderboard(
    storage: Storage,
    viewer: str,
    *,
    game: str,
    mode: str,
    filters: Mapping[str, str | None],
    limit: int,
) -> list[dict[str, Any]]:
    """Each player's best ranked result, best first (score, then time): entries
    ``{"rank", "name", "score", "time", "hints", "board", "variant", "you"}``. ``filters``
    narrows by ``board``, ``variant`` and ``daily_date`` (``None``: any)."""
    where = ["game = ?", "mode = ?", _RANKED]
    params: list[Any] = [game, mode]
    for column in ("board", "variant", "daily_date"):
        value = filters.get(column)
        if value is not None:
            where.append(f"{column} = ?")
            params.append(value)
    rows = storage.rows(
        "SELECT r.player_id, p.name, r.score, r.time, r.hints, r.board, r.variant, r.finished"
        " FROM ("
        "  SELECT *, ROW_NUMBER() OVER (PARTITION BY player_id"
        "    ORDER BY score IS NULL, score DESC, time ASC, finished ASC, game_id) AS nth"
        f"  FROM results WHERE {' AND '.join(where)}"
        ") AS r JOIN players AS p ON p.id = r.player_id WHERE r.nth = 1"
        " ORDER BY r.score IS NULL, r.score DESC, r.time ASC, r.finished ASC, r.player_id"
        " LIMIT ?",
        (*params, limit),
    )
    return _standings(
        rows,
        viewer,
        lambda row: {key: row[key] for key in ("score", "time", "hints", "board", "variant")},
    )


def duel_leaderboard(
    storage: Storage, viewer: str, opponent: str, limit: int
) -> list[dict[str, Any]]:
    """Players ranked by duel wins (then fewer losses, then tiles) against ``opponent``
    (``"player"`` or ``"rival-<level>"``, with or without gravity): entries
    ``{"rank", "name", "wins", "losses", "draws", "played", "tiles", "you"}``."""
    rows = storage.rows(
        "SELECT r.player_id, p.name,"
        " SUM(CASE WHEN r.outcome = 'won' THEN 1 ELSE 0 END) AS wins,"
        " SUM(CASE WHEN r.outcome = 'lost' THEN 1 ELSE 0 END) AS losses,"
        " SUM(CASE WHEN r.outcome = 'draw' THEN 1 ELSE 0 END) AS draws,"
        " COUNT(*) AS played, SUM(r.score) AS tiles"
        " FROM results AS r JOIN players AS p ON p.id = r.player_id"
        " WHERE r.mode = 'duel' AND r.game = 'shisensho'"
        " AND (r.variant = ? OR r.variant = ?)"
        " GROUP BY r.player_id, p.name ORDER BY wins DESC, losses ASC, tiles DESC,"
        " COALESCE(p.name, ''), r.player_id LIMIT ?",
        (opponent, f"{opponent}/gravity", limit),
    )
    return _standings(
        rows,
        viewer,
        lambda row: {
            "wins": int(row["wins"] or 0),
            "losses": int(row["losses"] or 0),
            "draws": int(row["draws"] or 0),
            "played": int(row["played"]),
            "tiles": int(row["tiles"] or 0),
        },
    )


def daily_results(storage: Storage, player_id: str) -> list[dict[str, Any]]:
    """Every finished Daily game of the player, by date: ``{"date", "solved", "score",
    "time", "hints", "undos", "shuffles", "solved_on"}`` (``solved``: a verified win)."""
    rows = storage.rows(
        "SELECT daily_date AS date, outcome, verified, score, time, hints, undos, shuffles,"
        " solved_on FROM results WHERE player_id = ? AND daily_date IS NOT NULL"
        " ORDER BY daily_date, finished",
        (player_id,),
    )
    return [
        {
            **{key: row[key] for key in ("date", "score", "time", "hints", "undos", "shuffles")},
            "solved": row["outcome"] == "won" and bool(row["verified"]),
            "solved_on": row["solved_on"],
        }
        for row in rows
    ]


def cleared_levels(storage: Storage, player_id: str) -> dict[int, int]:
    """Campaign levels the player cleared (verified wins), with the best stars of each."""
    rows = storage.rows(
        "SELECT level, MAX(COALESCE(stars, 1)) AS stars FROM results WHERE player_id = ?"
        " AND level IS NOT NULL AND outcome = 'won' AND verified = 1 GROUP BY level",
        (player_id,),
    )
    return {int(row["level"]): int(row["stars"]) for row in rows}
