"""What the load benchmarks read from the machine, and the servers they start."""

from __future__ import annotations

import os
import subprocess
import sys
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
