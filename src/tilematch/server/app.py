"""The application factory: :func:`create_app` builds one server from its settings."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI

import tilematch
from tilematch.server import errors, pages
from tilematch.server.db import Storage
from tilematch.server.deps import Server
from tilematch.server.games import Games
from tilematch.server.limits import BodyLimit, InFlight, RateLimiter
from tilematch.server.routes import routers
from tilematch.server.rules import ModesRules, Rules
from tilematch.server.settings import Settings

DESCRIPTION = """The tilematch game server: Shisen-Sho, Mahjong Solitaire and Black & White
Mahjong. The server keeps every rule, clock and score; clients send intents.
Errors are `{"error": {"code", "message"}}` with a 4xx status."""


def create_app(settings: Settings | None = None, *, rules: Rules | None = None) -> FastAPI:
    """A new FastAPI app on ``settings`` (default: :meth:`Settings.from_env`).

    Opens (creating or migrating) the database, SQLite or PostgreSQL; raises
    :class:`~tilematch.server.db.StorageError` when it cannot. ``rules``
    replaces :class:`~tilematch.server.rules.ModesRules` (for tests).
    """
    settings = settings if settings is not None else Settings.from_env()
    storage = Storage(settings.db_path, now=settings.clock(), synchronous=settings.synchronous)
    rules = rules if rules is not None else ModesRules()
    clock = settings.clock
    server = Server(
        settings=settings,
        storage=storage,
        rules=rules,
        games=Games(storage, rules, clock, settings.cache_size),
        requests=RateLimiter(
            "requests", settings.requests_per_second, settings.request_burst, clock
        ),
        creations=RateLimiter(
            "creations", settings.create_per_minute / 60.0, settings.create_burst, clock
        ),
        newcomers=RateLimiter(
            "newcomers", settings.players_per_minute / 60.0, settings.players_burst, clock
        ),
        in_flight=InFlight(settings.max_in_flight),
    )

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        yield
        storage.close()

    app = FastAPI(
        title="tilematch",
        version=getattr(tilematch, "__version__", "0"),
        description=DESCRIPTION,
        lifespan=lifespan,
    )
    app.state.server = server
    errors.install(app)
    app.add_middleware(BodyLimit, limit=settings.max_body_bytes)

    @app.get("/api/ping", tags=["server"], summary="Liveness check")
    async def ping() -> dict[str, bool]:
        """``{"ok": true}`` without touching the database (the benchmark's bare endpoint)."""
        return {"ok": True}

    for router in routers():
        app.include_router(router)
    pages.mount(app, settings.web_dir)
    return app
