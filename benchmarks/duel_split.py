"""Speed Duel claim-to-opponent latency with rooms shared through Redis.

Usage: python benchmarks/duel_split.py [--duels 50] [--seconds 30] [--processes 1 2]

Starts a private ``redis-server`` (append-only, in a temporary folder, on a free
loopback port) and one or two ``tilematch serve`` processes on one SQLite file
with ``TILEMATCH_REDIS`` set. With one process both players of every duel sit
on it; with two, the host sits on the first (which decides the room) and the
guest on the second, so every claim crosses processes through Redis. Each
player claims a legal pair every 0.15-0.45 s (the simulated players of
``tilematch bench duel``); a claim's latency is the time from sending it to its
``claim`` frame on the opponent's socket. Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

from tilematch.benchmarks.duel import SIZE, Samples, Seat, _listen, _play

SERVE = "import sys; from tilematch.cli import main; sys.exit(main())"


def _percentiles(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples) or [float("nan")]

    def at(share: float) -> float:
        return ordered[min(len(ordered) - 1, int(len(ordered) * share))]

    return {"p50": at(0.5), "p95": at(0.95), "p99": at(0.99), "max": ordered[-1]}


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _wait(url: str, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if httpx.get(url + "/api/ping", timeout=1.0).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.05)
    raise RuntimeError(f"{url} did not answer")


@contextmanager
def _services(root: Path, processes: int) -> Iterator[list[str]]:
    """A Redis server and ``processes`` servers on it; yields their URLs."""
    binary = shutil.which("redis-server")
    if binary is None:
        raise SystemExit("redis-server is not installed")
    redis_port = _free_port()
    children = [
        subprocess.Popen(
            [binary, "--port", str(redis_port), "--bind", "127.0.0.1", "--dir", str(root)]
            + ["--appendonly", "yes", "--save", "", "--protected-mode", "no"],
            stdout=subprocess.DEVNULL,
        )
    ]
    env = {
        **os.environ,
        "TILEMATCH_DB": str(root / "bench.sqlite3"),
        "TILEMATCH_REDIS": f"redis://127.0.0.1:{redis_port}/0",
        "TILEMATCH_RATE_REQUESTS": "100000",
        "TILEMATCH_RATE_CREATE": "100000",
        "TILEMATCH_RATE_PLAYERS": "100000",
    }
    urls = []
    try:
        time.sleep(0.3)
        for _ in range(processes):
            port = _free_port()
            command = [sys.executable, "-c", SERVE, "serve", "--port", str(port)]
            children.append(
                subprocess.Popen(
                    [*command, "--log-level", "warning"], env=env, stdout=subprocess.DEVNULL
                )
            )
            urls.append(f"http://127.0.0.1:{port}")
        for url in urls:
            _wait(url)
        yield urls
    finally:
        for child in reversed(children):
            child.send_signal(signal.SIGTERM)
            try:
                child.wait(20)
            except subprocess.TimeoutExpired:
                child.kill()
                child.wait(5)


async def _duel(urls: list[str], index: int, samples: Samples, deadline: float) -> None:
    from websockets.asyncio.client import connect

    host_url, guest_url = urls[0], urls[-1]
    tokens = []
    for url in (host_url, guest_url):
        async with httpx.AsyncClient(base_url=url, timeout=30) as http:
            tokens.append((await http.get("/api/me")).json()["token"])
    async with httpx.AsyncClient(base_url=host_url, timeout=30) as http:
        answer = await http.post(
            "/api/duels",
            json={"size": list(SIZE), "seed": index},
            headers={"Authorization": f"Bearer {tokens[0]}"},
        )
        answer.raise_for_status()
        code = answer.json()["code"]
    sockets = [
        await connect(f"{url.replace('http', 'ws')}/ws/duels/{code}?token={token}", max_queue=None)
        for url, token in zip((host_url, guest_url), tokens, strict=True)
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


async def _run(urls: list[str], duels: int, seconds: float) -> Samples:
    samples = Samples()
    deadline = time.perf_counter() + seconds
    outcome = await asyncio.gather(
        *(_duel(urls, n, samples, deadline) for n in range(duels)), return_exceptions=True
    )
    samples.errors = [repr(r) for r in outcome if isinstance(r, BaseException)]
    return samples


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--duels", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=30.0, help="longest run per setting")
    parser.add_argument("--processes", type=int, nargs="+", default=[1, 2], choices=[1, 2])
    args = parser.parse_args(argv)
    print(f"load average before: {os.getloadavg()[0]:.1f}")
    print("| players on | duels | finished | claims | opponent p50 | p95 | p99 | worst |")
    print("|---|---|---|---|---|---|---|---|")
    for processes in args.processes:
        with tempfile.TemporaryDirectory() as tmp, _services(Path(tmp), processes) as urls:
            samples = asyncio.run(_run(urls, args.duels, args.seconds))
        stats = _percentiles(samples.broadcast)
        where = "one process" if processes == 1 else "two processes"
        print(
            f"| {where} | {args.duels} | {samples.finished} | {len(samples.broadcast)} | "
            f"{stats['p50']:.1f} ms | {stats['p95']:.1f} ms | {stats['p99']:.1f} ms | "
            f"{stats['max']:.1f} ms |"
        )
        for error in samples.errors[:3]:
            print(f"  error: {error}")
    print(f"load average after: {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
