"""Bounds on slow clients: time to send a request, open connections, open files.

uvicorn closes a keep-alive connection that stays idle (``timeout_keep_alive``) but
waits without end for a request that has begun: a client that sends its headers a
byte at a time, or announces a body and never finishes it, holds a connection and a
file descriptor for as long as it likes, and a thousand of them use up a process's
open files. :class:`BoundedHttpTools` is uvicorn's ``httptools`` protocol with two
deadlines and a bound on connections:

* a request's headers must arrive within ``header_timeout`` seconds of its first
  byte (or of the connection, for a client that sends nothing): else the server
  answers ``408`` and closes the connection;
* its body within ``body_timeout`` seconds of its headers: else the connection is
  closed (the request is dropped, nothing of it is done);
* a request line and headers over :data:`MAX_HEAD_BYTES` are answered ``431`` and the
  connection is closed (the parser itself keeps no limit);
* beyond ``max_connections`` open connections a new one is closed at once, before
  it costs anything more (uvicorn's ``limit_concurrency`` answers ``503`` just below).

The deadlines are absolute: trickling bytes does not extend them. Websockets are
bounded until their handshake is read, then by their ping (uvicorn's
``ws_ping_interval`` and ``ws_ping_timeout``).

:func:`raise_open_files` lifts the soft open-file limit to the hard one at start, and
:func:`connection_bound` sizes ``max_connections`` from it.
"""

from __future__ import annotations

import asyncio
import resource
from dataclasses import dataclass

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

#: Open files kept for the rest of a process: its database connections (a pool of up
#: to 16), Redis, the listening sockets, the log, the page's files being sent.
RESERVED_FILES = 128
#: Largest open-file limit asked for when the hard limit is unlimited.
FILES_WANTED = 1 << 20
#: Most connections one process is sized for, whatever its open-file limit.
MOST_CONNECTIONS = 100_000
#: Longest request line and headers together (bytes).
MAX_HEAD_BYTES = 32 * 1024
_TOO_LARGE_RESPONSE = (
    b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-type: text/plain; charset=utf-8"
    b"\r\ncontent-length: 33\r\nconnection: close\r\n\r\nThe request headers are too large"
)
_TIMEOUT_RESPONSE = (
    b"HTTP/1.1 408 Request Timeout\r\ncontent-type: text/plain; charset=utf-8\r\n"
    b"content-length: 47\r\nconnection: close\r\n\r\n"
    b"The request was not sent in time; it was closed"
)


@dataclass(frozen=True)
class Bounds:
    """The deadlines (seconds) and the connection bound of :class:`BoundedHttpTools`."""

    header_timeout: float
    body_timeout: float
    max_connections: int


def raise_open_files() -> int:
    """Raise this process's soft limit of open files to its hard limit (children and
    workers inherit it); returns the soft limit now in force."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = FILES_WANTED if hard == resource.RLIM_INFINITY else hard
    if soft != resource.RLIM_INFINITY and soft < wanted:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
        except (ValueError, OSError):
            pass  # the system refused: keep what there is
    return FILES_WANTED if soft == resource.RLIM_INFINITY else soft


def connection_bound(wanted: int | None, open_files: int) -> int:
    """The open connections a process with ``open_files`` may keep: ``wanted``, or when
    ``None`` all its files but :data:`RESERVED_FILES` (at most :data:`MOST_CONNECTIONS`).

    Raises ``ValueError`` when ``wanted`` needs more files than the limit allows, or
    the limit leaves fewer than 16 connections.
    """
    room = open_files - RESERVED_FILES
    if wanted is None:
        if room < 16:
            raise ValueError(
                f"the open-file limit is {open_files} (ulimit -n): at least "
                f"{RESERVED_FILES + 16} are needed"
            )
        return min(room, MOST_CONNECTIONS)
    if wanted > room:
        raise ValueError(
            f"TILEMATCH_MAX_CONNECTIONS={wanted} needs an open-file limit of at least "
            f"{wanted + RESERVED_FILES}, and it is {open_files} (ulimit -n)"
        )
    return wanted


def bounds_from_env() -> Bounds:
    """The bounds of this process from its settings (the environment, where
    ``tilematch serve`` leaves them for its workers); the open-file limit is raised."""
    from tilematch.server.settings import Settings

    settings = Settings.from_env()
    connections = connection_bound(settings.max_connections, raise_open_files())
    return Bounds(settings.header_timeout, settings.body_timeout, connections)


class BoundedHttpTools(HttpToolsProtocol):
    """uvicorn's ``httptools`` protocol with the deadlines and the connection bound of
    :class:`Bounds` (see the module docs). ``tilematch serve`` passes it as ``http=``."""

    bounds: Bounds | None = None  # set by the server, else read from the environment

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        if type(self).bounds is None:
            type(self).bounds = bounds_from_env()
        self._bounds: Bounds = type(self).bounds  # type: ignore[assignment]
        self._deadline: asyncio.TimerHandle | None = None
        self._head = 0  # bytes of the request line and headers so far
        self._refused = False  # answered 431: the parser's own 400 is not sent

    class HeadTooLarge(Exception):
        """Raised inside the parser to stop a request whose head is too large."""

    def _count(self, size: int) -> None:
        self._head += size
        if self._head > MAX_HEAD_BYTES and not self._refused:
            self._refused = True
            self._disarm()
            self.transport.write(_TOO_LARGE_RESPONSE)
            self.transport.close()
            raise self.HeadTooLarge

    def on_url(self, url: bytes) -> None:
        self._count(len(url))
        super().on_url(url)

    def on_header(self, name: bytes, value: bytes) -> None:
        self._count(len(name) + len(value) + 4)
        super().on_header(name, value)

    def send_400_response(self, msg: str) -> None:
        if not self._refused:
            super().send_400_response(msg)

    def data_received(self, data: bytes) -> None:
        if not self._refused:
            super().data_received(data)

    def _arm(self, seconds: float, late: str) -> None:
        self._disarm()
        handler = self._headers_late if late == "headers" else self._body_late
        self._deadline = self.loop.call_later(seconds, handler)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        if len(self.connections) > self._bounds.max_connections:
            self.connections.discard(self)
            transport.abort()
            return
        self._arm(self._bounds.header_timeout, "headers")

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._head = 0
        if self._deadline is None:
            self._arm(self._bounds.header_timeout, "headers")

    def on_headers_complete(self) -> None:
        self._disarm()
        super().on_headers_complete()
        if not (self.parser.should_upgrade() and self._should_upgrade()):
            self._arm(self._bounds.body_timeout, "body")

    def on_message_complete(self) -> None:
        self._disarm()
        super().on_message_complete()

    def handle_websocket_upgrade(self) -> None:
        self._disarm()
        super().handle_websocket_upgrade()

    def _headers_late(self) -> None:
        self._deadline = None
        if self.transport.is_closing():
            return
        if self.cycle is None or self.cycle.response_complete:
            self.transport.write(_TIMEOUT_RESPONSE)
        self.transport.close()

    def _body_late(self) -> None:
        self._deadline = None
        if not self.transport.is_closing():
            self.transport.abort()
