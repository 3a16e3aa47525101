"""A duel room: its seats and spectators, and what the people in it may do.

A room holds one :class:`~tilematch.modes.duel.DuelGame` and the people
around it: two seats (the creator in seat 0; a second player, or the
computer rival, in seat 1) and any number of read-only spectators (up to
:attr:`DuelConfig.max_spectators`). The rules live in the game; this module
decides who may say what (joining, leaving, claims, rematch votes, the
choice of a rival) and turns the game's events into frames.

Every function here runs on the server's event loop and never awaits, so
claims are decided in the order they arrive and every connection receives
the room's frames in one order (each frame carries the room's ``seq``).
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from tilematch.modes.duel import DUEL_REFUSALS, FORFEIT_SECONDS, LOCKOUT_SECONDS, DuelGame
from tilematch.modes.views import Event
from tilematch.server.duel import protocol
from tilematch.server.duel.config import RIVAL_LEVELS, DuelConfig, DuelError
from tilematch.server.duel.connection import Client
from tilematch.server.duel.protocol import (
    CLOSE_FULL,
    CLOSE_POLICY,
    CLOSE_REPLACED,
    CLOSE_TOO_BIG,
    DUEL_STALE,
    Claim,
    Frame,
    Invalid,
    Ping,
    Rematch,
    Resend,
    Rival,
)
from tilematch.server.players import Player

log = logging.getLogger("tilematch.server.duels")

#: Where a room is: ``waiting`` for its second player, the ``countdown`` before the
#: first claim, ``playing``, ``over`` (rematch votes) and ``closed`` (gone).
Phase = Literal["waiting", "countdown", "playing", "over", "closed"]


@dataclass
class Seat:
    """A player's place in a room (``player_id`` ``None`` for the computer rival).
    ``name`` is the player's own name, ``""`` for a player without one and for the
    rival: the page names those seats in its reader's language."""

    player_id: str | None
    name: str
    client: Client | None = None
    rival: str | None = None

    def own_name(self, index: int) -> str:
        """The name the seat's player chose, ``""`` when none: the rival's, and the
        English defaults servers stored before (``Player 1`` in seat 0, ``Player 2``
        in seat 1, ``Computer (sharp)``), count as none."""
        if self.rival is not None or self.name == f"Player {index + 1}":
            return ""
        return self.name

    @property
    def connected(self) -> bool:
        """True for the rival, and for a player with an open connection."""
        return self.rival is not None or self.client is not None


