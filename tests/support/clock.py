"""A clock the tests move by hand, and the fixed "now" it starts at."""

from __future__ import annotations

#: 2026-11-29 12:00 UTC: a fixed "now" so Daily dates are stable.
START = 1_795_953_600.0


class FakeClock:
    """The server's time, moved by the test (read from any thread)."""

    def __init__(self, now: float = START) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds
