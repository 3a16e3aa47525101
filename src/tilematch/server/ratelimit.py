"""Token-bucket rate limits keyed by player or client address.

A bucket holds up to ``burst`` tokens and refills at ``rate`` tokens per
second; each request takes one. Time comes from the injected clock, so
tests control it.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable

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
