"""Copy everything stored from one database to another, SQLite or PostgreSQL, either way.

What is stored is four tables: ``players``, ``games``, ``moves`` and ``results``
(streaks, bests and leaderboards are worked out from results when asked;
``schema_migrations`` belongs to each database), and the tables later
migrations add (:data:`TABLES`). :func:`copy_database` copies
them in that order (the order their rows refer to each other), in batches, in one
transaction on the target: the row counts are compared, the caller's ``verify``
runs on the copied rows, and only then is it committed. Any failure rolls the
whole copy back, so the target stays empty.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tilematch.engine.words import counted
from tilematch.server.db.connection import WRITE_ERRORS, Storage
from tilematch.server.db.dialect import POSTGRES, SQLITE
from tilematch.server.db.migrations import tables
from tilematch.server.db.protocol import Connection

#: The stored tables, in the order their rows refer to each other, with their keys.
#: A table of a later migration is copied where the schema has it.
TABLES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("players", ("id",)),
    ("games", ("id",)),
    ("game_starts", ("start_key",)),
    ("moves", ("game_id", "seq")),
    ("results", ("game_id",)),
    ("link_codes", ("code_hash",)),
    ("player_devices", ("token_hash",)),
    ("layouts", ("id",)),
)
#: Rows read and written at a time.
BATCH = 1000


class TransferError(RuntimeError):
    """A copy that cannot be made or did not verify; the message says why."""


@dataclass
class CopyReport:
    """What a copy moved and checked: rows per table, games replayed, seconds taken."""

    counts: dict[str, int]
    replayed: int = 0
    seconds: float = 0.0
    notes: list[str] = field(default_factory=list)


def _present(storage: Storage) -> list[tuple[str, tuple[str, ...]]]:
    """The stored tables the database has, in copy order (with their keys)."""
    with storage.transaction() as conn:
        found = set(tables(conn, POSTGRES if storage.engine == "postgresql" else SQLITE))
    unknown = sorted(found - {name for name, _ in TABLES} - {"schema_migrations"})
    if unknown:
        raise TransferError(
            f"{storage.describe} holds tables this release does not copy ({', '.join(unknown)})"
        )
    return [(name, key) for name, key in TABLES if name in found]


def row_counts(storage: Storage) -> dict[str, int]:
    """The number of rows of each stored table.

    Raises :class:`TransferError` for a database holding a table this release does
    not know (nothing would copy it)."""
    return {
        name: int(_first(storage.rows(f"SELECT COUNT(*) AS n FROM {name}")))
        for name, _ in _present(storage)
    }


def _first(rows: list[dict[str, Any]]) -> Any:
    return next(iter(rows[0].values()))


def copy_database(
    source: Storage,
    target: Storage,
    verify: Callable[[Connection], int],
    *,
    batch: int = BATCH,
) -> CopyReport:
    """Copy every stored row of ``source`` into the empty ``target``, then verify it.

    ``verify(conn)`` runs inside the target's transaction on the copied rows and
    returns how many games it replayed; it raises to refuse the copy. Returns the
    :class:`CopyReport`. Raises :class:`TransferError` for a target that is not
    empty, a table the copy does not know, counts that differ or a failed write
    (then nothing was written to the target).
    """
    started = time.perf_counter()
    before = row_counts(target)
    if any(before.values()):
        held = ", ".join(f"{count} {name}" for name, count in before.items() if count)
        raise TransferError(
            f"the target {target.describe} is not empty ({held}); copy into a new or empty database"
        )
    counts = row_counts(source)
    try:
        with target.transaction() as conn:
            for name, key in _present(source):
                copied = _copy_table(source, conn, name, key, batch)
                there = int(conn.execute(f"SELECT COUNT(*) FROM {name}").fetchone()[0])
                if copied != counts[name] or there != counts[name]:
                    raise TransferError(
                        f"{name}: {counted(counts[name], 'row')} in the source, {copied} read and"
                        f" {there} in the target; nothing was copied"
                    )
            replayed = verify(conn)
    except WRITE_ERRORS as error:
        raise TransferError(
            f"writing to {target.describe} failed ({error}); nothing was copied"
        ) from None
    return CopyReport(counts, replayed, time.perf_counter() - started)


def _copy_table(
    source: Storage, conn: Connection, name: str, key: tuple[str, ...], batch: int
) -> int:
    """Copy one table in key order, ``batch`` rows at a time; returns the rows copied."""
    order = ", ".join(key)
    after = f"({order}) > ({', '.join('?' for _ in key)})"
    copied = 0
    last: tuple[Any, ...] | None = None
    while True:
        where = f"WHERE {after} " if last is not None else ""
        rows = source.rows(
            f"SELECT * FROM {name} {where}ORDER BY {order} LIMIT ?", (*(last or ()), batch)
        )
        if not rows:
            return copied
        columns = list(rows[0])
        conn.executemany(
            f"INSERT INTO {name} ({', '.join(columns)}) VALUES ({', '.join('?' for _ in columns)})",
            [tuple(row.values()) for row in rows],
        )
        copied += len(rows)
        last = tuple(rows[-1][column] for column in key)


def finished_games(
    conn: Connection, active: tuple[str, ...], skip_mode: str
) -> list[dict[str, Any]]:
    """The finished games (status not in ``active``, mode not ``skip_mode``) of an open
    transaction, with what replaying one needs and whether its result was verified."""
    marks = ", ".join("?" for _ in active)
    cursor = conn.execute(
        "SELECT g.id, g.player_id, g.settings, g.state, g.status, g.score, g.created,"
        " COALESCE(g.finished, g.updated) AS ended, r.verified FROM games AS g"
        " LEFT JOIN results AS r ON r.game_id = g.id"
        f" WHERE g.status NOT IN ({marks}) AND g.mode != ? ORDER BY g.id",
        (*active, skip_mode),
    )
    names = ("id", "player_id", "settings", "state", "status", "score", "created", "ended")
    return [
        {**dict(zip(names, row[:-1], strict=True)), "verified": row[-1]}
        for row in cursor.fetchall()
    ]


def game_moves(conn: Connection, game_id: str) -> list[tuple[float, str]]:
    """One game's move log in an open transaction, as ``(time, intent JSON)``."""
    cursor = conn.execute("SELECT at, intent FROM moves WHERE game_id = ? ORDER BY seq", (game_id,))
    return [(float(at), str(intent)) for at, intent in cursor.fetchall()]
