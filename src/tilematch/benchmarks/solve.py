"""Benchmarks of the exact solver on uniformly random deals.

A uniformly random deal shuffles a tile set's faces onto all positions with
``random.Random(seed)`` for seeds 0, 1, 2, ...:

* Shisen-Sho 17 x 8 with the 136 set, no gravity (>= 1,000 deals; targets:
  median <= 30 ms, none undecided, worst <= 2 s);
* Mahjong Solitaire on the Turtle with the 144 set (>= 2,000 deals): the share
  of unsolvable deals must agree with the published figure of about 2.95 %
  (10 million deals) within statistical error.

``quick`` runs 20 deals of each. Each deal gets a time bound (``DEAL_SECONDS``,
``QUICK_DEAL_SECONDS`` in the quick run);
a deal that runs out of it is counted as undecided and its time as the bound.
Times are the CPU time of this process per deal (the solver is single-threaded
and CPU-bound, so other work on the machine does not inflate them), including
building the solver's model; the note gives the 99th percentile and the wall
time of the slowest deal.
"""

from __future__ import annotations

import math
import random
import time

from tilematch.benchmarks import Row, summarize
from tilematch.engine import layouts
from tilematch.engine.grid.board import GridBoard
from tilematch.engine.solver import solve
from tilematch.engine.stack.board import StackBoard
from tilematch.engine.tiles import standard_set

#: Time bound for one deal, in seconds.
DEAL_SECONDS = 60.0
#: Time bound for one deal in the quick run.
QUICK_DEAL_SECONDS = 10.0
#: Deals of each kind in the quick run and in the full run.
QUICK_DEALS = 20
GRID_DEALS = 1000
TURTLE_DEALS = 2000
#: Share of unsolvable Turtle deals in the published 10-million-deal count.
PUBLISHED_TURTLE_UNSOLVABLE = 0.0295


def _measure(make: list[object], seconds: float) -> tuple[list[float], dict[str, int], float]:
    """CPU milliseconds per deal, the verdict counts, and the slowest deal's wall ms."""
    samples: list[float] = []
    verdicts = {"solved": 0, "unsolvable": 0, "budget": 0}
    slowest_wall = 0.0
    for board in make:
        start, wall = time.process_time(), time.perf_counter()
        result = solve(board, seconds=seconds)  # type: ignore[arg-type]
        samples.append((time.process_time() - start) * 1000)
        slowest_wall = max(slowest_wall, (time.perf_counter() - wall) * 1000)
        verdicts[result.status] += 1
    return samples, verdicts, slowest_wall


def _p99(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]


def grid_deals(count: int) -> list[object]:
    """``count`` uniformly random 17 x 8 deals of the 136 set, seeds 0.."""
    boards: list[object] = []
    for seed in range(count):
        faces = standard_set("136")
        random.Random(seed).shuffle(faces)
        boards.append(GridBoard(8, 17, faces))
    return boards


def turtle_deals(count: int) -> list[object]:
    """``count`` uniformly random Turtle deals of the 144 set, seeds 0.."""
    layout = layouts.get("turtle")
    boards: list[object] = []
    for seed in range(count):
        faces = standard_set("144")
        random.Random(seed).shuffle(faces)
        boards.append(StackBoard(layout, faces))
    return boards


def _share(verdicts: dict[str, int], status: str) -> tuple[float, float]:
    """Share of ``status`` among decided deals and its standard error."""
    decided = verdicts["solved"] + verdicts["unsolvable"]
    if not decided:
        return 0.0, 0.0
    p = verdicts[status] / decided
    return p, math.sqrt(p * (1 - p) / decided)


def run(quick: bool) -> list[Row]:
    """Solve random deals of both geometries; one row each."""
    rows: list[Row] = []
    seconds = QUICK_DEAL_SECONDS if quick else DEAL_SECONDS
    count = QUICK_DEALS if quick else GRID_DEALS
    samples, verdicts, wall = _measure(grid_deals(count), seconds)
    share, error = _share(verdicts, "solved")
    rows.append(
        summarize(
            "solve: random 17x8 Shisen-Sho deal (136, no gravity), CPU",
            samples,
            target="median <= 30, worst <= 2000, none undecided",
            note=(
                f"solvable {100 * share:.1f} % +- {100 * error:.1f}; "
                f"undecided {verdicts['budget']} of {count}; "
                f"p99 {_p99(samples):.0f} ms; slowest wall {wall:.0f} ms"
            ),
        )
    )
    count = QUICK_DEALS if quick else TURTLE_DEALS
    samples, verdicts, wall = _measure(turtle_deals(count), seconds)
    share, error = _share(verdicts, "unsolvable")
    rows.append(
        summarize(
            "solve: random Turtle deal (144), CPU",
            samples,
            target=(
                "median <= 30, worst <= 2000, none undecided, "
                f"unsolvable ~ {100 * PUBLISHED_TURTLE_UNSOLVABLE:.2f} %"
            ),
            note=(
                f"unsolvable {100 * share:.2f} % +- {100 * error:.2f}; "
                f"undecided {verdicts['budget']} of {count}; "
                f"p99 {_p99(samples):.0f} ms; slowest wall {wall:.0f} ms"
            ),
        )
    )
    return rows
