"""Seeded deals: every board comes from a seed and ships with a solution.

Two generators build boards (SPEC §5):

``"reverse"`` — *reverse placement*. Every pair is placed where it would be
removable if the board held only the pairs placed before it, so removing the
pairs in the reverse order of placement clears the board. It is built from
the other end: starting from the board full of face-less tiles, a random
*removal path* takes off two tiles that are removable right now, again and
again, and the faces are then dealt pair by pair along that path. (Filling an
empty grid instead seals holes that no later pair can reach; from the full
board that dead end does not arise.)

``"checked"`` — *solver-checked deal*. Shuffle the faces uniformly onto every
position and keep the deal only when the exact solver proves it solvable; the
solver's moves are the solution.

Whatever the generator, every board is verified before it is returned: its own
solution is replayed move by move on a copy through the board's real rules
(:meth:`~tilematch.engine.board.Board.match` and ``push``) and must clear it.

Determinism: the same arguments give the identical board on every run and
machine. All randomness comes from :class:`random.Random` instances seeded
with integers derived by SHA-256 from the arguments (never ``hash()`` of a
string, never the iteration order of a set). Each algorithm is registered
under a :data:`GENERATOR_VERSION`; old versions stay callable through
``version=`` so boards shared, saved or chosen as a Daily Challenge keep
their faces when a later release improves the generator.

Every rule question asked while generating goes to the engine's one function
for it, the same one play, hints and the solver use: grid connection to
:meth:`GridLines.connect <tilematch.engine.grid.GridLines.connect>` (a
:class:`~tilematch.engine.grid.GridLines` holds the occupancy of face-less
tiles), falling tiles to :meth:`GridShape.falls
<tilematch.engine.grid.GridShape.falls>`, the layered free rule to
:meth:`StackGeometry.free_mask <tilematch.engine.stack.StackGeometry.free_mask>`
and its incremental form :meth:`~tilematch.engine.stack.StackGeometry.free_without`,
stone cracks to :meth:`~tilematch.engine.stack.StackGeometry.cracked_by`.
A rule change that alters deals therefore needs a new generator version (the
golden boards in the tests pin versions 1 and 2).

>>> deal = deal_grid(8, 17, seed=1)
>>> deal.board.is_cleared(), len(deal.solution)
(False, 68)
>>> board = deal.board.copy()
>>> for move in deal.solution:
...     board.push(move)
>>> board.is_cleared()
True
"""

from __future__ import annotations

import functools
import hashlib
import random
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date as _date
from typing import Final, Literal, TypeAlias, cast
from urllib.parse import parse_qsl, urlencode

from tilematch.engine.board import Board, Match, bits
from tilematch.engine.grid import MAX_SIDE, GridBoard, GridLines, GridShape
from tilematch.engine.grid_shapes import Shape, get_shape, shapes
from tilematch.engine.grid_shapes import names as shape_names
from tilematch.engine.layout import MAX_TILES, Layout, LayoutError
from tilematch.engine.solve import solve
from tilematch.engine.stack import (
    STONE_CRACKS,
    StackBoard,
    StackGeometry,
    pairs_within,
    stack_geometry,
)
from tilematch.engine.tiles import SetName, deal_faces, match_key

#: A board of either geometry, as the generators return them.
AnyBoard: TypeAlias = GridBoard | StackBoard
#: What the functions here accept: a concrete board or anything following the protocol.
BoardLike: TypeAlias = Board | GridBoard | StackBoard

#: The generator version new deals are made with. Version 2 proves solver-checked
#: layered deals with the repair search first, version 3 also with the nogoods the
#: exact search learns (other deals as in version 1).
GENERATOR_VERSION: Final = 3

GeneratorName = Literal["reverse", "checked"]
GENERATORS: Final[tuple[str, ...]] = ("reverse", "checked")
DIFFICULTIES: Final[tuple[str, ...]] = ("easy", "normal", "hard")
GAMES: Final[tuple[str, ...]] = ("shisensho", "solitaire", "blackwhite")

#: How many derived sub-seeds a generator tries before giving up.
MAX_ATTEMPTS: Final = 200
#: Node budget of the solver per candidate shuffle in :func:`reshuffle` (a game
#: waiting for its new board tries another shuffle rather than wait long).
CHECK_NODES: Final = 600
#: Node bounds of the solver per candidate in the solver-checked generator, on a
#: grid and on a layout. Bounds in nodes (not seconds) keep deals identical on fast
#: and slow machines; they let the solver decide about 98 % of random 17 x 8 deals
#: and 96 % of random Turtle deals while keeping a deal's wait to a few seconds at
#: worst. A candidate not decided within its bound is skipped like an unsolvable
#: one (see docs/generation.md). Gravity boards, which the solver searches move by
#: move, get :data:`CHECK_NODES`.
GRID_PROOF_NODES: Final = 3_000
LAYOUT_PROOF_NODES: Final = 600


class GenerationError(RuntimeError):
    """No board could be generated within the bounded number of attempts."""


# ---------------------------------------------------------------------------
# Seeds


