"""Client addresses: whom to believe about them, and the limits counted per address.

A token costs nothing to make, so limits per player alone let one machine act as
many players. Two limits count per client address instead: new players
(``TILEMATCH_RATE_PLAYERS``, in :mod:`tilematch.server.deps`) and duel room
look-ups and connections (``TILEMATCH_RATE_JOINS``, :class:`AddressLimits`), so
that room codes cannot be guessed at speed.

**The trust rule.** The client address is the address of the connection. Behind a
proxy or a load balancer that is the proxy's; the proxy then names the client in
``X-Forwarded-For``, a header any client can also write. The header (and
``X-Forwarded-Proto``) is believed only on connections from the addresses or
networks of ``Settings.forwarded_allow_ips`` (``TILEMATCH_FORWARDED_ALLOW_IPS``,
``tilematch serve --forwarded-allow-ips``); the default is none, so it is ignored.
The client is then the last address of the header that is not a trusted proxy
(each proxy appends the address it was reached from).
"""

from __future__ import annotations

import ipaddress
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from fastapi import FastAPI
from starlette.requests import HTTPConnection

from tilematch.server.limits import Limit, RateLimiter
from tilematch.server.shared_limits import SharedLimits


def trusted_proxies(values: Iterable[str]) -> tuple[str, ...]:
    """The proxies of ``values`` (IP addresses, networks such as ``10.0.0.0/8``, or
    ``*`` for any address), stripped and without empty entries.

    Raises ``ValueError`` naming a value that is none of these.
    """
    proxies: list[str] = []
    for value in values:
        text = value.strip()
        if not text:
            continue
        if text != "*":
            try:
                if "/" in text:
                    ipaddress.ip_network(text, strict=False)
                else:
                    ipaddress.ip_address(text)
            except ValueError:
                raise ValueError(
                    f"{text!r} is not an IP address, a network such as 10.0.0.0/8, or *"
                ) from None
        proxies.append(text)
    return tuple(proxies)


def believe_proxies(app: FastAPI, proxies: tuple[str, ...]) -> None:
    """Put uvicorn's ``ProxyHeadersMiddleware`` trusting ``proxies`` in front of ``app``
    (the client and scheme then come from those proxies' forwarded headers); nothing
    when no proxy is trusted."""
    if not proxies:
        return
    from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

    trusted: Any = "*" if "*" in proxies else list(proxies)
    app.add_middleware(ProxyHeadersMiddleware, trusted_hosts=trusted)


def client_address(connection: HTTPConnection) -> str:
    """The address of the client of a request or websocket (as the trust rule gives it),
    ``"unknown"`` when the server was not told."""
    client = connection.client
    return client.host if client is not None and client.host else "unknown"


@dataclass(frozen=True)
class AddressLimits:
    """The limits counted per client address besides new players."""

    #: Duel room look-ups (``GET /api/duels/{code}``) and websocket connections.
    joins: Limit

    def check_join(self, connection: HTTPConnection) -> None:
        """Take a join for the caller's address; raises the 429 ``rate_limited`` (with
        ``Retry-After``) over the limit, 503 ``shared_unavailable`` without Redis."""
        self.joins.check(client_address(connection), "duel rooms opened from this address")


def address_limits(
    joins_per_minute: float,
    joins_burst: int,
    clock: Callable[[], float],
    shared: SharedLimits | None,
) -> AddressLimits:
    """The per-address limits of one app (``Settings.joins_per_minute`` and
    ``joins_burst``, on the server's ``clock``): in Redis when ``shared`` is given (every
    process counts in the same buckets), else in this process's memory."""
    rate = joins_per_minute / 60.0
    if shared is not None:
        return AddressLimits(joins=shared.rate("joins", rate, joins_burst))
    return AddressLimits(joins=RateLimiter("joins", rate, joins_burst, clock))
