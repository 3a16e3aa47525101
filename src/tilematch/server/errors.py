"""One error shape for every failure: ``{"error": {"code": word, "message": sentence}}``.

Routes raise :class:`ApiError`; the handlers installed by :func:`install` turn
FastAPI's own failures (validation, unknown path, wrong method, malformed
JSON) into the same shape, so a client never sees any other error body.
"""

from __future__ import annotations

import email.message
import logging
import sqlite3
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from tilematch.server import framework_errors
from tilematch.server import headers as security_headers
from tilematch.server.db.errors import StorageFailure
from tilematch.server.i18n import DEFAULT_LOCALE, catalogue, request_locale, translate

log = logging.getLogger("tilematch.server")
#: Seconds a client is told to wait after a 503 whose service did not say.
RETRY_AFTER = "1"

#: The stable word used for each HTTP status raised by the framework itself.
STATUS_CODES = {
    400: "bad_request",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    409: "conflict",
    413: "body_too_large",
    415: "unsupported_media_type",
    422: "invalid_request",
    429: "rate_limited",
    503: "unavailable",
}


class ApiError(Exception):
    """A request that cannot be served; becomes a 4xx (or 503) JSON answer.

    ``code`` is a short stable word for programs, ``message`` the English sentence for
    people. The answer is written in the request's locale: in English the ``message``
    as raised; in the others the text of ``msg_id`` filled with ``params`` when given
    (a parameter that is a function of the locale is a sentence of its own, called with
    it), else the code's own text (``server.error.<code>``).
    """

    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        headers: dict[str, str] | None = None,
        *,
        msg_id: str | None = None,
        **params: object,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers
        self.msg_id = msg_id
        self.params = params

    def text(self, locale: str) -> str:
        """The message in ``locale``; see :func:`error_text`."""
        return error_text(locale, self.code, self.message, self.msg_id, **self.params)


def of_kind(
    status: int, code: str, error: Exception, *, frame: str | None = None, family: str = ""
) -> ApiError:
    """The :class:`ApiError` ``code`` for an ``error`` of the engine or the rules (a
    ``LayoutError``, ``ModeError`` or ``RuleError``), whose English message it keeps
    (after ``prefix``). Outside English an error of a fixed ``kind`` says it with its
    ``figures`` (``server.error.<family>.<kind>``, the family being the code unless
    given); any other is put in the ``frame`` message as its ``detail`` when one is
    given, else says the code's own text."""
    message = str(error)
    kind = getattr(error, "kind", None)
    figures: dict[str, object] = dict(getattr(error, "figures", None) or {})
    msg_id = f"server.error.{family or code}.{kind}"
    if kind is not None and msg_id in catalogue(DEFAULT_LOCALE):
        known = ApiError(status, code, message, msg_id=msg_id)
        known.params = figures  # any names, "headers" too
        return known
    if frame is not None:
        return ApiError(status, code, message, msg_id=frame, detail=str(error))
    return ApiError(status, code, message)


def error_text(
    locale: str, code: str, message: str, msg_id: str | None = None, /, **params: object
) -> str:
    """The sentence of an error answer in ``locale``: in English the ``message`` as
    raised; else the text of ``msg_id`` filled with ``params`` (each callable one called
    with ``locale``) when given, or the code's own text (``server.error.<code>``)."""
    if locale == DEFAULT_LOCALE:
        return message
    if msg_id is not None:
        filled = {
            name: value(locale) if callable(value) else value for name, value in params.items()
        }
        return translate(locale, msg_id, **filled)
    if f"server.error.{code}" in catalogue(DEFAULT_LOCALE):
        return translate(locale, f"server.error.{code}")
    return message


def error_body(code: str, message: str) -> dict[str, Any]:
    """The JSON body of an error answer."""
    return {"error": {"code": code, "message": message}}


def error_response(
    status: int, code: str, message: str, headers: dict[str, str] | None = None
) -> JSONResponse:
    """A :class:`JSONResponse` carrying :func:`error_body`."""
    return JSONResponse(error_body(code, message), status_code=status, headers=headers)


def _location(loc: tuple[Any, ...] | list[Any]) -> str:
    parts = [str(part) for part in loc if part not in ("body", "query", "path", "header")]
    return ".".join(parts) or "body"


