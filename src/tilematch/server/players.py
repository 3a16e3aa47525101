"""Anonymous players: a random id, a secret token, an optional display name.

The token is 256 random bits; only its SHA-256 is stored, so the database
never holds a usable token. The id is separate random text that says
nothing about the player or the token.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass

from starlette.responses import Response

from tilematch.server.db import Storage
from tilematch.server.db.players import (
    insert_player,
    player_by_token,
    rename_player,
    set_player_locale,
)
from tilematch.server.errors import ApiError
from tilematch.server.i18n import LOCALES

COOKIE = "tilematch_token"
NAME_MAX = 24
#: Seconds the player cookie is kept (ten years).
COOKIE_AGE = 10 * 365 * 24 * 3600


@dataclass(frozen=True)
class Player:
    """A player as the routes see it."""

    id: str
    name: str | None
    token: str | None = None  # set only on the request that created the player
    locale: str | None = None  # the language the player chose, None to follow the browser


def hash_token(token: str) -> str:
    """The stored form of a token."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def new_id() -> str:
    """A fresh opaque id (96 random bits, URL-safe)."""
    return secrets.token_urlsafe(12)


def create_player(storage: Storage, now: float) -> Player:
    """Create an anonymous player; the returned :class:`Player` carries its token."""
    token = secrets.token_urlsafe(32)
    player_id = new_id()
    with storage.transaction() as conn:
        insert_player(conn, player_id, hash_token(token), now)
    return Player(player_id, None, token)


def token_key(token: str) -> str | None:
    """The stored form of ``token`` (:func:`hash_token`), or ``None`` for a token no
    player can have (empty, or over 200 characters)."""
    if not token or len(token) > 200:
        return None
    return hash_token(token)


def find_player(storage: Storage, token: str) -> Player | None:
    """The player owning ``token``, or ``None`` for an unknown or malformed token."""
    key = token_key(token)
    return None if key is None else player_by_key(storage, key)


def player_by_key(storage: Storage, key: str) -> Player | None:
    """The player whose token has the stored form ``key``, or ``None``."""
    row = player_by_token(storage, key)
    if row is None:
        return None
    return Player(row["id"], row["name"], locale=row["locale"])


def clean_name(name: str) -> str:
    """A display name trimmed of outer and repeated spaces; raises a 422 :class:`ApiError`
    when unusable (1 to :data:`NAME_MAX` characters as sent and once trimmed, printable)."""
    cleaned = " ".join(name.split())
    if not 1 <= len(cleaned) <= NAME_MAX or len(name) > NAME_MAX:
        raise ApiError(
            422,
            "bad_name",
            f"A name must have 1 to {NAME_MAX} characters.",
            msg_id="server.error.bad_name.length",
            most=NAME_MAX,
        )
    if not cleaned.isprintable():
        raise ApiError(
            422,
            "bad_name",
            "A name may hold printable characters only.",
            msg_id="server.error.bad_name.printable",
        )
    return cleaned


def rename(storage: Storage, player: Player, name: str) -> Player:
    """Set the display name; returns the updated player."""
    cleaned = clean_name(name)
    with storage.transaction() as conn:
        rename_player(conn, player.id, cleaned)
    return Player(player.id, cleaned, locale=player.locale)


def set_locale(storage: Storage, player: Player, locale: str | None) -> Player:
    """Remember ``locale`` as the player's language (``None`` to follow the browser again);
    returns the updated player. Raises a 422 :class:`ApiError` ``unknown_locale`` (nothing
    stored) for a locale that is not one of :data:`~tilematch.server.i18n.LOCALES`."""
    if locale is not None and locale not in LOCALES:
        raise ApiError(
            422, "unknown_locale", f"No locale {locale!r}; there are {', '.join(LOCALES)}."
        )
    with storage.transaction() as conn:
        set_player_locale(conn, player.id, locale)
    return Player(player.id, player.name, locale=locale)


def set_token_cookie(response: Response, token: str, *, secure: bool) -> None:
    """Give the browser ``token`` as the player cookie (HttpOnly, SameSite=Lax, ten
    years; ``Secure`` when ``secure``)."""
    response.set_cookie(
        COOKIE, token, max_age=COOKIE_AGE, httponly=True, samesite="lax", secure=secure
    )
