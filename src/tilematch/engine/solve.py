"""The exact solver: clear a board or prove that it cannot be cleared (SPEC §5).

:func:`solve` decides every board of every geometry and returns a
:class:`Solution`: ``"solved"`` with the moves in playing order,
``"unsolvable"`` when no order of pairs clears the board, or ``"budget"``
only when the caller's node or time limit ran out first.

How it works (see ``docs/solver.md`` for the long form):

* **Monotone games** — Mahjong Solitaire, Black & White (with or without stone
  tiles) and Shisen-Sho *without* gravity. Removing tiles never blocks
  another tile there: a free tile stays free, a path that exists stays open.
  The solver builds a compact model of the position from the board's public
  protocol (positions and faces only), with occupancy as one ``int`` and
  per-tile masks precomputed once, and runs a depth-first search that

  - decides *pairings* rather than move orders: once it is fixed which tile
    pairs with which, removing a fixed pair as soon as it can go is never
    wrong, so propagation removes committed pairs, commits the last two tiles
    of a group, and plays *safe moves* (a group whose remaining tiles can all
    go right now goes at once);
  - recognises dead positions early: pairs that can never go together (one
    tile under the other), a *peeling* relaxation of the layered game, stones
    that can no longer be cracked often enough, committed grid pairs that
    block each other;
  - branches on the group with the fewest pairings that survive the peeling
    test (layered boards, after a quick move-by-move round), or move by move
    (grids), in rounds that restart with shuffled tie-breaks, and remembers
    every position proven dead in a transposition table.

* **Shisen-Sho with gravity** breaks monotonicity (tiles move), so the solver
  runs a plain depth-first search over the board's own legal pairs with
  ``push``/``pop`` and a table of dead positions keyed by ``board.key()``
  (which includes the faces). Slower, equally exact.

Every solution found by a model is replayed through the board's own
``match`` function on a copy before it is returned, so each returned
:class:`~tilematch.engine.board.Match` carries the path that is valid at the
time of the move. The caller's board is never changed.

>>> from tilematch.engine.solve import Solution
>>> Solution("unsolvable", [], 12).solved
False
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass, field
from typing import Any, Literal, cast

from tilematch.engine.board import Board, Match
from tilematch.engine.grid import GridLines, GridShape
from tilematch.engine.stack import StackGeometry, stack_geometry
from tilematch.engine.tiles import match_key

Status = Literal["solved", "unsolvable", "budget"]

#: A move inside a solver model: two local tile indices.
_Pair = tuple[int, int]


@dataclass(frozen=True)
class Solution:
    """What :func:`solve` found.

    ``status`` is ``"solved"`` (``moves`` clear the board in this order),
    ``"unsolvable"`` (proven: no order of legal pairs clears it) or
    ``"budget"`` (the node or time limit ran out before a verdict; ``moves``
    is empty). ``nodes`` counts the search positions expanded, ``seconds``
    the wall time spent.
    """

    status: Status
    moves: list[Match] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0

    @property
    def solved(self) -> bool:
        """True when ``moves`` clear the board."""
        return self.status == "solved"


class _OutOfBudget(Exception):
    """Raised inside the search when the node or time limit is reached."""


class _Restart(Exception):
    """Raised inside a search round that used up its share of positions."""


class _Budget:
    """Counts nodes and watches the clock; raises :class:`_OutOfBudget`."""

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
            raise _OutOfBudget
        if (
            self.deadline is not None
            and self.nodes & 7 == 1
            and time.perf_counter() > self.deadline
        ):
            raise _OutOfBudget

    def elapsed(self) -> float:
        return time.perf_counter() - self.start


def solve(board: Board, *, nodes: int | None = None, seconds: float | None = None) -> Solution:
    """Decide whether ``board`` can be cleared and find a way to clear it.

    ``nodes`` and ``seconds`` bound the search (``None``: no bound). Returns a
    :class:`Solution`; its status is ``"budget"`` only when a bound ran out
    before the answer was known. The caller's board is left untouched (the
    search works on a model or on a copy).

    Raises :class:`ValueError` for a negative bound.
    """
    budget = _Budget(nodes, seconds)
    work = board.copy()
    if work.is_cleared():
        return Solution("solved", [], 0, budget.elapsed())
    if not _pairable(work):
        return Solution("unsolvable", [], 0, budget.elapsed())
    model = _model_for(work)
    try:
        if model is not None:
            pairs = _search(model, budget)
            if pairs is None:
                return Solution("unsolvable", [], budget.nodes, budget.elapsed())
            moves = _replay(work, [(model.spot[i], model.spot[j]) for i, j in pairs])
            if moves is not None:
                return Solution("solved", moves, budget.nodes, budget.elapsed())
            # The model disagreed with the board's own rules: trust the board.
        found = _search_board(work, budget)
    except _OutOfBudget:
        return Solution("budget", [], budget.nodes, budget.elapsed())
    if found is None:
        return Solution("unsolvable", [], budget.nodes, budget.elapsed())
    return Solution("solved", found, budget.nodes, budget.elapsed())


def is_solvable(board: Board, *, nodes: int | None = None, seconds: float | None = None) -> bool:
    """True when :func:`solve` finds a solution within the bounds.

    Raises :class:`TimeoutError` when a bound runs out before a verdict.
    """
    result = solve(board, nodes=nodes, seconds=seconds)
    if result.status == "budget":
        raise TimeoutError(f"no verdict within the budget ({result.nodes} nodes)")
    return result.solved


def _replay(board: Board, pairs: list[tuple[int, int]]) -> list[Match] | None:
    """Play ``pairs`` on ``board`` (which is changed) through its own match function.

    Returns the matches with their paths, or ``None`` when one is refused or
    the board is not cleared at the end.
    """
    moves: list[Match] = []
    for a, b in pairs:
        move = board.match(min(a, b), max(a, b))
        if move is None:
            return None
        board.push(move)
        moves.append(move)
    return moves if board.is_cleared() else None


# ---------------------------------------------------------------------------
# The generic search over the board protocol (gravity, or any other board).
# ---------------------------------------------------------------------------


def _search_board(board: Board, budget: _Budget) -> list[Match] | None:
    """Depth-first search over ``board.legal_pairs()`` with a table of dead keys.

    ``board`` is played on and restored; returns the moves or ``None``.
    """
    dead: set[Hashable] = set()
    path: list[Match] = []
    stack: list[Iterator[Match]] = []

    def open_node() -> Iterator[Match] | None:
        budget.tick()
        if board.key() in dead:
            return None
        return _ordered_board_moves(board)

    first = open_node()
    if first is None:  # pragma: no cover - the table starts empty
        return None
    stack.append(first)
    while stack:
        move = next(stack[-1], None)
        if move is None:
            stack.pop()
            dead.add(board.key())
            if path:
                board.pop()
                path.pop()
            continue
        board.push(move)
        path.append(move)
        if board.is_cleared():
            result = list(path)
            for _ in path:
                board.pop()
            return result
        child = open_node()
        if child is None:
            board.pop()
            path.pop()
            continue
        stack.append(child)
    return None


def _ordered_board_moves(board: Board) -> Iterator[Match]:
    """The legal pairs, lower tiles first (on a gravity grid they change least)."""
    moves = list(board.legal_pairs())
    moves.sort(key=lambda m: -(board.coords(m.a)[0] + board.coords(m.b)[0]))
    return iter(moves)


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


def _bits(mask: int) -> list[int]:
    """The indices of the set bits of ``mask``, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class _Groups:
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

    def pairs(self, g: int, tiles_mask: int) -> list[_Pair]:
        """Every compatible pair among the tiles ``tiles_mask`` of group ``g``."""
        tiles = _bits(tiles_mask)
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

    def pairing(self, g: int, rem: int) -> list[_Pair]:
        """Some split of the balanced tiles ``rem`` into compatible pairs."""
        if self.bipartite[g]:
            blacks = _bits(rem & self.black[g])
            whites = _bits(rem & ~self.black[g])
            return [(min(b, w), max(b, w)) for b, w in zip(blacks, whites, strict=True)]
        tiles = _bits(rem)
        return [(tiles[k], tiles[k + 1]) for k in range(0, len(tiles), 2)]


