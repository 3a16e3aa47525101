"""Finished duels in the database: each person's result stored once, a stored duel
read back, and the duel leaderboard."""

from __future__ import annotations

import json
import logging
import sqlite3
from collections.abc import Callable, Mapping
from typing import Any

from tilematch.modes.settings import Settings
from tilematch.server.db import WRITE_ERRORS, IntegrityFailure, Storage
from tilematch.server.db.finished_duels import Filed, store_finished_duel
from tilematch.server.db.games import Filing, GameRecord
from tilematch.server.db.results import ResultRecord, duel_leaderboard
from tilematch.server.duel.config import RIVAL_LEVELS
from tilematch.server.duel.room import Room
from tilematch.server.players import new_id

log = logging.getLogger("tilematch.server.duels")


def store(storage: Storage, room: Room, clock: Callable[[], float]) -> None:
    """Write each person's result (history) once; the computer keeps none.

    A write that fails is logged; the duel is then missing from the histories.
    """
    game = room.game
    if game is None or room.stored:
        return
    room.stored = True
    rows, cols = room.size
    opponent = f"rival-{room.rival}" if room.rival else "player"
    filed = Filing(
        game="shisensho",
        mode="duel",
        board=f"{rows}x{cols}",
        variant=opponent + ("/gravity" if room.gravity else ""),
    )
    finished = room.ended_at if room.ended_at is not None else clock()
    elapsed = round((game.ended_at or finished) - game.started, 3)
    # the settings of the same first deal as a Classic game: "replay" of a stored
    # duel then deals its board again for solo play
    settings = Settings(
        game="shisensho", mode="classic", size=room.size, seed=room.seed, gravity=room.gravity
    ).validate()
    filing: list[Filed] = []
    for index, seat in enumerate(room.seats):
        if seat is None or seat.player_id is None:
            continue
        outcome = "draw" if game.winner is None else "won" if game.winner == index else "lost"
        other = room.seats[1 - index]
        state = {
            "duel": room.code,
            "opponent_kind": opponent,
            "seat": index,
            "opponent": (other.own_name(1 - index) or None) if other else None,
            "result": game.result(),
            "log": game.log,
            "reshuffles": game.reshuffles,
        }
        # a room's results have fixed ids: a second writer (another process
        # finishing the same duel) fails on the first row and writes nothing
        game_id = f"duel-{room.uid}-{index}" if room.uid else new_id()
        filing.append(
            (
                GameRecord(
                    id=game_id,
                    player_id=seat.player_id,
                    **filed,
                    seed=room.seed,
                    settings=json.dumps(settings.to_json()),
                    state=json.dumps(state, separators=(",", ":")),
                    status=outcome,
                    tiles_left=game.board.occupied.bit_count(),
                    score=game.scores[index],
                    created=room.created,
                    updated=finished,
                    finished=finished,
                ),
                ResultRecord(
                    game_id=game_id,
                    player_id=seat.player_id,
                    **filed,
                    outcome=outcome,
                    score=game.scores[index],
                    time=elapsed,
                    moves=game.players[index].claims,
                    hints=0,
                    undos=0,
                    shuffles=game.reshuffles,
                    verified=1,
                    finished=finished,
                ),
            )
        )
    try:
        # a player deleted during the duel keeps nothing of it
        store_finished_duel(storage, filing)
    except WRITE_ERRORS as error:
        if _duplicate(error):
            log.info("room %s: the duel's result was already stored", room.code)
            return
        log.error("room %s: the duel's result could not be stored: %s", room.code, error)


def _duplicate(error: BaseException) -> bool:
    """Whether a failed write hit a row that exists (the results stored already):
    SQLite's integrity error, or the :class:`IntegrityFailure` PostgreSQL's
    becomes."""
    return isinstance(error, sqlite3.IntegrityError | IntegrityFailure)


def leaderboard(storage: Storage, viewer: str, against: str, limit: int) -> list[dict[str, Any]]:
    """Players ranked by wins (then fewer losses, then tiles) against ``against``:
    ``"player"`` (people) or a rival level."""
    opponent = "player" if against == "player" else f"rival-{against}"
    return duel_leaderboard(storage, viewer, opponent, limit)


def _own_name(name: object, seat: object) -> str | None:
    """A stored opponent's name, ``None`` for the English defaults older servers wrote
    for a seat without a name (``Player 2`` facing seat 0, ``Computer (relaxed)``)."""
    if not isinstance(name, str) or not name:
        return None
    other = 1 - seat if isinstance(seat, int) and seat in (0, 1) else None
    if other is not None and name == f"Player {other + 1}":
        return None
    return None if name in {f"Computer ({level})" for level in RIVAL_LEVELS} else name


def stored_duel_view(row: sqlite3.Row | Mapping[str, Any]) -> dict[str, Any]:
    """What ``GET /api/games/{id}`` answers for a stored Speed Duel (a ``games`` row
    written when the duel ended): how it went and how it ended, with no board,
    since a duel is never continued as a solo game.

    ``{"id", "game", "mode": "duel", "status" ("won", "lost" or "draw"), "finished":
    true, "board", "variant", "seed", "size", "gravity", "score", "tiles_left",
    "created", "ended", "duel": {"room", "seat", "opponent", "opponent_kind",
    "scores", "winner", "reason", "claims", "reshuffles"}}``; ``opponent`` is the other
    player's own name, ``null`` for a player without one and for the rival
    (``opponent_kind`` says which), also where an older row stored an English default.
    A stored state that cannot be read leaves the ``duel`` details ``null`` rather
    than failing.
    """

    def load(text: object) -> dict[str, Any]:
        try:
            data = json.loads(str(text))
        except (TypeError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    state, settings = load(row["state"]), load(row["settings"])
    result = state.get("result") if isinstance(state.get("result"), dict) else {}
    assert isinstance(result, dict)
    seat = state.get("seat")
    log_ = state.get("log") if isinstance(state.get("log"), list) else []
    assert isinstance(log_, list)
    return {
        "id": row["id"],
        "game": row["game"],
        "mode": row["mode"],
        "status": row["status"],
        "finished": True,
        "board": row["board"],
        "variant": row["variant"],
        "seed": row["seed"],
        "size": settings.get("size"),
        "gravity": bool(settings.get("gravity")),
        "score": row["score"],
        "tiles_left": row["tiles_left"],
        "created": row["created"],
        "ended": row["finished"],
        "duel": {
            "room": state.get("duel"),
            "seat": seat,
            "opponent": _own_name(state.get("opponent"), seat),
            "opponent_kind": state.get("opponent_kind"),
            "scores": result.get("scores"),
            "winner": result.get("winner"),
            "reason": result.get("reason"),
            "claims": sum(
                1 for entry in log_ if isinstance(entry, dict) and entry.get("player") == seat
            ),
            "reshuffles": state.get("reshuffles"),
        },
    }
