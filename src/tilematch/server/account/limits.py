"""How often one-time codes may be made and tried.

Making a code is limited per player and per client address, trying one per client
address and per player (when the trying browser has one): a code has about 40 random
bits, and at :data:`TRIES_PER_MINUTE` an address would need many thousand years to find
one that works in its ten minutes. The limits are the buckets of
:mod:`tilematch.server.limits`, counted in Redis when ``TILEMATCH_REDIS`` is set
(:mod:`tilematch.server.shared_limits`), so every server process counts together.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from starlette.requests import HTTPConnection

from tilematch.server.addresses import client_address
from tilematch.server.limits import Limit, RateLimiter
from tilematch.server.shared_limits import SharedLimits

#: Codes one player (or one address) may make in a burst, then one each
#: 60 / CODES_PER_MINUTE seconds.
CODES_BURST = 5
CODES_PER_MINUTE = 1.0
#: Codes one address (or one player) may try in a burst, then one each
#: 60 / TRIES_PER_MINUTE seconds.
TRIES_BURST = 10
TRIES_PER_MINUTE = 5.0


@dataclass(frozen=True)
class LinkLimits:
    """The buckets of making and of trying codes, by player and by address."""

    codes: Limit
    tries: Limit

    def check_make(self, connection: HTTPConnection, player_id: str) -> None:
        """Take a token for making a code (the player's and the address's); raises the
        429 ``rate_limited`` with ``Retry-After`` over either limit."""
        self.codes.check("player:" + player_id, "codes made for this player")
        self.codes.check("address:" + client_address(connection), "codes made from this address")

    def check_try(self, connection: HTTPConnection, player_id: str | None) -> None:
        """Take a token for trying a code (the address's, and the player's when the caller
        has one); raises the 429 ``rate_limited`` with ``Retry-After`` over either."""
        self.tries.check("address:" + client_address(connection), "codes tried from this address")
        if player_id is not None:
            self.tries.check("player:" + player_id, "codes tried by this player")


def link_limits(clock: Callable[[], float], shared: SharedLimits | None) -> LinkLimits:
    """The limits of one app on the server's ``clock``: in Redis when ``shared`` is given,
    else in this process's memory."""
    if shared is not None:
        return LinkLimits(
            codes=shared.rate("link_codes", CODES_PER_MINUTE / 60.0, CODES_BURST),
            tries=shared.rate("link_tries", TRIES_PER_MINUTE / 60.0, TRIES_BURST),
        )
    return LinkLimits(
        codes=RateLimiter("link_codes", CODES_PER_MINUTE / 60.0, CODES_BURST, clock),
        tries=RateLimiter("link_tries", TRIES_PER_MINUTE / 60.0, TRIES_BURST, clock),
    )