class _Model:
    """A monotone position model over tiles numbered by model index.

    The model state is a tuple whose first item is the occupancy mask. A
    *context* is what a model computes once per position to answer
    :meth:`available` quickly (``None`` when the position is dead for a reason
    of its own, e.g. a stone that can no longer be cracked often enough).
    """

    spot: dict[int, int]  # model index -> board spot
    groups: _Groups
    #: True when :meth:`stuck` is a relaxation worth branching on pairings with.
    lookahead = False

    def root(self) -> tuple[Any, ...]:
        raise NotImplementedError

    def key(self, state: tuple[Any, ...]) -> Hashable:
        raise NotImplementedError

    def play(self, state: tuple[Any, ...], pair: _Pair) -> tuple[Any, ...]:
        raise NotImplementedError

    def context(self, state: tuple[Any, ...]) -> Any:
        raise NotImplementedError

    def available(self, ctx: Any, a: int, b: int) -> bool:
        """True when ``a`` and ``b`` (compatible tiles) can be removed right now."""
        raise NotImplementedError

    def open_pairs(self, ctx: Any, g: int, tiles_mask: int) -> list[_Pair]:
        """The compatible pairs among ``tiles_mask`` (of group ``g``) removable now."""
        raise NotImplementedError

    def clear_all(self, ctx: Any, g: int, tiles_mask: int) -> list[_Pair] | None:
        """Pairs that remove all of ``tiles_mask`` right now (safe to play), or ``None``."""
        raise NotImplementedError

    def possible(self, a: int, b: int) -> bool:
        """False when ``a`` and ``b`` can never be removed together (static)."""
        return True

    def feasible(self, g: int, tiles_mask: int) -> bool:
        """False when ``tiles_mask`` of group ``g`` cannot be split into possible pairs."""
        return self.groups.balanced(g, tiles_mask)

    def weight(self, tile: int) -> int:
        """How much removing ``tile`` tends to open the board (move ordering)."""
        return 0

    def score(self, ctx: Any, pair: _Pair, group_tiles: int) -> float:
        """How promising removing ``pair`` (of a group whose uncommitted tiles are
        ``group_tiles``) looks now; higher first."""
        return float(self.weight(pair[0]) + self.weight(pair[1]))

    def stuck(self, state: tuple[Any, ...], commits: frozenset[_Pair]) -> bool:
        """True when the committed pairs can provably never all be removed."""
        return False

    def hopeless(self, state: tuple[Any, ...]) -> bool:
        """A stronger, costlier dead test, run once on the starting position."""
        return False

    def peel(self, state: tuple[Any, ...], commits: frozenset[_Pair]) -> object | None:
        """``None`` when :meth:`stuck`, else a record that :meth:`trial` can reuse."""
        return None if self.stuck(state, commits) else commits

    def trial(
        self,
        state: tuple[Any, ...],
        commits: frozenset[_Pair],
        base: object,
        g: int,
        way: tuple[_Pair, ...],
    ) -> bool:
        """True when committing ``way`` (pairs of group ``g``) on top of ``commits``
        is not :meth:`stuck`; ``base`` is what :meth:`peel` returned for ``commits``."""
        return not self.stuck(state, commits.union(way))


