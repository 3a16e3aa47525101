"""Queries about one player's whole record: everything stored for them (to export it,
or to erase it) and the one-time codes and device tokens that sign another browser in.

:data:`PLAYER_ROWS` is the one list of where a player's rows are: each table with the
column that names the player, or the game of the player that the row belongs to. A
table added by a later migration that holds a player's rows belongs in it (a test reads
the schema of both engines and fails for a table with a player or game column that the
list does not name).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from tilematch.server.db.connection import Storage
from tilematch.server.db.protocol import Connection


class PlayerRows(NamedTuple):
    """Where one table keeps a player's rows: ``column`` holds the player's id, or (with
    ``of_game``) the id of one of the player's games."""

    table: str
    column: str
    of_game: bool = False


#: Every table holding a player's rows, in the order they are erased (rows that refer
#: to others first, ``players`` last).
PLAYER_ROWS: tuple[PlayerRows, ...] = (
    PlayerRows("moves", "game_id", of_game=True),
    PlayerRows("game_starts", "game_id", of_game=True),
    PlayerRows("results", "player_id"),
    PlayerRows("link_codes", "player_id"),
    PlayerRows("player_devices", "player_id"),
    PlayerRows("layouts", "player_id"),
    PlayerRows("games", "player_id"),
    PlayerRows("players", "id"),
)

_PLAYER_GAMES = "SELECT id FROM games WHERE player_id = ?"


def _where(rows: PlayerRows) -> str:
    if rows.of_game:
        return f"{rows.column} IN ({_PLAYER_GAMES})"
    return f"{rows.column} = ?"


def erase_player(conn: Connection, player_id: str) -> dict[str, int]:
    """Delete every row of ``player_id`` in an open transaction (:data:`PLAYER_ROWS`);
    returns the rows deleted per table."""
    deleted: dict[str, int] = {}
    for rows in PLAYER_ROWS:
        cursor = conn.execute(f"DELETE FROM {rows.table} WHERE {_where(rows)}", (player_id,))
        deleted[rows.table] = max(0, int(cursor.rowcount))
    return deleted


def player_exists(conn: Connection, player_id: str) -> bool:
    """Whether the player is stored (in an open transaction)."""
    return conn.execute("SELECT 1 FROM players WHERE id = ?", (player_id,)).fetchone() is not None


def player_name(storage: Storage, player_id: str) -> str | None:
    """The display name of a player (``None`` without one, or for no such player)."""
    row = storage.row("SELECT name FROM players WHERE id = ?", (player_id,))
    return None if row is None else row["name"]


def player_created(storage: Storage, player_id: str) -> float | None:
    """When the player was created (``None`` for no such player)."""
    row = storage.row("SELECT created FROM players WHERE id = ?", (player_id,))
    return None if row is None else float(row["created"])


def game_ids(storage: Storage, player_id: str) -> list[str]:
    """The ids of every game of the player."""
    return [str(row["id"]) for row in storage.rows(_PLAYER_GAMES, (player_id,))]


def all_games(storage: Storage, player_id: str) -> list[dict[str, Any]]:
    """Every game of the player, oldest first, with its settings and state as stored
    (JSON text)."""
    return storage.rows(
        "SELECT id, game, mode, board, variant, seed, settings, state, status, tiles_left,"
        " score, created, updated, finished, daily_date, level, utc_offset, seq"
        " FROM games WHERE player_id = ? ORDER BY created, id",
        (player_id,),
    )


def all_moves(storage: Storage, player_id: str) -> list[dict[str, Any]]:
    """Every move of the player's games, by game and move number (``intent`` as JSON text)."""
    return storage.rows(
        "SELECT m.game_id, m.seq, m.at, m.intent FROM moves AS m"
        " JOIN games AS g ON g.id = m.game_id WHERE g.player_id = ?"
        " ORDER BY m.game_id, m.seq",
        (player_id,),
    )


#: The columns of ``results`` an export holds, in the order of its CSV file.
RESULT_COLUMNS = (
    "game_id",
    "game",
    "mode",
    "board",
    "variant",
    "outcome",
    "score",
    "time",
    "moves",
    "hints",
    "undos",
    "shuffles",
    "verified",
    "finished",
    "daily_date",
    "solved_on",
    "level",
    "stars",
    "unranked",
)


def all_results(storage: Storage, player_id: str) -> list[dict[str, Any]]:
    """Every result of the player, oldest first (:data:`RESULT_COLUMNS`; ``verified`` as
    a bool)."""
    rows = storage.rows(
        f"SELECT {', '.join(RESULT_COLUMNS)} FROM results WHERE player_id = ?"
        " ORDER BY finished, game_id",
        (player_id,),
    )
    for row in rows:
        row["verified"] = bool(row["verified"])
    return rows


def insert_link_code(
    conn: Connection, code_hash: str, player_id: str, now: float, expires: float
) -> None:
    """Store a new one-time code of ``player_id`` and drop the player's earlier unused
    ones (one code works at a time), and every code of anyone that expired a day ago
    (until then a late code is told apart from a wrong one)."""
    conn.execute("DELETE FROM link_codes WHERE expires < ?", (now - 86_400.0,))
    conn.execute("DELETE FROM link_codes WHERE player_id = ? AND used IS NULL", (player_id,))
    conn.execute(
        "INSERT INTO link_codes (code_hash, player_id, created, expires, used)"
        " VALUES (?, ?, ?, ?, NULL)",
        (code_hash, player_id, now, expires),
    )


def link_code(conn: Connection, code_hash: str) -> tuple[str, float, float | None] | None:
    """``(player_id, expires, used)`` of a stored code, or ``None`` for no such code."""
    row = conn.execute(
        "SELECT player_id, expires, used FROM link_codes WHERE code_hash = ?", (code_hash,)
    ).fetchone()
    if row is None:
        return None
    return str(row[0]), float(row[1]), None if row[2] is None else float(row[2])


def use_link_code(conn: Connection, code_hash: str, now: float) -> bool:
    """Mark a code used at ``now`` unless it was used or expired; returns whether this
    call used it (of two callers racing, one)."""
    cursor = conn.execute(
        "UPDATE link_codes SET used = ? WHERE code_hash = ? AND used IS NULL AND expires > ?",
        (now, code_hash, now),
    )
    return int(cursor.rowcount) == 1


def insert_device(conn: Connection, token_hash: str, player_id: str, now: float) -> None:
    """Store the token of another device signed in as ``player_id``."""
    conn.execute(
        "INSERT INTO player_devices (token_hash, player_id, created) VALUES (?, ?, ?)",
        (token_hash, player_id, now),
    )


def device_count(storage: Storage, player_id: str) -> int:
    """How many other devices are signed in as the player."""
    row = storage.row("SELECT COUNT(*) AS n FROM player_devices WHERE player_id = ?", (player_id,))
    return int(row["n"]) if row is not None else 0
