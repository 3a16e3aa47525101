"""What the storage layer raises: at start, and at run time on PostgreSQL.

:class:`StorageError` means the database cannot be opened or migrated (the
server does not start). :class:`StorageFailure` is a read or a write that failed
on a PostgreSQL database (the server gone, a read-only or full database); a
request that meets one answers ``503`` with ``Retry-After``. SQLite's own
failures stay :class:`sqlite3.Error`.
"""

from __future__ import annotations


class StorageError(RuntimeError):
    """The database cannot be opened or migrated; the message says why (never a password)."""


class StorageFailure(RuntimeError):
    """A read or a write failed on a PostgreSQL database; nothing of it was stored."""


class IntegrityFailure(StorageFailure):
    """A write broke a constraint of the schema (a duplicate key, a missing row)."""
