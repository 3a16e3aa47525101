"""GridBoard against slow, obviously correct references on random boards.

The reference connection is a Dijkstra search over (cell, direction) on the
grid plus its empty ring, with cost (bends, length): it finds the fewest bends
any line needs and the shortest line with that many bends.
"""

from __future__ import annotations

import heapq
import itertools
import random
from dataclasses import dataclass

from hypothesis import given, settings
from hypothesis import strategies as st

from tilematch.engine.grid.board import GridBoard
from tilematch.engine.grid.lines import GridLines
from tilematch.engine.tiles import tiles_match

CODES = ["1m", "2m", "3m", "7z", "1f", "3f", "5f", "b1s", "w1s"]
DIRS = ((-1, 0), (1, 0), (0, -1), (0, 1))


@dataclass
class Position:
    """A plain model of a grid: ``cells[r][c]`` is a code or None; ``inside`` the mask."""

    rows: int
    cols: int
    cells: list[list[str | None]]
    inside: list[list[bool]]
    gravity: bool

    def mask(self) -> int | None:
        if all(all(row) for row in self.inside):
            return None
        return sum(
            1 << (r * self.cols + c)
            for r in range(self.rows)
            for c in range(self.cols)
            if self.inside[r][c]
        )

    def board(self) -> GridBoard:
        flat = [face for row in self.cells for face in row]
        return GridBoard(self.rows, self.cols, flat, gravity=self.gravity, mask=self.mask())

    def occupied(self) -> list[tuple[int, int]]:
        return [(r, c) for r in range(self.rows) for c in range(self.cols) if self.cells[r][c]]


@st.composite
def positions(draw: st.DrawFn, gravity: bool | None = None, max_side: int = 7) -> Position:
    rows = draw(st.integers(1, max_side))
    cols = draw(st.integers(1, max_side + 2))
    fill = draw(st.sampled_from([0.2, 0.5, 0.8, 0.95, 1.0]))
    holes = draw(st.sampled_from([0.0, 0.0, 0.15, 0.4]))
    codes = draw(st.lists(st.sampled_from(CODES), min_size=1, max_size=4, unique=True))
    seed = draw(st.integers(0, 2**32))
    rng = random.Random(seed)
    inside = [[rng.random() >= holes for _ in range(cols)] for _ in range(rows)]
    if not any(any(row) for row in inside):
        inside[0][0] = True
    cells = [
        [rng.choice(codes) if inside[r][c] and rng.random() < fill else None for c in range(cols)]
        for r in range(rows)
    ]
    grav = draw(st.booleans()) if gravity is None else gravity
    return Position(rows, cols, cells, inside, grav)


def passable(pos: Position, r: int, c: int) -> bool:
    if not (-1 <= r <= pos.rows and -1 <= c <= pos.cols):
        return False
    if r in (-1, pos.rows) or c in (-1, pos.cols):
        return True
    return not pos.inside[r][c] or pos.cells[r][c] is None


def ref_route(pos: Position, a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int] | None:
    """(fewest bends, shortest length with them) of a line a -> b, or None beyond 2 bends."""
    heap: list[tuple[int, int, int, int, int]] = []
    best: dict[tuple[int, int, int], tuple[int, int]] = {}
    for d, (dr, dc) in enumerate(DIRS):
        heap.append((0, 1, a[0] + dr, a[1] + dc, d))
    heapq.heapify(heap)
    while heap:
        bends, length, r, c, d = heapq.heappop(heap)
        if (r, c) == b:
            return bends, length
        if (r, c) == a or not passable(pos, r, c):
            continue
        if (r, c, d) in best:
            continue
        best[(r, c, d)] = (bends, length)
        for nd, (dr, dc) in enumerate(DIRS):
            if DIRS[nd] == (-DIRS[d][0], -DIRS[d][1]):
                continue
            nb = bends + (nd != d)
            if nb <= 2:
                heapq.heappush(heap, (nb, length + 1, r + dr, c + dc, nd))
    return None


