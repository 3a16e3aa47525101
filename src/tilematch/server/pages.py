"""The static page: ``index.html`` for ``/`` and the page's own routes, files beside it."""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, Response
from fastapi.staticfiles import StaticFiles

from tilematch.server.deps import player_for_token
from tilematch.server.i18n import request_locale
from tilematch.server.i18n.shell import render_shell
from tilematch.server.players import COOKIE

#: Paths the page routes itself (``/play/...`` and these), all answered with ``index.html``.
PAGE_ROUTES = (
    "/daily",
    "/tower",
    "/guide",
    "/learn",
    "/settings",
    "/results",
    "/duel",
    "/devices",
    "/link",
    "/editor",
    "/stats",
)
#: Page routes with a tail (``/play/<game>/<mode>``, ``/editor/<id>``, a shared layout).
PAGE_PREFIXES = ("/play", "/editor", "/layouts/shared")

PLACEHOLDER = """<!doctype html>
<html lang="en"><meta charset="utf-8"><title>tilematch</title>
<body><h1>tilematch</h1><p>The server is running. The game page is not installed;
the API is described at <a href="/docs">/docs</a>.</p></body></html>
"""


def mount(app: FastAPI, web_dir: Path | None) -> None:
    """Serve ``web_dir`` at ``/`` (a placeholder page when it has no ``index.html``); the
    page comes in the negotiated locale (:func:`~tilematch.server.i18n.shell.render_shell`)."""
    index = web_dir / "index.html" if web_dir is not None else None

    def page(request: Request) -> Response:
        if index is not None and index.is_file():
            html = index.read_text(encoding="utf-8")
            cookie = request.cookies.get(COOKIE)
            if cookie:  # a known player's language wins; a page view never creates one
                player = player_for_token(request.app.state.server, cookie)
                request.state.locale_setting = player.locale if player else None
            return HTMLResponse(render_shell(html, request_locale(request)))
        return HTMLResponse(PLACEHOLDER)

    app.add_api_route("/", page, methods=["GET", "HEAD"], include_in_schema=False)
    for path in PAGE_ROUTES:
        app.add_api_route(path, page, methods=["GET", "HEAD"], include_in_schema=False)

    def play(request: Request, rest: str) -> Response:
        return page(request)

    for prefix in PAGE_PREFIXES:
        app.add_api_route(
            prefix + "/{rest:path}", play, methods=["GET", "HEAD"], include_in_schema=False
        )
    if web_dir is not None and web_dir.is_dir():
        app.mount("/", StaticFiles(directory=web_dir), name="web")
