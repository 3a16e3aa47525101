"""The system a load benchmark measures: ``tilematch serve`` processes on one database.

:class:`Cluster` starts, on loopback and in a temporary folder: the database
(a SQLite file, or a PostgreSQL server of its own), a Redis server when asked,
and N ``tilematch serve`` processes sharing them, each on its own port: what
many machines behind a load balancer run, on one machine. The servers are
configured only as a deployment configures them, through ``TILEMATCH_DB`` and
``TILEMATCH_REDIS``, so the benchmark runs unchanged whichever backend the
server is given.
"""

from __future__ import annotations

import os
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Self

from tilematch.benchmarks.machine import HOST, free_port, pinned, tree_cpu_seconds
from tilematch.benchmarks.services import Postgres, Redis, ServiceError

#: Limits raised so that simulated players are never refused (they are still counted).
BENCH_LIMITS = {
    "TILEMATCH_RATE_REQUESTS": "100000",
    "TILEMATCH_RATE_CREATE": "100000",
    "TILEMATCH_RATE_PLAYERS": "100000",
    "TILEMATCH_RATE_JOINS": "100000",
}
#: The databases a cluster can run on.
DATABASES = ("sqlite", "postgresql")
#: Seconds a ``tilematch serve`` process may take to answer after it was started.
START_SECONDS = 30.0


