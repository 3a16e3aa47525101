"""``Content-Language`` and ``Vary`` on every answer that was written in a negotiated
locale: a route that asked :func:`~tilematch.server.i18n.request_locale` left the locale
on the request's state, and :class:`ContentLanguage` (a pure ASGI middleware) names it in
the answer's headers, so that caches keep one copy per language and cookie."""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

#: What a negotiated answer depends on: the browser's languages and the player's cookie.
VARY = ("Accept-Language", "Cookie")


def merged_vary(existing: str, names: tuple[str, ...] = VARY) -> str:
    """``existing`` (a ``Vary`` value) with ``names`` added once each."""
    present = [item.strip() for item in existing.split(",") if item.strip()]
    lowered = {item.lower() for item in present}
    return ", ".join(present + [name for name in names if name.lower() not in lowered])


class ContentLanguage:
    """ASGI middleware: an HTTP answer whose request negotiated a locale gets
    ``Content-Language: <locale>`` and ``Accept-Language, Cookie`` in its ``Vary``."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_language(message: Message) -> None:
            state = scope.get("state") or {}
            locale = state.get("locale") if isinstance(state, dict) else None
            if message["type"] == "http.response.start" and isinstance(locale, str):
                headers = [
                    (name, value)
                    for name, value in message.get("headers", ())
                    if name.lower() not in (b"content-language", b"vary")
                ]
                vary = b", ".join(
                    value for name, value in message.get("headers", ()) if name.lower() == b"vary"
                )
                headers.append((b"content-language", locale.encode("ascii")))
                headers.append((b"vary", merged_vary(vary.decode("latin-1")).encode("latin-1")))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_language)
