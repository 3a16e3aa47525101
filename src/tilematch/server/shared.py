"""What many server processes share: the Redis connection (``TILEMATCH_REDIS``).

Without Redis the server is one process and keeps its limits and duel rooms in
memory. With it, every process counts the same limits and reaches the same
rooms. ``redis`` (redis-py) is imported only here and only when a URL is set,
so the embedded default needs nothing but Python.

At start, :func:`connect` refuses an unusable URL or an unreachable server with
a :class:`SharedError` whose message names the problem. At run time, a request
that needs Redis while it is gone gets :func:`unavailable`: a 503 with
``Retry-After``; the client reconnects by itself when Redis is back.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from tilematch.server.errors import ApiError

#: URL schemes redis-py understands.
SCHEMES = ("redis", "rediss", "unix")
#: Seconds a command may take (and a connection attempt) before Redis counts as gone.
TIMEOUT = 2.0
#: What a client is told to wait before trying again while Redis is gone.
RETRY_AFTER = 2


class SharedError(RuntimeError):
    """Redis cannot be used (a bad URL, an unreachable server); the message says why."""


def check_url(url: str) -> str:
    """``url`` if it is a Redis URL (``redis://``, ``rediss://`` or ``unix://``).

    Raises :class:`SharedError` naming the problem otherwise.
    """
    parts = urlsplit(url)
    shown = _without_password(url)
    if parts.scheme not in SCHEMES:
        raise SharedError(
            f"TILEMATCH_REDIS={shown!r} is not a Redis URL (redis://host:port/db, "
            "rediss:// or unix://)"
        )
    if parts.scheme != "unix" and not parts.hostname:
        raise SharedError(f"TILEMATCH_REDIS={shown!r} names no host")
    try:
        parts.port  # noqa: B018 (raises ValueError for a port out of range)
    except ValueError:
        raise SharedError(f"TILEMATCH_REDIS={shown!r} has a bad port") from None
    return url


def _without_password(url: str) -> str:
    """``url`` with the password of its user part (``user:password@``) replaced by ``***``."""
    scheme, sep, rest = url.partition("://")
    if not sep or "@" not in rest.split("/", 1)[0]:
        return url
    user, _, host = rest.partition("@")
    if ":" in user:
        user = user.split(":", 1)[0] + ":***"
    return f"{scheme}://{user}@{host}"


def where(url: str) -> str:
    """``host:port`` of a Redis URL (without any password), for messages."""
    parts = urlsplit(url)
    if parts.scheme == "unix":
        return parts.path
    return f"{parts.hostname}:{parts.port or 6379}"


def _module() -> Any:
    try:
        import redis
    except ImportError:
        raise SharedError(
            "TILEMATCH_REDIS is set but redis-py is not installed: pip install 'tilematch[scale]'"
        ) from None
    return redis


def connect(url: str, *, check: bool = True) -> Any:
    """A redis-py client for ``url`` (commands time out after :data:`TIMEOUT` seconds).

    With ``check``, pings the server first. Raises :class:`SharedError` for a bad
    URL, a missing redis-py, or a server that does not answer.
    """
    redis = _module()
    client = redis.Redis.from_url(
        check_url(url),
        socket_timeout=TIMEOUT,
        socket_connect_timeout=TIMEOUT,
        health_check_interval=10,
    )
    if check:
        try:
            client.ping()
        except redis.RedisError as error:
            client.close()
            raise SharedError(f"cannot reach Redis at {where(url)}: {error}") from None
    return client


def connect_async(url: str) -> Any:
    """A redis-py asyncio client for ``url`` (not checked: the caller awaits a ping)."""
    redis = _module()
    return redis.asyncio.Redis.from_url(
        check_url(url),
        socket_timeout=TIMEOUT,
        socket_connect_timeout=TIMEOUT,
        health_check_interval=10,
    )


def errors() -> tuple[type[Exception], ...]:
    """What a failed Redis command raises (connection lost, time-out, server error)."""
    redis = _module()
    return (redis.RedisError, OSError)


def no_script() -> type[Exception]:
    """What a script call raises when Redis does not hold the script (after a restart
    or ``SCRIPT FLUSH``): load it again and retry."""
    redis = _module()
    error: type[Exception] = redis.exceptions.NoScriptError
    return error


def unavailable() -> ApiError:
    """The 503 for a request that needs Redis while it cannot be reached."""
    return ApiError(
        503,
        "shared_unavailable",
        "The server's shared store (Redis) cannot be reached; try again in a moment.",
        headers={"Retry-After": str(RETRY_AFTER)},
    )
