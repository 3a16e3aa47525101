"""Speed Duel rooms: two players (or one and the computer rival) racing on one board.

* :mod:`~tilematch.server.duel.registry`: :class:`DuelRooms`, the rooms by code;
* :mod:`~tilematch.server.duel.room`: a room, its seats, and what people in it may do;
* :mod:`~tilematch.server.duel.protocol`: the frames in and out, close codes;
* :mod:`~tilematch.server.duel.timers`: countdown, deal, the game's clock, expiry;
* :mod:`~tilematch.server.duel.results`: finished duels in the database;
* :mod:`~tilematch.server.duel.connection`: one websocket's queue and frame budget;
* :mod:`~tilematch.server.duel.config`: timings, limits and room settings.

``docs/duel.md`` describes the rules and every frame.
"""

from __future__ import annotations

from tilematch.server.duel.config import (
    CODE_ALPHABET,
    CODE_LENGTH,
    DEFAULT_SIZE,
    MAX_CELLS,
    RIVAL_LEVELS,
    DuelConfig,
    DuelError,
)
from tilematch.server.duel.connection import Client, FrameLimiter
from tilematch.server.duel.protocol import (
    CLOSE_EXPIRED,
    CLOSE_FULL,
    CLOSE_GOING_AWAY,
    CLOSE_NO_ROOM,
    CLOSE_POLICY,
    CLOSE_REPLACED,
    CLOSE_TOO_BIG,
    CLOSE_TOO_SLOW,
    CLOSE_UNAUTHORIZED,
    DUEL_STALE,
    encode,
)
from tilematch.server.duel.registry import DuelRooms
from tilematch.server.duel.results import stored_duel_view
from tilematch.server.duel.room import Phase, Room, Seat

__all__ = [
    "CLOSE_EXPIRED",
    "CLOSE_FULL",
    "CLOSE_GOING_AWAY",
    "CLOSE_NO_ROOM",
    "CLOSE_POLICY",
    "CLOSE_REPLACED",
    "CLOSE_TOO_BIG",
    "CLOSE_TOO_SLOW",
    "CLOSE_UNAUTHORIZED",
    "CODE_ALPHABET",
    "CODE_LENGTH",
    "DEFAULT_SIZE",
    "DUEL_STALE",
    "MAX_CELLS",
    "RIVAL_LEVELS",
    "Client",
    "DuelConfig",
    "DuelError",
    "DuelRooms",
    "FrameLimiter",
    "Phase",
    "Room",
    "Seat",
    "encode",
    "stored_duel_view",
]
