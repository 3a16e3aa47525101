"""PostgreSQL and Redis for the load benchmarks, from the system's packages.

Each runs from a temporary folder on a free loopback port, is configured the
way a deployment would run it (PostgreSQL with ``fsync`` on, Redis with its
append-only file flushed every second) and is stopped, its folder removed,
when the ``with`` block ends. PostgreSQL refuses to run as root: under root it
runs as ``nobody``. A missing binary raises :class:`ServiceError` naming the
package to install.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path
from types import TracebackType
from typing import Any, Self

from tilematch.benchmarks.machine import HOST, free_port

#: Seconds a server may take to accept connections.
START_SECONDS = 30.0
#: The database the servers use on the benchmark's PostgreSQL.
DATABASE = "tilematch"


class ServiceError(RuntimeError):
    """A backing server cannot be started; the message says why."""


class Service:
    """One backing server process in a temporary folder; ``pid`` is its main process."""

    name = "service"

    def __init__(self) -> None:
        self.root = Path(tempfile.mkdtemp(prefix=f"tilematch-bench-{self.name}-"))
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def pid(self) -> int | None:
        """The server's main process id while it runs."""
        return self.process.pid if self.process is not None else None

    def _launch(self, command: list[str]) -> None:
        log = open(self.root / "server.log", "ab")  # noqa: SIM115 (the child keeps it)
        with log:
            self.process = subprocess.Popen(
                command, stdout=subprocess.DEVNULL, stderr=log, cwd=self.root
            )
        deadline = time.monotonic() + START_SECONDS
        while not self._ready():
            if self.process.poll() is not None:
                tail = (self.root / "server.log").read_text(errors="replace")[-1500:]
                raise ServiceError(f"{self.name} exited at start:\n{tail}")
            if time.monotonic() > deadline:
                raise ServiceError(f"{self.name} did not accept connections in time")
            time.sleep(0.05)

    def _ready(self) -> bool:
        raise NotImplementedError

    def stop(self) -> None:
        """Stop the server (SIGTERM, then SIGKILL after 20 s) and remove its folder."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
        self.process = None
        shutil.rmtree(self.root, ignore_errors=True)

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.stop()


def _postgres_binary(name: str) -> str:
    """The newest installed PostgreSQL's ``name`` program (Debian keeps them off PATH)."""
    versions = glob.glob(f"/usr/lib/postgresql/*/bin/{name}")
    versions.sort(key=lambda path: int(Path(path).parts[4]) if Path(path).parts[4].isdigit() else 0)
    found = versions[-1] if versions else shutil.which(name)
    if found is None:
        raise ServiceError(f"PostgreSQL's {name} is not installed (Debian: apt install postgresql)")
    return found


class Postgres(Service):
    """A PostgreSQL cluster of its own with one empty database, :data:`DATABASE`.

    ``synchronous_commit`` off lets a commit return before its log is on the
    disk (faster, and a crash of the machine may lose the last commits);
    on (the default) is what a deployment that loses nothing runs.
    """

    name = "postgresql"

    def __init__(self, *, synchronous_commit: bool = True) -> None:
        super().__init__()
        self.synchronous_commit = synchronous_commit
        self.data = self.root / "data"
        self.sockets = self.root / "run"
        self._as_nobody = os.geteuid() == 0
        os.chmod(self.root, 0o755)
        for folder in (self.data, self.sockets):
            folder.mkdir(mode=0o700)
            if self._as_nobody:
                shutil.chown(folder, "nobody", "nogroup")

    @property
    def url(self) -> str:
        """The ``postgresql://`` URL of the benchmark's database."""
        return f"postgresql://postgres@{HOST}:{self.port}/{DATABASE}"

    def _user(self) -> list[str]:
        if not self._as_nobody:
            return []
        return ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"]

    def start(self) -> Self:
        """Create the cluster, start the server and create the database; returns self.

        Raises :class:`ServiceError` when PostgreSQL is missing or does not start."""
        initdb = [_postgres_binary("initdb"), "-D", str(self.data), "-U", "postgres"]
        initdb += ["--auth=trust", "-E", "UTF8", "--no-locale"]
        done = subprocess.run(self._user() + initdb, capture_output=True, cwd=self.root)
        if done.returncode != 0:
            raise ServiceError(f"initdb failed: {done.stderr.decode(errors='replace').strip()}")
        settings = {
            "listen_addresses": HOST,
            "port": str(self.port),
            "unix_socket_directories": str(self.sockets),
            "max_connections": "300",
            "synchronous_commit": "on" if self.synchronous_commit else "off",
            "logging_collector": "off",
        }
        command = [*self._user(), _postgres_binary("postgres"), "-D", str(self.data)]
        for key, value in settings.items():
            command += ["-c", f"{key}={value}"]
        self._launch(command)
        with self.connect("postgres") as conn:
            conn.execute(f'CREATE DATABASE "{DATABASE}"')
        return self

    def connect(self, database: str = DATABASE) -> Any:
        """A psycopg connection (autocommit) to ``database`` of this server.

        Raises :class:`ServiceError` when psycopg is missing, and psycopg's own
        ``OperationalError`` when the server does not answer."""
        try:
            import psycopg
        except ImportError:
            raise ServiceError("psycopg is not installed: pip install 'tilematch[scale]'") from None
        url = f"postgresql://postgres@{HOST}:{self.port}/{database}"
        return psycopg.connect(url, autocommit=True, connect_timeout=2)

    def _ready(self) -> bool:
        try:
            with self.connect("postgres"):
                return True
        except ServiceError:
            raise
        except Exception:  # psycopg.OperationalError while it starts
            return False


class Redis(Service):
    """A Redis server of its own with an append-only file flushed every second."""

    name = "redis"

    @property
    def url(self) -> str:
        """The ``redis://`` URL of database 0."""
        return f"redis://{HOST}:{self.port}/0"

    def start(self) -> Self:
        """Start the server; returns self. Raises :class:`ServiceError` when
        redis-server is missing or does not start."""
        binary = shutil.which("redis-server")
        if binary is None:
            raise ServiceError("redis-server is not installed (Debian: apt install redis-server)")
        self._launch(
            [
                binary,
                *("--bind", HOST, "--port", str(self.port), "--dir", str(self.root)),
                *("--appendonly", "yes", "--appendfsync", "everysec", "--save", ""),
                *("--protected-mode", "no", "--logfile", str(self.root / "server.log")),
            ]
        )
        return self

    def _ready(self) -> bool:
        try:
            with socket.create_connection((HOST, self.port), timeout=0.5) as sock:
                sock.sendall(b"PING\r\n")
                return sock.recv(16).startswith(b"+PONG")
        except OSError:
            return False