@dataclass
class Room:
    """One duel room; see the module docstring."""

    code: str
    size: tuple[int, int]
    gravity: bool
    seed: int
    created: float
    seats: list[Seat | None]
    phase: Phase = "waiting"
    game: DuelGame | None = None
    starts_at: float | None = None
    ended_at: float | None = None
    version: int = 0
    #: The face on every spot, and the board version at which each spot last changed
    #: (a removal, a fall, a reshuffle): a claim made on an older version that
    #: touches a changed spot is refused as ``stale``, without penalty.
    faces: dict[int, str] = field(default_factory=dict)
    changed: dict[int, int] = field(default_factory=dict)
    seq: int = 0
    spectators: list[Client] = field(default_factory=list)
    rematch_votes: set[int] = field(default_factory=set)
    rematch_code: str | None = None
    stored: bool = False
    timer: asyncio.TimerHandle | None = None
    dealing: asyncio.Future[DuelGame] | None = None
    #: The results being written (in a worker thread); ``end`` is sent once it is done.
    storing: asyncio.Future[None] | None = None
    dealt: DuelGame | None = None
    deal_failed: bool = False
    #: Names this room for good (codes are reused once a room is gone): stored results'
    #: ids derive from it, so a duel is stored once even by two processes.
    uid: str = ""
    #: The ``end`` frame went out (after the results were stored).
    announced: bool = False

    @property
    def rival(self) -> str | None:
        """The computer rival's level, or ``None`` in a room of two people."""
        seat = self.seats[1]
        return seat.rival if seat is not None else None

    def clients(self) -> list[Client]:
        """Every open connection: the players' and the spectators'."""
        found = [s.client for s in self.seats if s is not None and s.client is not None]
        return found + list(self.spectators)

    def seat_of(self, player_id: str | None) -> int | None:
        """The seat ``player_id`` holds here, if any."""
        if player_id is None:
            return None
        for index, seat in enumerate(self.seats):
            if seat is not None and seat.player_id == player_id:
                return index
        return None

    def summary(self, viewer: str | None = None) -> dict[str, Any]:
        """What a lobby shows: settings, phase, who sits where, and the result if over."""
        game = self.game
        return {
            "code": self.code,
            "phase": self.phase,
            "size": list(self.size),
            "gravity": self.gravity,
            "seed": self.seed,
            "rival": self.rival,
            "players": [
                None
                if seat is None
                else {
                    "name": seat.own_name(index),
                    "connected": seat.connected,
                    "rival": seat.rival,
                    "you": viewer is not None and seat.player_id == viewer,
                }
                for index, seat in enumerate(self.seats)
            ],
            "you": self.seat_of(viewer),
            "spectators": len(self.spectators),
            "starts_at": self.starts_at,
            "scores": game.scores if game is not None else [0, 0],
            "result": game.result() if game is not None and game.finished else None,
            "rematch": self.rematch_code,
        }


class Hub(Protocol):
    """What a room needs of the registry that holds it: the clock, the limits,
    the fan-out of frames, its timer, a new room (a rematch) and storing results."""

    clock: Callable[[], float]
    config: DuelConfig

    def broadcast(self, room: Room, frame: Frame) -> None: ...
    def send_to(self, room: Room, client: Client, frame: Frame) -> None: ...
    def schedule(self, room: Room) -> None: ...
    def maybe_start(self, room: Room) -> None: ...
    def store(self, room: Room) -> None: ...
    def close_room(self, room: Room, code: int, reason: str) -> None: ...
    def create(
        self, player: Player, *, size: tuple[int, int], gravity: bool, rival: str | None
    ) -> Room: ...


def faces(game: DuelGame) -> dict[int, str]:
    """The face on every occupied spot of the duel's board."""
    board = game.board
    return {spot: board.face(spot) or "" for spot in board.spots()}


def room_frame(room: Room) -> Frame:
    """The lobby facts of the room, for everyone: ``{"type": "room", ...}``."""
    frame = room.summary()
    frame.pop("you")
    return {"type": "room", **frame}


def state_frame(room: Room, seat: int | None, now: float) -> Frame:
    """Everything a (re)connecting screen needs: board, scores, lockouts, phase."""
    game = room.game
    frame: Frame = {
        "type": "state",
        "phase": room.phase,
        "you": seat,
        "version": room.version,
        "size": list(room.size),
        "gravity": room.gravity,
        "starts_at": room.starts_at,
        "now": now,
    }
    if game is not None:
        frame.update(
            tiles=protocol.tile_views(game),
            scores=game.scores,
            tiles_left=game.board.occupied.bit_count(),
            locked=[round(game.locked(i, now), 3) for i in (0, 1)],
            away=[p.away_since is not None for p in game.players],
            reshuffles=game.reshuffles,
            last_match=game.last_match,
            elapsed=round((game.ended_at if game.ended_at is not None else now) - game.started, 3),
            result=game.result() if game.finished else None,
            figures=game.figures() if game.finished else None,
        )
    return frame


def _error(hub: Hub, room: Room, client: Client, code: str, message: str) -> None:
    hub.send_to(room, client, protocol.error(code, message))


# --------------------------------------------------------------------------- seats


