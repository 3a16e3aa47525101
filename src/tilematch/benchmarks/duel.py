"""Speed Duel latency: from a player's claim to the frame on both players' screens.

Real ``tilematch serve`` processes run on 127.0.0.1 with a fresh database
(:class:`~tilematch.benchmarks.cluster.Cluster`): one, or two sharing a Redis
server, with the two players of every duel on different processes. ``duels``
rooms (50; 5 in quick mode) are opened at once, each with two simulated
players on their own websockets. Every player keeps its copy of the board
from the frames it receives (as the page does), finds a legal pair with the
engine, waits a human-like moment and claims it. A claim's latency is the
time from sending it to receiving its ``claim`` frame: on the claimer's socket
(the confirmation) and on the opponent's (the broadcast). Claims that lose a
race (``refused``) are not counted. Everything runs on loopback; the servers
are pinned to one core and the clients to the others where the system allows.
"""

from __future__ import annotations

import asyncio
import json
import random
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tilematch.benchmarks import Row, summarize
from tilematch.benchmarks.cluster import Cluster, Cpu
from tilematch.benchmarks.machine import pinned, split_cores
from tilematch.benchmarks.server import ms, percentile
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
    cpu: Cpu | None = None  # CPU seconds of the servers, PostgreSQL and Redis over the run

    def cpu_per_claim(self) -> float | None:
        """CPU milliseconds of every server-side part per claim that was decided
        (room set-up and results included); ``None`` where unmeasured."""
        if self.cpu is None or self.cpu.servers is None or not self.confirm:
            return None
        spent = self.cpu.servers + (self.cpu.postgresql or 0) + (self.cpu.redis or 0)
        return spent * 1000 / (len(self.confirm) + self.refused)


class Seat:
    """One simulated player: a websocket, its board copy and its pending claim."""

    def __init__(self, ws: Any, rng: random.Random) -> None:
        self.ws = ws
        self.rng = rng
        self.tiles: dict[int, str] = {}
        self.you: int | None = None
        self.playing = asyncio.Event()
        self.over = asyncio.Event()
        self.ended = False  # the end frame arrived
        self.pending: dict[tuple[int, int], float] = {}  # awaiting our own confirmation
        self.sent: dict[tuple[int, int], float] = {}  # awaiting the opponent's frame

    def pick(self) -> tuple[int, int] | None:
        board = GridBoard(SIZE[0], SIZE[1], dict(self.tiles))
        pairs = [(m.a, m.b) for m in board.legal_pairs()]
        return self.rng.choice(pairs) if pairs else None


async def _listen(seat: Seat, other: Seat, samples: Samples) -> None:
    """Follow one player's frames until the duel ends; a socket the server closes
    before the end is recorded as an error and ends the duel for both."""
    from websockets.exceptions import ConnectionClosed

    problem = "a player's socket closed before the end"
    try:
        await _frames(seat, other, samples)
    except ConnectionClosed as closed:
        if closed.rcvd is not None:
            problem = (
                f"the server closed a player's socket: {closed.rcvd.code} {closed.rcvd.reason}"
            )
    if seat.over.is_set():
        return
    samples.errors.append(problem)
    for both in (seat, other):
        both.over.set()
        both.playing.set()


async def _frames(seat: Seat, other: Seat, samples: Samples) -> None:
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
            seat.ended = True
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


