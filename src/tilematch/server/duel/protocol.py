"""The duel's frames: close codes, the frames a client may send (parsed with pydantic),
the frames the server sends, and their JSON text.

Incoming frames are JSON objects with a ``"type"``: ``claim`` (``a``, ``b``, optional
``version``), ``ping`` (optional ``id``, echoed), ``rematch``, ``rival`` (``level``)
and ``state``. :func:`parse` turns one into a typed frame, or an :class:`Invalid`
naming the error frame to answer with. ``docs/duel.md`` lists every frame.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Annotated, Any, Final, Literal

from pydantic import BaseModel, Field, StrictInt, TypeAdapter, ValidationError

from tilematch.modes.duel import DuelGame
from tilematch.modes.views import TileView, tile_view

# Close codes sent to a websocket (4xxx are the application's own).
CLOSE_REPLACED: Final = 4000
CLOSE_UNAUTHORIZED: Final = 4401
#: The player cookie came from a page of another site (a foreign ``Origin``).
CLOSE_BAD_ORIGIN: Final = 4403
#: Too many duel rooms looked up or joined from the client's address: wait, then retry.
CLOSE_RATE_LIMITED: Final = 4420
CLOSE_NO_ROOM: Final = 4404
CLOSE_EXPIRED: Final = 4410
CLOSE_FULL: Final = 4429
CLOSE_TOO_SLOW: Final = 4413
CLOSE_POLICY: Final = 1008
CLOSE_TOO_BIG: Final = 1009
CLOSE_GOING_AWAY: Final = 1001
#: The server is stopping or handing the room to another process: reconnect at once.
CLOSE_RESTART: Final = 1012
#: The rooms are paused (the shared store is unreachable): try again in a moment.
CLOSE_TRY_LATER: Final = 1013
#: The server stopped and the room is gone with it (a single server without Redis).
CLOSE_SHUTDOWN: Final = 4503
#: The close codes a page treats specially, by their word: after ``restart`` it
#: reconnects at once; after every other one it does not reconnect by itself.
CLOSE_CODES: Final[dict[str, int]] = {
    "replaced": CLOSE_REPLACED,
    "unauthorized": CLOSE_UNAUTHORIZED,
    "bad_origin": CLOSE_BAD_ORIGIN,
    "rate_limited": CLOSE_RATE_LIMITED,
    "no_room": CLOSE_NO_ROOM,
    "expired": CLOSE_EXPIRED,
    "full": CLOSE_FULL,
    "too_slow": CLOSE_TOO_SLOW,
    "policy": CLOSE_POLICY,
    "too_big": CLOSE_TOO_BIG,
    "restart": CLOSE_RESTART,
    "shutdown": CLOSE_SHUTDOWN,
}

DUEL_STALE: Final = "The board changed before your claim arrived; look again (no penalty)."

Frame = dict[str, Any]

# --------------------------------------------------------------------------- frames in

Spot = Annotated[StrictInt, Field(ge=-(2**31), lt=2**31)]


class Claim(BaseModel):
    """Claim the pair ``a``, ``b``, seen on board ``version`` (``None``: not said)."""

    type: Literal["claim"]
    a: Spot
    b: Spot
    version: StrictInt | None = None


class Ping(BaseModel):
    """Ask for the server's clock; ``id`` comes back in the ``pong``."""

    type: Literal["ping"]
    id: Any = None


class Rematch(BaseModel):
    """Vote for a rematch once the duel is over."""

    type: Literal["rematch"]


class Rival(BaseModel):
    """The host of a waiting room seats the computer rival of ``level``."""

    type: Literal["rival"]
    level: Literal["relaxed", "steady", "sharp"]


class Resend(BaseModel):
    """Ask for the whole ``state`` again."""

    type: Literal["state"]


Incoming = Annotated[Claim | Ping | Rematch | Rival | Resend, Field(discriminator="type")]
FRAMES: Final[TypeAdapter[Claim | Ping | Rematch | Rival | Resend]] = TypeAdapter(Incoming)

