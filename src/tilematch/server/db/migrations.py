"""The schema: its migrations, in order, and the runner that applies them.

``schema_migrations`` records each applied migration; :data:`MIGRATIONS`
lists them in order. Opening an older database applies the missing steps in
place, each in its own transaction; a database written by a newer release (a
version this code does not know) is refused rather than guessed at, and so is
a database of another program (left untouched).

The same list serves SQLite and PostgreSQL: the scripts are written in SQL both
accept, with SQLite's type names, and :mod:`~tilematch.server.db.dialect`
translates them for PostgreSQL. On PostgreSQL each step takes an advisory lock
and reads the version again under it, so processes starting at once migrate once.
"""

from __future__ import annotations

import contextlib
import sqlite3
from typing import NamedTuple

from tilematch.server.db.dialect import SQLITE, Dialect
from tilematch.server.db.errors import StorageError, StorageFailure
from tilematch.server.db.protocol import Connection

__all__ = ["MIGRATIONS", "SCHEMA_VERSION", "Migration", "StorageError", "migrate"]


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
    Migration(
        5,
        "the player's UTC offset of a Daily game, and the local date of its end",
        """
        ALTER TABLE games ADD COLUMN utc_offset INTEGER;
        ALTER TABLE results ADD COLUMN solved_on TEXT;
        """,
    ),
    Migration(
        6,
        "why a result is not ranked",
        """
        ALTER TABLE results ADD COLUMN unranked TEXT;
        UPDATE results SET unranked = 'Zen games are never ranked' WHERE mode = 'zen';
        """,
    ),
    Migration(
        7,
        "one-time codes that sign another device in, and the tokens of those devices",
        """
        CREATE TABLE link_codes (
            code_hash TEXT PRIMARY KEY,
            player_id TEXT NOT NULL REFERENCES players(id),
            created REAL NOT NULL,
            expires REAL NOT NULL,
            used REAL
        );
        CREATE INDEX link_codes_by_player ON link_codes(player_id);
        CREATE TABLE player_devices (
            token_hash TEXT PRIMARY KEY,
            player_id TEXT NOT NULL REFERENCES players(id),
            created REAL NOT NULL
        );
        CREATE INDEX player_devices_by_player ON player_devices(player_id);
        """,
    ),
    Migration(
        8,
        "players' own layouts and outlines, with their share codes",
        """
        CREATE TABLE layouts (
            id TEXT PRIMARY KEY,
            player_id TEXT NOT NULL REFERENCES players(id),
            kind TEXT NOT NULL,
            name TEXT NOT NULL,
            cells TEXT NOT NULL,
            tiles INTEGER NOT NULL,
            share_code TEXT NOT NULL UNIQUE,
            created REAL NOT NULL,
            updated REAL NOT NULL
        );
        CREATE INDEX layouts_by_player ON layouts(player_id, updated);
        """,
    ),
    Migration(
        9,
        "the player's language",
        """
        ALTER TABLE players ADD COLUMN locale TEXT;
        """,
    ),
    # From this version on a game's row keeps its start record and the moves are its
    # log (older releases read the log from the row, so they must refuse this
    # database). A move then changes no indexed column of its game's row:
    # ``updated`` leaves the indexes, and PostgreSQL updates the row in place (a
    # "HOT" update: no new index entries, a third less write-ahead log a move). A
    # player's list of games finds their rows through ``games_by_daily``, which
    # begins with the player, and sorts them by ``updated``.
    Migration(
        10,
        "a game's moves are its log; its row keeps the start record",
        """
        DROP INDEX games_by_player;
        """,
    ),
)

#: The schema version this release writes.
SCHEMA_VERSION = MIGRATIONS[-1].version
#: The table of applied migrations (created with the first step).
_SCHEMA_MIGRATIONS = (
    "CREATE TABLE IF NOT EXISTS schema_migrations ("
    "version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied REAL NOT NULL)"
)
#: What a failed migration statement raises, on either engine.
_FAILURES = (sqlite3.Error, StorageFailure)


def tables(conn: Connection, dialect: Dialect = SQLITE) -> list[str]:
    """The names of the database's tables, sorted."""
    return [str(row[0]) for row in conn.execute(dialect.tables_sql).fetchall()]


def schema_version(conn: Connection, dialect: Dialect = SQLITE) -> int:
    """The highest applied migration (0 for an empty database)."""
    return _version(conn, tables(conn, dialect))


def _version(conn: Connection, names: list[str]) -> int:
    if "schema_migrations" not in names:
        return 0
    row = conn.execute("SELECT MAX(version) FROM schema_migrations").fetchone()
    return int(row[0] or 0)


def check_database(conn: Connection, dialect: Dialect = SQLITE) -> int:
    """The schema version of a database this release can use (0 for an empty one).

    Raises :class:`StorageError` for a database written by a newer release, or a
    database of another program (tables but no ``schema_migrations``); reads only.
    """
    # one read of the table names: another process may create them all between two reads
    names = tables(conn, dialect)
    current = _version(conn, names)
    if current > SCHEMA_VERSION:
        raise StorageError(
            f"the database has schema version {current}, newer than this release "
            f"understands ({SCHEMA_VERSION}); upgrade tilematch to use it"
        )
    if current == 0:
        foreign = [name for name in names if name != "schema_migrations"]
        if foreign:
            kind = "a SQLite" if dialect is SQLITE else "a PostgreSQL"
            raise StorageError(
                f"the file is {kind} database of another program (tables "
                f"{', '.join(foreign[:5])}), not a tilematch database; it was left unchanged"
            )
    return current


def migrate(
    conn: Connection, now: float, upto: int | None = None, dialect: Dialect = SQLITE
) -> list[int]:
    """Apply the missing migrations (up to ``upto``, default all); returns the versions applied.

    ``conn`` is outside any transaction (SQLite's autocommit, or PostgreSQL's).
    Raises :class:`StorageError` when the database is newer than this release or
    holds another program's tables (then nothing is written to it), or when a step fails
    (that step is rolled back; the ones before it stay).
    """
    target = SCHEMA_VERSION if upto is None else upto
    current = check_database(conn, dialect)
    applied: list[int] = []
    for step in MIGRATIONS:
        if current < step.version <= target and _apply(conn, step, now, dialect):
            applied.append(step.version)
    return applied


def _apply(conn: Connection, step: Migration, now: float, dialect: Dialect) -> bool:
    """Apply one step in its own transaction unless it is applied already (perhaps by
    another process just now); returns whether this call applied it."""
    try:
        for statement in dialect.begin_sql:
            conn.execute(statement)
        # read again inside the transaction: on PostgreSQL under the migration lock
        if check_database(conn, dialect) >= step.version:
            conn.execute("COMMIT")
            return False
        for statement in dialect.ddl(_SCHEMA_MIGRATIONS + ";" + step.script):
            conn.execute(statement)
        conn.execute(
            "INSERT INTO schema_migrations (version, name, applied) VALUES (?, ?, ?)",
            (step.version, step.name, now),
        )
        conn.execute("COMMIT")
    except _FAILURES as error:
        _rollback(conn)
        raise StorageError(f"migration {step.version} ({step.name}) failed: {error}") from None
    except BaseException:
        _rollback(conn)
        raise
    return True


def _rollback(conn: Connection) -> None:
    with contextlib.suppress(*_FAILURES):  # a connection gone: nothing of the step committed
        conn.execute("ROLLBACK")
