"""Placing tiles: removal paths in reverse, faces on them, a replay to check."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence

from tilematch.engine.board import Match, bits
from tilematch.engine.deal.record import BoardLike
from tilematch.engine.grid.lines import GridLines
from tilematch.engine.grid.shape import GridShape
from tilematch.engine.solver import solve_as
from tilematch.engine.solver.profile import Profile
from tilematch.engine.stack.geometry import STONE_CRACKS, StackGeometry
from tilematch.engine.tiles import SetName, deal_faces, match_key

# ---------------------------------------------------------------------------
# Grids: removal paths asked of the engine's connection function


def _grid_removal_path(
    shape: GridShape,
    cells: Sequence[int],
    rng: random.Random,
    gravity: bool = False,
) -> tuple[list[tuple[int, int]], list[tuple[int, int]]] | None:
    """A random removal path for face-less tiles on ``cells`` of ``shape`` (the
    other cells are empty space): ``(moves, tiles)`` where ``moves[k]`` is the pair
    of spots removed at step ``k`` (connecting once the pairs before it are gone,
    by :meth:`GridLines.connect <tilematch.engine.grid.lines.GridLines.connect>`) and
    ``tiles[k]`` the cells those two tiles started on. ``None`` on a dead end.

    With ``gravity`` tiles fall after each removal as on a gravity board
    (:meth:`GridShape.falls <tilematch.engine.grid.shape.GridShape.falls>`), so
    ``moves`` and ``tiles`` differ; without, they are equal. Read backwards the
    path is reverse placement: each pair was put down where it would be
    removable given only the tiles placed before it.
    """
    lines = GridLines(shape)
    occupied = 0
    for spot in cells:
        lines.add(spot)
        occupied |= 1 << spot
    connect = lines.connect
    run_of = shape.run_of
    where = {spot: spot for spot in cells}  # current spot -> starting cell
    remaining = list(cells)
    moves: list[tuple[int, int]] = []
    tiles: list[tuple[int, int]] = []
    while remaining:
        rng.shuffle(remaining)
        found: tuple[int, int] | None = None
        for i, a in enumerate(remaining):
            for b in remaining[i + 1 :]:
                if connect(a, b) is not None:
                    found = (a, b)
                    break
            if found:
                break
        if found is None:
            return None
        a, b = found if found[0] < found[1] else (found[1], found[0])
        moves.append((a, b))
        tiles.append((where.pop(a), where.pop(b)))
        lines.remove(a)
        lines.remove(b)
        occupied &= ~((1 << a) | (1 << b))
        if not gravity:
            remaining.remove(a)
            remaining.remove(b)
            continue
        for run in sorted({run_of[a], run_of[b]}):
            falls = shape.falls(run, occupied)
            starts = [where.pop(spot) for spot, _ in falls]
            for spot, _ in falls:
                lines.remove(spot)
                occupied &= ~(1 << spot)
            for (_, spot), start in zip(falls, starts, strict=True):
                where[spot] = start
                lines.add(spot)
                occupied |= 1 << spot
        remaining = sorted(where)
    return moves, tiles


# ---------------------------------------------------------------------------
# Layered layouts: removal paths asked of the layout's free rule (StackGeometry)


def _stack_removal_path(
    geo: StackGeometry,
    occupied: int,
    rng: random.Random,
    locked: Mapping[int, int] | None = None,
    bias: int = 0,
) -> list[tuple[int, int]] | None:
    """A random removal path for face-less tiles on ``occupied``: pairs of tiles
    that are free (and not uncracked stones, given ``locked`` spot -> cracks
    needed) at their turn, in removal order; ``None`` on a dead end (fewer than
    two selectable tiles, e.g. the last two stacked).

    ``bias`` shapes the path for face groups dealt two pairs at a time (steps
    ``2k`` and ``2k + 1`` share a group): > 0 picks both pairs of a group from
    tiles free at the same moment (all four open together: easier); < 0 takes
    the second pair from tiles the first pair uncovered or opened where it can
    (a face resting on its own face: a trap for careless play).
    """
    occ = occupied
    free = geo.free_mask(occ)
    cracks = dict(locked or {})
    lock = 0
    for spot, need in cracks.items():
        if need > 0 and occ >> spot & 1:
            lock |= 1 << spot
    unblocks = geo.unblocks
    path: list[tuple[int, int]] = []
    queued: tuple[int, int] | None = None
    while occ:
        spots = bits(free & ~lock)
        if queued is not None:
            a, b = queued
            queued = None
        else:
            if len(spots) < 2:
                return None
            if bias > 0 and len(path) % 2 == 0 and len(spots) >= 4:
                a, b, c, d = rng.sample(spots, 4)
                queued = (c, d)
            elif bias < 0 and len(path) % 2 == 1:
                last = path[-1]
                opened = bits((unblocks[last[0]] | unblocks[last[1]]) & free & ~lock)
                if opened:
                    a = rng.choice(opened)
                    b = rng.choice([s for s in spots if s != a])
                else:
                    a, b = rng.sample(spots, 2)
            else:
                a, b = rng.sample(spots, 2)
        free = geo.free_without(free, occ, a, b)
        occ &= ~((1 << a) | (1 << b))
        if lock:
            for spot in bits(geo.cracked_by(a, b, lock & occ)):
                cracks[spot] -= 1
                if cracks[spot] <= 0:
                    lock &= ~(1 << spot)
        path.append((a, b) if a < b else (b, a))
    return path


def _stone_candidates(geo: StackGeometry, path: Sequence[tuple[int, int]]) -> list[int]:
    """Spots the path cracks at least twice before it removes them (ascending)."""
    cracked = [0] * len(geo.positions)
    eligible = []
    for a, b in path:
        for s in (a, b):
            if cracked[s] >= STONE_CRACKS:
                eligible.append(s)
        for s in bits(geo.cracked_by(a, b, geo.full)):
            cracked[s] += 1
    return sorted(eligible)


# ---------------------------------------------------------------------------
# Faces


def default_tileset(game: str, count: int) -> SetName:
    if game == "blackwhite":
        return "bw144"
    if game == "shisensho" and count == 136:
        return "136"
    return "144"


def _face_pairs(
    count: int, tileset: SetName, rng: random.Random, bias: int = 0
) -> list[tuple[str, str]]:
    """Matching face pairs for ``count`` tiles, in the order they go onto the path.

    ``bias`` 0: uniform order; otherwise the two pairs of each group of four
    follow each other (steps ``2k`` and ``2k + 1``), for a biased path.
    """
    faces = deal_faces(count, tileset, rng)
    pairs = [(faces[i], faces[i + 1]) for i in range(0, len(faces), 2)]
    if bias == 0:
        rng.shuffle(pairs)
        return pairs
    groups = [pairs[i : i + 2] for i in range(0, len(pairs), 2)]
    rng.shuffle(groups)
    whole = [group for group in groups if len(group) == 2]
    lone = [group for group in groups if len(group) == 1]
    return [pair for group in whole + lone for pair in group]


def _assign(
    path: Sequence[tuple[int, int]], pairs: Sequence[tuple[str, str]], rng: random.Random
) -> dict[int, str]:
    """Faces per spot: face pair ``k`` goes onto the ``k``-th pair of the path."""
    faces: dict[int, str] = {}
    for (a, b), (fa, fb) in zip(path, pairs, strict=True):
        if rng.random() < 0.5:
            fa, fb = fb, fa
        faces[a] = fa
        faces[b] = fb
    return faces


def _pair_up(faces: Sequence[str]) -> list[tuple[str, str]] | None:
    """Split a multiset of faces into matching pairs (deterministic), or ``None``
    when some face has no partner left."""
    groups: dict[tuple[str, str | None], list[str]] = {}
    for face in sorted(faces):
        groups.setdefault(match_key(face), []).append(face)
    pairs: list[tuple[str, str]] = []
    done: set[tuple[str, str | None]] = set()
    for key in sorted(groups, key=lambda k: (k[0], k[1] or "")):
        if key in done:
            continue
        group, colour = key
        if colour is None:
            items = groups[key]
            if len(items) % 2:
                return None
            pairs.extend((items[i], items[i + 1]) for i in range(0, len(items), 2))
            done.add(key)
        else:
            other = (group, "w" if colour == "b" else "b")
            mine, theirs = groups[key], groups.get(other, [])
            if len(mine) != len(theirs):
                return None
            pairs.extend(zip(mine, theirs, strict=True))
            done.update((key, other))
    return pairs


# ---------------------------------------------------------------------------
# Replaying solutions


def replay(board: BoardLike, pairs: Iterable[tuple[int, int]]) -> tuple[Match, ...] | None:
    """Play ``pairs`` (spot pairs in order) on a copy of ``board`` by its own rules.

    Returns the moves as the board's :class:`Match` objects (with paths on a
    grid) when every pair is legal in turn and the board ends cleared, else
    ``None``. The board itself is not changed.
    """
    work = board.copy()
    moves = []
    for a, b in pairs:
        move = work.match(a, b)
        if move is None:
            return None
        work.push(move)
        moves.append(move)
    return tuple(moves) if work.is_cleared() else None


def _solved(board: BoardLike, nodes: int, profile: Profile) -> tuple[Match, ...] | None:
    """The solver's solution of ``board`` with the searches of ``profile``, replayed,
    or ``None`` (unsolvable or out of budget)."""
    result = solve_as(board, profile, nodes=nodes)
    if result.status != "solved":
        return None
    return replay(board, ((m.a, m.b) for m in result.moves))
