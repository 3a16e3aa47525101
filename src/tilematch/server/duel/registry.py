"""The rooms of one server, by code: creation, lookup, the fan-out of frames, expiry.

:class:`DuelRooms` keeps the live rooms in memory (finished duels go to the
database). What happens inside a room is in :mod:`~tilematch.server.duel.room`
and its clock in :mod:`~tilematch.server.duel.timers`; the registry is the
:class:`~tilematch.server.duel.room.Hub` they work through.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from collections.abc import Callable
from typing import Any

from tilematch.modes.settings import ModeError, Settings
from tilematch.server.db import Storage
from tilematch.server.duel import protocol, results, timers
from tilematch.server.duel import room as in_room
from tilematch.server.duel.config import (
    CODE_ALPHABET,
    CODE_LENGTH,
    DEFAULT_SIZE,
    MAX_CELLS,
    RIVAL_LEVELS,
    DuelConfig,
    DuelError,
)
from tilematch.server.duel.connection import Client
from tilematch.server.duel.protocol import CLOSE_GOING_AWAY, CLOSE_SHUTDOWN, Frame, encode
from tilematch.server.duel.room import Room, Seat
from tilematch.server.players import Player


class DuelRooms:
    """The registry of live rooms of one server (kept in memory; results go to storage).

    ``storage`` receives finished duels (history and the duel leaderboard),
    ``clock`` is the server's clock, ``config`` the timings and limits.
    All methods must be called on the server's event loop.
    """

    def __init__(
        self,
        storage: Storage,
        clock: Callable[[], float],
        config: DuelConfig | None = None,
    ) -> None:
        self.storage = storage
        self.clock = clock
        self.config = config or DuelConfig()
        self.rooms: dict[str, Room] = {}
        #: Called with (room, frame) for every frame broadcast (benchmarks, tests).
        self.observers: list[Callable[[Room, dict[str, Any]], None]] = []

    # ------------------------------------------------------------------ rooms
    def _new_code(self) -> str:
        for _ in range(100):
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if code not in self.rooms:
                return code
        raise DuelError(503, "no_room_code", "No free room code was found; try again.")

    def create(
        self,
        player: Player,
        *,
        size: tuple[int, int] | None = None,
        gravity: bool = False,
        seed: int | None = None,
        rival: str | None = None,
    ) -> Room:
        """A new room with ``player`` in seat 0 (and the rival in seat 1 when asked).

        Raises :class:`DuelError` 422 for settings the rules refuse (size, seed,
        rival level) and 503 when the server holds too many rooms.
        """
        if len(self.rooms) >= self.config.max_rooms:
            self._sweep()
            if len(self.rooms) >= self.config.max_rooms:
                raise DuelError(503, "too_many_rooms", "The server is full of duels; try later.")
        if rival is not None and rival not in RIVAL_LEVELS:
            raise DuelError(
                422, "bad_rival", f"Unknown rival level {rival!r}; choose relaxed, steady or sharp."
            )
        if seed is None:
            seed = secrets.randbelow(2**31)
        try:
            settings = Settings(
                game="shisensho",
                mode="classic",
                size=size if size is not None else DEFAULT_SIZE,
                seed=seed,
                gravity=gravity,
            ).validate()
        except ModeError as error:
            raise DuelError(422, "bad_settings", str(error)) from None
        rows, cols = settings.size or DEFAULT_SIZE
        if rows * cols > MAX_CELLS:
            raise DuelError(
                422,
                "bad_settings",
                f"A duel board holds at most {MAX_CELLS} tiles, not {rows * cols}"
                f" ({cols} x {rows}, columns x rows).",
            )
        room = Room(
            code=self._new_code(),
            size=settings.size or DEFAULT_SIZE,
            gravity=gravity,
            seed=seed,
            created=self.clock(),
            seats=[Seat(player.id, player.name or ""), None],
        )
        if rival is not None:
            room.seats[1] = Seat(None, "", rival=rival)
        self.rooms[room.code] = room
        self.schedule(room)
        return room

    def find(self, code: str) -> Room | None:
        """The live room of ``code`` (any case), or ``None``."""
        room = self.rooms.get(code.strip().upper())
        return room if room is not None and room.phase != "closed" else None

    def _sweep(self) -> None:
        for room in list(self.rooms.values()):
            timers.on_timer(self, room)

    def poke(self) -> None:
        """Run every room's timer now (after a test moved the fake clock)."""
        self._sweep()

    def close_room(self, room: Room, code: int, reason: str) -> None:
        """Close ``room``: its timer, its deal and every connection (with ``code``)."""
        room.phase = "closed"
        if room.timer is not None:
            room.timer.cancel()
            room.timer = None
        if room.dealing is not None:
            room.dealing.cancel()
        for client in room.clients():
            client.close(code, reason)
        self.rooms.pop(room.code, None)

    def shutdown(self) -> None:
        """Cancel every timer and close every connection (server shutdown)."""
        for room in list(self.rooms.values()):
            self.close_room(room, CLOSE_GOING_AWAY, "the server is shutting down")

    async def stop(self) -> None:
        """A clean shutdown of the one server: every room is told and closed with
        :data:`~tilematch.server.duel.protocol.CLOSE_SHUTDOWN`, once the results of
        finished duels are written. Unfinished duels end without a result (neither
        player is charged with a loss); they cannot go on without the server."""
        storing = [room.storing for room in self.rooms.values() if room.storing is not None]
        for future in storing:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(asyncio.shield(future), 5.0)
        for room in list(self.rooms.values()):
            unfinished = room.phase != "over"
            message = (
                "The server is stopping; this duel ends here without a result."
                if unfinished
                else "The server is stopping; this finished duel is in your history."
            )
            self.broadcast(room, protocol.closing(message))
            self.close_room(room, CLOSE_SHUTDOWN, "the server is stopping")
        await asyncio.sleep(0.1)  # let the sockets' writers send the frame and the close

    # ------------------------------------------------------------------ frames out
    def _numbered(self, room: Room, frame: Frame) -> Frame:
        room.seq += 1
        frame["seq"] = room.seq
        return frame

    def broadcast(self, room: Room, frame: Frame) -> None:
        """Queue ``frame`` (numbered with the room's ``seq``) for every connection."""
        text = encode(self._numbered(room, frame))  # once, whoever the listeners
        for client in room.clients():
            client.send_text(text)
        for observer in self.observers:
            observer(room, frame)

    def send_to(self, room: Room, client: Client, frame: Frame) -> None:
        """Queue ``frame`` (numbered with the room's ``seq``) for one connection."""
        client.send(self._numbered(room, frame))

    def state_frame(self, room: Room, seat: int | None) -> Frame:
        """Everything a (re)connecting screen needs: board, scores, lockouts, phase."""
        return in_room.state_frame(room, seat, self.clock())

    # ------------------------------------------------------------------ people and frames in
    def join(self, room: Room, client: Client, *, watch: bool = False) -> int | None:
        """See :func:`tilematch.server.duel.room.join`."""
        return in_room.join(self, room, client, watch=watch)

    def leave(self, room: Room, client: Client) -> None:
        """See :func:`tilematch.server.duel.room.leave`."""
        in_room.leave(self, room, client)

    def receive(self, room: Room, client: Client, text: str | None) -> None:
        """See :func:`tilematch.server.duel.room.receive`."""
        in_room.receive(self, room, client, text)

    # ------------------------------------------------------------------ time and results
    def schedule(self, room: Room) -> None:
        """Set the room's timer (see :mod:`tilematch.server.duel.timers`)."""
        timers.schedule(self, room)

    def maybe_start(self, room: Room) -> None:
        """Start the countdown once both seats are here."""
        timers.maybe_start(self, room)

    def store(self, room: Room) -> None:
        """Write the finished duel's results (see :mod:`tilematch.server.duel.results`)."""
        results.store(self.storage, room, self.clock)

    def leaderboard(self, viewer: str, against: str, limit: int) -> list[dict[str, Any]]:
        """Players ranked by wins (then fewer losses, then tiles) against ``against``:
        ``"player"`` (people) or a rival level."""
        return results.leaderboard(self.storage, viewer, against, limit)
