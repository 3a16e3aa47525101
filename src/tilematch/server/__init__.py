"""The tilematch game server: FastAPI on SQLite, anonymous players, the HTTP API.

>>> from tilematch.server import Settings, create_app   # doctest: +SKIP
>>> app = create_app(Settings(db_path=Path("games.sqlite3")))   # doctest: +SKIP
"""

from __future__ import annotations

from tilematch.server.app import create_app
from tilematch.server.settings import Settings

__all__ = ["Settings", "create_app"]
