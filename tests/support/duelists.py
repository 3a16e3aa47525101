"""A duel player over a real websocket (the ``websockets`` client), for the tests with
real server processes: it keeps its board from the frames as the page does,
claims legal pairs in a tight loop, and reconnects with the last ``seq`` it saw."""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from tilematch.engine.grid.board import GridBoard

__all__ = ["Duelist", "new_player", "open_room"]

#: Close codes after which a player reconnects by itself (restart, try again later).
RECONNECT = (1012, 1013)


def new_player(url: str) -> str:
    """A new player's token on the server at ``url``."""
    token: str = httpx.get(url + "/api/me", timeout=10).json()["token"]
    return token


def open_room(url: str, token: str, **body: Any) -> dict[str, Any]:
    """Create a duel room (asserting 201) and return it."""
    answer = httpx.post(
        url + "/api/duels", json=body, headers={"Authorization": f"Bearer {token}"}, timeout=10
    )
    assert answer.status_code == 201, answer.text
    room: dict[str, Any] = answer.json()
    return room


class Duelist:
    """One player's websocket in room ``code``; :attr:`frames` are all frames seen."""

    def __init__(self, token: str, code: str, size: tuple[int, int]) -> None:
        self.token = token
        self.code = code
        self.size = size
        self.frames: list[dict[str, Any]] = []
        self.tiles: dict[int, str] = {}
        self.you: int | None = None
        self.version = 0
        self.seq = 0
        self.ws: ClientConnection | None = None
        self.closed_with: int | None = None
        self.reader: asyncio.Task[None] | None = None
        self.playing = asyncio.Event()
        self.ended = asyncio.Event()
        self.answer = asyncio.Event()
        self.resumed_from: int | None = None
        #: The server this player reconnects to (the last one connected to).
        self.home: str | None = None

    async def connect(self, ws_url: str, *, resume: bool = False) -> None:
        """Open the socket (with ``?seq=`` of the last frame seen when resuming)."""
        address = f"{ws_url}/ws/duels/{self.code}?token={self.token}"
        if resume and self.seq:
            address += f"&seq={self.seq}"
            self.resumed_from = self.seq
        self.closed_with = None
        self.home = ws_url
        self.ws = await connect(address, max_queue=None, open_timeout=10)
        self.reader = asyncio.create_task(self._read(self.ws))

    async def _read(self, ws: ClientConnection) -> None:
        try:
            async for text in ws:
                self._on(json.loads(text))
        except ConnectionClosed:
            pass
        finally:
            self.closed_with = ws.close_code if ws.close_code is not None else 1006
            self.answer.set()

    def _on(self, frame: dict[str, Any]) -> None:
        self.frames.append(frame)
        self.seq = max(self.seq, int(frame.get("seq") or 0))
        kind = frame["type"]
        if kind == "hello":
            self.you = frame["you"]
        elif kind == "state" and "tiles" in frame:
            self.tiles = {t["spot"]: t["code"] for t in frame["tiles"]}
            self.version = frame["version"]
            if frame["phase"] == "playing":
                self.playing.set()
            if frame.get("result"):
                self.ended.set()
        elif kind == "claim":
            self.tiles.pop(frame["a"], None)
            self.tiles.pop(frame["b"], None)
            self.version = frame["version"]
            if frame["player"] == self.you:
                self.answer.set()
        elif kind == "reshuffle":
            self.tiles = {t["spot"]: t["code"] for t in frame["tiles"]}
            self.version = frame["version"]
        elif kind in ("refused", "error"):
            self.answer.set()
        elif kind == "start":
            self.playing.set()
        elif kind == "end":
            self.ended.set()
            self.answer.set()

    def pick(self) -> tuple[int, int] | None:
        """The first legal pair of the board as this player sees it (both players pick
        the same one, so their claims conflict)."""
        board = GridBoard(self.size[0], self.size[1], dict(self.tiles))
        pairs = sorted((m.a, m.b) for m in board.legal_pairs())
        return pairs[0] if pairs else None

    async def claim_once(self, timeout: float = 10.0) -> bool:
        """Claim a pair and wait for the answer; ``False`` when there is nothing to do
        or the socket is gone."""
        pair = self.pick()
        if pair is None or self.ws is None or self.closed_with is not None:
            return False
        self.answer.clear()
        frame = {"type": "claim", "a": pair[0], "b": pair[1], "version": self.version}
        try:
            await self.ws.send(json.dumps(frame))
        except ConnectionClosed:
            return False
        try:
            await asyncio.wait_for(self.answer.wait(), timeout)
        except TimeoutError:
            return False
        return True

    async def play(self, *, claims: int | None = None, wait: float = 10.0) -> None:
        """Claim in a tight loop until the end (or ``claims`` claims), each claim
        waiting at most ``wait`` seconds for its answer (a short ``wait`` sends claims
        on a board that may have changed meanwhile), pausing briefly while there is
        nothing to claim."""
        done = 0
        while not self.ended.is_set():
            if self.closed_with in RECONNECT and self.home is not None:
                # as the page does: the room moved or paused, reconnect and go on
                await asyncio.sleep(0.1 if self.closed_with == 1012 else 0.5)
                with contextlib.suppress(OSError, TimeoutError):
                    await self.connect(self.home, resume=True)
                continue
            if self.closed_with is not None:
                return
            if claims is not None and done >= claims:
                return
            if await self.claim_once(wait):
                done += 1
            else:
                await asyncio.sleep(0.02)

    async def close(self) -> None:
        """Close the socket and stop reading."""
        if self.ws is not None:
            await self.ws.close()
        if self.reader is not None:
            await asyncio.gather(self.reader, return_exceptions=True)

    # ------------------------------------------------------------------ what was seen
    def of(self, kind: str) -> list[dict[str, Any]]:
        """The frames of ``kind`` seen, each once (by ``seq``), in order."""
        seen: dict[int, dict[str, Any]] = {}
        loose: list[dict[str, Any]] = []
        for frame in self.frames:
            if frame["type"] != kind:
                continue
            if frame.get("seq") is None:
                loose.append(frame)
            else:
                seen.setdefault(int(frame["seq"]), frame)
        return [seen[seq] for seq in sorted(seen)] + loose

    def claims(self) -> list[tuple[int, int, int, int]]:
        """The accepted claims seen: ``(seq, player, a, b)``."""
        return [(f["seq"], f["player"], f["a"], f["b"]) for f in self.of("claim")]
