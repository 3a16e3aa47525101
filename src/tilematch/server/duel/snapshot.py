"""A room as JSON and back: what another process needs to go on deciding it.

:func:`dump` writes the room's seats, phase, versions, deadlines and the duel
itself (:meth:`DuelGame.to_json`, a replayable record); :func:`load` rebuilds
the :class:`Room` from it (the game replayed). Connections are not part of a
snapshot: people reconnect. :func:`shift` moves every deadline of a room
later, so a pause (a takeover, an outage) is charged to nobody.
"""

from __future__ import annotations

from typing import Any

from tilematch.modes.duel import DuelGame
from tilematch.modes.settings import ModeError
from tilematch.server.duel.room import Room, Seat, faces

#: Format of a stored room; a process refuses a room of another format.
FORMAT = 1


class SnapshotError(ValueError):
    """A stored room that cannot be read back; the message says why."""


def dump(room: Room) -> dict[str, Any]:
    """The JSON-ready state of ``room`` (see the module docstring)."""
    game = room.game
    return {
        "format": FORMAT,
        "code": room.code,
        "uid": room.uid,
        "size": list(room.size),
        "gravity": room.gravity,
        "seed": room.seed,
        "created": room.created,
        "seats": [
            None
            if seat is None
            else {"player_id": seat.player_id, "name": seat.name, "rival": seat.rival}
            for seat in room.seats
        ],
        "phase": room.phase,
        "starts_at": room.starts_at,
        "ended_at": room.ended_at,
        "version": room.version,
        "changed": [[spot, at] for spot, at in sorted(room.changed.items())],
        "seq": room.seq,
        "rematch_votes": sorted(room.rematch_votes),
        "rematch_code": room.rematch_code,
        "stored": room.stored,
        "announced": room.announced,
        "game": game.to_json() if game is not None else None,
        "summary": room.summary(),
    }


def _seat(data: Any) -> Seat | None:
    if data is None:
        return None
    player_id = data["player_id"]
    return Seat(
        None if player_id is None else str(player_id),
        str(data["name"]),
        rival=None if data.get("rival") is None else str(data["rival"]),
    )


def load(data: Any) -> Room:
    """The room stored as ``data`` by :func:`dump`, its game replayed.

    Raises :class:`SnapshotError` when ``data`` is not a stored room of this format.
    """
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SnapshotError("a stored duel room must be a JSON object of format 1")
    try:
        room = Room(
            code=str(data["code"]),
            size=(int(data["size"][0]), int(data["size"][1])),
            gravity=bool(data["gravity"]),
            seed=int(data["seed"]),
            created=float(data["created"]),
            seats=[_seat(seat) for seat in data["seats"]],
            phase=data["phase"],
            starts_at=None if data["starts_at"] is None else float(data["starts_at"]),
            ended_at=None if data["ended_at"] is None else float(data["ended_at"]),
            version=int(data["version"]),
            changed={int(spot): int(at) for spot, at in data["changed"]},
            seq=int(data["seq"]),
            rematch_votes={int(vote) for vote in data["rematch_votes"]},
            rematch_code=data["rematch_code"],
            stored=bool(data["stored"]),
            uid=str(data["uid"]),
            announced=bool(data["announced"]),
        )
        if data["game"] is not None:
            room.game = DuelGame.from_json(data["game"])
            room.faces = faces(room.game)
    except (KeyError, TypeError, ValueError, IndexError, ModeError) as error:
        raise SnapshotError(f"a stored duel room is malformed: {error}") from None
    if room.phase not in ("waiting", "countdown", "playing", "over"):
        raise SnapshotError(f"a stored duel room has no phase {room.phase!r}")
    return room


def shift(room: Room, seconds: float) -> None:
    """Move the room's deadlines ``seconds`` later: the countdown, the finished
    room's lifetime, and the duel's clocks (:meth:`DuelGame.shift`). The waiting
    room's lifetime keeps its start (ten minutes hardly notice a pause)."""
    if seconds <= 0:
        return
    if room.phase == "countdown" and room.starts_at is not None:
        room.starts_at += seconds
    if room.phase == "over" and room.ended_at is not None:
        room.ended_at += seconds
    if room.game is not None:
        room.game.shift(seconds)
