"""Real PostgreSQL and Redis servers for the tests, from Debian's packages.

Each server runs from a temporary folder on a free loopback port and is
stopped (and its folder removed) when the test session ends. PostgreSQL
refuses to run as root, so under root it runs as ``nobody``. A missing server
binary is an error, never a skip: ``scripts/test`` installs both packages.

``kill()`` and ``start()`` let a test take a server down mid-game (kill -9)
and bring it back on the same port with the same data.
"""

from __future__ import annotations

import glob
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

__all__ = ["PostgresServer", "RedisServer", "free_port"]

#: How long a server may take to accept connections after it was started.
START_SECONDS = 30.0


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on (at the time of asking)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _listening(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.2):
            return True
    except OSError:
        return False


def _postgres_bin(name: str) -> str:
    found = sorted(
        glob.glob(f"/usr/lib/postgresql/*/bin/{name}"),
        key=lambda p: int(p.split("/")[4]) if p.split("/")[4].isdigit() else 0,
    )
    if found:
        return found[-1]
    on_path = shutil.which(name)
    if on_path:
        return on_path
    raise RuntimeError(
        f"PostgreSQL's {name} is not installed: run scripts/test (it installs Debian's postgresql)"
    )


class PostgresServer:
    """A PostgreSQL cluster of its own, trusting local connections, for one test session."""

    def __init__(self) -> None:
        self.root = Path(tempfile.mkdtemp(prefix="tilematch-pg-"))
        self.data = self.root / "data"
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None
        self._count = 0
        self._as_nobody = os.geteuid() == 0
        os.chmod(self.root, 0o755)
        self.data.mkdir(mode=0o700)
        self.sockets = self.root / "run"  # the server's lock and socket files
        self.sockets.mkdir(mode=0o700)
        self._log: Any = None
        if self._as_nobody:
            shutil.chown(self.data, "nobody", "nogroup")
            shutil.chown(self.sockets, "nobody", "nogroup")
        self._run(
            [
                _postgres_bin("initdb"),
                "-D",
                str(self.data),
                "-U",
                "postgres",
                "--auth=trust",
                "-E",
                "UTF8",
                "--no-locale",
                "--no-sync",
            ]
        )

    def _prefix(self) -> list[str]:
        if not self._as_nobody:
            return []
        return ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"]

    def _run(self, command: list[str]) -> None:
        done = subprocess.run(
            self._prefix() + command, capture_output=True, cwd=self.root, check=False
        )
        if done.returncode != 0:
            raise RuntimeError(
                f"{command[0]} failed: {done.stderr.decode(errors='replace').strip()}"
            )

    @property
    def url(self) -> str:
        """The URL of the ``postgres`` database (the one to create others from)."""
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def url_of(self, database: str) -> str:
        """The URL of one database of this server."""
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def start(self) -> PostgresServer:
        """Start the server (again, on the same port and data) and wait until it answers."""
        if self._log is not None:
            self._log.close()
        self._log = open(self.root / "server.log", "ab")  # noqa: SIM115 (the server keeps it)
        self.process = subprocess.Popen(
            [
                *self._prefix(),
                _postgres_bin("postgres"),
                "-D",
                str(self.data),
                "-h",
                "127.0.0.1",
                "-p",
                str(self.port),
                "-k",
                str(self.sockets),
                "-c",
                "fsync=off",
                "-c",
                "full_page_writes=off",
                "-c",
                "max_connections=400",
                "-c",
                "logging_collector=off",
            ],
            stdout=subprocess.DEVNULL,
            stderr=self._log,
            cwd=self.root,
        )
        self._wait()
        return self

    def _wait(self) -> None:
        import psycopg

        deadline = time.monotonic() + START_SECONDS
        while True:
            if self.process is not None and self.process.poll() is not None:
                log = (self.root / "server.log").read_text(errors="replace")[-2000:]
                raise RuntimeError(f"PostgreSQL exited at start:\n{log}")
            try:
                with psycopg.connect(self.url, connect_timeout=1):
                    return
            except psycopg.OperationalError:
                if time.monotonic() > deadline:
                    raise RuntimeError("PostgreSQL did not accept connections in time") from None
                time.sleep(0.05)

    def new_database(self) -> str:
        """A new, empty database; returns its URL."""
        import psycopg

        self._count += 1
        name = f"t{os.getpid()}_{self._count}"
        with psycopg.connect(self.url, autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url_of(name)

    def kill(self) -> None:
        """Kill the server at once (SIGKILL to the postmaster), as a crash would."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)
            # the backends notice the postmaster is gone and exit; wait for the port
            deadline = time.monotonic() + 10
            while _listening(self.port) and time.monotonic() < deadline:
                time.sleep(0.05)
            pid_file = self.data / "postmaster.pid"
            deadline = time.monotonic() + 10
            while pid_file.exists() and time.monotonic() < deadline:
                try:
                    pid = int(pid_file.read_text().split()[0])
                    os.kill(pid, 0)
                except (OSError, ValueError, IndexError):
                    break
                time.sleep(0.05)

    def stop(self) -> None:
        """Stop the server (fast shutdown)."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
        self.process = None

    def close(self) -> None:
        """Stop the server and remove its folder."""
        self.stop()
        if self._log is not None:
            self._log.close()
        shutil.rmtree(self.root, ignore_errors=True)


class RedisServer:
    """A Redis server of its own with an append-only file, for one test session."""

    def __init__(self) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            raise RuntimeError(
                "redis-server is not installed: run scripts/test (it installs Debian's "
                "redis-server)"
            )
        self.binary = binary
        self.root = Path(tempfile.mkdtemp(prefix="tilematch-redis-"))
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        """The URL of database 0."""
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> RedisServer:
        """Start the server (again, on the same port and data) and wait until it answers."""
        self.process = subprocess.Popen(
            [
                self.binary,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--dir",
                str(self.root),
                "--appendonly",
                "yes",
                "--appendfsync",
                "everysec",
                "--save",
                "",
                "--protected-mode",
                "no",
                "--logfile",
                str(self.root / "server.log"),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            cwd=self.root,
        )
        self._wait()
        return self

    def _wait(self) -> None:
        import redis

        deadline = time.monotonic() + START_SECONDS
        while True:
            if self.process is not None and self.process.poll() is not None:
                raise RuntimeError("redis-server exited at start")
            try:
                client: Any = redis.Redis.from_url(self.url, socket_timeout=1)
                try:
                    client.ping()
                    return
                finally:
                    client.close()
            except redis.RedisError:
                if time.monotonic() > deadline:
                    raise RuntimeError("Redis did not accept connections in time") from None
                time.sleep(0.05)

    def flush(self) -> None:
        """Remove every key (between tests)."""
        import redis

        client: Any = redis.Redis.from_url(self.url)
        try:
            client.flushall()
        finally:
            client.close()

    def kill(self) -> None:
        """Kill the server at once (SIGKILL)."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)
        self.process = None

    def stop(self) -> None:
        """Stop the server cleanly (it writes its append-only file first)."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
        self.process = None

    def close(self) -> None:
        """Stop the server and remove its folder."""
        self.stop()
        shutil.rmtree(self.root, ignore_errors=True)
