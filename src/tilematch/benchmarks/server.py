"""Load benchmark of one game server: simulated players playing over loopback HTTP.

A real ``tilematch serve`` runs in a subprocess on 127.0.0.1 with a fresh
SQLite database, and the players of :mod:`tilematch.benchmarks.players` play
against it (move phase, then the bare ``/api/ping`` endpoint at the same pace).
:mod:`tilematch.benchmarks.load` runs the same players against many processes
on SQLite or PostgreSQL.

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
import math
import os
import statistics
import tempfile
from collections.abc import Iterator
from pathlib import Path

from tilematch.benchmarks import Row
from tilematch.benchmarks.cluster import BENCH_LIMITS, Cpu, ServerProcess
from tilematch.benchmarks.machine import cpu_seconds, pinned, split_cores, tree_cpu_seconds
from tilematch.benchmarks.players import Level, run_level

__all__ = ["Level", "Served", "cpu_seconds", "measure", "percentile", "run", "serve", "table"]


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


@contextlib.contextmanager
def serve(db_dir: Path, sync: str | None = None, cores: set[int] | None = None) -> Iterator[Served]:
    """Run ``tilematch serve`` on loopback in a subprocess, on the SQLite file
    ``db_dir/load.sqlite3``; yields its URL and pid.

    ``sync`` sets ``TILEMATCH_SYNC`` (the SQLite durability level) for the server;
    ``cores`` pins the server process (and the threads it starts) to those cores.
    Raises :class:`~tilematch.benchmarks.services.ServiceError` when it does not start."""
    env = {**os.environ, **BENCH_LIMITS, "TILEMATCH_DB": str(db_dir / "load.sqlite3")}
    env.pop("TILEMATCH_REDIS", None)
    if sync is not None:
        env["TILEMATCH_SYNC"] = sync
    server = ServerProcess(env, db_dir / "serve.log")
    try:
        with pinned(cores):
            server.start()
        assert server.pid is not None
        yield Served(server.url, server.pid)
    finally:
        server.stop()


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
    with (
        tempfile.TemporaryDirectory() as tmp,
        serve(Path(tmp), sync, split[0] if split else None) as served,
        pinned(split[1] if split else None),
    ):
        return [
            asyncio.run(
                run_level(
                    [served.url],
                    n,
                    think,
                    seconds,
                    max_requests,
                    lambda: Cpu(tree_cpu_seconds(served.pid)),
                )
            )
            for n in levels
        ]


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
            f"{p95 / bare95 if bare95 else 0:.1f} | {ms(level.cpu_per_move())} | "
            f"{ms(level.cpu_per_bare())} | {share(level.client_share())} | "
            f"{load(level.load)} | {level.errors + level.failed} |"
        )
    return "\n".join(lines)


def ms(value: float | None) -> str:
    """Milliseconds with two decimals, or ``n/a``."""
    return "n/a" if value is None else f"{value:.2f}"


def share(value: float | None) -> str:
    """A share of one core as a percentage, or ``n/a``."""
    return "n/a" if value is None else f"{value:.0%}"


def load(value: tuple[float, float, float] | None) -> str:
    """The 1-minute load average, or ``n/a``."""
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
                f"{ms(level.cpu_per_move())} ms/move",
            )
        )
    return rows
