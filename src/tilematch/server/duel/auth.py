"""Who opens a duel websocket, and whether they may: the per-address join limit, the
origin of a cookie, the player of a token.

A connection names its player by one of (the first found wins):

* ``?token=<token>`` in the address: still accepted, but discouraged, since
  addresses end up in histories, proxies and logs (the server's own log hides it);
* the ``Authorization: Bearer <token>`` header (programs);
* the ``tilematch_token`` cookie (the browser page; refused from a foreign
  ``Origin``, see :mod:`tilematch.server.origins`).

Without any, the connection is a spectator.
"""

from __future__ import annotations

from fastapi import WebSocket

from tilematch.server.addresses import AddressLimits
from tilematch.server.deps import Server, player_for_token
from tilematch.server.duel.protocol import (
    CLOSE_BAD_ORIGIN,
    CLOSE_RATE_LIMITED,
    CLOSE_TRY_LATER,
    CLOSE_UNAUTHORIZED,
)
from tilematch.server.errors import ApiError
from tilematch.server.origins import origin_allowed
from tilematch.server.players import COOKIE, Player


class SocketRefused(Exception):
    """A websocket that may not go on: close it with ``code`` and ``reason``."""

    def __init__(self, code: int, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


def socket_token(websocket: WebSocket) -> tuple[str | None, bool]:
    """The token a websocket carries and whether it is the cookie's: ``(token,
    from_cookie)``, ``(None, False)`` without one."""
    query = websocket.query_params.get("token")
    if query:
        return query, False
    scheme, _, value = websocket.headers.get("authorization", "").partition(" ")
    if scheme.lower() == "bearer" and value.strip():
        return value.strip(), False
    cookie = websocket.cookies.get(COOKIE)
    return (cookie, True) if cookie else (None, False)


def socket_player(websocket: WebSocket, server: Server) -> Player | None:
    """The player of a duel websocket, ``None`` for a spectator without a token.

    Takes one join of the client address's limit first. Raises :class:`SocketRefused`:
    ``4420`` over the join limit (``1013`` when the shared limits cannot be reached),
    ``4403`` for the cookie sent from a page of a foreign origin, ``4401`` for a token
    that belongs to no player.
    """
    addresses: AddressLimits = websocket.app.state.addresses
    try:
        addresses.check_join(websocket)
    except ApiError as error:
        if error.status == 429:
            wait = (error.headers or {}).get("Retry-After", "1")
            reason = f"too many duel rooms opened from this address; try again in {wait} s"
            raise SocketRefused(CLOSE_RATE_LIMITED, reason) from None
        raise SocketRefused(
            CLOSE_TRY_LATER, "the limits cannot be counted; try again soon"
        ) from None
    token, from_cookie = socket_token(websocket)
    if token is None:
        return None
    if from_cookie:
        origin = websocket.headers.get("origin")
        host = websocket.headers.get("host")
        if origin is not None and not origin_allowed(origin, host, server.settings.origins):
            raise SocketRefused(CLOSE_BAD_ORIGIN, "a page of another site may not use your cookie")
    player = player_for_token(server, token)
    if player is None:
        raise SocketRefused(CLOSE_UNAUTHORIZED, "this token belongs to no player")
    websocket.state.locale_setting = player.locale  # request_locale prefers it
    return player
