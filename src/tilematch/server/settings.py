"""Server settings, read from the environment in one place.

Every setting has a default that needs no secret, so ``tilematch serve``
starts on a fresh machine. Environment variables:

``TILEMATCH_DB``
    The database: the path of a SQLite file (default:
    ``$XDG_DATA_HOME/tilematch/tilematch.sqlite3``, ``XDG_DATA_HOME`` defaulting to
    ``~/.local/share``), or the URL of a PostgreSQL database
    (``postgresql://user:password@host:5432/tilematch``, needs ``tilematch[scale]``)
    that many server processes share.
``TILEMATCH_WEB``
    Folder of the static page (default: the ``web`` folder of the package).
``TILEMATCH_MAX_BODY``
    Largest accepted request body in bytes (default 16384).
``TILEMATCH_RATE_CREATE``
    New games a player may start per minute (default 30, bursts of 10).
``TILEMATCH_RATE_REQUESTS``
    API requests a player may make per second (default 20, bursts of 60).
``TILEMATCH_RATE_PLAYERS``
    New anonymous players one client address may create per minute (default 10).
``TILEMATCH_RATE_JOINS``
    Duel rooms one client address may look up or connect to per minute (default 60,
    bursts of 20), so that room codes cannot be guessed at speed.
``TILEMATCH_FORWARDED_ALLOW_IPS``
    Addresses or networks (``10.0.0.0/8``) of the proxies whose ``X-Forwarded-For``
    and ``X-Forwarded-Proto`` are believed, comma-separated, or ``*`` for any (default:
    none, the headers are ignored and the client address is the connection's).
``TILEMATCH_ORIGINS``
    Other origins (``https://play.example.org``) whose pages may use a player's cookie,
    comma-separated; the server's own origin is always allowed.
``TILEMATCH_HEADER_TIMEOUT``, ``TILEMATCH_BODY_TIMEOUT``
    Seconds a client has to send a request's headers (default 10) and then its body
    (default 20) before its connection is closed.
``TILEMATCH_MAX_CONNECTIONS``
    Open connections one process keeps (default: sized from its open-file limit).
``TILEMATCH_MAX_IN_FLIGHT``
    Requests of one player answered at the same time (default 8); more get a 429.
``TILEMATCH_COOKIE_SECURE``
    ``1`` to mark the player cookie ``Secure`` (behind HTTPS).
``TILEMATCH_PSEUDO_LOCALE``
    ``1`` to offer the pseudo-locale ``en-XA`` (English with accents, 40 % longer, in
    brackets) to a browser that asks for it first in ``Accept-Language``: a test of
    the layout for translators, never offered to players (default off).
``TILEMATCH_REDIS``
    URL of a Redis server (``redis://host:6379/0``) shared by many server
    processes: the rate limits, in-flight caps, game creations and new players
    are then counted there for all of them (a request answers 503 while Redis
    cannot be reached), and the duel rooms live there. Unset (default): one
    process keeps them in memory. ``tilematch serve --workers N`` above 1 needs it.
``TILEMATCH_SYNC``
    SQLite ``synchronous`` level. ``NORMAL`` (default): every acknowledged move is
    committed to the write-ahead log before the answer, so a crash or restart of
    the server loses nothing; a power cut may lose the last moves. ``FULL``: the
    log is also flushed to the disk on every move (survives a power cut; each move
    then waits for the disk).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

PACKAGE_WEB_DIR = Path(__file__).resolve().parent.parent / "web"


class SettingsError(ValueError):
    """An environment variable holds a value the server cannot use; the message names it."""


def database_target(value: Path | str) -> Path | str:
    """A database setting as the server keeps it: a URL (``scheme://...``) stays the
    text it is, anything else is a file path (``~`` expanded)."""
    if isinstance(value, str) and "://" in value:
        return value
    return Path(value).expanduser()


def default_db_path(env: Mapping[str, str] | None = None) -> Path | str:
    """``$TILEMATCH_DB`` (a path or a URL), else ``$XDG_DATA_HOME/tilematch/tilematch.sqlite3``."""
    env = os.environ if env is None else env
    if env.get("TILEMATCH_DB"):
        return database_target(env["TILEMATCH_DB"])
    data_home = env.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data_home).expanduser() / "tilematch" / "tilematch.sqlite3"


@dataclass(frozen=True)
class Settings:
    """Everything :func:`tilematch.server.create_app` needs.

    ``db_path`` is the database: a SQLite file's path, or a PostgreSQL URL (kept
    as text; see :func:`database_target`). ``clock`` is the server's time in
    seconds (wall clock by default); tests pass a fake one. Game clocks, rate
    limits and timestamps all read it.
    """

    db_path: Path | str = field(default_factory=default_db_path)
    web_dir: Path | None = PACKAGE_WEB_DIR
    clock: Callable[[], float] = time.time
    max_body_bytes: int = 16_384
    create_per_minute: float = 30.0
    create_burst: int = 10
    requests_per_second: float = 20.0
    request_burst: int = 60
    players_per_minute: float = 10.0
    players_burst: int = 10
    joins_per_minute: float = 60.0
    joins_burst: int = 20
    cache_size: int = 1024
    max_in_flight: int = 8
    cookie_secure: bool = False
    synchronous: str = "NORMAL"
    redis_url: str | None = None
    #: Proxies whose forwarded headers are believed (addresses, networks or ``*``).
    forwarded_allow_ips: tuple[str, ...] = ()
    #: Origins besides the server's own whose pages may use the player cookie.
    origins: tuple[str, ...] = ()
    header_timeout: float = 10.0
    body_timeout: float = 20.0
    #: Open connections of one process; ``None``: sized from the open-file limit.
    max_connections: int | None = None
    #: Answer ``Accept-Language: en-XA`` in the pseudo-locale (a layout test).
    pseudo_locale: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "db_path", database_target(self.db_path))
        if self.max_body_bytes < 256:
            raise SettingsError("max_body_bytes must be at least 256")
        for name in (
            "create_per_minute",
            "requests_per_second",
            "players_per_minute",
            "joins_per_minute",
            "header_timeout",
            "body_timeout",
        ):
            if getattr(self, name) <= 0:
                raise SettingsError(f"{name} must be positive")
        for name in (
            "create_burst",
            "request_burst",
            "players_burst",
            "joins_burst",
            "cache_size",
            "max_in_flight",
        ):
            if getattr(self, name) < 1:
                raise SettingsError(f"{name} must be at least 1")
        if self.synchronous.upper() not in ("OFF", "NORMAL", "FULL", "EXTRA"):
            raise SettingsError("synchronous must be OFF, NORMAL, FULL or EXTRA")
        if self.redis_url is not None:
            from tilematch.server.shared import SharedError, check_url

            try:
                check_url(self.redis_url)
            except SharedError as error:
                raise SettingsError(str(error)) from None
        self._check_network()

    def _check_network(self) -> None:
        """Check (and normalise) the proxies, origins and connection bound; raises
        :class:`SettingsError` naming a bad value."""
        from tilematch.server.addresses import trusted_proxies
        from tilematch.server.origins import parse_origins

        try:
            proxies = trusted_proxies(self.forwarded_allow_ips)
        except ValueError as error:
            raise SettingsError(
                f"forwarded_allow_ips (TILEMATCH_FORWARDED_ALLOW_IPS): {error}"
            ) from None
        try:
            origins = parse_origins(self.origins)
        except ValueError as error:
            raise SettingsError(f"origins (TILEMATCH_ORIGINS): {error}") from None
        object.__setattr__(self, "forwarded_allow_ips", proxies)
        object.__setattr__(self, "origins", origins)
        if self.max_connections is not None and self.max_connections < 16:
            raise SettingsError("max_connections must be at least 16")

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None, **overrides: Any) -> Settings:
        """Settings from the environment (see the module docs); ``overrides`` win.

        Raises :class:`SettingsError` naming the variable when a value is unusable.
        """
        env = os.environ if env is None else env
        values: dict[str, Any] = {"db_path": default_db_path(env)}
        if env.get("TILEMATCH_WEB"):
            values["web_dir"] = Path(env["TILEMATCH_WEB"]).expanduser()
        numbers = {
            "TILEMATCH_MAX_BODY": ("max_body_bytes", int),
            "TILEMATCH_RATE_CREATE": ("create_per_minute", float),
            "TILEMATCH_RATE_REQUESTS": ("requests_per_second", float),
            "TILEMATCH_RATE_PLAYERS": ("players_per_minute", float),
            "TILEMATCH_MAX_IN_FLIGHT": ("max_in_flight", int),
            "TILEMATCH_RATE_JOINS": ("joins_per_minute", float),
            "TILEMATCH_HEADER_TIMEOUT": ("header_timeout", float),
            "TILEMATCH_BODY_TIMEOUT": ("body_timeout", float),
            "TILEMATCH_MAX_CONNECTIONS": ("max_connections", int),
        }
        for variable, (name, kind) in numbers.items():
            raw = env.get(variable)
            if raw:
                try:
                    values[name] = kind(raw)
                except ValueError:
                    raise SettingsError(f"{variable}={raw!r} is not a number") from None
        if "requests_per_second" in values:
            values["request_burst"] = max(1, int(values["requests_per_second"] * 3))
        if "players_per_minute" in values:
            values["players_burst"] = max(1, int(values["players_per_minute"]))
        if "joins_per_minute" in values:
            values["joins_burst"] = max(1, int(values["joins_per_minute"] / 3))
        if "create_per_minute" in values:
            values["create_burst"] = max(1, int(values["create_per_minute"] / 3))
        secure = env.get("TILEMATCH_COOKIE_SECURE", "")
        values["cookie_secure"] = secure.lower() in ("1", "true", "yes")
        pseudo = env.get("TILEMATCH_PSEUDO_LOCALE", "")
        values["pseudo_locale"] = pseudo.lower() in ("1", "true", "yes")
        if env.get("TILEMATCH_REDIS"):
            values["redis_url"] = env["TILEMATCH_REDIS"]
        for variable, name in (
            ("TILEMATCH_FORWARDED_ALLOW_IPS", "forwarded_allow_ips"),
            ("TILEMATCH_ORIGINS", "origins"),
        ):
            if env.get(variable):
                values[name] = tuple(part for part in env[variable].split(",") if part.strip())
        if env.get("TILEMATCH_SYNC"):
            values["synchronous"] = env["TILEMATCH_SYNC"]
        values.update(overrides)
        try:
            return cls(**values)
        except SettingsError as error:
            raise SettingsError(f"bad server setting: {error}") from None

    def with_(self, **changes: Any) -> Settings:
        """A copy with some fields changed."""
        return replace(self, **changes)
