"""The solver's model of Shisen-Sho boards without gravity."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from tilematch.engine.grid import GridLines, GridShape
from tilematch.engine.solve_search import Groups, Model, Pair, bits

# ---------------------------------------------------------------------------
# Shisen-Sho without gravity.
# ---------------------------------------------------------------------------


class GridModel(Model):
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
        self.groups = Groups(items)
        self._ctx: Any = None
        self._known: dict[Pair, bool] = {}
        self.nb = shape.neighbours

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

    def stuck(self, state: tuple[Any, ...], commits: frozenset[Pair]) -> bool:
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

    def reach_stuck(self, state: tuple[Any, ...], commits: frozenset[Pair]) -> bool:
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
        pending = bits(occ)
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
                for m in bits(groups.masks[g] & ~(1 << t) & ~committed):
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

    def open_pairs(self, ctx: Any, g: int, tiles_mask: int) -> list[Pair]:
        # only tiles with an empty neighbour, or next to a tile of their group, can go
        nb = self.nb
        exposed = ctx[2]
        reach = tiles_mask & exposed
        for t in bits(tiles_mask & ~exposed):
            if nb[t] & tiles_mask:
                reach |= 1 << t
        if reach & (reach - 1) == 0:
            return []
        available = self.available
        return [p for p in self.groups.pairs(g, reach) if available(ctx, p[0], p[1])]

    def clear_all(self, ctx: Any, g: int, tiles_mask: int) -> list[Pair] | None:
        if tiles_mask.bit_count() != 4:
            return None
        exposed = ctx[2]
        nb = self.nb
        for t in bits(tiles_mask & ~exposed):
            if not nb[t] & tiles_mask:
                return None  # a tile with no way out yet
        tiles = bits(tiles_mask)
        groups = self.groups
        links = self.open_pairs(ctx, g, tiles_mask)
        for first in links:
            i, j = (t for t in tiles if t not in first)
            if not groups.compatible(g, i, j):
                continue
            if self.available(ctx, i, j) or self.available(self.play(ctx, first), i, j):
                return [first, (i, j)]
        return None
