"""The schema: its migrations, in order, and the runner that applies them.

``schema_migrations`` records each applied migration; :data:`MIGRATIONS`
lists them in order. Opening an older file applies the missing steps in
place, each in its own transaction; a file written by a newer release (a
version this code does not know) is refused rather than guessed at.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from typing import NamedTuple


class StorageError(RuntimeError):
    """The database cannot be opened or migrated; the message says why."""


class Migration(NamedTuple):
    """One step of the schema: its version number, a name and the SQL script."""

    version: int
    name: str
    script: str


MIGRATIONS: tuple[Migration, ...] = (
    Migration(
        1,
        "players, games and move logs",
        """
        CREATE TABLE players (
            id TEXT PRIMARY KEY,
            token_hash TEXT NOT NULL UNIQUE,
            name TEXT,
            created REAL NOT NULL
        );
        CREATE TABLE games (
            id TEXT PRIMARY KEY,
            player_id TEXT NOT NULL REFERENCES players(id),
            game TEXT NOT NULL,
            mode TEXT NOT NULL,
            board TEXT NOT NULL,
            seed INTEGER,
            settings TEXT NOT NULL,
            state TEXT NOT NULL,
            status TEXT NOT NULL,
            tiles_left INTEGER,
            score INTEGER,
            created REAL NOT NULL,
            updated REAL NOT NULL
        );
        CREATE INDEX games_by_player ON games(player_id, updated);
        CREATE TABLE moves (
            game_id TEXT NOT NULL REFERENCES games(id),
            seq INTEGER NOT NULL,
            at REAL NOT NULL,
            intent TEXT NOT NULL,
            PRIMARY KEY (game_id, seq)
        ) WITHOUT ROWID;
        """,
    ),
    Migration(
        2,
        "results of finished games for history and leaderboards",
        """
        ALTER TABLE games ADD COLUMN finished REAL;
        CREATE TABLE results (
            game_id TEXT PRIMARY KEY REFERENCES games(id),
            player_id TEXT NOT NULL REFERENCES players(id),
            game TEXT NOT NULL,
            mode TEXT NOT NULL,
            board TEXT NOT NULL,
            variant TEXT NOT NULL DEFAULT '',
            outcome TEXT NOT NULL,
            score INTEGER,
            time REAL NOT NULL,
            moves INTEGER NOT NULL DEFAULT 0,
            hints INTEGER NOT NULL DEFAULT 0,
            undos INTEGER NOT NULL DEFAULT 0,
            shuffles INTEGER NOT NULL DEFAULT 0,
            verified INTEGER NOT NULL,
            finished REAL NOT NULL
        );
        CREATE INDEX results_by_player ON results(player_id, finished);
        CREATE INDEX results_by_board ON results(game, mode, board, variant, score);
        """,
    ),
    Migration(
        3,
        "daily challenge dates, campaign levels and score variants on games",
        """
        ALTER TABLE games ADD COLUMN variant TEXT NOT NULL DEFAULT '';
        ALTER TABLE games ADD COLUMN daily_date TEXT;
        ALTER TABLE games ADD COLUMN level INTEGER;
        ALTER TABLE results ADD COLUMN daily_date TEXT;
        ALTER TABLE results ADD COLUMN level INTEGER;
        ALTER TABLE results ADD COLUMN stars INTEGER;
        CREATE INDEX games_by_daily ON games(player_id, daily_date, created);
        CREATE INDEX results_by_daily ON results(daily_date, outcome);
        CREATE INDEX results_by_level ON results(player_id, level);
        """,
    ),
    Migration(
        4,
        "the number of each game's last move, and one first start of a date",
        """
        ALTER TABLE games ADD COLUMN seq INTEGER NOT NULL DEFAULT 0;
        UPDATE games SET seq = (SELECT COALESCE(MAX(moves.seq), 0) FROM moves
            WHERE moves.game_id = games.id);
        CREATE TABLE game_starts (
            start_key TEXT PRIMARY KEY,
            game_id TEXT NOT NULL REFERENCES games(id)
        );
        """,
    ),
)

#: The schema version this release writes.
SCHEMA_VERSION = MIGRATIONS[-1].version


def schema_version(conn: sqlite3.Connection) -> int:
    """The highest applied migration (0 for an empty database)."""
    exists = conn.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'"
    ).fetchone()
    if not exists:
        return 0
    row = conn.execute("SELECT MAX(version) FROM schema_migrations").fetchone()
    return int(row[0] or 0)


def check_database(conn: sqlite3.Connection) -> int:
    """The schema version of a file this release can use (0 for an empty one).

    Raises :class:`StorageError` for a file written by a newer release, or a
    database of another program (tables but no ``schema_migrations``); reads only.
    """
    current = schema_version(conn)
    if current > SCHEMA_VERSION:
        raise StorageError(
            f"the database has schema version {current}, newer than this release "
            f"understands ({SCHEMA_VERSION}); upgrade tilematch to use it"
        )
    if current == 0:
        foreign = [
            row[0]
            for row in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'"
                " AND name NOT LIKE 'sqlite%' AND name != 'schema_migrations' ORDER BY name"
            )
        ]
        if foreign:
            raise StorageError(
                "the file is a SQLite database of another program (tables "
                f"{', '.join(foreign[:5])}), not a tilematch database; it was left unchanged"
            )
    return current


def migrate(conn: sqlite3.Connection, now: float, upto: int | None = None) -> list[int]:
    """Apply the missing migrations (up to ``upto``, default all); returns the versions applied.

    Raises :class:`StorageError` when the file is newer than this release or holds
    another program's tables (then nothing is written to it).
    """
    target = SCHEMA_VERSION if upto is None else upto
    current = check_database(conn)
    conn.execute(
        "CREATE TABLE IF NOT EXISTS schema_migrations ("
        "version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied REAL NOT NULL)"
    )
    applied = []
    for step in MIGRATIONS:
        if current < step.version <= target:
            try:
                conn.execute("BEGIN IMMEDIATE")
                for statement in _statements(step.script):
                    conn.execute(statement)
                conn.execute(
                    "INSERT INTO schema_migrations (version, name, applied) VALUES (?, ?, ?)",
                    (step.version, step.name, now),
                )
                conn.execute("COMMIT")
            except sqlite3.Error as error:
                conn.execute("ROLLBACK")
                raise StorageError(
                    f"migration {step.version} ({step.name}) failed: {error}"
                ) from None
            applied.append(step.version)
    return applied


def _statements(script: str) -> Iterator[str]:
    for part in script.split(";"):
        if part.strip():
            yield part.strip()
