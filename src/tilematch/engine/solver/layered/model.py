"""The solver's model of layered boards: Mahjong Solitaire and Black & White, stones included."""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from typing import Any, cast

from tilematch.engine.board import bits
from tilematch.engine.solver.budget import Commits, Pair, State, Way
from tilematch.engine.solver.layered.cells import cell_board
from tilematch.engine.solver.layered.rounds import first_taken_round
from tilematch.engine.solver.pairing import Groups, Model, perfect
from tilematch.engine.solver.profile import LATEST, Profile
from tilematch.engine.stack.geometry import StackGeometry

# ---------------------------------------------------------------------------
# Layered boards (Mahjong Solitaire, Black & White), stones included.
# ---------------------------------------------------------------------------

#: how many positions' free tiles :attr:`LayeredModel.free_known` keeps before it
#: starts over
FREE_KNOWN = 4096
#: Peelings the repair search may try before the exact search.
REPAIR_TRIES = 400


class LayeredModel(Model):
    """State: ``(occupied, free, cracks)``; ``cracks`` is a tuple of the cracks each
    stone still needs (empty without stones). Model index = the tile's bit on the
    cell board (:class:`~tilematch.engine.solver.layered.cells.CellBoard`), so the free
    rule is evaluated for every tile at once."""

    lookahead = True

    def __init__(
        self,
        tiles: list[int],
        spot: dict[int, int],
        geometry: StackGeometry,
        codes: list[str],
        stones: dict[int, int],
        profile: Profile = LATEST,
    ) -> None:
        """``tiles`` are spots of ``geometry``, ``spot`` maps each to its board spot,
        ``stones`` gives the cracks per spot of ``geometry`` and ``profile`` the
        searches the board gets."""
        #: peelings the repair search may try before the exact search (0: none)
        self.repair_tries = REPAIR_TRIES if profile.repair else 0
        #: the look-ahead rounds learn nogoods (:mod:`.learn`)
        self.learn = profile.learn
        #: after the repair search's first tries, the way search (:mod:`.ways`)
        #: decides the board instead of the look-ahead rounds
        self.ways = profile.ways
        self.geometry = geometry
        cells = self.cells = cell_board(geometry)
        cell = cells.cell
        self.spot = {cell[t]: spot[t] for t in tiles}
        self.groups = Groups([(cell[t], code) for t, code in zip(tiles, codes, strict=True)])
        size = cells.cell_layers * cells.cell_layer
        start = 0
        spots = 0
        for s in tiles:
            start |= 1 << cell[s]
            spots |= 1 << s
        self.start = start
        self.tiles = tiles
        self.spots = spots
        self.free_cells = cells.free_cells  # the one free rule, for every tile at once
        #: ``free_cells`` of the tiles left in recent rounds of :meth:`_peel`, by those
        #: tiles: peelings restart from recorded rounds and trials of other ways
        #: often peel through the same positions (on hard Turtle deals more than
        #: half the rounds meet a position seen among the last few thousand)
        self.free_known: dict[int, int] = {}
        # The free rule and its tables are the board's (StackGeometry); only tiles on
        # the board count here, so every mask is cut down to them.
        to_cells = cells.to_cells
        cover = {s: to_cells(geometry.cover[s] & spots) for s in tiles}
        # before[c]: tiles that must go before c (what covers it, and what covers those)
        self.before = [0] * size
        layer_of = geometry.positions
        for s in sorted(tiles, key=lambda t: -layer_of[t][2]):
            acc = cover[s]
            for u in bits(cover[s]):
                acc |= self.before[u]
            self.before[cell[s]] = acc
        waiting: dict[int, int] = {}
        for t in tiles:
            for u in bits(self.before[cell[t]]):
                waiting[u] = waiting.get(u, 0) + 1
        self.weights = [0] * size
        for s in tiles:
            opens = geometry.unblocks[s] & spots
            self.weights[cell[s]] = 3 * opens.bit_count() + waiting.get(cell[s], 0)
        # stones
        left, right, above = geometry.left, geometry.right, geometry.above
        self.stone_ids = sorted(cell[s] for s in stones)
        self.stone_need = tuple(stones[s] for s in sorted(stones, key=lambda s: cell[s]))
        self.touchers = [
            to_cells((left[s] | right[s] | above[s]) & spots)
            for s in sorted(stones, key=lambda s: cell[s])
        ]
        self.touches: dict[int, tuple[int, ...]] = {}
        self.touch_mask: dict[int, int] = {}
        for k, s in enumerate(self.stone_ids):
            for t in bits(self.touchers[k]):
                self.touches[t] = (*self.touches.get(t, ()), k)
                self.touch_mask[t] = self.touch_mask.get(t, 0) | 1 << s
        self.feasible_cache: dict[tuple[int, int], bool] = {}
        #: the record of the last peeling :meth:`stuck` ran, and the round it took
        #: each tile in (filled on demand), for the move ordering of :meth:`score`
        self.last_peel: object | None = None
        self.peel_rounds: dict[int, int] | None = None
        #: the tiles of Black & White groups
        self.two_colours = 0
        #: the tiles a peeling stopped at, and (after a failed :meth:`peel` or
        #: :meth:`trial_rounds`) with its partners, lone tiles and target group
        self.stuck_at = 0
        self.failed: tuple[int, dict[int, int], int, int] = (0, {}, 0, -1)
        for g, gmask in enumerate(self.groups.masks):
            if self.groups.bipartite[g]:
                self.two_colours |= gmask

    def possible(self, a: int, b: int) -> bool:
        return not (self.before[a] >> b) & 1 and not (self.before[b] >> a) & 1

    def feasible(self, g: int, tiles_mask: int) -> bool:
        known = self.feasible_cache.get((g, tiles_mask))
        if known is None:
            groups = self.groups

            def ok(i: int, j: int) -> bool:
                return groups.compatible(g, i, j) and self.possible(i, j)

            known = self.feasible_cache[(g, tiles_mask)] = perfect(tiles_mask, ok)
        return known

    def weight(self, tile: int) -> int:
        return self.weights[tile]

    def score(self, ctx: Any, pair: Pair, group_tiles: int) -> float:
        """Pairs that free most tiles first, but a pair of a group with a third tile
        free after all (the choice of pair matters there: waiting until the fourth
        is free makes the group a safe move) after every pair of a group without
        one; and, weighed above the tiles freed, a pair whose group's other two
        tiles (which it commits to each other) go in rounds of the position's
        peeling close to each other (:meth:`apart`): two tiles that go early and
        late make the early one wait. Measured on Turtle deals (seeds 0-199), a
        move-by-move round of 120 positions clears 85 deals with this order, 73
        without the peeling term, about one in four with the weights alone."""
        a, b = pair
        rest = group_tiles & ~((1 << a) | (1 << b))
        others = rest & ctx[0]
        score = self.weights[a] + self.weights[b] - 1000 * others.bit_count()
        if rest.bit_count() == 2:
            low = rest & -rest
            score -= 10 * self.apart(low.bit_length() - 1, (rest ^ low).bit_length() - 1)
        return float(score)

    def apart(self, c: int, d: int) -> int:
        """How many rounds apart the last peeling run by :meth:`stuck` took tiles
        ``c`` and ``d`` (a move-ordering hint only)."""
        rounds = self.peel_rounds
        if rounds is None:
            rounds = self.peel_rounds = {}
        rc = rounds.get(c)
        if rc is None:
            rc = rounds[c] = self.round_of(self.last_peel, c)
        rd = rounds.get(d)
        if rd is None:
            rd = rounds[d] = self.round_of(self.last_peel, d)
        return abs(rc - rd)

    @staticmethod
    def round_of(record: object | None, tile: int) -> int:
        """``rounds_of(record).get(tile, 0)`` for one tile, without the whole table:
        the round that took ``tile`` is the last one that still held it (the rounds'
        tiles only shrink)."""
        if record is None:
            return 0
        snaps = cast(tuple[list[tuple[int, int, int]], dict[int, int], int], record)[0]
        if not (snaps[0][0] >> tile) & 1:
            return 0
        low, high = 0, len(snaps) - 1
        while low < high:
            mid = (low + high + 1) // 2
            if (snaps[mid][0] >> tile) & 1:
                low = mid
            else:
                high = mid - 1
        return low if low < len(snaps) - 1 else 0

    @staticmethod
    def rounds_of(record: object | None) -> dict[int, int]:
        """The round of the peeling ``record`` (as :meth:`peel` returns it) that took
        each tile."""
        rounds: dict[int, int] = {}
        if record is not None:
            snaps = cast(tuple[list[tuple[int, int, int]], dict[int, int], int], record)[0]
            for k in range(len(snaps) - 1):
                gone = snaps[k][0] & ~snaps[k + 1][0]
                while gone:
                    low = gone & -gone
                    gone ^= low
                    rounds[low.bit_length() - 1] = k
        return rounds

    @staticmethod
    def moved(first: object, second: object) -> int:
        """The tiles that the peelings ``first`` and ``second`` (records as :meth:`peel`
        returns them) take in different rounds, or only one of them takes."""
        one = cast(tuple[list[tuple[int, int, int]], dict[int, int], int], first)[0]
        two = cast(tuple[list[tuple[int, int, int]], dict[int, int], int], second)[0]
        moved = 0
        for k in range(max(len(one), len(two))):
            moved |= one[min(k, len(one) - 1)][0] ^ two[min(k, len(two) - 1)][0]
        return moved

    def stuck(self, state: tuple[Any, ...], commits: frozenset[Pair]) -> bool:
        record = self.last_peel = self.peel(state, commits)
        self.peel_rounds = None
        return record is None

    def peel(self, state: tuple[Any, ...], commits: frozenset[Pair]) -> object | None:
        """Peel the position in a relaxed game (stones ignored) where a tile that is
        not committed may go alone once a tile it could pair with is free or gone,
        and committed pairs go together when both are free: repeatedly take away
        what is free among the tiles still there.

        Returns ``None`` when some tiles can never be peeled (they block each other
        for good, so the position is dead). Otherwise returns the record of the
        peeling that :meth:`trial` restarts from.
        """
        occ = state[0]
        partner: dict[int, int] = {}
        lone = occ
        for a, b in commits:
            partner[a] = 1 << b
            partner[b] = 1 << a
            lone &= ~((1 << a) | (1 << b))
        snaps: list[tuple[int, int, int]] = []
        if self._peel(partner, lone, occ, 0, 0, snaps) is None:
            self.failed = (self.stuck_at, partner, lone, -1)
            return None
        return snaps, partner, lone

    def trial(self, state: State, commits: Commits, base: object, g: int, way: Way) -> bool:
        return self.trial_rounds(base, g, way) is not None

    def trial_rounds(self, base: object, g: int, way: tuple[Pair, ...]) -> list[int] | None:
        """:meth:`trial`, answered with the tiles its peeling held at the start of each
        round, up to the end of the round that took the last tile of group ``g``
        (``None`` when the trial fails).

        Peels again with ``way`` committed, starting from the base peeling at the
        round that first took a tile of group ``g`` (every earlier round is the same
        under the new commitments)."""
        record = cast(tuple[list[tuple[int, int, int]], dict[int, int], int], base)
        snaps, partner, lone = record
        gmask = self.groups.masks[g]
        low = first_taken_round(snaps, gmask)
        rest, opened, seen = snaps[low]
        # The base peeling never asks a lone tile for its partner: the way's pairs are
        # written into its table (and overwritten by the next trial of the group).
        for a, b in way:
            partner[a] = 1 << b
            partner[b] = 1 << a
            lone &= ~((1 << a) | (1 << b))
        # Once every tile of the group is gone the new commitments no longer matter,
        # and fewer tiles than in the base peeling (which succeeded) only make
        # peeling easier: the trial succeeds there.
        rounds = [snap[0] for snap in snaps[:low]]
        if (
            self._peel(
                partner,
                lone,
                rest,
                opened & ~gmask,
                seen & ~gmask,
                None,
                rest & gmask,
                rounds,
            )
            is None
        ):
            self.failed = (self.stuck_at, partner, lone, gmask)
            return None
        return rounds

    def passes_still(self, rounds: list[int], pairs: Iterator[Pair], lone: int) -> bool:
        """True when a trial that passed with the peeling ``rounds`` (as
        :meth:`trial_rounds` answers) passes again with ``pairs`` committed on top of
        its commitments, with ``lone`` the tiles left uncommitted then, as long as the
        position has only lost tiles since and its own peeling passes.

        That holds when each pair's group keeps no lone tile (a lone tile counts on
        the others of its group) and the peeling took both tiles of each pair in the
        same round or neither: a committed pair goes as soon as both its tiles are
        free, and two lone tiles of a group that are free at once go at once, so
        every round stays the same up to the one that took the group of the trial.
        """
        groups = self.groups
        masks, group_of = groups.masks, groups.of
        last = len(rounds) - 1
        held = rounds[last]
        for a, b in pairs:
            if masks[group_of[a]] & lone:
                return False
            if (held >> a) & 1 and (held >> b) & 1:
                continue  # neither taken
            if not (held >> a) & 1 and not (held >> b) & 1:
                low, high = 0, last
                while low < high:  # the last round that still held a
                    mid = (low + high + 1) // 2
                    if (rounds[mid] >> a) & 1:
                        low = mid
                    else:
                        high = mid - 1
                if (rounds[low] >> b) & 1 and not (rounds[low + 1] >> b) & 1:
                    continue  # taken in the same round
            return False
        return True

    def peel_paired(
        self, partner: list[int], rest: int, seen: int, snaps: list[tuple[int, int, int]] | None
    ) -> int:
        """The peeling with every tile of ``rest`` committed (``partner[t]`` is the bit of
        ``t``'s partner; a pairing of every group fixes the order of play, so the
        board clears exactly when this peeling does): the tiles never taken, 0 when
        all go. ``seen`` and ``snaps`` as for :meth:`_peel`."""
        left = self._peel(partner, 0, rest, 0, seen, snaps)
        return self.stuck_at if left is None else left

    def _peel(  # noqa: C901 (a measured hot loop)
        self,
        partner: dict[int, int] | list[int],
        lone: int,
        rest: int,
        opened: int,
        seen: int,
        snaps: list[tuple[int, int, int]] | None,
        target: int = -1,
        track: list[int] | None = None,
    ) -> int | None:
        """Run the peeling in rounds from tiles ``rest`` until every tile of ``target``
        (default: every tile) is taken, and return the tiles left then; ``None``
        when the peeling stops first.

        Each round takes every tile that can go: the free committed tiles whose
        partner is free (``partner`` maps a committed tile to its partner's bit), and
        the free lone tiles of
        ``opened`` (lone tiles of a group with a lone mate free or gone for them).
        ``seen`` are the free tiles already looked at. Records ``(rest, opened,
        seen)`` at the start of each round in ``snaps``, and ``rest`` alone in
        ``track`` (with the tiles left at the end). The free tiles of a round come
        from :attr:`free_known` when it has them."""
        free_cells = self.free_cells
        known = self.free_known
        groups = self.groups
        masks, black, bipartite, group_of = (
            groups.masks,
            groups.black,
            groups.bipartite,
            groups.of,
        )
        # lone tiles to look at when they become free (``opened`` only grows; a
        # Black & White group opens one colour at a time)
        two_colours = self.two_colours
        while True:
            if snaps is not None:
                snaps.append((rest, opened, seen))
            if track is not None:
                track.append(rest)
            free = known.get(rest)
            if free is None:
                if len(known) >= FREE_KNOWN:
                    known.clear()
                free = known[rest] = free_cells(rest)
            # ``x ^ (x & y)`` is ``x & ~y`` without building the negative ``~y``
            new = free ^ (free & seen)
            go = 0
            if new:
                seen |= new
                # committed tiles: go with a free partner
                mine = new ^ (new & lone)
                while mine:  # top bit first: finding it builds no negative ``-mine``
                    top = mine.bit_length() - 1
                    bit = 1 << top
                    mine ^= bit
                    mate = partner[top]
                    if free & mate:
                        go |= bit | mate
                # lone tiles of groups not yet open: open them when a mate is there
                waiting = new & lone
                waiting ^= waiting & opened
                if two_colours:
                    waiting |= new & lone & two_colours
                if waiting:
                    # lone tiles free or gone (``rest ^ free``: the tiles still blocked)
                    there_all = lone ^ (lone & (rest ^ free))
                    # groups are disjoint: what opens below is looked at once; only a
                    # Black & White group can be waiting with all its lone tiles open
                    was_open = opened
                    while waiting:
                        g = group_of[waiting.bit_length() - 1]
                        gmask = masks[g] & lone
                        waiting ^= waiting & gmask
                        there = gmask & there_all
                        if bipartite[g]:
                            if gmask & was_open == gmask:
                                continue
                            dark = black[g]
                            if there & dark:
                                opened |= gmask & ~dark
                            if there & ~dark:
                                opened |= gmask & dark
                        elif there & (there - 1):
                            opened |= gmask
            go |= free & opened  # opened tiles are lone
            if not go:
                if rest & target:
                    self.stuck_at = rest
                    return None
                return rest
            rest ^= go  # ``go`` holds free tiles, so tiles of ``rest``
            if not rest & target:
                if snaps is not None:
                    snaps.append((rest, opened, seen))
                if track is not None:
                    track.append(rest)
                return rest

    def root(self) -> tuple[Any, ...]:
        occ = self.start
        return (occ, self.free_cells(occ), self.stone_need)

    def key(self, state: tuple[Any, ...]) -> Hashable:
        if self.stone_ids:
            return (state[0], state[2])
        occ: int = state[0]
        return occ

    def play(self, state: tuple[Any, ...], pair: Pair) -> tuple[Any, ...]:
        occ, free, cracks = state
        i, j = pair
        occ &= ~((1 << i) | (1 << j))
        free = self.free_cells(occ)
        if cracks:
            hit = self.touches.get(i, ()) + self.touches.get(j, ())
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

    def open_pairs(self, ctx: Any, g: int, tiles_mask: int) -> list[Pair]:
        avail: int = tiles_mask & ctx[0]
        if avail & (avail - 1) == 0:
            return []
        return self.groups.pairs(g, avail)

    def clear_all(self, ctx: Any, g: int, tiles_mask: int) -> list[Pair] | None:
        sel, locked = ctx
        if tiles_mask & sel != tiles_mask or not self.groups.balanced(g, tiles_mask):
            return None
        if locked and any(self.touch_mask.get(t, 0) & locked for t in bits(tiles_mask)):
            return None  # the pairing decides which stones crack: let the search choose
        return self.groups.pairing(g, tiles_mask)
