"""``tilematch serve``: run the web app and its API on an embedded SQLite database."""

from __future__ import annotations

import argparse
import threading
import webbrowser
from typing import Any

from tilematch.commands import fail


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
        "--log-level", default="info", choices=["critical", "error", "warning", "info", "debug"]
    )


def run(args: argparse.Namespace) -> int:
    import uvicorn

    from tilematch.server import create_app
    from tilematch.server.db import StorageError, describe
    from tilematch.server.settings import Settings, SettingsError

    if not 0 <= args.port <= 65535:
        return fail(f"--port {args.port} is not a port number (0-65535)")
    try:
        overrides: dict[str, Any] = {}
        if args.db:
            overrides["db_path"] = args.db
        settings = Settings.from_env(**overrides)
        app = create_app(settings)
    except (SettingsError, StorageError) as error:
        return fail(str(error))
    host = "127.0.0.1" if args.host in ("0.0.0.0", "::") else args.host
    url = f"http://{host if ':' not in host else f'[{host}]'}:{args.port}/"
    print(f"tilematch: serving {url} (database {describe(settings.db_path)})", flush=True)
    if args.open:
        threading.Timer(1.0, webbrowser.open, args=(url,)).start()
    try:
        uvicorn.run(
            app,
            host=args.host,
            port=args.port,
            log_level=args.log_level,
            ws_max_size=64 * 1024,  # duel frames are tiny; refuse huge ones early
        )
    except OSError as error:
        return fail(f"cannot listen on {args.host}:{args.port}: {error.strerror or error}")
    except SystemExit as stop:
        # uvicorn logs why it could not start (a port in use, say) and exits with 3
        if stop.code not in (None, 0):
            return fail(f"the server could not start on {args.host}:{args.port} (see above)")
        raise
    return 0
