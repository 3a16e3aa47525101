"""Queries on ``players``: create, find by token (of any of its devices), rename, set the
language."""

from __future__ import annotations

from typing import Any

from tilematch.server.db.connection import Storage
from tilematch.server.db.protocol import Connection


def insert_player(conn: Connection, player_id: str, token_hash: str, now: float) -> None:
    """Store a new anonymous player (no name yet)."""
    conn.execute(
        "INSERT INTO players (id, token_hash, name, created) VALUES (?, ?, NULL, ?)",
        (player_id, token_hash, now),
    )


def player_by_token(storage: Storage, token_hash: str) -> dict[str, Any] | None:
    """``{"id", "name", "locale"}`` of the player whose token has this hash (the token it
    was made with, or one of another device it signed in), or ``None``."""
    row = storage.row(
        "SELECT id, name, locale FROM players WHERE token_hash = ? UNION ALL"
        " SELECT p.id, p.name, p.locale FROM player_devices AS d"
        " JOIN players AS p ON p.id = d.player_id"
        " WHERE d.token_hash = ?",
        (token_hash, token_hash),
    )
    return dict(row) if row is not None else None


def rename_player(conn: Connection, player_id: str, name: str) -> None:
    """Set a player's display name."""
    conn.execute("UPDATE players SET name = ? WHERE id = ?", (name, player_id))


def set_player_locale(conn: Connection, player_id: str, locale: str | None) -> None:
    """Set a player's language (``None``: follow the browser)."""
    conn.execute("UPDATE players SET locale = ? WHERE id = ?", (locale, player_id))


def player_locale(storage: Storage, player_id: str) -> str | None:
    """The language a player chose, or ``None``."""
    row = storage.row("SELECT locale FROM players WHERE id = ?", (player_id,))
    return None if row is None else row["locale"]
