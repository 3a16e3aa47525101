"""Measure a layout: how many random deals are solvable, and how hard generated deals are."""

from __future__ import annotations

from typing import Final

from tilematch.engine.deal.difficulty import _label, measure_difficulty
from tilematch.engine.deal.layout import deal_layout
from tilematch.engine.deal.seeds import _rng
from tilematch.engine.layouts.catalogue import Figures
from tilematch.engine.layouts.layout import Layout
from tilematch.engine.solver import solve
from tilematch.engine.stack.board import StackBoard
from tilematch.engine.tiles import deal_faces

#: Defaults of ``tilematch layouts measure``.
DEALS: Final = 40
NODES: Final = 5_000
SECONDS: Final = 2.0
RATED: Final = 3
PLAYOUTS: Final = 40


def measure_layout(
    layout: Layout,
    *,
    deals: int = DEALS,
    nodes: int = NODES,
    seconds: float = SECONDS,
    rated: int = RATED,
    playouts: int = PLAYOUTS,
) -> Figures:
    """Measure ``layout``: solve ``deals`` random Solitaire deals (faces shuffled by
    seeded streams, no generator) with at most ``nodes`` search nodes and
    ``seconds`` of time each (a deal that runs out is undecided), and
    rate ``rated`` generated deals (seeds 1 up) with
    :func:`~tilematch.engine.deal.difficulty.measure_difficulty`.

    Returns the :class:`~tilematch.engine.layouts.catalogue.Figures`; the same
    arguments give the same figures unless the time bound cuts a search short
    (then ``undecided`` counts it). Raises :class:`ValueError` for a
    count below 1.
    """
    for what, value in (("deals", deals), ("nodes", nodes), ("rated", rated)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise ValueError(f"{what} must be a positive whole number, not {value!r}")
    solvable = undecided = 0
    for k in range(deals):
        rng = _rng("figures", layout.positions, k)
        faces = deal_faces(layout.size, "144", rng)
        rng.shuffle(faces)
        status = solve(
            StackBoard(layout, faces, game="solitaire"), nodes=nodes, seconds=seconds
        ).status
        solvable += status == "solved"
        undecided += status == "budget"
    scores = []
    for seed in range(1, rated + 1):
        deal = deal_layout(layout, seed=seed)
        measured = measure_difficulty(
            deal.board, playouts=playouts, seed=seed, solution=deal.solution
        )
        scores.append(measured.score)
    difficulty = round(sum(scores) / len(scores), 4)
    label = _label(difficulty)
    return Figures(deals, solvable, undecided, nodes, seconds, difficulty, label, rated)
