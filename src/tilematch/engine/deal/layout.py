"""Mahjong Solitaire and Black & White deals on a layout."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Final, cast

from tilematch.engine import layouts
from tilematch.engine.board import Match
from tilematch.engine.deal.difficulty import measure_difficulty
from tilematch.engine.deal.placement import (
    _assign,
    _face_pairs,
    _solved,
    _stack_removal_path,
    _stone_candidates,
    default_tileset,
    replay,
)
from tilematch.engine.deal.record import (
    GENERATORS,
    LAYOUT_DIFFICULTIES,
    LAYOUT_PROOF_NODES,
    MAX_ATTEMPTS,
    AnyBoard,
    Deal,
    GenerationError,
)
from tilematch.engine.deal.seeds import _check_seed, _rng, derive_seed
from tilematch.engine.deal.versions import GENERATOR_VERSION, SOLVER_CHECKS, _check_version
from tilematch.engine.layouts.layout import MAX_TILES, Layout, LayoutError
from tilematch.engine.solver.profile import Profile
from tilematch.engine.stack.board import StackBoard
from tilematch.engine.stack.geometry import stack_geometry
from tilematch.engine.tiles import SetName
from tilematch.engine.words import counted

# ---------------------------------------------------------------------------
# Layered deals

_BIAS: Final = {"easy": 1, "normal": 0, "hard": -1}
#: Candidates tried to meet an easy or hard request before the closest is taken.
LEVEL_TRIES: Final = 12
#: Playouts per candidate while generating to a difficulty.
LEVEL_PLAYOUTS: Final = 24


def _layout_deal(
    layout: Layout,
    game: str,
    seed: int,
    generator: str,
    difficulty: str,
    stones: int,
    tileset: SetName,
    *,
    check: Profile,
) -> tuple[AnyBoard, tuple[Match, ...]]:
    geo = stack_geometry(layout.positions)
    n = len(layout.positions)
    bias = _BIAS[difficulty] if generator == "reverse" else 0
    best: tuple[float, AnyBoard, tuple[Match, ...]] | None = None
    tried = 0
    for attempt in range(MAX_ATTEMPTS):
        rng = _rng(1, "layout", generator, layout.positions, game, tileset, seed, attempt)
        pairs = _face_pairs(n, tileset, rng, bias)
        board: AnyBoard
        if generator == "reverse":
            path = _stack_removal_path(geo, geo.full, rng, bias=bias)
            if path is None:
                continue
            board = StackBoard(layout, _assign(path, pairs, rng), game=game)
            solution = replay(board, path)
        else:
            flat = [face for pair in pairs for face in pair]
            rng.shuffle(flat)
            board = StackBoard(layout, flat, game=game)
            solution = _solved(board, LAYOUT_PROOF_NODES, check)
        if solution is None:
            continue
        if stones:
            candidates = _stone_candidates(geo, [(m.a, m.b) for m in solution])
            if len(candidates) < stones:
                continue
            chosen = rng.sample(candidates, stones)
            board = StackBoard(layout, [board.face(s) for s in range(n)], game=game, stones=chosen)
            solution = replay(board, ((m.a, m.b) for m in solution))
            if solution is None:  # pragma: no cover - the crack count above is exact
                continue
        if difficulty == "normal":
            return board, solution
        measured = measure_difficulty(
            board, playouts=LEVEL_PLAYOUTS, seed=derive_seed(seed, attempt), solution=solution
        )
        if measured.label == difficulty:
            return board, solution
        distance = abs(measured.score - (0.0 if difficulty == "easy" else 1.0))
        if best is None or distance < best[0]:
            best = (distance, board, solution)
        tried += 1
        if tried >= LEVEL_TRIES:
            return best[1], best[2]
    if best is not None:
        return best[1], best[2]
    raise GenerationError(
        f"no solvable deal on layout {layout.name!r} after {MAX_ATTEMPTS} attempts"
        + (f" with {counted(stones, 'stone')}" if stones else "")
    )


_LayoutBuilder = Callable[
    [Layout, str, int, str, str, int, SetName], tuple[AnyBoard, tuple[Match, ...]]
]
#: Layered generators by version; old entries stay so old seeds keep their boards.
#: Reverse placement is the same in all; solver-checked deals are proven with the
#: version's searches (:data:`~tilematch.engine.deal.versions.SOLVER_CHECKS`).
LAYOUT_VERSIONS: Final[dict[int, _LayoutBuilder]] = {
    version: functools.partial(_layout_deal, check=check)
    for version, check in SOLVER_CHECKS.items()
}


def _is_builtin(layout: Layout) -> bool:
    try:
        return layouts.get(layout.name).positions == layout.positions
    except LayoutError:
        return False


def deal_layout(
    layout: Layout | str,
    game: str = "solitaire",
    *,
    seed: int,
    generator: str = "reverse",
    difficulty: str = "normal",
    stones: int = 0,
    tileset: str | None = None,
    version: int = GENERATOR_VERSION,
) -> Deal:
    """A solvable Mahjong Solitaire or Black & White board on ``layout`` from ``seed``.

    ``layout`` is a :class:`~tilematch.engine.layouts.layout.Layout` or a built-in
    name. ``difficulty`` (``"easy"``, ``"normal"``, ``"hard"``) steers the
    deal: normal takes the first solvable candidate; easy and hard bias
    reverse placement (the two pairs of a face removed together, or far
    apart) and take the first of up to :data:`LEVEL_TRIES` candidates whose
    measured label fits, else the closest. ``stones`` marks that many tiles as
    stone tiles, only where the recorded solution cracks them twice before it
    removes them. ``tileset`` defaults to ``"144"`` (Solitaire) or ``"bw144"``
    (Black & White); smaller layouts get whole groups of it.

    Returns a :class:`Deal`. Raises :class:`ValueError` for bad arguments
    (a :class:`~tilematch.engine.layouts.layout.LayoutError` for an unknown layout
    name) and :class:`GenerationError` when no board was found.
    """
    seed = _check_seed(seed)
    if isinstance(layout, str):
        layout = layouts.get(layout)
    if not isinstance(layout, Layout):
        raise TypeError(f"layout must be a Layout or a name, not {type(layout).__name__}")
    if game not in ("solitaire", "blackwhite"):
        raise ValueError(f"a layered game is solitaire or blackwhite, not {game!r}")
    if generator not in GENERATORS:
        raise ValueError(f"unknown generator {generator!r}; choose reverse or checked")
    if difficulty not in LAYOUT_DIFFICULTIES:
        raise ValueError(f"unknown difficulty {difficulty!r}; choose easy, normal or hard")
    count = len(layout.positions)
    if not count or count % 2:
        raise ValueError(f"layout {layout.name!r} has {count} positions; it needs an even number")
    if count > MAX_TILES:
        raise ValueError(f"at most {MAX_TILES} tiles, not {count}")
    if isinstance(stones, bool) or not isinstance(stones, int) or not 0 <= stones <= count:
        raise ValueError(f"stones must be a whole number from 0 to {count}, not {stones!r}")
    if tileset is None:
        tileset = default_tileset(game, count)
    allowed = ("bw144",) if game == "blackwhite" else ("144", "136")
    if tileset not in allowed:
        raise ValueError(f"a {game} board uses tile set {' or '.join(allowed)}, not {tileset!r}")
    build = LAYOUT_VERSIONS[_check_version(version, LAYOUT_VERSIONS)]
    board, solution = build(
        layout, game, seed, generator, difficulty, stones, cast(SetName, tileset)
    )
    return Deal(
        board=board,
        solution=solution,
        game=game,
        layout=layout.name,
        size=None,
        seed=seed,
        generator=generator,
        version=version,
        difficulty=difficulty,
        stones=stones,
        tileset=tileset,
        custom=not _is_builtin(layout),
    )
