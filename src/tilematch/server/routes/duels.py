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
from collections.abc import Callable
from typing import Annotated, Any, Literal

from fastapi import APIRouter, FastAPI, Path, Query, Request, WebSocket
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt
from starlette.websockets import WebSocketDisconnect

from tilematch.modes.duel import FORFEIT_SECONDS, LOCKOUT_SECONDS, RIVAL_PACE
from tilematch.server import player_names, shared
from tilematch.server.deps import PlayerDep, Server, ServerDep
from tilematch.server.duel import (
    Client,
    DuelError,
    DuelRooms,
    FrameLimiter,
    Room,
    encode,
)
from tilematch.server.duel.auth import SocketRefused, socket_player
from tilematch.server.duel.protocol import (
    CLOSE_CODES,
    CLOSE_NO_ROOM,
    CLOSE_RESTART,
    CLOSE_TRY_LATER,
    paused,
)
from tilematch.server.duel.shared import SharedRooms, SharedUnavailable
from tilematch.server.errors import ApiError
from tilematch.server.i18n import request_locale
from tilematch.server.openapi_errors import EVERY_REQUEST, WITH_BODY, answers

router = APIRouter(tags=["duels"], responses=EVERY_REQUEST)

Level = Literal["relaxed", "steady", "sharp"]


class DuelBody(BaseModel):
    """The settings of a new duel room (every field optional)."""

    model_config = ConfigDict(extra="forbid")

    size: (
        Annotated[
            list[StrictInt],
            Field(
                min_length=2,
                max_length=2,
                description="[rows, cols]: [8, 17] is the 17 x 8 board (columns x rows)",
            ),
        ]
        | None
    ) = None
    gravity: StrictBool = False
    seed: Annotated[StrictInt, Field(ge=0, le=2**53)] | None = None
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


#: What a 503 of the duel routes tells the client to wait (seconds).
RETRY = {"Retry-After": str(shared.RETRY_AFTER)}


def _not_found(code: str) -> ApiError:
    return ApiError(404, "duel_not_found", f"There is no open duel room '{code[:12]}'.")


def _answer(room: Room, request: Request, viewer: str) -> dict[str, Any]:
    return {**room.summary(viewer), "link": room_link(str(request.base_url), room.code)}


@router.post("/api/duels", status_code=201, summary="Open a Speed Duel room", responses=WITH_BODY)
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
        if isinstance(rooms, SharedRooms):
            await rooms.reserve()
        room = rooms.create(
            player, size=size, gravity=body.gravity, seed=body.seed, rival=body.rival
        )
        if isinstance(rooms, SharedRooms):
            await rooms.written(room.code)
    except DuelError as error:
        if error.status == 503:
            raise ApiError(503, error.code, error.message, headers=RETRY) from None
        raise ApiError(error.status, error.code, error.message) from None
    except SharedUnavailable:
        raise shared.unavailable() from None
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
    players by wins against people (``against=player``) or a computer rival level; a
    player without a name is named in the reader's language (``Anonymous``)."""
    entries = duel_rooms(request.app).leaderboard(player.id, against, limit)
    return player_names.named(request_locale(request), entries)


@router.get("/api/duels/{code}", summary="A duel room's lobby state", responses=answers(404))
async def get_duel(
    code: Annotated[str, Path(max_length=12)], request: Request, player: PlayerDep
) -> dict[str, Any]:
    """The room's settings, phase, seats (``you`` is the caller's seat or ``null``),
    scores and result; 404 ``duel_not_found`` for an unknown or expired code, 429 when
    the caller's address looks up too many rooms."""
    request.app.state.addresses.check_join(request)
    rooms = duel_rooms(request.app)
    if isinstance(rooms, SharedRooms):
        try:
            view = await rooms.summary(code, player.id)
        except SharedUnavailable:
            raise shared.unavailable() from None
        if view is None:
            raise _not_found(code)
        return {**view, "link": room_link(str(request.base_url), view["code"])}
    room = rooms.find(code)
    if room is None:
        raise _not_found(code)
    return _answer(room, request, player.id)


