"""The duel rooms' part of a server's start and stop.

:func:`open_rooms` makes the app's registry: :class:`SharedRooms` when the
server has Redis, else the in-memory :class:`DuelRooms`. On ``SIGTERM`` (or
``SIGINT``) the rooms are stopped *before* the server closes its sockets:
with Redis the rooms this process decides are handed over and the sockets
closed with ``1012`` (the page reconnects at once); without it every room is
told that the server stops and closed with ``4503``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import threading
from types import FrameType
from typing import Any

from fastapi import FastAPI

from tilematch.server import shared
from tilematch.server.deps import Server
from tilematch.server.duel.registry import DuelRooms
from tilematch.server.duel.shared import SharedRooms, SharedUnavailable

log = logging.getLogger("tilematch.server.duels")

#: Seconds the rooms may take to stop before the server goes on stopping.
STOP_SECONDS = 5.0


async def open_rooms(app: FastAPI) -> DuelRooms:
    """Make ``app.state.duels`` (unless a test put one there) and start it.

    Raises :class:`~tilematch.server.shared.SharedError` when Redis is set but
    cannot be reached.
    """
    server: Server = app.state.server
    rooms: DuelRooms | None = getattr(app.state, "duels", None)
    if rooms is None:
        url = server.settings.redis_url
        if url is None:
            rooms = DuelRooms(server.storage, server.settings.clock)
        else:
            redis = shared.connect_async(url)
            try:
                await redis.ping()
            except shared.errors() as error:
                raise shared.SharedError(
                    f"cannot reach Redis at {shared.where(url)}: {error}"
                ) from None
            rooms = SharedRooms(server.storage, server.settings.clock, redis)
            with contextlib.suppress(SharedUnavailable):
                await rooms.reserve()
        app.state.duels = rooms
    if isinstance(rooms, SharedRooms):
        rooms.start()
    _on_signals(rooms)
    return rooms


async def close_rooms(app: FastAPI) -> None:
    """Stop the app's rooms (if the signal did not already) and close Redis."""
    rooms: DuelRooms | None = getattr(app.state, "duels", None)
    if rooms is None:
        return
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(rooms.stop(), STOP_SECONDS)
    rooms.shutdown()
    if isinstance(rooms, SharedRooms):
        with contextlib.suppress(*shared.errors()):
            await rooms.redis.aclose()


def _on_signals(rooms: DuelRooms) -> None:
    """Stop ``rooms`` first when the process is asked to stop, then let the server's
    own handler run (only in the main thread, where signals are delivered)."""
    if threading.current_thread() is not threading.main_thread():
        return
    loop = asyncio.get_running_loop()
    for number in (signal.SIGTERM, signal.SIGINT):
        previous = signal.getsignal(number)

        def handler(signum: int, frame: FrameType | None, previous: Any = previous) -> None:
            async def stop_then_exit() -> None:
                try:
                    await asyncio.wait_for(rooms.stop(), STOP_SECONDS)
                except Exception:  # stopping must go on whatever the rooms do
                    log.exception("stopping the duel rooms failed")
                finally:
                    if callable(previous):
                        previous(signum, frame)

            loop.call_soon_threadsafe(lambda: loop.create_task(stop_then_exit()))

        signal.signal(number, handler)