def join(hub: Hub, room: Room, client: Client, *, watch: bool = False) -> int | None:
    """Seat ``client`` (its player's seat, else a free seat) or make it a spectator.

    Returns the seat, or ``None`` for a spectator. A player who already has
    a connection in this room has the old one closed (the newest wins). A
    room with no free seat and too many spectators closes the connection.
    """
    player_id = client.player.id if client.player is not None else None
    now = hub.clock()
    seat_index = room.seat_of(player_id)
    if (
        seat_index is None
        and not watch
        and client.player is not None
        and room.phase == "waiting"
        and room.seats[1] is None
    ):
        room.seats[1] = Seat(client.player.id, client.player.name or "")
        seat_index = 1
        hub.schedule(room)
    if seat_index is None:
        _watch(hub, room, client)
        return None
    seat = room.seats[seat_index]
    assert seat is not None
    if seat.client is not None and seat.client is not client:
        old = seat.client
        seat.client = None
        old.close(CLOSE_REPLACED, "replaced by a newer connection")
    seat.client = client
    client.seat = seat_index
    hub.send_to(room, client, protocol.hello("player", seat_index))
    game = room.game
    if game is not None and not game.finished and game.players[seat_index].away_since is not None:
        events = game.back(seat_index, max(now, game.started))
        if not game.finished:
            hub.broadcast(room, {"type": "back", "player": seat_index})
        emit(hub, room, events)
    if not client.resumed:
        hub.send_to(room, client, state_frame(room, seat_index, hub.clock()))
    hub.broadcast(room, room_frame(room))
    hub.maybe_start(room)
    hub.schedule(room)
    return seat_index


def _watch(hub: Hub, room: Room, client: Client) -> None:
    if len(room.spectators) >= hub.config.max_spectators:
        client.close(CLOSE_FULL, "too many spectators in this room")
        return
    room.spectators.append(client)
    client.seat = None
    hub.send_to(room, client, protocol.hello("spectator", None))
    hub.send_to(room, client, room_frame(room))
    if not client.resumed:
        hub.send_to(room, client, state_frame(room, None, hub.clock()))
    hub.broadcast(room, room_frame(room))


def leave(hub: Hub, room: Room, client: Client) -> None:
    """``client``'s connection ended: a seated player is marked away (30 s to return)."""
    if client in room.spectators:
        room.spectators.remove(client)
        if room.phase != "closed":
            hub.broadcast(room, room_frame(room))
        return
    seat_index = client.seat
    if seat_index is None:
        return
    seat = room.seats[seat_index]
    if seat is None or seat.client is not client:
        return  # an old connection already replaced
    seat.client = None
    if room.phase == "closed":
        return
    if room.phase == "waiting" and seat_index == 1:
        room.seats[1] = None  # a guest who leaves before the start frees the seat
    game = room.game
    now = hub.clock()
    if game is not None and not game.finished:
        at = max(now, game.started)
        game.away(seat_index, at)
        hub.broadcast(room, protocol.away(seat_index, at + FORFEIT_SECONDS))
    hub.broadcast(room, room_frame(room))
    hub.schedule(room)


# --------------------------------------------------------------------------- frames in


def receive(hub: Hub, room: Room, client: Client, text: str | None) -> None:
    """Handle one frame from ``client``: ``text`` is its JSON, ``None`` for a binary frame.

    Bad frames get an ``error`` frame (or, for flooding and oversized frames,
    a close) and never touch the game.
    """
    limiter = client.limiter
    if limiter is not None and not limiter.allow():
        if limiter.dropped >= hub.config.flood_limit:
            client.close(CLOSE_POLICY, "too many frames")
            return
        now = hub.config.monotonic()
        if now - client.last_error_at >= 1.0:
            client.last_error_at = now
            _error(hub, room, client, "rate_limited", "Too many frames; slow down.")
        return
    if text is None:
        _error(hub, room, client, "bad_frame", "Frames are JSON text, not binary.")
        return
    if len(text) > hub.config.max_frame_chars:
        client.close(CLOSE_TOO_BIG, "frame too large")
        return
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        _error(hub, room, client, "bad_json", "This frame is not valid JSON.")
        return
    frame = protocol.parse(data)
    if isinstance(frame, Invalid) and frame.type is None:
        _error(hub, room, client, frame.code, frame.message)
    elif isinstance(frame, Ping):
        hub.send_to(room, client, protocol.pong(hub.clock(), frame.id))
    elif isinstance(frame, Resend):
        hub.send_to(room, client, state_frame(room, client.seat, hub.clock()))
    elif isinstance(frame, Rematch):
        _rematch(hub, room, client)
    elif isinstance(frame, Rival) or (isinstance(frame, Invalid) and frame.type == "rival"):
        _choose_rival(hub, room, client, frame)
    else:
        _claim(hub, room, client, frame)