_Commits = frozenset[_Pair]


class _PairingSearch:
    """Depth-first search over pairing commitments with a dead-position table."""

    def __init__(self, model: _Model, budget: _Budget) -> None:
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

    def propagate(
        self, state: tuple[Any, ...], commits: _Commits, cmask: int
    ) -> tuple[list[_Pair], tuple[Any, ...], _Commits, int, Any] | None:
        """Play forced and safe moves; returns ``(moves, state, commits, cmask, ctx)``
        or ``None`` when the position is dead."""
        model = self.model
        groups = model.groups
        masks = groups.masks
        moves: list[_Pair] = []
        while True:
            ctx = model.context(state)
            if ctx is None:
                return None
            occ = state[0]
            progress = [p for p in commits if model.available(ctx, p[0], p[1])]
            added: list[_Pair] = []
            for g, gmask in enumerate(masks):
                unc = occ & gmask & ~cmask
                if not unc:
                    continue
                if unc.bit_count() == 2:
                    low = unc & -unc
                    a = low.bit_length() - 1
                    b = (unc ^ low).bit_length() - 1
                    if not (groups.compatible(g, a, b) and model.possible(a, b)):
                        return None
                    added.append((a, b))
                    if model.available(ctx, a, b):
                        progress.append((a, b))
                    continue
                if not model.feasible(g, unc):
                    return None
                whole = model.clear_all(ctx, g, unc)
                if whole:
                    progress.extend(whole)
            if added:
                commits = commits.union(added)
                for a, b in added:
                    cmask |= (1 << a) | (1 << b)
            if not progress:
                if self.look:
                    base = model.peel(state, commits)
                    if base is None:
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

    def options(self, ctx: Any, state: tuple[Any, ...], cmask: int) -> list[tuple[_Pair, ...]]:
        """Move-by-move branching, best first: every pair of uncommitted tiles that
        can be removed right now (committed pairs are never available here: the
        propagation has already played them)."""
        model = self.model
        groups = model.groups
        occ = state[0]
        scored: list[tuple[float, _Pair]] = []
        noise = self.rng.random if self.rng is not None else None
        for g, gmask in enumerate(groups.masks):
            unc = occ & gmask & ~cmask
            if unc & (unc - 1):
                for pair in model.open_pairs(ctx, g, unc):
                    score = model.score(ctx, pair, unc)
                    if noise is not None:
                        score *= 0.5 + noise()
                    scored.append((-score, pair))
        scored.sort()
        return [(pair,) for _, pair in scored]

    def choose(
        self, state: tuple[Any, ...], commits: _Commits, cmask: int, ctx: Any
    ) -> tuple[list[_Pair], tuple[Any, ...], _Commits, int, list[tuple[_Pair, ...]]] | None:
        """Pairing-by-pairing branching with look-ahead, for models whose
        :meth:`_Model.stuck` test is a real relaxation.

        For every group with four or more uncommitted tiles, each way to pair its
        lowest tile is tried against the relaxation; ways that fail are dropped, a
        group left with one way is committed at once (and propagated), a group left
        with none proves the position dead. Returns ``(moves played, state,
        commits, cmask, options)`` where ``options`` are the commitments of the
        group with the fewest ways left, or ``None`` when the position is dead.
        """
        model = self.model
        groups = model.groups
        played: list[_Pair] = []
        while True:
            occ = state[0]
            best: list[tuple[_Pair, ...]] | None = None
            forced: tuple[_Pair, ...] | None = None
            hint = self.domain_hint
            shuffle = self.rng.random if self.rng is not None else float
            order = sorted(range(len(groups.masks)), key=lambda g: (hint[g], shuffle()))
            trials = 0
            for g in order:
                if best is not None and trials >= self.max_trials:
                    break
                unc = occ & groups.masks[g] & ~cmask
                if unc.bit_count() < 4:
                    continue
                low = unc & -unc
                a = low.bit_length() - 1
                ways: list[tuple[_Pair, ...]] = []
                for b in _bits(unc ^ low):
                    if not (groups.compatible(g, a, b) and model.possible(a, b)):
                        continue
                    way: tuple[_Pair, ...] = ((a, b),)
                    rest = unc & ~(low | (1 << b))
                    if rest.bit_count() == 2:
                        c, d = _bits(rest)
                        if not (groups.compatible(g, c, d) and model.possible(c, d)):
                            continue
                        way = ((a, b), (c, d))
                    trials += 1
                    if model.trial(state, commits, self.base, g, way):
                        ways.append(way)
                hint[g] = len(ways)
                if not ways:
                    return None
                if len(ways) == 1:
                    forced = ways[0]
                    break
                if best is None or len(ways) < len(best):
                    best = ways
                    if len(ways) <= self.enough:
                        break
            if forced is None:
                if best is None:
                    return played, state, commits, cmask, []
                available = model.available
                best.sort(key=lambda way: (not available(ctx, way[0][0], way[0][1]), shuffle()))
                return played, state, commits, cmask, best
            commits = commits.union(forced)
            for a, b in forced:
                cmask |= (1 << a) | (1 << b)
            done = self.propagate(state, commits, cmask)
            if done is None:
                return None
            moves, state, commits, cmask, ctx = done
            played.extend(moves)
            if not state[0]:
                return played, state, commits, cmask, []

    def run(self) -> list[_Pair] | None:
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
            except _Restart:
                self.look = True
        limit = self.first_round
        round_no = 0
        while True:
            self.rng = random.Random(round_no) if round_no else None
            try:
                return self.run_round(limit)
            except _Restart:
                round_no += 1
                limit *= 2

    def run_round(self, limit: int) -> list[_Pair] | None:
        """One round of the search; raises :class:`_Restart` after ``limit`` positions."""
        model = self.model
        start_nodes = self.budget.nodes
        dead = self.dead
        budget = self.budget
        path: list[_Pair] = []
        # frame: (state, commits, cmask, key, option iterator, path mark)
        frames: list[
            tuple[tuple[Any, ...], _Commits, int, Hashable, Iterator[tuple[_Pair, ...]], int]
        ] = []

        def enter(state: tuple[Any, ...], commits: _Commits, cmask: int) -> bool | None:
            budget.tick()
            if budget.nodes - start_nodes > limit:
                raise _Restart
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
            for a, b in choice:
                cmask |= (1 << a) | (1 << b)
            outcome = enter(state, commits.union(choice), cmask)
            if outcome is True:
                return path
        return None


