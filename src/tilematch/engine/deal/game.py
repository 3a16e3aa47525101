"""One entry for a deal of any game: a size or an outline for Shisen-Sho, a layout
for the layered games."""

from __future__ import annotations

from tilematch.engine.deal.grid import deal_grid, deal_shape
from tilematch.engine.deal.layout import deal_layout
from tilematch.engine.deal.record import Deal
from tilematch.engine.deal.versions import GENERATOR_VERSION
from tilematch.engine.grid.outlines import Outline
from tilematch.engine.layouts.layout import Layout


def deal_game(
    game: str,
    *,
    seed: int,
    size: tuple[int, int] | None = None,
    shape: Outline | str | None = None,
    layout: Layout | str | None = None,
    gravity: bool = False,
    generator: str = "reverse",
    difficulty: str = "normal",
    stones: int = 0,
    tileset: str | None = None,
    version: int | None = None,
) -> Deal:
    """A deal of ``game``: Shisen-Sho on ``shape`` (an outline) or ``size``
    (rows, cols; 8 x 17 by default), with ``gravity``; the layered games on
    ``layout`` (the Turtle by default) with ``difficulty`` and ``stones``.
    ``version`` ``None`` means the current generator. Raises what
    :func:`deal_shape`, :func:`deal_grid` and :func:`deal_layout` raise.
    """
    made_by = GENERATOR_VERSION if version is None else version
    if game == "shisensho":
        if shape is not None:
            return deal_shape(
                shape,
                seed=seed,
                generator=generator,
                gravity=gravity,
                tileset=tileset,
                version=made_by,
            )
        rows, cols = size if size is not None else (8, 17)
        return deal_grid(
            rows,
            cols,
            seed=seed,
            generator=generator,
            gravity=gravity,
            tileset=tileset,
            version=made_by,
        )
    return deal_layout(
        layout if layout is not None else "turtle",
        game,
        seed=seed,
        generator=generator,
        difficulty=difficulty,
        stones=stones,
        tileset=tileset,
        version=made_by,
    )
