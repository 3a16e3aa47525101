"""One-time codes that sign another browser in as the same player.

A code is :data:`LENGTH` symbols of :data:`ALPHABET` (no ``0``/``O``, ``1``/``I``/``L``
or ``U``: about 40 random bits), works once, and only for :data:`LIFETIME` seconds on
the server's clock. The database keeps its SHA-256, never the code. Redeeming it
gives the other browser a token of its own for the same player (stored hashed in
``player_devices``), so both browsers see one history, streaks and layouts; deleting
the player ends every device's token.

People type codes: :func:`normal_code` accepts lower case, spaces and dashes, and reads
the look-alikes ``O``, ``I``, ``L`` and ``U`` as the symbols they resemble.
"""

from __future__ import annotations

import hashlib
import secrets
from typing import TYPE_CHECKING, NamedTuple

from tilematch.server.db import account as db_account
from tilematch.server.errors import ApiError
from tilematch.server.players import Player, hash_token

if TYPE_CHECKING:
    from tilematch.server.deps import Server

#: The symbols of a code: digits and capitals without look-alikes (Crockford's base 32).
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
#: Symbols in a code.
LENGTH = 8
#: Seconds a code works after it was made.
LIFETIME = 600.0
#: What a typed look-alike means.
_LOOK_ALIKES = str.maketrans({"O": "0", "I": "1", "L": "1", "U": "V"})


class LinkCode(NamedTuple):
    """A new code and when it stops working (the server's clock, seconds)."""

    code: str
    expires: float


def new_code() -> str:
    """A fresh random code of :data:`LENGTH` symbols of :data:`ALPHABET`."""
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def hash_code(code: str) -> str:
    """The stored form of a code."""
    return hashlib.sha256(("link:" + code).encode("ascii")).hexdigest()


def normal_code(text: str) -> str:
    """A typed code in its written form: upper case, without spaces and dashes, the
    look-alikes ``O``, ``I``, ``L``, ``U`` read as ``0``, ``1``, ``1``, ``V``.

    Raises 422 ``bad_code`` naming the problem for text that cannot be a code.
    """
    cleaned = "".join(text.split()).replace("-", "").upper().translate(_LOOK_ALIKES)
    if len(cleaned) != LENGTH:
        raise ApiError(
            422,
            "bad_code",
            f"A code has {LENGTH} letters and digits, not {len(cleaned)}.",
            msg_id="server.error.bad_code.length",
            length=LENGTH,
            count=len(cleaned),
        )
    wrong = sorted({symbol for symbol in cleaned if symbol not in ALPHABET})
    if wrong:
        raise ApiError(
            422,
            "bad_code",
            f"A code holds only digits and the letters {ALPHABET[10:]}, not {''.join(wrong)!r}.",
            msg_id="server.error.bad_code.symbols",
            letters=ALPHABET[10:],
            wrong="".join(wrong),
        )
    return cleaned


def create_code(server: Server, player: Player) -> LinkCode:
    """Store a new code of ``player`` (their earlier unused code stops working); returns
    it with its end. Raises a storage failure (nothing stored)."""
    now = server.now()
    code = new_code()
    with server.storage.transaction() as conn:
        db_account.insert_link_code(conn, hash_code(code), player.id, now, now + LIFETIME)
    return LinkCode(code, now + LIFETIME)


def redeem_code(server: Server, text: str) -> Player:
    """Use the code ``text`` once: a :class:`Player` of the code's player carrying a new
    token for this device (stored hashed in the same transaction).

    Raises 422 ``bad_code`` for text that is not a code, 404 ``code_unknown`` for a code
    never made (or replaced by a newer one), 410 ``code_used`` for one used already and
    410 ``code_expired`` for one past its :data:`LIFETIME`; none of them stores anything.
    """
    code = normal_code(text)
    now = server.now()
    token = secrets.token_urlsafe(32)
    with server.storage.transaction() as conn:
        found = db_account.link_code(conn, hash_code(code))
        if found is None:
            raise ApiError(
                404, "code_unknown", "No player has this code; check it, or make a new one."
            )
        player_id, expires, used = found
        if now >= expires:
            raise ApiError(
                410,
                "code_expired",
                f"This code is older than {int(LIFETIME // 60)} minutes; make a new one.",
                msg_id="server.error.code_expired.minutes",
                count=int(LIFETIME // 60),
            )
        if used is not None or not db_account.use_link_code(conn, hash_code(code), now):
            raise ApiError(410, "code_used", "This code was used already; make a new one.")
        db_account.insert_device(conn, hash_token(token), player_id, now)
    return Player(player_id, db_account.player_name(server.storage, player_id), token)
