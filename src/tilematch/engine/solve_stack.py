"""The solver's model of layered boards: Mahjong Solitaire and Black & White, stones included."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, cast

from tilematch.engine.solve_search import Groups, Model, Pair, bits, perfect
from tilematch.engine.stack import StackGeometry

# ---------------------------------------------------------------------------
# Layered boards (Mahjong Solitaire, Black & White), stones included.
# ---------------------------------------------------------------------------


class LayeredModel(Model):
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
        self.groups = Groups(list(zip(tiles, codes, strict=True)))
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
            for u in bits(cover[s]):
                acc |= self.before[u]
            self.before[s] = acc
        waiting: dict[int, int] = {}
        for t in tiles:
            for u in bits(self.before[t]):
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
            for t in bits(self.touchers[k]):
                self.touches[t] = (*self.touches[t], k)
                self.touch_mask[t] |= 1 << s
        self.feasible_cache: dict[tuple[int, int], bool] = {}
        # mates[s]: the tiles s may pair with
        self.mates = [0] * size
        groups = self.groups
        for g, gmask in enumerate(groups.masks):
            for s in bits(gmask):
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

            known = self.feasible_cache[(g, tiles_mask)] = perfect(tiles_mask, ok)
        return known

    def weight(self, tile: int) -> int:
        return self.weights[tile]

    def stuck(self, state: tuple[Any, ...], commits: frozenset[Pair]) -> bool:
        return self.peel(state, commits) is None

    def peel(self, state: tuple[Any, ...], commits: frozenset[Pair]) -> object | None:
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
        commits: frozenset[Pair],
        base: object,
        g: int,
        way: tuple[Pair, ...],
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
        pairs_todo = bits(loose & rest & ~lone)
        lone_todo = bits(loose & rest & lone)
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
                    lone_todo.extend(bits(woken))
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
                            lone_todo.extend(bits(woken))
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

    def play(self, state: tuple[Any, ...], pair: Pair) -> tuple[Any, ...]:
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

    def open_pairs(self, ctx: Any, g: int, tiles_mask: int) -> list[Pair]:
        avail: int = tiles_mask & ctx[0]
        if avail & (avail - 1) == 0:
            return []
        return self.groups.pairs(g, avail)

    def clear_all(self, ctx: Any, g: int, tiles_mask: int) -> list[Pair] | None:
        sel, locked = ctx
        if tiles_mask & sel != tiles_mask or not self.groups.balanced(g, tiles_mask):
            return None
        if locked and any(self.touch_mask[t] & locked for t in bits(tiles_mask)):
            return None  # the pairing decides which stones crack: let the search choose
        return self.groups.pairing(g, tiles_mask)
