"""The repair search: a quick way to clear most solvable layered boards.

Once it is fixed which tile pairs with which in every match group, a layered
board (Mahjong Solitaire, Black & White, no stones) has no choice left:
removing each pair as soon as both its tiles are free clears the board exactly
when some order does (removals only free tiles, so the peeling is confluent).
A board can therefore be cleared exactly when some *pairing* of all its groups
peels away completely.

The repair search looks for such a pairing directly. It starts from the
pairing the relaxed peeling of the start position suggests (in every group,
tiles that go in close rounds pair with each other), peels it, and while tiles
stay stuck it changes the pairing of one group that has stuck tiles: to the way
that leaves the fewest tiles stuck, over all such groups and ways (a group
changed in the last few steps is left alone, so the search does not cycle;
tiles that stay stuck step after step weigh more and more in that count, so the
search turns to the groups around them instead of wandering on a plateau). A
changed way only needs the peeling again from the first round in which a tile
of its group was free, so a try costs a fraction of a whole peeling.

It only ever *finds* solutions: when its tries run out it answers ``None`` and
the exact search (:class:`~tilematch.engine.solve_stack.LayeredSearch`) goes
on. On random Turtle deals it clears about six deals in ten within 400 tries,
most of them in a few milliseconds.

Shisen-Sho without gravity has the same property (a fixed pairing peels by the
connection rule alone), but there a try asks the connection rule for dozens of
pairs (0.3-1 ms on 17 x 8); as a stage of the grid search it made about as
many deals slower as faster (seeds 0-299), so grids go to the exact search
alone.
"""

from __future__ import annotations

import random

from tilematch.engine.board import bits
from tilematch.engine.solver.budget import Budget, Pair
from tilematch.engine.solver.layered.model import LayeredModel
from tilematch.engine.solver.layered.rounds import Snaps, first_free_round, pairs_by_round, ways_of

#: Groups larger than this are left to the exact search (their ways of pairing
#: grow too fast: 105 for eight tiles, 945 for ten).
MAX_GROUP = 8

#: Steps a changed group is left alone for.
TABU_STEPS = 8

#: A tile left stuck after this many steps weighs one more in the count of stuck
#: tiles a way leaves, after the next one more again, and so on: tiles that stay
#: stuck whatever the search changes pull it towards the groups around them
#: ("breakout" weights), where plain counting leaves it wandering on a plateau.
STUCK_LEVELS = (2, 4, 8, 16, 32)


