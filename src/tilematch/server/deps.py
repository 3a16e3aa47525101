"""Typed dependencies shared by the routers: the server context and the current player."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from typing import Annotated

from fastapi import Depends, Request, Response

from tilematch.server.addresses import client_address
from tilematch.server.db import Storage
from tilematch.server.errors import ApiError
from tilematch.server.games import Games
from tilematch.server.known_players import KnownPlayers
from tilematch.server.limits import Limit, Slots
from tilematch.server.players import (
    COOKIE,
    Player,
    create_player,
    player_by_key,
    set_token_cookie,
    token_key,
)
from tilematch.server.rules import Rules
from tilematch.server.settings import Settings
from tilematch.server.shared_limits import SharedInFlight, SharedLimits, SharedRateLimiter


@dataclass
class Server:
    """What one app instance holds: settings, storage, rules, live games and rate limits
    (in memory, or in Redis when ``settings.redis_url`` is set)."""

    settings: Settings
    storage: Storage
    rules: Rules
    games: Games
    requests: Limit
    creations: Limit
    newcomers: Limit
    in_flight: Slots
    shared_limits: SharedLimits | None = None
    known: KnownPlayers = field(default_factory=KnownPlayers)

    def now(self) -> float:
        """The server's time in seconds."""
        return self.settings.clock()

    def admit(self, player_id: str) -> AbstractContextManager[None]:
        """One request of ``player_id``: a token of the request limit, then an in-flight
        slot held while the block runs (one call to Redis when the limits live there).

        Raises a 429 over either limit, 503 ``shared_unavailable`` without Redis.
        """
        if isinstance(self.requests, SharedRateLimiter) and isinstance(
            self.in_flight, SharedInFlight
        ):
            return self.in_flight.hold_after(self.requests, player_id)
        self.requests.check(player_id, "requests")
        return self.in_flight.hold(player_id)

    def close(self) -> None:
        """Close the database and the Redis connection of the limits."""
        self.known.close()
        self.storage.close()
        if self.shared_limits is not None:
            self.shared_limits.close()


async def get_server(request: Request) -> Server:
    """The :class:`Server` of the app answering ``request`` (``async`` only so that the
    framework calls it on the event loop instead of in a worker thread)."""
    server: Server = request.app.state.server
    return server


ServerDep = Annotated[Server, Depends(get_server)]


def bearer_token(request: Request) -> str | None:
    """The token of an ``Authorization: Bearer`` header (``None`` without one).

    Raises 401 for an ``Authorization`` header of another kind.
    """
    header = request.headers.get("authorization")
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(401, "bad_authorization", "Authorization must be 'Bearer <token>'.")
    return token.strip()


def player_for_token(server: Server, token: str) -> Player | None:
    """The player owning ``token`` (for the websocket routes too), or ``None``; a player
    found by an earlier request is kept for the next ones
    (:mod:`~tilematch.server.known_players`)."""
    key = token_key(token)
    if key is None:
        return None
    return server.known.find(key, lambda: player_by_key(server.storage, key))


async def current_player(
    request: Request, response: Response, server: ServerDep
) -> AsyncIterator[Player]:
    """The caller: from the bearer token or the cookie, else a new anonymous player.

    Runs on the event loop (one indexed read, or one short write for a newcomer),
    so that asking who is calling costs no trip through a worker thread.

    The player's language setting is kept as ``request.state.locale_setting`` for
    :func:`~tilematch.server.i18n.request_locale`. A new player's token is set as the
    ``tilematch_token`` cookie. Raises 401
    for an unknown bearer token and 429 when the caller makes too many requests,
    or has too many being answered at once (the player holds a slot until the
    request is answered).
    """
    token = bearer_token(request)
    if token is not None:
        player = player_for_token(server, token)
        if player is None:
            raise ApiError(401, "unknown_token", "This token belongs to no player.")
    else:
        cookie = request.cookies.get(COOKIE)
        player = player_for_token(server, cookie) if cookie else None
        if player is None:
            server.newcomers.check(client_address(request), "new players from this address")
            player = create_player(server.storage, server.now())
            set_token_cookie(response, player.token or "", secure=server.settings.cookie_secure)
    request.state.locale_setting = player.locale  # request_locale prefers it
    with server.admit(player.id):
        yield player


PlayerDep = Annotated[Player, Depends(current_player)]
