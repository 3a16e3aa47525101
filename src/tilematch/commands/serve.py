"""``tilematch serve``: run the web app and its API, in one process or in ``--workers N``.

One process needs nothing but Python (SQLite, limits and duel rooms in memory).
Several worker processes share one database and need ``TILEMATCH_REDIS``, where
the limits and the duel rooms they all see live; each worker builds its app from
the environment (:func:`tilematch.server.app.app_from_env`), so the options are
passed to them there.
"""

from __future__ import annotations

import argparse
import os
import threading
import webbrowser
from typing import TYPE_CHECKING, Any

from tilematch.commands import fail

if TYPE_CHECKING:
    from tilematch.server.settings import Settings
    from tilematch.server.slow_clients import Bounds


def add_parser(sub: Any) -> None:
    parser = sub.add_parser(
        "serve",
        help="run the web game and its API",
        description=(
            "Serve the game page and the JSON API. Players need no account; games are "
            "kept in a SQLite file (default: $TILEMATCH_DB or "
            "$XDG_DATA_HOME/tilematch/tilematch.sqlite3)."
        ),
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument("--port", type=int, default=8000, help="port to listen on")
    parser.add_argument(
        "--db",
        metavar="PATH|URL",
        help="the database: a SQLite file, or a postgresql://user:password@host/db URL"
        " (default: $TILEMATCH_DB)",
    )
    parser.add_argument("--open", action="store_true", help="open the page in a browser")
    parser.add_argument(
        "--workers",
        type=int,
        default=1,
        metavar="N",
        help="worker processes on one port (more than 1 needs TILEMATCH_REDIS)",
    )
    parser.add_argument(
        "--forwarded-allow-ips",
        metavar="IPS",
        help="comma-separated addresses or networks of the proxies whose X-Forwarded-For is"
        " believed, or * (default: $TILEMATCH_FORWARDED_ALLOW_IPS, else none)",
    )
    parser.add_argument(
        "--origins",
        metavar="ORIGINS",
        help="comma-separated origins (https://host) besides the server's own whose pages"
        " may use the player cookie (default: $TILEMATCH_ORIGINS)",
    )
    parser.add_argument(
        "--log-level", default="info", choices=["critical", "error", "warning", "info", "debug"]
    )


def run(args: argparse.Namespace) -> int:
    """Serve until stopped; returns the exit status (2, with a message, when the
    settings, the database, Redis or the port cannot be used)."""
    from tilematch.server.db import StorageError, describe
    from tilematch.server.settings import Settings, SettingsError
    from tilematch.server.shared import SharedError, where

    if not 0 <= args.port <= 65535:
        return fail(f"--port {args.port} is not a port number (0-65535)")
    if args.workers < 1:
        return fail(f"--workers {args.workers}: at least 1 worker process is needed")
    try:
        overrides: dict[str, Any] = {}
        if args.db:
            overrides["db_path"] = args.db
        for option, name in (
            (args.forwarded_allow_ips, "forwarded_allow_ips"),
            (args.origins, "origins"),
        ):
            if option is not None:
                overrides[name] = tuple(part for part in option.split(",") if part.strip())
        settings = Settings.from_env(**overrides)
        _bounds()
        if args.workers > 1 and settings.redis_url is None:
            return fail(
                f"--workers {args.workers} needs TILEMATCH_REDIS (a Redis URL): without it "
                "each worker would count its own rate limits and keep its own duel rooms, "
                "so players answered by different workers would not share them"
            )
        app = _app(settings, args.workers)
    except (SettingsError, StorageError, SharedError) as error:
        return fail(str(error))
    except ValueError as error:  # the open-file limit does not fit the connections
        return fail(f"bad server setting: {error}")
    host = "127.0.0.1" if args.host in ("0.0.0.0", "::") else args.host
    url = f"http://{host if ':' not in host else f'[{host}]'}:{args.port}/"
    extra = f", Redis {where(settings.redis_url)}" if settings.redis_url else ""
    workers = f", {args.workers} workers" if args.workers > 1 else ""
    print(
        f"tilematch: serving {url} (database {describe(settings.db_path)}{extra}{workers})",
        flush=True,
    )
    if args.open:
        threading.Timer(1.0, webbrowser.open, args=(url,)).start()
    return _serve(app, args)


def _bounds() -> Bounds:
    """The slow-client bounds of this server (the open-file limit raised first), kept
    for :func:`_serve`; raises ``SettingsError`` or ``ValueError`` naming a setting that
    cannot be used."""
    from tilematch.server.slow_clients import BoundedHttpTools, bounds_from_env

    bounds = bounds_from_env()
    BoundedHttpTools.bounds = bounds
    return bounds


def _app(settings: Settings, workers: int) -> Any:
    """The app for one process, or for many the factory's import path once the
    database is migrated and Redis answers (so that each worker only opens them).

    Raises ``StorageError`` or ``SharedError`` naming what cannot be used.
    """
    from tilematch.server import create_app

    app = create_app(settings)  # migrates the database and checks Redis, or raises
    if workers == 1:
        return app
    app.state.server.close()
    os.environ["TILEMATCH_DB"] = str(settings.db_path)  # the workers read their settings here
    os.environ["TILEMATCH_FORWARDED_ALLOW_IPS"] = ",".join(settings.forwarded_allow_ips)
    os.environ["TILEMATCH_ORIGINS"] = ",".join(settings.origins)
    return "tilematch.server.app:app_from_env"


def _serve(app: Any, args: argparse.Namespace) -> int:
    import uvicorn

    from tilematch.server.redaction import log_config
    from tilematch.server.slow_clients import BoundedHttpTools

    bounds = BoundedHttpTools.bounds or _bounds()
    if args.workers == 1:  # each worker freezes its own start (app_from_env)
        from tilematch.server.app import freeze_start

        freeze_start()

    try:
        uvicorn.run(
            app,
            host=args.host,
            port=args.port,
            log_level=args.log_level,
            log_config=log_config(args.log_level),  # never a token in the logs
            ws_max_size=64 * 1024,  # duel frames are tiny; refuse huge ones early
            workers=args.workers if args.workers > 1 else None,
            factory=args.workers > 1,
            http=BoundedHttpTools,  # header and body deadlines, a bound on connections
            limit_concurrency=bounds.max_connections,
            timeout_keep_alive=5,
            proxy_headers=False,  # the app believes forwarded headers only from its proxies
        )
    except OSError as error:
        return fail(f"cannot listen on {args.host}:{args.port}: {error.strerror or error}")
    except SystemExit as stop:
        # uvicorn logs why it could not start (a port in use, say) and exits with 3
        if stop.code not in (None, 0):
            return fail(f"the server could not start on {args.host}:{args.port} (see above)")
        raise
    return 0
