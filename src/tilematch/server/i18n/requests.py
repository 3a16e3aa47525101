"""The locale of one request or websocket: the player's setting, else the browser's
``Accept-Language``, else English."""

from __future__ import annotations

from starlette.requests import HTTPConnection

from tilematch.server.i18n.negotiation import negotiate


def request_locale(connection: HTTPConnection) -> str:
    """The locale to answer ``connection`` in. A route or middleware that knows the
    player's setting stores it as ``connection.state.locale_setting``; it wins over
    ``Accept-Language``. The answer is kept on ``connection.state.locale``."""
    state = connection.state
    known = getattr(state, "locale", None)
    if isinstance(known, str):
        return known
    setting = getattr(state, "locale_setting", None)
    chosen = negotiate(
        setting if isinstance(setting, str) else None,
        connection.headers.get("accept-language"),
    )
    state.locale = chosen
    return chosen
