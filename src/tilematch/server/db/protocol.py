"""The shape every storage backend shares: a connection that runs ``?``-placeholder SQL.

The queries of :mod:`tilematch.server.db` are written once, with ``?``
placeholders, in SQL that SQLite and PostgreSQL both accept; each backend's
:class:`Connection` runs them (the PostgreSQL one translates the placeholders).
A transaction's cursor gives rows as tuples; :meth:`Backend.rows` gives dicts.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from contextlib import AbstractContextManager
from typing import Any, Protocol


class Cursor(Protocol):
    """What a statement answers: rows changed, and rows as tuples."""

    @property
    def rowcount(self) -> int:
        """Rows the statement changed (-1 when unknown)."""

    def fetchone(self) -> Any:
        """The next row, or ``None``."""

    def fetchall(self) -> list[Any]:
        """The remaining rows."""


class Connection(Protocol):
    """The connection of an open transaction."""

    def execute(self, sql: str, parameters: Sequence[Any] = (), /) -> Cursor:
        """Run one statement with ``?`` placeholders."""

    def executemany(self, sql: str, parameters: Iterable[Sequence[Any]], /) -> Cursor:
        """Run one statement once for each parameter row."""


class Backend(Protocol):
    """One engine's storage: transactions, reads, the schema version, closing."""

    engine: str
    applied: list[int]

    def transaction(self) -> AbstractContextManager[Connection]:
        """A write transaction; commits on success, rolls back on any exception."""

    def rows(self, sql: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
        """All rows of a query, as dicts by column name."""

    @property
    def version(self) -> int:
        """The schema version of the database."""

    def close(self) -> None:
        """Close every connection."""
