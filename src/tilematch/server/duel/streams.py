"""A duel room's keys in Redis and the scripts that change them atomically.

Per room ``CODE`` (the ``{CODE}`` hash tag keeps them on one Redis Cluster slot):

* ``tm:duel:{CODE}:room``: the room's snapshot (JSON, :mod:`.snapshot`), ``""``
  while the code is only reserved;
* ``tm:duel:{CODE}:lease``: the id of the process deciding the room (``PX``);
* ``tm:duel:{CODE}:rev``: how many snapshots were written (fences a stale decider);
* ``tm:duel:{CODE}:alive``: the decider's clock at its last write or renewal;
* ``tm:duel:{CODE}:in``: the stream of inputs (joins, frames, leaves) from every
  process, read by the decider;
* ``tm:duel:{CODE}:out``: the stream of the room's frames (``seq``, ``e``), read by
  every process with connections in the room; trimmed to a short history.

``tm:duel:proc:{ID}`` says a process is alive (renewed while it runs);
``tm:duel:wake:{ID}`` is the process's own stream, written to end its blocking
read of the rooms' streams at once when the rooms it reads change.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Final

#: How long a decider's lease lasts without renewal (milliseconds).
LEASE_MS: Final = 3_000
#: How often leases, heartbeats and other deciders are looked at (seconds).
TICK: Final = 0.5
#: Seconds a room's keys outlive its last write (a room nobody asks about goes).
ROOM_TTL: Final = 3_600
#: Seconds the keys of a closed room stay (other processes read its last frames).
CLOSED_TTL: Final = 60
#: Frames kept in a room's stream for reconnecting clients (at least).
HISTORY: Final = 256
#: Milliseconds a read of the rooms' streams waits for a new entry (a change of the
#: rooms read ends it at once, through the process's wake stream).
READ_BLOCK_MS: Final = 1_000


@dataclass(frozen=True)
class Keys:
    """The Redis keys of room ``code``."""

    code: str

    def _key(self, name: str) -> str:
        return f"tm:duel:{{{self.code}}}:{name}"

    @property
    def room(self) -> str:
        """The snapshot."""
        return self._key("room")

    @property
    def lease(self) -> str:
        """The decider's lease."""
        return self._key("lease")

    @property
    def rev(self) -> str:
        """The snapshot's revision."""
        return self._key("rev")

    @property
    def alive(self) -> str:
        """The decider's last sign of life (its clock)."""
        return self._key("alive")

    @property
    def inputs(self) -> str:
        """The stream of inputs to the decider."""
        return self._key("in")

    @property
    def out(self) -> str:
        """The stream of the room's frames."""
        return self._key("out")


@lru_cache(maxsize=8192)
def stream_names(code: str) -> tuple[str, str]:
    """The output and input stream keys of room ``code`` (``Keys(code).out``,
    ``Keys(code).inputs``), kept for the rooms read again and again."""
    keys = Keys(code)
    return keys.out, keys.inputs


@lru_cache(maxsize=8192)
def encoded(name: str) -> bytes:
    """Key ``name`` as the bytes Redis is sent (kept: a read names every room's key)."""
    return name.encode()


def after(entry_id: str, pos: str) -> bool:
    """Whether stream entry ``entry_id`` comes after position ``pos`` (both
    ``"milliseconds-sequence"``)."""
    ms, _, seq = entry_id.partition("-")
    pos_ms, _, pos_seq = pos.partition("-")
    return (int(ms), int(seq or 0)) > (int(pos_ms), int(pos_seq or 0))


def process_key(process: str) -> str:
    """The key saying process ``process`` is alive."""
    return f"tm:duel:proc:{process}"


def wake_key(process: str) -> str:
    """The stream that ends process ``process``'s blocking read when written to."""
    return f"tm:duel:wake:{process}"


#: Write frames and the snapshot at once, if the caller holds (or may take) the
#: lease and knows the latest revision. KEYS: lease, rev, room, out, alive.
#: ARGV: me, rev, lease ms, ttl, snapshot, now, history, n, then n (seq, entry).
#: Returns the new revision followed by the n entries' stream ids, or 0 when
#: another process decides the room.
WRITE: Final = """
local owner = redis.call('GET', KEYS[1])
local rev = tonumber(redis.call('GET', KEYS[2]) or '0')
if rev ~= tonumber(ARGV[2]) then return 0 end
if owner and owner ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[3])
local n = tonumber(ARGV[8])
local written = {rev + 1}
for i = 0, n - 1 do
  written[i + 2] = redis.call('XADD', KEYS[4], 'MAXLEN', '~', ARGV[7], '*',
                              'seq', ARGV[9 + 2 * i], 'e', ARGV[10 + 2 * i])
end
redis.call('SET', KEYS[3], ARGV[5], 'EX', ARGV[4])
redis.call('SET', KEYS[2], rev + 1, 'EX', ARGV[4])
redis.call('SET', KEYS[5], ARGV[6], 'EX', ARGV[4])
if n > 0 then redis.call('EXPIRE', KEYS[4], ARGV[4]) end
return written
"""

#: Renew the lease (or take it back after an outage, if nobody wrote since).
#: KEYS: lease, rev, alive. ARGV: me, rev, lease ms, now, ttl. Returns 1 or 0 (lost).
RENEW: Final = """
local owner = redis.call('GET', KEYS[1])
local rev = tonumber(redis.call('GET', KEYS[2]) or '0')
if rev ~= tonumber(ARGV[2]) then return 0 end
if owner and owner ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[3])
redis.call('SET', KEYS[3], ARGV[4], 'EX', ARGV[5])
return 1
"""

#: Give the lease up (clean shutdown). KEYS: lease, alive. ARGV: me, now, ttl.
RELEASE: Final = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('DEL', KEYS[1])
  redis.call('SET', KEYS[2], ARGV[2], 'EX', ARGV[3])
  return 1
end
return 0
"""
