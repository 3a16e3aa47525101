"""The application factory: :func:`create_app` builds one server from its settings."""

from __future__ import annotations

import gc
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import TypedDict

from fastapi import FastAPI

import tilematch
from tilematch.server import api_docs, errors, pages
from tilematch.server.account.limits import link_limits
from tilematch.server.addresses import address_limits, believe_proxies
from tilematch.server.db import Storage
from tilematch.server.deps import Server
from tilematch.server.duel import lifecycle
from tilematch.server.games import Games
from tilematch.server.headers import SecurityHeaders
from tilematch.server.i18n.headers import ContentLanguage
from tilematch.server.known_players import KnownPlayers
from tilematch.server.limits import BodyLimit, InFlight, Limit, RateLimiter, Slots
from tilematch.server.openapi_errors import answers
from tilematch.server.origins import OriginCheck
from tilematch.server.routes import layout_files, routers
from tilematch.server.rules import ModesRules, Rules
from tilematch.server.settings import Settings
from tilematch.server.shared_limits import SharedLimits

DESCRIPTION = """The tilematch game server: Shisen-Sho, Mahjong Solitaire and Black & White
Mahjong. The server keeps every rule, clock and score; clients send intents.
Errors are `{"error": {"code", "message"}}` with a 4xx status."""


def create_app(settings: Settings | None = None, *, rules: Rules | None = None) -> FastAPI:
    """A new FastAPI app on ``settings`` (default: :meth:`Settings.from_env`).

    Opens (creating or migrating) the database, SQLite or PostgreSQL; raises
    :class:`~tilematch.server.db.StorageError` when it cannot. With
    ``settings.redis_url`` the limits are counted in Redis, which must answer:
    raises :class:`~tilematch.server.shared.SharedError` when it does not.
    ``rules`` replaces :class:`~tilematch.server.rules.ModesRules` (for tests).
    """
    settings = settings if settings is not None else Settings.from_env()
    shared_limits = _shared_limits(settings)
    try:
        storage = Storage(settings.db_path, now=settings.clock(), synchronous=settings.synchronous)
    except BaseException:
        if shared_limits is not None:
            shared_limits.close()
        raise
    rules = rules if rules is not None else ModesRules()
    server = Server(
        settings=settings,
        storage=storage,
        rules=rules,
        games=Games(storage, rules, settings.clock, settings.cache_size),
        **_limits(settings, shared_limits),
        shared_limits=shared_limits,
        known=KnownPlayers(shared_limits.client if shared_limits is not None else None),
    )

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await lifecycle.open_rooms(app)
        yield
        await lifecycle.close_rooms(app)
        server.close()

    app = FastAPI(
        title="tilematch",
        version=getattr(tilematch, "__version__", "0"),
        description=DESCRIPTION,
        lifespan=lifespan,
        docs_url=None,  # api_docs serves /docs from the package's files
        redoc_url=None,
    )
    app.state.server = server
    app.state.pseudo_locale = settings.pseudo_locale  # i18n.request_locale reads it
    app.state.addresses = address_limits(
        settings.joins_per_minute, settings.joins_burst, settings.clock, shared_limits
    )
    app.state.links = link_limits(settings.clock, shared_limits)
    errors.install(app)
    app.add_middleware(BodyLimit, limit=settings.max_body_bytes, larger=layout_files.BODY_LIMITS)
    app.add_middleware(OriginCheck, allowed=settings.origins)
    believe_proxies(app, settings.forwarded_allow_ips)
    app.add_middleware(ContentLanguage)
    app.add_middleware(SecurityHeaders)  # outermost: on every answer, a 413 or 403 too

    @app.get("/api/ping", tags=["server"], summary="Liveness check", responses=answers(400, 413))
    async def ping() -> dict[str, bool]:
        """``{"ok": true}`` without touching the database (the benchmark's bare endpoint)."""
        return {"ok": True}

    for router in routers():
        app.include_router(router)
    api_docs.mount(app)
    pages.mount(app, settings.web_dir)
    return app


def app_from_env() -> FastAPI:
    """The app of a ``tilematch serve --workers N`` worker: :func:`create_app` on
    :meth:`Settings.from_env` (the command passes its options through the environment),
    with what it built at start frozen (:func:`freeze_start`)."""
    app = create_app(Settings.from_env())
    freeze_start()
    return app


def freeze_start() -> None:
    """Collect the garbage of a server's start, then leave every object still alive
    (modules, classes, the app, its routes) out of the garbage collector's future
    passes: ``gc.freeze()``.

    Those objects live as long as the process. Without this, each full collection
    walks all of them again: measured at 100 players, one came about every 2,500
    moves and held the event loop 60–80 ms (about 10 ms with them frozen). Called by
    ``tilematch serve`` once the app is built, never by :func:`create_app` (tests
    build many apps in one process, and what is frozen is never collected).
    """
    gc.collect()
    gc.freeze()


def _shared_limits(settings: Settings) -> SharedLimits | None:
    """The Redis behind the limits when ``settings.redis_url`` is set (checked: raises
    :class:`~tilematch.server.shared.SharedError` when Redis does not answer)."""
    if settings.redis_url is None:
        return None
    from tilematch.server.shared import connect

    return SharedLimits(connect(settings.redis_url), settings.clock)


def _limits(settings: Settings, shared: SharedLimits | None) -> _Limits:
    """The request, creation, new-player and in-flight limits of one app: counted in
    ``shared`` (Redis) when given, else in this process's memory."""

    def rate(name: str, per_second: float, burst: int) -> Limit:
        if shared is not None:
            return shared.rate(name, per_second, burst)
        return RateLimiter(name, per_second, burst, settings.clock)

    return _Limits(
        requests=rate("requests", settings.requests_per_second, settings.request_burst),
        creations=rate("creations", settings.create_per_minute / 60.0, settings.create_burst),
        newcomers=rate("newcomers", settings.players_per_minute / 60.0, settings.players_burst),
        in_flight=(
            shared.slots(settings.max_in_flight)
            if shared is not None
            else InFlight(settings.max_in_flight)
        ),
    )


class _Limits(TypedDict):
    requests: Limit
    creations: Limit
    newcomers: Limit
    in_flight: Slots
