"""Room timings, limits and the rules of room settings: codes, sizes, rival levels."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

#: Letters of room codes: no 0/O, 1/I/L, so a code read aloud is unambiguous.
CODE_ALPHABET: Final = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
#: 10 symbols of 31: 31**10 = 8.2e14 codes (49.5 bits), so that guessing is hopeless at
#: the per-address join limit (docs/duel.md, "Room codes").
CODE_LENGTH: Final = 10
RIVAL_LEVELS: Final = ("relaxed", "steady", "sharp")
#: Board sizes offered for duels are any valid Shisen-Sho size; this is the default.
DEFAULT_SIZE: Final = (8, 12)
#: Largest duel board (cells): the standard 8x17 and 8x18 fit, bigger boards deal too slowly.
MAX_CELLS: Final = 144


class DuelError(Exception):
    """A duel request that cannot be served: ``status`` (HTTP), ``code`` word, ``message``."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message


@dataclass(frozen=True)
class DuelConfig:
    """Room timings and per-connection limits (defaults suit people on a network)."""

    #: Seconds between both players being present and the first claim.
    countdown: float = 3.0
    #: A room whose second seat stays empty this long expires.
    waiting_ttl: float = 600.0
    #: A finished room stays this long (rematch votes, late viewers), then goes.
    finished_ttl: float = 300.0
    max_rooms: int = 5_000
    max_spectators: int = 50
    #: Frames a connection may send per second, and in a burst.
    frames_per_second: float = 20.0
    frame_burst: int = 40
    #: Frames dropped for flooding before the connection is closed.
    flood_limit: int = 60
    #: Longest accepted frame, in characters.
    max_frame_chars: int = 1_024
    #: Frames queued for a connection that does not read them before it is dropped.
    send_queue: int = 512
    #: Clock of the frame rate limit (a transport matter: real time by default).
    monotonic: Callable[[], float] = time.monotonic
    #: A room's timer looks at the server clock at least this often (seconds), so a
    #: clock moved by hand (tests) is noticed.
    recheck: float = 5.0
