"""What a peeling took round by round: shared by the repair and way searches."""

from __future__ import annotations

from collections.abc import Callable

from tilematch.engine.board import bits
from tilematch.engine.solver.budget import Pair

#: ``(rest, opened, seen)`` at the start of each round of a peeling (``opened`` is
#: always 0 here: every tile is paired)
Snaps = list[tuple[int, int, int]]


def ways_of(tiles: list[int], ok: Callable[[int, int], bool]) -> list[tuple[Pair, ...]]:
    """Every split of ``tiles`` into pairs ``(a, b)`` with ``ok(a, b)`` (``a``
    before ``b`` in ``tiles``)."""
    if not tiles:
        return [()]
    first = tiles[0]
    found: list[tuple[Pair, ...]] = []
    for k in range(1, len(tiles)):
        other = tiles[k]
        if ok(first, other):
            for rest in ways_of(tiles[1:k] + tiles[k + 1 :], ok):
                found.append(((first, other), *rest))
    return found


def pairs_by_round(snaps: Snaps, partner: list[int]) -> list[Pair]:
    """The pairs a peeling of a whole pairing took (``snaps``, its rounds;
    ``partner[t]``, the bit of tile ``t``'s partner), round by round: an order of
    play that clears the board when the peeling took every tile."""
    moves: list[Pair] = []
    for k in range(len(snaps) - 1):
        for t in bits(snaps[k][0] & ~snaps[k + 1][0]):
            mate = partner[t].bit_length() - 1
            if t < mate:
                moves.append((t, mate))
    return moves


def first_taken_round(snaps: Snaps, gmask: int) -> int:
    """The round of the peeling ``snaps`` that took the first tile of ``gmask`` (the
    last round when none was taken): committing that group cannot change the
    rounds before it."""
    whole = snaps[0][0] & gmask
    low, high = 0, len(snaps) - 1
    while low < high:  # the last round that still held every tile of gmask
        mid = (low + high + 1) // 2
        if snaps[mid][0] & gmask == whole:
            low = mid
        else:
            high = mid - 1
    return low


def first_free_round(snaps: Snaps, gmask: int) -> int:
    """The first round of the peeling ``snaps`` in which a tile of ``gmask`` was
    free: rounds before it do not depend on how that group is paired."""
    last = len(snaps) - 1
    if not snaps[last][2] & gmask:
        return last
    low, high = 0, last - 1
    while low < high:  # the first k whose next round has seen a tile of gmask
        mid = (low + high) // 2
        if snaps[mid + 1][2] & gmask:
            high = mid
        else:
            low = mid + 1
    return low
