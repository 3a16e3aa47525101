"""Reference data for the page: layouts, the Tile Guide and the Learn Mode examples."""

from __future__ import annotations

import functools
from typing import Any

from fastapi import APIRouter

from tilematch.engine import tiles
from tilematch.server.errors import ApiError
from tilematch.server.openapi_errors import EVERY_REQUEST

router = APIRouter(prefix="/api", tags=["reference"], responses=EVERY_REQUEST)


@functools.cache
def _layouts() -> list[dict[str, Any]]:
    from tilematch.engine import layouts

    return [
        {
            "name": layout.name,
            "family": layout.family,
            "tiles": layout.size,
            "description": layout.description,
            "bounds": list(layout.bounds),
        }
        for layout in layouts.builtin()
    ]


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
def _learn() -> list[dict[str, Any]]:
    from tilematch.server.learn import examples

    return examples()


def _unavailable(what: str) -> ApiError:
    return ApiError(503, "unavailable", f"The {what} cannot be served by this build.")


@router.get("/layouts", summary="Built-in layouts")
def layouts() -> list[dict[str, Any]]:
    """``[{"name", "family", "tiles", "description", "bounds"}]``."""
    try:
        return _layouts()
    except (ImportError, AttributeError):
        raise _unavailable("layout list") from None


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
def learn() -> list[dict[str, Any]]:
    """Small positions with the engine's explanation of a focus tile (see ``docs/api.md``)."""
    try:
        return _learn()
    except (ImportError, AttributeError):
        raise _unavailable("Learn Mode examples") from None
