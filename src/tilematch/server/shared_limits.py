"""The limits of :mod:`tilematch.server.limits`, counted in Redis for many processes.

With ``TILEMATCH_REDIS`` set, every server process takes its tokens from the same
buckets and its in-flight slots from the same sets, so N processes hold the same
limits as one. Each check is one Lua script run atomically by Redis:

- a token bucket is a hash (``tokens``, ``last``) refilled from the server's
  clock value passed in (tests pass a fake clock); it expires once it would be
  full again anyway;
- a player's in-flight requests are a sorted set of slots scored by the end of
  their lease (:data:`LEASE` seconds on the server's clock): a slot is removed
  when it is given back, and the slots of a process that died without giving
  them back lapse when their lease ends, so they never leak.

A request's admission (:meth:`SharedInFlight.hold_after`) keeps what Redis granted
for the next requests of the same player: a *share* of :func:`token_share` tokens
taken from the bucket at once (spent here within :data:`SHARE_SECONDS`), and up to
:func:`slots_kept` slots that stay leased, and so counted for every process, while
idle for at most :data:`IDLE` seconds. Every token spent was taken from the bucket
first, so N processes together never grant more than the bucket does; in any window
they may grant up to ``N * (share - 1)`` tokens taken just before it.

Redis unreachable: the request is refused with :func:`~tilematch.server.shared.unavailable`
(503, ``Retry-After``), never let through uncounted. For :data:`PAUSE` seconds after a
failure the limits answer that at once without asking Redis (a Redis that does not
answer would otherwise hold every request, and the event loop, for a time-out each);
then the next request tries again, so the server recovers by itself when Redis is back.
A process keeping a share checks Redis every :data:`SWEEP` seconds and drops the share
when Redis fails, so a share outlives Redis by at most that long.
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
from dataclasses import dataclass, field
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
#: Most tokens of a request bucket one process takes from Redis at once (its share).
TOKEN_SHARE = 5
#: Seconds a process may spend the tokens of its share (then they are dropped, unused).
SHARE_SECONDS = 10.0
#: Seconds an in-flight slot stays idle with a process before it is given back.
IDLE = 2.0
#: Seconds between two sweeps that give idle slots back.
SWEEP = 0.5


def _bucket_lua(key: int, arg: int) -> str:
    """Lua that takes up to ``want`` tokens (at least one) from the bucket ``KEYS[key]``
    (``ARGV[arg...]``: rate, burst, now, time to live, want); leaves the tokens taken in
    ``granted`` and the seconds to wait in ``wait`` (0: taken)."""
    return f"""
local rate = tonumber(ARGV[{arg}])
local burst = tonumber(ARGV[{arg + 1}])
local now = tonumber(ARGV[{arg + 2}])
local want = tonumber(ARGV[{arg + 4}])
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
local granted = 0
if tokens >= 1 then
  granted = math.min(want, math.floor(tokens))
  tokens = tokens - granted
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


