"""The embedded backend: one SQLite file in WAL mode, migrated when opened."""

from __future__ import annotations

import os
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tilematch.server.db.errors import StorageError
from tilematch.server.db.migrations import check_database, migrate, schema_version

#: SQLite's ``synchronous`` levels (``TILEMATCH_SYNC``).
SYNC_LEVELS = ("OFF", "NORMAL", "FULL", "EXTRA")


def _dict_row(cursor: sqlite3.Cursor, row: tuple[Any, ...]) -> dict[str, Any]:
    return {column[0]: value for column, value in zip(cursor.description, row, strict=True)}


class SqliteStorage:
    """Two SQLite connections shared by the server's threads, each guarded by a lock:
    one for writes, one for reads (in WAL mode readers never wait for a writer).

    Raises :class:`StorageError` when the file cannot be opened, is read-only, is
    not a database, belongs to another program or has a newer schema.
    """

    engine = "sqlite"

    def __init__(self, path: Path | str, *, now: float, synchronous: str = "NORMAL") -> None:
        if synchronous.upper() not in SYNC_LEVELS:
            raise StorageError(f"unknown synchronous level {synchronous!r}")
        self.path = Path(path)
        memory = str(path) == ":memory:"
        if not memory:
            self._check_writable()
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
        if not memory:
            self.reader = sqlite3.connect(
                str(path), check_same_thread=False, isolation_level=None, timeout=10.0
            )
            self.reader.execute("PRAGMA busy_timeout = 10000")
            self.read_lock = threading.RLock()

    def _check_writable(self) -> None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise StorageError(f"cannot create {self.path.parent}: {error}") from None
        where = self.path if self.path.exists() else self.path.parent
        if not os.access(where, os.W_OK):
            raise StorageError(f"{where} is read-only: tilematch writes every move to {self.path}")

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """A write transaction (``BEGIN IMMEDIATE`` ... ``COMMIT``); rolls back on any
        exception."""
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

    def rows(self, sql: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
        """All rows of a query, as dicts (every committed transaction is seen)."""
        with self.read_lock:
            cursor = self.reader.execute(sql, params)
            cursor.row_factory = _dict_row
            return list(cursor.fetchall())

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
