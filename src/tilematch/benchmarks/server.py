"""Load benchmark of the game server: simulated players playing over loopback HTTP.

A real ``tilematch serve`` runs in a subprocess on 127.0.0.1 with a fresh
database. N simulated players (``httpx.AsyncClient``) arrive a few at a time
and each start a game (creation times are kept apart: dealing a board is the
generator's work), then all play their games move by move, waiting a
human-like think time between moves; when a game ends they start another.
Every move request is timed. The same players then call the framework's bare
endpoint (``/api/ping``) at the same pace, so the ratio shows what the game
itself costs over FastAPI and uvicorn.

Bounded: each level runs for a fixed number of seconds and at most a fixed
number of requests, on loopback only.

Fair on a small machine: where the system allows (Linux, two cores or more),
the server process is pinned to one core and the load client to the others
(``os.sched_setaffinity``), so the client never takes the server's CPU and the
figures show what one server process serves on one core. The client's own CPU
time is reported too: a client near 100 % of its core would be the bottleneck.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tilematch.benchmarks import Row

HOST = "127.0.0.1"
#: Board the simulated players play (a standard Shisen-Sho deal), with fallbacks.
BOARDS: tuple[dict[str, Any], ...] = (
    {"game": "shisensho", "mode": "classic"},
    {"game": "solitaire", "mode": "regular"},
    {"game": "shisensho", "mode": "classic", "size": [4, 6]},
)


@dataclass
class Level:
    """What one load level measured."""

    players: int
    think: float
    seconds: float
    moves: list[float] = field(default_factory=list)
    bare: list[float] = field(default_factory=list)
    creates: list[float] = field(default_factory=list)
    errors: int = 0
    move_seconds: float = 0.0
    move_cpu: float | None = None  # server CPU seconds during the move phase
    bare_cpu: float | None = None  # server CPU seconds during the bare phase
    client_cpu: float | None = None  # load client CPU seconds during the move phase
    load: tuple[float, float, float] | None = None  # machine load average after the level

    def rate(self) -> float:
        """Moves per second over the move phase."""
        return len(self.moves) / self.move_seconds if self.move_seconds else 0.0

    def cpu_per_move(self) -> float | None:
        """Server CPU milliseconds per move request (``None`` where unmeasured)."""
        if self.move_cpu is None or not self.moves:
            return None
        return self.move_cpu * 1000 / len(self.moves)

    def client_share(self) -> float | None:
        """The load client's CPU share of one core over the move phase (0..1)."""
        if self.client_cpu is None or not self.move_seconds:
            return None
        return self.client_cpu / self.move_seconds

    def cpu_per_bare(self) -> float | None:
        """Server CPU milliseconds per bare request (``None`` where unmeasured)."""
        if self.bare_cpu is None or not self.bare:
            return None
        return self.bare_cpu * 1000 / len(self.bare)


def cpu_seconds(pid: int | None) -> float | None:
    """User + system CPU seconds used so far by process ``pid`` (Linux ``/proc``), or None."""
    if pid is None:
        return None
    try:
        with open(f"/proc/{pid}/stat") as handle:
            fields = handle.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks


class Served(str):
    """A running server's base URL (a ``str``), carrying the server's process id."""

    pid: int

    def __new__(cls, url: str, pid: int) -> Served:
        served = super().__new__(cls, url)
        served.pid = pid
        return served

    @property
    def url(self) -> str:
        """The base URL as a plain string."""
        return str(self)


def split_cores() -> tuple[set[int], set[int]] | None:
    """``(server cores, client cores)``: the first usable core for the server and the
    rest for the load client; ``None`` where pinning is unavailable or only one core
    is usable."""
    getter = getattr(os, "sched_getaffinity", None)
    if getter is None or not hasattr(os, "sched_setaffinity"):
        return None
    cores = sorted(getter(0))
    if len(cores) < 2:
        return None
    return {cores[0]}, set(cores[1:])


def load_average() -> tuple[float, float, float] | None:
    """The machine's 1, 5 and 15 minute load averages, where the system tells them."""
    try:
        return os.getloadavg()
    except (AttributeError, OSError):
        return None


