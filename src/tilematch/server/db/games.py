"""Queries on ``games`` and ``moves``: a game's row, its move log, a player's games."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import astuple, dataclass
from typing import Any, TypedDict

from tilematch.server.db.connection import Storage
from tilematch.server.db.errors import IntegrityFailure
from tilematch.server.db.postgres import PostgresStorage
from tilematch.server.db.protocol import Connection


class Filing(TypedDict):
    """What a stored game and its result are filed under (the leaderboards' keys)."""

    game: str
    mode: str
    board: str
    variant: str


@dataclass(frozen=True)
class GameRecord:
    """A new ``games`` row (``settings`` and ``state`` as JSON text).

    ``state`` is the game's start record (save format, settings, start time, an
    empty log): it is written once. The moves are the ``moves`` rows, and a game
    is restored by replaying them on it.
    """

    id: str
    player_id: str
    game: str
    mode: str
    board: str
    variant: str
    seed: int | None
    settings: str
    state: str
    status: str
    tiles_left: int
    score: int | None
    created: float
    updated: float
    finished: float | None = None
    daily_date: str | None = None
    level: int | None = None
    #: a Daily game's player: minutes east of UTC (their calendar decides the streak)
    utc_offset: int | None = None


def insert_game(conn: Connection, record: GameRecord) -> None:
    """Store a new game (a solo game when it starts, a duel when it ends)."""
    conn.execute(
        "INSERT INTO games (id, player_id, game, mode, board, variant, seed, settings,"
        " state, status, tiles_left, score, created, updated, finished, daily_date, level,"
        " utc_offset) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        astuple(record),
    )


def live_game(storage: Storage, game_id: str) -> dict[str, Any] | None:
    """What restoring a game needs: its owner, mode, settings, start record (``state``),
    status, times, daily date, level, the ``seq`` of its last move (0 before the
    first) and its moves numbered 1 to ``seq`` (``moves``: ``(time, intent JSON)`` in
    order), read in one statement so that they are of one moment."""
    rows = storage.rows(
        "SELECT g.id, g.player_id, g.mode, g.settings, g.state, g.status, g.created,"
        " g.daily_date, g.level, g.seq, m.seq AS number, m.at, m.intent"
        " FROM games AS g LEFT JOIN moves AS m ON m.game_id = g.id AND m.seq <= g.seq"
        " WHERE g.id = ? ORDER BY m.seq",
        (game_id,),
    )
    if not rows:
        return None
    game = {key: value for key, value in rows[0].items() if key not in ("number", "at", "intent")}
    game["moves"] = [
        (float(row["at"]), str(row["intent"])) for row in rows if row["number"] is not None
    ]
    return game


def game_mark(storage: Storage, game_id: str) -> tuple[int, str, int, int | None] | None:
    """``(seq, status, tiles_left, score)`` of a game as stored, or ``None`` for an unknown
    game: one read of the primary key, to tell whether a session held in memory is still
    the stored one (``seq`` is the number of its last move, 0 before the first)."""
    row = storage.row("SELECT seq, status, tiles_left, score FROM games WHERE id = ?", (game_id,))
    if row is None:
        return None
    score = row["score"]
    return (
        int(row["seq"]),
        str(row["status"]),
        int(row["tiles_left"] or 0),
        None if score is None else int(score),
    )


def game_row(storage: Storage, game_id: str) -> dict[str, Any] | None:
    """Every column of one game, or ``None``."""
    row = storage.row("SELECT * FROM games WHERE id = ?", (game_id,))
    return dict(row) if row is not None else None


def game_settings(storage: Storage, game_id: str) -> dict[str, Any] | None:
    """``{"player_id", "settings", "daily_date", "level"}`` of one game, or ``None``."""
    row = storage.row(
        "SELECT player_id, settings, daily_date, level FROM games WHERE id = ?", (game_id,)
    )
    return dict(row) if row is not None else None


def player_games(
    storage: Storage, player_id: str, statuses: Sequence[str], which: str, limit: int
) -> list[dict[str, Any]]:
    """A player's games, most recently played first: ``which`` is ``"unfinished"``
    (status in ``statuses``), ``"finished"`` (status not in them) or ``"all"``."""
    placeholders = ",".join("?" for _ in statuses)
    where = {
        "unfinished": f"AND status IN ({placeholders})",
        "finished": f"AND status NOT IN ({placeholders})",
        "all": "",
    }[which]
    params: list[Any] = [player_id, *(statuses if where else ()), limit]
    rows = storage.rows(
        "SELECT id, game, mode, board, variant, seed, status, tiles_left, score, created,"
        f" updated, daily_date, level FROM games WHERE player_id = ? {where}"
        " ORDER BY updated DESC LIMIT ?",
        params,
    )
    return [dict(row) for row in rows]


def latest_daily_game(storage: Storage, player_id: str, day: str) -> str | None:
    """The id of the player's most recent game of that Daily date, or ``None``."""
    row = storage.row(
        "SELECT id FROM games WHERE player_id = ? AND daily_date = ? ORDER BY created DESC LIMIT 1",
        (player_id, day),
    )
    return str(row["id"]) if row is not None else None


def daily_dates_played(storage: Storage, player_id: str) -> list[str]:
    """Every Daily date the player has matched a pair in (opening a date is not playing)."""
    rows = storage.rows(
        "SELECT DISTINCT g.daily_date FROM games AS g WHERE g.player_id = ?"
        " AND g.daily_date IS NOT NULL AND EXISTS (SELECT 1 FROM moves AS m"
        " WHERE m.game_id = g.id AND m.intent LIKE ?)",
        (player_id, '{"type":"match"%'),
    )
    return [row["daily_date"] for row in rows]


def utc_offset(storage: Storage, game_id: str) -> int | None:
    """The UTC offset (minutes east) stored with a Daily game, or ``None``."""
    row = storage.row("SELECT utc_offset FROM games WHERE id = ?", (game_id,))
    return None if row is None or row["utc_offset"] is None else int(row["utc_offset"])


def set_utc_offset(storage: Storage, game_id: str, minutes: int) -> None:
    """Store the UTC offset a player's page gave when it opened their Daily game again."""
    with storage.transaction() as conn:
        conn.execute("UPDATE games SET utc_offset = ? WHERE id = ?", (minutes, game_id))


def insert_move(conn: Connection, game_id: str, seq: int, at: float, intent: str) -> bool:
    """Append move ``seq`` (``intent`` as JSON text) to a game's log; returns ``False``
    (and writes nothing) when the log already holds a move of that number."""
    cursor = conn.execute(
        "INSERT INTO moves (game_id, seq, at, intent) VALUES (?, ?, ?, ?)"
        " ON CONFLICT (game_id, seq) DO NOTHING",
        (game_id, seq, at, intent),
    )
    return int(cursor.rowcount) == 1


def update_game(
    conn: Connection,
    game_id: str,
    *,
    seq: int,
    status: str,
    tiles_left: int,
    score: int | None,
    updated: float,
    finished: float | None,
) -> bool:
    """Mark a game as at its move ``seq`` (with the status, tiles left and score that
    move led to), only if the stored game is still at move ``seq - 1``
    (compare-and-set); returns whether it was.

    ``False`` means another writer stored move ``seq`` first: the caller rolls back.
    """
    cursor = conn.execute(
        "UPDATE games SET status = ?, tiles_left = ?, score = ?,"
        " updated = ?, finished = ?, seq = ? WHERE id = ? AND seq = ?",
        (status, tiles_left, score, updated, finished, seq, game_id, seq - 1),
    )
    return int(cursor.rowcount) == 1


@dataclass(frozen=True)
class MoveRecord:
    """A game's move ``seq`` (``intent`` as JSON) with what the game's row says after
    it: status, tiles left, score and, at the end, when it finished."""

    game_id: str
    seq: int
    at: float
    intent: str
    status: str
    tiles_left: int
    score: int | None
    finished: float | None


#: A move on PostgreSQL in one statement: the compare-and-set of the game's row and,
#: only when it matched, the move row (a move row already there fails the whole
#: statement, so neither is stored).
_FUSED_MOVE = (
    "WITH game AS (UPDATE games SET status = ?, tiles_left = ?, score = ?,"
    " updated = ?, finished = ?, seq = ? WHERE id = ? AND seq = ? RETURNING id)"
    " INSERT INTO moves (game_id, seq, at, intent) SELECT id, ?, ?, ? FROM game"
)


def store_move(storage: Storage, move: MoveRecord) -> bool:
    """Store ``move`` and mark the game's row with it, only if the stored game is still at move
    ``move.seq - 1``; returns whether it was (``False``: nothing is stored, another
    writer stored that move first).

    On PostgreSQL this is one statement in one round trip; on SQLite one transaction
    of :func:`update_game` and :func:`insert_move`. Raises what the storage raises
    when the database fails (nothing stored).
    """
    backend = storage.backend
    if isinstance(backend, PostgresStorage):
        try:
            return (
                backend.statement(
                    _FUSED_MOVE,
                    (
                        move.status,
                        move.tiles_left,
                        move.score,
                        move.at,
                        move.finished,
                        move.seq,
                        move.game_id,
                        move.seq - 1,
                        move.seq,
                        move.at,
                        move.intent,
                    ),
                )
                == 1
            )
        except IntegrityFailure:  # the move row exists: the game moved on meanwhile
            return False
    try:
        with storage.transaction() as conn:
            if not store_move_in(conn, move):
                raise _NotStored  # roll the game's row back too
    except _NotStored:
        return False
    return True


class _NotStored(Exception):
    """A move whose compare-and-set or move row failed: its transaction rolls back."""


def store_move_in(conn: Connection, move: MoveRecord) -> bool:
    """:func:`store_move` inside an open transaction (the caller rolls back on
    ``False``): the compare-and-set of :func:`update_game`, then the move row."""
    return update_game(
        conn,
        move.game_id,
        seq=move.seq,
        status=move.status,
        tiles_left=move.tiles_left,
        score=move.score,
        updated=move.at,
        finished=move.finished,
    ) and insert_move(conn, move.game_id, move.seq, move.at, move.intent)


def claim_start(conn: Connection, key: str, game_id: str) -> bool:
    """Record ``game_id`` as the one game started for ``key`` (e.g. a player's first
    Daily of a date); returns ``False`` (writing nothing) when ``key`` already has one."""
    cursor = conn.execute(
        "INSERT INTO game_starts (start_key, game_id) VALUES (?, ?)"
        " ON CONFLICT (start_key) DO NOTHING",
        (key, game_id),
    )
    return int(cursor.rowcount) == 1


def mark_and_moves_after(
    storage: Storage, game_id: str, seq: int, most: int
) -> tuple[tuple[int, str, int, int | None] | None, list[tuple[int, float, str]]]:
    """:func:`game_mark` of a game and its moves numbered ``seq + 1`` to ``seq + most``
    (``(seq, time, intent JSON)`` in order), read together in one statement, so that
    both come from the same moment; ``(None, [])`` for an unknown game."""
    rows = storage.rows(
        "SELECT g.seq AS mark, g.status, g.tiles_left, g.score, m.seq, m.at, m.intent"
        " FROM games AS g LEFT JOIN moves AS m"
        " ON m.game_id = g.id AND m.seq > ? AND m.seq <= ?"
        " WHERE g.id = ? ORDER BY m.seq",
        (seq, seq + most, game_id),
    )
    if not rows:
        return None, []
    first = rows[0]
    score = first["score"]
    mark = (
        int(first["mark"]),
        str(first["status"]),
        int(first["tiles_left"] or 0),
        None if score is None else int(score),
    )
    moves = [
        (int(row["seq"]), float(row["at"]), str(row["intent"]))
        for row in rows
        if row["seq"] is not None
    ]
    return mark, moves


def moves(storage: Storage, game_id: str) -> list[tuple[float, str]]:
    """A game's move log in order, as ``(time, intent JSON)``."""
    rows = storage.rows("SELECT at, intent FROM moves WHERE game_id = ? ORDER BY seq", (game_id,))
    return [(float(row["at"]), str(row["intent"])) for row in rows]
