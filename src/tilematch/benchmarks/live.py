"""The real server on a free localhost port, and the browser that drives the page.

:class:`LiveServer` serves the app with uvicorn in a background thread, for
benchmarks and for the tests that need real sockets (websockets, a browser);
:data:`CHROMIUM` and :data:`CHROMIUM_ARGS` say which headless browser to launch
and how.
"""

from __future__ import annotations

import os
import socket
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Self

CHROMIUM = os.environ.get("TILEMATCH_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


class LiveServer:
    """The real app served by uvicorn on a free 127.0.0.1 port in a background thread.

    ``LiveServer(db_path).start()`` returns when the server answers; ``url`` is its
    base address (``ws_url`` for websockets); ``stop()`` shuts it down. Rate limits
    are raised so that tests and benchmarks may create many games quickly;
    ``settings`` overrides any other server setting (a test clock, say), and
    ``websockets=True`` serves the duel websockets too. ``app`` may be adjusted
    between construction and :meth:`start`.
    """

    def __init__(self, db_path: Path | str, *, websockets: bool = False, **settings: Any) -> None:
        import uvicorn

        from tilematch.server import create_app
        from tilematch.server.settings import Settings

        options: dict[str, Any] = {
            "create_per_minute": 60_000.0,
            "create_burst": 10_000,
            "requests_per_second": 10_000.0,
            "request_burst": 30_000,
            "players_per_minute": 60_000.0,
            "players_burst": 10_000,
            "joins_per_minute": 60_000.0,
            "joins_burst": 10_000,
            **settings,
        }
        self.settings = Settings(db_path=db_path, **options)
        self.app = create_app(self.settings)
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind(("127.0.0.1", 0))
        self.port: int = self.sock.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.ws_url = f"ws://127.0.0.1:{self.port}"
        ws = "websockets-sansio" if websockets else "none"
        config = uvicorn.Config(self.app, log_level="warning", ws=ws, lifespan="on")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(
            target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True
        )

    def start(self) -> Self:
        """Start serving; raises ``RuntimeError`` when the server does not come up."""
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the server did not start")
            time.sleep(0.02)
        return self

    def stop(self) -> None:
        """Shut the server down and wait for its thread."""
        self.server.should_exit = True
        self.thread.join(timeout=10)
        self.sock.close()


@contextmanager
def browser_on_live_server(name: str) -> Iterator[tuple[Any, str]]:
    """Yield headless Chromium (a Playwright ``Browser``) and the address of a
    :class:`LiveServer` on a new database ``name``.sqlite3 in a temporary folder;
    both are stopped on leaving. Raises when Playwright is missing."""
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        server = LiveServer(Path(tmp) / f"{name}.sqlite3").start()
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                try:
                    yield browser, server.url
                finally:
                    browser.close()
        finally:
            server.stop()
