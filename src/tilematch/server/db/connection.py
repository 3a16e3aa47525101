"""The database the server keeps: a SQLite file (the embedded default) or PostgreSQL.

:class:`Storage` opens either, by the form of its target: a path is a SQLite
file (:mod:`~tilematch.server.db.sqlite`), a ``postgresql://`` URL a PostgreSQL
database (:mod:`~tilematch.server.db.postgres`). Both give the same interface:
:meth:`Storage.transaction` for writes, :meth:`Storage.rows` / :meth:`Storage.row`
for reads, and the same schema, migrations and queries.

The database is the truth about every game. A move is acknowledged only
after its row is committed (see :mod:`tilematch.server.games`).
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Sequence
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

from tilematch.server.db.errors import StorageError, StorageFailure
from tilematch.server.db.postgres import PostgresStorage, is_postgres_url, where
from tilematch.server.db.protocol import Backend, Connection
from tilematch.server.db.sqlite import SqliteStorage

__all__ = ["WRITE_ERRORS", "Storage", "describe", "is_postgres_url"]

#: What a failed read or write raises (a full disk, a locked or damaged file, a
#: PostgreSQL server gone or read-only).
WRITE_ERRORS: tuple[type[Exception], ...] = (sqlite3.Error, OSError, StorageFailure)
_URL = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*://")


def describe(target: Path | str) -> str:
    """The database for messages and logs: the file, or the PostgreSQL database and host
    (never the password)."""
    return where(target) if isinstance(target, str) and is_postgres_url(target) else str(target)


class Storage:
    """The server's database, SQLite or PostgreSQL, migrated when opened.

    ``target`` is a SQLite path or a ``postgresql://`` URL; ``now`` stamps the
    migrations applied; ``synchronous`` is SQLite's durability level. Raises
    :class:`StorageError` when the database cannot be used, naming why.
    """

    def __init__(self, target: Path | str, *, now: float, synchronous: str = "NORMAL") -> None:
        self.backend: Backend
        if isinstance(target, str) and _URL.match(target):
            if not is_postgres_url(target):
                scheme = target.split("://", 1)[0]
                raise StorageError(
                    f"TILEMATCH_DB: {scheme}:// databases are not supported; use a SQLite"
                    " file path or a postgresql:// URL"
                )
            self.backend = PostgresStorage(target, now=now)
        else:
            self.backend = SqliteStorage(target, now=now, synchronous=synchronous)
        self.engine = self.backend.engine
        self.applied = self.backend.applied
        self.describe = describe(target)

    def transaction(self) -> AbstractContextManager[Connection]:
        """A write transaction: the connection of ``with storage.transaction() as conn:``
        runs ``conn.execute(sql, params)``; commits when the block ends, rolls back on
        any exception."""
        return self.backend.transaction()

    def rows(self, sql: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
        """All rows of a query, as dicts by column name (committed data only)."""
        return self.backend.rows(sql, params)

    def row(self, sql: str, params: Sequence[Any] = ()) -> dict[str, Any] | None:
        """The first row of a query, or ``None``."""
        found = self.backend.rows(sql, params)
        return found[0] if found else None

    @property
    def version(self) -> int:
        """The schema version of the database."""
        return self.backend.version

    def close(self) -> None:
        """Close every connection."""
        self.backend.close()
