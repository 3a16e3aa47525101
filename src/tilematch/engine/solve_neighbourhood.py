"""The neighbourhood search: a second search of a layered board, near the repair
search's best pairing, run by turns with the exact search's full look-ahead rounds.

The repair search (:mod:`tilematch.engine.solve_repair`) often ends close to a
solution: a pairing of every group that peels away but for a few stuck tiles.
The neighbourhood search keeps that pairing for most groups and searches the rest
exactly:

* The groups of the stuck tiles are *free*; every other group is committed to its
  pairing in the best one the repair search found. While the relaxed peeling of
  the start with those commitments still fails, the groups of the committed tiles
  it stops at are freed too.
* A learning round (:meth:`Learning.learning_round
  <tilematch.engine.solve_learn.Learning.learning_round>`) then searches the free
  groups from the start with the others committed. A solution there is a solution
  of the board. When the round proves the start dead, its nogood names the
  committed pairs the proof rests on: their groups are freed, and the search goes
  on with a larger neighbourhood.

It keeps its own search object, so the tables, nogoods and activity of the main
search are not touched: a deal it does not clear is searched exactly as without
it, and each turn only adds its positions. Its turns are short (a fifth of the
positions of the main round after them), so on a deal the main rounds settle it
costs that share at most, while a solvable deal that the main rounds' restarts find
late is often cleared by it first. It only ever finds solutions; proofs of
unsolvability stay with the main search.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from tilematch.engine.board import bits
from tilematch.engine.solve_search import Budget, Commits, Pair, Restart, tiles_of

if TYPE_CHECKING:
    from tilematch.engine.solve_learn import Learning
    from tilematch.engine.solve_repair import Repair
    from tilematch.engine.solve_stack import LayeredModel


class Neighbourhood:
    """The neighbourhood search of ``model`` around the best pairing ``fixer`` (a
    :class:`~tilematch.engine.solve_repair.Repair` that ran without clearing the
    board) has found; ``searcher`` makes the search object it keeps (a fresh
    :class:`~tilematch.engine.solve_stack.LayeredSearch` on ``model`` and
    ``budget``). Each :meth:`run` goes on from where the last one stopped."""

    def __init__(
        self,
        model: LayeredModel,
        fixer: Repair,
        budget: Budget,
        searcher: Callable[[], Learning],
    ) -> None:
        self.model = model
        self.fixer = fixer
        self.budget = budget
        self.search = searcher()
        self.search.look = True
        self.search.learning = True
        self.search.enough = 1
        groups = model.groups
        #: the groups searched; the others keep the best pairing's way
        self.free = {groups.of[t] for t in bits(fixer.best_tiles)}
        #: True once there is nothing more to search (or its answer was found)
        self.done = not fixer.best_choice
        self.found: list[Pair] | None = None

    def fixed(self) -> Commits:
        """The best pairing's pairs in the groups that are not free."""
        fixer = self.fixer
        return frozenset(
            pair
            for g, w in enumerate(fixer.best_choice)
            if g not in self.free
            for pair in fixer.ways[g][w]
        )

    def widen(self) -> Commits:
        """Free the groups of committed tiles the relaxed peeling of the start stops
        at, until it passes (or nothing committed is stuck); the commitments then."""
        model, groups = self.model, self.model.groups
        root = model.root()
        while True:
            fixed = self.fixed()
            if model.peel(root, fixed) is not None:
                return fixed
            more = {groups.of[t] for t in bits(model.stuck_at & tiles_of(fixed))}
            if not more:
                return fixed
            self.free |= more

    def run(self, nodes: int) -> list[Pair] | None:
        """Search for up to ``nodes`` more positions; the pairs in playing order once a
        solution is found, else ``None`` (which proves nothing)."""
        if self.done:
            return self.found
        model, groups, budget = self.model, self.model.groups, self.budget
        search = self.search
        start = budget.nodes
        while True:
            fixed = self.widen()
            left = nodes - (budget.nodes - start)
            if left <= 0:
                return None
            try:
                found = search.learning_round(left, fixed)
            except Restart:
                return None
            if found is not None:
                self.done = True
                self.found = found
                return found
            # the start is dead with these commitments: free the groups its proof
            # rests on (none named: the search has nothing more to go on)
            why = search.dead_why.get((model.key(model.root()), fixed))
            named = {groups.of[a] for a, b in why[1] if (a, b) in fixed} if why else set()
            if not named:
                self.done = True
                return None
            self.free |= named