def percentile(samples: list[float], share: float) -> float:
    """The ``share`` percentile (0..1) of ``samples`` (nearest rank); 0.0 when empty."""
    if not samples:
        return 0.0
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(share * len(ordered)) - 1))]


def free_port() -> int:
    """An unused TCP port on the loopback interface."""
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        port: int = probe.getsockname()[1]
        return port


@contextlib.contextmanager
def serve(db_dir: Path, sync: str | None = None, cores: set[int] | None = None) -> Iterator[Served]:
    """Run ``tilematch serve`` on loopback in a subprocess; yields its URL and pid.

    ``sync`` sets ``TILEMATCH_SYNC`` (the SQLite durability level) for the server;
    ``cores`` pins the server process (and the threads it starts) to those cores."""
    port = free_port()
    env = dict(os.environ)
    env.update(
        TILEMATCH_DB=str(db_dir / "load.sqlite3"),
        TILEMATCH_RATE_REQUESTS="100000",
        TILEMATCH_RATE_CREATE="100000",
        TILEMATCH_RATE_PLAYERS="100000",
    )
    if sync is not None:
        env["TILEMATCH_SYNC"] = sync
    command = [sys.executable, "-m", "tilematch.cli", "serve", "--host", HOST]
    command += ["--port", str(port), "--log-level", "warning"]
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL)
    if cores:
        os.sched_setaffinity(process.pid, cores)  # before it starts any thread
    url = f"http://{HOST}:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with socket.create_connection((HOST, port), timeout=0.2):
                    break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("the server did not start") from None
                time.sleep(0.1)
        yield Served(url, process.pid)
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


class Answer:
    """A response read by :class:`Connection`: status code and body."""

    def __init__(self, status_code: int, body: bytes) -> None:
        self.status_code = status_code
        self.body = body

    def json(self) -> Any:
        """The body parsed as JSON."""
        return json.loads(self.body)


class Connection:
    """One keep-alive HTTP/1.1 connection of one simulated player (like a browser tab).

    A minimal client on asyncio streams: a general HTTP client library costs
    several milliseconds of CPU per request, so at hundreds of requests per
    second the client, not the server, would be what is measured.
    """

    def __init__(self, url: str) -> None:
        host, _, port = url.removeprefix("http://").partition(":")
        self.host, self.port = host, int(port or 80)
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def _open(self) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        if self.reader is None or self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
            sock = self.writer.get_extra_info("socket")
            if sock is not None:
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return self.reader, self.writer

    async def request(
        self, method: str, path: str, body: Any = None, token: str | None = None
    ) -> Answer:
        """Send one request and read its answer (``Content-Length`` or chunked)."""
        reader, writer = await self._open()
        head = f"{method} {path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\n"
        if token is not None:
            head += f"Authorization: Bearer {token}\r\n"
        data = b""
        if body is not None:
            data = json.dumps(body, separators=(",", ":")).encode()
            head += "Content-Type: application/json\r\n"
        if body is not None or method == "POST":
            head += f"Content-Length: {len(data)}\r\n"
        writer.write(head.encode() + b"\r\n" + data)
        status_line, *lines = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
        headers = {}
        for line in lines:
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip()
        if "content-length" in headers:
            content = await reader.readexactly(int(headers["content-length"]))
        elif headers.get("transfer-encoding") == "chunked":
            parts = []
            while size := int((await reader.readuntil(b"\r\n")).split(b";")[0], 16):
                parts.append(await reader.readexactly(size))
                await reader.readexactly(2)
            await reader.readuntil(b"\r\n")
            content = b"".join(parts)
        else:
            content = await reader.read()
        if headers.get("connection") == "close":
            await self.close()
        return Answer(int(status_line.split()[1]), content)

    async def close(self) -> None:
        """Close the connection (the next request opens a new one)."""
        writer, self.reader, self.writer = self.writer, None, None
        if writer is not None:
            writer.close()
            with contextlib.suppress(OSError):
                await writer.wait_closed()


