"""One way to add headers to every HTTP answer: :class:`AnswerHeaders` is a pure ASGI
middleware that hands the headers of each answer's start to :meth:`AnswerHeaders.edit`,
whichever part of the server (a route, an error handler, the static files) wrote it. The
security headers (:mod:`tilematch.server.headers`) and the negotiated language
(:mod:`tilematch.server.i18n.headers`) are two such edits."""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

#: The headers of an answer's start, as ASGI byte pairs.
Headers = list[tuple[bytes, bytes]]


class AnswerHeaders:
    """ASGI middleware whose :meth:`edit` gives each HTTP answer its headers."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    def edit(self, scope: Scope, headers: Headers) -> Headers:
        """The headers the answer to the request ``scope`` starts with, from those its
        writer gave (``headers``, a list of its own to change)."""
        raise NotImplementedError

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_edited(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = self.edit(scope, list(message.get("headers", ())))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_edited)