class ServerProcess:
    """One ``tilematch serve`` child process on a free loopback port.

    ``env`` is the environment it runs with (``TILEMATCH_DB`` and the rest),
    ``args`` extra command-line arguments; its output goes to ``log``.
    """

    def __init__(self, env: dict[str, str], log: Path, args: list[str] | None = None) -> None:
        self.env = env
        self.log = log
        self.args = list(args or [])
        self.port = free_port()
        self.url = f"http://{HOST}:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def pid(self) -> int | None:
        """The process id while it runs."""
        return self.process.pid if self.process is not None else None

    def start(self) -> Self:
        """Start the process and wait until it accepts connections; returns self.

        Raises :class:`ServiceError`, with the end of its output, when it exits or
        does not answer within :data:`START_SECONDS`."""
        command = [sys.executable, "-m", "tilematch.cli", "serve", "--host", HOST]
        command += ["--port", str(self.port), "--log-level", "warning", *self.args]
        with open(self.log, "ab") as out:
            self.process = subprocess.Popen(
                command, env=self.env, stdout=out, stderr=subprocess.STDOUT, cwd=self.log.parent
            )
        deadline = time.monotonic() + START_SECONDS
        while True:
            try:
                with socket.create_connection((HOST, self.port), timeout=0.2):
                    return self
            except OSError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    tail = self.log.read_text(errors="replace")[-1500:]
                    self.stop()
                    raise ServiceError(f"tilematch serve did not start:\n{tail}") from None
                time.sleep(0.05)

    def stop(self) -> None:
        """SIGTERM (a clean shutdown), then SIGKILL after 10 s."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)


@dataclass(frozen=True)
class Cpu:
    """CPU seconds (user + system) used so far by each part; ``None`` where unmeasured
    or not running."""

    servers: float | None
    postgresql: float | None = None
    redis: float | None = None

    def __sub__(self, before: Cpu) -> Cpu:
        def spent(now: float | None, then: float | None) -> float | None:
            return None if now is None or then is None else now - then

        return Cpu(
            spent(self.servers, before.servers),
            spent(self.postgresql, before.postgresql),
            spent(self.redis, before.redis),
        )


class Cluster:
    """``processes`` ``tilematch serve`` processes on one ``db`` (``"sqlite"`` or
    ``"postgresql"``), with a Redis server of their own when ``redis`` is true.

    Use it as a context manager: entering starts everything (inside
    ``cores``, which every process then inherits), leaving stops everything it
    started. ``urls`` are the servers' addresses; each server runs ``workers``
    worker processes (``tilematch serve --workers``). ``env`` adds environment
    variables for the servers (``TILEMATCH_SYNC``, say), ``args`` command-line
    arguments.
    """

    def __init__(
        self,
        db: str,
        processes: int,
        *,
        redis: bool = False,
        cores: set[int] | None = None,
        synchronous_commit: bool = True,
        workers: int = 1,
        env: dict[str, str] | None = None,
        args: list[str] | None = None,
    ) -> None:
        if db not in DATABASES:
            raise ValueError(f"unknown database {db!r} (one of {', '.join(DATABASES)})")
        if processes < 1 or workers < 1:
            raise ValueError("a cluster needs at least one server process and one worker")
        self.db, self.processes, self.redis = db, processes, redis
        self.cores = cores
        self.synchronous_commit = synchronous_commit
        self.extra_env = dict(env or {})
        self.workers = workers
        self.args = list(args or []) + (["--workers", str(workers)] if workers > 1 else [])
        self.servers: list[ServerProcess] = []
        self.postgres: Postgres | None = None
        self.redis_server: Redis | None = None
        self._stack = ExitStack()
        self.root = Path()
        self.sqlite_path = Path()

    @property
    def urls(self) -> list[str]:
        """The base URLs of the server processes."""
        return [server.url for server in self.servers]

    def describe(self) -> str:
        """What runs, in a few words (for the reports)."""
        parts = [f"{self.processes} x tilematch serve", self.db]
        if self.redis:
            parts.append("Redis")
        return " + ".join(parts)

    def __enter__(self) -> Self:
        try:
            self._start()
        except BaseException:
            self._stack.close()
            raise
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self._stack.close()

    def _start(self) -> None:
        self.root = Path(self._stack.enter_context(tempfile.TemporaryDirectory()))
        env = {**os.environ, **BENCH_LIMITS, **self.extra_env}
        env.pop("TILEMATCH_REDIS", None)
        with pinned(self.cores):
            if self.db == "postgresql":
                self.postgres = self._stack.enter_context(
                    Postgres(synchronous_commit=self.synchronous_commit)
                )
                self.postgres.start()
                env["TILEMATCH_DB"] = self.postgres.url
            else:
                self.sqlite_path = self.root / "load.sqlite3"
                env["TILEMATCH_DB"] = str(self.sqlite_path)
            if self.redis:
                self.redis_server = self._stack.enter_context(Redis())
                env["TILEMATCH_REDIS"] = self.redis_server.start().url
            for index in range(self.processes):
                # one after another: the first creates the tables, the others find them
                server = ServerProcess(env, self.root / f"serve-{index}.log", self.args)
                self._stack.callback(server.stop)
                self.servers.append(server.start())
        if self.postgres is not None:
            self._check_postgres()

    def _check_postgres(self) -> None:
        """Raise :class:`ServiceError` unless the servers keep their tables in PostgreSQL."""
        assert self.postgres is not None
        with self.postgres.connect() as conn:
            found = conn.execute("SELECT to_regclass('moves') IS NOT NULL").fetchone()[0]
        if not found:
            raise ServiceError(
                "tilematch serve started but created no tables in PostgreSQL: this "
                "tilematch does not take TILEMATCH_DB=postgresql://... (it made a SQLite "
                "file of that name instead)"
            )

    def cpu(self) -> Cpu:
        """CPU seconds used so far by the server processes (summed, with their worker
        processes), by PostgreSQL (every backend) and by Redis."""
        spent = [tree_cpu_seconds(server.pid) for server in self.servers]
        return Cpu(
            None if None in spent else sum(s for s in spent if s is not None),
            tree_cpu_seconds(self.postgres.pid) if self.postgres else None,
            tree_cpu_seconds(self.redis_server.pid) if self.redis_server else None,
        )

    def stored_moves(self) -> dict[str, int]:
        """How many moves the database holds for each game id (read from the database
        itself, not through a server)."""
        query = "SELECT game_id, COUNT(*) FROM moves GROUP BY game_id"
        if self.postgres is not None:
            with self.postgres.connect() as conn:
                return {str(game): int(n) for game, n in conn.execute(query).fetchall()}
        conn = sqlite3.connect(f"file:{self.sqlite_path}?mode=ro", uri=True)
        try:
            return {str(game): int(n) for game, n in conn.execute(query).fetchall()}
        finally:
            conn.close()

    def logged_errors(self) -> int:
        """Lines of the servers' output that report an error or a traceback."""
        count = 0
        for index in range(len(self.servers)):
            text = (self.root / f"serve-{index}.log").read_text(errors="replace")
            count += sum(1 for line in text.splitlines() if "ERROR" in line or "Traceback" in line)
        return count
