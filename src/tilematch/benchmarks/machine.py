"""The machine a benchmark runs on: loopback ports, cores, CPU time of processes, load.

The load benchmarks read CPU time from Linux's ``/proc`` and pin processes to
cores with ``os.sched_setaffinity``; where the system offers neither, the
functions here answer ``None`` and the benchmark says so in its output.
"""

from __future__ import annotations

import contextlib
import os
import socket
from collections.abc import Iterator

HOST = "127.0.0.1"


def free_port() -> int:
    """An unused TCP port on the loopback interface (at the time of asking)."""
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        port: int = probe.getsockname()[1]
        return port


def _stat(pid: int) -> list[str] | None:
    """The fields of ``/proc/<pid>/stat`` after the command name (field 3 onwards)."""
    try:
        with open(f"/proc/{pid}/stat") as handle:
            return handle.read().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None


def cpu_seconds(pid: int | None) -> float | None:
    """User + system CPU seconds used so far by process ``pid`` (all its threads), or
    ``None`` where unknown (no ``/proc``, no such process)."""
    if pid is None:
        return None
    fields = _stat(pid)
    if fields is None:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def descendants(pid: int) -> set[int]:
    """The processes below ``pid`` (children, their children, ...) now alive."""
    children: dict[int, list[int]] = {}
    with contextlib.suppress(OSError):
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                fields = _stat(int(entry))
                if fields is not None:
                    children.setdefault(int(fields[1]), []).append(int(entry))
    found: set[int] = set()
    todo = [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def tree_cpu_seconds(pid: int | None) -> float | None:
    """CPU seconds of process ``pid`` and every process below it, including the
    children they have already reaped (so a worker or a database backend that
    ended is still counted, and nothing twice); ``None`` where unknown."""
    if pid is None or _stat(pid) is None:
        return None
    total = 0
    for member in {pid} | descendants(pid):
        fields = _stat(member)
        if fields is not None:
            total += sum(int(value) for value in fields[11:15])  # utime stime cutime cstime
    return total / os.sysconf("SC_CLK_TCK")


def split_cores() -> tuple[set[int], set[int]] | None:
    """``(server cores, client cores)``: the first usable core for the servers and the
    rest for the load client; ``None`` where pinning is unavailable or only one core
    is usable."""
    getter = getattr(os, "sched_getaffinity", None)
    if getter is None or not hasattr(os, "sched_setaffinity"):
        return None
    cores = sorted(getter(0))
    if len(cores) < 2:
        return None
    return {cores[0]}, set(cores[1:])


@contextlib.contextmanager
def pinned(cores: set[int] | None) -> Iterator[None]:
    """Run this process on ``cores`` inside the block (nothing changes for ``None``).

    Processes started inside the block inherit the cores, with every thread and
    child process they start later."""
    if not cores:
        yield
        return
    before = os.sched_getaffinity(0)
    os.sched_setaffinity(0, cores)
    try:
        yield
    finally:
        os.sched_setaffinity(0, before)


def describe_cores(split: tuple[set[int], set[int]] | None) -> str:
    """One line saying where the servers and the load client run."""
    if split is None:
        return "not pinned: servers and load client share every core"
    servers, client = (",".join(str(c) for c in sorted(cores)) for cores in split)
    return f"servers pinned to core {servers}, load client to core {client}"


def load_average() -> tuple[float, float, float] | None:
    """The machine's 1, 5 and 15 minute load averages, where the system tells them."""
    try:
        return os.getloadavg()
    except (AttributeError, OSError):
        return None