def check_path(
    pos: Position, a: tuple[int, int], b: tuple[int, int], path: tuple[tuple[int, int], ...]
) -> tuple[int, int]:
    """Assert that ``path`` is a valid line from a to b; return (bends, length)."""
    assert path[0] == a and path[-1] == b
    assert 2 <= len(path) <= 4
    length = 0
    axes = []
    for (r1, c1), (r2, c2) in itertools.pairwise(path):
        assert (r1 == r2) != (c1 == c2), f"segment {(r1, c1)}->{(r2, c2)} not axis-aligned"
        axes.append("h" if r1 == r2 else "v")
        dr, dc = (r2 > r1) - (r2 < r1), (c2 > c1) - (c2 < c1)
        r, c = r1, c1
        while (r, c) != (r2, c2):
            r, c = r + dr, c + dc
            length += 1
            if (r, c) != b:
                assert passable(pos, r, c), f"path crosses {(r, c)}"
    assert all(x != y for x, y in itertools.pairwise(axes)), "collinear corner"
    return len(path) - 2, length


@settings(max_examples=150, deadline=None)
@given(positions(gravity=False), st.randoms(use_true_random=False))
def test_connect_agrees_with_reference(pos: Position, rng: random.Random) -> None:
    board = pos.board()
    cells = [(r, c) for r in range(pos.rows) for c in range(pos.cols)]
    pairs = [(x, y) for x in cells for y in cells if x != y]
    for a, b in rng.sample(pairs, min(len(pairs), 40)):
        spot_a, spot_b = a[0] * pos.cols + a[1], b[0] * pos.cols + b[1]
        got = board.connect(spot_a, spot_b)
        want = ref_route(pos, a, b)
        if want is None:
            assert got is None, (a, b, got)
        else:
            assert got is not None, (a, b, want)
            assert check_path(pos, a, b, got) == want


@settings(max_examples=150, deadline=None)
@given(positions(gravity=False), st.randoms(use_true_random=False))
def test_connects_is_connect_without_the_path(pos: Position, rng: random.Random) -> None:
    """The yes/no test agrees with the reference and with connect (ends occupied or not)."""
    board = pos.board()
    lines = GridLines(board.shape, board.occupied)
    cells = [(r, c) for r in range(pos.rows) for c in range(pos.cols)]
    pairs = [(x, y) for x in cells for y in cells]
    for a, b in rng.sample(pairs, min(len(pairs), 60)):
        spot_a, spot_b = a[0] * pos.cols + a[1], b[0] * pos.cols + b[1]
        want = a != b and ref_route(pos, a, b) is not None
        assert lines.connects(spot_a, spot_b) == want, (a, b)
        assert lines.connects(spot_a, spot_b) == (lines.connect(spot_a, spot_b) is not None)
        assert lines.connects(spot_b, spot_a) == want


@settings(max_examples=200, deadline=None)
@given(positions(gravity=False), st.randoms(use_true_random=False))
def test_line_or_blockers_names_a_line_or_cells_every_line_needs_emptied(
    pos: Position, rng: random.Random
) -> None:
    """``line_or_blockers`` is negative exactly when the pair connects, and then
    names the cells of a line: with every other cell filled they still connect;
    otherwise emptying every other cell (ends included) still leaves the pair
    apart, so no removal outside the mask can join them."""
    board = pos.board()
    shape = board.shape
    lines = GridLines(shape, board.occupied)
    cells = [(r, c) for r in range(pos.rows) for c in range(pos.cols)]
    pairs = [(x, y) for x in cells for y in cells if x != y]
    for a, b in rng.sample(pairs, min(len(pairs), 60)):
        spot_a, spot_b = a[0] * pos.cols + a[1], b[0] * pos.cols + b[1]
        ends = (1 << spot_a) | (1 << spot_b)
        got = lines.line_or_blockers(spot_a, spot_b)
        assert (got < 0) == (lines.connect(spot_a, spot_b) is not None), (a, b)
        if got < 0:
            line = ~got
            assert not line & ~shape.everything
            assert not line & (board.occupied | ends), (a, b, bin(line))
            full = GridLines(shape, shape.everything & ~line)
            assert full.connect(spot_a, spot_b) is not None, (a, b, bin(line))
        else:
            assert not got & ~shape.everything
            assert got & board.occupied, (a, b)
            kept = board.occupied & got & ~ends
            assert GridLines(shape, kept).connect(spot_a, spot_b) is None, (a, b, bin(got))
            assert GridLines(shape, kept).connect(spot_b, spot_a) is None, (a, b, bin(got))


