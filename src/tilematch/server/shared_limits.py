"""The limits of :mod:`tilematch.server.limits`, counted in Redis for many processes.

With ``TILEMATCH_REDIS`` set, every server process takes its tokens from the same
buckets and its in-flight slots from the same sets, so N processes hold the same
limits as one. Each check is one Lua script run atomically by Redis:

- a token bucket is a hash (``tokens``, ``last``) refilled from the server's
  clock value passed in (tests pass a fake clock); it expires once it would be
  full again anyway;
- a player's in-flight requests are a sorted set of slots scored by the end of
  their lease (:data:`LEASE` seconds on the server's clock): a slot is removed
  when its request is answered, and the slots of a process that died without
  answering lapse when their lease ends, so they never leak.

Redis unreachable: the request is refused with :func:`~tilematch.server.shared.unavailable`
(503, ``Retry-After``), never let through uncounted. For :data:`PAUSE` seconds after a
failure the limits answer that at once without asking Redis (a Redis that does not
answer would otherwise hold every request, and the event loop, for a time-out each);
then the next request tries again, so the server recovers by itself when Redis is back.
"""

from __future__ import annotations

import itertools
import logging
import math
import secrets
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from typing import Any

from tilematch.server import shared
from tilematch.server.errors import ApiError
from tilematch.server.limits import all_slots_taken, too_many

log = logging.getLogger("tilematch.server")

#: Seconds an in-flight slot is held at most: longer than any request takes, short
#: enough that the slots of a process killed mid-request come back soon.
LEASE = 60.0
#: Seconds after a failed call during which the limits answer 503 without asking Redis.
PAUSE = 1.0
#: Where the keys of the limits live in Redis.
PREFIX = "tilematch:limits:"


def _bucket_lua(key: int, arg: int) -> str:
    """Lua that takes a token from the bucket ``KEYS[key]`` (``ARGV[arg...]``: rate,
    burst, now, time to live) and leaves the seconds to wait in ``wait`` (0: taken)."""
    return f"""
local rate = tonumber(ARGV[{arg}])
local burst = tonumber(ARGV[{arg + 1}])
local now = tonumber(ARGV[{arg + 2}])
local state = redis.call('HMGET', KEYS[{key}], 'tokens', 'last')
local tokens = tonumber(state[1])
local last = tonumber(state[2])
if tokens == nil or last == nil then
  tokens = burst
  last = now
end
if now > last then
  tokens = math.min(burst, tokens + (now - last) * rate)
  last = now
end
local wait = 0
if tokens >= 1 then
  tokens = tokens - 1
else
  wait = (1 - tokens) / rate
end
redis.call('HSET', KEYS[{key}], 'tokens', string.format('%.17g', tokens),
  'last', string.format('%.17g', last))
redis.call('EXPIRE', KEYS[{key}], ARGV[{arg + 3}])
"""


def _acquire_lua(key: int, arg: int) -> str:
    """Lua that takes a slot of the set ``KEYS[key]`` (``ARGV[arg...]``: slot name,
    limit, now, lease) after dropping the lapsed ones; leaves 1 (taken) or 0 in ``got``."""
    return f"""
local slot_now = tonumber(ARGV[{arg + 2}])
local lease = tonumber(ARGV[{arg + 3}])
local got = 0
redis.call('ZREMRANGEBYSCORE', KEYS[{key}], '-inf', '(' .. ARGV[{arg + 2}])
if redis.call('ZCARD', KEYS[{key}]) < tonumber(ARGV[{arg + 1}]) then
  redis.call('ZADD', KEYS[{key}], slot_now + lease, ARGV[{arg}])
  redis.call('EXPIRE', KEYS[{key}], math.ceil(lease) + 1)
  got = 1
end
"""


_BUCKET = _bucket_lua(1, 1) + "return string.format('%.17g', wait)"
_ACQUIRE = _acquire_lua(1, 1) + "return got"
#: A request's token and then its in-flight slot, in one call.
_ADMIT = (
    _bucket_lua(1, 1)
    + "if wait > 0 then return {string.format('%.17g', wait), 0} end"
    + _acquire_lua(2, 5)
    + "return {'0', got}"
)


