"""Game clocks driven by injected time.

A :class:`GameClock` never reads the wall clock: every method takes ``now``,
seconds on any monotonic scale chosen by the caller. Pauses stop it, a
countdown limit turns it into a timer that can be extended with bonus seconds
or cut by penalties, and :meth:`GameClock.stop` freezes it when a game ends.
A clock made with ``start=None`` waits: it shows 0 s and never runs out until
:meth:`GameClock.begin` starts it (a game's clock starts at the first pick).

>>> clock = GameClock(start=10.0, limit=60.0)
>>> clock.pause(15.0); clock.resume(25.0)
>>> clock.elapsed(30.0), clock.remaining(30.0)
(10.0, 50.0)
>>> clock.adjust(2.0); clock.remaining(30.0)
52.0
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from tilematch.modes.views import ClockView


@dataclass
class GameClock:
    """Elapsed playing time, optionally counting down from ``limit`` seconds.

    ``start`` is the moment the clock started (``None``: not started yet).
    ``bonus`` is the net number of seconds added to (positive) or taken from
    (negative) the countdown.
    """

    start: float | None
    limit: float | None = None
    bonus: float = 0.0
    paused_at: float | None = None
    paused_total: float = 0.0
    stopped_at: float | None = None

    @property
    def started(self) -> bool:
        """True once the clock has started (:meth:`begin`)."""
        return self.start is not None

    def begin(self, now: float) -> None:
        """Start the clock at ``now``; no effect when it has started already."""
        if self.start is None:
            self.start = now

    @property
    def paused(self) -> bool:
        """True while the clock is paused."""
        return self.paused_at is not None

    def _frozen(self, now: float) -> float:
        """``now`` limited to the moment the clock was paused or stopped."""
        for mark in (self.stopped_at, self.paused_at):
            if mark is not None:
                now = min(now, mark)
        return now

    def elapsed(self, now: float) -> float:
        """Seconds of play since the start, pauses excluded (never negative; 0 before
        the start)."""
        if self.start is None:
            return 0.0
        return max(0.0, self._frozen(now) - self.start - self.paused_total)

    def total(self) -> float | None:
        """The countdown's full length so far (limit plus net bonus), or ``None``."""
        if self.limit is None:
            return None
        return self.limit + self.bonus

    def remaining(self, now: float) -> float | None:
        """Seconds left on the countdown (never below zero), or ``None`` without one."""
        total = self.total()
        if total is None:
            return None
        return max(0.0, total - self.elapsed(now))

    def whole_seconds_left(self, now: float) -> int:
        """Whole seconds left on the countdown (0 without a countdown)."""
        remaining = self.remaining(now)
        return 0 if remaining is None else math.floor(remaining + 1e-9)

    def expired(self, now: float) -> bool:
        """True when a countdown exists, has started and has reached zero."""
        total = self.total()
        return total is not None and self.started and self.elapsed(now) >= total - 1e-9

    def deadline(self) -> float | None:
        """The moment (on the caller's scale) the countdown reaches zero if nothing
        changes, or ``None`` without a countdown, before the start or while paused
        or stopped."""
        total = self.total()
        if total is None or self.start is None or self.paused or self.stopped_at is not None:
            return None
        return self.start + self.paused_total + total

    def adjust(self, seconds: float) -> None:
        """Add ``seconds`` to the countdown (negative to take time away)."""
        self.bonus += seconds

    def pause(self, now: float) -> None:
        """Stop counting from ``now``; no effect when already paused."""
        if self.paused_at is None:
            self.paused_at = now

    def resume(self, now: float) -> None:
        """Count again from ``now``; no effect when not paused."""
        if self.paused_at is not None:
            self.paused_total += max(0.0, now - self.paused_at)
            self.paused_at = None

    def stop(self, now: float) -> None:
        """Freeze the clock for good at ``now`` (or where a pause froze it)."""
        if self.stopped_at is None:
            self.stopped_at = self._frozen(now)

    def view(self, now: float) -> ClockView:
        """The clock as the view shows it: elapsed, remaining, paused, started."""
        remaining = self.remaining(now)
        return {
            "elapsed": round(self.elapsed(now), 3),
            "remaining": None if remaining is None else round(remaining, 3),
            "paused": self.paused,
            "started": self.started,
        }
