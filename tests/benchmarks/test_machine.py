"""What the load benchmarks read from the machine, and the servers they start."""

from __future__ import annotations

import asyncio
import contextlib
import os
import subprocess
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from tilematch.benchmarks.client import Balancer
from tilematch.benchmarks.machine import (
    cpu_seconds,
    descendants,
    describe_cores,
    pinned,
    tree_cpu_seconds,
)
from tilematch.benchmarks.services import Postgres, Redis

#: A child that starts a grandchild burning CPU, waits for it, then sleeps.
_BURN = (
    "import subprocess, sys, time;"
    "subprocess.run([sys.executable, '-c', 'import time\\nt=time.process_time()\\n"
    "while time.process_time() - t < 0.4: pass']);"
    "print('ready', flush=True); time.sleep(30)"
)


def test_tree_cpu_counts_the_children_a_process_has_reaped() -> None:
    child = subprocess.Popen([sys.executable, "-c", _BURN], stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None and child.stdout.readline() == "ready\n"
        own = cpu_seconds(child.pid)
        tree = tree_cpu_seconds(child.pid)
        assert own is not None and tree is not None
        assert tree - own >= 0.35  # the grandchild's 0.4 s, reaped by the child
        assert child.pid in descendants(os.getpid())
        assert tree_cpu_seconds(os.getpid()) >= tree  # type: ignore[operator]
    finally:
        child.kill()
        child.wait()
        assert child.stdout is not None
        child.stdout.close()
    assert cpu_seconds(child.pid) is None and tree_cpu_seconds(child.pid) is None
    assert cpu_seconds(None) is None and tree_cpu_seconds(None) is None


def test_pinned_moves_this_process_and_restores_its_cores() -> None:
    before = os.sched_getaffinity(0)
    one = {min(before)}
    with pinned(one):
        assert os.sched_getaffinity(0) == one
        child = subprocess.run(
            [sys.executable, "-c", "import os; print(sorted(os.sched_getaffinity(0)))"],
            capture_output=True,
            text=True,
            check=True,
        )
        assert child.stdout.strip() == str(sorted(one))  # inherited
    assert os.sched_getaffinity(0) == before
    with pinned(None):
        assert os.sched_getaffinity(0) == before
    assert describe_cores(({0}, {1})) == "servers pinned to core 0, load client to core 1"
    assert describe_cores(None).startswith("not pinned")


def test_the_balancer_sends_each_request_to_the_next_server() -> None:
    balancer = Balancer(["http://127.0.0.1:1", "http://127.0.0.1:2"])
    assert [balancer.next() for _ in range(5)] == [0, 1, 0, 1, 0]
    channel = balancer.channel()
    assert [c.port for c in channel.connections] == [1, 2]
    with pytest.raises(ValueError, match="at least one server"):
        Balancer([])


async def _hits(sticky: bool, players: int, requests: int) -> list[list[int]]:
    """Requests each of two tiny HTTP servers received from each player."""
    hits = [[0] * players for _ in range(2)]

    def responder(index: int) -> Callable[..., Awaitable[None]]:
        async def answer(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            with contextlib.suppress(asyncio.IncompleteReadError, ConnectionError):
                while head := await reader.readuntil(b"\r\n\r\n"):
                    player = int(head.split(b"/p")[1].split(b" ")[0])
                    hits[index][player] += 1
                    writer.write(b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}")
                    await writer.drain()
            writer.close()

        return lambda r, w: answer(r, w)

    servers = [await asyncio.start_server(responder(i), "127.0.0.1", 0) for i in range(2)]
    urls = [f"http://127.0.0.1:{s.sockets[0].getsockname()[1]}" for s in servers]
    balancer = Balancer(urls, sticky=sticky)
    channels = [balancer.channel() for _ in range(players)]
    for _ in range(requests):
        for player, channel in enumerate(channels):
            assert (await channel.request("GET", f"/p{player}")).json() == {}
    for channel in channels:
        await channel.close()
    for server in servers:
        server.close()
    return hits


def test_round_robin_spreads_one_players_requests_and_sticky_keeps_them() -> None:
    spread = asyncio.run(_hits(sticky=False, players=3, requests=4))
    # 12 requests in turn: each player's requests alternate between the servers
    assert [sum(server) for server in spread] == [6, 6]
    assert all(spread[0][p] and spread[1][p] for p in range(3))
    kept = asyncio.run(_hits(sticky=True, players=3, requests=4))
    assert kept == [[4, 0, 4], [0, 4, 0]]


def test_postgres_and_redis_run_in_their_own_folders_and_leave_nothing() -> None:
    with Postgres() as postgres, Redis() as redis:
        postgres.start()
        redis.start()
        roots = [Path(postgres.root), Path(redis.root)]
        with postgres.connect() as conn:
            assert conn.execute("SHOW synchronous_commit").fetchone() == ("on",)
            assert conn.execute("SHOW fsync").fetchone() == ("on",)
            assert conn.execute("SELECT current_database()").fetchone() == ("tilematch",)
        import redis as redis_py

        client = redis_py.Redis.from_url(redis.url)
        try:
            assert client.config_get("appendonly") == {"appendonly": "yes"}
        finally:
            client.close()
        assert tree_cpu_seconds(postgres.pid) is not None
        pids = [postgres.pid, redis.pid]
    assert not any(root.exists() for root in roots)
    assert all(cpu_seconds(pid) is None for pid in pids)
