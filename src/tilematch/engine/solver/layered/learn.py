"""What dead ends teach the layered search: nogoods and backjumping.

A *nogood* ``(need, pairs, groups, lone)`` is a condition that makes every position
meeting it dead (:func:`meets`); :class:`Learning` gathers them from failed peelings,
groups without a way and dead branches, keeps them, and jumps back over positions
they prove dead. How each kind is derived, and why it holds:
``docs/solver-notes.md`` (Nogoods).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from typing import Any, Literal

from tilematch.engine.board import bits
from tilematch.engine.solver.budget import Budget, Commits, Pair, Restart
from tilematch.engine.solver.layered.model import LayeredModel
from tilematch.engine.solver.pairing import PairingSearch, tiles_of

#: ``(need, pairs, groups, lone)``: see the module docstring.
Nogood = tuple[int, frozenset[Pair], int, int]
Way = tuple[Pair, ...]
#: a forced commitment: ``(group mask, pairs, lone tiles of the group before, why
#: the group's other ways were dropped)``
Forced = tuple[int, Way, int, Nogood]

#: how much more each nogood counts for the activity of its groups than the last
ACTIVITY_GROWTH = 1.05

NO_PAIRS: frozenset[Pair] = frozenset()
EMPTY: Nogood = (0, NO_PAIRS, 0, 0)


def meets(nogood: Nogood, occ: int, lone: int, commits: Commits) -> bool:
    """True when the position with tiles ``occ``, lone tiles ``lone`` and
    commitments ``commits`` meets ``nogood`` (and so is dead)."""
    need, pairs, groups, alone = nogood
    return not need & ~occ and lone & groups == alone and pairs <= commits


def union(a: Nogood, b: Nogood) -> Nogood:
    """Both conditions at once (for nogoods of the same position)."""
    return (a[0] | b[0], a[1] | b[1], a[2] | b[2], a[3] | b[3])


def without(nogood: Nogood, way: Way, gmask: int) -> Nogood:
    """``nogood`` less the pairs of ``way`` and the condition on group ``gmask``."""
    need, pairs, groups, alone = nogood
    if pairs:
        pairs = pairs.difference(way)
    return (need, pairs, groups & ~gmask, alone & ~gmask)


def depends_on(nogood: Nogood, way: Way, gmask: int) -> bool:
    """True when ``nogood`` depends on ``way`` or on group ``gmask``'s lone tiles."""
    if nogood[2] & gmask:
        return True
    pairs = nogood[1]
    return any(p in pairs for p in way)


def lift(nogood: Nogood, trail: list[Forced]) -> Nogood:
    """Resolve ``nogood`` back through the forced commitments of ``trail`` (newest
    last): a nogood of the position after them becomes one of the position
    before them."""
    for gmask, way, alone, why in reversed(trail):
        if depends_on(nogood, way, gmask):
            nogood = union(without(nogood, way, gmask), why)
            nogood = (nogood[0], nogood[1], nogood[2] | gmask, nogood[3] | alone)
    return nogood


class Lessons:
    """The nogoods learnt so far, looked up by the pairs they name."""

    def __init__(self) -> None:
        #: pair -> (the tiles of the nogood's pairs, the nogood) for each naming it
        self.by_pair: dict[Pair, list[tuple[int, Nogood]]] = {}
        self.loose: list[Nogood] = []
        self.known: set[Nogood] = set()

    def add(self, nogood: Nogood) -> None:
        if nogood in self.known:
            return
        self.known.add(nogood)
        if not nogood[1]:
            self.loose.append(nogood)
            return
        entry = (tiles_of(nogood[1]), nogood)
        for pair in nogood[1]:
            self.by_pair.setdefault(pair, []).append(entry)

    def after(self, occ: int, lone: int, commits: Commits, way: Way) -> Nogood | None:
        """A nogood naming a pair of ``way`` that the position (after ``way`` was
        committed: ``commits`` hold it, ``lone`` no longer) meets."""
        by_pair = self.by_pair
        # a nogood's pairs' tiles are among its ``need``: committed tiles stand
        # uncommitted nowhere, so one mask test rejects most
        free_or_gone = ~occ | lone
        for pair in way:
            for paired, nogood in by_pair.get(pair, ()):
                if not paired & free_or_gone and meets(nogood, occ, lone, commits):
                    return nogood
        return None

    def loose_met(self, occ: int, lone: int, commits: Commits) -> Nogood | None:
        """A nogood naming no pair that the position meets."""
        for nogood in self.loose:
            if meets(nogood, occ, lone, commits):
                return nogood
        return None


