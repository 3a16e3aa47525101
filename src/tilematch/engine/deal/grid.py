"""Shisen-Sho deals: sizes, masks and outlines."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Final, cast

from tilematch.engine.board import Match, bits
from tilematch.engine.deal.placement import (
    _assign,
    _face_pairs,
    _grid_removal_path,
    _solved,
    default_tileset,
    replay,
)
from tilematch.engine.deal.record import (
    CHECK_NODES,
    GENERATORS,
    GRID_PROOF_NODES,
    MAX_ATTEMPTS,
    AnyBoard,
    Deal,
    GenerationError,
)
from tilematch.engine.deal.seeds import _check_seed, _rng
from tilematch.engine.deal.versions import GENERATOR_VERSION, GRID_CHECK, _check_version
from tilematch.engine.grid.board import GridBoard
from tilematch.engine.grid.outlines import Outline, get_shape, shapes
from tilematch.engine.grid.shape import MAX_SIDE, GridShape
from tilematch.engine.layouts.layout import MAX_TILES
from tilematch.engine.tiles import SetName

# ---------------------------------------------------------------------------
# Grid deals


def _grid_cells(
    rows: int, cols: int, mask: int | Iterable[tuple[int, int]] | None
) -> tuple[list[int], int | None]:
    for name, value in (("rows", rows), ("cols", cols)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    if not (1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE):
        raise ValueError(
            f"a grid has 1 to {MAX_SIDE} columns and rows, not {cols} x {rows} (columns x rows)"
        )
    size = rows * cols
    bitmask: int | None
    if mask is None:
        bitmask = None
        cells = list(range(size))
    elif isinstance(mask, int) and not isinstance(mask, bool):
        if mask < 0 or mask >> size:
            raise ValueError(f"mask has cells outside the {cols} x {rows} grid")
        bitmask = mask
        cells = bits(mask)
    else:
        bitmask = 0
        for cell in cast(Iterable[tuple[int, int]], mask):
            r, c = cell
            if not (0 <= r < rows and 0 <= c < cols):
                raise ValueError(
                    f"mask cell (row {r}, column {c}) lies outside the {cols} x {rows} grid"
                )
            bitmask |= 1 << (r * cols + c)
        cells = bits(bitmask)
    if not cells or len(cells) % 2:
        raise ValueError(f"a board needs a positive even number of tiles, not {len(cells)}")
    if len(cells) > MAX_TILES:
        raise ValueError(f"at most {MAX_TILES} tiles, not {len(cells)}")
    return cells, bitmask


def _grid_v1(
    rows: int,
    cols: int,
    cells: list[int],
    mask: int | None,
    seed: int,
    generator: str,
    gravity: bool,
    tileset: SetName,
) -> tuple[AnyBoard, tuple[Match, ...]]:
    for attempt in range(MAX_ATTEMPTS):
        rng = _rng(1, "grid", generator, rows, cols, mask, tileset, gravity, seed, attempt)
        pairs = _face_pairs(len(cells), tileset, rng)
        board: AnyBoard
        if generator == "reverse":
            found = _grid_removal_path(GridShape(rows, cols, mask), cells, rng, gravity)
            if found is None:
                continue
            moves, tiles = found
            faces = _assign(tiles, pairs, rng)
            board = GridBoard(rows, cols, faces, gravity=gravity, mask=mask)
            solution = replay(board, moves)
        else:
            flat = [face for pair in pairs for face in pair]
            rng.shuffle(flat)
            faces = dict(zip(cells, flat, strict=True))
            board = GridBoard(rows, cols, faces, gravity=gravity, mask=mask)
            solution = _solved(board, CHECK_NODES if gravity else GRID_PROOF_NODES, GRID_CHECK)
        if solution is not None:
            return board, solution
    raise GenerationError(f"no solvable {cols} x {rows} board after {MAX_ATTEMPTS} attempts")


_GridBuilder = Callable[
    [int, int, list[int], "int | None", int, str, bool, SetName],
    tuple[AnyBoard, tuple[Match, ...]],
]
#: Grid generators by version; old entries stay so old seeds keep their boards.
GRID_VERSIONS: Final[dict[int, _GridBuilder]] = {1: _grid_v1, 2: _grid_v1, 3: _grid_v1}


def deal_grid(
    rows: int = 8,
    cols: int = 17,
    *,
    seed: int,
    generator: str = "reverse",
    gravity: bool = False,
    mask: int | Iterable[tuple[int, int]] | None = None,
    tileset: str | None = None,
    version: int = GENERATOR_VERSION,
) -> Deal:
    """A solvable Shisen-Sho board of ``rows`` x ``cols`` from ``seed``.

    ``mask`` keeps tiles only on some cells (a bitmask over spots, as
    :class:`~tilematch.engine.grid.board.GridBoard` takes it, or an iterable of
    ``(row, col)``); the other cells are empty space. ``tileset`` defaults to
    ``"136"`` for 136 tiles and ``"144"`` otherwise (whole groups of that set
    for other counts). With ``gravity`` the board is solvable *with* gravity:
    reverse placement replays its path under falling tiles and retries until it
    holds; ``"checked"`` asks the solver.

    Returns a :class:`Deal`. Raises :class:`ValueError` (or ``TypeError``) for
    bad arguments, :class:`GenerationError` when no board was found within
    :data:`MAX_ATTEMPTS` derived sub-seeds.
    """
    seed = _check_seed(seed)
    if generator not in GENERATORS:
        raise ValueError(f"unknown generator {generator!r}; choose reverse or checked")
    cells, bitmask = _grid_cells(rows, cols, mask)
    if tileset is None:
        tileset = default_tileset("shisensho", len(cells))
    if tileset not in ("136", "144"):
        raise ValueError(f"a Shisen-Sho board uses tile set 136 or 144, not {tileset!r}")
    build = GRID_VERSIONS[_check_version(version, GRID_VERSIONS)]
    board, solution = build(
        rows, cols, cells, bitmask, seed, generator, bool(gravity), cast(SetName, tileset)
    )
    return Deal(
        board=board,
        solution=solution,
        game="shisensho",
        layout=None,
        size=(rows, cols),
        seed=seed,
        generator=generator,
        version=version,
        gravity=bool(gravity),
        tileset=tileset,
        custom=bitmask is not None,
    )


def deal_shape(
    shape: Outline | str,
    *,
    seed: int,
    generator: str = "reverse",
    gravity: bool = False,
    tileset: str | None = None,
    version: int = GENERATOR_VERSION,
) -> Deal:
    """A solvable Shisen-Sho board on a shape: a built-in name (see
    :func:`~tilematch.engine.grid.outlines.names`) or a
    :class:`~tilematch.engine.grid.outlines.Outline` (e.g. from
    :func:`~tilematch.engine.grid.outlines.parse_shape`).

    The same as :func:`deal_grid` with the shape's rows, columns and mask; the
    deal records the shape's name when it is built in (it then has a share
    code) and counts as custom otherwise. Raises
    :class:`~tilematch.engine.grid.outlines.ShapeError` for an unknown name, and
    what :func:`deal_grid` raises.
    """
    named = get_shape(shape) if isinstance(shape, str) else shape
    deal = deal_grid(
        named.rows,
        named.cols,
        seed=seed,
        generator=generator,
        gravity=gravity,
        mask=named.mask,
        tileset=tileset,
        version=version,
    )
    builtin = named in shapes()
    return replace(deal, shape=named.name if builtin else None, custom=not builtin)