def describe_validation(errors: list[Any]) -> tuple[int, str, str]:
    """Status, code and message for a list of pydantic/FastAPI validation errors."""
    first = errors[0] if errors else {}
    kind = str(first.get("type", ""))
    if kind == "json_invalid":
        ctx = first.get("ctx") or {}
        detail = ctx.get("error", "not valid JSON")
        return 400, "malformed_json", f"The request body is not valid JSON: {detail}."
    where = _location(first.get("loc", ()))
    if kind == "extra_forbidden":
        return 422, "unknown_field", f"Unknown field '{where}'."
    if kind == "missing":
        if where == "body":
            return 422, "missing_body", "A JSON body is required."
        return 422, "missing_field", f"Field '{where}' is required."
    if kind in ("model_attributes_type", "dict_type", "model_type"):
        return 422, "wrong_type", f"'{where}' must be a JSON object."
    if kind == "union_tag_not_found":
        field = str((first.get("ctx") or {}).get("discriminator", "type")).strip("'\"")
        return 422, "missing_field", f"Field '{field}' is required."
    if kind.startswith("union_tag") or kind == "literal_error":
        message = str(first.get("msg", "has a value that is not allowed"))
        return 422, "bad_value", f"'{where}': {message}."
    message = str(first.get("msg", "is not valid"))
    if kind.endswith("_type") or kind.endswith("_parsing"):
        return 422, "wrong_type", f"'{where}': {message}."
    return 422, "bad_value", f"'{where}': {message}."


def is_json_type(content_type: str | None) -> bool:
    """Whether a ``Content-Type`` header announces JSON (``application/json`` or ``+json``),
    the test FastAPI itself applies before it parses a body."""
    if not content_type:
        return False
    message = email.message.Message()
    message["content-type"] = content_type
    subtype = message.get_content_subtype()
    return message.get_content_maintype() == "application" and (
        subtype == "json" or subtype.endswith("+json")
    )


def _body_not_json(request: Request, errors: list[Any]) -> bool:
    """A body was sent, but not as JSON: the framework never parsed it."""
    first = errors[0] if errors else {}
    loc = tuple(first.get("loc", ()))
    if not loc or loc[0] != "body" or first.get("type") in ("missing", "json_invalid"):
        return False
    return not is_json_type(request.headers.get("content-type"))


def install(app: FastAPI) -> None:
    """Install the JSON error handlers on ``app``."""

    async def on_api_error(request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, ApiError)
        headers = exc.headers
        if exc.status == 503 and not (headers and "Retry-After" in headers):
            # a backing service is down (a move that could not be stored): say when to retry
            headers = {**(headers or {}), "Retry-After": RETRY_AFTER}
        return error_response(exc.status, exc.code, exc.text(request_locale(request)), headers)

    async def on_validation(request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, RequestValidationError)
        errors = list(exc.errors())
        if _body_not_json(request, errors):
            shown = (request.headers.get("content-type") or "none")[:60]
            message = (
                f"The body must be JSON sent with 'Content-Type: application/json'"
                f" (this request's Content-Type: {shown})."
            )
            text = error_text(request_locale(request), "unsupported_media_type", message)
            return error_response(415, "unsupported_media_type", text)
        status, code, message = describe_validation(errors)
        return error_response(status, code, error_text(request_locale(request), code, message))

    async def on_storage(request: Request, exc: Exception) -> JSONResponse:
        # Every write runs in a transaction that rolls back on failure: nothing was stored.
        # (A PostgreSQL failure's message names the host and database, never the password.)
        log.error("storage failed on %s %s: %s", request.method, request.url.path, exc)
        message = "The database could not be used just now; nothing was changed. Try again."
        return error_response(
            503,
            "storage_failed",
            error_text(request_locale(request), "storage_failed", message),
            {"Retry-After": RETRY_AFTER},
        )

    async def on_http(request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, StarletteHTTPException)
        special = None
        if exc.status_code == 400:
            special = framework_errors.unreadable_body(exc.__cause__)
        elif exc.status_code in (404, 405):
            special = framework_errors.wrong_method(
                request.app.router.routes, request.method, request.url.path
            )
        locale = request_locale(request)
        if special is not None:
            status, code, message, headers = special
            return error_response(status, code, error_text(locale, code, message), headers)
        code = STATUS_CODES.get(exc.status_code, "http_error")
        if exc.status_code == 404:
            message = f"Nothing is served at {request.url.path}."
        elif exc.status_code in (404, 405):
            message = f"{request.method} is not allowed on {request.url.path}."
        else:
            message = str(exc.detail)
        headers = dict(exc.headers) if exc.headers else None
        return error_response(exc.status_code, code, error_text(locale, code, message), headers)

    async def on_crash(request: Request, exc: Exception) -> JSONResponse:
        log.exception("unexpected error on %s %s", request.method, request.url.path)
        # answered outside every middleware (Starlette's last resort): add the headers here
        message = error_text(
            request_locale(request), "internal", "The server failed to answer this request."
        )
        return error_response(500, "internal", message, security_headers.as_dict())

    app.add_exception_handler(ApiError, on_api_error)
    app.add_exception_handler(RequestValidationError, on_validation)
    app.add_exception_handler(StarletteHTTPException, on_http)
    app.add_exception_handler(sqlite3.Error, on_storage)
    app.add_exception_handler(StorageFailure, on_storage)
    app.add_exception_handler(Exception, on_crash)
