"""The error answers each API operation declares in the OpenAPI document.

Every failure has one body, ``{"error": {"code", "message"}}`` (see
:mod:`tilematch.server.errors`); :func:`answers` declares it for the statuses an
operation can give, so that ``/openapi.json`` tells generated clients and schema
checks the truth (FastAPI alone would declare only its own 422 shape, which the
API never sends). :data:`EVERY_REQUEST` is what any ``/api`` request can meet;
routers declare it, and operations add their own (a body, an id, a game over).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field


class ErrorDetail(BaseModel):
    """What went wrong: a stable word for programs and a sentence for people."""

    code: str = Field(description="a stable word, e.g. game_not_found (the table of docs/api.md)")
    message: str = Field(description="a sentence naming the problem")


class ErrorBody(BaseModel):
    """The body of every error answer."""

    error: ErrorDetail


#: What each status means, as the document says it.
MEANINGS = {
    400: "The body is not JSON (malformed_json), or Content-Length is unusable (bad_request).",
    401: "An Authorization header that is not 'Bearer <token>', or a token of no player.",
    403: (
        "Refused: a request the player cookie authenticated from another site's page"
        " (bad_origin), or an Emperor's Tower level not unlocked yet (level_locked)."
    ),
    404: ("No such game, duel, one-time code or path (another player's game looks the same)."),
    409: "The game cannot take this intent (game_over, game_damaged, duel_game).",
    410: "A one-time code that was used already (code_used) or is too old (code_expired).",
    413: "The body is over the size limit (body_too_large).",
    415: "A body sent without 'Content-Type: application/json'.",
    422: "A field, value or setting the server refuses; the code and message name it.",
    429: "Too many requests (rate_limited); Retry-After says how many seconds to wait.",
    503: (
        "A backing service failed (storage_failed, game_busy, shared_unavailable): nothing"
        " was done or stored; Retry-After says when to try again."
    ),
}

_RETRY_AFTER = {
    "Retry-After": {
        "description": "seconds to wait before trying again",
        "schema": {"type": "integer", "minimum": 1},
    }
}


def answers(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """The ``responses=`` declaration of ``statuses``: each with :class:`ErrorBody` and its
    meaning, 429 and 503 with their ``Retry-After`` header. Raises KeyError for a status
    the API never answers."""
    declared: dict[int | str, dict[str, Any]] = {}
    for status in statuses:
        answer: dict[str, Any] = {"model": ErrorBody, "description": MEANINGS[status]}
        if status in (429, 503):
            answer["headers"] = _RETRY_AFTER
        declared[status] = answer
    return declared


#: What any ``/api`` request can meet: a bad Content-Length or body, a bad token, a
#: body over the limit, a refused parameter, a rate limit, a failed backing service.
EVERY_REQUEST = answers(400, 401, 413, 422, 429, 503)
#: What an operation that reads a JSON body adds (415; it changes something, so also
#: 403 for a request the cookie authenticated from another site's page).
WITH_BODY = answers(403, 415)
