"""Real ``tilematch serve`` processes for the tests that need more than one server.

:class:`ServeProcess` runs ``tilematch serve`` as a child process on a free
loopback port with the given database and Redis, waits until ``/api/ping``
answers, and can be stopped cleanly (SIGTERM), killed (SIGKILL, as a crash
would) and started again on the same port.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx

from tilematch.benchmarks.services import free_port

__all__ = ["ServeProcess"]

#: Limits raised so that tests may create players and games quickly.
FAST_LIMITS = {
    "TILEMATCH_RATE_REQUESTS": "100000",
    "TILEMATCH_RATE_CREATE": "100000",
    "TILEMATCH_RATE_PLAYERS": "100000",
    "TILEMATCH_RATE_JOINS": "100000",
}


class ServeProcess:
    """One ``tilematch serve`` child process; ``url`` and ``ws_url`` are its addresses.

    ``db`` is a SQLite path or a ``postgresql://`` URL, ``redis`` a Redis URL or
    ``None``; ``env`` adds or overrides environment variables; ``args`` adds
    command-line arguments (``["--workers", "2"]``).
    """

    def __init__(
        self,
        db: str | Path,
        *,
        redis: str | None = None,
        env: dict[str, str] | None = None,
        args: list[str] | None = None,
        log: Path | None = None,
    ) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.ws_url = f"ws://127.0.0.1:{self.port}"
        self.env = {**os.environ, **FAST_LIMITS, "TILEMATCH_DB": str(db)}
        self.env.pop("TILEMATCH_REDIS", None)
        if redis is not None:
            self.env["TILEMATCH_REDIS"] = redis
        self.env.update(env or {})
        self.args = list(args or [])
        self.log = log
        self.process: subprocess.Popen[bytes] | None = None
        self._out: Any = None

    def start(self, *, wait: bool = True) -> ServeProcess:
        """Start the process (again, on the same port); with ``wait``, until it answers.

        Raises ``RuntimeError`` with the process's output when it exits or does not
        answer within 30 s.
        """
        command = [
            sys.executable,
            "-c",
            "import sys; from tilematch.cli import main; sys.exit(main())",
            "serve",
            "--port",
            str(self.port),
            "--log-level",
            "warning",
            *self.args,
        ]
        if self._out is not None and self._out is not subprocess.DEVNULL:
            self._out.close()
        self._out = open(self.log, "ab") if self.log else subprocess.DEVNULL  # noqa: SIM115
        self.process = subprocess.Popen(
            command, env=self.env, stdout=self._out, stderr=subprocess.STDOUT
        )
        if wait:
            self.wait_ready()
        return self

    def wait_ready(self, seconds: float = 30.0) -> None:
        """Wait until ``/api/ping`` answers 200."""
        deadline = time.monotonic() + seconds
        while True:
            if self.process is not None and self.process.poll() is not None:
                raise RuntimeError(f"tilematch serve exited with {self.process.returncode}")
            try:
                if httpx.get(self.url + "/api/ping", timeout=1.0).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("tilematch serve did not answer in time")
            time.sleep(0.05)

    @property
    def alive(self) -> bool:
        """Whether the process is running."""
        return self.process is not None and self.process.poll() is None

    def kill(self) -> None:
        """SIGKILL: the process dies at once, as in a crash."""
        if self.alive:
            assert self.process is not None
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)

    def stop(self, seconds: float = 20.0) -> int | None:
        """SIGTERM and wait (a clean shutdown); returns the exit code."""
        if self.alive:
            assert self.process is not None
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(seconds)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
        return self.process.returncode if self.process is not None else None

    def close(self) -> None:
        """Stop the process if it runs and close its log."""
        self.stop()
        if self._out is not None and self._out is not subprocess.DEVNULL:
            self._out.close()
        self._out = None
