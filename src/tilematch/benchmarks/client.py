"""The load client's HTTP: one keep-alive connection per player and server, round robin.

A minimal HTTP/1.1 client on asyncio streams: a general HTTP client library
costs several milliseconds of CPU per request, so at hundreds of requests per
second the client, not the server, would be what is measured. :class:`Balancer`
spreads requests over many server processes the way an HTTP load balancer
does, round robin per request, so one game's moves reach different processes.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
from typing import Any

#: Seconds a request may take before it counts as unanswered.
REQUEST_TIMEOUT = 30.0
#: A connection idle this long is opened afresh before the next request, as browsers
#: do: uvicorn closes idle connections after 5 s, and a request sent just as the server
#: closes would be lost on the way.
IDLE_SECONDS = 4.0


class Answer:
    """A response read by :class:`Connection`: status code and body."""

    def __init__(self, status_code: int, body: bytes) -> None:
        self.status_code = status_code
        self.body = body

    def json(self) -> Any:
        """The body parsed as JSON (raises ``ValueError`` when it is not JSON)."""
        return json.loads(self.body)


class Connection:
    """One keep-alive HTTP/1.1 connection of one simulated player (like a browser tab)."""

    def __init__(self, url: str) -> None:
        host, _, port = url.removeprefix("http://").partition(":")
        self.host, self.port = host, int(port or 80)
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.used = 0.0  # when the last answer arrived (loop time)

    async def _open(self) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        idle = asyncio.get_running_loop().time() - self.used
        if self.reader is not None and (self.reader.at_eof() or idle > IDLE_SECONDS):
            await self.close()  # the server closed it, or is about to, while it was idle
        if self.reader is None or self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
            sock = self.writer.get_extra_info("socket")
            if sock is not None:
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return self.reader, self.writer

    async def request(
        self, method: str, path: str, body: Any = None, token: str | None = None
    ) -> Answer:
        """Send one request and read its answer (``Content-Length`` or chunked).

        Raises ``OSError`` or ``asyncio.IncompleteReadError`` when the connection
        fails, ``ValueError`` when the answer is not HTTP."""
        reader, writer = await self._open()
        head = f"{method} {path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\n"
        if token is not None:
            head += f"Authorization: Bearer {token}\r\n"
        data = b""
        if body is not None:
            data = json.dumps(body, separators=(",", ":")).encode()
            head += "Content-Type: application/json\r\n"
        if body is not None or method == "POST":
            head += f"Content-Length: {len(data)}\r\n"
        writer.write(head.encode() + b"\r\n" + data)
        status_line, *lines = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
        headers = {}
        for line in lines:
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip()
        if "content-length" in headers:
            content = await reader.readexactly(int(headers["content-length"]))
        elif headers.get("transfer-encoding") == "chunked":
            parts = []
            while size := int((await reader.readuntil(b"\r\n")).split(b";")[0], 16):
                parts.append(await reader.readexactly(size))
                await reader.readexactly(2)
            await reader.readuntil(b"\r\n")
            content = b"".join(parts)
        else:
            content = await reader.read()
        self.used = asyncio.get_running_loop().time()
        if headers.get("connection") == "close":
            await self.close()
        return Answer(int(status_line.split()[1]), content)

    async def close(self) -> None:
        """Close the connection (the next request opens a new one)."""
        writer, self.reader, self.writer = self.writer, None, None
        if writer is not None:
            writer.close()
            with contextlib.suppress(OSError):
                await writer.wait_closed()


class Balancer:
    """Round robin over the servers at ``urls``, per request, across every player.

    With ``sticky``, each player keeps to one server instead (players are given
    the servers in turn), as a balancer with session affinity does."""

    def __init__(self, urls: list[str], *, sticky: bool = False) -> None:
        if not urls:
            raise ValueError("a balancer needs at least one server")
        self.urls = list(urls)
        self.sticky = sticky
        self.turn = 0
        self.players = 0

    def next(self) -> int:
        """The index of the server that takes the next request (round robin)."""
        index = self.turn % len(self.urls)
        self.turn += 1
        return index

    def channel(self) -> Channel:
        """A new player's way in: one keep-alive connection to each server (to its
        own server only, when sticky)."""
        home = None
        if self.sticky:
            home = self.players % len(self.urls)
            self.players += 1
        return Channel(self, home)


class Channel:
    """One player's connections, one per server; each request goes where the
    :class:`Balancer` sends it (so one game's moves reach different servers), or
    always to server ``home`` when one is given."""

    def __init__(self, balancer: Balancer, home: int | None = None) -> None:
        self.balancer = balancer
        self.home = home
        self.connections = [Connection(url) for url in balancer.urls]

    async def request(
        self, method: str, path: str, body: Any = None, token: str | None = None
    ) -> Answer:
        """Send one request to the next server in turn (see :meth:`Connection.request`).

        Raises ``TimeoutError`` after :data:`REQUEST_TIMEOUT` seconds, and what
        :meth:`Connection.request` raises; either way that connection is closed."""
        index = self.balancer.next() if self.home is None else self.home
        conn = self.connections[index]
        try:
            return await asyncio.wait_for(conn.request(method, path, body, token), REQUEST_TIMEOUT)
        except BaseException:
            await conn.close()
            raise

    async def close(self) -> None:
        """Close every connection."""
        for conn in self.connections:
            await conn.close()