async def _duel(urls: list[str], index: int, samples: Samples, deadline: float) -> None:
    """One duel: its room opened on one server, its two players on the servers
    that follow in turn (different processes when there are two or more)."""
    import httpx
    from websockets.asyncio.client import connect

    seats_at = [urls[(index + n) % len(urls)] for n in range(2)]
    tokens = []
    async with httpx.AsyncClient(timeout=30) as http:
        for url in seats_at:
            http.cookies.clear()  # a new player each time
            tokens.append((await http.get(f"{url}/api/me")).json()["token"])
        answer = await http.post(
            f"{seats_at[0]}/api/duels",
            json={"size": list(SIZE), "seed": index},
            headers={"Authorization": f"Bearer {tokens[0]}"},
        )
        answer.raise_for_status()
        code = answer.json()["code"]
    sockets = []
    try:
        for url, token in zip(seats_at, tokens, strict=True):
            ws_url = url.replace("http://", "ws://")
            sockets.append(await connect(f"{ws_url}/ws/duels/{code}?token={token}", max_queue=None))
        seats = [Seat(ws, random.Random(index * 2 + n)) for n, ws in enumerate(sockets)]
        listeners = [
            asyncio.create_task(_listen(seats[0], seats[1], samples)),
            asyncio.create_task(_listen(seats[1], seats[0], samples)),
        ]
        await asyncio.wait_for(
            asyncio.gather(*(_play(seat, deadline) for seat in seats)),
            timeout=max(1.0, deadline - time.perf_counter() + 10),
        )
        if all(seat.ended for seat in seats):
            samples.finished += 1
        for task in listeners:
            task.cancel()
    finally:
        for ws in sockets:
            await ws.close()


async def _run(urls: list[str], duels: int, seconds: float) -> Samples:
    samples = Samples()
    deadline = time.perf_counter() + seconds
    results = await asyncio.gather(
        *(_duel(urls, n, samples, deadline) for n in range(duels)), return_exceptions=True
    )
    samples.errors += [repr(r) for r in results if isinstance(r, BaseException)]
    return samples


def measure(
    duels: int,
    seconds: float,
    processes: int = 1,
    db: str = "sqlite",
    *,
    redis: bool | None = None,
    pin: bool = True,
) -> Samples:
    """Run ``duels`` concurrent duels for at most ``seconds`` against ``processes``
    fresh ``tilematch serve`` processes on ``db`` (``sqlite`` or ``postgresql``),
    sharing a Redis of their own when ``redis`` (default: with more than one
    process). Raises :class:`~tilematch.benchmarks.services.ServiceError` when a
    server cannot be started."""
    use_redis = processes > 1 if redis is None else redis
    split = split_cores() if pin else None
    with (
        Cluster(db, processes, redis=use_redis, cores=split[0] if split else None) as cluster,
        pinned(split[1] if split else None),
    ):
        before = cluster.cpu()
        samples = asyncio.run(_run(cluster.urls, duels, seconds))
        samples.cpu = cluster.cpu() - before
        return samples


async def _in_process(boards: int) -> list[float]:
    from tilematch.server.db import Storage
    from tilematch.server.duel import Client, DuelConfig, DuelRooms
    from tilematch.server.players import create_player

    samples: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        storage = Storage(Path(tmp) / "duels.sqlite3", now=0.0)
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


@dataclass(frozen=True)
class DuelRun:
    """One duel measurement: on which database, on how many processes, which pass."""

    db: str
    processes: int
    duels: int
    samples: Samples
    round: int = 1

    def p95(self) -> float | None:
        """The p95 of claim → opponent in milliseconds; ``None`` without claims."""
        got = self.samples.broadcast
        return percentile(got, 0.95) if got else None


#: Claim to the opponent's frame across processes, p95 at 50 duels (milliseconds, at most).
CROSS_P95_TARGET = 25.0


