"""One-time codes: ``POST /api/me/link-codes`` makes one (with its sign-in link and QR
code), ``POST /api/link`` uses one to sign this browser in as the code's player."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel, ConfigDict, Field, StrictStr

from tilematch.server.account import links
from tilematch.server.account.limits import LinkLimits
from tilematch.server.account.qr import qr_svg
from tilematch.server.deps import PlayerDep, ServerDep, bearer_token, player_for_token
from tilematch.server.errors import ApiError
from tilematch.server.openapi_errors import EVERY_REQUEST, WITH_BODY, answers
from tilematch.server.origins import origin_allowed, refusal
from tilematch.server.players import COOKIE, set_token_cookie

router = APIRouter(prefix="/api", tags=["players"], responses=EVERY_REQUEST)

#: The page that takes a code (``/link?code=...`` fills it in).
LINK_PAGE = "/link"


class CodeBody(BaseModel):
    """The body of ``POST /api/link``."""

    model_config = ConfigDict(extra="forbid")
    code: StrictStr = Field(
        max_length=40,
        description=f"the {links.LENGTH}-symbol code (spaces, dashes and lower case allowed)",
    )


def _limits(request: Request) -> LinkLimits:
    limits: LinkLimits = request.app.state.links
    return limits


def _sign_in_link(request: Request, code: str) -> str:
    base = str(request.base_url).rstrip("/")
    return f"{base}{LINK_PAGE}?code={code}"


@router.post(
    "/me/link-codes",
    status_code=201,
    summary="A one-time code that signs another device in as me",
    responses=answers(403),
)
def make_code(request: Request, player: PlayerDep, server: ServerDep) -> dict[str, Any]:
    """``201 {"code", "expires", "lifetime", "link", "qr_svg"}``: the code (it works once,
    for ``lifetime`` seconds, and replaces the player's earlier unused code), its sign-in
    link and the link's QR code as an SVG document. 429 over the limits."""
    _limits(request).check_make(request, player.id)
    made = links.create_code(server, player)
    link = _sign_in_link(request, made.code)
    return {
        "code": made.code,
        "expires": made.expires,
        "lifetime": links.LIFETIME,
        "link": link,
        "qr_svg": qr_svg(link, title="QR code of the sign-in link"),
    }


@router.post(
    "/link",
    summary="Use a one-time code: this browser becomes the code's player",
    responses={**WITH_BODY, **answers(404, 410)},
)
def use_code(
    body: CodeBody, request: Request, response: Response, server: ServerDep
) -> dict[str, Any]:
    """``{"id", "name", "token"}`` of the code's player; the player cookie now holds a new
    token of that player for this browser. 422 ``bad_code``, 404 ``code_unknown``, 410
    ``code_used`` or ``code_expired``; 429 over the limits; 403 ``bad_origin`` from a page
    of another site."""
    origin = request.headers.get("origin")
    if origin is not None and not origin_allowed(
        origin, request.headers.get("host"), server.settings.origins
    ):
        raise ApiError(403, "bad_origin", refusal(origin))
    token = bearer_token(request) or request.cookies.get(COOKIE)
    caller = player_for_token(server, token) if token else None
    _limits(request).check_try(request, caller.id if caller is not None else None)
    player = links.redeem_code(server, body.code)
    set_token_cookie(response, player.token or "", secure=server.settings.cookie_secure)
    return {"id": player.id, "name": player.name, "token": player.token}
