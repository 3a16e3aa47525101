"""Duel rooms shared by many server processes through Redis (``TILEMATCH_REDIS``).

Each room has one deciding process at a time, the holder of its lease
(:mod:`.streams`). It runs the room exactly as a single server does
(:mod:`.room`, :mod:`.timers`), in memory, with every seat and spectator a
:class:`Member`: a connection that may live on any process.

* Inputs: a process with a player's websocket sends the player's join, frames
  and leave to the decider: directly when it is the decider, else through the
  room's input stream, which the decider reads in order.
* Outputs: the decider writes every frame it sends (broadcasts and
  per-connection frames, numbered with the room's ``seq``) to the room's output
  stream together with the room's snapshot, in one script (:data:`.streams.WRITE`).
  Every other process with connections in the room reads that stream and queues
  the frames on its sockets; the decider queues them on its own sockets as soon as
  the script has written them. Either way a frame is seen only once it is durable.
* Takeover: a process with connections in a room whose lease expired (its
  decider died) or was handed over (a clean shutdown), or the next process asked
  about such a room, takes the lease, rebuilds the room from its snapshot and
  moves the room's clocks by the gap, so nobody is charged for it.
* Faults: while Redis cannot be reached the rooms are paused (their timers
  stop, claims are refused with ``paused``); when it is back each decider
  renews its lease (or steps down) and the rooms go on, their clocks moved by
  the pause.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tilematch.modes.duel import FORFEIT_SECONDS
from tilematch.server import shared
from tilematch.server.db import Storage
from tilematch.server.duel import protocol, snapshot, streams, timers
from tilematch.server.duel import room as in_room
from tilematch.server.duel.config import CODE_ALPHABET, CODE_LENGTH, DuelConfig, DuelError
from tilematch.server.duel.connection import Client, FrameLimiter
from tilematch.server.duel.protocol import CLOSE_RESTART, CLOSE_TOO_BIG, Frame, encode
from tilematch.server.duel.registry import DuelRooms
from tilematch.server.duel.room import Room
from tilematch.server.duel.streams import Keys
from tilematch.server.players import Player

log = logging.getLogger("tilematch.server.duels")

#: Room codes kept reserved ahead, so that a rematch (decided without waiting
#: for Redis) gets a code at once.
CODE_POOL = 4
#: The blocking time of a read of the rooms' streams, as sent.
_READ_BLOCK = str(streams.READ_BLOCK_MS).encode()


class SharedUnavailable(Exception):
    """Redis cannot be reached for a duel request (answer 503 with ``Retry-After``)."""


class Member(Client):
    """A connection in a room as its decider sees it: ``conn`` on process ``process``.

    Its frames and its close go to the room's output stream (through ``sink``),
    from where the process holding the socket delivers them.
    """

    def __init__(
        self, conn: str, player: Player | None, sink: Callable[[dict[str, Any]], None]
    ) -> None:
        super().__init__(player)
        self.conn = conn
        self.process = conn.partition(":")[0]
        self.sink = sink

    def send_text(self, text: str) -> None:
        """Queue an encoded frame for this connection (through the output stream)."""
        if self.closing is None:
            self.sink({"to": self.conn, "text": text})

    def close(self, code: int, reason: str) -> None:
        """Ask the process holding the socket to close it with ``code``."""
        if self.closing is None:
            self.closing = (code, reason)
            self.sink({"to": self.conn, "close": [code, reason]})


@dataclass
class Decided:
    """What a decider keeps beside a room it owns."""

    room: Room
    rev: int = 0
    in_pos: str = "0-0"
    members: dict[str, Member] = field(default_factory=dict)
    #: Output entries not yet written: ``(seq, entry)``.
    pending: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    paused_at: float | None = None
    closed: bool = False


@dataclass
class Watch:
    """A room this process has sockets in: the sockets by connection id, where in
    the room's output stream they are, and the recent frames (for resuming)."""

    code: str
    pos: str = "0-0"
    clients: dict[str, Client] = field(default_factory=dict)
    history: deque[tuple[int, dict[str, Any]]] = field(
        default_factory=lambda: deque(maxlen=streams.HISTORY)
    )
    owner: str | None = None


