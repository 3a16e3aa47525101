"""The grid search's order of groups: the groups that blocked recent trials first."""

from __future__ import annotations

from typing import Any, SupportsIndex, overload

from tilematch.engine.solver.budget import Budget, Commits, Pair
from tilematch.engine.solver.pairing import Model, PairingSearch

# ---------------------------------------------------------------------------
# Shisen-Sho without gravity.
# ---------------------------------------------------------------------------

#: A move of the reach test: the tile taken, its committed partner (or -1), and
#: the tile whose cell its line went to (-1 when that tile was next to it).
Move = tuple[int, int, int]
#: One step of the reach test: the position before it (occupancy, row bits, column
#: bits of :class:`GridLines`) and its :data:`Move` (one tuple: replays that take
#: the step as it was keep it as it is).
Step = tuple[int, list[int], list[int], Move]


class BlameHints(list[int]):
    """:attr:`PairingSearch.domain_hint` (the ways each group had when last looked
    at; the look-ahead looks at groups with fewer first) that also counts, per
    group, the positions it proved dead (:attr:`blame`: no way of pairing it
    passed the reach test). Among groups with as many ways, the most blamed is
    read as slightly fewer, so it is looked at, and branched on, first: jams that
    show only after several groups are paired then keep the search on the
    groups that jam instead of multiplying in unrelated ones. Only the order
    changes, never a verdict."""

    def __init__(self, groups: int) -> None:
        super().__init__([0] * groups)
        self.blame = [0] * groups

    @overload
    def __getitem__(self, i: SupportsIndex) -> int: ...
    @overload
    def __getitem__(self, i: slice) -> list[int]: ...
    def __getitem__(self, i: SupportsIndex | slice) -> int | list[int]:
        if isinstance(i, slice):
            return list.__getitem__(self, i)
        # ways scaled by 1024, less the blame (capped): sorts as (ways, -blame)
        return list.__getitem__(self, i) * 1024 - min(self.blame[i], 1023)


class GridSearch(PairingSearch):
    """The pairing search with the group order of :class:`BlameHints`: a position
    the look-ahead proves dead because no way of pairing some group passes
    blames that group."""

    def __init__(self, model: Model, budget: Budget) -> None:
        super().__init__(model, budget)
        self.hints = BlameHints(len(model.groups.masks))
        self.domain_hint = self.hints
        #: the group whose ways were tried last, at which position, and whether
        #: any passed
        self._group = -1
        self._at: tuple[Any, ...] | None = None
        self._passed = False

    def try_way(
        self, state: tuple[Any, ...], commits: Commits, cmask: int, g: int, way: tuple[Pair, ...]
    ) -> tuple[bool, int]:
        passes, tried = super().try_way(state, commits, cmask, g, way)
        if g != self._group or state is not self._at:
            self._group, self._at, self._passed = g, state, False
        self._passed |= passes
        return passes, tried

    def choose(
        self, state: tuple[Any, ...], commits: Commits, cmask: int, ctx: Any
    ) -> tuple[list[Pair], tuple[Any, ...], Commits, int, list[tuple[Pair, ...]]] | None:
        self._group, self._at = -1, None
        chosen = super().choose(state, commits, cmask, ctx)
        if chosen is None and self._group >= 0 and not self._passed:
            self.hints.blame[self._group] += 1  # (else the propagation failed)
        self._at = None
        return chosen
