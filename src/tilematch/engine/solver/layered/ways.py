"""The way search: an exact search of a layered board over the ways of pairing
its groups, learning which ways do not go together.

Each group is a variable whose values are its ways of pairing; the relaxed peeling
of the start with some groups committed is the one constraint. :class:`WaySearch`
decides, propagates, learns conflicts from failed peelings and jumps back, as a
clause-learning SAT solver does. The long form: ``docs/solver-notes.md`` (The way
search).
"""

from __future__ import annotations

import random

from tilematch.engine.solver.budget import Budget, Pair
from tilematch.engine.solver.layered.model import LayeredModel
from tilematch.engine.solver.layered.rounds import (
    first_free_round,
    first_taken_round,
    pairs_by_round,
)

#: A group's way: ``(group, index of the way)``.
Way = tuple[int, int]
#: A set of group ways that no solution holds together.
Conflict = frozenset[Way]

#: Each conflict stored weighs this much more than the one before in the
#: activity of its groups (recent conflicts count most).
ACTIVITY_GROWTH = 1.05


class Unsolvable(Exception):
    """Raised inside :class:`WaySearch` once a conflict with no way in it is found."""


class WaySearch:
    """The way search of ``model``'s start position; ``ways[g]`` lists the ways of
    pairing group ``g`` (each a tuple of pairs, as
    :func:`~tilematch.engine.solver.layered.rounds.ways_of` gives them) and ``phases[g]``
    the way tried first for it. The board must have no stones and every group
    at least one way."""

    def __init__(
        self,
        model: LayeredModel,
        budget: Budget,
        ways: list[list[tuple[Pair, ...]]],
        phases: list[int],
    ) -> None:
        self.model = model
        self.budget = budget
        self.ways = ways
        self.masks = model.groups.masks
        count = len(ways)
        #: the way each group is committed to (``None``: free), the decision level
        #: it was committed at, and why (``None`` for a decision)
        self.assigned: list[int | None] = [None] * count
        self.level = [0] * count
        self.reason: list[Conflict | None] = [None] * count
        #: ways each group may still take; for each way taken out, why
        self.domain = [set(range(len(w))) for w in ways]
        self.out: list[dict[int, Conflict]] = [{} for _ in ways]
        #: ("a", g, 0) for a group committed, ("r", g, w) for a way taken out
        self.trail: list[tuple[str, int, int]] = []
        self.levels: list[int] = []  # trail length at the start of each decision level
        self.conflicts: list[Conflict] = []
        self.watch: dict[Way, list[int]] = {}
        self.activity = [0.0] * count
        self.weight = 1.0
        self.phase = list(phases)
        self.rng = random.Random(0)
        # the relaxed peeling of the commitments, and its rounds
        self.partner = [0] * len(model.before)
        self.lone = model.start
        #: the groups whose way changed since the last peeling, with the way they
        #: had then
        self.changed: dict[int, int | None] = {}
        self.snaps: list[tuple[int, int, int]] | None = None
        self.passes = False
        self.stuck = 0
        #: peelings run (for the figures)
        self.peelings = 0
        for g, options in enumerate(ways):
            if len(options) == 1:
                self.commit(g, 0)
        #: the groups with a choice
        self.groups = [g for g, options in enumerate(ways) if len(options) > 1]

    # -- the peeling -----------------------------------------------------------

    def commit(self, g: int, w: int | None) -> None:
        """Commit group ``g`` to its way ``w`` in the peeling (``None``: free it)."""
        if g not in self.changed:
            self.changed[g] = self.assigned[g]
        self.assigned[g] = w
        gmask = self.masks[g]
        if w is None:
            self.lone |= gmask
            return
        self.lone &= ~gmask
        partner = self.partner
        for a, b in self.ways[g][w]:
            partner[a] = 1 << b
            partner[b] = 1 << a

    def peels(self) -> bool:
        """True when the relaxed peeling of the start passes with the commitments;
        when it fails, :attr:`stuck` holds the tiles it stopped at.

        The recorded peeling is run again from the first round a change can
        touch: for a group newly committed, the round that took its first tile (a
        committed tile never goes sooner than a free one); for a group freed or
        given another way, the first round in which one of its tiles was free."""
        if self.snaps is not None and not self.changed:
            return self.passes
        model = self.model
        if self.snaps is None:
            self.peelings += 1
            snaps: list[tuple[int, int, int]] = []
            left = model._peel(self.partner, self.lone, model.start, 0, 0, snaps)
        else:
            snaps = self.snaps
            masks, assigned = self.masks, self.assigned
            k = len(snaps) - 1
            touched = 0
            for g, before in self.changed.items():
                if assigned[g] == before:
                    continue
                gmask = masks[g]
                touched |= gmask
                if before is None:
                    k = min(k, first_taken_round(snaps, gmask))
                else:
                    k = min(k, first_free_round(snaps, gmask))
            self.changed.clear()
            if not touched:
                return self.passes
            self.peelings += 1
            rest, opened, seen = snaps[k]
            del snaps[k:]
            left = model._peel(
                self.partner, self.lone, rest, opened & ~touched, seen & ~touched, snaps
            )
        self.snaps = snaps
        self.changed.clear()
        self.passes = left is not None
        if left is None:
            self.stuck = model.stuck_at
        return self.passes

    def minimal(self) -> Conflict:
        """The peeling fails now: the committed ways it still fails with once every
        other choice is freed (latest first), each kept only when freeing it lets
        the peeling pass.

        Freeing a way only relaxes the peeling, so everything the failed peeling
        took still goes, and the peeling with the way freed passes exactly when it
        does from the tiles the failed one stopped at: each test peels on from
        there, and a way that lets none of those tiles go (no tile of its group
        both stuck and free there, with a mate free or gone) is freed without one.
        The commitments and the recorded peeling are as before when it returns."""
        level, assigned, masks = self.level, self.assigned, self.masks
        model = self.model
        free_cells, peel, partner = model.free_cells, model._peel, self.partner
        order = sorted((g for g in self.groups if assigned[g] is not None), key=lambda g: -level[g])
        kept: list[Way] = []
        stuck = self.stuck
        free = free_cells(stuck)
        lone = self.lone
        for g in order:
            w = assigned[g]
            assert w is not None
            gmask = masks[g]
            loose = free & gmask & stuck
            there = loose | (gmask & ~stuck)
            if not loose or not there & (there - 1):
                lone |= gmask
                continue
            self.peelings += 1
            if peel(partner, lone | gmask, stuck, 0, 0, None) is None:
                lone |= gmask
                stuck = model.stuck_at
                free = free_cells(stuck)
            else:
                kept.append((g, w))
        return frozenset(kept)

    # -- decisions, propagation, conflicts ---------------------------------------

    def take(self, g: int, w: int, why: Conflict | None) -> Conflict | None:
        """Commit group ``g`` to way ``w`` (``why``: the ways that imply it, ``None``
        for a decision) and propagate; a conflict, or ``None``."""
        self.commit(g, w)
        self.level[g] = len(self.levels)
        self.reason[g] = why
        self.trail.append(("a", g, 0))
        assigned, domain, conflicts = self.assigned, self.domain, self.conflicts
        for i in self.watch.get((g, w), ()):
            conflict = conflicts[i]
            missing: Way | None = None
            holds = True
            for h, v in conflict:
                now = assigned[h]
                if now == v:
                    continue
                if now is not None or missing is not None:
                    holds = False
                    break
                missing = (h, v)
            if not holds:
                continue
            if missing is None:
                return conflict  # every way of it holds
            h, v = missing
            if v in domain[h]:
                found = self.exclude(h, v, conflict - {missing})
                if found is not None:
                    return found
        return None

    def exclude(self, g: int, w: int, why: Conflict) -> Conflict | None:
        """Take way ``w`` out of group ``g`` (the ways ``why`` rule it out); a group left
        one way takes it, a group left none is a conflict (returned)."""
        domain = self.domain[g]
        domain.discard(w)
        self.out[g][w] = why
        self.trail.append(("r", g, w))
        if len(domain) > 1:
            return None
        reasons: set[Way] = set()
        for because in self.out[g].values():
            reasons |= because
        if not domain:
            return frozenset(reasons)
        (last,) = domain
        return self.take(g, last, frozenset(reasons))

    def back_to(self, level: int) -> None:
        """Undo every decision level above ``level``."""
        levels, trail = self.levels, self.trail
        while len(levels) > level:
            start = levels.pop()
            while len(trail) > start:
                kind, g, w = trail.pop()
                if kind == "a":
                    way = self.assigned[g]
                    assert way is not None  # (committed when the entry was made)
                    self.phase[g] = way
                    self.commit(g, None)
                    self.reason[g] = None
                else:
                    self.domain[g].add(w)
                    del self.out[g][w]

    def analyse(self, conflict: Conflict) -> tuple[Conflict, int, Way]:
        """Resolve ``conflict`` (its ways all hold) with the reasons of the implied ways
        of its latest decision level until one way of that level is left, then drop
        the ways of level 0 (they always hold) and the ways whose reasons lie wholly
        in the conflict: the conflict to store, the level to jump back to, and the
        way it then rules out. Raises :class:`Unsolvable` when nothing is left above
        level 0."""
        level, reason = self.level, self.reason
        place = {g: k for k, (kind, g, _) in enumerate(self.trail) if kind == "a"}
        ways = set(conflict)
        while True:
            top = max((level[g] for g, _ in ways), default=0)
            if top == 0:
                raise Unsolvable
            latest = [way for way in ways if level[way[0]] == top]
            if len(latest) == 1:
                break
            g, w = max(
                (way for way in latest if reason[way[0]] is not None), key=lambda x: place[x[0]]
            )
            because = reason[g]
            assert because is not None
            ways.discard((g, w))
            ways |= because
        asserting = latest[0]

        def needed(way: Way) -> bool:
            # a way of level 0 always holds; a way implied by others of the
            # conflict holds whenever they do
            g = way[0]
            if way == asserting:
                return True
            because = reason[g]
            return level[g] > 0 and (because is None or not because <= ways)

        kept = {way for way in ways if needed(way)}
        below = [level[g] for g, _ in kept if level[g] != top]
        return frozenset(kept), max(below, default=0), asserting

    def learn(self, conflict: Conflict) -> None:
        index = len(self.conflicts)
        self.conflicts.append(conflict)
        for way in conflict:
            self.watch.setdefault(way, []).append(index)
            self.activity[way[0]] += self.weight
        self.weight *= ACTIVITY_GROWTH

    def settle(self, conflict: Conflict) -> None:
        """Learn from ``conflict`` and jump back, until propagation finds no new one."""
        found: Conflict | None = conflict
        while found is not None:
            self.budget.tick()
            learnt, back, (g, w) = self.analyse(found)
            self.learn(learnt)
            self.back_to(back)
            found = self.exclude(g, w, learnt - {(g, w)})

    def run(self) -> list[Pair] | None:
        """Search to the end: the pairs in playing order, or ``None`` when the board
        is proven unsolvable."""
        try:
            while True:
                if not self.peels():
                    self.settle(self.minimal())
                    continue
                free = [g for g in self.groups if self.assigned[g] is None]
                if not free:
                    return self.moves()
                g, w = self.choose(free)
                self.budget.tick()
                self.levels.append(len(self.trail))
                found = self.take(g, w, None)
                if found is not None:
                    self.settle(found)
        except Unsolvable:
            return None

    def choose(self, free: list[int]) -> Way:
        """The next decision among the ``free`` groups: a group with the fewest ways
        left, among those the one the recent conflicts named most, and its last
        way."""
        activity, domain, rng = self.activity, self.domain, self.rng
        g = max(free, key=lambda h: (-len(domain[h]), activity[h], rng.random()))
        w = self.phase[g] if self.phase[g] in domain[g] else min(domain[g])
        return g, w

    def moves(self) -> list[Pair]:
        """The pairs of the committed ways, round by round of their peeling (which
        takes every tile)."""
        snaps: list[tuple[int, int, int]] = []
        left = self.model.peel_paired(self.partner, self.model.start, 0, snaps)
        assert left == 0
        return pairs_by_round(snaps, self.partner)
