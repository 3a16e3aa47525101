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
"""

from __future__ import annotations

import asyncio
import contextlib
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
from http.cookiejar import DefaultCookiePolicy
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

    def rate(self) -> float:
        """Moves per second over the move phase."""
        return len(self.moves) / self.move_seconds if self.move_seconds else 0.0

    def cpu_per_move(self) -> float | None:
        """Server CPU milliseconds per move request (``None`` where unmeasured)."""
        if self.move_cpu is None or not self.moves:
            return None
        return self.move_cpu * 1000 / len(self.moves)

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
def serve(db_dir: Path, sync: str | None = None) -> Iterator[Served]:
    """Run ``tilematch serve`` on loopback in a subprocess; yields its URL and pid.

    ``sync`` sets ``TILEMATCH_SYNC`` (the SQLite durability level) for the server."""
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


async def _send(client: Any, level: Level, method: str, path: str, **options: Any) -> Any:
    """One request; a connection the server closed while idle (keep-alive timeout) is
    counted as an error and the request sent once more on a fresh connection."""
    import httpx

    try:
        return await client.request(method, path, **options)
    except httpx.TransportError:
        level.errors += 1
        return await client.request(method, path, **options)


async def _join(
    client: Any, board: dict[str, Any], level: Level, gate: asyncio.Semaphore
) -> tuple[dict[str, str], dict[str, Any] | None]:
    """A new player with a first game (its creation time recorded)."""
    async with gate:
        me = (await _send(client, level, "GET", "/api/me")).json()
        headers = {"Authorization": f"Bearer {me['token']}"}
        return headers, await _create(client, board, level, headers)


async def _create(
    client: Any, board: dict[str, Any], level: Level, headers: dict[str, str]
) -> dict[str, Any] | None:
    start = time.perf_counter()
    answer = await _send(client, level, "POST", "/api/games", json=board, headers=headers)
    level.creates.append((time.perf_counter() - start) * 1000)
    if answer.status_code != 201:
        level.errors += 1
        return None
    game: dict[str, Any] = answer.json()
    return game


async def _player(
    client: Any,
    board: dict[str, Any],
    level: Level,
    stop: float,
    budget: list[int],
    seed: int,
    start_with: tuple[dict[str, str], dict[str, Any] | None],
) -> None:
    rng = random.Random(seed)
    headers, game = start_with
    await asyncio.sleep(rng.uniform(0, level.think))  # players do not start in step
    while time.perf_counter() < stop and budget[0] > 0:
        if game is None or game.get("status") not in ("playing", "deadlock"):
            game = await _create(client, board, level, headers)
            if game is None:
                return
            continue
        if game["status"] == "deadlock" or not game["pairs"]:
            intent: dict[str, Any] = {"type": "shuffle"}
        else:
            a, b = rng.choice(game["pairs"][:4])
            intent = {"type": "match", "a": a, "b": b}
        budget[0] -= 1
        start = time.perf_counter()
        answer = await _send(
            client, level, "POST", f"/api/games/{game['id']}/actions", json=intent, headers=headers
        )
        level.moves.append((time.perf_counter() - start) * 1000)
        if answer.status_code != 200:
            level.errors += 1
            game = None
        else:
            body = answer.json()
            if body["ok"]:
                game = body["game"]
            else:  # e.g. no reshuffle left: end this game, start another
                await _give_up(client, game, headers)
                game = None
        await asyncio.sleep(rng.uniform(0.5, 1.5) * level.think)


async def _give_up(client: Any, game: dict[str, Any], headers: dict[str, str]) -> None:
    await client.post(f"/api/games/{game['id']}/actions", json={"type": "give_up"}, headers=headers)
    return None


async def _bare(client: Any, level: Level, stop: float, budget: list[int], seed: int) -> None:
    rng = random.Random(seed)
    await asyncio.sleep(rng.uniform(0, level.think))
    while time.perf_counter() < stop and budget[0] > 0:
        budget[0] -= 1
        start = time.perf_counter()
        answer = await _send(client, level, "GET", "/api/ping")
        level.bare.append((time.perf_counter() - start) * 1000)
        if answer.status_code != 200:
            level.errors += 1
        await asyncio.sleep(rng.uniform(0.5, 1.5) * level.think)


async def _pick_board(client: Any) -> dict[str, Any]:
    for board in BOARDS:
        answer = await client.post("/api/games", json=board)
        if answer.status_code == 201:
            return board
    raise RuntimeError("the server deals none of the benchmark boards")


async def run_level(
    url: str, players: int, think: float, seconds: float, max_requests: int, pid: int | None = None
) -> Level:
    """Run one load level against the server at ``url`` (process ``pid``, whose CPU time
    is read where the system allows); returns what it measured."""
    import httpx

    level = Level(players, think, seconds)
    limits = httpx.Limits(max_connections=players + 8, max_keepalive_connections=players + 8)
    # Each simulated player sends its own bearer token: keep no cookies.
    async with httpx.AsyncClient(base_url=url, limits=limits, timeout=60) as client:
        client.cookies.jar.set_policy(DefaultCookiePolicy(allowed_domains=[]))
        board = await _pick_board(client)
        gate = asyncio.Semaphore(4)  # players arrive a few at a time
        joined = await asyncio.gather(*(_join(client, board, level, gate) for _ in range(players)))
        budget = [max_requests]
        cpu = cpu_seconds(pid)
        begin = time.perf_counter()
        stop = begin + seconds
        await asyncio.gather(
            *(
                _player(client, board, level, stop, budget, seed, joined[seed])
                for seed in range(players)
            )
        )
        level.move_seconds = time.perf_counter() - begin
        level.move_cpu = _spent(cpu, pid)
        budget = [max_requests]
        cpu = cpu_seconds(pid)
        stop = time.perf_counter() + seconds / 2
        await asyncio.gather(*(_bare(client, level, stop, budget, s) for s in range(players)))
        level.bare_cpu = _spent(cpu, pid)
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
) -> list[Level]:
    """Start a server and run each level in turn (players, think time, seconds)."""
    with tempfile.TemporaryDirectory() as tmp, serve(Path(tmp), sync) as served:
        return [
            asyncio.run(run_level(served.url, n, think, seconds, max_requests, served.pid))
            for n in levels
        ]


def table(results: list[Level]) -> str:
    """A Markdown table of the levels."""
    lines = [
        "| players | moves | moves/s | move p50 ms | p95 ms | p99 ms | bare p50 ms | bare p95 ms"
        " | bare p99 ms | p95 ratio | server CPU ms/move | CPU ms/bare | errors |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
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
            f"{_ms(level.cpu_per_bare())} | {level.errors} |"
        )
    return "\n".join(lines)


def _ms(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.2f}"


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
