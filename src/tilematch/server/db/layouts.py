"""Queries on ``layouts``: the players' own layouts and outlines, and their share codes.

``cells`` holds the board as JSON text: ``[[x, y, z], ...]`` for a layout of kind
``stack``, ``["##..", ...]`` for a Shisen-Sho outline of kind ``grid``.
"""

from __future__ import annotations

from dataclasses import astuple, dataclass
from typing import Any

from tilematch.server.db.connection import Storage
from tilematch.server.db.protocol import Connection

_COLUMNS = "id, kind, name, cells, tiles, share_code, created, updated"


@dataclass(frozen=True)
class LayoutRecord:
    """A new ``layouts`` row."""

    id: str
    player_id: str
    kind: str
    name: str
    cells: str
    tiles: int
    share_code: str
    created: float
    updated: float


def hold_player(conn: Connection, player_id: str) -> None:
    """Lock the player's row until the transaction ends (on PostgreSQL; a SQLite write
    transaction holds the whole file), so that two saves at once count the quota once."""
    conn.execute("UPDATE players SET created = created WHERE id = ?", (player_id,))


def count_layouts(conn: Connection, player_id: str) -> int:
    """How many layouts the player keeps."""
    row = conn.execute("SELECT COUNT(*) FROM layouts WHERE player_id = ?", (player_id,))
    return int(row.fetchone()[0])


def insert_layout(conn: Connection, record: LayoutRecord) -> None:
    """Store a new layout."""
    conn.execute(
        "INSERT INTO layouts (id, player_id, kind, name, cells, tiles, share_code, created,"
        " updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        astuple(record),
    )


def player_layouts(storage: Storage, player_id: str) -> list[dict[str, Any]]:
    """The player's layouts, most recently changed first."""
    return storage.rows(
        f"SELECT {_COLUMNS} FROM layouts WHERE player_id = ? ORDER BY updated DESC, id",
        (player_id,),
    )


def player_layout(storage: Storage, player_id: str, layout_id: str) -> dict[str, Any] | None:
    """One layout of the player, or ``None`` (unknown, or another player's)."""
    return storage.row(
        f"SELECT {_COLUMNS} FROM layouts WHERE id = ? AND player_id = ?", (layout_id, player_id)
    )


def shared_layout(storage: Storage, share_code: str) -> dict[str, Any] | None:
    """The layout with this share code (with its ``player_id`` and owner's ``owner``
    name), or ``None``."""
    return storage.row(
        "SELECT l.id, l.kind, l.name, l.cells, l.tiles, l.share_code, l.created, l.updated,"
        " l.player_id, p.name AS owner FROM layouts AS l JOIN players AS p"
        " ON p.id = l.player_id WHERE l.share_code = ?",
        (share_code,),
    )


def update_layout(
    conn: Connection, player_id: str, layout_id: str, changes: dict[str, Any], now: float
) -> bool:
    """Change ``name``, ``cells`` and ``tiles`` of one of the player's layouts (the keys
    of ``changes``); returns whether it exists."""
    columns = [key for key in ("name", "cells", "tiles") if key in changes]
    assigned = "".join(f"{key} = ?, " for key in columns)
    cursor = conn.execute(
        f"UPDATE layouts SET {assigned}updated = ? WHERE id = ? AND player_id = ?",
        (*(changes[key] for key in columns), now, layout_id, player_id),
    )
    return cursor.rowcount > 0


def delete_layout(conn: Connection, player_id: str, layout_id: str) -> bool:
    """Delete one of the player's layouts; returns whether it existed."""
    cursor = conn.execute(
        "DELETE FROM layouts WHERE id = ? AND player_id = ?", (layout_id, player_id)
    )
    return cursor.rowcount > 0
