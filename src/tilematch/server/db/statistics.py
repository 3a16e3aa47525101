"""Queries for a player's statistics: their verified results, the games they still
have open, and what they have played (for the filters)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tilematch.server.db.connection import Storage

#: What the figures read of a result (fewer columns: less to read per row).
_COLUMNS = "game_id, game, mode, board, variant, outcome, score, time, hints, undos, finished"


def _narrowed(game: str | None, mode: str | None) -> tuple[str, list[Any]]:
    where, params = "", []
    for column, value in (("game", game), ("mode", mode)):
        if value is not None:
            where += f" AND {column} = ?"
            params.append(value)
    return where, params


def verified_results(
    storage: Storage, player_id: str, game: str | None = None, mode: str | None = None
) -> list[dict[str, Any]]:
    """The player's verified results (of ``game`` and ``mode`` when given), oldest first."""
    where, params = _narrowed(game, mode)
    return storage.rows(
        f"SELECT {_COLUMNS} FROM results WHERE player_id = ? AND verified = 1{where}"
        " ORDER BY finished, game_id",
        (player_id, *params),
    )


def unverified_count(
    storage: Storage, player_id: str, game: str | None = None, mode: str | None = None
) -> int:
    """How many of the player's results did not replay to the same end (left out)."""
    where, params = _narrowed(game, mode)
    row = storage.row(
        f"SELECT COUNT(*) AS n FROM results WHERE player_id = ? AND verified = 0{where}",
        (player_id, *params),
    )
    return int(row["n"]) if row is not None else 0


def open_games(
    storage: Storage,
    player_id: str,
    statuses: Sequence[str],
    game: str | None = None,
    mode: str | None = None,
) -> int:
    """How many of the player's games are still in play (status in ``statuses``)."""
    where, params = _narrowed(game, mode)
    marks = ",".join("?" for _ in statuses)
    row = storage.row(
        f"SELECT COUNT(*) AS n FROM games WHERE player_id = ? AND status IN ({marks}){where}",
        (player_id, *statuses, *params),
    )
    return int(row["n"]) if row is not None else 0


def modes_played(storage: Storage, player_id: str) -> list[tuple[str, str]]:
    """Each ``(game, mode)`` the player has a verified result of, sorted."""
    rows = storage.rows(
        "SELECT DISTINCT game, mode FROM results WHERE player_id = ? AND verified = 1"
        " ORDER BY game, mode",
        (player_id,),
    )
    return [(str(row["game"]), str(row["mode"])) for row in rows]
