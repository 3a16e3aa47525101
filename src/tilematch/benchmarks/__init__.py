"""Benchmarks behind ``tilematch bench`` (and the scripts in ``benchmarks/``).

Each module ``tilematch.benchmarks.<topic>`` defines
``run(quick: bool) -> list[Row]``; ``quick`` is the short smoke run CI uses
(``tilematch.commands.bench`` lists the topics). Use :func:`timed` to measure
a callable.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Row:
    """One line of the benchmark table."""

    name: str
    median_ms: float
    p95_ms: float
    worst_ms: float
    runs: int
    target: str = ""
    note: str = ""

    def markdown(self) -> str:
        """The row as a line of the README's benchmark table."""
        return (
            f"| {self.name} | {self.median_ms:.3f} | {self.p95_ms:.3f} | "
            f"{self.worst_ms:.3f} | {self.runs} | {self.target} | {self.note} |"
        )


HEADER = (
    "| benchmark | median ms | p95 ms | worst ms | runs | target | note |\n"
    "|---|---|---|---|---|---|---|"
)


def summarize(name: str, samples_ms: list[float], target: str = "", note: str = "") -> Row:
    """A :class:`Row` from raw samples in milliseconds."""
    ordered = sorted(samples_ms)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    return Row(name, statistics.median(ordered), p95, ordered[-1], len(ordered), target, note)


def timed(
    name: str, func: Callable[[], object], runs: int, target: str = "", note: str = ""
) -> Row:
    """Call ``func`` ``runs`` times (after one warm-up call) and summarize the times."""
    func()
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        func()
        samples.append((time.perf_counter() - start) * 1000)
    return summarize(name, samples, target, note)
