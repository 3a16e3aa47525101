"""Token-bucket rate limits keyed by player or client address.

A bucket holds up to ``burst`` tokens and refills at ``rate`` tokens per
second; each request takes one. Time comes from the injected clock, so
tests control it.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from tilematch.server.errors import ApiError


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
            seconds = max(1, math.ceil(wait))
            raise ApiError(
                429,
                "rate_limited",
                f"Too many {what}; try again in {seconds} s.",
                headers={"Retry-After": str(seconds)},
            )

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
                raise ApiError(
                    429,
                    "rate_limited",
                    f"Too many requests at once ({self.limit} are being answered); "
                    "wait for them to finish.",
                    headers={"Retry-After": "1"},
                )
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
