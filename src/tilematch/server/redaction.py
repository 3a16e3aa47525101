"""Keep player tokens and one-time sign-in codes out of the logs.

A token is a player's whole identity: whoever reads it plays as them. uvicorn's
access log writes each request line, query string included, so a websocket opened
with ``?token=...`` would put the token in the log in plain text. :class:`HideSecrets`
is a logging filter that replaces, in every record it sees (message and arguments),
the value of a ``token`` query parameter, of an ``Authorization`` header, of the
player cookie and of a ``code`` query parameter (the one-time code of a sign-in link,
``/link?code=...``) with ``[hidden]``. :func:`log_config` is uvicorn's logging
configuration with the filter on each handler, and with a handler for the
``tilematch`` loggers, so the server's own messages pass it too.
"""

from __future__ import annotations

import copy
import logging
import re
from typing import Any

HIDDEN = "[hidden]"

_SECRETS = re.compile(
    r"""(?ix)
    (?P<query>(?:[?&;]|%3F|%26)(?:access_)?token=)[^&\s"';]+
    | (?P<bearer>\b(?:authorization:\s*)?bearer\s+)[A-Za-z0-9._~+/=-]+
    | (?P<cookie>\btilematch_token=)[^;\s"',]+
    | (?P<code>(?:[?&;]|%3F|%26)code=)[^&\s"';]+
    """
)
_HINTS = ("oken", "OKEN", "earer", "EARER", "ode=", "ODE=")


def hide_secrets(text: str) -> str:
    """``text`` with every token value (``?token=``, ``Bearer``, the player cookie) and
    every one-time code (``?code=``, as the sign-in link carries it) replaced by
    ``[hidden]``."""
    if not any(hint in text for hint in _HINTS):
        return text  # the common case, cheaply
    return _SECRETS.sub(lambda match: (match.group(match.lastgroup or 0) or "") + HIDDEN, text)


def _hidden(value: Any) -> Any:
    return hide_secrets(value) if isinstance(value, str) else value


class HideSecrets(logging.Filter):
    """A logging filter that hides token values in a record's message and arguments
    (it changes the record and always lets it through)."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Hide the secrets of ``record``; returns ``True``."""
        if isinstance(record.msg, str):
            record.msg = hide_secrets(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(_hidden(arg) for arg in record.args)
        elif isinstance(record.args, dict):
            record.args = {key: _hidden(arg) for key, arg in record.args.items()}
        return True


def log_config(level: str = "info") -> dict[str, Any]:
    """uvicorn's logging configuration (``uvicorn.config.LOGGING_CONFIG``) with
    :class:`HideSecrets` on every handler and the ``tilematch`` loggers writing to its
    default handler from ``level`` up."""
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config.setdefault("filters", {})["hide_secrets"] = {"()": f"{__name__}.HideSecrets"}
    for handler in config["handlers"].values():
        handler.setdefault("filters", []).append("hide_secrets")
    config["loggers"]["tilematch"] = {
        "handlers": ["default"],
        "level": level.upper(),
        "propagate": False,
    }
    return config
