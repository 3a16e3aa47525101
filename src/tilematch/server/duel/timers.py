"""Time in a room: the countdown and the deal, the rival's pace and forfeits, expiry.

The room reads the server's clock (``Settings.clock``; tests inject a fake
one). Each room has one timer, set with :meth:`asyncio.loop.call_later` for
its next due moment, and the timer re-reads the clock when it fires; it looks
again at least every :attr:`DuelConfig.recheck` seconds, so a clock moved by
hand is noticed. The board is dealt in a worker thread during the countdown.
"""

from __future__ import annotations

import asyncio
import logging

from tilematch.modes.duel import FORFEIT_SECONDS, DuelGame, Rival
from tilematch.server.duel import protocol
from tilematch.server.duel.config import DuelConfig
from tilematch.server.duel.protocol import CLOSE_EXPIRED, CLOSE_GOING_AWAY
from tilematch.server.duel.room import Hub, Room, emit, faces, room_frame, state_frame

log = logging.getLogger("tilematch.server.duels")


def next_wake(room: Room, config: DuelConfig) -> float | None:
    """When the room's timer has something to do next (``None``: nothing)."""
    if room.phase == "waiting":
        return room.created + config.waiting_ttl
    if room.phase == "countdown":
        return room.starts_at if room.dealt is not None else None
    if room.phase == "playing" and room.game is not None:
        return room.game.next_event_at()
    if room.phase == "over":
        return (room.ended_at or room.created) + config.finished_ttl
    return None


def schedule(hub: Hub, room: Room) -> None:
    """Set the room's timer for its next due moment (none outside an event loop)."""
    if room.timer is not None:
        room.timer.cancel()
        room.timer = None
    due = next_wake(room, hub.config)
    if due is None:
        return
    delay = max(0.0, due - hub.clock())
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:  # called outside the loop (a synchronous test): no timers
        return
    # a fake clock may stand still: look again at least every few seconds
    room.timer = loop.call_later(min(delay, hub.config.recheck), on_timer, hub, room)


def on_timer(hub: Hub, room: Room) -> None:
    """What is due now: expiry, the start, the game's clock, closing a finished room."""
    room.timer = None
    now = hub.clock()
    config = hub.config
    if room.phase == "waiting" and now >= room.created + config.waiting_ttl:
        hub.broadcast(room, protocol.expired())
        hub.close_room(room, CLOSE_EXPIRED, "nobody joined this room in time")
        return
    if room.phase == "countdown" and room.dealt is not None and now >= (room.starts_at or 0):
        _begin(hub, room)
    if room.phase == "playing" and room.game is not None:
        emit(hub, room, room.game.tick(now))
    if room.phase == "over" and now >= (room.ended_at or now) + config.finished_ttl:
        hub.close_room(room, CLOSE_GOING_AWAY, "this room is closed")
        return
    schedule(hub, room)


def maybe_start(hub: Hub, room: Room) -> None:
    """Start the countdown (and deal in a worker thread) once both seats are here."""
    if room.phase != "waiting":
        return
    if not all(seat is not None and seat.connected for seat in room.seats):
        return
    now = hub.clock()
    room.phase = "countdown"
    room.starts_at = now + hub.config.countdown
    deal(hub, room)
    hub.broadcast(room, protocol.countdown(room.starts_at, hub.config.countdown, now))
    hub.broadcast(room, room_frame(room))
    schedule(hub, room)


def deal(hub: Hub, room: Room) -> None:
    """Deal the room's board in a worker thread for its countdown (``starts_at``);
    the duel begins when the deal is done and the countdown over."""
    rival_seat = room.seats[1]
    level = rival_seat.rival if rival_seat is not None else None
    starts_at, seed, size, gravity = (
        room.starts_at or hub.clock(),
        room.seed,
        room.size,
        room.gravity,
    )

    def dealt() -> DuelGame:
        rival = Rival(level, seed=seed) if level is not None else None
        return DuelGame(seed, starts_at, size=size, gravity=gravity, rival=rival)

    loop = asyncio.get_running_loop()
    room.dealing = loop.run_in_executor(None, dealt)
    room.dealing.add_done_callback(lambda future: _dealt(hub, room, future))


def _dealt(hub: Hub, room: Room, future: asyncio.Future[DuelGame]) -> None:
    room.dealing = None
    if future.cancelled():
        return
    error = future.exception()
    if error is not None:
        log.error("room %s: no board could be dealt: %s", room.code, error)
        room.deal_failed = True
        hub.broadcast(room, protocol.error("deal_failed", "No board could be dealt."))
        hub.close_room(room, CLOSE_GOING_AWAY, "no board could be dealt")
        return
    room.dealt = future.result()
    on_timer(hub, room)


def _begin(hub: Hub, room: Room) -> None:
    game = room.dealt
    assert game is not None
    room.game = game
    room.dealt = None
    room.phase = "playing"
    room.faces = faces(game)
    now = hub.clock()
    for index, seat in enumerate(room.seats):
        if seat is not None and not seat.connected:
            at = max(now, game.started)
            game.away(index, at)
    hub.broadcast(room, {"type": "start", "now": now, "starts_at": game.started})
    for client in room.clients():
        hub.send_to(room, client, state_frame(room, client.seat, hub.clock()))
    for index, player in enumerate(game.players):
        if player.away_since is not None:
            hub.broadcast(room, protocol.away(index, player.away_since + FORFEIT_SECONDS))


__all__ = ["deal", "maybe_start", "next_wake", "on_timer", "schedule"]
