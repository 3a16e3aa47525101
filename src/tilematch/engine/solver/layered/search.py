"""The layered search: move-by-move rounds, repairs, learning and the way search."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from tilematch.engine.solver.budget import Budget, Commits, Pair, Restart
from tilematch.engine.solver.layered.dead_ways import DeadWays
from tilematch.engine.solver.layered.learn import Learning
from tilematch.engine.solver.layered.model import LayeredModel
from tilematch.engine.solver.layered.repair import Repair
from tilematch.engine.solver.layered.ways import WaySearch


class LayeredSearch(Learning):
    """:class:`PairingSearch` whose look-ahead does not run a way's trial again when
    the trial is known to pass.

    A trial that passed is remembered with the commitments it was run under, the
    position, and the tiles its peeling held at the start of each round. Further
    down the same branch (the position has only lost tiles), a trial passes again
    when every pair committed since had both its tiles taken in one round of that
    peeling, or neither, and leaves no uncommitted tile in its group
    (:meth:`LayeredModel.passes_still`): it is not run. Ways that failed are tried
    again (commitments only make peeling harder, so the search could carry them
    too), and a group is committed (forced) or found dead only on trials run in
    the position itself, as in :class:`PairingSearch`. Off the branch (after a
    backtrack, in a position whose tiles are still among the record's) the record
    is only a guess: a way kept on a wrong guess leads to a position whose own
    peeling fails at once, and a forced or dead group may go unnoticed, so the
    search stays exact.
    """

    def __init__(self, model: LayeredModel, budget: Budget) -> None:
        super().__init__(model, budget)
        #: :attr:`enough` in the first look-ahead round
        self.first_enough = 2
        #: positions of a cheaper look-ahead round run first (0: none), branching on
        #: the first group found with at most :attr:`cheap_enough` ways
        self.cheap_round = 100
        self.cheap_enough = 3
        self.quick_round = 60
        #: peelings the repair search (:mod:`tilematch.engine.solver.layered.repair`) may try
        #: before the search proper (0: none), and after the cheap rounds
        self.repair_tries = model.repair_tries
        self.repair_more = 10 * model.repair_tries
        #: way -> (commitments, occupied, rounds) of its last trial that passed
        self.passed: dict[tuple[Pair, ...], tuple[Commits, int, list[int]]] = {}
        #: full look-ahead rounds run before :meth:`start_is_dead` (``None``: never)
        self.core_after: int | None = 1
        #: look-ahead rounds learn nogoods (:mod:`tilematch.engine.solver.layered.learn`);
        #: never with stones
        self.learn = model.learn and not model.stone_ids

    def run_round(self, limit: int) -> list[Pair] | None:
        if self.learn and self.look:
            self.learning = True
            try:
                return self.learning_round(limit)
            finally:
                self.learning = False
        return super().run_round(limit)

    def run(self) -> list[Pair] | None:
        """As :meth:`PairingSearch.run`, in this order: the repair search's first
        :attr:`repair_tries` peelings; the way search for boards it suits (no
        stones, every group with a way, the profile's ``ways`` and ``learn`` on);
        else a move-by-move round, a cheap look-ahead round (branching on the first
        group with at most :attr:`cheap_enough` ways), :attr:`repair_more`
        peelings, and look-ahead rounds with doubling shares. How the rounds'
        shares were chosen: ``docs/solver-notes.md``."""
        fixer = Repair(self.layered) if self.repair_tries else None
        if fixer is not None:
            found = fixer.run(self.budget, self.repair_tries)
            if found is not None:
                return found
            if not fixer.done and self.layered.ways and self.learn:
                phases = fixer.best_choice or fixer.choice
                return WaySearch(self.layered, self.budget, fixer.ways, phases).run()
        self.look = False
        try:
            return self.run_round(self.quick_round)
        except Restart:
            self.look = True
        if self.cheap_round:
            self.enough = self.cheap_enough
            try:
                return self.run_round(self.cheap_round)
            except Restart:
                pass
        if fixer is not None and self.repair_more:
            found = fixer.run(self.budget, self.repair_more)
            if found is not None:
                return found
        limit = self.first_round
        round_no = 0
        while True:
            if round_no == self.core_after and self.start_is_dead():
                return None
            self.rng = random.Random(round_no) if round_no else None
            self.enough = self.first_enough if round_no == 0 else 1
            try:
                return self.run_round(limit)
            except Restart:
                round_no += 1
                limit *= 2

    def start_is_dead(self) -> bool:
        """True when :class:`DeadWays` proves the start dead (at the start after its
        forced and safe moves, where every position of the look-ahead rounds comes
        from): a jam of a few groups, each way of one leaving another no way that
        passes the peeling, that the search would otherwise run into under every
        choice for the other groups."""
        done = self.propagate(self.model.root(), frozenset(), 0)
        if done is None:
            return True
        _moves, state, commits, cmask, _ctx = done
        if not state[0]:
            return False
        return DeadWays(self.layered, self.budget).run(state, commits, cmask) is None

    def try_way(
        self, state: tuple[Any, ...], commits: Commits, cmask: int, g: int, way: tuple[Pair, ...]
    ) -> tuple[bool, int]:
        """As :meth:`PairingSearch.try_way`, without running a trial known to pass
        (see the class docstring); a trial that passes is remembered. While
        learning, a way whose position meets a nogood fails without a trial, and a
        failed way's nogood is kept (:meth:`Learning.failed`)."""
        model = self.layered
        passed = self.passed
        occ = state[0]
        known = passed.get(way)
        if (
            known is not None
            and not occ & ~known[1]
            and model.passes_still(known[2], iter(commits - known[0]), occ & ~cmask)
        ):
            return True, 0
        if self.learning:
            hit = self.refused(occ, cmask, commits, way)
            if hit is not None:
                if known is not None:
                    del passed[way]
                self.failed(way, hit)
                return False, 0
        rounds = model.trial_rounds(self.base, g, way)
        if rounds is not None:
            passed[way] = (commits, occ, rounds)
            return True, 1
        if known is not None:
            del passed[way]
        if self.learning:
            self.failed(way, None)
        return False, 1

    def order_ways(
        self, ways: list[tuple[Pair, ...]], ctx: Any, shuffle: Callable[[], float]
    ) -> None:
        """First ways whose pair can go now; in the first round of each kind then ways
        whose pairs' tiles go in close rounds of the peeling (:meth:`LayeredModel.score`),
        in later rounds shuffled."""
        if self.rng is not None:
            super().order_ways(ways, ctx, shuffle)
            return
        available = self.layered.available
        base = self.base
        taken_in = self.layered.round_of
        ways.sort(
            key=lambda way: (
                not available(ctx, way[0][0], way[0][1]),
                sum(abs(taken_in(base, a) - taken_in(base, b)) for a, b in way),
            )
        )