async def _send(
    conn: Connection,
    level: Level,
    method: str,
    path: str,
    body: Any = None,
    token: str | None = None,
) -> Answer:
    """One request; a connection the server closed while idle (keep-alive timeout) is
    counted as an error and the request sent once more on a fresh connection."""
    try:
        return await conn.request(method, path, body, token)
    except (OSError, asyncio.IncompleteReadError, ValueError):
        level.errors += 1
        await conn.close()
        return await conn.request(method, path, body, token)


@dataclass
class _Player:
    """A simulated player: its connection, its token and the game it plays."""

    conn: Connection
    token: str = ""
    game: dict[str, Any] | None = None


async def _join(url: str, board: dict[str, Any], level: Level, gate: asyncio.Semaphore) -> _Player:
    """A new player with a first game (its creation time recorded)."""
    async with gate:
        player = _Player(Connection(url))
        me = (await _send(player.conn, level, "GET", "/api/me")).json()
        player.token = me["token"]
        player.game = await _create(player, board, level)
        return player


async def _create(player: _Player, board: dict[str, Any], level: Level) -> dict[str, Any] | None:
    start = time.perf_counter()
    answer = await _send(player.conn, level, "POST", "/api/games", board, player.token)
    level.creates.append((time.perf_counter() - start) * 1000)
    if answer.status_code != 201:
        level.errors += 1
        return None
    game: dict[str, Any] = answer.json()
    return game


async def _player(
    player: _Player,
    board: dict[str, Any],
    level: Level,
    stop: float,
    budget: list[int],
    seed: int,
) -> None:
    rng = random.Random(seed)
    game = player.game
    await asyncio.sleep(rng.uniform(0, level.think))  # players do not start in step
    while time.perf_counter() < stop and budget[0] > 0:
        if game is None or game.get("status") not in ("playing", "deadlock"):
            game = await _create(player, board, level)
            if game is None:
                return
            continue
        if game["status"] == "deadlock" or not game["pairs"]:
            intent: dict[str, Any] = {"type": "shuffle"}
        else:
            a, b = rng.choice(game["pairs"][:4])
            intent = {"type": "match", "a": a, "b": b}
        budget[0] -= 1
        path = f"/api/games/{game['id']}/actions"
        start = time.perf_counter()
        answer = await _send(player.conn, level, "POST", path, intent, player.token)
        level.moves.append((time.perf_counter() - start) * 1000)
        if answer.status_code != 200:
            level.errors += 1
            game = None
        else:
            body = answer.json()
            if body["ok"]:
                game = body["game"]
            else:  # e.g. no reshuffle left: end this game, start another
                await _send(player.conn, level, "POST", path, {"type": "give_up"}, player.token)
                game = None
        await asyncio.sleep(rng.uniform(0.5, 1.5) * level.think)


async def _bare(player: _Player, level: Level, stop: float, budget: list[int], seed: int) -> None:
    rng = random.Random(seed)
    await asyncio.sleep(rng.uniform(0, level.think))
    while time.perf_counter() < stop and budget[0] > 0:
        budget[0] -= 1
        start = time.perf_counter()
        answer = await _send(player.conn, level, "GET", "/api/ping")
        level.bare.append((time.perf_counter() - start) * 1000)
        if answer.status_code != 200:
            level.errors += 1
        await asyncio.sleep(rng.uniform(0.5, 1.5) * level.think)


async def _pick_board(url: str) -> dict[str, Any]:
    conn = Connection(url)
    try:
        token = (await conn.request("GET", "/api/me")).json()["token"]
        for board in BOARDS:
            answer = await conn.request("POST", "/api/games", board, token)
            if answer.status_code == 201:
                return board
    finally:
        await conn.close()
    raise RuntimeError("the server deals none of the benchmark boards")


