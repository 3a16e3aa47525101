"""Speed Duel rooms: the room registry, seats, spectators and the websocket fan-out.

A room holds one :class:`~tilematch.modes.duel.DuelGame` and the people
around it: two seats (the creator in seat 0; a second player, or the
computer rival, in seat 1) and any number of read-only spectators (up to
:attr:`DuelConfig.max_spectators`). The rules live in the game; this module
only decides who may say what, when time passes, and who hears about it.

Ordering. Every change to a room happens in plain synchronous code on the
server's event loop: a frame is read, the claim is decided by the game with
the server's clock, and the answers are queued on every connection before
the next frame of any connection is looked at. Nothing awaits in between,
so claims are decided in the order they arrive, and every connection
receives the room's frames in one and the same order (each frame carries
the room's ``seq``). Slow sockets cannot hold a room up: each
:class:`Client` has its own outgoing queue, sent by its own task.

Time. The room reads the server's clock (``Settings.clock``; tests inject a
fake one). Countdowns, the rival's pace, forfeits and expiry are scheduled
with :meth:`asyncio.loop.call_later`, and each timer re-reads the clock when
it fires; :meth:`DuelRooms.poke` runs every room's timer at once (for tests
that move a fake clock).

Frames are JSON objects with a ``"type"``; ``docs/duel.md`` lists them all.
"""

from __future__ import annotations

import asyncio
import json
import logging
import math
import secrets
import sqlite3
import time
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from tilematch.engine.tiles import tile_name
from tilematch.modes.duel import DUEL_REFUSALS, FORFEIT_SECONDS, LOCKOUT_SECONDS, DuelGame, Rival
from tilematch.modes.session import ModeError, Settings
from tilematch.server.db import WRITE_ERRORS, Storage
from tilematch.server.db.games import GameRecord, insert_game
from tilematch.server.db.results import ResultRecord, duel_leaderboard, insert_result
from tilematch.server.players import Player, new_id

log = logging.getLogger("tilematch.server.duels")

#: Letters of room codes: no 0/O, 1/I/L, so a code read aloud is unambiguous.
CODE_ALPHABET: Final = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH: Final = 6
RIVAL_LEVELS: Final = ("relaxed", "steady", "sharp")
#: Board sizes offered for duels are any valid Shisen-Sho size; this is the default.
DEFAULT_SIZE: Final = (8, 12)
#: Largest duel board (cells): the standard 8x17 and 8x18 fit, bigger boards deal too slowly.
MAX_CELLS: Final = 144

# Close codes sent to a websocket (4xxx are the application's own).
CLOSE_REPLACED: Final = 4000
CLOSE_UNAUTHORIZED: Final = 4401
CLOSE_NO_ROOM: Final = 4404
CLOSE_EXPIRED: Final = 4410
CLOSE_FULL: Final = 4429
CLOSE_TOO_SLOW: Final = 4413
CLOSE_POLICY: Final = 1008
CLOSE_TOO_BIG: Final = 1009
CLOSE_GOING_AWAY: Final = 1001

DUEL_STALE: Final = "The board changed before your claim arrived; look again (no penalty)."


