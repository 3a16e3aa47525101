"""How long a search may run: a node and time budget."""

from __future__ import annotations

import time
from typing import Any

Pair = tuple[int, int]
#: A way of pairing a group: its pairs.
Way = tuple[Pair, ...]
#: A search position of a model (each model says what its items are).
State = tuple[Any, ...]
#: Committed pairs.
Commits = frozenset[Pair]


class OutOfBudget(Exception):
    """Raised inside the search when the node or time limit is reached."""


class Restart(Exception):
    """Raised inside a search round that used up its share of positions."""


class Budget:
    """Counts nodes and watches the clock; raises :class:`OutOfBudget`."""

    __slots__ = ("deadline", "limit", "nodes", "start")

    def __init__(self, nodes: int | None, seconds: float | None) -> None:
        if nodes is not None and nodes < 0:
            raise ValueError(f"nodes must be >= 0, not {nodes}")
        if seconds is not None and seconds < 0:
            raise ValueError(f"seconds must be >= 0, not {seconds}")
        self.start = time.perf_counter()
        self.limit = nodes
        self.deadline = None if seconds is None else self.start + seconds
        self.nodes = 0

    def tick(self) -> None:
        self.nodes += 1
        if self.limit is not None and self.nodes > self.limit:
            raise OutOfBudget
        if (
            self.deadline is not None
            and self.nodes & 7 == 1
            and time.perf_counter() > self.deadline
        ):
            raise OutOfBudget

    def elapsed(self) -> float:
        return time.perf_counter() - self.start