async def run_level(
    url: str, players: int, think: float, seconds: float, max_requests: int, pid: int | None = None
) -> Level:
    """Run one load level against the server at ``url`` (process ``pid``, whose CPU time
    is read where the system allows); returns what it measured."""
    level = Level(players, think, seconds)
    board = await _pick_board(url)
    gate = asyncio.Semaphore(4)  # players arrive a few at a time
    joined = await asyncio.gather(*(_join(url, board, level, gate) for _ in range(players)))
    try:
        budget = [max_requests]
        cpu = cpu_seconds(pid)
        mine = os.times()
        begin = time.perf_counter()
        stop = begin + seconds
        await asyncio.gather(
            *(
                _player(player, board, level, stop, budget, seed)
                for seed, player in enumerate(joined)
            )
        )
        level.move_seconds = time.perf_counter() - begin
        level.move_cpu = _spent(cpu, pid)
        after = os.times()
        level.client_cpu = (after.user - mine.user) + (after.system - mine.system)
        budget = [max_requests]
        cpu = cpu_seconds(pid)
        stop = time.perf_counter() + seconds / 2
        await asyncio.gather(
            *(_bare(player, level, stop, budget, seed) for seed, player in enumerate(joined))
        )
        level.bare_cpu = _spent(cpu, pid)
    finally:
        await asyncio.gather(*(player.conn.close() for player in joined))
    level.load = load_average()
    return level


def _spent(before: float | None, pid: int | None) -> float | None:
    after = cpu_seconds(pid)
    return None if before is None or after is None else after - before


def measure(
    levels: tuple[int, ...],
    think: float,
    seconds: float,
    max_requests: int,
    sync: str | None = None,
    pin: bool = True,
) -> list[Level]:
    """Start a server and run each level in turn (players, think time, seconds).

    With ``pin`` (and where the system allows) the server runs on one core and
    this process, the load client, on the others, until the levels are done."""
    split = split_cores() if pin else None
    before = os.sched_getaffinity(0) if split else None
    try:
        if split:
            os.sched_setaffinity(0, split[1])
        with (
            tempfile.TemporaryDirectory() as tmp,
            serve(Path(tmp), sync, split[0] if split else None) as served,
        ):
            return [
                asyncio.run(run_level(served.url, n, think, seconds, max_requests, served.pid))
                for n in levels
            ]
    finally:
        if before:
            os.sched_setaffinity(0, before)


def table(results: list[Level]) -> str:
    """A Markdown table of the levels."""
    lines = [
        "| players | moves | moves/s | move p50 ms | p95 ms | p99 ms | bare p50 ms | bare p95 ms"
        " | bare p99 ms | p95 ratio | server CPU ms/move | CPU ms/bare | client CPU"
        " | load avg | errors |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for level in results:
        p95 = percentile(level.moves, 0.95)
        bare95 = percentile(level.bare, 0.95)
        lines.append(
            f"| {level.players} | {len(level.moves)} | {level.rate():.0f} | "
            f"{percentile(level.moves, 0.50):.2f} | {p95:.2f} | "
            f"{percentile(level.moves, 0.99):.2f} | {percentile(level.bare, 0.50):.2f} | "
            f"{bare95:.2f} | {percentile(level.bare, 0.99):.2f} | "
            f"{p95 / bare95 if bare95 else 0:.1f} | {_ms(level.cpu_per_move())} | "
            f"{_ms(level.cpu_per_bare())} | {_share(level.client_share())} | "
            f"{_load(level.load)} | {level.errors} |"
        )
    return "\n".join(lines)


def _ms(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.2f}"


def _share(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.0%}"


def _load(value: tuple[float, float, float] | None) -> str:
    return "n/a" if value is None else f"{value[0]:.1f}"


def run(quick: bool = False) -> list[Row]:
    """Rows for ``tilematch bench server``: move latency at 10 and 100 players (quick: 10)."""
    levels = (10,) if quick else (10, 100)
    results = measure(levels, think=1.0, seconds=4.0 if quick else 15.0, max_requests=20_000)
    rows = []
    for level in results:
        samples = level.moves or [0.0]
        rows.append(
            Row(
                f"server move, {level.players} players",
                statistics.median(samples),
                percentile(samples, 0.95),
                max(samples),
                len(level.moves),
                "p95 <= 10 ms at 100 players" if level.players == 100 else "",
                f"{level.rate():.0f} moves/s; bare endpoint p95 "
                f"{percentile(level.bare, 0.95):.2f} ms; server CPU "
                f"{_ms(level.cpu_per_move())} ms/move",
            )
        )
    return rows