@router.websocket("/ws/duels/{code}")
async def duel_socket(websocket: WebSocket, code: str) -> None:
    """One connection to a room: the player's token (bearer header, cookie, or the
    discouraged ``?token=``) takes their seat; ``?watch=1`` or a full room makes a
    spectator. Refused (closed) over the per-address join limit, for the cookie sent
    from a foreign origin and for an unknown token (``duel/auth.py``)."""
    app = websocket.app
    server: Server = app.state.server
    rooms = duel_rooms(app)
    await websocket.accept()
    try:
        player = socket_player(websocket, server)
    except SocketRefused as refused:
        if refused.code == CLOSE_TRY_LATER:
            await websocket.send_text(encode(paused()))
        await websocket.close(refused.code, refused.reason)
        return
    config = rooms.config
    client = Client(player, limit=config.send_queue)
    client.limiter = FrameLimiter(config.frames_per_second, config.frame_burst, config.monotonic)
    if isinstance(rooms, SharedRooms):
        await _shared_socket(websocket, rooms, code[:12].strip().upper(), client)
        return
    room = rooms.find(code[:12])
    if room is None:
        await websocket.close(CLOSE_NO_ROOM, "there is no open duel room with this code")
        return
    watch = _watching(websocket)
    await _serve(
        websocket,
        client,
        join=lambda: rooms.join(room, client, watch=watch),
        receive=lambda text: rooms.receive(room, client, text),
        leave=lambda _restarting: rooms.leave(room, client),
    )


def _watching(websocket: WebSocket) -> bool:
    return websocket.query_params.get("watch", "") in ("1", "true", "yes")


def _seq(websocket: WebSocket) -> int | None:
    value = websocket.query_params.get("seq", "")
    return int(value) if value.isdigit() and len(value) < 16 else None


async def _shared_socket(
    websocket: WebSocket, rooms: SharedRooms, code: str, client: Client
) -> None:
    """A connection to a room that may be decided by another process."""
    try:
        found = await rooms.attach(code, client, watch=_watching(websocket), seq=_seq(websocket))
    except SharedUnavailable:
        await websocket.send_text(encode(paused()))
        await websocket.close(CLOSE_TRY_LATER, "the duel rooms are paused; try again soon")
        return
    if not found:
        await websocket.close(CLOSE_NO_ROOM, "there is no open duel room with this code")
        return
    await _serve(
        websocket,
        client,
        join=lambda: None,
        receive=lambda text: rooms.receive_from(code, client, text),
        leave=lambda restarting: rooms.detach(code, client, restarting=restarting),
    )


async def _serve(
    websocket: WebSocket,
    client: Client,
    *,
    join: Callable[[], object],
    receive: Callable[[str | None], None],
    leave: Callable[[bool], None],
) -> None:
    """Pump ``client``'s frames out and the socket's frames in until either side ends;
    ``leave`` is told whether the server itself closed the socket (it is stopping)."""
    restarting = False

    async def send(text: str) -> None:
        await websocket.send_text(text)

    async def close(code: int, reason: str) -> None:
        await websocket.close(code, reason)

    async def pump() -> None:
        with contextlib.suppress(WebSocketDisconnect, RuntimeError, OSError):
            await client.pump(send, close)

    async def read() -> None:
        nonlocal restarting
        with contextlib.suppress(WebSocketDisconnect, RuntimeError, OSError):
            while client.closing is None:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    restarting = message.get("code") == CLOSE_RESTART
                    return
                text = message.get("text")
                receive(text if isinstance(text, str) else None)

    writer = asyncio.create_task(pump())
    join()
    reader = asyncio.create_task(read())
    try:
        await asyncio.wait({reader, writer}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        leave(restarting)
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