class DuelError(Exception):
    """A duel request that cannot be served: ``status`` (HTTP), ``code`` word, ``message``."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message


@dataclass(frozen=True)
class DuelConfig:
    """Room timings and per-connection limits (defaults suit people on a network)."""

    #: Seconds between both players being present and the first claim.
    countdown: float = 3.0
    #: A room whose second seat stays empty this long expires.
    waiting_ttl: float = 600.0
    #: A finished room stays this long (rematch votes, late viewers), then goes.
    finished_ttl: float = 300.0
    max_rooms: int = 5_000
    max_spectators: int = 50
    #: Frames a connection may send per second, and in a burst.
    frames_per_second: float = 20.0
    frame_burst: int = 40
    #: Frames dropped for flooding before the connection is closed.
    flood_limit: int = 60
    #: Longest accepted frame, in characters.
    max_frame_chars: int = 1_024
    #: Frames queued for a connection that does not read them before it is dropped.
    send_queue: int = 512
    #: Clock of the frame rate limit (a transport matter: real time by default).
    monotonic: Callable[[], float] = time.monotonic
    #: A room's timer looks at the server clock at least this often (seconds), so a
    #: clock moved by hand (tests) is noticed.
    recheck: float = 5.0


def encode(frame: dict[str, Any]) -> str:
    """The JSON text of a frame, compact."""
    return json.dumps(frame, separators=(",", ":"))


class FrameLimiter:
    """A token bucket per connection: ``rate`` frames per second, bursts of ``burst``."""

    def __init__(self, rate: float, burst: int, clock: Callable[[], float]) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.clock = clock
        self.tokens = float(burst)
        self.last = clock()
        self.dropped = 0

    def allow(self) -> bool:
        """Take a token; ``False`` (and one more dropped frame) when none is left."""
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + max(0.0, now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        self.dropped += 1
        return False


class Client:
    """One websocket (or a test's stand-in): an outgoing frame queue and a close request.

    :meth:`send` never blocks: frames are queued and written by :meth:`pump`.
    A connection that lets :attr:`limit` frames pile up is closed as too slow.
    """

    def __init__(self, player: Player | None, *, limit: int = 512) -> None:
        self.player = player
        self.limit = limit
        self.frames: deque[str] = deque()
        self.closing: tuple[int, str] | None = None
        self.seat: int | None = None
        self.limiter: FrameLimiter | None = None
        self._ready = asyncio.Event()
        self.last_error_at = -math.inf

    def send(self, frame: dict[str, Any]) -> None:
        """Queue ``frame`` (ignored once the connection is closing)."""
        self.send_text(encode(frame))

    def send_text(self, text: str) -> None:
        """Queue an encoded frame (ignored once the connection is closing)."""
        if self.closing is not None:
            return
        if len(self.frames) >= self.limit:
            self.close(CLOSE_TOO_SLOW, "too many unread frames")
            return
        self.frames.append(text)
        self._ready.set()

    def close(self, code: int, reason: str) -> None:
        """Ask for the connection to be closed with ``code`` and ``reason`` after the queue."""
        if self.closing is None:
            self.closing = (code, reason)
            self._ready.set()

    async def pump(self, send: Callable[[str], Any], close: Callable[[int, str], Any]) -> None:
        """Write queued frames with ``send`` until a close is asked for; then ``close``."""
        while True:
            await self._ready.wait()
            self._ready.clear()
            while self.frames:
                await send(self.frames.popleft())
            if self.closing is not None:
                await close(*self.closing)
                return

    def take(self) -> list[dict[str, Any]]:
        """The queued frames, decoded, removed from the queue (for tests and tools)."""
        frames = [json.loads(text) for text in self.frames]
        self.frames.clear()
        return frames


@dataclass
class Seat:
    """A player's place in a room (``player_id`` ``None`` for the computer rival)."""

    player_id: str | None
    name: str
    client: Client | None = None
    rival: str | None = None

    @property
    def connected(self) -> bool:
        """True for the rival, and for a player with an open connection."""
        return self.rival is not None or self.client is not None


def _tiles(game: DuelGame) -> list[dict[str, Any]]:
    board = game.board
    return [
        {
            "spot": spot,
            "code": board.face(spot),
            "name": tile_name(board.face(spot) or ""),
            "pos": list(board.coords(spot)),
        }
        for spot in board.spots()
    ]


def stored_duel_view(row: sqlite3.Row | Mapping[str, Any]) -> dict[str, Any]:
    """What ``GET /api/games/{id}`` answers for a stored Speed Duel (a ``games`` row
    written when the duel ended): how it went and how it ended, with no board,
    since a duel is never continued as a solo game.

    ``{"id", "game", "mode": "duel", "status" ("won", "lost" or "draw"), "finished":
    true, "board", "variant", "seed", "size", "gravity", "score", "tiles_left",
    "created", "ended", "duel": {"room", "seat", "opponent", "opponent_kind",
    "scores", "winner", "reason", "claims", "reshuffles"}}``. A stored state that
    cannot be read leaves the ``duel`` details ``null`` rather than failing.
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
            "opponent": state.get("opponent"),
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


def _faces(game: DuelGame) -> dict[int, str]:
    board = game.board
    return {spot: board.face(spot) or "" for spot in board.spots()}


@dataclass
class Room:
    """One duel room; see the module docstring. Changed only by :class:`DuelRooms`."""

    code: str
    size: tuple[int, int]
    gravity: bool
    seed: int
    created: float
    seats: list[Seat | None]
    phase: str = "waiting"  # waiting | countdown | playing | over | closed
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
                    "name": seat.name,
                    "connected": seat.connected,
                    "rival": seat.rival,
                    "you": viewer is not None and seat.player_id == viewer,
                }
                for seat in self.seats
            ],
            "you": self.seat_of(viewer),
            "spectators": len(self.spectators),
            "starts_at": self.starts_at,
            "scores": game.scores if game is not None else [0, 0],
            "result": game.result() if game is not None and game.finished else None,
            "rematch": self.rematch_code,
        }


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
                f"A duel board holds at most {MAX_CELLS} tiles, not {rows * cols}.",
            )
        now = self.clock()
        room = Room(
            code=self._new_code(),
            size=settings.size or DEFAULT_SIZE,
            gravity=gravity,
            seed=seed,
            created=now,
            seats=[Seat(player.id, player.name or "Player 1"), None],
        )
        if rival is not None:
            room.seats[1] = Seat(None, f"Computer ({rival})", rival=rival)
        self.rooms[room.code] = room
        self._schedule(room)
        return room

    def find(self, code: str) -> Room | None:
        """The live room of ``code`` (any case), or ``None``."""
        room = self.rooms.get(code.strip().upper())
        return room if room is not None and room.phase != "closed" else None

    def _sweep(self) -> None:
        for room in list(self.rooms.values()):
            self._on_timer(room)

    def poke(self) -> None:
        """Run every room's timer now (after a test moved the fake clock)."""
        self._sweep()

    # ------------------------------------------------------------------ frames out
    def _frame(self, room: Room, frame: dict[str, Any]) -> dict[str, Any]:
        room.seq += 1
        frame["seq"] = room.seq
        return frame

    def broadcast(self, room: Room, frame: dict[str, Any]) -> None:
        """Queue ``frame`` (numbered with the room's ``seq``) for every connection."""
        text = encode(self._frame(room, frame))  # once, whoever the listeners
        for client in room.clients():
            client.send_text(text)
        for observer in self.observers:
            observer(room, frame)

    def _to(self, room: Room, client: Client, frame: dict[str, Any]) -> None:
        client.send(self._frame(room, frame))

    def _room_frame(self, room: Room) -> dict[str, Any]:
        frame = room.summary()
        frame.pop("you")
        return {"type": "room", **frame}

    def state_frame(self, room: Room, seat: int | None) -> dict[str, Any]:
        """Everything a (re)connecting screen needs: board, scores, lockouts, phase."""
        game = room.game
        now = self.clock()
        frame: dict[str, Any] = {
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
                tiles=_tiles(game),
                scores=game.scores,
                tiles_left=game.board.occupied.bit_count(),
                locked=[round(game.locked(i, now), 3) for i in (0, 1)],
                away=[p.away_since is not None for p in game.players],
                reshuffles=game.reshuffles,
                last_match=game.last_match,
                elapsed=round(
                    (game.ended_at if game.ended_at is not None else now) - game.started, 3
                ),
                result=game.result() if game.finished else None,
            )
        return frame

    def _error(self, room: Room, client: Client, code: str, message: str) -> None:
        self._to(room, client, {"type": "error", "code": code, "message": message})

    # ------------------------------------------------------------------ joining
    def join(self, room: Room, client: Client, *, watch: bool = False) -> int | None:
        """Seat ``client`` (its player's seat, else a free seat) or make it a spectator.

        Returns the seat, or ``None`` for a spectator. A player who already has
        a connection in this room has the old one closed (the newest wins). A
        room with no free seat and too many spectators closes the connection.
        """
        player_id = client.player.id if client.player is not None else None
        now = self.clock()
        seat_index = room.seat_of(player_id)
        if (
            seat_index is None
            and not watch
            and client.player is not None
            and room.phase == "waiting"
            and room.seats[1] is None
        ):
            room.seats[1] = Seat(client.player.id, client.player.name or "Player 2")
            seat_index = 1
            self._schedule(room)
        if seat_index is None:
            if len(room.spectators) >= self.config.max_spectators:
                client.close(CLOSE_FULL, "too many spectators in this room")
                return None
            room.spectators.append(client)
            client.seat = None
            self._to(room, client, {"type": "hello", "role": "spectator", "you": None})
            self._to(room, client, self._room_frame(room))
            self._to(room, client, self.state_frame(room, None))
            self.broadcast(room, self._room_frame(room))
            return None
        seat = room.seats[seat_index]
        assert seat is not None
        if seat.client is not None and seat.client is not client:
            old = seat.client
            seat.client = None
            old.close(CLOSE_REPLACED, "replaced by a newer connection")
        seat.client = client
        client.seat = seat_index
        self._to(room, client, {"type": "hello", "role": "player", "you": seat_index})
        game = room.game
        if (
            game is not None
            and not game.finished
            and game.players[seat_index].away_since is not None
        ):
            events = game.back(seat_index, max(now, game.started))
            if not game.finished:
                self.broadcast(room, {"type": "back", "player": seat_index})
            self._emit(room, events)
        self._to(room, client, self.state_frame(room, seat_index))
        self.broadcast(room, self._room_frame(room))
        self._maybe_start(room)
        self._schedule(room)
        return seat_index

    def leave(self, room: Room, client: Client) -> None:
        """``client``'s connection ended: a seated player is marked away (30 s to return)."""
        if client in room.spectators:
            room.spectators.remove(client)
            if room.phase != "closed":
                self.broadcast(room, self._room_frame(room))
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
        now = self.clock()
        if game is not None and not game.finished:
            at = max(now, game.started)
            game.away(seat_index, at)
            self.broadcast(
                room, {"type": "away", "player": seat_index, "forfeit_at": at + FORFEIT_SECONDS}
            )
        self.broadcast(room, self._room_frame(room))
        self._schedule(room)

    # ------------------------------------------------------------------ frames in
    def receive(self, room: Room, client: Client, text: str | None) -> None:
        """Handle one frame from ``client``: ``text`` is its JSON, ``None`` for a binary frame.

        Bad frames get an ``error`` frame (or, for flooding and oversized frames,
        a close) and never touch the game.
        """
        limiter = client.limiter
        if limiter is not None and not limiter.allow():
            if limiter.dropped >= self.config.flood_limit:
                client.close(CLOSE_POLICY, "too many frames")
                return
            now = self.config.monotonic()
            if now - client.last_error_at >= 1.0:
                client.last_error_at = now
                self._error(room, client, "rate_limited", "Too many frames; slow down.")
            return
        if text is None:
            self._error(room, client, "bad_frame", "Frames are JSON text, not binary.")
            return
        if len(text) > self.config.max_frame_chars:
            client.close(CLOSE_TOO_BIG, "frame too large")
            return
        try:
            frame = json.loads(text)
        except (ValueError, RecursionError):
            self._error(room, client, "bad_json", "This frame is not valid JSON.")
            return
        if not isinstance(frame, dict) or not isinstance(frame.get("type"), str):
            self._error(room, client, "bad_frame", 'A frame is a JSON object with a "type".')
            return
        kind = frame["type"]
        handler = {
            "claim": self._claim,
            "ping": self._ping,
            "rematch": self._rematch,
            "rival": self._choose_rival,
            "state": self._resend,
        }.get(kind)
        if handler is None:
            self._error(room, client, "unknown_type", f"Unknown frame type {kind[:40]!r}.")
            return
        handler(room, client, frame)

    def _ping(self, room: Room, client: Client, frame: dict[str, Any]) -> None:
        self._to(room, client, {"type": "pong", "now": self.clock(), "id": frame.get("id")})

    def _resend(self, room: Room, client: Client, frame: dict[str, Any]) -> None:
        self._to(room, client, self.state_frame(room, client.seat))

    def _claim(self, room: Room, client: Client, frame: dict[str, Any]) -> None:
        seat = client.seat
        if seat is None:
            self._error(room, client, "not_a_player", "Spectators watch; only players claim.")
            return
        a, b = frame.get("a"), frame.get("b")
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in (a, b)):
            self._error(
                room, client, "bad_claim", 'A claim is {"type": "claim", "a": spot, "b": spot}.'
            )
            return
        assert isinstance(a, int) and isinstance(b, int)
        if not (-(2**31) <= a < 2**31 and -(2**31) <= b < 2**31):
            self._error(room, client, "bad_claim", "Spots are small integers.")
            return
        seen = frame.get("version")
        if seen is not None and (not isinstance(seen, int) or isinstance(seen, bool)):
            self._error(room, client, "bad_claim", "A claim's version is the board version seen.")
            return
        game = room.game
        if room.phase in ("waiting", "countdown") or game is None:
            self._error(room, client, "not_started", "The duel has not started yet.")
            return
        now = self.clock()
        if seen is not None and not game.finished and self._stale(room, a, b, seen):
            # made on a board that has changed under it since (a reshuffle, a fall):
            # the player never saw these tiles there, so no win and no penalty
            self._to(
                room,
                client,
                {
                    "type": "refused",
                    "a": a,
                    "b": b,
                    "reason": "stale",
                    "message": DUEL_STALE,
                    "locked": round(game.locked(seat, now), 3),
                },
            )
            return
        outcome = game.claim(seat, a, b, now)
        if not outcome.ok:
            self._to(
                room,
                client,
                {
                    "type": "refused",
                    "a": a,
                    "b": b,
                    "reason": outcome.reason,
                    "message": outcome.message or DUEL_REFUSALS.get(outcome.reason or "", ""),
                    "locked": round(game.locked(seat, now), 3),
                },
            )
        self._emit(room, outcome.events)
        self._schedule(room)

    @staticmethod
    def _stale(room: Room, a: int, b: int, seen: int) -> bool:
        """True when both spots hold tiles but one of them changed after version ``seen``
        (a spot that was emptied is left to the rules: ``taken``)."""
        if a not in room.faces or b not in room.faces:
            return False
        return any(room.changed.get(spot, -1) > seen for spot in (a, b))

    def _rematch(self, room: Room, client: Client, frame: dict[str, Any]) -> None:
        seat = client.seat
        if seat is None:
            self._error(room, client, "not_a_player", "Only the players can ask for a rematch.")
            return
        if room.phase != "over":
            self._error(room, client, "not_over", "A rematch can be asked once the duel is over.")
            return
        if room.rematch_code is not None:
            self._to(room, client, self._rematch_frame(room))
            return
        room.rematch_votes.add(seat)
        needed = {i for i, s in enumerate(room.seats) if s is not None and s.rival is None}
        if needed <= room.rematch_votes:
            first = room.seats[0]
            assert first is not None and first.player_id is not None
            try:
                fresh = self.create(
                    Player(first.player_id, first.name),
                    size=room.size,
                    gravity=room.gravity,
                    rival=room.rival,
                )
            except DuelError as error:
                self._error(room, client, error.code, error.message)
                return
            second = room.seats[1]
            if second is not None and second.rival is None:
                fresh.seats[1] = Seat(second.player_id, second.name)
            fresh.seats[0] = Seat(first.player_id, first.name)
            room.rematch_code = fresh.code
        self.broadcast(room, self._rematch_frame(room))

    def _rematch_frame(self, room: Room) -> dict[str, Any]:
        return {
            "type": "rematch",
            "votes": [i in room.rematch_votes for i in (0, 1)],
            "code": room.rematch_code,
        }

    def _choose_rival(self, room: Room, client: Client, frame: dict[str, Any]) -> None:
        level = frame.get("level")
        if client.seat != 0 or room.phase != "waiting" or room.seats[1] is not None:
            self._error(
                room, client, "not_allowed", "Only the host of a room still waiting picks a rival."
            )
            return
        if level not in RIVAL_LEVELS:
            self._error(room, client, "bad_rival", "Choose relaxed, steady or sharp.")
            return
        assert isinstance(level, str)
        room.seats[1] = Seat(None, f"Computer ({level})", rival=level)
        self.broadcast(room, self._room_frame(room))
        self._maybe_start(room)

    # ------------------------------------------------------------------ the game
    def _maybe_start(self, room: Room) -> None:
        if room.phase != "waiting":
            return
        if not all(seat is not None and seat.connected for seat in room.seats):
            return
        now = self.clock()
        room.phase = "countdown"
        room.starts_at = now + self.config.countdown
        rival_seat = room.seats[1]
        level = rival_seat.rival if rival_seat is not None else None
        starts_at, seed, size, gravity = room.starts_at, room.seed, room.size, room.gravity

        def deal() -> DuelGame:
            rival = Rival(level, seed=seed) if level is not None else None
            return DuelGame(seed, starts_at, size=size, gravity=gravity, rival=rival)

        loop = asyncio.get_running_loop()
        room.dealing = loop.run_in_executor(None, deal)
        room.dealing.add_done_callback(lambda future: self._dealt(room, future))
        self.broadcast(
            room,
            {
                "type": "countdown",
                "starts_at": room.starts_at,
                "seconds": self.config.countdown,
                "now": now,
            },
        )
        self.broadcast(room, self._room_frame(room))
        self._schedule(room)

    def _dealt(self, room: Room, future: asyncio.Future[DuelGame]) -> None:
        room.dealing = None
        if future.cancelled():
            return
        error = future.exception()
        if error is not None:
            log.error("room %s: no board could be dealt: %s", room.code, error)
            room.deal_failed = True
            self.broadcast(
                room,
                {"type": "error", "code": "deal_failed", "message": "No board could be dealt."},
            )
            self._close_room(room, CLOSE_GOING_AWAY, "no board could be dealt")
            return
        room.dealt = future.result()
        self._on_timer(room)

    def _begin(self, room: Room) -> None:
        game = room.dealt
        assert game is not None
        room.game = game
        room.dealt = None
        room.phase = "playing"
        room.faces = _faces(game)
        now = self.clock()
        for index, seat in enumerate(room.seats):
            if seat is not None and not seat.connected:
                at = max(now, game.started)
                game.away(index, at)
        self.broadcast(room, {"type": "start", "now": now, "starts_at": game.started})
        for client in room.clients():
            self._to(room, client, self.state_frame(room, client.seat))
        for index, player in enumerate(game.players):
            if player.away_since is not None:
                self.broadcast(
                    room,
                    {
                        "type": "away",
                        "player": index,
                        "forfeit_at": player.away_since + FORFEIT_SECONDS,
                    },
                )

    def _emit(self, room: Room, events: list[dict[str, Any]]) -> None:
        game = room.game
        if game is None:
            return
        before = room.version
        try:
            self._emit_events(room, game, events)
        finally:
            if room.version != before:
                self._note_changes(room, game)

    def _note_changes(self, room: Room, game: DuelGame) -> None:
        """Mark every spot whose face changed since the last look with the room's version."""
        now = _faces(game)
        for spot in room.faces.keys() | now.keys():
            if room.faces.get(spot) != now.get(spot):
                room.changed[spot] = room.version
        room.faces = now

    def _emit_events(self, room: Room, game: DuelGame, events: list[dict[str, Any]]) -> None:
        for event in events:
            kind = event.get("type")
            if kind == "match":
                room.version += 1
                last = game.last_match or {}
                frame: dict[str, Any] = {
                    "type": "claim",
                    "player": event["player"],
                    "a": event["a"],
                    "b": event["b"],
                    "path": last.get("path") if last.get("a") == event["a"] else None,
                    "scores": game.scores,
                    "tiles_left": game.board.occupied.bit_count(),
                    "version": room.version,
                }
                if room.gravity:
                    frame["tiles"] = _tiles(game)
                self.broadcast(room, frame)
            elif kind == "shuffle":
                room.version += 1
                self.broadcast(
                    room,
                    {
                        "type": "reshuffle",
                        "tiles": _tiles(game),
                        "reshuffles": game.reshuffles,
                        "version": room.version,
                    },
                )
            elif kind == "lockout":
                until = float(event["until"])
                self.broadcast(
                    room,
                    {
                        "type": "lockout",
                        "player": event["player"],
                        "until": until,
                        "seconds": LOCKOUT_SECONDS,
                    },
                )
            elif kind == "end":
                self._finish(room)

    def _finish(self, room: Room) -> None:
        """The game ended: store the results (in a worker thread, so the other rooms
        play on), then tell everyone. A client that sees ``end`` finds the duel in
        its history."""
        game = room.game
        assert game is not None
        if room.phase == "over":
            return
        room.phase = "over"
        room.ended_at = self.clock()
        names = [seat.name if seat is not None else "" for seat in room.seats]
        frame = {
            "type": "end",
            **game.result(),
            "names": names,
            "elapsed": round((game.ended_at or room.ended_at) - game.started, 3),
        }

        def announce(_done: object = None) -> None:
            if room.phase == "closed":
                return
            self.broadcast(room, frame)
            self.broadcast(room, self._room_frame(room))

        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no event loop (a synchronous caller): store in place
            self._store(room)
            announce()
            return
        room.storing = loop.run_in_executor(None, self._store, room)
        room.storing.add_done_callback(announce)

    # ------------------------------------------------------------------ results
    def _store(self, room: Room) -> None:
        """Write each person's result (history) once; the computer keeps none."""
        game = room.game
        if game is None or room.stored:
            return
        room.stored = True
        rows, cols = room.size
        board = f"{rows}x{cols}"
        opponent = f"rival-{room.rival}" if room.rival else "player"
        variant = opponent + ("/gravity" if room.gravity else "")
        finished = room.ended_at if room.ended_at is not None else self.clock()
        elapsed = round((game.ended_at or finished) - game.started, 3)
        # the settings of the same first deal as a Classic game: "replay" of a stored
        # duel then deals its board again for solo play
        settings = Settings(
            game="shisensho", mode="classic", size=room.size, seed=room.seed, gravity=room.gravity
        ).validate()
        try:
            with self.storage.transaction() as conn:
                for index, seat in enumerate(room.seats):
                    if seat is None or seat.player_id is None:
                        continue
                    if game.winner is None:
                        outcome = "draw"
                    else:
                        outcome = "won" if game.winner == index else "lost"
                    other = room.seats[1 - index]
                    state = {
                        "duel": room.code,
                        "opponent_kind": opponent,
                        "seat": index,
                        "opponent": other.name if other is not None else None,
                        "result": game.result(),
                        "log": game.log,
                        "reshuffles": game.reshuffles,
                    }
                    game_id = new_id()
                    insert_game(
                        conn,
                        GameRecord(
                            id=game_id,
                            player_id=seat.player_id,
                            game="shisensho",
                            mode="duel",
                            board=board,
                            variant=variant,
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
                    )
                    insert_result(
                        conn,
                        ResultRecord(
                            game_id=game_id,
                            player_id=seat.player_id,
                            game="shisensho",
                            mode="duel",
                            board=board,
                            variant=variant,
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
        except WRITE_ERRORS as error:
            log.error("room %s: the duel's result could not be stored: %s", room.code, error)

    # ------------------------------------------------------------------ time
    def _next_wake(self, room: Room) -> float | None:
        if room.phase == "waiting":
            return room.created + self.config.waiting_ttl
        if room.phase == "countdown":
            return room.starts_at if room.dealt is not None else None
        if room.phase == "playing" and room.game is not None:
            return room.game.next_event_at()
        if room.phase == "over":
            return (room.ended_at or room.created) + self.config.finished_ttl
        return None

    def _schedule(self, room: Room) -> None:
        if room.timer is not None:
            room.timer.cancel()
            room.timer = None
        due = self._next_wake(room)
        if due is None:
            return
        delay = max(0.0, due - self.clock())
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # called outside the loop (a synchronous test): no timers
            return
        # a fake clock may stand still: look again at least every few seconds
        room.timer = loop.call_later(min(delay, self.config.recheck), self._on_timer, room)

    def _on_timer(self, room: Room) -> None:
        room.timer = None
        now = self.clock()
        if room.phase == "waiting" and now >= room.created + self.config.waiting_ttl:
            self.broadcast(room, {"type": "expired", "message": "Nobody joined this room in time."})
            self._close_room(room, CLOSE_EXPIRED, "nobody joined this room in time")
            return
        if room.phase == "countdown" and room.dealt is not None and now >= (room.starts_at or 0):
            self._begin(room)
        if room.phase == "playing" and room.game is not None:
            self._emit(room, room.game.tick(now))
        if room.phase == "over" and now >= (room.ended_at or now) + self.config.finished_ttl:
            self._close_room(room, CLOSE_GOING_AWAY, "this room is closed")
            return
        self._schedule(room)

    def _close_room(self, room: Room, code: int, reason: str) -> None:
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
            self._close_room(room, CLOSE_GOING_AWAY, "the server is shutting down")

    # ------------------------------------------------------------------ leaderboard
    def leaderboard(self, viewer: str, against: str, limit: int) -> list[dict[str, Any]]:
        """Players ranked by wins (then fewer losses, then tiles) against ``against``:
        ``"player"`` (people) or a rival level."""
        opponent = "player" if against == "player" else f"rival-{against}"
        return duel_leaderboard(self.storage, viewer, opponent, limit)
