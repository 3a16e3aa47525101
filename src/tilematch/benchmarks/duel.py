"""Speed Duel latency: from a player's claim to the frame on both players' screens.

A real ``tilematch serve`` runs in a subprocess on 127.0.0.1 with a fresh
database. ``duels`` rooms (50; 5 in quick mode) are opened at once, each with
two simulated players on their own websockets. Every player keeps its copy of
the board from the frames it receives (as the page does), finds a legal pair
with the engine, waits a human-like moment and claims it. A claim's latency is
the time from sending it to receiving its ``claim`` frame: on the claimer's
socket (the confirmation) and on the opponent's (the broadcast). Claims that
lose a race (``refused``) are not counted. Everything runs on loopback; the
clients share the machine with the server, so the figures include their cost.
"""

from __future__ import annotations

import asyncio
import json
import random
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tilematch.benchmarks import Row, summarize
from tilematch.benchmarks.server import serve
from tilematch.engine.grid.board import GridBoard

SIZE = (6, 8)
THINK = (0.15, 0.45)


@dataclass
class Samples:
    """Latencies in milliseconds, and what went wrong."""

    confirm: list[float] = field(default_factory=list)
    broadcast: list[float] = field(default_factory=list)
    refused: int = 0
    finished: int = 0
    errors: list[str] = field(default_factory=list)


class Seat:
    """One simulated player: a websocket, its board copy and its pending claim."""

    def __init__(self, ws: Any, rng: random.Random) -> None:
        self.ws = ws
        self.rng = rng
        self.tiles: dict[int, str] = {}
        self.you: int | None = None
        self.playing = asyncio.Event()
        self.over = asyncio.Event()
        self.pending: dict[tuple[int, int], float] = {}  # awaiting our own confirmation
        self.sent: dict[tuple[int, int], float] = {}  # awaiting the opponent's frame

    def pick(self) -> tuple[int, int] | None:
        board = GridBoard(SIZE[0], SIZE[1], dict(self.tiles))
        pairs = [(m.a, m.b) for m in board.legal_pairs()]
        return self.rng.choice(pairs) if pairs else None


async def _listen(seat: Seat, other: Seat, samples: Samples) -> None:
    async for text in seat.ws:
        frame = json.loads(text)
        kind = frame["type"]
        now = time.perf_counter()
        if kind == "hello":
            seat.you = frame["you"]
        elif kind == "state" and "tiles" in frame:
            seat.tiles = {t["spot"]: t["code"] for t in frame["tiles"]}
            if frame["phase"] == "playing":
                seat.playing.set()
        elif kind == "claim":
            key = (frame["a"], frame["b"])
            seat.tiles.pop(frame["a"], None)
            seat.tiles.pop(frame["b"], None)
            if frame["player"] == seat.you and key in seat.pending:
                samples.confirm.append((now - seat.pending.pop(key)) * 1000)
            elif frame["player"] != seat.you and key in other.sent:
                samples.broadcast.append((now - other.sent.pop(key)) * 1000)
        elif kind == "reshuffle":
            seat.tiles = {t["spot"]: t["code"] for t in frame["tiles"]}
        elif kind == "refused":
            samples.refused += 1
            key = (min(frame["a"], frame["b"]), max(frame["a"], frame["b"]))
            seat.pending.pop(key, None)
            seat.sent.pop(key, None)
        elif kind == "end":
            seat.over.set()
            return


async def _play(seat: Seat, deadline: float) -> None:
    await seat.playing.wait()
    while not seat.over.is_set() and time.perf_counter() < deadline:
        await asyncio.sleep(seat.rng.uniform(*THINK))
        pair = seat.pick()
        if pair is None or seat.over.is_set():
            continue
        seat.pending[pair] = seat.sent[pair] = time.perf_counter()
        await seat.ws.send(json.dumps({"type": "claim", "a": pair[0], "b": pair[1]}))


