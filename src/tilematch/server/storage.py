"""SQLite storage: one database file in WAL mode, a versioned schema migrated on start.

The database is the truth about every game. A move is acknowledged only
after its row is committed (see :mod:`tilematch.server.games`).

``schema_migrations`` records each applied migration; :data:`MIGRATIONS`
lists them in order. Opening an older file applies the missing steps in
place, each in its own transaction; a file written by a newer release (a
version this code does not know) is refused rather than guessed at.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NamedTuple


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


class Storage:
    """Two SQLite connections shared by the server's threads, each guarded by a lock:
    one for writes, one for reads (in WAL mode readers never wait for a writer).

    Use :meth:`transaction` for writes (``BEGIN IMMEDIATE`` ... ``COMMIT``, rolled
    back on any exception) and :meth:`rows` / :meth:`row` for reads, which see
    every committed transaction.
    """

    def __init__(self, path: Path | str, *, now: float, synchronous: str = "NORMAL") -> None:
        if synchronous.upper() not in ("OFF", "NORMAL", "FULL", "EXTRA"):
            raise StorageError(f"unknown synchronous level {synchronous!r}")
        self.path = Path(path)
        if str(path) != ":memory:":
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as error:
                raise StorageError(f"cannot create {self.path.parent}: {error}") from None
        try:
            self.conn = sqlite3.connect(
                str(path), check_same_thread=False, isolation_level=None, timeout=10.0
            )
        except sqlite3.Error as error:
            raise StorageError(f"cannot open {path}: {error}") from None
        self.lock = threading.RLock()
        try:
            check_database(self.conn)  # before any pragma writes to a file that is not ours
            self.conn.execute("PRAGMA journal_mode = WAL")
            self.conn.execute(f"PRAGMA synchronous = {synchronous.upper()}")
            self.conn.execute("PRAGMA foreign_keys = ON")
            self.conn.execute("PRAGMA busy_timeout = 10000")
            self.applied = migrate(self.conn, now)
        except sqlite3.DatabaseError as error:
            self.conn.close()
            raise StorageError(f"{path} is not a usable tilematch database: {error}") from None
        except StorageError:
            self.conn.close()
            raise
        self.reader = self.conn
        self.read_lock = self.lock
        if str(path) != ":memory:":
            self.reader = sqlite3.connect(
                str(path), check_same_thread=False, isolation_level=None, timeout=10.0
            )
            self.reader.execute("PRAGMA busy_timeout = 10000")
            self.read_lock = threading.RLock()

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """A write transaction; commits on success, rolls back on any exception."""
        with self.lock:
            self.conn.execute("BEGIN IMMEDIATE")
            try:
                yield self.conn
            except BaseException:
                self.conn.execute("ROLLBACK")
                raise
            try:
                self.conn.execute("COMMIT")
            except sqlite3.Error:
                if self.conn.in_transaction:
                    self.conn.execute("ROLLBACK")
                raise

    def rows(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        """All rows of a query, as :class:`sqlite3.Row` (columns by name)."""
        with self.read_lock:
            cursor = self.reader.execute(sql, params)
            cursor.row_factory = sqlite3.Row
            return list(cursor.fetchall())

    def row(self, sql: str, params: Sequence[Any] = ()) -> sqlite3.Row | None:
        """The first row of a query, or ``None``."""
        found = self.rows(sql, params)
        return found[0] if found else None

    @property
    def version(self) -> int:
        """The schema version of the open file."""
        with self.lock:
            return schema_version(self.conn)

    def close(self) -> None:
        """Close the connections (checkpointing the WAL)."""
        with self.read_lock:
            if self.reader is not self.conn:
                self.reader.close()
        with self.lock:
            self.conn.close()
