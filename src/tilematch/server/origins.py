"""Which pages may use a player's cookie: the server's own origin and a configured list.

A browser sends the ``tilematch_token`` cookie with every request to the server,
whichever site's page makes it, and a websocket handshake carries it too (the
cookie's ``SameSite=Lax`` does not keep it off a websocket). The ``Origin`` header
says which page asked. A request authenticated by the cookie is refused when its
``Origin`` is neither the server's own (the host the request was sent to) nor one
of ``Settings.origins`` (``TILEMATCH_ORIGINS``). Requests without ``Origin`` (programs,
``curl``) and requests that carry their token themselves (``Authorization``) are not
a browser acting for a victim, and pass.

:class:`OriginCheck` guards the state-changing HTTP requests; the duel websocket
asks :func:`foreign_origin` before it lets the cookie seat a player.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Receive, Scope, Send

from tilematch.server.errors import error_response
from tilematch.server.players import COOKIE

#: Methods that only read: the cookie may come from any page (the answer is not
#: readable across sites without CORS, which the server does not grant).
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
_DEFAULT_PORTS = {"http": "80", "https": "443", "ws": "80", "wss": "443"}


def parse_origin(value: str) -> str:
    """``value`` as an origin ``scheme://host[:port]``, lower-cased, default port dropped.

    Raises ``ValueError`` naming the value when it is not an ``http``/``https``
    origin (a path, a query, a user name or a bad port are refused).
    """
    text = value.strip()
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError:
        raise ValueError(f"{text!r} is not an origin such as https://play.example.org") from None
    if (
        parts.scheme.lower() not in ("http", "https")
        or not parts.hostname
        or parts.path not in ("", "/")
        or parts.query
        or parts.fragment
        or parts.username is not None
    ):
        raise ValueError(f"{text!r} is not an origin such as https://play.example.org")
    scheme = parts.scheme.lower()
    host = parts.hostname.lower()
    if ":" in host:
        host = f"[{host}]"
    if port is not None and str(port) != _DEFAULT_PORTS[scheme]:
        return f"{scheme}://{host}:{port}"
    return f"{scheme}://{host}"


def parse_origins(values: Iterable[str]) -> tuple[str, ...]:
    """Every value of ``values`` as :func:`parse_origin` gives it, without repeats.

    Raises ``ValueError`` naming the first value that is not an origin.
    """
    seen: dict[str, None] = {}
    for value in values:
        seen[parse_origin(value)] = None
    return tuple(seen)


def _netloc(host: str, scheme: str | None) -> str:
    """``host`` (a ``Host`` header or an origin's ``host[:port]``) lower-cased, without the
    default port of ``scheme`` (either default port when the scheme is unknown)."""
    host = host.strip().lower()
    ports = [_DEFAULT_PORTS[scheme]] if scheme in _DEFAULT_PORTS else ["80", "443"]
    for port in ports:
        if host.endswith(f":{port}"):
            return host[: -len(port) - 1]
    return host


def origin_allowed(origin: str, host: str | None, allowed: tuple[str, ...]) -> bool:
    """Whether a page of ``origin`` may act with the cookie on a server reached as ``host``
    (the request's ``Host`` header): the same host and port, or one of ``allowed``
    (origins as :func:`parse_origins` gives them). ``"null"`` and unreadable origins
    are never allowed."""
    try:
        normal = parse_origin(origin)
    except ValueError:
        return False
    if normal in allowed:
        return True
    scheme, _, netloc = normal.partition("://")
    return host is not None and _netloc(netloc, scheme) == _netloc(host, None)


def foreign_origin(headers: Mapping[str, str], allowed: tuple[str, ...]) -> str | None:
    """The ``Origin`` of a request authenticated by the player cookie when that origin
    is not allowed (see :func:`origin_allowed`), else ``None``: no ``Origin``, no
    cookie, or a token of its own in ``Authorization``."""
    origin = headers.get("origin")
    if origin is None or "authorization" in headers:
        return None
    if f"{COOKIE}=" not in headers.get("cookie", ""):
        return None
    if origin_allowed(origin, headers.get("host"), allowed):
        return None
    return origin


def refusal(origin: str) -> str:
    """The sentence that refuses a cookie sent from a page of ``origin``."""
    return (
        f"A page of another site ({origin[:80]}) may not act with your player cookie; "
        "open the game from this server's own address."
    )


class OriginCheck:
    """ASGI middleware: ``403 bad_origin`` for a state-changing request (``POST``,
    ``PUT``, ``DELETE``, ...) that the player cookie authenticates and whose
    ``Origin`` is foreign (:func:`foreign_origin`); everything else passes."""

    def __init__(self, app: ASGIApp, allowed: tuple[str, ...]) -> None:
        self.app = app
        self.allowed = allowed

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope.get("method") not in SAFE_METHODS:
            origin = foreign_origin(Headers(scope=scope), self.allowed)
            if origin is not None:
                await error_response(403, "bad_origin", refusal(origin))(scope, receive, send)
                return
        await self.app(scope, receive, send)