def derive_seed(*parts: object) -> int:
    """A 63-bit integer derived from ``parts`` by SHA-256.

    Stable across runs, machines and Python versions: the parts are joined as
    text (``repr`` of ints and strings is the same everywhere).
    """
    text = "\x1f".join(repr(part) for part in parts)
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def _rng(*parts: object) -> random.Random:
    return random.Random(derive_seed(*parts))


def _check_seed(seed: object) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be an int, not {type(seed).__name__}")
    if seed < 0:
        raise ValueError(f"seed must be zero or positive, not {seed}")
    return seed


_DATE_RE: Final = re.compile(r"\d{4}-\d{2}-\d{2}")


def daily_seed(date: str) -> int:
    """The Daily Challenge seed of a calendar date ``YYYY-MM-DD``.

    The same date always gives the same seed (SHA-256 of the date, not
    ``hash()``). Raises :class:`ValueError` for text that is not a real
    calendar date in that exact form.
    """
    if not isinstance(date, str) or not _DATE_RE.fullmatch(date):
        raise ValueError(f"a daily date is written YYYY-MM-DD, not {date!r}")
    try:
        _date.fromisoformat(date)
    except ValueError:
        raise ValueError(f"{date!r} is not a calendar date") from None
    return derive_seed("tilematch-daily", date)


# ---------------------------------------------------------------------------
# The deal record


@dataclass(frozen=True)
class Deal:
    """A generated board with the facts that rebuild it.

    ``solution`` is a tuple of :class:`Match` in playing order; pushing them
    one by one on ``board.copy()`` clears the board. ``layout`` is the layout
    name of a layered deal (``None`` on a grid), ``size`` the grid's
    ``(rows, cols)`` (``None`` for layouts). ``difficulty`` is the requested
    level of a layered deal, ``None`` on a grid.
    """

    board: AnyBoard
    solution: tuple[Match, ...]
    game: str
    layout: str | None
    size: tuple[int, int] | None
    seed: int
    generator: str
    version: int
    difficulty: str | None = None
    gravity: bool = False
    stones: int = 0
    tileset: str | None = None
    custom: bool = field(default=False)
    """True when the board came from a custom mask or a layout that is not built in."""
    shape: str | None = None
    """The built-in Shisen-Sho shape (:mod:`tilematch.engine.grid_shapes`) the board
    was dealt on, ``None`` for a plain rectangle or a custom mask."""


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
    by :meth:`GridLines.connect <tilematch.engine.grid.GridLines.connect>`) and
    ``tiles[k]`` the cells those two tiles started on. ``None`` on a dead end.

    With ``gravity`` tiles fall after each removal as on a gravity board
    (:meth:`GridShape.falls <tilematch.engine.grid.GridShape.falls>`), so
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


def _default_tileset(game: str, count: int) -> SetName:
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


def _solved(
    board: BoardLike, nodes: int, repair: bool = True, learn: bool = True
) -> tuple[Match, ...] | None:
    """The solver's solution of ``board`` replayed, or ``None`` (unsolvable or out of
    budget); ``repair`` and ``learn`` as in :func:`~tilematch.engine.solve.solve`.
    Without the way search, which came after every generator version so far (it
    changes node counts near the bound, and so which candidates pass)."""
    result = solve(
        cast(Board, board),
        nodes=nodes,
        repair=repair,
        learn=learn,
        ways=False,
    )
    if result.status != "solved":
        return None
    return replay(board, ((m.a, m.b) for m in result.moves))


# ---------------------------------------------------------------------------
# Grid deals


