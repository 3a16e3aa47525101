"""PostgreSQL and Redis servers of their own, from the system's packages, for the
load benchmarks and the tests.

Each runs from a temporary folder on a free loopback port and is removed, with
its folder, by :meth:`Service.close` (or when the ``with`` block ends).
PostgreSQL refuses to run as root: under root it runs as ``nobody``. A missing
binary raises :class:`ServiceError` naming the package to install, never a
reason to skip a test (``scripts/test`` installs both packages).

By default a server runs the way a deployment would (PostgreSQL with ``fsync``
on, Redis with its append-only file flushed every second); the tests start
PostgreSQL with ``durable=False`` (no flushes: faster, and a crash of the
*machine* would lose data). :meth:`Service.kill` (kill -9), :meth:`Service.stop`
and :meth:`Service.start` let a test take a server down mid-game and bring it
back on the same port with the same data.
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
from types import TracebackType
from typing import Any, Self

from tilematch.benchmarks.machine import HOST, free_port

__all__ = ["DATABASE", "Postgres", "Redis", "ServiceError", "free_port"]

#: Seconds a server may take to accept connections.
START_SECONDS = 30.0
#: The database the benchmarks use on their PostgreSQL.
DATABASE = "tilematch"


class ServiceError(RuntimeError):
    """A backing server cannot be started; the message says why."""


class Service:
    """One backing server process in a temporary folder; ``pid`` is its main process."""

    name = "service"
    #: The signal that stops the server cleanly.
    stop_signal = signal.SIGTERM

    def __init__(self) -> None:
        self.root = Path(tempfile.mkdtemp(prefix=f"tilematch-{self.name}-"))
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def pid(self) -> int | None:
        """The server's main process id while it runs."""
        return self.process.pid if self.process is not None else None

    def _launch(self, command: list[str]) -> None:
        """Start ``command`` (its errors appended to ``server.log``) and wait until the
        server answers; raises :class:`ServiceError` when it exits or takes too long."""
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

    def kill(self) -> None:
        """Kill the server at once (SIGKILL), as a crash would; its data stays."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)
        self.process = None

    def stop(self) -> None:
        """Stop the server cleanly (then SIGKILL after 20 s); its data stays."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(self.stop_signal)
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

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()


def _postgres_binary(name: str) -> str:
    """The newest installed PostgreSQL's ``name`` program (Debian keeps them off PATH)."""
    versions = glob.glob(f"/usr/lib/postgresql/*/bin/{name}")
    versions.sort(key=lambda path: int(Path(path).parts[4]) if Path(path).parts[4].isdigit() else 0)
    found = versions[-1] if versions else shutil.which(name)
    if found is None:
        raise ServiceError(
            f"PostgreSQL's {name} is not installed (Debian: apt install postgresql;"
            " scripts/test installs it)"
        )
    return found


def _listening(port: int) -> bool:
    try:
        with socket.create_connection((HOST, port), timeout=0.2):
            return True
    except OSError:
        return False