class SharedRooms(DuelRooms):
    """The duel rooms of a server that shares them with other processes via Redis.

    ``redis`` is a redis-py asyncio client. :meth:`start` begins the background
    work (reading the streams, writing the rooms, leases and heartbeats), and
    :meth:`stop` hands the rooms this process decides to the others.
    """

    def __init__(
        self,
        storage: Storage,
        clock: Callable[[], float],
        redis: Any,
        config: DuelConfig | None = None,
    ) -> None:
        super().__init__(storage, clock, config)
        self.redis = redis
        self.me = secrets.token_hex(6)
        self.decided: dict[str, Decided] = {}
        self.watches: dict[str, Watch] = {}
        self.healthy = True
        self.stopping = False
        self._codes: list[str] = []
        self._dirty: set[str] = set()
        self._wake = asyncio.Event()
        self._written = asyncio.Event()
        self._inputs: deque[tuple[str, str]] = deque()
        self._send_wake = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []
        self._flushing = False
        self._missing: set[str] = set()
        self._counter = 0
        self._reading: set[str] | None = None  # the keys of the read under way
        self._wake_key = streams.wake_key(self.me)
        self._wake_pos = "0-0"  # the last entry of the wake stream seen
        self._errors = shared.errors()
        self._no_script = shared.no_script()
        self._write = redis.register_script(streams.WRITE)
        self._release = redis.register_script(streams.RELEASE)

    # ------------------------------------------------------------------ life
    def start(self) -> None:
        """Start reading, writing and renewing (call on the server's event loop)."""
        for work in (self._reader, self._writer, self._sender, self._keeper):
            self._tasks.append(asyncio.create_task(work()))

    async def stop(self) -> None:
        """Hand every room this process decides to the others and close its sockets
        with ``1012`` (the page reconnects at once, to another process)."""
        if self.stopping:
            return
        self.stopping = True
        for _ in range(100):  # let a write under way finish (its revision counts)
            if not self._flushing:
                break
            await asyncio.sleep(0.01)
        for task in self._tasks:
            task.cancel()
        if self._tasks:
            await asyncio.wait(self._tasks, timeout=2.0)
        self._tasks.clear()
        for code, decided in list(self.decided.items()):
            room = decided.room
            if room.timer is not None:
                room.timer.cancel()
                room.timer = None
            if not decided.closed:
                self._entry(decided, {"handover": self.me})
            self._dirty.add(code)
        with contextlib.suppress(*self._errors, TimeoutError):
            await asyncio.wait_for(self._hand_over(), 3.0)
        for watch in self.watches.values():
            for client in watch.clients.values():
                client.close(CLOSE_RESTART, "the server is restarting; reconnect")
        await asyncio.sleep(0.1)  # let the sockets' writers send the close

    async def _hand_over(self) -> None:
        """Write the rooms' last frames, then release their leases."""
        await self._flush()
        now = self.clock()
        for code in list(self.decided):
            keys = Keys(code)
            await self._release(
                keys=[keys.lease, keys.alive], args=[self.me, now, streams.ROOM_TTL]
            )

    def shutdown(self) -> None:
        """Cancel the rooms' timers (the rooms themselves stay in Redis)."""
        for decided in self.decided.values():
            if decided.room.timer is not None:
                decided.room.timer.cancel()

    # ------------------------------------------------------------------ codes
    async def reserve(self) -> None:
        """Reserve room codes in Redis until the pool holds :data:`CODE_POOL`.

        Raises :class:`SharedUnavailable` when Redis cannot be reached.
        """
        try:
            while len(self._codes) < CODE_POOL:
                code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
                if await self.redis.set(Keys(code).room, "", nx=True, ex=600):
                    self._codes.append(code)
        except self._errors as error:
            raise SharedUnavailable(str(error)) from None

    def _new_code(self) -> str:
        if not self._codes:
            raise DuelError(503, "no_room_code", "No room code could be reserved; try again.")
        code = self._codes.pop()
        if len(self._codes) < CODE_POOL // 2:
            asyncio.get_running_loop().create_task(self._refill())
        return code

    async def _refill(self) -> None:
        with contextlib.suppress(SharedUnavailable):
            await self.reserve()

    def create(
        self,
        player: Player,
        *,
        size: tuple[int, int] | None = None,
        gravity: bool = False,
        seed: int | None = None,
        rival: str | None = None,
    ) -> Room:
        """A new room decided here (see :meth:`DuelRooms.create`), written to Redis
        with the next write (:meth:`written` waits for it)."""
        if not self.healthy:
            raise DuelError(503, "shared_unavailable", "The duel rooms are paused; try again.")
        room = super().create(player, size=size, gravity=gravity, seed=seed, rival=rival)
        room.uid = secrets.token_hex(8)
        decided = Decided(room)
        self.decided[room.code] = decided
        self._watch_new(room.code).owner = self.me
        self._mark(room.code)
        return room

    async def written(self, code: str, timeout: float = 3.0) -> None:
        """Wait until room ``code`` has no unwritten frames (its snapshot is in Redis).

        Raises :class:`SharedUnavailable` when that does not happen in ``timeout``.
        """
        deadline = time.monotonic() + timeout
        while True:
            decided = self.decided.get(code)
            if decided is None or (
                not decided.pending and code not in self._dirty and decided.rev > 0
            ):
                return
            left = deadline - time.monotonic()
            if left <= 0:
                raise SharedUnavailable("the room could not be written to Redis")
            self._written.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._written.wait(), left)

    # ------------------------------------------------------------------ lookups
    def find(self, code: str) -> Room | None:
        """The room of ``code`` if this process decides it."""
        decided = self.decided.get(code.strip().upper())
        if decided is None or decided.closed:
            return None
        return decided.room

    async def _stored(self, code: str) -> dict[str, Any] | None:
        text = await self.redis.get(Keys(code).room)
        if not text:
            return None
        data = json.loads(text)
        if not isinstance(data, dict) or data.get("phase") in (None, "closed"):
            return None
        return data

    async def summary(self, code: str, viewer: str | None) -> dict[str, Any] | None:
        """The lobby view of room ``code`` (from whichever process decides it), or
        ``None`` when there is no such room. Raises :class:`SharedUnavailable`."""
        code = code.strip().upper()
        room = self.find(code)
        if room is not None:
            return room.summary(viewer)
        try:
            data = await self._stored(code)
            if data is not None and not await self.redis.exists(Keys(code).lease):
                room = await self._take(code)
                if room is not None:
                    return room.summary(viewer)
        except self._errors as error:
            raise SharedUnavailable(str(error)) from None
        if data is None:
            return None
        view: dict[str, Any] = dict(data["summary"])
        seats = data["seats"]
        ids = [None if seat is None else seat["player_id"] for seat in seats]
        view["you"] = ids.index(viewer) if viewer is not None and viewer in ids else None
        for index, player in enumerate(view["players"]):
            if player is not None:
                player["you"] = viewer is not None and ids[index] == viewer
        return view

    # ------------------------------------------------------------------ the edge
    async def attach(self, code: str, client: Client, *, watch: bool, seq: int | None) -> bool:
        """Put a new websocket ``client`` in room ``code``; ``False`` when there is no
        such room. ``seq`` is the last frame the client saw: the frames it missed are
        queued from the room's history when it reaches back that far (else it gets a
        fresh ``state``). Raises :class:`SharedUnavailable`."""
        code = code.strip().upper()
        self._counter += 1
        conn = f"{self.me}:{self._counter}"
        try:
            if code not in self.decided:
                data = await self._stored(code)
                if data is None:
                    return False
                if not await self.redis.exists(Keys(code).lease):
                    await self._take(code)
            found = self.watches.get(code)
            if found is None:
                entries = await self.redis.xrevrange(Keys(code).out, count=streams.HISTORY)
                found = self.watches.get(code)
                if found is None:
                    found = self._watch_new(code)
                    for entry_id, fields in reversed(entries):
                        found.history.append((int(fields[b"seq"]), json.loads(fields[b"e"])))
                        found.pos = entry_id.decode()
        except self._errors as error:
            raise SharedUnavailable(str(error)) from None
        decided = self.decided.get(code)
        if decided is not None and decided.closed:
            return False
        client.conn = conn
        client.watching = watch
        if seq is not None and self._resume(found, client, seq):
            client.resumed = True
        found.clients[conn] = client
        self._input(code, self._join_message(conn, client, watch))
        return True

    def _join_message(self, conn: str, client: Client, watch: bool) -> dict[str, Any]:
        player = client.player
        return {
            "kind": "join",
            "conn": conn,
            "player": None if player is None else [player.id, player.name],
            "watch": watch,
            "resume": client.resumed,
        }

    def _resume(self, watch: Watch, client: Client, seq: int) -> bool:
        """Queue the frames after ``seq`` from ``watch``'s history; ``False`` when the
        history does not reach back to ``seq``."""
        if not watch.history or watch.history[0][0] > seq + 1:
            return False
        for number, entry in watch.history:
            if number > seq and entry.get("to") is None and "text" in entry:
                client.send_text(entry["text"])
                client.last_seq = number
        return True

    def receive_from(self, code: str, client: Client, text: str | None) -> None:
        """One frame from a websocket in room ``code``, sent on to the decider."""
        if text is not None and len(text) > self.config.max_frame_chars:
            client.close(CLOSE_TOO_BIG, "frame too large")
            return
        if not self.healthy:
            client.send(
                protocol.error(
                    "paused", "The duel is paused: the server's shared store cannot be reached."
                )
            )
            return
        self._input(code, {"kind": "frame", "conn": client.conn, "text": text})

    def detach(self, code: str, client: Client, *, restarting: bool = False) -> None:
        """A websocket of room ``code`` ended. With ``restarting`` (the server is
        stopping) the player is not marked away: they reconnect elsewhere."""
        conn = client.conn
        watch = self.watches.get(code)
        if watch is not None:
            watch.clients.pop(conn, None)
            if not watch.clients and code not in self.decided:
                self.watches.pop(code, None)
        if not restarting and not self.stopping:
            self._input(code, {"kind": "leave", "conn": conn})

    def _input(self, code: str, message: dict[str, Any]) -> None:
        decided = self.decided.get(code)
        if decided is not None and not self._inputs:
            self._apply(decided, message)
            return
        self._inputs.append((code, json.dumps(message, separators=(",", ":"))))
        self._send_wake.set()

    async def _sender(self) -> None:
        """Send queued inputs to their rooms' input streams, in order."""
        while True:
            await self._send_wake.wait()
            self._send_wake.clear()
            while self._inputs:
                remote: list[tuple[str, str]] = []
                while self._inputs:
                    code, text = self._inputs.popleft()
                    decided = self.decided.get(code)
                    if decided is not None:
                        self._apply(decided, json.loads(text))
                    else:
                        remote.append((code, text))
                if not remote:
                    continue
                try:
                    pipe = self.redis.pipeline(transaction=False)
                    for code, text in remote:
                        keys = Keys(code)
                        pipe.xadd(keys.inputs, {"m": text}, maxlen=1000, approximate=True)
                        pipe.expire(keys.inputs, streams.ROOM_TTL)
                    await pipe.execute()
                except self._errors as error:
                    self._inputs.extendleft(reversed(remote))
                    self._fault(error)
                    await asyncio.sleep(streams.TICK)

    # ------------------------------------------------------------------ deciding
    def _apply(self, decided: Decided, message: dict[str, Any]) -> None:
        """One input to a room this process decides (same rules as one server)."""
        room = decided.room
        if decided.closed:
            return
        kind, conn = message.get("kind"), str(message.get("conn"))
        member = decided.members.get(conn)
        if kind == "join":
            data = message.get("player")
            player = None if data is None else Player(str(data[0]), data[1])
            if member is None:
                member = Member(conn, player, lambda entry: self._entry(decided, entry))
                member.limiter = FrameLimiter(
                    self.config.frames_per_second, self.config.frame_burst, self.config.monotonic
                )
                decided.members[conn] = member
            member.resumed = bool(message.get("resume"))
            in_room.join(self, room, member, watch=bool(message.get("watch")))
        elif kind == "frame" and member is not None:
            text = message.get("text")
            in_room.receive(self, room, member, text if isinstance(text, str) else None)
        elif kind == "leave" and member is not None:
            decided.members.pop(conn, None)
            in_room.leave(self, room, member)

    def _entry(self, decided: Decided, entry: dict[str, Any]) -> None:
        """Add an output entry (numbered when it is a frame) to be written."""
        room = decided.room
        decided.pending.append((room.seq, entry))
        self._mark(room.code)

    def _mark(self, code: str) -> None:
        self._dirty.add(code)
        self._wake.set()

    def broadcast(self, room: Room, frame: Frame) -> None:
        """Write ``frame`` (numbered with the room's ``seq``) for every connection."""
        text = encode(self._numbered(room, frame))
        decided = self.decided.get(room.code)
        if decided is not None:
            self._entry(decided, {"to": None, "text": text})
        for observer in self.observers:
            observer(room, frame)

    def send_to(self, room: Room, client: Client, frame: Frame) -> None:
        """Write ``frame`` (numbered with the room's ``seq``) for one connection."""
        client.send(self._numbered(room, frame))

    def schedule(self, room: Room) -> None:
        """Set the room's timer, unless the rooms are paused."""
        if self.healthy and not self.stopping:
            timers.schedule(self, room)

    def close_room(self, room: Room, code: int, reason: str) -> None:
        """Close ``room`` everywhere: its connections (with ``code``), then its keys
        (kept a minute, so the other processes deliver the last frames)."""
        super().close_room(room, code, reason)
        decided = self.decided.get(room.code)
        if decided is not None:
            decided.closed = True
            self._mark(room.code)

    # ------------------------------------------------------------------ writing
    async def _writer(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            self._flushing = True
            try:
                await self._flush()
            except self._errors as error:
                self._fault(error)
                await asyncio.sleep(streams.TICK)
                self._wake.set()
            finally:
                self._flushing = False

    async def _flush(self, *, again: bool = True) -> None:
        """Write every dirty room's new frames and snapshot (one script per room); if
        Redis lost the script, load it and write ``again``."""
        codes = [code for code in self._dirty if code in self.decided]
        self._dirty.clear()
        if not codes:
            return
        now = self.clock()
        pipe = self.redis.pipeline(transaction=False)
        counts = []
        try:
            for code in codes:
                decided = self.decided[code]
                counts.append(len(decided.pending))
                keys = Keys(code)
                # by its digest, without the SCRIPT EXISTS round trip redis-py makes
                # before a pipeline that calls a registered script
                pipe.evalsha(
                    self._write.sha,
                    5,
                    *(keys.lease, keys.rev, keys.room, keys.out, keys.alive),
                    *self._write_args(decided, now),
                )
            results = await pipe.execute(raise_on_error=False)
        except BaseException:
            self._dirty.update(codes)
            raise
        failure: Exception | None = None
        unknown = False  # Redis lost the script
        for code, count, result in zip(codes, counts, results, strict=True):
            if isinstance(result, Exception):  # not written: written again next time
                self._dirty.add(code)
                if isinstance(result, self._no_script):
                    unknown = True
                else:
                    failure = failure or result
            else:
                self._wrote(code, count, result)
        self._written.set()
        if failure is not None:
            raise failure
        if unknown:
            self._write.sha = await self.redis.script_load(streams.WRITE)
            if again:
                await self._flush(again=False)
            else:
                self._wake.set()

    def _write_args(self, decided: Decided, now: float) -> list[Any]:
        """The arguments of :data:`.streams.WRITE` for ``decided``'s pending entries."""
        data = snapshot.dump(decided.room)
        data["in_pos"] = decided.in_pos
        if decided.closed:
            data["phase"] = "closed"
        ttl = streams.CLOSED_TTL if decided.closed else streams.ROOM_TTL
        args: list[Any] = [
            self.me,
            decided.rev,
            streams.LEASE_MS,
            ttl,
            encode(data),
            now,
            streams.HISTORY,
            len(decided.pending),
        ]
        for seq, entry in decided.pending:
            args += [seq, encode(entry)]
        return args

    def _wrote(self, code: str, count: int, result: Any) -> None:
        """The write script's ``result`` for room ``code``'s first ``count`` pending
        entries: the decider's own sockets get them now; a room whose write was
        refused is decided elsewhere; a closed room is let go."""
        decided = self.decided[code]
        if not result:
            self._step_down(code, f"another process decides it now (rev {decided.rev})")
            return
        decided.rev = int(result[0])
        written = decided.pending[:count]
        del decided.pending[:count]
        watch = self.watches.get(code)
        if watch is not None:
            for raw_id, (seq, entry) in zip(result[1:], written, strict=True):
                entry_id = raw_id.decode()
                if streams.after(entry_id, watch.pos):
                    self._arrived(watch, entry_id, seq, entry)
        if decided.closed and not decided.pending:
            self.decided.pop(code, None)
            self._release_soon(code)
            watch = self.watches.get(code)
            if watch is not None and not watch.clients:
                self.watches.pop(code, None)

    def _release_soon(self, code: str) -> None:
        keys = Keys(code)
        task = asyncio.get_running_loop().create_task(
            self._release(keys=[keys.lease, keys.alive], args=[self.me, self.clock(), 60])
        )
        task.add_done_callback(lambda done: done.cancelled() or done.exception())

    def _step_down(self, code: str, why: str) -> None:
        """Stop deciding room ``code`` (another process does): its local sockets
        reconnect, to find the room where it is decided now."""
        decided = self.decided.pop(code, None)
        if decided is None:
            return
        log.warning("room %s: no longer decided here: %s", code, why)
        room = decided.room
        if room.timer is not None:
            room.timer.cancel()
        if room.dealing is not None:
            room.dealing.cancel()
        self.rooms.pop(code, None)
        watch = self.watches.get(code)
        if watch is not None:
            self._rewatch(code)  # its output stream is read here again
            for client in watch.clients.values():
                client.close(CLOSE_RESTART, "the room moved to another server; reconnect")

    # ------------------------------------------------------------------ reading
    async def _reader(self) -> None:
        """Read the output streams of watched rooms and the input streams of the
        rooms decided here; deliver and decide in order."""
        while True:
            wanted = self._wanted()
            if not self.healthy:
                await asyncio.sleep(0.05)
                continue
            self._reading = set(wanted)
            try:
                answer = await self.redis.execute_command(*self._read_command(wanted))
            except self._errors as error:
                self._fault(error)
                await asyncio.sleep(streams.TICK)
                continue
            finally:
                self._reading = None
            for key, entries in answer or []:
                name = key.decode()
                if name == self._wake_key:
                    self._wake_pos = entries[-1][0].decode() if entries else self._wake_pos
                    continue
                code = name.split("{", 1)[1].split("}", 1)[0]
                if name.endswith(":in"):
                    self._read_inputs(code, entries)
                else:
                    self._read_outputs(code, entries)

    def _wanted(self) -> dict[str, str]:
        """Where to read next, by key: the input stream of every room decided here,
        and the output stream of every other room watched here (a decider queues
        its rooms' frames on its sockets itself, as it writes them)."""
        decided = self.decided
        wanted = {
            streams.stream_names(code)[0]: watch.pos
            for code, watch in self.watches.items()
            if code not in decided
        }
        for code, held in decided.items():
            wanted[streams.stream_names(code)[1]] = held.in_pos
        return wanted

    def _read_command(self, wanted: dict[str, str]) -> list[Any]:
        """The ``XREAD`` of ``wanted`` and of this process's wake stream, blocking, as
        bytes: what ``redis.xread`` sends, without encoding every key again on each of
        the reads a claim causes (a read names every room watched here)."""
        encoded = streams.encoded
        return [
            "XREAD",
            b"COUNT",
            b"500",
            b"BLOCK",
            _READ_BLOCK,
            b"STREAMS",
            *[encoded(name) for name in wanted],
            encoded(self._wake_key),
            *[pos.encode() for pos in wanted.values()],
            self._wake_pos.encode(),
        ]

    def _rewatch(self, code: str) -> None:
        """Room ``code`` is now watched or decided here: if the read under way does not
        wait on its streams, end that read (one entry in the wake stream), so the next
        one reads them too at once."""
        reading = self._reading
        if reading is None:
            return
        out, inputs = streams.stream_names(code)
        needed = inputs if code in self.decided else out
        if needed in reading:
            return
        reading.add(needed)  # one wake is enough for this read
        task = asyncio.get_running_loop().create_task(self._wake_reader())
        task.add_done_callback(lambda done: done.cancelled() or done.exception())

    async def _wake_reader(self) -> None:
        """Add an entry to this process's wake stream, which every read waits on too."""
        pipe = self.redis.pipeline(transaction=False)
        pipe.xadd(self._wake_key, {"w": "1"}, maxlen=1, approximate=False)
        pipe.expire(self._wake_key, streams.ROOM_TTL)
        await pipe.execute()

    def _read_inputs(self, code: str, entries: list[Any]) -> None:
        decided = self.decided.get(code)
        if decided is None:
            return
        for entry_id, fields in entries:
            decided.in_pos = entry_id.decode()
            try:
                message = json.loads(fields[b"m"])
            except (KeyError, ValueError):
                continue
            self._apply(decided, message)
        self._mark(code)

    def _read_outputs(self, code: str, entries: list[Any]) -> None:
        watch = self.watches.get(code)
        if watch is None:
            return
        for raw_id, fields in entries:
            entry_id = raw_id.decode()
            if streams.after(entry_id, watch.pos):
                self._arrived(watch, entry_id, int(fields[b"seq"]), json.loads(fields[b"e"]))

    def _arrived(self, watch: Watch, entry_id: str, seq: int, entry: dict[str, Any]) -> None:
        """Output entry ``entry_id`` of ``watch``'s room, durable now and not seen
        here before: keep it for resuming clients and queue it on the sockets."""
        watch.pos = entry_id
        watch.history.append((seq, entry))
        self._deliver(watch, seq, entry)

    def _deliver(self, watch: Watch, seq: int, entry: dict[str, Any]) -> None:
        if "owner" in entry:
            watch.owner = entry["owner"]
            if entry["owner"] != self.me:
                for conn, client in watch.clients.items():
                    client.resumed = True
                    message = self._join_message(conn, client, client.watching)
                    self._input(watch.code, message)
            return
        if "handover" in entry:
            if entry["handover"] != self.me and watch.clients:
                asyncio.get_running_loop().create_task(self._try_take(watch.code))
            return
        target = entry.get("to")
        found = watch.clients.get(target) if target is not None else None
        clients = list(watch.clients.values()) if target is None else [found] if found else []
        for client in clients:
            if "close" in entry:
                code, reason = entry["close"]
                client.close(int(code), str(reason))
            elif seq > client.last_seq or target is not None:
                if target is not None:
                    client.seat = json.loads(entry["text"]).get("you", client.seat)
                client.last_seq = max(client.last_seq, seq)
                client.send_text(entry["text"])

    # ------------------------------------------------------------------ takeover
    async def _try_take(self, code: str) -> None:
        with contextlib.suppress(*self._errors):
            await self._take(code)

    async def _take(self, code: str) -> Room | None:
        """Take the lease of room ``code`` if nobody holds it and rebuild the room
        here; ``None`` when another process holds it or the room is gone."""
        if code in self.decided or self.stopping:
            return self.find(code)
        keys = Keys(code)
        if not await self.redis.set(keys.lease, self.me, nx=True, px=streams.LEASE_MS):
            return None
        pipe = self.redis.pipeline(transaction=False)
        pipe.mget(keys.room, keys.rev, keys.alive)
        pipe.xrevrange(keys.out, count=streams.HISTORY)
        (text, rev, alive), entries = await pipe.execute()
        data = json.loads(text) if text else None
        if code in self.decided:
            return self.find(code)
        if not isinstance(data, dict) or data.get("phase") in (None, "closed"):
            await self._release(keys=[keys.lease, keys.alive], args=[self.me, self.clock(), 60])
            return None
        try:
            room = snapshot.load(data)
        except snapshot.SnapshotError as error:
            log.error("room %s: cannot be taken over: %s", code, error)
            return None
        now = self.clock()
        gap = max(0.0, now - float(alive)) if alive else 0.0
        snapshot.shift(room, gap)
        decided = Decided(room, rev=int(rev or 0), in_pos=str(data.get("in_pos") or "0-0"))
        self.decided[code] = decided
        self.rooms[code] = room
        self._entry(decided, {"owner": self.me})
        log.warning("room %s: taken over at rev %s (%.2f s without a decider)", code, rev, gap)
        watch = self._watch_new(code)
        # the frames the last decider wrote that this process's sockets have not
        # had yet (its reader no longer reads the room's output stream)
        self._read_outputs(code, list(reversed(entries)))
        watch.owner = self.me
        for conn, client in list(watch.clients.items()):
            client.resumed = True
            self._apply(decided, self._join_message(conn, client, client.watching))
        self._resume_room(decided, now)
        return room

    def _resume_room(self, decided: Decided, now: float) -> None:
        """A room rebuilt here: who is away, its deal, its end, its timer."""
        room = decided.room
        game = room.game
        if room.phase == "playing" and game is not None and not game.finished:
            for index, seat in enumerate(room.seats):
                if seat is None or seat.rival is not None or seat.client is not None:
                    continue
                if game.players[index].away_since is None:
                    at = max(now, game.started)
                    game.away(index, at)
                    self.broadcast(room, protocol.away(index, at + FORFEIT_SECONDS))
        if room.phase == "countdown":
            timers.deal(self, room)
        if room.phase == "over" and game is not None and not room.announced:
            in_room.conclude(self, room)
        self.schedule(room)

    def _watch_new(self, code: str) -> Watch:
        """The :class:`Watch` of room ``code`` (a new one if there is none); the reader
        reads the room's streams from now on."""
        watch = self.watches.get(code)
        if watch is None:
            watch = Watch(code)
            self.watches[code] = watch
        self._rewatch(code)
        return watch

    # ------------------------------------------------------------------ keeping
    async def _keeper(self) -> None:
        """Every :data:`.streams.TICK`: say this process is alive, renew the leases,
        take over rooms whose decider is gone, and notice Redis coming back."""
        while True:
            try:
                await self._keep()
            except self._errors as error:
                self._fault(error)
            except Exception:  # a bug must not end the keeping
                log.exception("keeping the duel rooms failed")
            await asyncio.sleep(streams.TICK)

    async def _keep(self) -> None:
        now = self.clock()
        await self.redis.set(streams.process_key(self.me), "1", px=2 * streams.LEASE_MS)
        if not self.healthy:
            self._recover(now)
        pipe = self.redis.pipeline(transaction=False)
        owned = list(self.decided.items())
        revs = [decided.rev for _, decided in owned]
        for code, decided in owned:
            keys = Keys(code)
            pipe.eval(
                streams.RENEW,
                3,
                keys.lease,
                keys.rev,
                keys.alive,
                self.me,
                decided.rev,
                streams.LEASE_MS,
                now,
                streams.ROOM_TTL,
            )
        others = [code for code, watch in self.watches.items() if code not in self.decided]
        for code in others:
            pipe.exists(Keys(code).lease)
        answers = await pipe.execute()
        for (code, decided), rev, answer in zip(owned, revs, answers[: len(owned)], strict=True):
            # a write that went out meanwhile moved the revision on: not a loss
            if not answer and decided.rev == rev and not self._flushing:
                self._step_down(code, "its lease was lost")
        for code, held in zip(others, answers[len(owned) :], strict=True):
            if not held and self.watches.get(code) is not None and self.watches[code].clients:
                await self._take(code)
        await self._drop_gone_members()

    async def _drop_gone_members(self) -> None:
        """Members on processes that stopped answering (killed) leave their rooms."""
        processes = {
            member.process
            for decided in self.decided.values()
            for member in decided.members.values()
            if member.process != self.me
        }
        if not processes:
            return
        ordered = sorted(processes)
        alive = await self.redis.mget([streams.process_key(p) for p in ordered])
        missing = {p for p, flag in zip(ordered, alive, strict=True) if not flag}
        # gone: missing twice in a row (a process late with its heartbeat is not dead)
        gone, self._missing = missing & self._missing, missing
        if gone:
            log.warning("duel connections of stopped processes leave: %s", sorted(gone))
        for decided in list(self.decided.values()):
            for conn, member in list(decided.members.items()):
                if member.process in gone:
                    # should the process be alive after all, its socket reconnects
                    member.close(CLOSE_RESTART, "your server stopped answering; reconnect")
                    self._apply(decided, {"kind": "leave", "conn": conn})

    def _fault(self, error: BaseException) -> None:
        """Redis failed: pause the rooms (once) and tell every socket."""
        if not self.healthy:
            return
        log.warning("duel rooms paused: Redis cannot be reached: %s", error)
        self.healthy = False
        now = self.clock()
        for decided in self.decided.values():
            decided.paused_at = now
            if decided.room.timer is not None:
                decided.room.timer.cancel()
                decided.room.timer = None
        for watch in self.watches.values():
            for client in watch.clients.values():
                client.send(protocol.paused())

    def _recover(self, now: float) -> None:
        """Redis answers again: the paused rooms go on, their clocks moved by the pause."""
        log.warning("duel rooms go on: Redis is back")
        self.healthy = True
        for decided in self.decided.values():
            if decided.paused_at is not None:
                snapshot.shift(decided.room, now - decided.paused_at)
                decided.paused_at = None
            self.schedule(decided.room)
            self._mark(decided.room.code)
        for watch in self.watches.values():
            for client in watch.clients.values():
                client.send(protocol.resumed())


__all__ = ["Member", "SharedRooms", "SharedUnavailable"]
