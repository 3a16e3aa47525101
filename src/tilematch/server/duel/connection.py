"""One websocket as a room sees it: an outgoing queue, a close request, a frame budget."""

from __future__ import annotations

import asyncio
import json
import math
from collections import deque
from collections.abc import Callable
from typing import Any

from tilematch.server.duel.protocol import CLOSE_TOO_SLOW, encode
from tilematch.server.players import Player


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
        #: A connection that resumes from the frames it missed needs no ``state`` on join.
        self.resumed = False
        #: The ``seq`` of the last room frame queued here.
        self.last_seq = 0
        #: The connection's id among every server process's (rooms shared via Redis).
        self.conn = ""
        #: The connection asked to watch (``?watch=1``), not to play.
        self.watching = False

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
