"""Tables the grid solver reads in its hot loops, cached per grid shape."""

from __future__ import annotations

from functools import lru_cache

from tilematch.engine.grid.shape import GridShape


@lru_cache(maxsize=64)
def spot_tables(shape: GridShape) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``(bit, without)`` of ``shape``: ``bit[t]`` is ``1 << t`` and ``without[t]`` every
    spot of the rectangle but ``t``, so the solver tests, sets and clears single spots
    of its masks by a lookup, with no temporary (or negative) integer."""
    bit = tuple(1 << spot for spot in range(shape.size))
    return bit, tuple(shape.everything ^ b for b in bit)