def _claim(hub: Hub, room: Room, client: Client, frame: Claim | Invalid) -> None:
    seat = client.seat
    if seat is None:
        _error(hub, room, client, "not_a_player", "Spectators watch; only players claim.")
        return
    if isinstance(frame, Invalid):
        _error(hub, room, client, frame.code, frame.message)
        return
    a, b, seen = frame.a, frame.b, frame.version
    game = room.game
    if room.phase in ("waiting", "countdown") or game is None:
        _error(hub, room, client, "not_started", "The duel has not started yet.")
        return
    now = hub.clock()
    if seen is not None and not game.finished and _stale(room, a, b, seen):
        # made on a board that has changed under it since (a reshuffle, a fall):
        # the player never saw these tiles there, so no win and no penalty
        locked = game.locked(seat, now)
        hub.send_to(room, client, protocol.refused(a, b, "stale", DUEL_STALE, locked))
        return
    outcome = game.claim(seat, a, b, now)
    if not outcome.ok:
        message = outcome.message or DUEL_REFUSALS.get(outcome.reason or "", "")
        locked = game.locked(seat, now)
        hub.send_to(room, client, protocol.refused(a, b, outcome.reason, message, locked))
    emit(hub, room, outcome.events)
    hub.schedule(room)


def _stale(room: Room, a: int, b: int, seen: int) -> bool:
    """True when both spots hold tiles but one of them changed after version ``seen``
    (a spot that was emptied is left to the rules: ``taken``)."""
    if a not in room.faces or b not in room.faces:
        return False
    return any(room.changed.get(spot, -1) > seen for spot in (a, b))


def _rematch(hub: Hub, room: Room, client: Client) -> None:
    seat = client.seat
    if seat is None:
        _error(hub, room, client, "not_a_player", "Only the players can ask for a rematch.")
        return
    if room.phase != "over":
        _error(hub, room, client, "not_over", "A rematch can be asked once the duel is over.")
        return
    if room.rematch_code is not None:
        hub.send_to(room, client, _rematch_frame(room))
        return
    room.rematch_votes.add(seat)
    needed = {i for i, s in enumerate(room.seats) if s is not None and s.rival is None}
    if needed <= room.rematch_votes:
        first = room.seats[0]
        assert first is not None and first.player_id is not None
        try:
            fresh = hub.create(
                Player(first.player_id, first.name),
                size=room.size,
                gravity=room.gravity,
                rival=room.rival,
            )
        except DuelError as error:
            _error(hub, room, client, error.code, error.message)
            return
        second = room.seats[1]
        if second is not None and second.rival is None:
            fresh.seats[1] = Seat(second.player_id, second.name)
        fresh.seats[0] = Seat(first.player_id, first.name)
        room.rematch_code = fresh.code
    hub.broadcast(room, _rematch_frame(room))


def _rematch_frame(room: Room) -> Frame:
    return {
        "type": "rematch",
        "votes": [i in room.rematch_votes for i in (0, 1)],
        "code": room.rematch_code,
    }