def _search(model: _Model, budget: _Budget) -> list[_Pair] | None:
    """Solve a monotone model: pairs in playing order, or ``None`` if unsolvable."""
    return _PairingSearch(model, budget).run()


def _perfect(rem: int, ok: Callable[[int, int], bool]) -> bool:
    """True when the tiles ``rem`` split into pairs ``(i, j)`` with ``ok(i, j)``."""
    if not rem:
        return True
    low = rem & -rem
    i = low.bit_length() - 1
    rest = rem ^ low
    return any(ok(i, j) and _perfect(rest ^ (1 << j), ok) for j in _bits(rest))


# ---------------------------------------------------------------------------
# Layered boards (Mahjong Solitaire, Black & White), stones included.
# ---------------------------------------------------------------------------


class _LayeredModel(_Model):
    """State: ``(occupied, free, cracks)``; ``cracks`` is a tuple of the cracks each
    stone still needs (empty without stones). Model index = board spot."""

    lookahead = True

    def __init__(
        self,
        tiles: list[int],
        spot: dict[int, int],
        geometry: StackGeometry,
        codes: list[str],
        stones: dict[int, int],
    ) -> None:
        """``tiles`` are the model indices of the tiles (spots of ``geometry``), ``spot``
        maps each to its board spot and ``stones`` gives the cracks per model index."""
        self.spot = spot
        self.geometry = geometry
        self.groups = _Groups(list(zip(tiles, codes, strict=True)))
        size = len(geometry.positions)
        start = 0
        for s in tiles:
            start |= 1 << s
        self.start = start
        # The free rule and its tables are the board's (StackGeometry); only tiles on
        # the board count here, so every mask is cut down to them.
        cover = [m & start for m in geometry.cover]
        # affected[s]: tiles whose freedom may change when s is removed
        self.affected = [m & start for m in geometry.unblocks]
        # before[s]: tiles that must go before s (what covers it, and what covers those)
        self.before = [0] * size
        layer_of = geometry.positions
        for s in sorted(tiles, key=lambda t: -layer_of[t][2]):
            acc = cover[s]
            for u in _bits(cover[s]):
                acc |= self.before[u]
            self.before[s] = acc
        waiting: dict[int, int] = {}
        for t in tiles:
            for u in _bits(self.before[t]):
                waiting[u] = waiting.get(u, 0) + 1
        self.weights = [0] * size
        for s in tiles:
            self.weights[s] = 3 * self.affected[s].bit_count() + waiting.get(s, 0)
        # stones
        left, right, above = geometry.left, geometry.right, geometry.above
        self.stone_ids = sorted(stones)
        self.stone_need = tuple(stones[s] for s in self.stone_ids)
        self.touchers = [(left[s] | right[s] | above[s]) & start for s in self.stone_ids]
        self.touches: list[tuple[int, ...]] = [() for _ in range(size)]
        self.touch_mask = [0] * size
        for k, s in enumerate(self.stone_ids):
            for t in _bits(self.touchers[k]):
                self.touches[t] = (*self.touches[t], k)
                self.touch_mask[t] |= 1 << s
        self.feasible_cache: dict[tuple[int, int], bool] = {}
        # mates[s]: the tiles s may pair with
        self.mates = [0] * size
        groups = self.groups
        for g, gmask in enumerate(groups.masks):
            for s in _bits(gmask):
                if groups.bipartite[g]:
                    black = groups.black[g]
                    self.mates[s] = gmask & (~black if (black >> s) & 1 else black)
                else:
                    self.mates[s] = gmask & ~(1 << s)

    def possible(self, a: int, b: int) -> bool:
        return not (self.before[a] >> b) & 1 and not (self.before[b] >> a) & 1

    def feasible(self, g: int, tiles_mask: int) -> bool:
        known = self.feasible_cache.get((g, tiles_mask))
        if known is None:
            groups = self.groups

            def ok(i: int, j: int) -> bool:
                return groups.compatible(g, i, j) and self.possible(i, j)

            known = self.feasible_cache[(g, tiles_mask)] = _perfect(tiles_mask, ok)
        return known

    def weight(self, tile: int) -> int:
        return self.weights[tile]

    def stuck(self, state: tuple[Any, ...], commits: frozenset[_Pair]) -> bool:
        return self.peel(state, commits) is None

    def peel(self, state: tuple[Any, ...], commits: frozenset[_Pair]) -> object | None:
        """Peel the position in a relaxed game (stones ignored) where a tile that is
        not committed may go alone once a tile it could pair with is free or gone,
        and committed pairs go together when both are free: repeatedly take away
        what is free among the tiles still there.

        Returns ``None`` when some tiles can never be peeled (they block each other
        for good, so the position is dead). Otherwise returns the record of the
        peeling that :meth:`trial` restarts from.
        """
        occ, free = state[0], state[1]
        partner: dict[int, int] = {}
        lone = occ
        for a, b in commits:
            partner[a] = b
            partner[b] = a
            lone &= ~((1 << a) | (1 << b))
        snaps: list[tuple[int, int]] = []
        first: dict[int, int] = {}
        if not self._peel(partner, lone, occ, free, snaps, first):
            return None
        return snaps, first, partner, lone

    def trial(
        self,
        state: tuple[Any, ...],
        commits: frozenset[_Pair],
        base: object,
        g: int,
        way: tuple[_Pair, ...],
    ) -> bool:
        """Peel again with ``way`` committed, starting from the base peeling just before
        its first step that took a tile of group ``g`` (every earlier step is the same
        under the new commitments)."""
        record = cast(tuple[list[tuple[int, int]], dict[int, int], dict[int, int], int], base)
        snaps, first, partner, lone = record
        at = first.get(g)
        if at is None:  # pragma: no cover - a successful peeling takes every tile
            return not self.stuck(state, commits.union(way))
        rest, loose = snaps[at]
        partner = dict(partner)
        for a, b in way:
            partner[a] = b
            partner[b] = a
            lone &= ~((1 << a) | (1 << b))
        # Once every tile of the group is gone the new commitments no longer matter,
        # and fewer tiles than in the base peeling (which succeeded) only make
        # peeling easier: the trial succeeds there.
        return self._peel(partner, lone, rest, loose, None, None, rest & self.groups.masks[g])

    def _peel(
        self,
        partner: dict[int, int],
        lone: int,
        rest: int,
        loose: int,
        snaps: list[tuple[int, int]] | None,
        first: dict[int, int] | None,
        target: int = -1,
    ) -> bool:
        """Run the peeling from tiles ``rest`` of which ``loose`` are free; True when
        every tile of ``target`` (default: every tile) is taken. Records ``(rest,
        loose)`` before each step in ``snaps`` and the step at which each group was
        first touched in ``first``."""
        affected, is_free_in = self.affected, self.geometry.is_free_in
        mates = self.mates
        group_of = self.groups.of
        # committed pairs go first, lone tiles only when no pair can
        pairs_todo = _bits(loose & rest & ~lone)
        lone_todo = _bits(loose & rest & lone)
        waiting = 0  # loose lone tiles still waiting for a mate
        while pairs_todo or lone_todo:
            if pairs_todo:
                t = pairs_todo.pop()
                if not (rest >> t) & 1:
                    continue
                p = partner[t]
                if not (loose >> p) & 1:
                    continue
                gone = (1 << t) | (1 << p)
                check = affected[t] | affected[p]
            else:
                t = lone_todo.pop()
                if not (rest >> t) & 1:
                    continue
                if not mates[t] & lone & (loose | ~rest):
                    waiting |= 1 << t
                    continue
                gone = 1 << t
                check = affected[t]
                woken = mates[t] & waiting & rest
                if woken:
                    waiting &= ~woken
                    lone_todo.extend(_bits(woken))
            if snaps is not None and first is not None:
                g = group_of[t]
                if g not in first:
                    first[g] = len(snaps)
                snaps.append((rest, loose))
            rest &= ~gone
            if not rest & target:
                return True
            check &= rest & ~loose
            while check:
                low = check & -check
                check ^= low
                v = low.bit_length() - 1
                if is_free_in(v, rest):
                    loose |= low
                    if (lone >> v) & 1:
                        lone_todo.append(v)
                        woken = mates[v] & waiting & rest
                        if woken:
                            waiting &= ~woken
                            lone_todo.extend(_bits(woken))
                    else:
                        pairs_todo.append(v)
        return not rest

    def root(self) -> tuple[Any, ...]:
        occ = self.start
        return (occ, self.geometry.free_mask(occ), self.stone_need)

    def key(self, state: tuple[Any, ...]) -> Hashable:
        if self.stone_ids:
            return (state[0], state[2])
        occ: int = state[0]
        return occ

    def play(self, state: tuple[Any, ...], pair: _Pair) -> tuple[Any, ...]:
        occ, free, cracks = state
        i, j = pair
        free = self.geometry.free_without(free, occ, i, j)
        occ &= ~((1 << i) | (1 << j))
        if cracks:
            hit = self.touches[i] + self.touches[j]
            if hit:
                cracks = tuple(max(0, c - 1) if k in hit else c for k, c in enumerate(cracks))
        return (occ, free, cracks)

    def context(self, state: tuple[Any, ...]) -> Any:
        occ, free, cracks = state
        locked = 0
        for k, c in enumerate(cracks):
            if c:
                if (occ & self.touchers[k]).bit_count() < c:
                    return None  # too few tiles left to crack this stone
                locked |= 1 << self.stone_ids[k]
        return (free & ~locked, locked)

    def available(self, ctx: Any, a: int, b: int) -> bool:
        sel: int = ctx[0]
        return (sel >> a) & 1 == 1 and (sel >> b) & 1 == 1

    def open_pairs(self, ctx: Any, g: int, tiles_mask: int) -> list[_Pair]:
        avail: int = tiles_mask & ctx[0]
        if avail & (avail - 1) == 0:
            return []
        return self.groups.pairs(g, avail)

    def clear_all(self, ctx: Any, g: int, tiles_mask: int) -> list[_Pair] | None:
        sel, locked = ctx
        if tiles_mask & sel != tiles_mask or not self.groups.balanced(g, tiles_mask):
            return None
        if locked and any(self.touch_mask[t] & locked for t in _bits(tiles_mask)):
            return None  # the pairing decides which stones crack: let the search choose
        return self.groups.pairing(g, tiles_mask)


