"""ASGI middleware refusing request bodies larger than a limit with a 413 JSON error."""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from tilematch.server.errors import error_response


class BodyLimit:
    """Refuse bodies over ``limit`` bytes.

    A declared ``Content-Length`` over the limit is refused before reading;
    a body without one (chunked) is read up to the limit and handed on whole.
    """

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = None
        for name, value in scope.get("headers", ()):
            if name == b"content-length":
                declared = value
        if declared is not None:
            try:
                length = int(declared)
            except ValueError:
                await error_response(400, "bad_request", "Content-Length is not a number.")(
                    scope, receive, send
                )
                return
            if length > self.limit:
                await self._too_large(scope, receive, send)
                return
            await self.app(scope, receive, send)
            return
        if scope.get("method") in ("GET", "HEAD", "OPTIONS", "DELETE"):
            await self.app(scope, receive, send)
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.limit:
                await self._too_large(scope, receive, send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        delivered = False

        async def replay() -> Message:
            nonlocal delivered
            if not delivered:
                delivered = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _too_large(self, scope: Scope, receive: Receive, send: Send) -> None:
        message = f"The request body is larger than {self.limit} bytes."
        await error_response(413, "body_too_large", message)(scope, receive, send)
