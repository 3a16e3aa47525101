"""The monotone search shared by the solver's board models (see :mod:`tilematch.engine.solver`).

Without gravity, removing tiles never blocks another tile, so the search decides
*pairings* (which tile goes with which) rather than move orders. A board model
(:class:`Model`: :mod:`tilematch.engine.solver.layered.model` for layered boards,
:mod:`tilematch.engine.solver.grid.model` for Shisen-Sho without gravity) tells the
search which tiles can go together now and which commitments are dead.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable, Iterator
from typing import Any

from tilematch.engine.board import bits
from tilematch.engine.solver.budget import Budget, Commits, Pair, Restart, State, Way
from tilematch.engine.tiles import match_key

# ---------------------------------------------------------------------------
# The monotone search: pairings are chosen, removal order follows.
# ---------------------------------------------------------------------------
#
# Without gravity, once it is fixed which tile pairs with which, removing a
# fixed pair as soon as both its tiles are available is never wrong (removals
# only ever open the board, and a stone's cracks depend only on the pairs).
# So the search decides *pairings*, lazily: a node commits one available tile
# to one partner of its group; propagation then removes every committed pair
# that is available, commits the last two tiles of a group, and removes a
# whole uncommitted remainder of a group that is all available right now.


class Groups:
    """Match groups over model indices.

    ``masks[g]`` holds the tiles of group ``g``; when ``bipartite[g]`` (Black &
    White) a pair needs one tile of ``black[g]`` and one outside it.
    """

    def __init__(self, items: list[tuple[int, str]]) -> None:
        index: dict[str, int] = {}
        self.masks: list[int] = []
        self.black: list[int] = []
        self.bipartite: list[bool] = []
        self.of: dict[int, int] = {}
        for i, code in items:
            group, colour = match_key(code)
            g = index.get(group)
            if g is None:
                g = index[group] = len(self.masks)
                self.masks.append(0)
                self.black.append(0)
                self.bipartite.append(colour is not None)
            self.masks[g] |= 1 << i
            if colour == "b":
                self.black[g] |= 1 << i
            self.of[i] = g

    def compatible(self, g: int, i: int, j: int) -> bool:
        """True when tiles ``i`` and ``j`` of group ``g`` may form a pair."""
        if not self.bipartite[g]:
            return True
        return ((self.black[g] >> i) ^ (self.black[g] >> j)) & 1 == 1

    def pairs(self, g: int, tiles_mask: int) -> list[Pair]:
        """Every compatible pair among the tiles ``tiles_mask`` of group ``g``."""
        tiles = bits(tiles_mask)
        if not self.bipartite[g]:
            return [(i, j) for x, i in enumerate(tiles) for j in tiles[x + 1 :]]
        black = self.black[g]
        return [
            (i, j)
            for x, i in enumerate(tiles)
            for j in tiles[x + 1 :]
            if ((black >> i) ^ (black >> j)) & 1
        ]

    def balanced(self, g: int, rem: int) -> bool:
        """True when the tiles ``rem`` of group ``g`` split into compatible pairs
        (positions aside)."""
        n = rem.bit_count()
        if n & 1:
            return False
        if self.bipartite[g]:
            return (rem & self.black[g]).bit_count() * 2 == n
        return True

    def pairing(self, g: int, rem: int) -> list[Pair]:
        """Some split of the balanced tiles ``rem`` into compatible pairs."""
        if self.bipartite[g]:
            blacks = bits(rem & self.black[g])
            whites = bits(rem & ~self.black[g])
            return [(min(b, w), max(b, w)) for b, w in zip(blacks, whites, strict=True)]
        tiles = bits(rem)
        return [(tiles[k], tiles[k + 1]) for k in range(0, len(tiles), 2)]


class Model:
    """A monotone position model over tiles numbered by model index.

    The model state is a tuple whose first item is the occupancy mask. A
    *context* is what a model computes once per position to answer
    :meth:`available` quickly (``None`` when the position is dead for a reason
    of its own, e.g. a stone that can no longer be cracked often enough).
    """

    spot: dict[int, int]  # model index -> board spot
    groups: Groups
    #: True when :meth:`stuck` is a relaxation worth branching on pairings with.
    lookahead = False

    def root(self) -> tuple[Any, ...]:
        raise NotImplementedError

    def key(self, state: tuple[Any, ...]) -> Hashable:
        raise NotImplementedError

    def play(self, state: tuple[Any, ...], pair: Pair) -> tuple[Any, ...]:
        raise NotImplementedError

    def context(self, state: tuple[Any, ...]) -> Any:
        raise NotImplementedError

    def available(self, ctx: Any, a: int, b: int) -> bool:
        """True when ``a`` and ``b`` (compatible tiles) can be removed right now."""
        raise NotImplementedError

    def available_among(self, ctx: Any, pairs: Iterable[Pair]) -> list[Pair]:
        """The pairs of ``pairs`` (compatible tiles) that :meth:`available` says can
        be removed right now, in their order."""
        available = self.available
        return [p for p in pairs if available(ctx, p[0], p[1])]

    def open_pairs(self, ctx: Any, g: int, tiles_mask: int) -> list[Pair]:
        """The compatible pairs among ``tiles_mask`` (of group ``g``) removable now."""
        raise NotImplementedError

    def clear_all(self, ctx: Any, g: int, tiles_mask: int) -> list[Pair] | None:
        """Pairs that remove all of ``tiles_mask`` right now (safe to play), or ``None``."""
        raise NotImplementedError

    def unclearable(self, ctx: Any, free: int) -> int:
        """Tiles of ``free`` (the uncommitted tiles) such that :meth:`clear_all`
        answers ``None`` for any ``tiles_mask`` holding one (a filter that spares
        the calls; 0: none known)."""
        return 0

    def possible(self, a: int, b: int) -> bool:
        """False when ``a`` and ``b`` can never be removed together (static)."""
        return True

    def feasible(self, g: int, tiles_mask: int) -> bool:
        """False when ``tiles_mask`` of group ``g`` cannot be split into possible pairs."""
        return self.groups.balanced(g, tiles_mask)

    def weight(self, tile: int) -> int:
        """How much removing ``tile`` tends to open the board (move ordering)."""
        return 0

    def score(self, ctx: Any, pair: Pair, group_tiles: int) -> float:
        """How promising removing ``pair`` (of a group whose uncommitted tiles are
        ``group_tiles``) looks now; higher first."""
        return float(self.weight(pair[0]) + self.weight(pair[1]))

    def stuck(self, state: tuple[Any, ...], commits: frozenset[Pair]) -> bool:
        """True when the committed pairs can provably never all be removed."""
        return False

    def search(self, budget: Budget) -> list[Pair] | None:
        """Solve this model: pairs in playing order, or ``None`` when unsolvable.

        Raises :class:`OutOfBudget` when ``budget`` runs out first."""
        return PairingSearch(self, budget).run()

    def hopeless(self, state: tuple[Any, ...]) -> bool:
        """A stronger, costlier dead test, run once on the starting position."""
        return False

    def peel(self, state: tuple[Any, ...], commits: frozenset[Pair]) -> object | None:
        """``None`` when :meth:`stuck`, else a record that :meth:`trial` can reuse."""
        return None if self.stuck(state, commits) else commits

    def trial(self, state: State, commits: Commits, base: object, g: int, way: Way) -> bool:
        """True when committing ``way`` (pairs of group ``g``) on top of ``commits``
        is not :meth:`stuck`; ``base`` is what :meth:`peel` returned for ``commits``."""
        return not self.stuck(state, commits.union(way))


def tiles_of(pairs: Iterable[Pair]) -> int:
    """The tiles of ``pairs`` as one mask."""
    mask = 0
    for a, b in pairs:
        mask |= (1 << a) | (1 << b)
    return mask


def group_ways(model: Model, g: int, unc: int) -> list[tuple[Pair, ...]]:
    """The ways the look-ahead tries for the uncommitted tiles ``unc`` (four or
    more) of group ``g``: the lowest tile with each partner it may pair with, and
    with four tiles the other two with each other (when they may pair)."""
    groups = model.groups
    low = unc & -unc
    a = low.bit_length() - 1
    found: list[tuple[Pair, ...]] = []
    for b in bits(unc ^ low):
        if not (groups.compatible(g, a, b) and model.possible(a, b)):
            continue
        way: tuple[Pair, ...] = ((a, b),)
        rest = unc & ~(low | (1 << b))
        if rest.bit_count() == 2:
            c, d = bits(rest)
            if not (groups.compatible(g, c, d) and model.possible(c, d)):
                continue
            way = ((a, b), (c, d))
        found.append(way)
    return found


class PairingSearch:
    """Depth-first search over pairing commitments with a dead-position table."""

    def __init__(self, model: Model, budget: Budget) -> None:
        self.model = model
        self.budget = budget
        self.dead: set[Hashable] = set()
        self.base: object = None
        #: ways found for each group when last looked at: groups with few go first
        self.domain_hint = [0] * len(model.groups.masks)
        #: stop looking for a better group to branch on once one has this many ways
        self.enough = 1
        #: positions in the first search round (later rounds double it)
        self.first_round = 100
        #: positions in the move-by-move round tried before the look-ahead rounds
        self.quick_round = 120
        #: look-ahead trials per position before branching on the best group so far
        #: (groups not looked at keep their last count, and come first next time)
        self.max_trials = 1 << 30
        self.look = model.lookahead
        self.rng: random.Random | None = None

    def propagate(  # noqa: C901 (a measured hot loop)
        self, state: tuple[Any, ...], commits: Commits, cmask: int
    ) -> tuple[list[Pair], tuple[Any, ...], Commits, int, Any] | None:
        """Play forced and safe moves; returns ``(moves, state, commits, cmask, ctx)``
        or ``None`` when the position is dead."""
        model = self.model
        groups = model.groups
        masks = groups.masks
        moves: list[Pair] = []
        while True:
            ctx = model.context(state)
            if ctx is None:
                return None
            occ = state[0]
            progress = model.available_among(ctx, commits)
            added: list[Pair] = []
            free = occ ^ (occ & cmask)  # (the uncommitted tiles)
            blocked = model.unclearable(ctx, free)
            for g, gmask in enumerate(masks):
                unc = free & gmask
                if not unc:
                    continue
                if unc.bit_count() == 2:
                    low = unc & -unc
                    a = low.bit_length() - 1
                    b = (unc ^ low).bit_length() - 1
                    if not (groups.compatible(g, a, b) and model.possible(a, b)):
                        self.note_unpairable(gmask, unc)
                        return None
                    added.append((a, b))
                    self.note_last_two(gmask, (a, b), unc)
                    if model.available(ctx, a, b):
                        progress.append((a, b))
                    continue
                if not model.feasible(g, unc):
                    self.note_unpairable(gmask, unc)
                    return None
                if unc & blocked:
                    continue
                whole = model.clear_all(ctx, g, unc)
                if whole:
                    progress.extend(whole)
            if added:
                commits = commits.union(added)
                cmask |= tiles_of(added)
            if not progress:
                if self.look:
                    base = model.peel(state, commits)
                    if base is None:
                        self.note_stuck()
                        return None
                    self.base = base
                elif model.stuck(state, commits):
                    return None
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

    def options(self, ctx: Any, state: tuple[Any, ...], cmask: int) -> list[tuple[Pair, ...]]:
        """Move-by-move branching, best first: every pair of uncommitted tiles that
        can be removed right now (committed pairs are never available here: the
        propagation has already played them)."""
        model = self.model
        groups = model.groups
        occ = state[0]
        scored: list[tuple[float, Pair]] = []
        noise = self.rng.random if self.rng is not None else None
        free = occ ^ (occ & cmask)  # (the uncommitted tiles)
        for g, gmask in enumerate(groups.masks):
            unc = free & gmask
            if unc & (unc - 1):
                for pair in model.open_pairs(ctx, g, unc):
                    score = model.score(ctx, pair, unc)
                    if noise is not None:
                        score *= 0.5 + noise()
                    scored.append((-score, pair))
        scored.sort()
        return [(pair,) for _, pair in scored]

    def choose(
        self, state: tuple[Any, ...], commits: Commits, cmask: int, ctx: Any
    ) -> tuple[list[Pair], tuple[Any, ...], Commits, int, list[tuple[Pair, ...]]] | None:
        """Pairing-by-pairing branching with look-ahead, for models whose
        :meth:`Model.stuck` test is a real relaxation.

        For every group with four or more uncommitted tiles, each way to pair its
        lowest tile is tried against the relaxation; ways that fail are dropped, a
        group left with one way is committed at once (and propagated), a group left
        with none proves the position dead. Returns ``(moves played, state,
        commits, cmask, options)`` where ``options`` are the commitments of the
        group with the fewest ways left, or ``None`` when the position is dead.
        """
        model = self.model
        groups = model.groups
        played: list[Pair] = []
        while True:
            occ = state[0]
            best: list[tuple[Pair, ...]] | None = None
            forced: tuple[Pair, ...] | None = None
            hint = self.domain_hint
            shuffle = self.rng.random if self.rng is not None else float
            trials = 0
            free = occ ^ (occ & cmask)  # (the uncommitted tiles)
            for g in self.group_order(shuffle):
                if best is not None and trials >= self.max_trials:
                    break
                gmask = groups.masks[g]
                unc = free & gmask
                if unc.bit_count() < 4:
                    continue
                ways: list[tuple[Pair, ...]] = []
                self.begin_group()
                for way in group_ways(model, g, unc):
                    passes, tried = self.try_way(state, commits, cmask, g, way)
                    trials += tried
                    if passes:
                        ways.append(way)
                hint[g] = len(ways)
                if not ways:
                    self.note_no_way(gmask, unc)
                    return None
                if len(ways) == 1:
                    forced = ways[0]
                    self.note_forced(gmask, forced, unc)
                    break
                if best is None or len(ways) < len(best):
                    best = ways
                    self.note_best(gmask, unc)
                    if len(ways) <= self.enough:
                        break
            if forced is None:
                if best is None:
                    return played, state, commits, cmask, []
                self.order_ways(best, ctx, shuffle)
                return played, state, commits, cmask, best
            commits = commits.union(forced)
            cmask |= tiles_of(forced)
            done = self.propagate(state, commits, cmask)
            if done is None:
                return None
            moves, state, commits, cmask, ctx = done
            played.extend(moves)
            if not state[0]:
                return played, state, commits, cmask, []

    def group_order(self, shuffle: Callable[[], float]) -> list[int]:
        """The groups in the order the look-ahead looks at them: fewest ways last
        time first, ties by ``shuffle`` (the round's tie-breaks)."""
        hint = self.domain_hint
        return sorted(range(len(hint)), key=lambda g: (hint[g], shuffle()))

    # What the search tells a subclass that learns from dead ends
    # (:class:`tilematch.engine.solver.layered.learn.Learning`); nothing here.

    def note_unpairable(self, gmask: int, unc: int) -> None:
        """The uncommitted tiles ``unc`` of group ``gmask`` can never all pair up."""

    def note_stuck(self) -> None:
        """The position's own peeling failed."""

    def note_last_two(self, gmask: int, pair: Pair, unc: int) -> None:
        """``pair``, the last two uncommitted tiles ``unc`` of group ``gmask``, was
        committed."""

    def begin_group(self) -> None:
        """The look-ahead starts on a group's ways."""

    def note_no_way(self, gmask: int, unc: int) -> None:
        """No way of the group just looked at passes: the position is dead."""

    def note_forced(self, gmask: int, way: tuple[Pair, ...], unc: int) -> None:
        """``way`` is the only way of the group just looked at that passes; it is
        committed."""

    def note_best(self, gmask: int, unc: int) -> None:
        """The group just looked at has the fewest ways so far."""

    def try_way(
        self, state: tuple[Any, ...], commits: Commits, cmask: int, g: int, way: tuple[Pair, ...]
    ) -> tuple[bool, int]:
        """Whether committing ``way`` (pairs of group ``g``) survives the model's
        relaxation here, and how many trials that took (the look-ahead stops looking
        at more groups after :attr:`max_trials`)."""
        return self.model.trial(state, commits, self.base, g, way), 1

    def order_ways(
        self, ways: list[tuple[Pair, ...]], ctx: Any, shuffle: Callable[[], float]
    ) -> None:
        """Sort the surviving ways of the group to branch on, best first: ways whose
        first pair can go now, then in ``shuffle`` order (the round's tie-breaks)."""
        available = self.model.available
        ways.sort(key=lambda way: (not available(ctx, way[0][0], way[0][1]), shuffle()))

    def run(self) -> list[Pair] | None:
        """The pairs in playing order, or ``None`` when proven unsolvable.

        Searches in rounds: a round that needs more than its share of positions is
        restarted with shuffled tie-breaks and twice the share (hard positions are
        rare but their search times are heavy-tailed). Dead positions found in any
        round stay known, and the shares grow without bound, so the search stays
        exact.
        """
        if self.model.lookahead:
            # a quick move-by-move round first: most boards need no look-ahead
            self.look = False
            try:
                return self.run_round(self.quick_round)
            except Restart:
                self.look = True
        limit = self.first_round
        round_no = 0
        while True:
            self.rng = random.Random(round_no) if round_no else None
            try:
                return self.run_round(limit)
            except Restart:
                round_no += 1
                limit *= 2

    def run_round(self, limit: int) -> list[Pair] | None:  # noqa: C901 (a measured hot loop)
        """One round of the search; raises :class:`Restart` after ``limit`` positions."""
        model = self.model
        start_nodes = self.budget.nodes
        dead = self.dead
        budget = self.budget
        path: list[Pair] = []
        # frame: (state, commits, cmask, key, option iterator, path mark)
        frames: list[
            tuple[tuple[Any, ...], Commits, int, Hashable, Iterator[tuple[Pair, ...]], int]
        ] = []

        def enter(state: tuple[Any, ...], commits: Commits, cmask: int) -> bool | None:
            budget.tick()
            if budget.nodes - start_nodes > limit:
                raise Restart
            before = (model.key(state), commits)
            if before in dead:
                return False
            done = self.propagate(state, commits, cmask)
            if done is None:
                dead.add(before)
                return False
            moves, state, commits, cmask, ctx = done
            if not state[0]:
                path.extend(moves)
                return True
            key = (model.key(state), commits)
            if moves and key in dead:
                dead.add(before)
                return False
            if self.look:
                chosen = self.choose(state, commits, cmask, ctx)
                if chosen is None:
                    dead.add(before)
                    dead.add(key)
                    return False
                more, state, commits, cmask, options = chosen
                moves = moves + more
                if not state[0]:
                    path.extend(moves)
                    return True
                if more:
                    key = (model.key(state), commits)
            else:
                options = self.options(ctx, state, cmask)
            if not options:
                dead.add(before)
                dead.add(key)
                return False
            frames.append((state, commits, cmask, key, iter(options), len(path)))
            path.extend(moves)
            return None

        root = model.root()
        if model.hopeless(root):
            budget.tick()
            return None
        outcome = enter(root, frozenset(), 0)
        if outcome is not None:
            return path if outcome else None
        while frames:
            state, commits, cmask, key, options, mark = frames[-1]
            choice = next(options, None)
            if choice is None:
                frames.pop()
                dead.add(key)
                del path[mark:]
                continue
            outcome = enter(state, commits.union(choice), cmask | tiles_of(choice))
            if outcome is True:
                return path
        return None


def perfect(rem: int, ok: Callable[[int, int], bool]) -> bool:
    """True when the tiles ``rem`` split into pairs ``(i, j)`` with ``ok(i, j)``."""
    if not rem:
        return True
    low = rem & -rem
    i = low.bit_length() - 1
    rest = rem ^ low
    return any(ok(i, j) and perfect(rest ^ (1 << j), ok) for j in bits(rest))
