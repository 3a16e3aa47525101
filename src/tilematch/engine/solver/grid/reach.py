"""The grid model's state and its reach test: which tiles a relaxed game can take."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from typing import Any

from tilematch.engine.board import bits
from tilematch.engine.grid.lines import GridLines
from tilematch.engine.grid.shape import GridShape
from tilematch.engine.solver.budget import Budget, Commits, Pair, State, Way
from tilematch.engine.solver.grid.order import Move, Step
from tilematch.engine.solver.grid.tables import spot_tables
from tilematch.engine.solver.pairing import Groups, Model


class GridReach(Model):
    """The state of the grid solver's model (see :class:`~.model.GridModel`) and its
    reach test: the look-ahead trials, their replays and :meth:`reach_left`."""

    #: passed trials kept for the reach tests of the positions after them
    keep_passes = 32

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
        self.nb = shape.neighbours
        #: ``bit[t]`` is ``1 << t``, ``without[t]`` every cell but ``t`` (:mod:`.tables`)
        self.bit, self.without = spot_tables(shape)
        #: the tiles each tile may pair with
        self.mates: dict[int, int] = {}
        for t, g in self.groups.of.items():
            rest = self.groups.masks[g] & ~(1 << t)
            self.mates[t] = sum(1 << m for m in bits(rest) if self.groups.compatible(g, t, m))
        self._ctx: Any = None
        #: :meth:`available`'s answers in the position ``_ctx``, by ``a << 12 | b``
        self._known: dict[int, bool] = {}
        self.mate_list = {t: tuple(bits(ms)) for t, ms in self.mates.items()}
        #: the mates next to each tile
        self.mates_near = {t: ms & self.nb[t] for t, ms in self.mates.items()}
        #: the tiles with a tile of their group next to them
        self.kin_near = sum(
            1 << t for t, g in self.groups.of.items() if self.nb[t] & self.groups.masks[g]
        )
        self._hopeless: bool | None = None
        #: the order the last look-ahead position's reach test took the tiles in
        self._peel_order = bits(self.start)
        #: what is known of pairs of cells, ``a << 12 | b`` (``a < b``), from any
        #: position met so far: in ``_apart`` the occupied cells that blocked every
        #: line between them then (:meth:`GridLines.line_or_blockers`: they stay apart in
        #: any position where all those cells are occupied), in ``_joined`` the
        #: cells a line between them crossed (they are joined in any position
        #: where all those cells are empty)
        self._apart: dict[int, int] = {}
        self._joined: dict[int, int] = {}
        #: the cells that kept two cells apart before those in ``_apart`` (positions
        #: of other branches often have them back)
        self._apart_before: dict[int, int] = {}
        #: tiles :meth:`_reach_mate` refused last: the cells they waited for and the
        #: mates that were committed elsewhere then (refused again in any position
        #: where those cells are occupied and those mates still committed)
        self._refused: dict[int, tuple[int, int]] = {}
        #: the mate :meth:`_reach_mate` found last for each tile and the cells of the
        #: line (taken again in any position where they are empty and that mate is
        #: not committed: the line's last cell empty, or none on the grid, the mate
        #: cannot be boxed in)
        self._went: dict[int, tuple[int, int]] = {}
        self._budget: Budget | None = None
        #: the last trials that passed: the position's tiles, its commitments and
        #: the way's pairs, the steps the replay took, the replay (to go on to
        #: the end), the base and the way (see :meth:`_from_trial`)
        self._passes: list[
            tuple[
                int,
                frozenset[Pair],
                list[Move],
                list[Iterator[int] | None],
                tuple[Any, ...],
                tuple[Pair, ...],
            ]
        ] = []

    def _from_trial(
        self,
        state: tuple[Any, ...],
        commits: frozenset[Pair],
        log: list[Step],
        when: dict[int, int],
    ) -> bool:
        """Fills ``log`` and ``when`` (as :meth:`reach_left` does) with the steps
        of a reach test of ``state`` with ``commits`` taken from a trial that
        passed (:attr:`_passes`) in a position that had every tile of this one
        (maybe more), where, with the trial's way committed too, the tiles of
        this one were committed to each other as here. False when no kept trial
        fits. The trial's steps (those of its base before the way's first tile,
        then its own, its replay resumed to the end) clear that position with
        the way committed; taken in the same order here, the tiles not here
        left out, each still goes: every tile stands here no longer than there,
        so its line only crosses cells that are empty here too by then, a pair
        goes together there and here, and a tile that goes alone there is not
        committed there, so not here either, nor is the mate its line goes to.
        This spares most look-ahead positions their own test (the positions
        after a way that passed: its pairs committed, pairs played)."""
        occ = state[0]
        bit, without = self.bit, self.without
        cmask = 0
        for a, b in commits:
            cmask |= bit[a] | bit[b]
        for entry in reversed(self._passes):
            there, pairs, seq, run, base, way = entry
            if occ & there != occ:
                continue
            both = base[4]
            for a, b in way:
                both |= bit[a] | bit[b]
            if both & occ != cmask:
                continue  # a tile committed here not there, or the other way
            if not (commits <= pairs or all(pair in pairs or pair in way for pair in commits)):
                continue  # committed to another tile there
            if run[0] is not None:
                left = next(run[0], -1)  # (the replay from where it passed)
                run[0] = None
                if left:
                    seq.clear()
                    seq.append((-1, -1, -1))  # (unusable: never met)
            if seq and seq[0][0] < 0:
                continue
            log.clear()
            when.clear()
            row_occ, col_occ = state[1].row_bits.copy(), state[1].col_bits.copy()
            unbit = self.shape.unbits
            base_log, base_when = base[0], base[1]
            first = min(min(base_when[a], base_when[b]) for a, b in way)
            for move in itertools.chain((step[3] for step in base_log[:first]), seq):
                t, p, _ = move
                if not occ & bit[t]:
                    continue
                when[t] = len(log)
                log.append((occ, row_occ.copy(), col_occ.copy(), move))
                occ &= without[t]
                ri, rm, ci, cm = unbit[t]
                row_occ[ri] &= rm
                col_occ[ci] &= cm
                if p >= 0:
                    when[p] = len(log) - 1
                    occ &= without[p]
                    ri, rm, ci, cm = unbit[p]
                    row_occ[ri] &= rm
                    col_occ[ci] &= cm
            if occ:
                occ = state[0]
                continue  # (never met)
            return True
        log.clear()
        when.clear()
        return False

    def trial(self, state: State, commits: Commits, base: object, g: int, way: Way) -> bool:
        """The reach test with ``way`` committed too, replayed from ``base`` (the
        steps of the test without it); True when ``way`` passes. The last
        :attr:`keep_passes` passed trials are kept for the positions after them
        (:meth:`_from_trial`). Why the replay gives the full test's verdict:
        ``docs/solver-notes.md`` (The grid look-ahead trial)."""
        assert isinstance(base, tuple)
        if self._budget is not None:
            self._budget.tick()  # a trial costs about what a position does
        occ = state[0]
        left = occ & self.groups.masks[g]
        left ^= left & base[4]
        if left.bit_count() != 2 * len(way):
            # another tile of the group may have leant on a tile of ``way`` as its mate
            return not self.reach_left(occ, state[1], commits.union(way))
        seq: list[Move] = []
        run = self._replay(state, base, way, seq)
        if next(run, None) is None:
            return False
        passes = self._passes
        passes.append((state[0], commits, seq, [run], base, way))
        if len(passes) > self.keep_passes:
            del passes[0]
        return True

    def _replay(  # noqa: C901 (a measured hot loop)
        self,
        state: tuple[Any, ...],
        base: tuple[Any, ...],
        way: tuple[Pair, ...],
        seq: list[Move],
    ) -> Iterator[int]:
        """:meth:`trial`'s replay: yields -1 once ``way`` is gone (the way passes;
        it fails if nothing is yielded); resumed, it goes on to the end of the
        test, yielding the tiles left (none). ``seq`` gets each step it takes
        after the steps of ``base`` it keeps, as ``(tile, partner or -1, the
        tile its line went to or -1)``: with those, the steps of a reach test of
        the position with ``way`` committed."""
        log, when, crossed_at, base_partner, committed = base
        nb, bit, without = self.nb, self.bit, self.without
        partner: dict[int, int] = base_partner.copy()
        first = len(log)
        for a, b in way:
            partner[a] = b
            partner[b] = a
            committed |= bit[a] | bit[b]
            first = min(first, when[a], when[b])
        occ, row_bits, col_bits, _ = log[first]
        lines: GridLines = state[1].copy()
        lines.row_bits = row_bits.copy()
        lines.col_bits = col_bits.copy()
        line_or_blockers = lines.line_or_blockers
        row_occ, col_occ = lines.row_bits, lines.col_bits
        unbit = self.shape.unbits
        border = self.shape.border
        mates_near = self.mates_near
        reach_mate = self._reach_mate
        apart, joined = self._apart, self._joined
        refused, went = self._refused, self._went

        def goes(t: int, whys: list[int] | None) -> tuple[int, int, list[int] | None]:
            """``(p, via, None)`` when ``t`` can go: ``p`` its partner when it goes
            with it, -1 when it goes alone, ``via`` the tile its line goes to (-1
            for a mate next to it); ``(-2, live, whys)`` when it cannot go
            yet: ``live`` the occupied cells one of which must be emptied before it
            can, ``whys`` those for each mate (see :meth:`_reach_mate`; ``whys``
            given are the ones it had)."""
            tb = bit[t]
            p = partner.get(t)
            if p is not None:
                if nb[t] & bit[p]:
                    return p, p, None
                if not (border & tb or nb[t] & occ != nb[t]):
                    return -2, nb[t] & occ, None
                if not (border & bit[p] or nb[p] & occ != nb[p]):
                    return -2, nb[p] & occ, None
                key = t << 12 | p if t < p else p << 12 | t
                why = apart.get(key, -1)
                if why & occ != why:
                    if not joined.get(key, -1) & occ:
                        return p, p, None  # a line it had is open
                    why = line_or_blockers(t, p)
                    if why < 0:
                        joined[key] = ~why
                        return p, p, None
                    why &= occ
                    apart[key] = why
                return -2, why, None
            near = mates_near[t]
            if near and near & committed != near:
                return -1, -1, None  # next to a mate
            if not (border & tb or nb[t] & occ != nb[t]):
                return -2, nb[t] & occ, None
            if whys is None:
                known = refused.get(t)
                if (
                    known is not None
                    and known[0] & occ == known[0]
                    and known[1] & committed == known[1]
                ):
                    return -2, known[0], None
            known = went.get(t)
            if known is not None and not known[1] & occ and not committed & bit[known[0]]:
                return -1, known[0], None
            m, why, whys = reach_mate(t, occ, committed, line_or_blockers, whys)
            return (-1, m, None) if m >= 0 else (-2, why, whys)

        in_way = 0
        for a, b in way:
            in_way |= bit[a] | bit[b]
        way_tiles = frozenset(itertools.chain.from_iterable(way))
        # tiles that cannot go yet, each with the cells it waits for (occupied cells,
        # one of which must be emptied before it can go: see goes)
        waiting: list[tuple[int, int, list[int] | None]] = []
        # tiles standing that the test without ``way`` had taken (waiting tiles and
        # their partners), and the cells the waiting tiles wait for
        standing = watched = crossed = 0
        # (``check_way``: the last step took tiles of ``way``, so ``way`` may be
        # gone; no other step takes any, and waiting tiles that go look themselves)
        gone_way = check_way = False
        # (``paired``: a tile went with a partner that may be waiting; such a
        # tile stays in ``waiting`` until the next re-scan ends)
        paired = False
        for step in range(first, len(log)):
            if check_way:
                check_way = False
                if not gone_way and not in_way & occ:
                    gone_way = True
                    yield -1  # ``way`` is gone: the rest goes too
            then_occ, row_bits, col_bits, move = log[step]
            t, p, via = move
            tb = bit[t]
            # (a tile of a step stands until then, unless ``way`` paired it anew)
            of_way = t in way_tiles
            if of_way and not occ & tb:
                continue  # went sooner, with its partner of ``way``
            if standing:
                crossed = crossed_at[step]
                if crossed < 0:
                    # the cells of a line it could go by then (known from another
                    # position if that line was open then; else drawn once a base)
                    crossed = 0
                    if via >= 0:
                        key = t << 12 | via if t < via else via << 12 | t
                        crossed = joined.get(key, -1)
                        if crossed & then_occ:
                            then = lines.copy()
                            then.row_bits, then.col_bits = row_bits, col_bits
                            crossed = self._crossed(then, t, via)
                            joined[key] = crossed
                    crossed_at[step] = crossed
            if of_way or standing & crossed:
                if p < 0 and not of_way:
                    # (goes, its first question inline: a refusal remembered that
                    # still holds; the tile is uncommitted, as it was there)
                    known = refused.get(t)
                    if (
                        known is not None
                        and known[0] & occ == known[0]
                        and known[1] & committed == known[1]
                    ):
                        waiting.append((t, known[0], None))
                        standing |= tb
                        watched |= known[0]
                        continue
                p, why, whys = goes(t, None)
                if p == -2:
                    waiting.append((t, why, whys))
                    standing |= tb | bit[partner.get(t, t)]
                    watched |= why
                    continue
                via = why
                if of_way:
                    check_way = paired = True
                move = (t, p, via)
            seq.append(move)
            gone = tb
            occ &= without[t]
            ri, rm, ci, cm = unbit[t]
            row_occ[ri] &= rm
            col_occ[ci] &= cm
            if p >= 0:
                gone |= bit[p]
                occ &= without[p]
                ri, rm, ci, cm = unbit[p]
                row_occ[ri] &= rm
                col_occ[ci] &= cm
            if watched & gone:
                # ask again the waiting tiles whose cells went, until none goes
                while True:
                    still = []
                    moved = False
                    for entry in waiting:
                        w, why, whys = entry
                        if why & occ == why:
                            still.append(entry)  # (or gone with its partner: see below)
                            continue
                        if not occ & bit[w]:
                            continue  # went with its partner
                        p, why, whys = goes(w, whys)
                        if p == -2:
                            still.append((w, why, whys))
                            continue
                        moved = True
                        seq.append((w, p, why))
                        ri, rm, ci, cm = unbit[w]
                        row_occ[ri] &= rm
                        col_occ[ci] &= cm
                        occ &= without[w]
                        if p >= 0:
                            paired = True
                            ri, rm, ci, cm = unbit[p]
                            row_occ[ri] &= rm
                            col_occ[ci] &= cm
                            occ &= without[p]
                            if not gone_way and not in_way & occ:
                                gone_way = True
                                yield -1  # ``way`` is gone: the rest goes too
                    waiting = still
                    if not moved:
                        break
                # (a waiting tile's partner stands as long as it does)
                standing &= occ
                if paired:  # drop the tiles that went with a waiting partner
                    waiting = [entry for entry in waiting if occ & bit[entry[0]]]
                    paired = False
                watched = 0
                for _, why, _ in waiting:
                    watched |= why
        # Every tile left stands in ``waiting`` (or is the partner of one) and was
        # refused after the last removal that emptied a cell it waits for, so the
        # reach test would take none of them either.
        if not gone_way:
            if occ:
                return
            yield -1
        yield occ

    def reach_stuck(self, state: tuple[Any, ...], commits: frozenset[Pair]) -> bool:
        """Reach test: in a relaxed game, a tile may go alone once a line of at most
        two bends joins it to a tile of its group, or to the empty cell where one
        stood. Taking away such tiles over and over only ever opens the board, and
        every real move is allowed by it; tiles it can never take prove the board
        cannot be cleared. (Random deals that jam after a few moves, whatever the
        order, fail here at once instead of after a search of every order.)"""
        return self.reach_left(state[0], state[1], commits) != 0

    def reach_left(  # noqa: C901 (a measured hot loop)
        self,
        occ: int,
        lines: GridLines,
        commits: frozenset[Pair],
        log: list[Step] | None = None,
        when: dict[int, int] | None = None,
        order: list[int] | None = None,
    ) -> int:
        """The tiles the reach test never takes (see :meth:`reach_stuck`); committed
        pairs go together, and an uncommitted tile needs an uncommitted mate.
        ``lines`` is not changed. With ``log`` and ``when``: before each step,
        ``log`` gets the position and the step (:data:`Step`), and ``when`` the
        step's number for each tile it takes. ``order``: the tiles in the order
        to ask them in (every tile of ``occ``; else by cell), which changes the
        steps but not the tiles left."""
        lines = lines.copy()
        line_or_blockers = lines.line_or_blockers
        row_occ, col_occ = lines.row_bits, lines.col_bits
        unbit = self.shape.unbits
        nb, bit, without = self.nb, self.bit, self.without
        border = self.shape.border
        mates_near = self.mates_near
        partner: dict[int, int] = {}
        committed = 0
        for a, b in commits:
            partner[a] = b
            partner[b] = a
            committed |= bit[a] | bit[b]
        # a tile that could not go waits until one of the cells that blocked it is
        # emptied: ``live[t]`` holds those cells (occupied, see
        # :meth:`GridLines.line_or_blockers`), and for each mate the cells of its lines
        # (see :meth:`_reach_mate`) or None
        live: dict[int, tuple[int, list[int] | None]] = {}
        reach_mate = self._reach_mate
        apart, joined = self._apart, self._joined
        refused, went = self._refused, self._went
        pending = bits(occ) if order is None else [t for t in order if occ & bit[t]]
        while True:
            keep = []
            for t in pending:
                tb = bit[t]
                if not occ & tb:
                    continue  # went with its committed partner
                entry = live.get(t)
                if entry is not None and entry[0] & occ == entry[0]:
                    keep.append(t)  # nothing that blocked it has gone
                    continue
                p = partner.get(t)
                if p is not None:  # a committed pair goes together
                    if nb[t] & bit[p]:
                        why = 0
                    elif not (border & tb or nb[t] & occ != nb[t]):
                        why = nb[t]
                    elif not (border & bit[p] or nb[p] & occ != nb[p]):
                        why = nb[p]
                    else:
                        key = t << 12 | p if t < p else p << 12 | t
                        why = apart.get(key, -1)
                        if why & occ != why:
                            if not joined.get(key, -1) & occ:
                                why = 0  # a line it had is open
                            else:
                                why = line_or_blockers(t, p)
                                if why < 0:
                                    joined[key] = ~why
                                    why = 0
                                else:
                                    apart[key] = why & occ
                    if not why:
                        if log is not None and when is not None:
                            when[t] = when[p] = len(log)
                            log.append(
                                (
                                    occ,
                                    lines.row_bits.copy(),
                                    lines.col_bits.copy(),
                                    (t, p, p),
                                )
                            )
                        occ = occ & without[t] & without[p]
                        for x in (t, p):
                            ri, rm, ci, cm = unbit[x]
                            row_occ[ri] &= rm
                            col_occ[ci] &= cm
                    else:
                        live[t] = (why & occ, None)
                        keep.append(t)
                    continue
                near = mates_near[t]
                if near and near & committed != near:
                    via = -1  # next to a mate
                elif not (border & tb or nb[t] & occ != nb[t]):
                    live[t] = (nb[t] & occ, None)  # no empty neighbour to start a line from
                    keep.append(t)
                    continue
                else:
                    whys = None if entry is None else entry[1]
                    if whys is None:
                        known = refused.get(t)
                        if (
                            known is not None
                            and known[0] & occ == known[0]
                            and known[1] & committed == known[1]
                        ):
                            live[t] = (known[0], None)
                            keep.append(t)
                            continue
                    known = went.get(t)
                    if known is not None and not known[1] & occ and not committed & bit[known[0]]:
                        via = known[0]
                    else:
                        via, why, whys = reach_mate(t, occ, committed, line_or_blockers, whys)
                    if via < 0:
                        live[t] = (why, whys)
                        keep.append(t)
                        continue
                if log is not None and when is not None:
                    when[t] = len(log)
                    log.append((occ, lines.row_bits.copy(), lines.col_bits.copy(), (t, -1, via)))
                occ &= without[t]
                ri, rm, ci, cm = unbit[t]
                row_occ[ri] &= rm
                col_occ[ci] &= cm
            if not keep:
                return 0
            if len(keep) == len(pending):
                return occ
            pending = keep

    def _reach_mate(
        self,
        t: int,
        occ: int,
        committed: int,
        line_or_blockers: Callable[[int, int], int],
        whys: list[int] | None,
    ) -> tuple[int, int, list[int] | None]:
        """The reach test's step for an uncommitted tile ``t`` with an empty
        neighbour (or on the edge): ``(m, 0, None)`` for the first of its mates
        (in :attr:`mate_list` order) that is not committed, not boxed in, and
        that a line of the rule joins it to, the empty cell where it stood
        included; else ``(-1, live, whys)``: ``whys`` holds for each mate the
        occupied cells one of which must be emptied before that mate can do
        (its lines' :meth:`GridLines.line_or_blockers`, or its neighbours and itself
        while it is boxed in; 0 when committed: never), ``live`` their union.
        ``whys`` from an earlier call on ``t`` (fewer tiles since, same
        commitments) spare asking again the mates none of whose cells went.
        (Callers without ``whys`` first look for a refusal remembered from any
        position, :attr:`_refused`, that still holds.)"""
        nb, bit = self.nb, self.bit
        border = self.shape.border
        apart, joined = self._apart, self._joined
        apart_before, went = self._apart_before, self._went
        mate_list = self.mate_list[t]
        if whys is None:
            whys = [-1] * len(mate_list)  # (-1 & occ != -1: ask)
        live = 0
        for i, m in enumerate(mate_list):
            why = whys[i]
            if why & occ != why:
                mb = bit[m]
                if committed & mb:
                    why = 0  # committed elsewhere
                elif occ & mb and not (border & mb or nb[m] & occ != nb[m]):
                    why = (nb[m] | mb) & occ  # still boxed in
                else:
                    # (the line may end on the empty cell where a mate stood:
                    # the rule does not ask whether its two ends are occupied)
                    key = t << 12 | m if t < m else m << 12 | t
                    why = apart.get(key, -1)
                    if why & occ != why:
                        line = joined.get(key, -1)
                        if not line & occ:
                            went[t] = (m, line)
                            return m, 0, None  # a line it had is open
                        older = apart_before.get(key, -1)
                        if older & occ == older:
                            apart_before[key] = why  # (the two swap)
                            apart[key] = why = older
                        else:
                            why = line_or_blockers(t, m)
                            if why < 0:
                                joined[key] = ~why
                                went[t] = (m, ~why)
                                return m, 0, None
                            why &= occ
                            apart_before[key] = apart.get(key, -1)
                            apart[key] = why
                whys[i] = why
            live |= why
        self._refused[t] = (live, committed & self.mates[t])
        return -1, live, whys

    def _crossed(self, lines: GridLines, a: int, b: int) -> int:
        """The cells (a bitmask, ``a`` and ``b`` left out) that a line of the rule
        from ``a`` to ``b`` crosses on the grid (:meth:`GridLines.line_or_blockers`;
        they must be joined)."""
        line = lines.line_or_blockers(a, b)
        assert line < 0
        return ~line
