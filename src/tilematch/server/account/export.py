"""Everything stored for a player, to keep: one JSON document, or the results as CSV.

The JSON holds the player, every game (its settings, its state and its timed move
log, from which the server replays it), every result, the Daily Challenge days and
streaks, and the campaign's cleared levels. The CSV holds one row per result, with
the columns of :data:`CSV_COLUMNS` (the display name, then the result's).

A spreadsheet reads a cell that starts with ``=``, ``+``, ``-``, ``@`` (or a tab or a
carriage return) as a formula; every such text cell is written with a leading ``'``
(:func:`spreadsheet_safe`), so a hostile name, layout or reason cannot run one (ids
may start with ``-`` too). A text that starts with ``'`` gets one more, so a reader
gets every value back by removing one leading ``'``. Numbers are written as numbers.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from tilematch.server import records
from tilematch.server.db import account as db_account
from tilematch.server.db.players import player_locale
from tilematch.server.players import Player

if TYPE_CHECKING:
    from tilematch.server.deps import Server

#: The version of the export document's shape.
FORMAT = 1
#: What makes a spreadsheet read a cell as a formula, and the quote itself (so that
#: removing one leading ``'`` always gives the value back).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\n", "'")


def spreadsheet_safe(value: Any) -> Any:
    """``value`` as a CSV cell no spreadsheet runs: a text that starts like a formula (or
    with ``'``) gets a leading ``'``; booleans are ``true``/``false``, ``None`` an empty
    cell, numbers pass."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return ""
    if isinstance(value, int | float):
        return value
    text = str(value)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


#: The columns of the CSV file: the player's display name, then the result's.
CSV_COLUMNS = ("player", *db_account.RESULT_COLUMNS)


def results_csv(name: str | None, rows: Iterable[dict[str, Any]]) -> str:
    """The results as CSV text: a header of :data:`CSV_COLUMNS`, then one row per result
    (``name`` in the first column, every cell :func:`spreadsheet_safe`)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    for row in rows:
        cells = [name, *(row[column] for column in db_account.RESULT_COLUMNS)]
        writer.writerow([spreadsheet_safe(cell) for cell in cells])
    return out.getvalue()


def _game(row: dict[str, Any], moves: list[dict[str, Any]]) -> dict[str, Any]:
    game = {key: value for key, value in row.items() if key not in ("settings", "state")}
    game["settings"] = json.loads(row["settings"])
    game["state"] = json.loads(row["state"])
    game["moves"] = [
        {"seq": move["seq"], "at": move["at"], "intent": json.loads(move["intent"])}
        for move in moves
    ]
    return game


def export_document(server: Server, player: Player) -> dict[str, Any]:
    """The whole record of ``player`` as one JSON-ready document: ``{"format",
    "exported", "player", "games", "results", "daily", "campaign", "devices"}``."""
    storage = server.storage
    moves: dict[str, list[dict[str, Any]]] = {}
    for move in db_account.all_moves(storage, player.id):
        moves.setdefault(move["game_id"], []).append(move)
    games = [
        _game(row, moves.get(row["id"], [])) for row in db_account.all_games(storage, player.id)
    ]
    days = records.daily_days(server, player)
    today = dt.datetime.fromtimestamp(server.now(), dt.UTC).date().isoformat()
    streak, best = records.daily_streaks(server, days, today)
    cleared = records.cleared_levels(server, player)
    return {
        "format": FORMAT,
        "exported": server.now(),
        "player": {
            "id": player.id,
            "name": db_account.player_name(storage, player.id),
            "created": db_account.player_created(storage, player.id),
            "locale": player_locale(storage, player.id),
        },
        "games": games,
        "results": db_account.all_results(storage, player.id),
        "daily": {"streak": streak, "best_streak": best, "today": today, "days": days},
        "campaign": {
            "cleared": [
                {"level": level, "stars": stars} for level, stars in sorted(cleared.items())
            ]
        },
        "devices": db_account.device_count(storage, player.id),
    }


def export_results(server: Server, player: Player) -> str:
    """The results of ``player`` as CSV text (:func:`results_csv`), oldest first."""
    name = db_account.player_name(server.storage, player.id)
    return results_csv(name, db_account.all_results(server.storage, player.id))


def attachment(kind: str, server: Server) -> str:
    """The ``Content-Disposition`` of an export file of ``kind`` (``json`` or ``csv``),
    named with the server's date."""
    day = dt.datetime.fromtimestamp(server.now(), dt.UTC).date().isoformat()
    return f'attachment; filename="tilematch-{day}.{kind}"'
