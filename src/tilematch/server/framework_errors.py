"""What the framework's own HTTP failures mean for the API's error answers.

FastAPI and Starlette raise a bare ``HTTPException`` for a few failures; these
functions say which of them the API answers differently:

* a body that ``json.loads`` cannot even start on (nested deeper than Python's
  recursion allows, bytes that are not UTF-8) is ``400 malformed_json``, like any
  other body that is not JSON;
* a wrong method on an ``/api`` path is ``405`` with the ``Allow`` of the API's
  own routes for that path (the page's catch-all file server would otherwise
  answer ``405`` with ``GET, HEAD``, or ``404`` to a ``GET``, for every path),
  and an ``/api`` path that no route serves is ``404``, whatever the method.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from starlette.routing import BaseRoute, Route

#: The order ``Allow`` lists methods in.
METHOD_ORDER = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS")


class Answer(NamedTuple):
    """An error answer: status, code, message and extra headers."""

    status: int
    code: str
    message: str
    headers: dict[str, str] | None = None


def allowed_methods(routes: Iterable[BaseRoute], path: str) -> list[str]:
    """The methods the HTTP routes among ``routes`` and the routers included in them
    (mounts and websockets left out) answer on ``path``, in :data:`METHOD_ORDER`; empty
    when none serves it."""
    methods: set[str] = set()
    for route in routes:
        included = getattr(route, "original_router", None)  # an APIRouter FastAPI included
        if included is not None:
            methods.update(allowed_methods(included.routes, path))
        elif isinstance(route, Route) and route.methods and route.path_regex.match(path):
            methods |= route.methods
    return sorted(methods, key=lambda m: (METHOD_ORDER.index(m) if m in METHOD_ORDER else 99, m))


def unreadable_body(cause: BaseException | None) -> Answer | None:
    """The ``400 malformed_json`` for a body whose parse failed with ``cause`` before any
    JSON rule was read (too deeply nested, not UTF-8), or None for any other cause."""
    if isinstance(cause, RecursionError):
        return Answer(
            400, "malformed_json", "The request body is not valid JSON: nested too deeply."
        )
    if isinstance(cause, UnicodeDecodeError):
        return Answer(
            400,
            "malformed_json",
            f"The request body is not valid JSON: not UTF-8 (byte {cause.start}).",
        )
    return None


def wrong_method(routes: Iterable[BaseRoute], method: str, path: str) -> Answer | None:
    """For a 404 or 405 that routing gave on an ``/api`` path: the 405 with the routes' own
    ``Allow`` when some route serves the path with other methods, a 404 when none serves
    it; None when ``method`` is allowed there or for the page's paths (their answer stands)."""
    if not (path == "/api" or path.startswith("/api/")):
        return None
    allowed = allowed_methods(routes, path)
    if not allowed:
        return Answer(404, "not_found", f"Nothing is served at {path}.")
    if method in allowed:
        return None
    message = f"{method} is not allowed on {path}; use {', '.join(allowed)}."
    return Answer(405, "method_not_allowed", message, {"Allow": ", ".join(allowed)})