_BUCKET = _bucket_lua(1, 1) + "return {granted, string.format('%.17g', wait)}"
_ACQUIRE = _acquire_lua(1, 1) + "return got"
#: A request's tokens and then its in-flight slot, in one call.
_ADMIT = (
    _bucket_lua(1, 1)
    + "if wait > 0 then return {0, string.format('%.17g', wait), 0} end"
    + _acquire_lua(2, 6)
    + "return {granted, '0', got}"
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
        self._slot_sets: list[SharedInFlight] = []

    def rate(self, name: str, rate: float, burst: int) -> SharedRateLimiter:
        """A family of token buckets called ``name`` (``rate`` tokens a second, at most
        ``burst``), shared by every process on this Redis."""
        return SharedRateLimiter(self, name, rate, burst)

    def slots(self, limit: int, lease: float = LEASE) -> SharedInFlight:
        """At most ``limit`` requests of one key answered at once, over every process."""
        slots = SharedInFlight(self, limit, lease)
        self._slot_sets.append(slots)
        return slots

    def run(self, script: Any, key: str | list[str], *args: Any) -> Any:
        """Run one of the scripts on ``key`` (or keys); raises the 503 of
        :func:`~tilematch.server.shared.unavailable` when Redis cannot be reached."""
        return self.call(script, keys=[key] if isinstance(key, str) else key, args=list(args))

    def down(self) -> bool:
        """Whether Redis counts as gone (a call failed less than :data:`PAUSE` s ago)."""
        return time.monotonic() < self._down_until

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
        """Give back the slots kept idle, then close the client's connections."""
        for slots in self._slot_sets:
            slots.close()
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
        #: Tokens a request of the admission path takes from Redis at once (see
        #: :func:`token_share`); :meth:`take` always takes exactly one.
        self.share = token_share(burst)

    def take(self, key: str) -> float:
        """Take one token for ``key``; returns 0.0 when allowed, else the seconds to wait.

        Raises the 503 ``shared_unavailable`` when Redis cannot be reached.
        """
        _, wait = self.limits.run(self.limits._bucket, self.key(key), *self.args())
        return float(wait)

    def key(self, key: str) -> str:
        """The Redis key of ``key``'s bucket."""
        return f"{PREFIX}{self.name}:{key}"

    def args(self, want: int = 1) -> tuple[str, int, str, int, int]:
        """The bucket script's arguments now: rate, burst, the clock, time to live, and
        the tokens wanted (it takes as many as the bucket holds, up to ``want``)."""
        return repr(float(self.rate)), self.burst, repr(float(self.limits.clock())), self.ttl, want

    def check(self, key: str, what: str) -> None:
        """Take a token or raise a 429 saying when to retry (503 without Redis)."""
        wait = self.take(key)
        if wait > 0:
            raise too_many(wait, what)


def token_share(burst: int) -> int:
    """Tokens of a bucket of ``burst`` that one process takes from Redis at once for its
    requests, and spends locally: a tenth of the burst, 1 to :data:`TOKEN_SHARE` (a
    burst under 20 is counted in Redis token by token)."""
    return max(1, min(TOKEN_SHARE, burst // 10))


def slots_kept(limit: int) -> int:
    """In-flight slots of one key that one process keeps idle for its next requests: a
    quarter of ``limit`` (none under 4, where a kept slot would be a large share)."""
    return limit // 4


@dataclass
class _Share:
    """What this process holds of one key's limits between its requests: tokens taken
    from the bucket (spendable until ``tokens_until`` on the clock), idle slots
    ``(name, taken at, freed at)`` still leased in Redis, and slots too old to use
    again that the next sweep gives back."""

    tokens: int = 0
    tokens_until: float = 0.0
    idle: list[tuple[str, float, float]] = field(default_factory=list)
    stale: list[str] = field(default_factory=list)


class SharedInFlight:
    """In-flight slots in Redis: :class:`tilematch.server.limits.InFlight` for many
    processes, each slot leased for ``lease`` seconds.

    On the admission path (:meth:`hold_after`) a process keeps what Redis granted for
    the next requests of the same key: the rest of a token share, and up to
    :func:`slots_kept` slots that stay leased (counted for everyone) while idle for
    at most :data:`IDLE` seconds; a request covered by both asks Redis nothing.
    """

    def __init__(self, limits: SharedLimits, limit: int, lease: float) -> None:
        self.limits = limits
        self.limit = limit
        self.lease = lease
        self.keep = slots_kept(limit)
        self._owner = secrets.token_hex(8)  # this process's slots among everyone's
        self._serial = itertools.count()
        self._shares: dict[str, _Share] = {}
        self._lock = threading.Lock()
        self._closed = threading.Event()
        self._sweeper: threading.Thread | None = None

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
        """A token of ``requests`` and then one slot for ``key``:
        ``requests.check(key, "requests")`` and :meth:`hold` together, in at most one
        call to Redis (none when this process holds a token and an idle slot of
        ``key``). Raises a 429 over either limit, the 503 ``shared_unavailable`` when
        Redis is needed and cannot be reached."""
        now = self.limits.clock()
        if self.limits.down():
            self._drop()
        with self._lock:
            share = self._shares.setdefault(key, _Share())
            token = self._spend_token(share, now)
            slot, taken = self._reuse_slot(share, now)
        if not token or slot is None:
            slot, taken = self._ask(requests, key, need_token=not token, slot=slot, taken=taken)
        with self._kept(key, slot, taken):
            yield

    def _spend_token(self, share: _Share, now: float) -> bool:
        """Take one of the share's tokens (the caller holds the lock)."""
        if share.tokens > 0 and now < share.tokens_until:
            share.tokens -= 1
            return True
        share.tokens = 0
        return False

    def _reuse_slot(self, share: _Share, now: float) -> tuple[str | None, float]:
        """An idle slot whose lease has at least half of its time left, and when it was
        taken (the caller holds the lock); ``(None, now)`` when there is none."""
        while share.idle:
            slot, taken, _ = share.idle.pop()
            if now - taken <= self.lease / 2:
                return slot, taken
            share.stale.append(slot)
        return None, now

    def _ask(
        self,
        requests: SharedRateLimiter,
        key: str,
        *,
        need_token: bool,
        slot: str | None,
        taken: float,
    ) -> tuple[str, float]:
        """Ask Redis for what the share lacks: a token share, a slot, or both in one
        call. Returns the request's slot and when it was taken; raises the 429 or 503
        of :meth:`hold_after` (an idle slot it came with is kept idle again)."""
        try:
            granted, wait, got, fresh = self._redis_part(requests, key, need_token, slot)
        except ApiError:  # Redis gone: an idle slot it came with stays idle (and leased)
            self._keep_idle(key, slot, taken)
            raise
        if need_token and int(granted) > 1:
            self._bank(key, int(granted) - 1)
        if float(wait) > 0:
            self._keep_idle(key, slot, taken)
            raise too_many(float(wait), "requests")
        if slot is not None:
            return slot, taken
        if not int(got):
            raise all_slots_taken(self.limit)
        return fresh, taken

    def _redis_part(
        self, requests: SharedRateLimiter, key: str, need_token: bool, slot: str | None
    ) -> tuple[Any, Any, Any, str]:
        """The call of :meth:`_ask`: tokens granted, seconds to wait, whether a new slot
        was taken, and that slot's name."""
        name, fresh, args = self._slot(key)
        if need_token and slot is None:
            granted, wait, got = self.limits.run(
                self.limits._admit,
                [requests.key(key), name],
                *requests.args(requests.share),
                fresh,
                *args,
            )
        elif need_token:
            (granted, wait), got = (
                self.limits.run(
                    self.limits._bucket, requests.key(key), *requests.args(requests.share)
                ),
                1,
            )
        else:
            granted, wait = 1, 0
            got = self.limits.run(self.limits._acquire, name, fresh, *args)
        return granted, wait, got, fresh

    def _bank(self, key: str, tokens: int) -> None:
        """Keep ``tokens`` granted beyond this request's one for the next requests of
        ``key``, for :data:`SHARE_SECONDS`."""
        with self._lock:
            share = self._shares.setdefault(key, _Share())
            share.tokens = tokens
            share.tokens_until = self.limits.clock() + SHARE_SECONDS

    def _keep_idle(self, key: str, slot: str | None, taken: float) -> None:
        """Put an unused slot back among ``key``'s idle ones."""
        if slot is not None:
            now = self.limits.clock()
            with self._lock:
                self._shares.setdefault(key, _Share()).idle.append((slot, taken, now))

    @contextmanager
    def _kept(self, key: str, slot: str, taken: float) -> Iterator[None]:
        """Hold ``slot`` while the block runs; then keep it idle for the next request of
        ``key``, or give it back when this process already keeps enough."""
        name = self._name(key)
        try:
            yield
        finally:
            now = self.limits.clock()
            with self._lock:
                share = self._shares.setdefault(key, _Share())
                kept = len(share.idle) < self.keep and now - taken <= self.lease / 2
                if kept:
                    share.idle.append((slot, taken, now))
            if kept:
                self._start_sweeper()
            else:
                with suppress(ApiError):
                    self.limits.call(self.limits.client.zrem, name, slot)

    def _start_sweeper(self) -> None:
        if self._sweeper is None and not self._closed.is_set():
            self._sweeper = threading.Thread(
                target=self._sweep_loop, name="tilematch-limits-sweep", daemon=True
            )
            self._sweeper.start()

    def _sweep_loop(self) -> None:
        """Every :data:`SWEEP` seconds: give back the slots idle for :data:`IDLE`, and
        check that Redis still answers while anything is kept (else drop it all)."""
        while not self._closed.wait(SWEEP):
            try:
                if not self.give_back(IDLE, check=True):
                    with self._lock:
                        kept = bool(self._shares)
                    if kept:
                        self.limits.call(self.limits.client.ping)
            except ApiError:
                self._drop()

    def _drop(self) -> None:
        """Forget every share and idle slot (Redis is gone: its slots lapse with their
        lease), so no request is admitted from them while Redis cannot count."""
        with self._lock:
            self._shares.clear()

    def give_back(self, idle: float = 0.0, *, check: bool = False) -> int:
        """Give back to Redis the slots kept idle for ``idle`` seconds or more (and the
        ones too old to be used again), and forget the spent shares; returns the slots
        given back (left to their lease when Redis is gone). With ``check``, a Redis
        that fails raises the 503 of :meth:`SharedLimits.call`."""
        now = self.limits.clock()
        freed: dict[str, list[str]] = {}
        with self._lock:
            for key, share in list(self._shares.items()):
                stay = [entry for entry in share.idle if now - entry[2] < idle]
                going = share.stale + [entry[0] for entry in share.idle if entry not in stay]
                if going:
                    freed[self._name(key)] = going
                share.idle, share.stale = stay, []
                if not stay and (share.tokens == 0 or now >= share.tokens_until):
                    del self._shares[key]
        if freed:
            try:
                self.limits.call(self._zrem_all, freed)
            except ApiError:
                if check:
                    raise
        return sum(len(slots) for slots in freed.values())

    def _zrem_all(self, freed: dict[str, list[str]]) -> None:
        pipe = self.limits.client.pipeline(transaction=False)
        for name, slots in freed.items():
            pipe.zrem(name, *slots)
        pipe.execute()

    def close(self) -> None:
        """Stop the sweep and give back every slot kept idle."""
        self._closed.set()
        self.give_back()

    def _name(self, key: str) -> str:
        return f"{PREFIX}in-flight:{key}"

    def _slot(self, key: str) -> tuple[str, str, tuple[int, str, float]]:
        """The set of ``key``'s slots, a new slot's name and the acquire script's other
        arguments (limit, the clock, lease)."""
        slot = f"{self._owner}:{next(self._serial)}"
        return self._name(key), slot, (self.limit, repr(float(self.limits.clock())), self.lease)

    @contextmanager
    def _held(self, name: str, slot: str) -> Iterator[None]:
        """Give the slot back when the block ends (left to its lease if Redis is gone)."""
        try:
            yield
        finally:
            with suppress(ApiError):
                self.limits.call(self.limits.client.zrem, name, slot)

    def count(self, key: str) -> int:
        """Slots of ``key`` held now (leases not yet ended), over every process, the idle
        ones kept by a process included."""
        now = repr(float(self.limits.clock()))
        return int(self.limits.call(self.limits.client.zcount, self._name(key), now, "+inf"))
