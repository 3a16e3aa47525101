"""What dead ends teach the layered search: nogoods and backjumping.

The look-ahead rounds of the layered search (:class:`LearningSearch`) remember *why*
each dead position is dead, as a **nogood**: a condition that any position meeting
it is dead too. A nogood is a tuple ``(need, pairs, groups, lone)``:

* ``need`` -- tiles that must still stand;
* ``pairs`` -- pairs that must be committed;
* ``groups``, ``lone`` -- masks: the uncommitted tiles of the groups ``groups`` (a
  union of whole groups) must be exactly ``lone``.

A position meets it when ``need`` stands, ``pairs`` are among its commitments and
``occupied & ~committed & groups == lone`` (:func:`meets`). Every nogood keeps
``lone`` non-empty in each group of ``groups``.

**Where nogoods come from** (each step keeps the statement "every position that
meets it is dead" true):

* *A failed peeling* (:meth:`LearningSearch.core`). The relaxed peeling of
  :meth:`LayeredModel.peel <tilematch.engine.solve_stack.LayeredModel.peel>`
  stops with tiles ``S`` left. From one stuck tile, a *core* is collected: a tile
  that is not free among ``S`` brings one tile of ``S`` covering it, or one on its
  left and one on its right; a free committed tile brings its partner (which is not
  free) and the pair; a free lone tile brings its group's lone tiles (the others
  are not free) and the condition on its group's lone tiles. In any position where
  the core stands with those pairs and lone tiles, the peeling can never take the
  first core tile: before it does, every core tile still stands, so each
  non-free one stays covered or closed in on both sides, and each free one still
  has no partner or lone mate that is free.
* *A group with no way left* at a position ``X`` (every way ``w`` of pairing the
  lone tiles of group ``g`` fails with nogood ``n_w`` at ``X + w``): the union of the
  ``n_w`` without ``w``'s pairs and ``g``'s condition, plus ``g``'s lone tiles at
  ``X``. Any position ``Q`` meeting it pairs ``g``'s lowest lone tile somehow in a
  solution, i.e. by some way ``w``; ``Q + w`` meets ``n_w``.
* *A branch position* whose every option (way of the group it branches on) is dead
  and whose other ways the look-ahead dropped: the same union over all ways.
  When the nogood of one option does not name the option, the branch position
  meets it itself and is dead at once: the search **jumps back** over it without
  trying its other options, and further up over every position that meets it.
* *Forced commitments* between a position and the one its nogood was found at
  (the last two lone tiles of a group, or a group the look-ahead left one way):
  a nogood naming the forced pairs or their group is *resolved*: those are
  replaced by the group's lone tiles before the commitment, plus the nogoods that
  dropped the group's other ways. Played pairs and safe moves only take tiles
  away, which a nogood (whose groups all keep lone tiles) never depends on.
* A position the table of dead positions knows without a nogood (from a
  move-by-move round) gives its exact self: its tiles, its commitments and the
  lone tiles of every group that has some. A position with more tiles, all of them
  committed among themselves, is no easier.

Nogoods of dead positions are kept and looked up by the pairs they name: when a
way's trial in the look-ahead would meet one, the way is dropped without a
peeling, and a position that meets one is dead without a search. Each way also
keeps the core of its last failed trial, asked first the next time it is tried.
Groups that recent nogoods name are looked at and branched on first (their
*activity*; each nogood counts 5 % more than the one before). Dead positions
thus teach every round after them (the search restarts often). Boards with stones
use the search without nogoods (a stone's cracks depend on more than the
peeling sees).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from typing import TYPE_CHECKING, Any, Literal

from tilematch.engine.board import bits
from tilematch.engine.solve_search import Budget, Commits, Pair, Restart, group_ways, tiles_of

if TYPE_CHECKING:
    from tilematch.engine.solve_stack import LayeredModel

#: ``(need, pairs, groups, lone)``: see the module docstring.
Nogood = tuple[int, frozenset[Pair], int, int]
Way = tuple[Pair, ...]
#: a forced commitment: ``(group mask, pairs, lone tiles of the group before, why
#: the group's other ways were dropped)``
Forced = tuple[int, Way, int, Nogood]

NO_PAIRS: frozenset[Pair] = frozenset()
EMPTY: Nogood = (0, NO_PAIRS, 0, 0)


class DeadEnd(Exception):
    """A position proven dead, with its nogood."""

    def __init__(self, nogood: Nogood) -> None:
        super().__init__()
        self.nogood = nogood


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


def names(nogood: Nogood, way: Way, gmask: int) -> bool:
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
        if names(nogood, way, gmask):
            nogood = union(without(nogood, way, gmask), why)
            nogood = (nogood[0], nogood[1], nogood[2] | gmask, nogood[3] | alone)
    return nogood


class Lessons:
    """The nogoods learnt so far, looked up by the pairs they name."""

    def __init__(self) -> None:
        self.by_pair: dict[Pair, list[tuple[int, frozenset[Pair], int, int, int]]] = {}
        self.loose: list[Nogood] = []
        self.known: set[Nogood] = set()

    def add(self, nogood: Nogood) -> None:
        if nogood in self.known:
            return
        self.known.add(nogood)
        if not nogood[1]:
            self.loose.append(nogood)
            return
        entry = (*nogood, tiles_of(nogood[1]))
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
            for nogood in by_pair.get(pair, ()):
                if nogood[4] & free_or_gone:
                    continue
                need, pairs, groups, alone, _ = nogood
                if not need & ~occ and lone & groups == alone and pairs <= commits:
                    return nogood[:4]
        return None

    def loose_met(self, occ: int, lone: int, commits: Commits) -> Nogood | None:
        """A nogood naming no pair that the position meets."""
        for nogood in self.loose:
            if meets(nogood, occ, lone, commits):
                return nogood
        return None


class Frame:
    """A branch position of :meth:`LearningSearch.learning_round`."""

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


class Learning:
    """The look-ahead rounds of :class:`~tilematch.engine.solve_stack.LayeredSearch`
    with nogoods (mixed into it; see the module docstring)."""

    model: Any
    layered: LayeredModel
    budget: Budget
    dead: set[Hashable]
    domain_hint: list[int]
    max_trials: int
    enough: int
    rng: Any
    base: object

    def setup_learning(self) -> None:
        self.lessons = Lessons()
        #: dead positions with the nogood that proved them
        self.dead_why: dict[Hashable, Nogood] = {}
        self._sides: dict[int, tuple[int, int, int]] | None = None
        #: activity of each group (minus the nogoods naming it, newer ones weigh
        #: more); among groups with as many ways last time, the most active first
        self.activity = [0.0] * len(self.layered.groups.masks)
        self.bump = 1.0
        self.bump_growth = 1.05
        #: each way's last failed trial's core, asked before a new trial
        self.failed_before: dict[Way, Nogood] = {}

    # -- nogoods -----------------------------------------------------------------

    def learnt(self, nogood: Nogood) -> None:
        """Keep ``nogood``, and count it for the groups it names (their activity)."""
        self.lessons.add(nogood)
        if not self.bump:
            return
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
        self.bump = inc * self.bump_growth
        if self.bump > 1e100:
            self.activity = [a * 1e-100 for a in activity]
            self.bump *= 1e-100

    def sides(self) -> dict[int, tuple[int, int, int]]:
        """Per tile (cell index): the tiles covering it, on its left, on its right."""
        if self._sides is None:
            model = self.layered
            geometry = model.geometry
            spots, to_cells, cell = model.spots, geometry.to_cells, geometry.cell
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

    # -- the round ----------------------------------------------------------------

    def propagate_learning(
        self, state: tuple[Any, ...], commits: Commits, cmask: int, trail: list[Forced]
    ) -> tuple[list[Pair], tuple[Any, ...], Commits, int, Any]:
        """:meth:`PairingSearch.propagate`, recording forced commitments in ``trail``
        and raising :class:`DeadEnd` with a nogood."""
        model = self.layered
        groups = model.groups
        masks = groups.masks
        moves: list[Pair] = []
        while True:
            ctx = model.context(state)
            if ctx is None:  # stones only; the search never learns with stones
                raise DeadEnd(self.exact(state, commits, cmask))
            occ = state[0]
            progress = [p for p in commits if model.available(ctx, p[0], p[1])]
            added: list[Pair] = []
            for g, gmask in enumerate(masks):
                unc = occ & gmask & ~cmask
                if not unc:
                    continue
                if unc.bit_count() == 2:
                    low = unc & -unc
                    a = low.bit_length() - 1
                    b = (unc ^ low).bit_length() - 1
                    if not (groups.compatible(g, a, b) and model.possible(a, b)):
                        raise DeadEnd((0, NO_PAIRS, gmask, unc))
                    added.append((a, b))
                    trail.append((gmask, ((a, b),), unc, EMPTY))
                    if model.available(ctx, a, b):
                        progress.append((a, b))
                    continue
                if not model.feasible(g, unc):
                    raise DeadEnd((0, NO_PAIRS, gmask, unc))
                whole = model.clear_all(ctx, g, unc)
                if whole:
                    progress.extend(whole)
            if added:
                commits = commits.union(added)
                cmask |= tiles_of(added)
            if not progress:
                base = model.peel(state, commits)
                if base is None:
                    raise DeadEnd(self.core())
                self.base = base
                return moves, state, commits, cmask, ctx
            done = commits.intersection(progress)
            if done:
                commits = commits.difference(done)
                for a, b in done:
                    cmask &= ~((1 << a) | (1 << b))
            for pair in progress:
                state = model.play(state, pair)
            moves.extend(progress)
            if not state[0]:
                return moves, state, commits, cmask, None

    def try_way_learning(
        self, state: tuple[Any, ...], commits: Commits, cmask: int, g: int, way: Way
    ) -> tuple[bool, int, Nogood]:
        """:meth:`LayeredSearch.try_way` answering a failed trial with its nogood.

        Before a peeling, the way's last failed trial (its core) and the lessons
        are asked: a position that with ``way`` committed meets either drops the
        way without a peeling."""
        model = self.layered
        passed = self.passed  # type: ignore[attr-defined]
        occ = state[0]
        known = passed.get(way)
        if (
            known is not None
            and not occ & ~known[1]
            and model.passes_still(known[2], iter(commits - known[0]), occ & ~cmask)
        ):
            return True, 0, EMPTY
        lone = occ & ~cmask & ~tiles_of(way)
        hit: Nogood | None = self.failed_before.get(way)
        if hit is not None:
            need, pairs, groups, alone = hit
            if (
                need & ~occ
                or lone & groups != alone
                or any(p not in commits and p not in way for p in pairs)
            ):
                hit = None
        if hit is None and any(pair in self.lessons.by_pair for pair in way):
            hit = self.lessons.after(occ, lone, commits.union(way), way)
        if hit is not None:
            if known is not None:
                del passed[way]
            return False, 0, hit
        rounds = model.trial_rounds(self.base, g, way)
        if rounds is not None:
            passed[way] = (commits, occ, rounds)
            return True, 1, EMPTY
        if known is not None:
            del passed[way]
        core = self.failed_before[way] = self.core()
        return False, 1, core

    def dropped(self, gmask: int, unc: int, fails: list[tuple[Way, Nogood]]) -> Nogood:
        """The nogood of the ways ``fails`` of a group (mask ``gmask``, lone tiles
        ``unc``) dropped with their nogoods, without them, plus the group's lone
        tiles."""
        why: Nogood = (0, NO_PAIRS, gmask, unc)
        for way, because in fails:
            why = union(why, without(because, way, gmask))
        return why

    def choose_learning(
        self, state: tuple[Any, ...], commits: Commits, cmask: int, ctx: Any, trail: list[Forced]
    ) -> tuple[list[Pair], tuple[Any, ...], Commits, int, list[Way], int, Nogood]:
        """:meth:`PairingSearch.choose` with nogoods: also answers the group to
        branch on (its mask) and the nogood of its dropped ways plus its lone
        tiles; raises :class:`DeadEnd`."""
        model = self.layered
        masks = model.groups.masks
        played: list[Pair] = []
        while True:
            occ = state[0]
            lone = occ & ~cmask
            best: list[Way] | None = None
            best_why = EMPTY
            best_mask = 0
            forced: Way | None = None
            forced_why = EMPTY
            hint = self.domain_hint
            shuffle = self.rng.random if self.rng is not None else float
            activity = self.activity
            order = sorted(range(len(masks)), key=lambda g: (hint[g], activity[g], shuffle()))
            trials = 0
            for g in order:
                if best is not None and trials >= self.max_trials:
                    break
                gmask = masks[g]
                unc = lone & gmask
                if unc.bit_count() < 4:
                    continue
                ways: list[Way] = []
                fails: list[tuple[Way, Nogood]] = []
                for way in group_ways(model, g, unc):
                    passes, tried, because = self.try_way_learning(state, commits, cmask, g, way)
                    trials += tried
                    if passes:
                        ways.append(way)
                    else:
                        fails.append((way, because))
                hint[g] = len(ways)
                if not ways:
                    raise DeadEnd(self.dropped(gmask, unc, fails))
                if len(ways) == 1:
                    forced, forced_why = ways[0], self.dropped(gmask, unc, fails)
                    forced_mask = gmask
                    break
                if best is None or len(ways) < len(best):
                    best, best_fails, best_mask, best_unc = ways, fails, gmask, unc
                    if len(ways) <= self.enough:
                        break
            if forced is None:
                if best is None:
                    return played, state, commits, cmask, [], 0, EMPTY
                self.order_ways(best, ctx, shuffle)  # type: ignore[attr-defined]
                best_why = self.dropped(best_mask, best_unc, best_fails)
                return played, state, commits, cmask, best, best_mask, best_why
            # the group's lone tiles and the nogoods of its other ways, without them
            trail.append(
                (
                    forced_mask,
                    forced,
                    forced_why[3] & forced_mask,
                    without(forced_why, (), forced_mask),
                )
            )
            commits = commits.union(forced)
            cmask |= tiles_of(forced)
            moves, state, commits, cmask, ctx = self.propagate_learning(
                state, commits, cmask, trail
            )
            played.extend(moves)
            if not state[0]:
                return played, state, commits, cmask, [], 0, EMPTY

    def learning_round(self, limit: int) -> list[Pair] | None:
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
            try:
                moves, state, commits, cmask, ctx = self.propagate_learning(
                    state, commits, cmask, trail
                )
                if not state[0]:
                    path.extend(moves)
                    return True
                more, state, commits, cmask, options, gmask, why = self.choose_learning(
                    state, commits, cmask, ctx, trail
                )
            except DeadEnd as end:
                nogood = lift(end.nogood, trail)
                dead_why[before] = nogood
                self.learnt(nogood)
                return nogood
            moves = moves + more
            if not state[0]:
                path.extend(moves)
                return True
            key = (model.key(state), commits)
            if not options:  # cannot happen with groups left: kept for safety
                nogood = lift(self.exact(state, commits, cmask), trail)
                dead_why[before] = nogood
                return nogood
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
