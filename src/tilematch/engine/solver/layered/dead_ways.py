"""Ways of pairing a group that are dead in every line of play from a position: the
look-ahead of the pairing search (:meth:`PairingSearch.choose`) one step deeper.

The look-ahead drops a way of pairing a group when the peeling test fails with that
way committed. This module drops a way also when, with it committed, some *other*
group has no way left that passes (singleton consistency, run to a fixed point): a
jam of two groups (every way of one leaves the other none) or of one group and a few
others (each of its ways leaves some other group none) is then found at once, where
the search would branch on every group in between before running into it again and
again.

Why it is exact: a way ``w`` of group ``g`` is dropped only when no pairing of the
whole position that pairs ``g`` by ``w`` can pass the peeling (:meth:`Model.stuck`,
a relaxation: a position whose every group is paired passes it when it can be
cleared that way). Committing more pairs only makes peeling harder, so a group ``h``
with no way passing under ``w`` plus the commitments leaves no full pairing either.
A group left with one way must be paired that way in every solution: it is committed
for the later checks. The answer holds for every position the search reaches from
this one (a solution there, after the moves that led to it, would be a solution here
that pairs ``g`` by ``w``).
"""

from __future__ import annotations

import time
from typing import Any

from tilematch.engine.solver.budget import Budget, Commits, OutOfBudget, Pair
from tilematch.engine.solver.layered.model import LayeredModel
from tilematch.engine.solver.pairing import group_ways, tiles_of

Way = tuple[Pair, ...]


class DeadWays:
    """Singleton consistency of the ways of every group at one position.

    :meth:`run` answers ``None`` when the position is dead, else the set of ways
    (as :func:`group_ways` writes them) that no line of play from the position can
    use. ``peels`` counts the peelings and trials it ran."""

    def __init__(self, model: LayeredModel, budget: Budget) -> None:
        self.model = model
        self.budget = budget
        self.peels = 0
        #: the peeling of the position with its own commitments
        self.base: object = None

    def _check_clock(self) -> None:
        deadline = self.budget.deadline
        if deadline is not None and time.perf_counter() > deadline:
            raise OutOfBudget

    def run(self, state: tuple[Any, ...], commits: Commits, cmask: int) -> set[Way] | None:
        model = self.model
        masks = model.groups.masks
        occ = state[0]
        base = self.base = model.peel(state, commits)
        if base is None:
            return None
        dead: set[Way] = set()
        ways: dict[int, list[Way]] = {}
        for g, gmask in enumerate(masks):
            unc = occ & gmask & ~cmask
            if unc.bit_count() < 4:
                continue
            live: list[Way] = []
            for way in group_ways(model, g, unc):
                self.peels += 1
                if model.trial(state, commits, base, g, way):
                    live.append(way)
                else:
                    dead.add(way)
            if not live:
                return None
            ways[g] = live
        changed = True
        while changed:
            changed = False
            for g in sorted(ways):
                only = ways[g]
                if len(only) == 1 and len(only[0]) * 2 == (occ & masks[g] & ~cmask).bit_count():
                    # the group's only way: every solution pairs it so
                    commits = commits.union(only[0])
                    cmask |= tiles_of(only[0])
                    del ways[g]
            for g in sorted(ways, key=lambda g: (len(ways[g]), g)):
                live = ways[g]
                keep = [way for way in live if self._supported(state, commits, ways, g, way)]
                if len(keep) < len(live):
                    changed = True
                    dead.update(way for way in live if way not in keep)
                    if not keep:
                        return None
                    ways[g] = keep
        return dead

    def _supported(
        self,
        state: tuple[Any, ...],
        commits: Commits,
        ways: dict[int, list[Way]],
        g: int,
        way: Way,
    ) -> bool:
        """True when, with ``way`` committed, the peeling passes and every other group
        whose tiles that peeling takes in other rounds than the position's own has a
        way left that passes too. (The other groups are not looked at: that only
        keeps some dead ways, and saves three in four trials.)"""
        model = self.model
        self._check_clock()
        more = commits.union(way)
        self.peels += 1
        base = model.peel(state, more)
        if base is None:
            return False
        moved = model.moved(self.base, base)
        masks = model.groups.masks
        for h in sorted(ways, key=lambda h: (len(ways[h]), h)):
            if h == g or not masks[h] & moved:
                continue
            for other in ways[h]:
                self.peels += 1
                if model.trial(state, more, base, h, other):
                    break
            else:
                return False
        return True