@settings(max_examples=150, deadline=None)
@given(positions(gravity=False))
def test_legal_pairs_agree_with_reference(pos: Position) -> None:
    board = pos.board()
    tiles = pos.occupied()
    want = {}
    for i, a in enumerate(tiles):
        for b in tiles[i + 1 :]:
            fa, fb = pos.cells[a[0]][a[1]], pos.cells[b[0]][b[1]]
            assert fa is not None and fb is not None
            if tiles_match(fa, fb):
                route = ref_route(pos, a, b)
                if route is not None:
                    want[(a[0] * pos.cols + a[1], b[0] * pos.cols + b[1])] = route
    got = list(board.legal_pairs())
    assert [(m.a, m.b) for m in got] == sorted(want)
    for m in got:
        a, b = board.coords(m.a), board.coords(m.b)
        assert check_path(pos, a, b, m.path) == want[(m.a, m.b)]
        assert board.match(m.a, m.b) == m
        assert board.match(m.b, m.a) == m
        assert board.why_not(m.a, m.b) == ""
        assert (m.a, m.b) in board.legal_pairs()
    assert board.legal_pairs().count() == len(want)
    assert bool(board.legal_pairs()) == bool(want)
    assert board.is_deadlocked() == (bool(tiles) and not want)
    for i, a in enumerate(tiles):
        for b in tiles[i + 1 :]:
            sa, sb = a[0] * pos.cols + a[1], b[0] * pos.cols + b[1]
            if (sa, sb) not in want:
                assert board.match(sa, sb) is None
                fa, fb = pos.cells[a[0]][a[1]], pos.cells[b[0]][b[1]]
                assert fa is not None and fb is not None
                assert board.why_not(sa, sb) == (
                    "no path" if tiles_match(fa, fb) else "not a match"
                )


@settings(max_examples=150, deadline=None)
@given(positions())
def test_free_tiles_agree_with_reference(pos: Position) -> None:
    board = pos.board()
    want = 0
    for r, c in pos.occupied():
        free = any(passable(pos, r + dr, c + dc) for dr, dc in DIRS)
        assert board.is_free(r * pos.cols + c) == free
        want |= free << (r * pos.cols + c)
    assert board.free_spots() == want
    for r in range(pos.rows):
        for c in range(pos.cols):
            if pos.cells[r][c] is None:
                assert not board.is_free(r * pos.cols + c)


def ref_remove(pos: Position, a: tuple[int, int], b: tuple[int, int]) -> None:
    """Remove a pair from the plain model, then settle every column run that lost a tile."""
    for r, c in (a, b):
        pos.cells[r][c] = None
    if not pos.gravity:
        return
    for col in {a[1], b[1]}:
        emptied = {r for r, c in (a, b) if c == col}
        run: list[int] = []
        for r in range(pos.rows + 1):
            if r < pos.rows and pos.inside[r][col]:
                run.append(r)
                continue
            if run and emptied & set(run):
                tiles = [pos.cells[x][col] for x in run if pos.cells[x][col] is not None]
                for x in run:
                    pos.cells[x][col] = None
                for x, face in zip(run[len(run) - len(tiles) :], tiles, strict=True):
                    pos.cells[x][col] = face
            run = []


def snapshot(board: GridBoard) -> tuple[object, ...]:
    return (
        board.occupied,
        [board.face(s) for s in range(board.rows * board.cols)],
        board.free_spots(),
        [(m.a, m.b, m.path) for m in board.legal_pairs()],
        board.key(),
        board.groups(),
    )


