"""Read and write a test's database directly, outside the server, on either engine.

``Stored(target)`` opens the SQLite file or the PostgreSQL URL a test's server
uses; its statements are written once with ``?`` placeholders, as the server's
own queries are, and rows come back as tuples. Writes commit at once.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from types import TracebackType
from typing import Any

from tilematch.server.db import is_postgres_url
from tilematch.server.db.dialect import POSTGRES, SQLITE, postgres_query

__all__ = ["GAME_TABLES", "Stored", "store_old_game", "stored_tables", "table_dump"]

#: The tables that hold what players did, in the order their rows depend on each other.
GAME_TABLES = ("players", "games", "moves", "results", "game_starts")


class Stored:
    """A direct connection to a SQLite file or a PostgreSQL database (autocommit)."""

    def __init__(self, target: Path | str) -> None:
        self.postgres = is_postgres_url(target)
        if self.postgres:
            import psycopg

            self.conn: Any = psycopg.connect(str(target), autocommit=True)
        else:
            self.conn = sqlite3.connect(target, isolation_level=None)

    def rows(self, sql: str, params: tuple[Any, ...] | list[Any] = ()) -> list[tuple[Any, ...]]:
        """Every row of a query, as tuples."""
        return [tuple(row) for row in self._run(sql, params).fetchall()]

    def value(self, sql: str, params: tuple[Any, ...] | list[Any] = ()) -> Any:
        """The first column of the first row (``None`` when there is no row)."""
        row = self._run(sql, params).fetchone()
        return None if row is None else row[0]

    def execute(self, sql: str, params: tuple[Any, ...] | list[Any] = ()) -> int:
        """Run one statement (committed at once); returns the rows it changed."""
        return int(self._run(sql, params).rowcount)

    def script(self, sql: str) -> None:
        """Run several statements separated by ``;`` (no ``;`` inside a literal)."""
        for statement in sql.split(";"):
            if statement.strip():
                self.execute(statement)

    def _run(self, sql: str, params: tuple[Any, ...] | list[Any]) -> Any:
        return self.conn.execute(postgres_query(sql) if self.postgres else sql, params)

    def close(self) -> None:
        """Close the connection."""
        self.conn.close()

    def __enter__(self) -> Stored:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()


def store_old_game(
    stored: Stored,
    game_id: str,
    player_id: str,
    state: dict[str, Any],
    *,
    tiles_left: int,
    score: int = 0,
) -> None:
    """Write a playing 4x4 Shisen-Sho Classic game of seed 11 as an older release left
    it: ``state`` (a saved game of any format, its ``settings`` and ``log`` included)
    and one row in ``moves`` for each entry of the log."""
    log = state["log"]
    stored.execute(
        "INSERT INTO games (id, player_id, game, mode, board, variant, seed, settings,"
        " state, status, tiles_left, score, created, updated, seq)"
        " VALUES (?, ?, 'shisensho', 'classic', '4x4', '', 11, ?, ?, 'playing', ?, ?, ?, ?, ?)",
        (
            game_id,
            player_id,
            json.dumps(state["settings"]),
            json.dumps(state),
            tiles_left,
            score,
            state["start"],
            log[-1]["t"],
            len(log),
        ),
    )
    for seq, entry in enumerate(log, start=1):
        intent = {k: v for k, v in entry.items() if k != "t"}
        stored.execute(
            "INSERT INTO moves VALUES (?, ?, ?, ?)", (game_id, seq, entry["t"], json.dumps(intent))
        )


def stored_tables(stored: Stored) -> list[str]:
    """Every table of the database but ``schema_migrations``: :data:`GAME_TABLES` first,
    then those of later migrations, by name."""
    dialect = POSTGRES if stored.postgres else SQLITE
    names = [row[0] for row in stored.rows(dialect.tables_sql) if row[0] != "schema_migrations"]
    return [*(t for t in GAME_TABLES if t in names), *sorted(set(names) - set(GAME_TABLES))]


def table_dump(target: Path | str) -> list[tuple[Any, ...]]:
    """Every stored row, to compare stored data before and after a request (or between
    two databases: floats as stored, rows in key order)."""
    with Stored(target) as stored:
        rows: list[tuple[Any, ...]] = []
        for table in stored_tables(stored):
            rows += [(table, *row) for row in stored.rows(f"SELECT * FROM {table} ORDER BY 1, 2")]
        return rows
