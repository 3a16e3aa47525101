"""The database connection: one SQLite file in WAL mode, migrated when opened.

The database is the truth about every game. A move is acknowledged only
after its row is committed (see :mod:`tilematch.server.games`).
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tilematch.server.db.migrations import StorageError, check_database, migrate, schema_version

#: What a failed write raises (a full disk, a locked or damaged file).
WRITE_ERRORS: tuple[type[Exception], ...] = (sqlite3.Error, OSError)


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
