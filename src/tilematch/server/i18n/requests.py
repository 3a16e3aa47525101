"""The locale of one request or websocket: the player's setting, else the browser's
``Accept-Language``, else English."""

from __future__ import annotations

from starlette.requests import HTTPConnection

from tilematch.server.i18n.negotiation import negotiate
from tilematch.server.i18n.pseudo import PSEUDO_LOCALE


def wants_pseudo(accept_language: str | None) -> bool:
    """Whether ``accept_language`` names the pseudo-locale first."""
    first = (accept_language or "").split(",", 1)[0].split(";", 1)[0]
    return first.strip().lower() == PSEUDO_LOCALE.lower()


def request_locale(connection: HTTPConnection) -> str:
    """The locale to answer ``connection`` in. A route or middleware that knows the
    player's setting stores it as ``connection.state.locale_setting``; it wins over
    ``Accept-Language``. With the app's ``pseudo_locale`` on, a browser asking for
    ``en-XA`` first gets the pseudo-locale. The answer is kept on
    ``connection.state.locale``."""
    state = connection.state
    known = getattr(state, "locale", None)
    if isinstance(known, str):
        return known
    setting = getattr(state, "locale_setting", None)
    header = connection.headers.get("accept-language")
    if getattr(connection.app.state, "pseudo_locale", False) and wants_pseudo(header):
        state.locale = PSEUDO_LOCALE
        return PSEUDO_LOCALE
    chosen = negotiate(setting if isinstance(setting, str) else None, header)
    state.locale = chosen
    return chosen