class Frame:
    """A branch position of :meth:`Learning.learning_round`."""

    __slots__ = (
        "before",
        "cmask",
        "commits",
        "current",
        "gmask",
        "key",
        "mark",
        "options",
        "state",
        "trail",
        "why",
    )

    def __init__(
        self,
        state: tuple[Any, ...],
        commits: Commits,
        cmask: int,
        key: Hashable,
        before: Hashable,
        options: Iterator[Way],
        mark: int,
        gmask: int,
        why: Nogood,
        trail: list[Forced],
    ) -> None:
        self.state = state
        self.commits = commits
        self.cmask = cmask
        self.key = key
        self.before = before
        self.options = options
        self.mark = mark
        self.gmask = gmask
        #: the nogoods of the options tried so far (and of the ways dropped)
        self.why = why
        self.trail = trail
        self.current: Way = ()


class Learning(PairingSearch):
    """The pairing search with look-ahead rounds that learn nogoods (see the module
    docstring): the base of :class:`~tilematch.engine.solver.layered.search.LayeredSearch`."""

    def __init__(self, model: LayeredModel, budget: Budget) -> None:
        super().__init__(model, budget)
        self.layered = model
        #: True while a look-ahead round learns (the hooks below record only then)
        self.learning = False
        self.lessons = Lessons()
        #: dead positions with the nogood that proved them
        self.dead_why: dict[Hashable, Nogood] = {}
        self._sides: dict[int, tuple[int, int, int]] | None = None
        #: activity of each group (minus the nogoods naming it, newer ones weigh
        #: more); among groups with as many ways last time, the most active first
        self.activity = [0.0] * len(self.layered.groups.masks)
        self.bump = 1.0
        #: each way's last failed trial's core, asked before a new trial
        self.failed_before: dict[Way, Nogood] = {}
        #: while the look-ahead is on a group: its failed ways and their nogoods;
        #: the group with the fewest ways so far, its lone tiles and failed ways
        self.fails: list[tuple[Way, Nogood]] = []
        self.best: tuple[int, int, list[tuple[Way, Nogood]]] = (0, 0, [])
        #: the forced commitments since the position entered, and why the
        #: position (if dead) is dead
        self.trail: list[Forced] = []
        self.why: Nogood | None = None

    # -- nogoods -----------------------------------------------------------------

    def learnt(self, nogood: Nogood) -> None:
        """Keep ``nogood``, and count it for the groups it names (their activity)."""
        self.lessons.add(nogood)
        groups = self.layered.groups
        masks, of = groups.masks, groups.of
        activity = self.activity
        inc = self.bump
        named = nogood[2]
        for a, _ in nogood[1]:
            named |= masks[of[a]]
        while named:
            low = named & -named
            g = of[low.bit_length() - 1]
            named &= ~masks[g]
            activity[g] -= inc
        self.bump = inc * ACTIVITY_GROWTH
        if self.bump > 1e100:
            self.activity = [a * 1e-100 for a in activity]
            self.bump *= 1e-100

    def sides(self) -> dict[int, tuple[int, int, int]]:
        """Per tile (cell index): the tiles covering it, on its left, on its right."""
        if self._sides is None:
            model = self.layered
            geometry = model.geometry
            spots, to_cells, cell = model.spots, model.cells.to_cells, model.cells.cell
            self._sides = {
                cell[s]: (
                    to_cells(geometry.cover[s] & spots),
                    to_cells(geometry.left[s] & spots),
                    to_cells(geometry.right[s] & spots),
                )
                for s in model.tiles
            }
        return self._sides

    def core(self) -> Nogood:
        """The nogood of the peeling that failed last (:attr:`LayeredModel.failed`),
        grown from its lowest stuck tile of the target (see the module docstring)."""
        model = self.layered
        rest, partner, lone, target = model.failed
        free = model.free_cells(rest)
        groups = model.groups
        masks, group_of = groups.masks, groups.of
        sides = self.sides()
        seed = rest & target
        todo = [(seed & -seed).bit_length() - 1]
        need = 0
        pairs: list[Pair] = []
        gm = alone = 0
        while todo:
            t = todo.pop()
            bit = 1 << t
            if need & bit:
                continue
            need |= bit
            if free & bit:
                if lone & bit:
                    gmask = masks[group_of[t]]
                    if not gm & gmask:
                        gm |= gmask
                        mates = lone & gmask
                        alone |= mates
                        todo.extend(bits(mates & rest & ~need))
                else:
                    mate = partner[t]
                    p = mate.bit_length() - 1
                    pairs.append((t, p) if t < p else (p, t))
                    todo.append(p)
                continue
            cover, left, right = sides[t]
            over = cover & rest
            if over:
                if not over & need:
                    todo.append((over & -over).bit_length() - 1)
            else:
                side = left & rest
                if not side & need:
                    todo.append((side & -side).bit_length() - 1)
                side = right & rest
                if not side & need:
                    todo.append((side & -side).bit_length() - 1)
        return (need, frozenset(pairs), gm, alone)

    def exact(self, state: tuple[Any, ...], commits: Commits, cmask: int) -> Nogood:
        """The position itself as a nogood (for dead positions known without one)."""
        occ = state[0]
        lone = occ & ~cmask
        gm = 0
        for gmask in self.layered.groups.masks:
            if lone & gmask:
                gm |= gmask
        return (occ, commits, gm, lone)

    # -- what the search tells (hooks of PairingSearch) ----------------------------

    def note_unpairable(self, gmask: int, unc: int) -> None:
        if not self.learning:
            return
        self.why = (0, NO_PAIRS, gmask, unc)

    def note_stuck(self) -> None:
        if not self.learning:
            return
        self.why = self.core()

    def note_last_two(self, gmask: int, pair: Pair, unc: int) -> None:
        if not self.learning:
            return
        self.trail.append((gmask, (pair,), unc, EMPTY))

    def begin_group(self) -> None:
        if not self.learning:
            return
        self.fails = []

    def note_no_way(self, gmask: int, unc: int) -> None:
        if not self.learning:
            return
        self.why = self.dropped(gmask, unc)

    def note_forced(self, gmask: int, way: Way, unc: int) -> None:
        if not self.learning:
            return
        # the group's lone tiles and the nogoods of its other ways, without them
        self.trail.append((gmask, way, unc, without(self.dropped(gmask, unc), (), gmask)))

    def note_best(self, gmask: int, unc: int) -> None:
        if not self.learning:
            return
        self.best = (gmask, unc, self.fails)

    def dropped(self, gmask: int, unc: int) -> Nogood:
        """The nogood of the ways of the group just looked at (mask ``gmask``, lone
        tiles ``unc``) that failed, without them, plus the group's lone tiles."""
        why: Nogood = (0, NO_PAIRS, gmask, unc)
        for way, because in self.fails:
            why = union(why, without(because, way, gmask))
        return why

    def group_order(self, shuffle: Callable[[], float]) -> list[int]:
        """Fewest ways last time first, then (while learning) the most active (see
        the module docstring), then ``shuffle``."""
        hint = self.domain_hint
        if not self.learning:
            return sorted(range(len(hint)), key=lambda g: (hint[g], shuffle()))
        activity = self.activity
        return sorted(range(len(hint)), key=lambda g: (hint[g], activity[g], shuffle()))

    def refused(self, occ: int, cmask: int, commits: Commits, way: Way) -> Nogood | None:
        """A nogood that the position with ``way`` committed meets: the way's last
        failed core, or a lesson."""
        lone = occ & ~cmask & ~tiles_of(way)
        hit = self.failed_before.get(way)
        lessons = any(pair in self.lessons.by_pair for pair in way)
        if hit is None and not lessons:
            return None
        commits = commits.union(way)
        if hit is not None and meets(hit, occ, lone, commits):
            return hit
        return self.lessons.after(occ, lone, commits, way) if lessons else None

    def failed(self, way: Way, nogood: Nogood | None) -> None:
        """``way`` fails at the position the look-ahead is on, with ``nogood`` (``None``:
        its trial's peeling failed just now)."""
        if nogood is None:
            nogood = self.failed_before[way] = self.core()
        self.fails.append((way, nogood))

    # -- the round ----------------------------------------------------------------

    def learning_round(self, limit: int) -> list[Pair] | None:  # noqa: C901 (a measured hot loop)
        """One look-ahead round with nogoods and backjumping; raises
        :class:`Restart` after ``limit`` positions."""
        model = self.layered
        start_nodes = self.budget.nodes
        budget = self.budget
        dead_why = self.dead_why
        dead_exact = self.dead
        lessons = self.lessons
        path: list[Pair] = []
        frames: list[Frame] = []

        def enter(
            state: tuple[Any, ...], commits: Commits, cmask: int, way: Way
        ) -> Literal[True] | Nogood | None:
            """True when solved, a nogood when dead, ``None`` when a frame was pushed."""
            budget.tick()
            if budget.nodes - start_nodes > limit:
                raise Restart
            before = (model.key(state), commits)
            known = dead_why.get(before)
            if known is not None:
                return known
            if before in dead_exact:
                return self.exact(state, commits, cmask)
            occ = state[0]
            lone = occ & ~cmask
            hit = lessons.after(occ, lone, commits, way) if way else None
            if hit is None and lessons.loose:
                hit = lessons.loose_met(occ, lone, commits)
            if hit is not None:
                dead_why[before] = hit
                return hit
            trail: list[Forced] = []
            self.trail = trail
            self.why = None
            chosen = None
            done = self.propagate(state, commits, cmask)
            if done is not None:
                moves, state, commits, cmask, ctx = done
                if not state[0]:
                    path.extend(moves)
                    return True
                chosen = self.choose(state, commits, cmask, ctx)
            if chosen is None:
                nogood = self.why if self.why is not None else self.exact(state, commits, cmask)
                nogood = lift(nogood, trail)
                dead_why[before] = nogood
                self.learnt(nogood)
                return nogood
            more, state, commits, cmask, options = chosen
            moves = moves + more
            if not state[0]:
                path.extend(moves)
                return True
            key = (model.key(state), commits)
            if not options:  # tiles stand but no group is left to branch on: dead
                nogood = lift(self.exact(state, commits, cmask), trail)
                dead_why[before] = nogood
                return nogood
            gmask, unc, self.fails = self.best
            why = self.dropped(gmask, unc)
            frames.append(
                Frame(
                    state, commits, cmask, key, before, iter(options), len(path), gmask, why, trail
                )
            )
            path.extend(moves)
            return None

        def fall(nogood: Nogood, exhausted: bool = False) -> bool:
            """The option being tried at the top frame is dead with ``nogood`` (or,
            when ``exhausted``, the top frame itself is): record it, and pop every
            frame that is dead then. False when the root is dead."""
            while frames:
                frame = frames[-1]
                occ = frame.state[0]
                if exhausted:
                    exhausted = False
                elif not meets(nogood, occ, occ & ~frame.cmask, frame.commits):
                    frame.why = union(frame.why, without(nogood, frame.current, frame.gmask))
                    return True
                frames.pop()
                del path[frame.mark :]
                dead_why[frame.key] = nogood
                nogood = lift(nogood, frame.trail)
                dead_why[frame.before] = nogood
                self.learnt(nogood)
            return False

        root = model.root()
        if model.hopeless(root):
            budget.tick()
            return None
        outcome = enter(root, frozenset(), 0, ())
        if outcome is True:
            return path
        if outcome is not None:
            return None
        while frames:
            frame = frames[-1]
            choice = next(frame.options, None)
            if choice is None:
                # every option is dead: the frame's nogood is the options' together
                if not fall(frame.why, exhausted=True):
                    return None
                continue
            frame.current = choice
            outcome = enter(
                frame.state, frame.commits.union(choice), frame.cmask | tiles_of(choice), choice
            )
            if outcome is True:
                return path
            if outcome is None:
                continue
            if not fall(outcome):
                return None
        return None