class Repair:
    """The repair search on a layered ``model``'s start position, run in stages:
    each :meth:`run` goes on from where the last one stopped.

    Boards with stones (their cracks depend on the order), with groups of more than
    :data:`MAX_GROUP` tiles, or whose relaxed peeling already fails are left to the
    exact search: ``done`` is set at once."""

    def __init__(self, model: LayeredModel) -> None:
        self.model = model
        #: True once the search has nothing left to try (or found its answer)
        self.done = False
        self.found: list[Pair] | None = None
        self.spent = 0
        #: every way of pairing each group, and the one each group has now
        self.ways: list[list[tuple[Pair, ...]]] = []
        self.choice: list[int] = []
        #: partner[t]: the bit of the tile ``t`` is paired with
        self.partner = [0] * len(model.before)
        #: the rounds of the current pairing's peeling
        self.snaps: Snaps = []
        self.stuck = -1  # not peeled yet
        self.resting: dict[int, int] = {}  # group -> last step it is left alone
        self.step = 0
        self.rng = random.Random(0)
        #: steps each tile has been left stuck, and per level of STUCK_LEVELS the
        #: tiles stuck at least that often
        self.stuck_steps: dict[int, int] = {}
        self.heavy = [0] * len(STUCK_LEVELS)
        #: the pairing (a way of each group) that left the fewest tiles stuck so far
        #: (empty before the first peeling), and the tiles it left stuck
        self.best_choice: list[int] = []
        self.best_tiles = 0
        groups = model.groups
        if model.stone_ids or any(m.bit_count() > MAX_GROUP for m in groups.masks):
            self.done = True
            return
        record = model.peel((model.start, 0, ()), frozenset())
        if record is None:
            self.done = True  # the exact search proves this one at once
            return
        taken = model.rounds_of(record)
        possible = model.possible
        for g, gmask in enumerate(groups.masks):

            def ok(a: int, b: int, g: int = g) -> bool:
                return groups.compatible(g, a, b) and possible(a, b)

            found = ways_of(bits(gmask), ok)
            if not found:
                self.done = True  # no way at all: the exact search says so
                return
            self.ways.append(found)
            # tiles the relaxed peeling takes in close rounds pair with each other
            spread = [sum(abs(taken.get(a, 0) - taken.get(b, 0)) for a, b in way) for way in found]
            self.choice.append(spread.index(min(spread)))
        for g, w in enumerate(self.choice):
            self.pair_up(g, w)

    def pair_up(self, g: int, w: int) -> None:
        """Pair group ``g`` its ``w``-th way."""
        partner = self.partner
        for a, b in self.ways[g][w]:
            partner[a] = 1 << b
            partner[b] = 1 << a

    def peel_from(self, k: int, g: int, record: bool) -> int:
        """Peel the current pairing from round ``k`` of the recorded peeling, ``g``
        being the group whose way changed (its tiles are looked at again); when
        ``record``, the rounds from ``k`` on are replaced by the new ones. Returns the
        tiles left stuck."""
        snaps = self.snaps
        rest, _, seen = snaps[k]
        seen &= ~self.model.groups.masks[g]
        if record:
            del snaps[k:]
        return self.model.peel_paired(self.partner, rest, seen, snaps if record else None)

    def run(self, budget: Budget, tries: int) -> list[Pair] | None:  # noqa: C901 (a measured hot loop)
        """Go on for up to ``tries`` more peelings; the pairs in playing order once a
        pairing peels away completely, else ``None`` (which proves nothing). Each
        step counts one position in ``budget``."""
        if self.done:
            return self.found
        groups = self.model.groups
        group_of, masks = groups.of, groups.masks
        ways, choice, resting = self.ways, self.choice, self.resting
        rng = self.rng
        limit = self.spent + tries
        if self.stuck < 0:
            budget.tick()
            self.stuck = self.model.peel_paired(self.partner, self.model.start, 0, self.snaps)
            self.spent += 1
            self.best_choice = list(self.choice)
            self.best_tiles = self.stuck
        stuck = self.stuck
        stuck_steps, heavy = self.stuck_steps, self.heavy
        while stuck:
            if self.spent >= limit:
                self.stuck = stuck
                return None
            for t in bits(stuck):
                count = stuck_steps[t] = stuck_steps.get(t, 0) + 1
                if count in STUCK_LEVELS:
                    heavy[STUCK_LEVELS.index(count)] |= 1 << t
            budget.tick()
            self.step += 1
            step = self.step
            best: tuple[tuple[int, float], int, int, int] | None = None
            waited = False
            for g in sorted({group_of[t] for t in bits(stuck)}):
                if resting.get(g, -1) >= step:
                    waited = True
                    continue
                now = choice[g]
                for w in range(len(ways[g])):
                    if w == now:
                        continue
                    k = first_free_round(self.snaps, masks[g])
                    self.pair_up(g, w)
                    left = self.peel_from(k, g, False)
                    self.spent += 1
                    weight = left.bit_count()
                    for level in heavy:
                        weight += (left & level).bit_count()
                    rank = (weight, rng.random())
                    if best is None or rank < best[0]:
                        best = (rank, g, w, k)
                self.pair_up(g, now)
            if best is None:
                if not waited:
                    self.done = True  # no stuck group has another way
                    return None
                resting.clear()  # every stuck group is resting: let them all move again
                continue
            _, g, w, k = best
            choice[g] = w
            self.pair_up(g, w)
            stuck = self.peel_from(k, g, True)
            resting[g] = step + TABU_STEPS
            if stuck.bit_count() < self.best_tiles.bit_count():
                self.best_choice = list(choice)
                self.best_tiles = stuck
        self.stuck = 0
        self.done = True
        self.found = self.moves()
        return self.found

    def moves(self) -> list[Pair]:
        """The pairs of the pairing that peeled away, round by round."""
        return pairs_by_round(self.snaps, self.partner)


def repair(model: LayeredModel, budget: Budget, tries: int) -> list[Pair] | None:
    """Look for a pairing of every group of ``model`` (in its start position) that
    peels away completely, with at most ``tries`` peelings: :class:`Repair` run
    once. The pairs in playing order, or ``None`` when none was found (which
    proves nothing)."""
    return Repair(model).run(budget, tries)