# ---------------------------------------------------------------------------
# Shisen-Sho without gravity.
# ---------------------------------------------------------------------------


class _GridModel(_Model):
    """Tiles on the occupied bounding box of the grid: model index = cell ``r * C + c``
    of that box (rows and columns beyond it are all empty, so paths through them are
    equivalent to paths along the ring :class:`GridLines` keeps around it). State:
    ``(occupied, lines, exposed)``: ``lines`` is the :class:`GridLines` of
    ``occupied`` (never changed once in a state: :meth:`play` copies it), an exposed
    tile is on the edge of the box or has an empty orthogonal neighbour."""

    def __init__(
        self, shape: GridShape, cells: list[tuple[int, int]], spots: list[int], codes: list[str]
    ) -> None:
        self.shape = shape
        rmin = min(r for r, _ in cells)
        cmin = min(c for _, c in cells)
        C = shape.cols
        self.spot = {}
        items = []
        self.start = 0
        for (r, c), spot, code in zip(cells, spots, codes, strict=True):
            idx = (r - rmin) * C + (c - cmin)
            self.spot[idx] = spot
            items.append((idx, code))
            self.start |= 1 << idx
        self.groups = _Groups(items)
        self._ctx: Any = None
        self._known: dict[_Pair, bool] = {}
        self.nb = shape.neighbours

    def _state(self, occ: int) -> tuple[Any, ...]:
        """The state with the tiles ``occ`` on the board."""
        nb, exposed = self.nb, occ & self.shape.border
        for idx in _bits(occ & ~exposed):
            if occ & nb[idx] != nb[idx]:
                exposed |= 1 << idx
        return (occ, GridLines(self.shape, occ), exposed)

    def root(self) -> tuple[Any, ...]:
        return self._state(self.start)

    def key(self, state: tuple[Any, ...]) -> Hashable:
        occ: int = state[0]
        return occ

    def play(self, state: tuple[Any, ...], pair: _Pair) -> tuple[Any, ...]:
        occ, lines, exposed = state
        i, j = pair
        occ &= ~((1 << i) | (1 << j))
        lines = lines.copy()
        lines.remove(i)
        lines.remove(j)
        exposed = (exposed | self.nb[i] | self.nb[j]) & occ
        return (occ, lines, exposed)

    def context(self, state: tuple[Any, ...]) -> Any:
        return state

    def feasible(self, g: int, tiles_mask: int) -> bool:
        # :func:`solve` refuses unbalanced groups up front and pairs keep the balance;
        # no two grid tiles are ever impossible together
        return True

    def weight(self, tile: int) -> int:
        return 0

    def score(self, ctx: Any, pair: _Pair, group_tiles: int) -> float:
        """Pairs that open most cells (occupied neighbours) come first."""
        a, b = pair
        return float(((self.nb[a] | self.nb[b]) & ctx[0]).bit_count())

    def available(self, ctx: Any, a: int, b: int) -> bool:
        """True when cells ``a`` and ``b`` are joined by a line of at most two bends
        through empty cells (:meth:`GridLines.connect`; answers are remembered for the
        current position). A tile with no empty neighbour can only be joined to an
        adjacent one, which spares most calls on a full board."""
        if ctx is not self._ctx:
            self._ctx = ctx
            self._known = {}
        pair = (a, b)
        known = self._known.get(pair)
        if known is None:
            exposed: int = ctx[2]
            if not (exposed >> a & 1 and exposed >> b & 1) and not self.nb[a] >> b & 1:
                known = False  # no empty neighbour to start from, and not adjacent
            else:
                lines: GridLines = ctx[1]
                known = lines.connect(a, b) is not None
            self._known[pair] = known
        return known

    def stuck(self, state: tuple[Any, ...], commits: frozenset[_Pair]) -> bool:
        """Relaxation: keep only the committed tiles on the board (every other tile
        could go first, which only opens paths) and remove committed pairs while any
        connects. Pairs left over can never be removed: the position is dead."""
        if len(commits) < 2:
            return False
        occ = 0
        for a, b in commits:
            occ |= (1 << a) | (1 << b)
        lines = GridLines(self.shape, occ)
        pending = list(commits)
        while pending:
            keep = []
            for pair in pending:
                if lines.connect(pair[0], pair[1]) is not None:
                    lines.remove(pair[0])
                    lines.remove(pair[1])
                else:
                    keep.append(pair)
            if len(keep) == len(pending):
                return True
            pending = keep
        return False

    def hopeless(self, state: tuple[Any, ...]) -> bool:
        return self.reach_stuck(state, frozenset())

    def reach_stuck(self, state: tuple[Any, ...], commits: frozenset[_Pair]) -> bool:
        """Reach test: in a relaxed game, a tile may go alone once a line of at most
        two bends joins it to a tile of its group, or to the empty cell where one
        stood. Taking away such tiles over and over only ever opens the board, and
        every real move is allowed by it; tiles it can never take prove the board
        cannot be cleared. (Random deals that jam after a few moves, whatever the
        order, fail here at once instead of after a search of every order.)"""
        groups = self.groups
        occ: int = state[0]
        lines: GridLines = state[1].copy()
        connect = lines.connect
        partner: dict[int, int] = {}
        committed = 0
        for a, b in commits:
            partner[a] = b
            partner[b] = a
            committed |= (1 << a) | (1 << b)
        pending = _bits(occ)
        while pending:
            keep = []
            for t in pending:
                g = groups.of[t]
                if not (occ >> t) & 1:
                    continue  # went with its committed partner
                p = partner.get(t)
                if p is not None:  # a committed pair goes together
                    if connect(t, p) is not None:
                        occ &= ~((1 << t) | (1 << p))
                        lines.remove(t)
                        lines.remove(p)
                    else:
                        keep.append(t)
                    continue
                # (the line may end on the empty cell where a mate stood: connect
                # does not ask whether its two ends are occupied)
                for m in _bits(groups.masks[g] & ~(1 << t) & ~committed):
                    if groups.compatible(g, t, m) and connect(t, m) is not None:
                        occ &= ~(1 << t)
                        lines.remove(t)
                        break
                else:
                    keep.append(t)
            if keep == pending:
                return True
            pending = keep
        return False

    def open_pairs(self, ctx: Any, g: int, tiles_mask: int) -> list[_Pair]:
        # only tiles with an empty neighbour, or next to a tile of their group, can go
        nb = self.nb
        exposed = ctx[2]
        reach = tiles_mask & exposed
        for t in _bits(tiles_mask & ~exposed):
            if nb[t] & tiles_mask:
                reach |= 1 << t
        if reach & (reach - 1) == 0:
            return []
        available = self.available
        return [p for p in self.groups.pairs(g, reach) if available(ctx, p[0], p[1])]

    def clear_all(self, ctx: Any, g: int, tiles_mask: int) -> list[_Pair] | None:
        if tiles_mask.bit_count() != 4:
            return None
        exposed = ctx[2]
        nb = self.nb
        for t in _bits(tiles_mask & ~exposed):
            if not nb[t] & tiles_mask:
                return None  # a tile with no way out yet
        tiles = _bits(tiles_mask)
        groups = self.groups
        links = self.open_pairs(ctx, g, tiles_mask)
        for first in links:
            i, j = (t for t in tiles if t not in first)
            if not groups.compatible(g, i, j):
                continue
            if self.available(ctx, i, j) or self.available(self.play(ctx, first), i, j):
                return [first, (i, j)]
        return None


