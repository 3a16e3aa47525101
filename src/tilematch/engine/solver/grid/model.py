"""The solver's model of Shisen-Sho boards without gravity."""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable
from typing import Any

from tilematch.engine.board import bits
from tilematch.engine.grid.lines import GridLines
from tilematch.engine.solver.budget import Budget, Pair, Restart
from tilematch.engine.solver.grid.order import GridSearch, Step
from tilematch.engine.solver.grid.reach import GridReach


class GridModel(GridReach):
    """Tiles on the occupied bounding box of the grid: model index = cell ``r * C + c``
    of that box (rows and columns beyond it are all empty, so paths through them are
    equivalent to paths along the ring :class:`GridLines` keeps around it). State:
    ``(occupied, lines, exposed)``: ``lines`` is the :class:`GridLines` of
    ``occupied`` (never changed once in a state: :meth:`play` copies it), an exposed
    tile is on the edge of the box or has an empty orthogonal neighbour."""

    #: the reach test is a relaxation worth branching on pairings with
    lookahead = True

    #: positions in the first move-by-move round, and positions and trials in the
    #: first look-ahead round (each later round has twice its predecessor's share)
    move_round = 120
    look_round = 100
    #: the move-by-move rounds stop growing here (the look-ahead rounds alone
    #: grow without bound: deals the cheap rounds have not cleared by then are
    #: nearly all unsolvable, which only the look-ahead proves quickly)
    move_cap = 500
    #: move-by-move rounds at most: later rounds are look-ahead rounds only (on
    #: seeds 0-999 of the 17 x 8 benchmark no later move-by-move round cleared a
    #: deal; the slowest deals went on to the fifth and sixth look-ahead rounds)
    move_rounds = 4
    #: look-ahead: branch at once on a group with this many ways left, and on the
    #: best group so far after this many trials (see :class:`PairingSearch`)
    look_enough = 2
    look_trials = 12

    def search(self, budget: Budget) -> list[Pair] | None:
        """Rounds of two searches by turns, sharing one table of dead positions:
        move by move (cheap positions: most deals are cleared within a few
        hundred) and pairing by pairing with the reach look-ahead (a position
        tries some ten pairings, but jams that every order of moves runs into
        are proven at once). Each look-ahead trial counts in ``budget`` as a
        position does (it costs about as much), so a bound in positions stays a
        bound in work. A round that uses up its share restarts with shuffled
        tie-breaks; after :attr:`move_rounds` rounds only the look-ahead goes on,
        its shares doubling without bound, so the search stays exact."""
        search = GridSearch(self, budget)
        self._budget = budget
        search.enough = self.look_enough
        search.max_trials = self.look_trials
        moves, looks = self.move_round, self.look_round
        round_no = 0
        while True:
            for look, limit in ((False, moves), (True, looks)):
                if not look and round_no >= self.move_rounds:
                    continue
                search.look = look
                search.rng = random.Random(2 * round_no + look) if round_no else None
                try:
                    return search.run_round(limit)
                except Restart:
                    pass
            round_no += 1
            moves = min(2 * moves, self.move_cap)
            looks *= 2

    def _state(self, occ: int) -> tuple[Any, ...]:
        """The state with the tiles ``occ`` on the board."""
        nb, exposed = self.nb, occ & self.shape.border
        for idx in bits(occ & ~exposed):
            if occ & nb[idx] != nb[idx]:
                exposed |= 1 << idx
        return (occ, GridLines(self.shape, occ), exposed)

    def root(self) -> tuple[Any, ...]:
        return self._state(self.start)

    def key(self, state: tuple[Any, ...]) -> Hashable:
        occ: int = state[0]
        return occ

    def play(self, state: tuple[Any, ...], pair: Pair) -> tuple[Any, ...]:
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

    def score(self, ctx: Any, pair: Pair, group_tiles: int) -> float:
        """Pairs that open most cells (occupied neighbours) come first."""
        a, b = pair
        return float(((self.nb[a] | self.nb[b]) & ctx[0]).bit_count())

    def available(self, ctx: Any, a: int, b: int) -> bool:
        """True when cells ``a`` and ``b`` are joined by a line of at most two bends
        through empty cells (:meth:`GridLines.line_or_blockers`, or what it said of
        the two cells in another position, if that still holds: see
        :attr:`_apart`; answers past the first test below are remembered for the
        current position). A tile
        with no empty neighbour can only be joined to an adjacent one, which spares
        most calls on a full board."""
        exposed: int = ctx[2]
        bit = self.bit
        if not (exposed & bit[a] and exposed & bit[b]) and not self.nb[a] & bit[b]:
            return False  # no empty neighbour to start from, and not adjacent
        if ctx is not self._ctx:
            self._ctx = ctx
            self._known = {}
        asked = a << 12 | b
        known = self._known.get(asked)
        if known is None:
            # what is known of the two cells from other positions, else the rule
            occ: int = ctx[0]
            key = a << 12 | b if a < b else b << 12 | a
            why = self._apart.get(key, -1)
            if why & occ == why:
                known = False
            elif not self._joined.get(key, -1) & occ:
                known = True
            else:
                lines: GridLines = ctx[1]
                why = lines.line_or_blockers(a, b)
                known = why < 0
                if known:
                    self._joined[key] = ~why
                else:
                    self._apart[key] = why & occ
            self._known[asked] = known
        return known

    def available_among(self, ctx: Any, pairs: Iterable[Pair]) -> list[Pair]:
        """:meth:`available` of each pair, its first questions (are both ends
        exposed, or next to each other; are they still kept apart as in another
        position, see :attr:`_apart`) asked inline."""
        exposed: int = ctx[2]
        occ: int = ctx[0]
        bit, nb = self.bit, self.nb
        apart = self._apart
        available = self.available
        found = []
        for pair in pairs:
            a, b = pair
            if not (exposed & bit[a] and exposed & bit[b]) and not nb[a] & bit[b]:
                continue
            why = apart.get(a << 12 | b if a < b else b << 12 | a, -1)
            if why & occ != why and available(ctx, a, b):
                found.append(pair)
        return found

    def stuck(self, state: tuple[Any, ...], commits: frozenset[Pair]) -> bool:
        """Relaxation: keep only the committed tiles on the board (every other tile
        could go first, which only opens paths) and remove committed pairs while any
        connects. Pairs left over can never be removed: the position is dead."""
        if len(commits) < 2:
            return False
        bit, without = self.bit, self.without
        occ = 0
        for a, b in commits:
            occ |= bit[a] | bit[b]
        # the lines of the tiles ``drawn`` (drawn when first asked; most pairs go
        # on what is known of them from other positions)
        lines: GridLines | None = None
        drawn = 0
        unbit = self.shape.unbits
        apart, joined = self._apart, self._joined
        pending = list(commits)
        while pending:
            keep = []
            for pair in pending:
                a, b = pair
                # what is known of the two cells from other positions, else the rule
                key = a << 12 | b if a < b else b << 12 | a
                why = apart.get(key, -1)
                if why & occ == why:
                    keep.append(pair)
                    continue
                if joined.get(key, -1) & occ:
                    if lines is None:
                        lines = GridLines(self.shape, occ)
                    elif drawn != occ:
                        row_occ, col_occ = lines.row_bits, lines.col_bits
                        for x in bits(drawn ^ occ):  # (``lines.remove``, inline)
                            ri, rm, ci, cm = unbit[x]
                            row_occ[ri] &= rm
                            col_occ[ci] &= cm
                    drawn = occ
                    why = lines.line_or_blockers(a, b)
                    if why >= 0:
                        apart[key] = why & occ
                        keep.append(pair)
                        continue
                    joined[key] = ~why
                occ = occ & without[a] & without[b]
            if len(keep) == len(pending):
                return True
            pending = keep
        return False

    def peel(self, state: tuple[Any, ...], commits: frozenset[Pair]) -> object | None:
        """``None`` when the reach test with the commitments is stuck; else the steps
        it took (see :meth:`reach_left`), which :meth:`trial` replays, with the
        commitments' partners and tiles."""
        log: list[Step] = []
        when: dict[int, int] = {}
        if not self._from_trial(state, commits, log, when) and self.reach_left(
            state[0], state[1], commits, log, when, self._peel_order
        ):
            return None
        # the next test asks the tiles in the order this one took them (positions
        # met next are much like this one: fewer tiles are asked before they can go;
        # ``when`` has them in that order, a tile's partner right after it)
        self._peel_order = [*when, *(t for t in self._peel_order if t not in when)]
        bit = self.bit
        committed = 0
        partner: dict[int, int] = {}
        for a, b in commits:
            committed |= bit[a] | bit[b]
            partner[a] = b
            partner[b] = a
        return (log, when, [-1] * len(log), partner, committed)

    def hopeless(self, state: tuple[Any, ...]) -> bool:
        if state[0] != self.start:
            return self.reach_stuck(state, frozenset())
        if self._hopeless is None:  # asked again by every round of the search
            self._hopeless = self.reach_stuck(state, frozenset())
        return self._hopeless

    def open_pairs(self, ctx: Any, g: int, tiles_mask: int) -> list[Pair]:
        # only tiles with an empty neighbour, or next to a tile of their group, can go
        nb, bit = self.nb, self.bit
        exposed = ctx[2]
        reach = tiles_mask & exposed
        hidden = (tiles_mask ^ reach) & self.kin_near
        while hidden:
            t = hidden.bit_length() - 1
            hidden ^= bit[t]
            if nb[t] & tiles_mask:
                reach |= bit[t]
        if reach & (reach - 1) == 0:
            return []
        return self.available_among(ctx, self.groups.pairs(g, reach))

    def unclearable(self, ctx: Any, free: int) -> int:
        """The tiles with no empty neighbour and none of their group next to them
        (:meth:`clear_all` refuses their groups: a tile with no way out yet)."""
        exposed: int = ctx[2]
        hidden = free ^ (free & exposed)
        return hidden ^ (hidden & self.kin_near)

    def clear_all(self, ctx: Any, g: int, tiles_mask: int) -> list[Pair] | None:
        if tiles_mask.bit_count() != 4:
            return None
        exposed = ctx[2]
        nb, bit = self.nb, self.bit
        hidden = tiles_mask ^ (tiles_mask & exposed)
        while hidden:
            t = hidden.bit_length() - 1
            if not nb[t] & tiles_mask:
                return None  # a tile with no way out yet
            hidden ^= bit[t]
        tiles = bits(tiles_mask)
        groups = self.groups
        links = self.open_pairs(ctx, g, tiles_mask)
        for first in links:
            i, j = (t for t in tiles if t not in first)
            if not groups.compatible(g, i, j):
                continue
            if self.available(ctx, i, j) or self._available_after(ctx, first, i, j):
                return [first, (i, j)]
        return None

    def _available_after(self, ctx: Any, first: Pair, a: int, b: int) -> bool:
        """:meth:`available` in the position after ``first`` is played, asked without
        leaving the current position (whose answers :meth:`available` remembers)."""
        occ, lines, exposed = self.play(ctx, first)
        bit = self.bit
        if not (exposed & bit[a] and exposed & bit[b]) and not self.nb[a] & bit[b]:
            return False
        key = a << 12 | b if a < b else b << 12 | a
        why = self._apart.get(key, -1)
        if why & occ == why:
            return False
        if not self._joined.get(key, -1) & occ:
            return True
        why = lines.line_or_blockers(a, b)
        if why < 0:
            self._joined[key] = ~why
            return True
        self._apart[key] = why & occ
        return False
