"""Every SQL statement of the server: the schema, the connection, one function per query.

:mod:`~tilematch.server.db.migrations` holds the schema and its migrations,
:mod:`~tilematch.server.db.connection` the :class:`Storage` (SQLite or
PostgreSQL: connections and transactions); :mod:`~tilematch.server.db.players`,
:mod:`~tilematch.server.db.games` and :mod:`~tilematch.server.db.results` hold the
queries, by table, each written once for both engines. Reads take the
:class:`Storage`; writes take the connection of an open transaction, so that one
transaction may hold several of them.
"""

from __future__ import annotations

from tilematch.server.db.connection import WRITE_ERRORS, Storage, describe, is_postgres_url
from tilematch.server.db.errors import IntegrityFailure, StorageError, StorageFailure
from tilematch.server.db.migrations import MIGRATIONS, SCHEMA_VERSION

__all__ = [
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "WRITE_ERRORS",
    "IntegrityFailure",
    "Storage",
    "StorageError",
    "StorageFailure",
    "describe",
    "is_postgres_url",
]