# ---------------------------------------------------------------------------
# Choosing a model for a board.
# ---------------------------------------------------------------------------


def _stones_of(board: Board) -> dict[int, int]:
    """Cracks still needed per stone spot (empty when the board has no stones)."""
    stones = getattr(board, "stones", None)
    if not stones:
        return {}
    if callable(stones):
        stones = stones()
    return {int(s): int(c) for s, c in dict(stones).items() if c and (board.occupied >> s) & 1}


def _pairable(board: Board) -> bool:
    """False when some match group has a tile too many (an odd count, or in Black &
    White more tiles of one colour than of the other): such a board is never cleared."""
    items = [(s, board.face(s) or "") for s in board.spots()]
    if not all(code for _, code in items):
        return True  # let the search report on what it cannot read
    groups = _Groups(items)
    return all(groups.balanced(g, mask) for g, mask in enumerate(groups.masks))


def _model_for(board: Board) -> _Model | None:
    """A fast monotone model of ``board``, or ``None`` when the generic search must
    be used (gravity, or a geometry the solver does not know)."""
    spots = list(board.spots())
    codes = [board.face(s) or "" for s in spots]
    if not spots or not all(codes):
        return None
    coords = [tuple(board.coords(s)) for s in spots]
    if board.game == "shisensho":
        if getattr(board, "gravity", False) or any(len(c) != 2 for c in coords):
            return None
        cells = [(c[0], c[1]) for c in coords]
        rows = max(r for r, _ in cells) - min(r for r, _ in cells) + 1
        cols = max(c for _, c in cells) - min(c for _, c in cells) + 1
        try:
            shape = GridShape(rows, cols)
        except ValueError:
            return None  # wider than any grid board: let the generic search answer
        return _GridModel(shape, cells, spots, codes)
    if board.game in ("solitaire", "blackwhite") and all(len(c) == 3 for c in coords):
        stones = _stones_of(board)
        positions = [(c[0], c[1], c[2]) for c in coords]
        geometry = getattr(board, "geometry", None)
        if isinstance(geometry, StackGeometry) and all(
            s < len(geometry.positions) and geometry.positions[s] == p
            for s, p in zip(spots, positions, strict=True)
        ):  # a StackBoard: model index = board spot
            return _LayeredModel(spots, {s: s for s in spots}, geometry, codes, stones)
        # another layered Board: number its tiles 0.. in the order of spots()
        try:
            geometry = stack_geometry(tuple(positions))
        except ValueError:
            return None  # two tiles on one position: let the generic search report
        spot = dict(enumerate(spots))
        index = {s: i for i, s in spot.items()}
        return _LayeredModel(
            list(spot), spot, geometry, codes, {index[s]: c for s, c in stones.items()}
        )
    return None
