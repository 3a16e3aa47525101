"""Reference data for the page: layouts, the Tile Guide and the Learn Mode examples."""

from __future__ import annotations

import functools
import hashlib
from typing import Annotated, Any

from fastapi import APIRouter, Path, Request, Response

from tilematch.engine import tiles
from tilematch.server.errors import ApiError
from tilematch.server.i18n import request_locale
from tilematch.server.openapi_errors import EVERY_REQUEST, answers

router = APIRouter(prefix="/api", tags=["reference"], responses=EVERY_REQUEST)


#: How long a browser may keep a layout's picture without asking again (a catalogue
#: version never changes a layout, so a day is safe; the ETag covers the rest).
PICTURE_MAX_AGE = 86_400


@functools.cache
def _layouts() -> list[dict[str, Any]]:
    from tilematch.engine.layouts import catalogue

    listed = []
    for entry in catalogue.entries():
        layout, figures = entry.layout, entry.figures
        listed.append(
            {
                "name": layout.name,
                "family": layout.family,
                "tiles": layout.size,
                "description": layout.description,
                "bounds": list(layout.bounds),
                "title": layout.title,
                "number": entry.number,
                "solvable_share": None if figures is None else round(figures.solvable_share, 4),
                "difficulty": None if figures is None else figures.difficulty,
                "difficulty_label": None if figures is None else figures.label,
                "picture": f"/api/layouts/{layout.name}/picture.svg",
            }
        )
    return listed


@functools.cache
def _picture(name: str) -> tuple[str, str] | None:
    """The thumbnail SVG of the built-in layout ``name`` and its ETag, or None."""
    from tilematch.engine import layouts
    from tilematch.engine.layouts.thumbnail import layout_thumbnail

    if name not in layouts.names():
        return None
    svg = layout_thumbnail(layouts.get(name))
    tag = hashlib.sha256(f"{layouts.CATALOGUE_VERSION}:{svg}".encode()).hexdigest()[:20]
    return svg, f'"{tag}"'


@functools.cache
def _shapes() -> list[dict[str, Any]]:
    from tilematch.engine.grid.outlines import shapes

    return [
        {
            "name": shape.name,
            "title": shape.title,
            "tiles": shape.tiles,
            "description": shape.description,
            "size": [shape.rows, shape.cols],
            "rows": shape.text().splitlines(),
        }
        for shape in shapes()
    ]


@functools.cache
def _tiles() -> list[dict[str, Any]]:
    codes = list(tiles.ALL_SYMBOLS)
    codes += [f"{c}{face}" for face in tiles.ORDINARY_FACES for c in "bw"]
    codes += list(tiles.BLACK_BONUS + tiles.WHITE_BONUS)
    guide = []
    for code in codes:
        colour, symbol = tiles.split_code(code)
        guide.append(
            {
                "code": code,
                "name": tiles.tile_name(code),
                "group": tiles.match_group(code),
                "suit": symbol[1],
                "colour": colour,
                "game": "blackwhite" if colour else "all",
                "partners": list(tiles.partner_codes(code)),
            }
        )
    return guide


@functools.cache
def _learn(locale: str) -> list[dict[str, Any]]:
    from tilematch.server.learn import examples

    return examples(locale)


def _unavailable(what: str) -> ApiError:
    return ApiError(503, "unavailable", f"The {what} cannot be served by this build.")


@router.get("/layouts", summary="Built-in layouts")
def layouts() -> list[dict[str, Any]]:
    """``[{"name", "family", "tiles", "description", "bounds", "title", "number",
    "solvable_share", "difficulty", "difficulty_label", "picture"}]``: ``solvable_share``
    is the measured share of random deals proven solvable, ``difficulty`` the generator's
    mean score (0 easy to 1 hard), ``picture`` the path of its thumbnail."""
    try:
        return _layouts()
    except (ImportError, AttributeError):
        raise _unavailable("layout list") from None


LayoutName = Annotated[str, Path(max_length=60, pattern=r"^[a-z0-9][a-z0-9\-]*$")]


@router.get(
    "/layouts/{name}/picture.svg",
    summary="A built-in layout's thumbnail",
    response_class=Response,
    responses={
        200: {"content": {"image/svg+xml": {}}},
        304: {"description": "Not modified: the picture has the tag of If-None-Match"},
        **answers(404),
    },
)
def layout_picture(name: LayoutName, request: Request) -> Response:
    """The layout seen from above as SVG, drawn by the engine (higher layers warmer).
    Cached: ``ETag`` and ``Cache-Control: public, max-age=86400``; ``If-None-Match``
    with the same tag answers ``304``. ``404 layout_not_found`` for a name that is
    not a built-in layout."""
    try:
        found = _picture(name)
    except (ImportError, AttributeError):
        raise _unavailable("layout pictures") from None
    if found is None:
        raise ApiError(404, "layout_not_found", f"No built-in layout is called {name!r}.")
    svg, tag = found
    headers = {"ETag": tag, "Cache-Control": f"public, max-age={PICTURE_MAX_AGE}"}
    asked = request.headers.get("if-none-match", "")
    if tag in (part.strip().removeprefix("W/") for part in asked.split(",")) or asked == "*":
        return Response(status_code=304, headers=headers)
    return Response(content=svg, media_type="image/svg+xml", headers=headers)


@router.get("/shapes", summary="Built-in Shisen-Sho shapes")
def grid_shapes() -> list[dict[str, Any]]:
    """``[{"name", "title", "tiles", "description", "size", "rows"}]``: ``size`` is
    ``[rows, cols]``, ``rows`` the outline, one string a row (``#`` a tile, ``.`` empty)."""
    return _shapes()


@router.get("/tiles", summary="The Tile Guide")
def tile_guide() -> list[dict[str, Any]]:
    """Every tile: ``[{"code", "name", "group", "suit", "colour", "game", "partners"}]``;
    ``partners`` are the codes it pairs with."""
    return _tiles()


@router.get("/learn", summary="Examples for 'Why can't I select this tile?'")
def learn(request: Request) -> list[dict[str, Any]]:
    """Small positions with the explanation of a focus tile, in the request's locale
    (see ``docs/api.md``)."""
    try:
        return _learn(request_locale(request))
    except (ImportError, AttributeError):
        raise _unavailable("Learn Mode examples") from None
