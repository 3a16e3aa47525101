"""``/api/duels`` and ``/ws/duels/{code}``: Speed Duel rooms over HTTP and websockets.

HTTP creates a room and reads its lobby state and the duel leaderboard; the
game itself is played over one websocket per player (frames in
``docs/duel.md``). The rooms live in :class:`~tilematch.server.duel.DuelRooms`,
one registry per app (``app.state.duels``, made on first use; tests may put
their own there before the first request).
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Annotated, Any, Literal

from fastapi import APIRouter, FastAPI, Path, Query, Request, WebSocket
from pydantic import BaseModel, ConfigDict, Field, StrictBool
from starlette.websockets import WebSocketDisconnect

from tilematch.modes.duel import FORFEIT_SECONDS, LOCKOUT_SECONDS, RIVAL_PACE
from tilematch.server.deps import PlayerDep, Server, ServerDep, player_for_token
from tilematch.server.duel import (
    Client,
    DuelError,
    DuelRooms,
    FrameLimiter,
    Room,
)
from tilematch.server.duel.protocol import CLOSE_CODES, CLOSE_NO_ROOM, CLOSE_UNAUTHORIZED
from tilematch.server.errors import ApiError
from tilematch.server.players import COOKIE

router = APIRouter(tags=["duels"])

Level = Literal["relaxed", "steady", "sharp"]


class DuelBody(BaseModel):
    """The settings of a new duel room (every field optional)."""

    model_config = ConfigDict(extra="forbid")

    size: Annotated[list[int], Field(min_length=2, max_length=2)] | None = None
    gravity: StrictBool = False
    seed: Annotated[int, Field(ge=0, le=2**53)] | None = None
    rival: Level | None = None


def duel_rooms(app: FastAPI) -> DuelRooms:
    """The app's room registry (created on first use from the app's server)."""
    rooms: DuelRooms | None = getattr(app.state, "duels", None)
    if rooms is None:
        server: Server = app.state.server
        rooms = DuelRooms(server.storage, server.settings.clock)
        app.state.duels = rooms
    return rooms


def room_link(base_url: str, code: str) -> str:
    """The page address that opens room ``code``."""
    return f"{base_url.rstrip('/')}/duel?room={code}"


def _not_found(code: str) -> ApiError:
    return ApiError(404, "duel_not_found", f"There is no open duel room '{code[:12]}'.")


def _answer(room: Room, request: Request, viewer: str) -> dict[str, Any]:
    return {**room.summary(viewer), "link": room_link(str(request.base_url), room.code)}


@router.post("/api/duels", status_code=201, summary="Open a Speed Duel room")
async def create_duel(
    body: DuelBody, request: Request, player: PlayerDep, server: ServerDep
) -> dict[str, Any]:
    """A room with the caller in seat 0: ``{"code", "link", "phase", "size", "gravity",
    "seed", "rival", "players", "you", ...}``. With ``rival`` the computer takes seat 1 and
    the duel starts when the caller connects; otherwise a second player joins by the link
    or code. 422 for settings the rules refuse, 429 when creating too fast."""
    server.creations.check(player.id, "new games")
    rooms = duel_rooms(request.app)
    size = (body.size[0], body.size[1]) if body.size is not None else None
    try:
        room = rooms.create(
            player, size=size, gravity=body.gravity, seed=body.seed, rival=body.rival
        )
    except DuelError as error:
        raise ApiError(error.status, error.code, error.message) from None
    return _answer(room, request, player.id)


#: The websocket close codes a page may see, by the machine word it keys its sentences by.


@router.get("/api/duels/facts", summary="The numbers of the duel rules")
async def duel_facts() -> dict[str, Any]:
    """``{"rivals": [{"level", "seconds_per_pair"}], "forfeit_seconds", "lockout_seconds",
    "close_codes": {word: code}}``: the computer rivals' paces, the seconds an absent
    player has to come back, the lockout after a wrong claim, and the websocket close codes."""
    return {
        "rivals": [
            {"level": level, "seconds_per_pair": seconds} for level, seconds in RIVAL_PACE.items()
        ],
        "forfeit_seconds": FORFEIT_SECONDS,
        "lockout_seconds": LOCKOUT_SECONDS,
        "close_codes": dict(CLOSE_CODES),
    }


@router.get("/api/duels/leaderboard", summary="Duel leaderboard")
async def duel_leaderboard(
    request: Request,
    player: PlayerDep,
    against: Annotated[Literal["player", "relaxed", "steady", "sharp"], Query()] = "player",
    limit: Annotated[int, Query(ge=1, le=100)] = 20,
) -> list[dict[str, Any]]:
    """``[{"rank", "name", "wins", "losses", "draws", "played", "tiles", "you"}]``:
    players by wins against people (``against=player``) or a computer rival level."""
    return duel_rooms(request.app).leaderboard(player.id, against, limit)


@router.get("/api/duels/{code}", summary="A duel room's lobby state")
async def get_duel(
    code: Annotated[str, Path(max_length=12)], request: Request, player: PlayerDep
) -> dict[str, Any]:
    """The room's settings, phase, seats (``you`` is the caller's seat or ``null``),
    scores and result; 404 ``duel_not_found`` for an unknown or expired code."""
    room = duel_rooms(request.app).find(code)
    if room is None:
        raise _not_found(code)
    return _answer(room, request, player.id)


def _token(websocket: WebSocket) -> str | None:
    token = websocket.query_params.get("token")
    if token:
        return token
    header = websocket.headers.get("authorization", "")
    scheme, _, value = header.partition(" ")
    if scheme.lower() == "bearer" and value.strip():
        return value.strip()
    return websocket.cookies.get(COOKIE) or None


@router.websocket("/ws/duels/{code}")
async def duel_socket(websocket: WebSocket, code: str) -> None:
    """One connection to a room: the player's token (cookie, ``?token=`` or bearer
    header) takes their seat; ``?watch=1`` or a full room makes a spectator."""
    app = websocket.app
    server: Server = app.state.server
    rooms = duel_rooms(app)
    await websocket.accept()
    player = None
    token = _token(websocket)
    if token is not None:
        player = player_for_token(server, token)
        if player is None:
            await websocket.close(CLOSE_UNAUTHORIZED, "this token belongs to no player")
            return
    room = rooms.find(code[:12])
    if room is None:
        await websocket.close(CLOSE_NO_ROOM, "there is no open duel room with this code")
        return
    config = rooms.config
    client = Client(player, limit=config.send_queue)
    client.limiter = FrameLimiter(config.frames_per_second, config.frame_burst, config.monotonic)

    async def send(text: str) -> None:
        await websocket.send_text(text)

    async def close(code: int, reason: str) -> None:
        await websocket.close(code, reason)

    async def pump() -> None:
        with contextlib.suppress(WebSocketDisconnect, RuntimeError, OSError):
            await client.pump(send, close)

    async def read() -> None:
        with contextlib.suppress(WebSocketDisconnect, RuntimeError, OSError):
            while client.closing is None:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    return
                text = message.get("text")
                rooms.receive(room, client, text if isinstance(text, str) else None)

    writer = asyncio.create_task(pump())
    watch = websocket.query_params.get("watch", "") in ("1", "true", "yes")
    rooms.join(room, client, watch=watch)
    reader = asyncio.create_task(read())
    try:
        await asyncio.wait({reader, writer}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        rooms.leave(room, client)
        if not reader.done():
            reader.cancel()  # our close frame went out
        if client.closing is not None and not writer.done():
            # the room asked for a close (flooding, a newer connection): send it
            with contextlib.suppress(TimeoutError, asyncio.CancelledError):
                await asyncio.wait_for(asyncio.shield(writer), 2.0)
        if not writer.done():
            writer.cancel()  # the other side is gone: nothing more to send
        for task in (reader, writer):
            with contextlib.suppress(asyncio.CancelledError):
                await task
