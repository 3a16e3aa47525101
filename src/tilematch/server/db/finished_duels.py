"""Storing a finished duel: each person's game row and result row, written at once.

A duel is stored when it ends, by the process that decided it; should two
processes finish the same duel, its rows' fixed ids make the second write fail
whole (a duplicate key) and store nothing. A player deleted during the duel gets
no rows. On PostgreSQL the whole write is one statement (one round trip, on the
storage's kept connection); on SQLite one transaction.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from tilematch.server.db.account import player_exists
from tilematch.server.db.connection import Storage
from tilematch.server.db.games import GameRecord, insert_game
from tilematch.server.db.postgres import PostgresStorage
from tilematch.server.db.results import ResultRecord, insert_result

#: One person's share of a finished duel: the game row and its result.
Filed = tuple[GameRecord, ResultRecord]


def store_finished_duel(storage: Storage, rows: Sequence[Filed]) -> None:
    """Store ``rows`` (a game and its result for each person of the duel) whose
    player is still stored, all or nothing.

    Raises :class:`~tilematch.server.db.IntegrityFailure` (PostgreSQL) or
    :class:`sqlite3.IntegrityError` when one of the games is stored already
    (nothing is written), and what the storage raises when the database fails.
    """
    if not rows:
        return
    backend = storage.backend
    if isinstance(backend, PostgresStorage):
        sql, params = _fused(rows)
        backend.statement(sql, params)
        return
    with storage.transaction() as conn:
        for game, result in rows:
            if not player_exists(conn, game.player_id):
                continue  # deleted during the duel: nothing of theirs
            insert_game(conn, game)
            insert_result(conn, result)


def _fused(rows: Sequence[Filed]) -> tuple[str, list[object]]:
    """The one PostgreSQL statement of :func:`store_finished_duel`: for each person a
    game inserted only if the player exists, and a result only if that game was."""
    parts: list[str] = []
    params: list[object] = []
    for index, (game, result) in enumerate(rows):
        columns, marks, values = _insert_of(game)
        parts.append(
            f"g{index} AS (INSERT INTO games ({columns}) SELECT {marks}"
            " WHERE EXISTS (SELECT 1 FROM players WHERE id = ?) RETURNING id)"
        )
        params += [*values, game.player_id]
        columns, marks, values = _insert_of(result)
        parts.append(
            f"r{index} AS (INSERT INTO results ({columns}) SELECT {marks} FROM g{index}"
            " ON CONFLICT (game_id) DO NOTHING RETURNING game_id)"
        )
        params += values
    # every data-modifying part runs, whether the final query reads it or not
    return "WITH " + ", ".join(parts) + " SELECT 1", params


def _insert_of(record: GameRecord | ResultRecord) -> tuple[str, str, list[object]]:
    """The columns of ``record``'s table, its placeholders (cast where the column is
    not text: a parameter in a select list has no column to take its type from) and
    its values."""
    fields = dataclasses.fields(record)
    columns = ", ".join(field.name for field in fields)
    marks = ", ".join(_CASTS.get(str(field.type), "?") for field in fields)
    return columns, marks, list(dataclasses.astuple(record))


_CASTS = {
    "int": "CAST(? AS BIGINT)",
    "int | None": "CAST(? AS BIGINT)",
    "float": "CAST(? AS DOUBLE PRECISION)",
    "float | None": "CAST(? AS DOUBLE PRECISION)",
}