def _grid_cells(
    rows: int, cols: int, mask: int | Iterable[tuple[int, int]] | None
) -> tuple[list[int], int | None]:
    for name, value in (("rows", rows), ("cols", cols)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    if not (1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE):
        raise ValueError(f"a grid has 1 to {MAX_SIDE} rows and columns, not {rows}x{cols}")
    size = rows * cols
    bitmask: int | None
    if mask is None:
        bitmask = None
        cells = list(range(size))
    elif isinstance(mask, int) and not isinstance(mask, bool):
        if mask < 0 or mask >> size:
            raise ValueError(f"mask has cells outside the {rows}x{cols} grid")
        bitmask = mask
        cells = bits(mask)
    else:
        bitmask = 0
        for cell in cast(Iterable[tuple[int, int]], mask):
            r, c = cell
            if not (0 <= r < rows and 0 <= c < cols):
                raise ValueError(f"mask cell {(r, c)} lies outside the {rows}x{cols} grid")
            bitmask |= 1 << (r * cols + c)
        cells = bits(bitmask)
    if not cells or len(cells) % 2:
        raise ValueError(f"a board needs a positive even number of tiles, not {len(cells)}")
    if len(cells) > MAX_TILES:
        raise ValueError(f"at most {MAX_TILES} tiles, not {len(cells)}")
    return cells, bitmask


def _grid_v1(
    rows: int,
    cols: int,
    cells: list[int],
    mask: int | None,
    seed: int,
    generator: str,
    gravity: bool,
    tileset: SetName,
) -> tuple[AnyBoard, tuple[Match, ...]]:
    for attempt in range(MAX_ATTEMPTS):
        rng = _rng(1, "grid", generator, rows, cols, mask, tileset, gravity, seed, attempt)
        pairs = _face_pairs(len(cells), tileset, rng)
        board: AnyBoard
        if generator == "reverse":
            found = _grid_removal_path(GridShape(rows, cols, mask), cells, rng, gravity)
            if found is None:
                continue
            moves, tiles = found
            faces = _assign(tiles, pairs, rng)
            board = GridBoard(rows, cols, faces, gravity=gravity, mask=mask)
            solution = replay(board, moves)
        else:
            flat = [face for pair in pairs for face in pair]
            rng.shuffle(flat)
            faces = dict(zip(cells, flat, strict=True))
            board = GridBoard(rows, cols, faces, gravity=gravity, mask=mask)
            solution = _solved(board, CHECK_NODES if gravity else GRID_PROOF_NODES)
        if solution is not None:
            return board, solution
    raise GenerationError(f"no solvable {rows}x{cols} board after {MAX_ATTEMPTS} attempts")


_GridBuilder = Callable[
    [int, int, list[int], "int | None", int, str, bool, SetName],
    tuple[AnyBoard, tuple[Match, ...]],
]
#: Grid generators by version; old entries stay so old seeds keep their boards.
GRID_VERSIONS: Final[dict[int, _GridBuilder]] = {1: _grid_v1, 2: _grid_v1, 3: _grid_v1}


def _check_version(version: object, table: Mapping[int, object]) -> int:
    if isinstance(version, bool) or not isinstance(version, int) or version not in table:
        known = ", ".join(str(v) for v in sorted(table))
        raise ValueError(f"unknown generator version {version!r}; known: {known}")
    return version


def deal_grid(
    rows: int = 8,
    cols: int = 17,
    *,
    seed: int,
    generator: str = "reverse",
    gravity: bool = False,
    mask: int | Iterable[tuple[int, int]] | None = None,
    tileset: str | None = None,
    version: int = GENERATOR_VERSION,
) -> Deal:
    """A solvable Shisen-Sho board of ``rows`` x ``cols`` from ``seed``.

    ``mask`` keeps tiles only on some cells (a bitmask over spots, as
    :class:`~tilematch.engine.grid.GridBoard` takes it, or an iterable of
    ``(row, col)``); the other cells are empty space. ``tileset`` defaults to
    ``"136"`` for 136 tiles and ``"144"`` otherwise (whole groups of that set
    for other counts). With ``gravity`` the board is solvable *with* gravity:
    reverse placement replays its path under falling tiles and retries until it
    holds; ``"checked"`` asks the solver.

    Returns a :class:`Deal`. Raises :class:`ValueError` (or ``TypeError``) for
    bad arguments, :class:`GenerationError` when no board was found within
    :data:`MAX_ATTEMPTS` derived sub-seeds.
    """
    seed = _check_seed(seed)
    if generator not in GENERATORS:
        raise ValueError(f"unknown generator {generator!r}; choose reverse or checked")
    cells, bitmask = _grid_cells(rows, cols, mask)
    if tileset is None:
        tileset = _default_tileset("shisensho", len(cells))
    if tileset not in ("136", "144"):
        raise ValueError(f"a Shisen-Sho board uses tile set 136 or 144, not {tileset!r}")
    build = GRID_VERSIONS[_check_version(version, GRID_VERSIONS)]
    board, solution = build(
        rows, cols, cells, bitmask, seed, generator, bool(gravity), cast(SetName, tileset)
    )
    return Deal(
        board=board,
        solution=solution,
        game="shisensho",
        layout=None,
        size=(rows, cols),
        seed=seed,
        generator=generator,
        version=version,
        gravity=bool(gravity),
        tileset=tileset,
        custom=bitmask is not None,
    )


def deal_shape(
    shape: Shape | str,
    *,
    seed: int,
    generator: str = "reverse",
    gravity: bool = False,
    tileset: str | None = None,
    version: int = GENERATOR_VERSION,
) -> Deal:
    """A solvable Shisen-Sho board on a shape: a built-in name (see
    :func:`~tilematch.engine.grid_shapes.names`) or a
    :class:`~tilematch.engine.grid_shapes.Shape` (e.g. from
    :func:`~tilematch.engine.grid_shapes.parse_shape`).

    The same as :func:`deal_grid` with the shape's rows, columns and mask; the
    deal records the shape's name when it is built in (it then has a share
    code) and counts as custom otherwise. Raises
    :class:`~tilematch.engine.grid_shapes.ShapeError` for an unknown name, and
    what :func:`deal_grid` raises.
    """
    named = get_shape(shape) if isinstance(shape, str) else shape
    deal = deal_grid(
        named.rows,
        named.cols,
        seed=seed,
        generator=generator,
        gravity=gravity,
        mask=named.mask,
        tileset=tileset,
        version=version,
    )
    builtin = named in shapes()
    return replace(deal, shape=named.name if builtin else None, custom=not builtin)


# ---------------------------------------------------------------------------
# Difficulty


@dataclass(frozen=True)
class Difficulty:
    """How hard a deal is, measured.

    ``clear_rate``: share of random legal playouts (each step a uniformly
    random legal pair) that cleared the board; ``open_pairs``: legal pairs at
    the start; ``min_open_pairs``: the fewest legal pairs met along the
    solution before its last :data:`ENDGAME_MOVES` moves (``None`` when no
    solution was given); ``score``: 0 (easy) to 1
    (hard); ``label``: ``"easy"``, ``"normal"`` or ``"hard"``.
    """

    clear_rate: float
    open_pairs: int
    min_open_pairs: int | None
    playouts: int
    score: float
    label: str


#: Score limits of the labels: below the first is easy, from the second on hard.
LABEL_LIMITS: Final = (0.3, 0.8)
#: The last moves of a solution, where few pairs are left by force, do not count
#: towards ``min_open_pairs``.
ENDGAME_MOVES: Final = 4


def _label(score: float) -> str:
    if score < LABEL_LIMITS[0]:
        return "easy"
    if score >= LABEL_LIMITS[1]:
        return "hard"
    return "normal"


def _stack_playout(board: StackBoard, rng: random.Random) -> bool:
    """One random legal playout on a plain layered board (no stones); True if cleared."""
    geo = board.geometry
    partners = board.partners
    occ = board.occupied
    free = geo.free_mask(occ)
    while occ:
        pairs = list(pairs_within(free, partners))
        if not pairs:
            return False
        a, b = pairs[rng.randrange(len(pairs))]
        free = geo.free_without(free, occ, a, b)
        occ &= ~((1 << a) | (1 << b))
    return True


def _board_playout(board: BoardLike, rng: random.Random) -> bool:
    """One random legal playout through the board protocol; True if cleared."""
    work = board.copy()
    while not work.is_cleared():
        moves = list(work.legal_pairs())
        if not moves:
            return False
        work.push(moves[rng.randrange(len(moves))])
    return True


def measure_difficulty(
    board: BoardLike,
    *,
    playouts: int = 40,
    seed: int = 0,
    solution: Sequence[Match] | None = None,
) -> Difficulty:
    """Measure how hard ``board`` is to clear.

    Plays ``playouts`` random games (each move a uniformly random legal pair,
    from random streams derived from ``seed``) and counts how many clear the
    board; replays ``solution`` (when given) counting the legal pairs before
    every move before the last :data:`ENDGAME_MOVES`. The score mixes both:
    ``0.8 * (1 - clear_rate)`` plus ``0.2`` times how scarce open pairs get
    along the solution (1 open pair: all of it, 4 or more: none). Labels:
    score below 0.3 easy, from 0.8 hard (:data:`LABEL_LIMITS`).

    Returns a :class:`Difficulty`; raises :class:`ValueError` for
    ``playouts < 1`` and when ``solution`` does not replay on the board.
    """
    if isinstance(playouts, bool) or not isinstance(playouts, int) or playouts < 1:
        raise ValueError(f"playouts must be a positive int, not {playouts!r}")
    fast = isinstance(board, StackBoard) and not board.locked
    cleared = 0
    for k in range(playouts):
        rng = _rng("playout", seed, k)
        if fast and isinstance(board, StackBoard):
            cleared += _stack_playout(board, rng)
        else:
            cleared += _board_playout(board, rng)
    open_now = board.legal_pairs().count()
    min_open: int | None = None
    if solution is not None:
        work = board.copy()
        counted = max(1, len(solution) - ENDGAME_MOVES)
        for k, move in enumerate(solution):
            legal = work.match(move.a, move.b)
            if legal is None:
                raise ValueError(f"solution move {move.a}-{move.b} is not legal on this board")
            if k < counted:
                here = open_now if k == 0 else work.legal_pairs().count()
                min_open = here if min_open is None else min(min_open, here)
            work.push(legal)
    rate = cleared / playouts
    scarcity = 0.0 if min_open is None else max(0.0, min(1.0, (4 - min_open) / 3))
    score = round(0.8 * (1 - rate) + 0.2 * scarcity, 4)
    return Difficulty(rate, open_now, min_open, playouts, score, _label(score))


# ---------------------------------------------------------------------------
# Layered deals

_BIAS: Final = {"easy": 1, "normal": 0, "hard": -1}
#: Candidates tried to meet an easy or hard request before the closest is taken.
LEVEL_TRIES: Final = 12
#: Playouts per candidate while generating to a difficulty.
LEVEL_PLAYOUTS: Final = 24


def _layout_deal(
    layout: Layout,
    game: str,
    seed: int,
    generator: str,
    difficulty: str,
    stones: int,
    tileset: SetName,
    *,
    repair: bool,
    learn: bool,
) -> tuple[AnyBoard, tuple[Match, ...]]:
    geo = stack_geometry(layout.positions)
    n = len(layout.positions)
    bias = _BIAS[difficulty] if generator == "reverse" else 0
    best: tuple[float, AnyBoard, tuple[Match, ...]] | None = None
    tried = 0
    for attempt in range(MAX_ATTEMPTS):
        rng = _rng(1, "layout", generator, layout.positions, game, tileset, seed, attempt)
        pairs = _face_pairs(n, tileset, rng, bias)
        board: AnyBoard
        if generator == "reverse":
            path = _stack_removal_path(geo, geo.full, rng, bias=bias)
            if path is None:
                continue
            board = StackBoard(layout, _assign(path, pairs, rng), game=game)
            solution = replay(board, path)
        else:
            flat = [face for pair in pairs for face in pair]
            rng.shuffle(flat)
            board = StackBoard(layout, flat, game=game)
            solution = _solved(board, LAYOUT_PROOF_NODES, repair, learn)
        if solution is None:
            continue
        if stones:
            candidates = _stone_candidates(geo, [(m.a, m.b) for m in solution])
            if len(candidates) < stones:
                continue
            chosen = rng.sample(candidates, stones)
            board = StackBoard(layout, [board.face(s) for s in range(n)], game=game, stones=chosen)
            solution = replay(board, ((m.a, m.b) for m in solution))
            if solution is None:  # pragma: no cover - the crack count above is exact
                continue
        if difficulty == "normal":
            return board, solution
        measured = measure_difficulty(
            board, playouts=LEVEL_PLAYOUTS, seed=derive_seed(seed, attempt), solution=solution
        )
        if measured.label == difficulty:
            return board, solution
        distance = abs(measured.score - (0.0 if difficulty == "easy" else 1.0))
        if best is None or distance < best[0]:
            best = (distance, board, solution)
        tried += 1
        if tried >= LEVEL_TRIES:
            return best[1], best[2]
    if best is not None:
        return best[1], best[2]
    raise GenerationError(
        f"no solvable deal on layout {layout.name!r} after {MAX_ATTEMPTS} attempts"
        + (f" with {stones} stones" if stones else "")
    )


_LayoutBuilder = Callable[
    [Layout, str, int, str, str, int, SetName], tuple[AnyBoard, tuple[Match, ...]]
]
#: Layered generators by version; old entries stay so old seeds keep their boards.
#: Version 1 proves solver-checked deals with the exact search alone; version 2 with
#: the repair search first, so more candidates are proven within the bound and the
#: recorded solution (which places stones) is the repair search's; version 3 also
#: with the nogoods the exact search learns (other node counts, other solutions).
#: Reverse placement is the same in all.
LAYOUT_VERSIONS: Final[dict[int, _LayoutBuilder]] = {
    1: functools.partial(_layout_deal, repair=False, learn=False),
    2: functools.partial(_layout_deal, repair=True, learn=False),
    3: functools.partial(_layout_deal, repair=True, learn=True),
}


def _is_builtin(layout: Layout) -> bool:
    from tilematch.engine import layouts

    try:
        return layouts.get(layout.name).positions == layout.positions
    except LayoutError:
        return False


def deal_layout(
    layout: Layout | str,
    game: str = "solitaire",
    *,
    seed: int,
    generator: str = "reverse",
    difficulty: str = "normal",
    stones: int = 0,
    tileset: str | None = None,
    version: int = GENERATOR_VERSION,
) -> Deal:
    """A solvable Mahjong Solitaire or Black & White board on ``layout`` from ``seed``.

    ``layout`` is a :class:`~tilematch.engine.layout.Layout` or a built-in
    name. ``difficulty`` (``"easy"``, ``"normal"``, ``"hard"``) steers the
    deal: normal takes the first solvable candidate; easy and hard bias
    reverse placement (the two pairs of a face removed together, or far
    apart) and take the first of up to :data:`LEVEL_TRIES` candidates whose
    measured label fits, else the closest. ``stones`` marks that many tiles as
    stone tiles, only where the recorded solution cracks them twice before it
    removes them. ``tileset`` defaults to ``"144"`` (Solitaire) or ``"bw144"``
    (Black & White); smaller layouts get whole groups of it.

    Returns a :class:`Deal`. Raises :class:`ValueError` for bad arguments
    (a :class:`~tilematch.engine.layout.LayoutError` for an unknown layout
    name) and :class:`GenerationError` when no board was found.
    """
    seed = _check_seed(seed)
    if isinstance(layout, str):
        from tilematch.engine import layouts

        layout = layouts.get(layout)
    if not isinstance(layout, Layout):
        raise TypeError(f"layout must be a Layout or a name, not {type(layout).__name__}")
    if game not in ("solitaire", "blackwhite"):
        raise ValueError(f"a layered game is solitaire or blackwhite, not {game!r}")
    if generator not in GENERATORS:
        raise ValueError(f"unknown generator {generator!r}; choose reverse or checked")
    if difficulty not in DIFFICULTIES:
        raise ValueError(f"unknown difficulty {difficulty!r}; choose easy, normal or hard")
    count = len(layout.positions)
    if not count or count % 2:
        raise ValueError(f"layout {layout.name!r} has {count} positions; it needs an even number")
    if count > MAX_TILES:
        raise ValueError(f"at most {MAX_TILES} tiles, not {count}")
    if isinstance(stones, bool) or not isinstance(stones, int) or not 0 <= stones <= count:
        raise ValueError(f"stones must be a whole number from 0 to {count}, not {stones!r}")
    if tileset is None:
        tileset = _default_tileset(game, count)
    allowed = ("bw144",) if game == "blackwhite" else ("144", "136")
    if tileset not in allowed:
        raise ValueError(f"a {game} board uses tile set {' or '.join(allowed)}, not {tileset!r}")
    build = LAYOUT_VERSIONS[_check_version(version, LAYOUT_VERSIONS)]
    board, solution = build(
        layout, game, seed, generator, difficulty, stones, cast(SetName, tileset)
    )
    return Deal(
        board=board,
        solution=solution,
        game=game,
        layout=layout.name,
        size=None,
        seed=seed,
        generator=generator,
        version=version,
        difficulty=difficulty,
        stones=stones,
        tileset=tileset,
        custom=not _is_builtin(layout),
    )


# ---------------------------------------------------------------------------
# Reshuffles

#: Solver-checked shuffles a reshuffle tries after reverse placement gave up.
RESHUFFLE_CHECKS: Final = 8
#: Reverse-placement paths a reshuffle tries first.
RESHUFFLE_PATHS: Final = 40


def reshuffle(board: BoardLike, rng: random.Random) -> Board | None:
    """The remaining faces re-dealt onto the remaining positions, solvably.

    Keeps the multiset of faces and the set of occupied spots (and stone
    cracks); the result has an empty undo stack. Grid boards and layered
    boards get a removal path over exactly the occupied positions (reverse
    placement restricted to them), which is then verified by replay; when no
    path is found (gravity, or awkward remains on a layout) solver-checked
    shuffles follow. Returns ``None`` when no solvable re-deal was found,
    e.g. the last two tiles stacked on each other, or faces that cannot be
    paired at all; an empty board comes back as an empty board. All
    randomness comes from ``rng``.
    """
    spots = list(board.spots())
    if not spots:  # nothing left: the empty board is its own solvable re-deal
        return cast(Board, board.with_faces({}))
    faces = [board.face(spot) or "" for spot in spots]
    pairs = _pair_up(faces)
    if pairs is None:
        return None
    for _ in range(RESHUFFLE_PATHS):
        found = _reshuffle_path(board, spots, rng)
        if found is None:
            continue
        moves, tiles = found
        order = list(pairs)
        rng.shuffle(order)
        fresh = board.with_faces(_assign(tiles, order, rng))
        if replay(fresh, moves) is not None:
            return cast(Board, fresh)
    for _ in range(RESHUFFLE_CHECKS):
        shuffled = list(faces)
        rng.shuffle(shuffled)
        fresh = board.with_faces(dict(zip(spots, shuffled, strict=True)))
        # the exact search alone: a game's stored reshuffles re-deal the same way
        result = solve(cast(Board, fresh), nodes=CHECK_NODES, repair=False, learn=False)
        if result.status == "solved":
            return cast(Board, fresh)
        if result.status == "unsolvable" and _positions_hopeless(fresh):
            return None
    return None


def _reshuffle_path(
    board: BoardLike, spots: list[int], rng: random.Random
) -> tuple[list[tuple[int, int]], list[tuple[int, int]]] | None:
    """A removal path over the occupied spots of ``board`` (faces ignored)."""
    if isinstance(board, GridBoard):
        return _grid_removal_path(board.shape, spots, rng, board.gravity)
    if isinstance(board, StackBoard):
        path = _stack_removal_path(board.geometry, board.occupied, rng, board.stones())
        return None if path is None else (path, path)
    return None


#: Positions :func:`positions_hopeless` looks at, at most, on remains of more than
#: 12 tiles (up to some 80 microseconds each, on a full Turtle); past it the answer
#: is False.
HOPELESS_NODES: Final = 2_000


def positions_hopeless(board: BoardLike) -> bool:
    """True when the tiles left can never be cleared whatever their faces, so that
    no reshuffle can help (e.g. the last two tiles stacked on each other, or two
    lone stacks of different heights).

    Decided exactly on layered remains, as if every face matched every other: a
    search over which two free tiles go next, with a table of the sets of tiles
    left that cannot be cleared. On remains of more than 12 tiles it looks at
    :data:`HOPELESS_NODES` positions at most and answers False when that was not
    enough. Grids (a grid without gravity can always be cleared in some order)
    and remains with a stone that still needs cracks (removals could unlock it)
    answer False."""
    if not isinstance(board, StackBoard) or board.locked:
        return False
    limit = None if board.occupied.bit_count() <= 12 else HOPELESS_NODES
    return _no_clearing(board.geometry, board.occupied, limit) is True


def _positions_hopeless(board: BoardLike) -> bool:
    """The reshuffle's early stop: :func:`positions_hopeless` on remains of at most
    12 tiles, stones that still need cracks taken as never free (kept as it is, so
    a stored game's reshuffles re-deal the same way)."""
    if not isinstance(board, StackBoard) or board.occupied.bit_count() > 12:
        return False
    return _no_clearing(board.geometry, board.occupied, None, board.locked) is True


def _no_clearing(
    geo: StackGeometry, occupied: int, limit: int | None, never_free: int = 0
) -> bool | None:
    """True when the spots ``occupied`` of ``geo`` can never be cleared two free
    tiles at a time (the spots ``never_free`` never count as free), False when
    they can, None when ``limit`` positions were looked at without an answer
    (``None``: no bound). The highest free tiles are tried first (they hold up
    the most), and a set of tiles left that was not cleared is never searched
    again.

    Tiles that lie each on the next (overlapping, on ever lower layers) are free
    one at a time, the top one first: no two of them ever go together, so such a
    pile of more than half the tiles left can never be cleared. A tile's pile
    (the longest one down from it) stays the same while it stands, since the
    tiles under it go only after it, so the piles are counted once."""
    dead: set[int] = set()
    z = [pos[2] for pos in geo.positions]
    # the tiles whose longest pile down holds ``k + 1`` tiles, for each ``k``
    piles: list[int] = []
    pile: dict[int, int] = {}
    for s in sorted(bits(occupied), key=lambda s: z[s]):
        k = max((pile[t] + 1 for t in bits(geo.under[s] & occupied)), default=0)
        pile[s] = k
        while len(piles) <= k:
            piles.append(0)
        piles[k] |= 1 << s
    looked = 0

    def clears(occ: int) -> bool | None:
        nonlocal looked
        if not occ:
            return True
        if occ in dead:
            return False
        tallest = next(k for k in range(len(piles) - 1, -1, -1) if piles[k] & occ) + 1
        if 2 * tallest > occ.bit_count():
            return False
        looked += 1
        if limit is not None and looked > limit:
            return None
        free = sorted(bits(geo.free_mask(occ) & ~never_free), key=lambda s: -z[s])
        for i, a in enumerate(free):
            for b in free[i + 1 :]:
                found = clears(occ & ~((1 << a) | (1 << b)))
                if found is not False:
                    return found
        dead.add(occ)
        return False

    return None if (found := clears(occupied)) is None else not found


# ---------------------------------------------------------------------------
# Daily Challenge and share codes


#: The generator version that deals the Daily Challenge, by first date: a date is
#: dealt by the version of the last entry starting on or before it. A new generator
#: reaches the Daily Challenge only by a new entry for dates to come, so every past
#: date keeps its board for ever.
DAILY_VERSIONS: Final[tuple[tuple[str, int], ...]] = (("0001-01-01", 1),)


def daily_version(date: str, versions: Sequence[tuple[str, int]] = DAILY_VERSIONS) -> int:
    """The generator version of the Daily Challenge of ``date`` (YYYY-MM-DD): the
    version of the last entry of ``versions`` (``(first date, version)`` in date
    order; :data:`DAILY_VERSIONS` by default) starting on or before ``date``.
    The date is compared as text and not checked here (:func:`daily_seed` checks it).
    """
    version = versions[0][1]
    for first, number in versions:
        if date >= first:
            version = number
    return version


def daily_deal(date: str, version: int | None = None) -> Deal:
    """The Daily Challenge of ``date`` (YYYY-MM-DD): Mahjong Solitaire on the
    Turtle by reverse placement, seeded by :func:`daily_seed`, dealt by the
    generator version of that date (:func:`daily_version`) unless ``version`` is
    given. The same date always gives the same board, in the game and in
    ``tilematch deal --daily``. Raises :class:`ValueError` for a bad date or an
    unknown version."""
    daily_seed(date)  # a bad date is refused before its version is looked up
    if version is None:
        version = daily_version(date)
    return deal_layout(
        "turtle", "solitaire", seed=daily_seed(date), generator="reverse", version=version
    )


@dataclass(frozen=True)
class DealSpec:
    """What a share code carries: enough to deal the same board again."""

    game: str
    seed: int
    generator: str = "reverse"
    version: int = GENERATOR_VERSION
    layout: str | None = None
    size: tuple[int, int] | None = None
    difficulty: str = "normal"
    stones: int = 0
    gravity: bool = False
    tileset: str | None = None
    shape: str | None = None

    def deal(self) -> Deal:
        """Deal the board this spec names (same arguments, same board).

        Raises what :func:`deal_grid` / :func:`deal_shape` / :func:`deal_layout` raise."""
        if self.game == "shisensho" and self.shape is not None:
            return deal_shape(
                self.shape,
                seed=self.seed,
                generator=self.generator,
                gravity=self.gravity,
                tileset=self.tileset,
                version=self.version,
            )
        if self.game == "shisensho":
            rows, cols = self.size or (8, 17)
            return deal_grid(
                rows,
                cols,
                seed=self.seed,
                generator=self.generator,
                gravity=self.gravity,
                tileset=self.tileset,
                version=self.version,
            )
        return deal_layout(
            self.layout or "turtle",
            self.game,
            seed=self.seed,
            generator=self.generator,
            difficulty=self.difficulty,
            stones=self.stones,
            tileset=self.tileset,
            version=self.version,
        )


def share_code(deal: Deal) -> str:
    """A short text (URL query form) naming ``deal``: game, layout or size, seed,
    generator, version and any non-default option, e.g.
    ``game=solitaire&layout=turtle&seed=7&generator=reverse&version=3``.

    Raises :class:`ValueError` for a deal on a custom mask or a layout that is
    not built in (the code cannot carry the shape)."""
    if deal.custom:
        raise ValueError("a board on a custom shape or layout file has no share code")
    fields: list[tuple[str, str]] = [("game", deal.game)]
    if deal.shape is not None:
        fields.append(("shape", deal.shape))
    elif deal.size is not None:
        fields.append(("size", f"{deal.size[1]}x{deal.size[0]}"))
    if deal.layout is not None:
        fields.append(("layout", deal.layout))
    fields += [
        ("seed", str(deal.seed)),
        ("generator", deal.generator),
        ("version", str(deal.version)),
    ]
    if deal.difficulty not in (None, "normal"):
        fields.append(("difficulty", deal.difficulty))
    if deal.stones:
        fields.append(("stones", str(deal.stones)))
    if deal.gravity:
        fields.append(("gravity", "1"))
    default = _default_tileset(deal.game, 2 * len(deal.solution))
    if deal.tileset is not None and deal.tileset != default:
        fields.append(("tileset", deal.tileset))
    return urlencode(fields)


_SIZE_RE: Final = re.compile(r"(\d{1,2})x(\d{1,2})")
_SHARE_KEYS: Final = frozenset(
    (
        "game",
        "size",
        "layout",
        "seed",
        "generator",
        "version",
        "difficulty",
        "stones",
        "gravity",
        "tileset",
        "shape",
    )
)


def parse_share_code(text: str) -> DealSpec:
    """Read a :func:`share_code` (alone, or the query or fragment of a link).

    Returns a :class:`DealSpec`; ``spec.deal()`` deals the board. Raises
    :class:`ValueError` naming the problem for anything malformed: unknown or
    repeated keys, a missing game or seed, bad numbers, an unknown game,
    generator, difficulty or size.
    """
    if not isinstance(text, str) or len(text) > 500:
        raise ValueError("a share code is a short text")
    query = text.strip()
    for mark in ("?", "#"):
        if mark in query:
            query = query.split(mark, 1)[1]
    try:
        items = parse_qsl(query, keep_blank_values=True, strict_parsing=True)
    except ValueError:
        raise ValueError(f"not a share code: {text!r}") from None
    values: dict[str, str] = {}
    for key, value in items:
        if key not in _SHARE_KEYS:
            raise ValueError(f"share code: unknown field {key!r}")
        if key in values:
            raise ValueError(f"share code: {key!r} appears twice")
        values[key] = value

    def number(key: str, default: int | None = None) -> int:
        raw = values.get(key)
        if raw is None:
            if default is None:
                raise ValueError(f"share code: {key!r} is missing")
            return default
        if not raw.isdigit() or len(raw) > 20:
            raise ValueError(f"share code: {key} must be a whole number, not {raw!r}")
        return int(raw)

    game = values.get("game")
    if game not in GAMES:
        raise ValueError(f"share code: unknown game {game!r}")
    generator = values.get("generator", "reverse")
    if generator not in GENERATORS:
        raise ValueError(f"share code: unknown generator {generator!r}")
    difficulty = values.get("difficulty", "normal")
    if difficulty not in DIFFICULTIES:
        raise ValueError(f"share code: unknown difficulty {difficulty!r}")
    gravity = values.get("gravity", "0")
    if gravity not in ("0", "1"):
        raise ValueError(f"share code: gravity is 0 or 1, not {gravity!r}")
    size: tuple[int, int] | None = None
    layout: str | None = None
    shape: str | None = None
    if game == "shisensho":
        if "layout" in values:
            raise ValueError("share code: a Shisen-Sho board has a size, not a layout")
        if "shape" in values:
            if "size" in values:
                raise ValueError("share code: a Shisen-Sho board has a size or a shape, not both")
            shape = values["shape"]
            if shape not in shape_names():
                raise ValueError(f"share code: unknown shape {shape!r}")
        found = _SIZE_RE.fullmatch(values.get("size", "17x8"))
        if not found:
            raise ValueError(f"share code: size is COLSxROWS, not {values.get('size')!r}")
        size = (int(found.group(2)), int(found.group(1)))
    else:
        if "size" in values or "shape" in values:
            raise ValueError("share code: a layered board has a layout, not a size or shape")
        layout = values.get("layout", "turtle")
    return DealSpec(
        game=game,
        seed=number("seed"),
        generator=generator,
        version=number("version", GENERATOR_VERSION),
        layout=layout,
        size=size,
        difficulty=difficulty,
        stones=number("stones", 0),
        gravity=gravity == "1",
        tileset=values.get("tileset"),
        shape=shape,
    )
