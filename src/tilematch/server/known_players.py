"""Players found by their token, kept for the next requests of the same browser.

Every request names its player by a token, and finding the player is one read of the
database: on PostgreSQL a round trip that costs as much as storing a move. So a
process keeps what it found, for :data:`KEEP_SECONDS` at most, and drops it at once
when the player changes what the lookup returns: a new name, another language, or
the player deleted (:meth:`KnownPlayers.forget`, called after the change is committed).

With many processes (``TILEMATCH_REDIS``) a change made by one process reaches the
others on the Redis channel :data:`CHANNEL`, and each drops the player too; a process
keeps players only while it is subscribed (from the moment Redis confirms the
subscription until the connection fails), so a change it might have missed is never
answered from memory. Delivery takes the time of one message on the network: for
that long after a change another process may still answer with the old name or
language, and, after a delete, accept the deleted player's token for one more request
(which then finds no rows). Only found players are kept: a token that belongs to no
player is asked of the database each time, so a newly linked device works at once.

A read that started before a change and ends after it must not be kept with the old
value: each change moves :attr:`KnownPlayers.generation` on, and a lookup keeps its
answer only if the generation is the one it started with.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from contextlib import suppress
from typing import Any

from tilematch.server.players import Player

log = logging.getLogger("tilematch.server")

#: Seconds a found player is kept at most (a bound for what no message reports).
KEEP_SECONDS = 10.0
#: Players kept at most by one process (the oldest go first).
KEEP_MOST = 50_000
#: The Redis channel on which processes announce a changed player (the id is the message).
CHANNEL = "tilematch:players:changed"
#: Seconds between two attempts to subscribe again after Redis failed.
RETRY_SECONDS = 1.0


class KnownPlayers:
    """Token hash → player, for :data:`KEEP_SECONDS`, forgotten on every change.

    ``client`` is a redis-py client when processes share Redis (then players are kept
    only while subscribed to :data:`CHANNEL`), else ``None`` (one process: kept always).
    ``clock`` is :func:`time.monotonic` unless a test passes its own.
    """

    def __init__(
        self,
        client: Any = None,
        *,
        clock: Callable[[], float] = time.monotonic,
        keep_seconds: float = KEEP_SECONDS,
        keep_most: int = KEEP_MOST,
    ) -> None:
        self._client = client
        self._clock = clock
        self._keep_seconds = keep_seconds
        self._keep_most = keep_most
        self._found: dict[str, tuple[float, Player]] = {}  # token hash -> (until, player)
        self._lock = threading.Lock()
        self.generation = 0
        self._live = client is None
        self._closed = threading.Event()
        self._listener: threading.Thread | None = None
        if client is not None:
            self._listener = threading.Thread(
                target=self._listen, name="tilematch-known-players", daemon=True
            )
            self._listener.start()

    @property
    def live(self) -> bool:
        """Whether found players are kept now (always without Redis; with it, while
        subscribed)."""
        return self._live

    def find(self, token_hash: str, lookup: Callable[[], Player | None]) -> Player | None:
        """The player of ``token_hash``: kept, else ``lookup()`` (kept when found and no
        change came in meanwhile)."""
        now = self._clock()
        kept = self._found.get(token_hash)
        if kept is not None and kept[0] > now and self._live:
            return kept[1]
        started = self.generation
        found = lookup()
        if found is not None and self._live:
            with self._lock:
                if self.generation == started and self._live:
                    if len(self._found) >= self._keep_most:
                        for stale in list(self._found)[: max(1, self._keep_most // 10)]:
                            del self._found[stale]
                    self._found[token_hash] = (now + self._keep_seconds, found)
        return found

    def forget(self, player_id: str) -> None:
        """Drop ``player_id`` here and, with Redis, in every process (call it after the
        change is committed). A failed announcement is logged: the other processes
        then drop the player within :data:`KEEP_SECONDS`, or at once when their
        subscription fails too."""
        self._drop(player_id)
        if self._client is None:
            return
        try:
            self._client.publish(CHANNEL, player_id)
        except Exception as error:  # Redis gone: the bound still holds
            log.warning("could not announce a changed player on Redis: %s", error)

    def _drop(self, player_id: str | None) -> None:
        """Drop one player's tokens (``None``: every player), moving the generation on."""
        with self._lock:
            self.generation += 1
            if player_id is None:
                self._found.clear()
                return
            for token_hash in [h for h, kept in self._found.items() if kept[1].id == player_id]:
                del self._found[token_hash]

    def _listen(self) -> None:
        """Follow :data:`CHANNEL` until closed, subscribing again after each failure."""
        while not self._closed.is_set():
            pubsub = self._client.pubsub(ignore_subscribe_messages=False)
            try:
                pubsub.subscribe(CHANNEL)
                while not self._closed.is_set():
                    message = pubsub.get_message(timeout=0.5)
                    if message is None:
                        continue
                    if message["type"] == "subscribe":
                        self._drop(None)  # whatever changed before is not known here
                        self._live = True
                    elif message["type"] == "message":
                        data = message["data"]
                        self._drop(data.decode() if isinstance(data, bytes) else str(data))
            except Exception as error:  # any failure: stop keeping, retry
                if not self._closed.is_set():
                    log.warning("players are read from the database until Redis answers: %s", error)
            finally:
                self._live = False
                self._drop(None)
                with suppress(Exception):  # closing a broken connection
                    pubsub.close()
            self._closed.wait(RETRY_SECONDS)

    def close(self) -> None:
        """Stop following Redis (the client is the caller's to close)."""
        self._closed.set()
        if self._listener is not None:
            self._listener.join(timeout=2.0)