@settings(max_examples=120, deadline=None)
@given(positions(), st.randoms(use_true_random=False))
def test_playouts_follow_reference_and_undo_exactly(pos: Position, rng: random.Random) -> None:
    board = pos.board()
    shots = [snapshot(board)]
    while True:
        moves = list(board.legal_pairs())
        if not moves:
            break
        move = rng.choice(moves)
        board.push(move)
        ref_remove(pos, board.coords(move.a), board.coords(move.b))
        assert [board.face(s) for s in range(pos.rows * pos.cols)] == [
            face for row in pos.cells for face in row
        ]
        # the board after the move is exactly a board built from the model
        rebuilt = pos.board()
        assert snapshot(board)[:4] == snapshot(rebuilt)[:4]
        shots.append(snapshot(board))
    assert board.is_cleared() or board.is_deadlocked()
    assert len(board.move_stack) == len(shots) - 1
    copy = board.copy()
    played = len(board.move_stack)
    while len(shots) > 1:
        shots.pop()
        board.pop()
        assert snapshot(board) == shots[-1]
    # the copy kept its own state and history
    assert len(copy.move_stack) == played
    while copy.move_stack:
        copy.pop()
    assert snapshot(copy) == shots[0]


@settings(max_examples=60, deadline=None)
@given(positions(gravity=True), st.randoms(use_true_random=False))
def test_gravity_key_separates_positions(pos: Position, rng: random.Random) -> None:
    board = pos.board()
    seen: dict[object, list[str | None]] = {}
    for _ in range(10):
        moves = list(board.legal_pairs())
        if not moves:
            break
        board.push(rng.choice(moves))
        faces = [board.face(s) for s in range(pos.rows * pos.cols)]
        key = board.key()
        assert seen.setdefault(key, faces) == faces


@settings(max_examples=100, deadline=None)
@given(positions(gravity=False), st.randoms(use_true_random=False))
def test_grid_lines_connect_like_the_board_after_adds_and_removes(
    pos: Position, rng: random.Random
) -> None:
    """A face-less ``GridLines`` (what generators use) built by adding every cell and
    removing the empty ones answers exactly like the board and the reference."""
    board = pos.board()
    shape = board.shape
    lines = GridLines(shape, shape.everything)
    for spot in range(shape.size):
        if not board.occupied >> spot & 1:
            lines.remove(spot)
    assert GridLines(shape, board.occupied).row_bits == lines.row_bits
    cells = [(r, c) for r in range(pos.rows) for c in range(pos.cols)]
    pairs = [(x, y) for x in cells for y in cells if x != y]
    for a, b in rng.sample(pairs, min(len(pairs), 40)):
        spot_a, spot_b = a[0] * pos.cols + a[1], b[0] * pos.cols + b[1]
        got = lines.connect(spot_a, spot_b)
        assert got == board.connect(spot_a, spot_b)
        assert (got is None) == (ref_route(pos, a, b) is None)
    assert lines.connect(0, 0) is None


@settings(max_examples=100, deadline=None)
@given(positions(gravity=True))
def test_falls_settle_each_run_like_dropping_tiles_one_cell_at_a_time(pos: Position) -> None:
    board = pos.board()
    shape = board.shape
    for run in shape.runs:
        cells = sorted(_spots(run))
        # reference: drop tiles one cell at a time until nothing moves
        occ = {s for s in cells if board.occupied >> s & 1}
        where = {s: s for s in occ}
        moved = True
        while moved:
            moved = False
            for s in sorted(where, reverse=True):
                below = s + shape.cols
                if below in cells and below not in where:
                    where[below] = where.pop(s)
                    moved = True
        want = {start: spot for spot, start in where.items()}
        falls = shape.falls(run, board.occupied)
        if all(start == spot for start, spot in want.items()):
            assert falls == ()
        else:
            assert dict(falls) == want
            assert [start for start, _ in falls] == sorted(want)


def _spots(mask: int) -> list[int]:
    return [s for s in range(mask.bit_length()) if mask >> s & 1]