def _choose_rival(hub: Hub, room: Room, client: Client, frame: Rival | Invalid) -> None:
    if client.seat != 0 or room.phase != "waiting" or room.seats[1] is not None:
        _error(
            hub, room, client, "not_allowed", "Only the host of a room still waiting picks a rival."
        )
        return
    if isinstance(frame, Invalid):
        _error(hub, room, client, frame.code, frame.message)
        return
    assert frame.level in RIVAL_LEVELS
    room.seats[1] = Seat(None, "", rival=frame.level)
    hub.broadcast(room, room_frame(room))
    hub.maybe_start(room)


# --------------------------------------------------------------------------- the game


def emit(hub: Hub, room: Room, events: list[Event]) -> None:
    """Send the frames of the game's ``events`` (claims, reshuffles, lockouts, the end)."""
    game = room.game
    if game is None:
        return
    before = room.version
    try:
        for event in events:
            _emit_event(hub, room, game, event)
    finally:
        if room.version != before:
            _note_changes(room, game)


def _note_changes(room: Room, game: DuelGame) -> None:
    """Mark every spot whose face changed since the last look with the room's version."""
    now = faces(game)
    for spot in room.faces.keys() | now.keys():
        if room.faces.get(spot) != now.get(spot):
            room.changed[spot] = room.version
    room.faces = now


def _emit_event(hub: Hub, room: Room, game: DuelGame, event: Event) -> None:
    kind = event.get("type")
    if kind == "match":
        room.version += 1
        last = game.last_match
        frame: Frame = {
            "type": "claim",
            "player": event["player"],
            "a": event["a"],
            "b": event["b"],
            "path": last["path"] if last is not None and last["a"] == event["a"] else None,
            "scores": game.scores,
            "tiles_left": game.board.occupied.bit_count(),
            "version": room.version,
        }
        if room.gravity:
            frame["tiles"] = protocol.tile_views(game)
            # where tiles fell, so that screens slide them down instead of redrawing
            frame["fell"] = last["fell"] if last is not None and last["a"] == event["a"] else []
        hub.broadcast(room, frame)
    elif kind == "shuffle":
        room.version += 1
        hub.broadcast(
            room,
            {
                "type": "reshuffle",
                "tiles": protocol.tile_views(game),
                "reshuffles": game.reshuffles,
                "version": room.version,
            },
        )
    elif kind == "lockout":
        until = float(event["until"])
        hub.broadcast(
            room,
            {
                "type": "lockout",
                "player": event["player"],
                "until": until,
                "seconds": LOCKOUT_SECONDS,
            },
        )
    elif kind == "end":
        finish(hub, room)


def finish(hub: Hub, room: Room) -> None:
    """The game ended: store the results (in a worker thread, so the other rooms
    play on), then tell everyone. A client that sees ``end`` finds the duel in
    its history."""
    game = room.game
    assert game is not None
    if room.phase == "over":
        return
    room.phase = "over"
    room.ended_at = hub.clock()
    conclude(hub, room)


def conclude(hub: Hub, room: Room) -> None:
    """Store a finished duel's results, then send ``end`` (once): :func:`finish`'s
    second half, also run by a server that took over a room whose end was decided
    but not yet announced."""
    game = room.game
    assert game is not None
    names = [seat.own_name(index) if seat else "" for index, seat in enumerate(room.seats)]
    ended = room.ended_at if room.ended_at is not None else hub.clock()
    frame = {
        "type": "end",
        **game.result(),
        "names": names,
        "elapsed": round((game.ended_at or ended) - game.started, 3),
        "figures": game.figures(),
    }

    def announce(_done: object = None) -> None:
        if room.phase == "closed" or room.announced:
            return
        room.announced = True
        hub.broadcast(room, frame)
        hub.broadcast(room, room_frame(room))

    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:  # no event loop (a synchronous caller): store in place
        hub.store(room)
        announce()
        return
    room.storing = loop.run_in_executor(None, hub.store, room)
    room.storing.add_done_callback(announce)
