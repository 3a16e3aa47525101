"""Limits on what one caller may ask: requests per second, requests at once, body size.

:class:`RateLimiter` keeps token buckets keyed by player or client address: a
bucket holds up to ``burst`` tokens and refills at ``rate`` tokens per second;
each request takes one. Time comes from the injected clock, so tests control
it. :class:`InFlight` bounds a player's requests being answered at once, and
:class:`BodyLimit` (ASGI middleware) refuses request bodies over a size.

These count in the memory of one process. With ``TILEMATCH_REDIS`` set,
:mod:`tilematch.server.shared_limits` counts the same limits in Redis for every
process; both kinds answer the :class:`Limit` and :class:`Slots` protocols.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import AbstractContextManager, contextmanager
from typing import Protocol

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from tilematch.server.errors import ApiError, error_response


class Limit(Protocol):
    """A rate limit: :meth:`check` takes one token for a key or refuses."""

    def check(self, key: str, what: str) -> None:
        """Take a token for ``key`` or raise a 429 naming ``what`` was asked too often."""


class Slots(Protocol):
    """A bound on the requests of one key being answered at once."""

    def hold(self, key: str) -> AbstractContextManager[None]:
        """One slot for ``key`` while the block runs, or a 429 when all are taken."""


def too_many(wait: float, what: str) -> ApiError:
    """The 429 for a bucket that refills enough in ``wait`` seconds."""
    seconds = max(1, math.ceil(wait))
    return ApiError(
        429,
        "rate_limited",
        f"Too many {what}; try again in {seconds} s.",
        headers={"Retry-After": str(seconds)},
        msg_id="server.error.rate_limited.wait",
        seconds=seconds,
    )


def all_slots_taken(limit: int) -> ApiError:
    """The 429 for a key whose ``limit`` requests are all being answered."""
    return ApiError(
        429,
        "rate_limited",
        f"Too many requests at once ({limit} are being answered); wait for them to finish.",
        headers={"Retry-After": "1"},
        msg_id="server.error.rate_limited.in_flight",
        limit=limit,
    )


class RateLimiter:
    """A family of token buckets sharing one rate and burst size."""

    def __init__(
        self, name: str, rate: float, burst: int, clock: Callable[[], float], max_keys: int = 50_000
    ) -> None:
        self.name = name
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.max_keys = max_keys
        self._buckets: dict[str, tuple[float, float]] = {}
        self._lock = threading.Lock()

    def take(self, key: str) -> float:
        """Take one token for ``key``; returns 0.0 when allowed, else the seconds to wait."""
        now = self.clock()
        with self._lock:
            tokens, last = self._buckets.get(key, (float(self.burst), now))
            tokens = min(float(self.burst), tokens + max(0.0, now - last) * self.rate)
            if tokens >= 1.0:
                self._buckets[key] = (tokens - 1.0, now)
                if len(self._buckets) > self.max_keys:
                    self._prune(now)
                return 0.0
            self._buckets[key] = (tokens, now)
            return (1.0 - tokens) / self.rate

    def check(self, key: str, what: str) -> None:
        """Take a token or raise a 429 :class:`ApiError` saying when to retry."""
        wait = self.take(key)
        if wait > 0:
            raise too_many(wait, what)

    def _prune(self, now: float) -> None:
        full = [
            k
            for k, (t, last) in self._buckets.items()
            if t + (now - last) * self.rate >= self.burst
        ]
        for key in full:
            del self._buckets[key]
        if len(self._buckets) > self.max_keys:  # still too many: drop the oldest half
            oldest = sorted(self._buckets, key=lambda k: self._buckets[k][1])
            for key in oldest[: len(oldest) // 2]:
                del self._buckets[key]


class InFlight:
    """At most ``limit`` requests of one key (a player) being answered at once.

    The request rate limit bounds how often a player asks; this bounds how much
    of the server's worker threads one player's slow requests (a search for a
    smart hint, a solver-checked deal) can hold at the same time.
    """

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._counts: dict[str, int] = {}
        self._lock = threading.Lock()

    @contextmanager
    def hold(self, key: str) -> Iterator[None]:
        """One slot for ``key`` while the block runs; raises a 429 :class:`ApiError`
        when all of its slots are taken."""
        with self._lock:
            count = self._counts.get(key, 0)
            if count >= self.limit:
                raise all_slots_taken(self.limit)
            self._counts[key] = count + 1
        try:
            yield
        finally:
            with self._lock:
                left = self._counts[key] - 1
                if left:
                    self._counts[key] = left
                else:
                    del self._counts[key]

    def count(self, key: str) -> int:
        """Requests of ``key`` being answered now."""
        with self._lock:
            return self._counts.get(key, 0)


class BodyLimit:
    """Refuse bodies over ``limit`` bytes.

    A declared ``Content-Length`` over the limit is refused before reading;
    a body without one (chunked) is read up to the limit and handed on whole.
    ``larger`` gives paths that take larger bodies (a layout file's text) their own
    limit; a path's limit is never below ``limit``.
    """

    def __init__(self, app: ASGIApp, limit: int, larger: Mapping[str, int] | None = None) -> None:
        self.app = app
        self.limit = limit
        self.larger = {path: max(limit, size) for path, size in (larger or {}).items()}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.larger.get(scope.get("path", ""), self.limit)
        declared = None
        for name, value in scope.get("headers", ()):
            if name == b"content-length":
                declared = value
        if declared is not None:
            try:
                length = int(declared)
            except ValueError:
                await error_response(400, "bad_request", "Content-Length is not a number.")(
                    scope, receive, send
                )
                return
            if length > limit:
                await self._too_large(scope, receive, send, limit)
                return
            await self.app(scope, receive, send)
            return
        if scope.get("method") in ("GET", "HEAD", "OPTIONS", "DELETE"):
            await self.app(scope, receive, send)
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > limit:
                await self._too_large(scope, receive, send, limit)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        delivered = False

        async def replay() -> Message:
            nonlocal delivered
            if not delivered:
                delivered = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _too_large(self, scope: Scope, receive: Receive, send: Send, limit: int) -> None:
        message = f"The request body is larger than {limit} bytes."
        await error_response(413, "body_too_large", message)(scope, receive, send)