class Postgres(Service):
    """A PostgreSQL cluster of its own, trusting local connections; ``database`` is
    created at the first start (``"postgres"``, which always exists, for none).

    ``synchronous_commit`` off lets a commit return before its log is on the
    disk; ``durable=False`` turns flushing off altogether (``fsync``,
    ``full_page_writes``), for tests. On (the default) is what a deployment that
    loses nothing runs.
    """

    name = "postgresql"
    stop_signal = signal.SIGINT  # fast shutdown: connections are ended, not waited for

    def __init__(
        self, *, synchronous_commit: bool = True, durable: bool = True, database: str = DATABASE
    ) -> None:
        super().__init__()
        self.synchronous_commit = synchronous_commit
        self.durable = durable
        self.database = database
        self.data = self.root / "data"
        self.sockets = self.root / "run"  # the server's lock and socket files
        self._as_nobody = os.geteuid() == 0
        self._made = False
        self._count = 0
        os.chmod(self.root, 0o755)
        for folder in (self.data, self.sockets):
            folder.mkdir(mode=0o700)
            if self._as_nobody:
                shutil.chown(folder, "nobody", "nogroup")

    @property
    def url(self) -> str:
        """The ``postgresql://`` URL of :attr:`database`."""
        return self.url_of(self.database)

    def url_of(self, database: str) -> str:
        """The URL of one database of this server."""
        return f"postgresql://postgres@{HOST}:{self.port}/{database}"

    def _user(self) -> list[str]:
        if not self._as_nobody:
            return []
        return ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"]

    def _initdb(self) -> None:
        initdb = [_postgres_binary("initdb"), "-D", str(self.data), "-U", "postgres"]
        initdb += ["--auth=trust", "-E", "UTF8", "--no-locale"]
        if not self.durable:
            initdb.append("--no-sync")
        done = subprocess.run(self._user() + initdb, capture_output=True, cwd=self.root)
        if done.returncode != 0:
            raise ServiceError(f"initdb failed: {done.stderr.decode(errors='replace').strip()}")

    def start(self) -> Self:
        """Start the server (the first time: create the cluster and :attr:`database`;
        again: on the same port and data) and wait until it answers; returns self.

        Raises :class:`ServiceError` when PostgreSQL is missing or does not start."""
        if not self._made:
            self._initdb()
        settings = {
            "listen_addresses": HOST,
            "port": str(self.port),
            "unix_socket_directories": str(self.sockets),
            "max_connections": "400",
            "synchronous_commit": "on" if self.synchronous_commit else "off",
            "logging_collector": "off",
        }
        if not self.durable:
            settings |= {"fsync": "off", "full_page_writes": "off"}
        command = [*self._user(), _postgres_binary("postgres"), "-D", str(self.data)]
        for key, value in settings.items():
            command += ["-c", f"{key}={value}"]
        self._launch(command)
        if not self._made and self.database != "postgres":
            with self.connect("postgres") as conn:
                conn.execute(f'CREATE DATABASE "{self.database}"')
        self._made = True
        return self

    def connect(self, database: str | None = None) -> Any:
        """A psycopg connection (autocommit) to ``database`` (:attr:`database` unless
        given) of this server.

        Raises :class:`ServiceError` when psycopg is missing, and psycopg's own
        ``OperationalError`` when the server does not answer."""
        try:
            import psycopg
        except ImportError:
            raise ServiceError("psycopg is not installed: pip install 'tilematch[scale]'") from None
        url = self.url_of(database or self.database)
        return psycopg.connect(url, autocommit=True, connect_timeout=2)

    def new_database(self) -> str:
        """A new, empty database; returns its URL."""
        self._count += 1
        name = f"t{os.getpid()}_{self._count}"
        with self.connect("postgres") as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url_of(name)

    def _ready(self) -> bool:
        try:
            with self.connect("postgres"):
                return True
        except ServiceError:
            raise
        except Exception:  # psycopg.OperationalError while it starts
            return False

    def kill(self) -> None:
        """Kill the postmaster at once (SIGKILL), as a crash would, and wait until its
        backends are gone too (they notice and exit), so that it can start again."""
        backends = _children(self.pid) if self.pid is not None else []
        super().kill()
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and (
            _listening(self.port) or any(_alive(pid) for pid in backends)
        ):
            time.sleep(0.05)


def _children(pid: int) -> list[int]:
    """The child processes of ``pid`` (empty when they cannot be read)."""
    try:
        return [int(n) for n in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except (OSError, ValueError):
        return []


def _alive(pid: int) -> bool:
    """Whether process ``pid`` still runs (a zombie does not)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


class Redis(Service):
    """A Redis server of its own with an append-only file flushed every second."""

    name = "redis"

    @property
    def url(self) -> str:
        """The ``redis://`` URL of database 0."""
        return f"redis://{HOST}:{self.port}/0"

    def start(self) -> Self:
        """Start the server (again: on the same port and data) and wait until it
        answers; returns self. Raises :class:`ServiceError` when redis-server is
        missing or does not start."""
        binary = shutil.which("redis-server")
        if binary is None:
            raise ServiceError(
                "redis-server is not installed (Debian: apt install redis-server;"
                " scripts/test installs it)"
            )
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

    def flush(self) -> None:
        """Remove every key (between tests)."""
        with socket.create_connection((HOST, self.port), timeout=5) as sock:
            sock.sendall(b"FLUSHALL\r\n")
            if not sock.recv(16).startswith(b"+OK"):
                raise ServiceError("Redis did not flush its keys")
