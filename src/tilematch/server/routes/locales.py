"""The message catalogues for the page: every text of one locale in one answer."""

from __future__ import annotations

import hashlib
import json
from functools import cache
from typing import Annotated, Any

from fastapi import APIRouter, Path, Request, Response

from tilematch.server.errors import ApiError
from tilematch.server.i18n import LOCALES, catalogue
from tilematch.server.i18n.catalogue import pseudo_catalogue
from tilematch.server.i18n.pseudo import PSEUDO_LOCALE
from tilematch.server.openapi_errors import EVERY_REQUEST, answers

router = APIRouter(prefix="/api", tags=["reference"], responses=EVERY_REQUEST)


@cache
def _body(locale: str) -> tuple[bytes, str]:
    messages = pseudo_catalogue() if locale == PSEUDO_LOCALE else catalogue(locale)
    data = {"locale": locale, "messages": messages}
    body = json.dumps(data, ensure_ascii=False, sort_keys=True).encode()
    return body, '"' + hashlib.sha256(body).hexdigest()[:32] + '"'


@router.get(
    "/locales/{locale}",
    summary="Every message of one locale",
    responses=answers(404),
)
def get_locale(
    request: Request,
    locale: Annotated[str, Path(max_length=16, pattern=r"^[A-Za-z-]+$")],
) -> Any:
    """``{"locale", "messages": {id: text}}`` for one of the locales (``en``, ``ja``,
    ``zh-Hans``, ``zh-Hant``, ``ko``, ``de``, ``fr``, ``es``); a text is a string with
    ``{named}`` placeholders or an object of CLDR plural forms. 404 ``unknown_locale``."""
    pseudo = locale == PSEUDO_LOCALE and request.app.state.pseudo_locale
    if locale not in LOCALES and not pseudo:
        raise ApiError(
            404, "unknown_locale", f"No locale {locale!r}; there are {', '.join(LOCALES)}."
        )
    body, etag = _body(locale)
    if request.headers.get("if-none-match") == etag:
        return Response(status_code=304, headers={"ETag": etag})
    return Response(
        body,
        media_type="application/json",
        headers={"ETag": etag, "Cache-Control": "no-cache"},
    )
