"""What differs between the engines, kept in one place: the SQL that lists tables,
the start of a migration's transaction, and the translation of SQL written for
both into what PostgreSQL runs.

Queries are written once with ``?`` placeholders; :func:`postgres_query` turns
them into psycopg's ``%s`` outside string literals and quoted names (and
doubles every ``%``). Migrations are written in SQL both engines accept, with
SQLite's names for types; :func:`postgres_ddl` maps ``REAL`` to ``DOUBLE
PRECISION`` (SQLite's ``REAL`` is 8 bytes), ``INTEGER`` to ``BIGINT`` (SQLite's
integers are 64-bit) and drops ``WITHOUT ROWID``.

>>> postgres_query("SELECT name FROM t WHERE a = ? AND b LIKE 'x%' AND c = '?'")
"SELECT name FROM t WHERE a = %s AND b LIKE 'x%%' AND c = '?'"
>>> postgres_ddl("CREATE TABLE m (at REAL NOT NULL, seq INTEGER) WITHOUT ROWID")
'CREATE TABLE m (at DOUBLE PRECISION NOT NULL, seq BIGINT) '
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass

#: A string literal or a quoted name: left as it is by every translation.
_QUOTED = re.compile(r"'(?:[^']|'')*'|\"(?:[^\"]|\"\")*\"")
_PLACEHOLDER = re.compile(r"[?%]")
_DDL_WORDS = (
    (re.compile(r"\bREAL\b", re.IGNORECASE), "DOUBLE PRECISION"),
    (re.compile(r"\bINTEGER\b", re.IGNORECASE), "BIGINT"),
    (re.compile(r"\bWITHOUT\s+ROWID\b", re.IGNORECASE), ""),
)
#: The key of PostgreSQL's advisory lock that serialises migrations across processes.
MIGRATION_LOCK = 0x74696C65  # "tile"


def _outside_quotes(
    sql: str, change: Callable[[str], str], quoted: Callable[[str], str] = str
) -> str:
    """``sql`` with ``change`` applied to what is outside literals and quoted names, and
    ``quoted`` to those."""
    out: list[str] = []
    last = 0
    for found in _QUOTED.finditer(sql):
        out.append(change(sql[last : found.start()]))
        out.append(quoted(found.group()))
        last = found.end()
    out.append(change(sql[last:]))
    return "".join(out)


def _placeholders(part: str) -> str:
    return _PLACEHOLDER.sub(lambda m: "%s" if m.group() == "?" else "%%", part)


def _ddl_words(part: str) -> str:
    for pattern, replacement in _DDL_WORDS:
        part = pattern.sub(replacement, part)
    return part


@functools.lru_cache(maxsize=2048)
def postgres_query(sql: str) -> str:
    """``sql`` with its ``?`` placeholders as ``%s`` and every ``%`` doubled (psycopg reads
    ``%`` even inside a literal); cached."""
    return _outside_quotes(sql, _placeholders, lambda text: text.replace("%", "%%"))


def postgres_ddl(script: str) -> str:
    """A migration's SQL with SQLite's type names replaced by PostgreSQL's."""
    return _outside_quotes(script, _ddl_words)


def statements(script: str) -> list[str]:
    """The statements of a script (split on ``;``; no ``;`` inside a literal)."""
    return [part.strip() for part in script.split(";") if part.strip()]


@dataclass(frozen=True)
class Dialect:
    """One engine's answers to what the migration runner asks."""

    name: str
    #: Lists the names of the database's tables, one a row.
    tables_sql: str
    #: Opens the transaction of one migration, exclusive against other processes.
    begin_sql: tuple[str, ...]

    def ddl(self, script: str) -> list[str]:
        """The statements of a migration script, in this engine's SQL."""
        return statements(postgres_ddl(script) if self.name == "postgresql" else script)


SQLITE = Dialect(
    "sqlite",
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite%' ORDER BY name",
    ("BEGIN IMMEDIATE",),
)
POSTGRES = Dialect(
    "postgresql",
    "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()"
    " AND table_type = 'BASE TABLE' ORDER BY table_name",
    ("BEGIN", f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})"),
)