def table(runs: list[DuelRun]) -> str:
    """The duel runs as a Markdown table."""
    lines = [
        "| db | processes | duels | played to the end | claim → opponent p50 ms | p95 ms"
        " | p99 ms | claim → claimer p50 ms | p95 ms | claims | lost a race | CPU ms/claim"
        " | errors | pass |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for run_ in runs:
        got = run_.samples
        cells = [_ms(got.broadcast, share) for share in (0.5, 0.95, 0.99)]
        cells += [_ms(got.confirm, share) for share in (0.5, 0.95)]
        lines.append(
            f"| {run_.db} | {run_.processes} | {run_.duels} | {got.finished} | "
            + " | ".join(cells)
            + f" | {len(got.broadcast)} | {got.refused} | {ms(got.cpu_per_claim())}"
            + f" | {len(got.errors)} | {run_.round} |"
        )
    return "\n".join(lines)


def _groups(runs: list[DuelRun]) -> dict[tuple[str, int, int], list[DuelRun]]:
    """The runs of each deployment (database, processes, duels), passes together."""
    groups: dict[tuple[str, int, int], list[DuelRun]] = {}
    for run_ in runs:
        groups.setdefault((run_.db, run_.processes, run_.duels), []).append(run_)
    return groups


def _median(values: list[float]) -> str:
    return f"{statistics.median(values):.2f}" if values else "n/a"


def summary(runs: list[DuelRun]) -> str:
    """One row per deployment: the medians of its passes (with the range of the
    claim → opponent p95), as a Markdown table."""
    lines = [
        "| db | processes | duels | passes | claim → opponent p50 ms | p95 ms (passes)"
        " | p99 ms | CPU ms/claim | errors |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for (db, processes, duels), group in _groups(runs).items():
        played = [r.samples.broadcast for r in group if r.samples.broadcast]
        p95s = [p for r in group if (p := r.p95()) is not None]
        spread = f" ({min(p95s):.2f}–{max(p95s):.2f})" if len(p95s) > 1 else ""
        cpu = [c for r in group if (c := r.samples.cpu_per_claim()) is not None]
        lines.append(
            f"| {db} | {processes} | {duels} | {len(group)} | "
            f"{_median([percentile(b, 0.5) for b in played])} | {_median(p95s)}{spread} | "
            f"{_median([percentile(b, 0.99) for b in played])} | {_median(cpu)} | "
            f"{sum(len(r.samples.errors) for r in group)} |"
        )
    return "\n".join(lines)


def _ms(samples: list[float], share: float) -> str:
    return f"{percentile(samples, share):.2f}" if samples else "n/a"


def targets(runs: list[DuelRun]) -> list[str]:
    """The duel target against the cross-process deployments: ``met``, ``not met``
    (also when a pass had errors) or ``not measured in this run``. A deployment
    measured in several passes is judged by the median of their p95s."""
    lines = []
    for (db, processes, duels), group in _groups(runs).items():
        if processes < 2:
            continue
        p95s = [p for r in group if (p := r.p95()) is not None]
        claims = sum(len(r.samples.broadcast) for r in group)
        errors = sum(len(r.samples.errors) for r in group)
        p95 = statistics.median(p95s) if p95s else None
        verdict = "met" if p95 is not None and not errors and p95 <= CROSS_P95_TARGET else "not met"
        if duels != 50:
            verdict += f" (at {duels} duels, not 50: indicative only)"
        figure = "n/a" if p95 is None else f"{p95:.2f} ms"
        if len(group) > 1:
            passes = f" ({min(p95s):.2f}–{max(p95s):.2f})" if p95s else ""
            figure = f"median of {len(group)} passes {figure}{passes}"
        lines.append(
            f"duel claim → opponent p95 across {processes} processes ({db}, "
            f"{duels} duels): {figure} over {claims} claims, "
            f"{errors} errors (target <= {CROSS_P95_TARGET:.0f} ms at 50 duels): {verdict}"
        )
    if not lines:
        lines.append(
            "duel claim → opponent p95 across processes <= 25 ms: not measured in this run "
            "(needs --processes 2 with --duels)"
        )
    return lines


def run(quick: bool) -> list[Row]:
    """Rows of claim→confirmation and claim→opponent latency (``quick``: 5 duels), and the
    server's own time per claim; raises :class:`~tilematch.benchmarks.needs.RowsDropped`
    when httpx is missing or no duel could be measured."""
    from tilematch.benchmarks.needs import Dropped, RowsDropped, missing

    dropped = missing("duel")
    if dropped is not None:
        raise RowsDropped(dropped)
    duels = 5 if quick else 50
    samples = measure(duels, 20.0 if quick else 60.0)
    if not samples.broadcast and samples.errors:
        reason = (
            f"{len(samples.errors)} of {duels} duels failed, the first with {samples.errors[0]}"
        )
        raise RowsDropped(Dropped("duel", "duel claim latency rows", reason[:300]))
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