CLAIM_SHAPE: Final = 'A claim is {"type": "claim", "a": spot, "b": spot}.'


@dataclass(frozen=True)
class Invalid:
    """A frame the protocol refuses: answer with ``error(code, message)``. ``type``
    is the frame's type when it is a known one (its handler may refuse it for
    another reason first), else ``None``."""

    type: str | None
    code: str
    message: str


def parse(data: object) -> Claim | Ping | Rematch | Rival | Resend | Invalid:
    """The typed frame of decoded JSON ``data``, or why it is refused."""
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        return Invalid(None, "bad_frame", 'A frame is a JSON object with a "type".')
    kind: str = data["type"]
    try:
        return FRAMES.validate_python(data)
    except ValidationError as error:
        problems = error.errors()
    if any(problem["type"] == "union_tag_invalid" for problem in problems):
        return Invalid(None, "unknown_type", f"Unknown frame type {kind[:40]!r}.")
    if kind == "rival":
        return Invalid(kind, "bad_rival", "Choose relaxed, steady or sharp.")
    fields = {str(problem["loc"][1]): problem["type"] for problem in problems}
    spots = [fields[name] for name in ("a", "b") if name in fields]
    if any(kind_ not in ("greater_than_equal", "less_than") for kind_ in spots):
        return Invalid(kind, "bad_claim", CLAIM_SHAPE)
    if spots:
        return Invalid(kind, "bad_claim", "Spots are small integers.")
    return Invalid(kind, "bad_claim", "A claim's version is the board version seen.")


# --------------------------------------------------------------------------- frames out


def encode(frame: Frame) -> str:
    """The JSON text of a frame, compact."""
    return json.dumps(frame, separators=(",", ":"))


def tile_views(game: DuelGame) -> list[TileView]:
    """Every tile of the duel's board: ``{"spot", "code", "name", "pos"}``."""
    board = game.board
    return [tile_view(board, spot) for spot in board.spots()]


def error(code: str, message: str) -> Frame:
    """A refused frame or request: ``{"type": "error", "code", "message"}``."""
    return {"type": "error", "code": code, "message": message}


def hello(role: Literal["player", "spectator"], seat: int | None) -> Frame:
    """The first frame of a connection: its role and seat."""
    return {"type": "hello", "role": role, "you": seat}


def pong(now: float, ping_id: Any) -> Frame:
    """The answer to a ``ping``."""
    return {"type": "pong", "now": now, "id": ping_id}


def refused(a: int, b: int, reason: str | None, message: str, locked: float) -> Frame:
    """A claim that did not win: why, and the claimant's lockout left (seconds)."""
    return {
        "type": "refused",
        "a": a,
        "b": b,
        "reason": reason,
        "message": message,
        "locked": round(locked, 3),
    }


def countdown(starts_at: float, seconds: float, now: float) -> Frame:
    """Both players are here: the first claim may come at ``starts_at``."""
    return {"type": "countdown", "starts_at": starts_at, "seconds": seconds, "now": now}


def away(player: int, forfeit_at: float) -> Frame:
    """A player's connection ended; they forfeit unless back by ``forfeit_at``."""
    return {"type": "away", "player": player, "forfeit_at": forfeit_at}


def paused() -> Frame:
    """The room cannot go on for a moment (the shared store is unreachable)."""
    return {
        "type": "paused",
        "message": "The duel is paused: the server's shared store cannot be reached.",
    }


def resumed() -> Frame:
    """The room goes on after a pause."""
    return {"type": "resumed", "message": "The duel goes on."}


def closing(message: str) -> Frame:
    """The server is stopping: what becomes of the room (``message``)."""
    return {"type": "closing", "message": message}


def expired() -> Frame:
    """A waiting room that nobody joined in time."""
    return {"type": "expired", "message": "Nobody joined this room in time."}