async def _duel(url: str, index: int, samples: Samples, deadline: float) -> None:
    import httpx
    from websockets.asyncio.client import connect

    ws_url = url.replace("http://", "ws://")
    async with httpx.AsyncClient(base_url=url, timeout=30) as http:
        tokens = []
        for _ in range(2):
            http.cookies.clear()  # a new player each time
            tokens.append((await http.get("/api/me")).json()["token"])
        answer = await http.post(
            "/api/duels",
            json={"size": list(SIZE), "seed": index},
            headers={"Authorization": f"Bearer {tokens[0]}"},
        )
        answer.raise_for_status()
        code = answer.json()["code"]
    sockets = [
        await connect(f"{ws_url}/ws/duels/{code}?token={token}", max_queue=None) for token in tokens
    ]
    try:
        seats = [Seat(ws, random.Random(index * 2 + n)) for n, ws in enumerate(sockets)]
        listeners = [
            asyncio.create_task(_listen(seats[0], seats[1], samples)),
            asyncio.create_task(_listen(seats[1], seats[0], samples)),
        ]
        await asyncio.wait_for(
            asyncio.gather(*(_play(seat, deadline) for seat in seats)),
            timeout=max(1.0, deadline - time.perf_counter() + 10),
        )
        if all(seat.over.is_set() for seat in seats):
            samples.finished += 1
        for task in listeners:
            task.cancel()
    finally:
        for ws in sockets:
            await ws.close()


async def _run(url: str, duels: int, seconds: float) -> Samples:
    samples = Samples()
    deadline = time.perf_counter() + seconds
    results = await asyncio.gather(
        *(_duel(url, n, samples, deadline) for n in range(duels)), return_exceptions=True
    )
    samples.errors = [repr(r) for r in results if isinstance(r, BaseException)]
    return samples


def measure(duels: int, seconds: float) -> Samples:
    """Run ``duels`` concurrent duels against a fresh server for at most ``seconds``."""
    with tempfile.TemporaryDirectory() as tmp, serve(Path(tmp)) as url:
        return asyncio.run(_run(url, duels, seconds))


async def _in_process(boards: int) -> list[float]:
    from tilematch.server.db import Storage
    from tilematch.server.duel import Client, DuelConfig, DuelRooms
    from tilematch.server.players import create_player

    samples: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        storage = Storage(Path(tmp) / "duel.sqlite3", now=0.0)
        rooms = DuelRooms(storage, time.time, DuelConfig(countdown=0.0))
        try:
            for index in range(boards):
                people = [create_player(storage, 0.0) for _ in range(2)]
                room = rooms.create(people[0], size=SIZE, seed=index)
                clients = [Client(person) for person in people]
                for client in clients:
                    rooms.join(room, client)
                while room.phase != "playing":
                    await asyncio.sleep(0.001)
                    rooms.poke()
                game = room.game
                assert game is not None
                turn = 0
                while not game.finished:
                    move = next(iter(game.board.legal_pairs()))
                    text = json.dumps({"type": "claim", "a": move.a, "b": move.b})
                    start = time.perf_counter()
                    rooms.receive(room, clients[turn % 2], text)
                    samples.append((time.perf_counter() - start) * 1000)
                    turn += 1
                    for client in clients:
                        client.frames.clear()
                while not any('"type":"end"' in text for text in clients[0].frames):
                    await asyncio.sleep(0.001)  # the results are being stored
        finally:
            rooms.shutdown()
            storage.close()
    return samples


def decide(boards: int) -> list[float]:
    """Milliseconds the server spends on one claim (parse, decide, encode, queue), in process."""
    return asyncio.run(_in_process(boards))


def run(quick: bool) -> list[Row]:
    """Rows of claim→confirmation and claim→opponent latency (``quick``: 5 duels), and the
    server's own time per claim."""
    duels = 5 if quick else 50
    samples = measure(duels, 20.0 if quick else 60.0)
    note = (
        f"{duels} concurrent duels on {SIZE[1]}x{SIZE[0]} boards over loopback websockets, "
        f"{samples.finished} played to the end, {samples.refused} claims lost a race"
        + (f", {len(samples.errors)} errors" if samples.errors else "")
    )
    rows = []
    for name, data in (
        (f"duel claim → claimer's frame ({duels} duels)", samples.confirm),
        (f"duel claim → opponent's frame ({duels} duels)", samples.broadcast),
    ):
        if data:
            rows.append(summarize(name, data, "p95 < 50 ms", note))
    rows.append(
        summarize(
            "duel claim decided and queued for both (in process)",
            decide(5 if quick else 40),
            "",
            f"read, decide, encode and queue one claim frame on {SIZE[1]}x{SIZE[0]} boards;"
            " (results are stored by a worker thread)",
        )
    )
    return rows


if __name__ == "__main__":  # pragma: no cover - manual run
    import sys

    for row in run(quick="--quick" in sys.argv):
        print(row.markdown())