class SharedLimits:
    """The Redis client and scripts behind one app's shared limits.

    ``client`` is a redis-py client (:func:`tilematch.server.shared.connect`);
    ``clock`` the server's time in seconds.
    """

    def __init__(self, client: Any, clock: Callable[[], float]) -> None:
        self.client = client
        self.clock = clock
        self.errors = shared.errors()
        self._down_until = 0.0  # time.monotonic() before which Redis counts as gone
        self._down_lock = threading.Lock()
        self._bucket = client.register_script(_BUCKET)
        self._acquire = client.register_script(_ACQUIRE)
        self._admit = client.register_script(_ADMIT)

    def rate(self, name: str, rate: float, burst: int) -> SharedRateLimiter:
        """A family of token buckets called ``name`` (``rate`` tokens a second, at most
        ``burst``), shared by every process on this Redis."""
        return SharedRateLimiter(self, name, rate, burst)

    def slots(self, limit: int, lease: float = LEASE) -> SharedInFlight:
        """At most ``limit`` requests of one key answered at once, over every process."""
        return SharedInFlight(self, limit, lease)

    def run(self, script: Any, key: str | list[str], *args: Any) -> Any:
        """Run one of the scripts on ``key`` (or keys); raises the 503 of
        :func:`~tilematch.server.shared.unavailable` when Redis cannot be reached."""
        return self.call(script, keys=[key] if isinstance(key, str) else key, args=list(args))

    def call(self, command: Any, *args: Any, **kwargs: Any) -> Any:
        """``command(*args, **kwargs)`` on Redis, or the 503 of
        :func:`~tilematch.server.shared.unavailable` at once while Redis counts as gone
        (for :data:`PAUSE` seconds after a failure) or when this call fails."""
        if time.monotonic() < self._down_until:
            raise shared.unavailable()
        try:
            return command(*args, **kwargs)
        except self.errors as error:
            with self._down_lock:
                if time.monotonic() >= self._down_until:  # log once a pause
                    log.warning("Redis is unreachable for the limits: %s", error)
                self._down_until = time.monotonic() + PAUSE
            raise shared.unavailable() from None

    def close(self) -> None:
        """Close the client's connections."""
        self.client.close()


class SharedRateLimiter:
    """Token buckets in Redis: :class:`tilematch.server.limits.RateLimiter` for many
    processes."""

    def __init__(self, limits: SharedLimits, name: str, rate: float, burst: int) -> None:
        self.limits = limits
        self.name = name
        self.rate = rate
        self.burst = burst
        self.ttl = math.ceil(burst / rate) + 60  # seconds until a bucket is full again, and more

    def take(self, key: str) -> float:
        """Take one token for ``key``; returns 0.0 when allowed, else the seconds to wait.

        Raises the 503 ``shared_unavailable`` when Redis cannot be reached.
        """
        return float(self.limits.run(self.limits._bucket, self.key(key), *self.args()))

    def key(self, key: str) -> str:
        """The Redis key of ``key``'s bucket."""
        return f"{PREFIX}{self.name}:{key}"

    def args(self) -> tuple[str, int, str, int]:
        """The bucket script's arguments now: rate, burst, the clock, time to live."""
        return repr(float(self.rate)), self.burst, repr(float(self.limits.clock())), self.ttl

    def check(self, key: str, what: str) -> None:
        """Take a token or raise a 429 saying when to retry (503 without Redis)."""
        wait = self.take(key)
        if wait > 0:
            raise too_many(wait, what)


class SharedInFlight:
    """In-flight slots in Redis: :class:`tilematch.server.limits.InFlight` for many
    processes, each slot leased for ``lease`` seconds."""

    def __init__(self, limits: SharedLimits, limit: int, lease: float) -> None:
        self.limits = limits
        self.limit = limit
        self.lease = lease
        self._owner = secrets.token_hex(8)  # this process's slots among everyone's
        self._serial = itertools.count()

    @contextmanager
    def hold(self, key: str) -> Iterator[None]:
        """One slot for ``key`` while the block runs; raises a 429 when all of its slots
        are taken, the 503 ``shared_unavailable`` when Redis cannot be reached."""
        name, slot, args = self._slot(key)
        if not int(self.limits.run(self.limits._acquire, name, slot, *args)):
            raise all_slots_taken(self.limit)
        with self._held(name, slot):
            yield

    @contextmanager
    def hold_after(self, requests: SharedRateLimiter, key: str) -> Iterator[None]:
        """A token of ``requests`` and then one slot for ``key``, in one call to Redis:
        ``requests.check(key, "requests")`` and :meth:`hold` together."""
        name, slot, args = self._slot(key)
        wait, got = self.limits.run(
            self.limits._admit, [requests.key(key), name], *requests.args(), slot, *args
        )
        if float(wait) > 0:
            raise too_many(float(wait), "requests")
        if not int(got):
            raise all_slots_taken(self.limit)
        with self._held(name, slot):
            yield

    def _slot(self, key: str) -> tuple[str, str, tuple[int, str, float]]:
        """The set of ``key``'s slots, a new slot's name and the acquire script's other
        arguments (limit, the clock, lease)."""
        name = f"{PREFIX}in-flight:{key}"
        slot = f"{self._owner}:{next(self._serial)}"
        return name, slot, (self.limit, repr(float(self.limits.clock())), self.lease)

    @contextmanager
    def _held(self, name: str, slot: str) -> Iterator[None]:
        """Give the slot back when the block ends (left to its lease if Redis is gone)."""
        try:
            yield
        finally:
            with suppress(ApiError):
                self.limits.call(self.limits.client.zrem, name, slot)

    def count(self, key: str) -> int:
        """Slots of ``key`` held now (leases not yet ended), over every process."""
        name = f"{PREFIX}in-flight:{key}"
        now = repr(float(self.limits.clock()))
        return int(self.limits.call(self.limits.client.zcount, name, now, "+inf"))
