"""THE free rule of layered boards, on the tables of one set of positions."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final, Literal

from tilematch.engine.layouts.layout import Position

StackGame = Literal["solitaire", "blackwhite"]

#: The games a :class:`StackBoard` plays.
STACK_GAMES: Final[tuple[StackGame, ...]] = ("solitaire", "blackwhite")

#: How many cracks a fresh stone tile needs before it can be selected (docs/rules.md §4).
STONE_CRACKS: Final = 2

#: The most cracks a stone may be given (boards read from files are checked against it).
MAX_STONE_CRACKS: Final = 9


def _mask_of(spots: Sequence[int]) -> int:
    mask = 0
    for spot in spots:
        mask |= 1 << spot
    return mask


@dataclass(frozen=True, eq=False)
class StackGeometry:
    """The precomputed masks of one set of positions (shared by every board on it).

    Every table is a tuple indexed by spot whose entries are bitmasks over spots:

    * ``cover[s]``: spots on any *higher* layer that overlap ``s``
      (``|dx| <= 1`` and ``|dy| <= 1``); any of them occupied means ``s`` is covered.
    * ``under[s]``: spots on any *lower* layer that ``s`` overlaps (the inverse of
      ``cover``: removing ``s`` may uncover them).
    * ``left[s]`` / ``right[s]``: spots on the same layer at ``x - 2`` / ``x + 2``
      with ``|dy| <= 1``.
    * ``above[s]``: spots one layer up that overlap ``s`` (the tiles resting on it).
    * ``below[s]``: spots one layer down that ``s`` overlaps (what it rests on).
    * ``touch[s]``: ``left | right | below``: the stones that removing ``s`` cracks.
    * ``unblocks[s]``: ``under | left | right``: the only spots whose freedom can
      change when ``s`` is removed.

    ``clashes`` lists the pairs of spots that overlap on the same layer (a valid
    layout has none) and ``floating`` the spots above layer 0 resting on nothing.
    Get instances from :func:`stack_geometry`, which caches them by positions.
    """

    positions: tuple[Position, ...]
    index: Mapping[Position, int]
    full: int
    cover: tuple[int, ...]
    under: tuple[int, ...]
    left: tuple[int, ...]
    right: tuple[int, ...]
    above: tuple[int, ...]
    below: tuple[int, ...]
    touch: tuple[int, ...]
    unblocks: tuple[int, ...]
    clashes: tuple[tuple[int, int], ...]
    floating: tuple[int, ...]

    def free_mask(self, occupied: int) -> int:
        """Bitmask of the spots of ``occupied`` that are free when exactly those are filled."""
        return self._free_among(occupied, occupied)

    def _free_among(self, spots: int, occupied: int) -> int:
        """The spots of ``spots`` that are free when exactly ``occupied`` is filled."""
        is_free_in = self.is_free_in
        free = 0
        while spots:
            low = spots & -spots
            spots ^= low
            if is_free_in(low.bit_length() - 1, occupied):
                free |= low
        return free

    def is_free_in(self, spot: int, occupied: int) -> bool:
        """True when the tile at ``spot`` is free with exactly the spots of ``occupied``
        filled: THE free rule of docs/rules.md §3 (no occupied spot in ``cover[spot]``, and
        ``left[spot]`` or ``right[spot]`` wholly empty). Whether ``spot`` itself is in
        ``occupied`` does not matter. :meth:`free_mask`, :meth:`free_without` (so every
        :class:`StackBoard`) and the solver all come here.
        """
        return not occupied & self.cover[spot] and (
            not occupied & self.left[spot] or not occupied & self.right[spot]
        )

    def cracked_by(self, a: int, b: int, stones: int) -> int:
        """The spots of ``stones`` (a bitmask) that removing the pair ``a``/``b`` cracks
        once each (docs/rules.md §4: a left or right neighbour of ``a`` or ``b`` on its layer,
        or a tile ``a`` or ``b`` rested on). Pass the uncracked stones still on the
        board after the removal; :meth:`StackBoard.push`, :meth:`StackBoard.freed_by`
        and the generators all count cracks with it.
        """
        return (self.touch[a] | self.touch[b]) & stones

    def free_without(self, free: int, occupied: int, a: int, b: int) -> int:
        """The free spots once the tiles at ``a`` and ``b`` are taken off ``occupied``.

        ``free`` must be ``free_mask(occupied)``; the result equals
        ``free_mask(occupied & ~(1 << a | 1 << b))``, found by looking only at the
        spots ``a`` and ``b`` unblock (removing tiles never blocks a tile). The
        incremental form of :meth:`free_mask` that :meth:`StackBoard.push` and the
        generators use while taking pairs off.
        """
        gone = (1 << a) | (1 << b)
        after = occupied & ~gone
        free &= ~gone
        return free | self._free_among((self.unblocks[a] | self.unblocks[b]) & after & ~free, after)


@lru_cache(maxsize=64)
def stack_geometry(positions: tuple[Position, ...]) -> StackGeometry:
    """The :class:`StackGeometry` of ``positions`` (spot ``i`` is ``positions[i]``).

    Results are cached by the positions tuple, so all boards on one layout share
    their tables. Positions must be distinct; overlaps are reported in
    ``clashes`` rather than raised, so that callers can word the error.
    Raises :class:`ValueError` for a repeated position.
    """
    index: dict[Position, int] = {}
    for spot, pos in enumerate(positions):
        if pos in index:
            raise ValueError(f"position {pos} appears twice (spots {index[pos]} and {spot})")
        index[pos] = spot
    n = len(positions)
    cover = [0] * n
    under = [0] * n
    left = [0] * n
    right = [0] * n
    above = [0] * n
    below = [0] * n
    clashes: list[tuple[int, int]] = []
    # The tiles standing on each (x, y), whatever their layer: lookups cost what the
    # layout holds, not how many layers it spans.
    stacks: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for spot, (x, y, z) in enumerate(positions):
        stacks.setdefault((x, y), []).append((z, spot))
    near = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
    for s, (x, y, z) in enumerate(positions):
        for dy in (-1, 0, 1):
            other = index.get((x - 2, y + dy, z))
            if other is not None:
                left[s] |= 1 << other
            other = index.get((x + 2, y + dy, z))
            if other is not None:
                right[s] |= 1 << other
        for dx, dy in near:
            for layer, other in stacks.get((x + dx, y + dy), ()):
                if layer == z:
                    if other > s:  # (dx, dy) != (0, 0): positions are distinct
                        clashes.append((s, other))
                elif layer > z:
                    cover[s] |= 1 << other
                    under[other] |= 1 << s
                    if layer == z + 1:
                        above[s] |= 1 << other
                        below[other] |= 1 << s
    touch = tuple(left[s] | right[s] | below[s] for s in range(n))
    unblocks = tuple(under[s] | left[s] | right[s] for s in range(n))
    floating = tuple(s for s, (_, _, z) in enumerate(positions) if z > 0 and not below[s])
    return StackGeometry(
        positions=positions,
        index=index,
        full=(1 << n) - 1,
        cover=tuple(cover),
        under=tuple(under),
        left=tuple(left),
        right=tuple(right),
        above=tuple(above),
        below=tuple(below),
        touch=touch,
        unblocks=unblocks,
        clashes=tuple(sorted(clashes)),
        floating=floating,
    )
