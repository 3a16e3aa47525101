"""Benchmarks of the deal generators: time per solvable, verified board.

Every sample deals a board from a fresh seed (so dead ends and rejected
candidates count in the time, as a player would wait for them):

* 17x8 Shisen-Sho by reverse placement and by solver-checked deal (target:
  median <= 50 ms for both), and by reverse placement with gravity;
* the Turtle (Mahjong Solitaire) by reverse placement and by solver-checked deal
  (target: median <= 50 ms for both);
* Black & White on the Turtle at the easy and hard levels (candidates measured
  by random playouts), and with 12 stone tiles;
* a solvable reshuffle of a 17x8 board and of a Turtle, each after 20 random moves.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from tilematch.benchmarks import Row, summarize
from tilematch.engine.deal.grid import deal_grid
from tilematch.engine.deal.layout import deal_layout
from tilematch.engine.deal.shuffle import reshuffle

TARGET = "<= 50 ms"


def _per_seed(
    name: str, make: Callable[[int], object], runs: int, target: str = "", note: str = ""
) -> Row:
    samples = []
    for seed in range(runs):
        start = time.perf_counter()
        make(1000 + seed)
        samples.append((time.perf_counter() - start) * 1000)
    return summarize(name, samples, target, note)


def _reshuffle_after(make: Callable[[int], object], moves: int) -> Callable[[int], object]:
    def run(seed: int) -> object:
        board = make(seed)
        rng = random.Random(seed)
        for _ in range(moves):
            pairs = list(board.legal_pairs())  # type: ignore[attr-defined]
            if not pairs:
                break
            board.push(rng.choice(pairs))  # type: ignore[attr-defined]
        start = time.perf_counter()
        reshuffle(board, rng)  # type: ignore[arg-type]
        return time.perf_counter() - start

    return run


def _timed_part(name: str, part: Callable[[int], object], runs: int, note: str = "") -> Row:
    samples = [float(part(1000 + seed)) * 1000 for seed in range(runs)]  # type: ignore[arg-type]
    return summarize(name, samples, "", note)


def run(quick: bool) -> list[Row]:
    """The generator benchmark rows; ``quick`` deals fewer boards and skips the slow ones."""
    n = 3 if quick else 30
    checked = 3 if quick else 100
    rows = [
        _per_seed("deal 17x8 reverse", lambda s: deal_grid(seed=s), n, TARGET),
        _per_seed(
            "deal 17x8 checked",
            lambda s: deal_grid(seed=s, generator="checked"),
            checked,
            TARGET,
            note="solver-verified random deal",
        ),
        _per_seed("deal 17x8 gravity reverse", lambda s: deal_grid(seed=s, gravity=True), n),
        _per_seed("deal turtle reverse", lambda s: deal_layout("turtle", seed=s), n, TARGET),
        _per_seed(
            "deal turtle B&W easy",
            lambda s: deal_layout("turtle", "blackwhite", seed=s, difficulty="easy"),
            n,
            note="with playout measure",
        ),
        _per_seed(
            "deal turtle B&W hard",
            lambda s: deal_layout("turtle", "blackwhite", seed=s, difficulty="hard"),
            n,
            note="with playout measure",
        ),
        _per_seed(
            "deal turtle B&W 12 stones",
            lambda s: deal_layout("turtle", "blackwhite", seed=s, stones=12),
            n,
        ),
    ]
    rows.append(
        _per_seed(
            "deal turtle checked",
            lambda s: deal_layout("turtle", seed=s, generator="checked"),
            checked,
            TARGET,
            note="solver-verified random deal",
        )
    )
    rows.append(
        _timed_part(
            "reshuffle 17x8 after 20 moves",
            _reshuffle_after(lambda s: deal_grid(seed=s).board.copy(), 20),
            n,
        )
    )
    rows.append(
        _timed_part(
            "reshuffle turtle after 20 moves",
            _reshuffle_after(lambda s: deal_layout("turtle", seed=s).board.copy(), 20),
            n,
        )
    )
    return rows
