"""StackBoard against slow references written straight from the rulebook's words.

Random layouts are random stacks on a small half-tile grid (offsets by half a
tile included); random partial boards leave out tiles so odd shapes occur.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from hypothesis import given, settings
from hypothesis import strategies as st

from tilematch.engine.board import Match
from tilematch.engine.layouts.layout import Layout
from tilematch.engine.solver.layered.cells import cell_board
from tilematch.engine.stack.board import StackBoard
from tilematch.engine.stack.geometry import stack_geometry
from tilematch.engine.tiles import tiles_match

Pos = tuple[int, int, int]

SOLITAIRE_POOL = ["1m", "2m", "7z", "1f", "3f", "5f", "8f"]
BLACKWHITE_POOL = ["b1m", "w1m", "b2m", "w2m", "b1f", "b6f", "w3f", "w8f"]


# ----------------------------------------------------------------- references


def ref_overlaps(p: Pos, q: Pos) -> bool:
    return abs(p[0] - q[0]) <= 1 and abs(p[1] - q[1]) <= 1


def ref_free(tiles: set[Pos], p: Pos) -> bool:
    """docs/rules.md §3: nothing above overlaps it, and its left or right side is open."""
    x, y, z = p
    covered = any(q[2] > z and ref_overlaps(p, q) for q in tiles)
    left = any(q[2] == z and q[0] == x - 2 and abs(q[1] - y) <= 1 for q in tiles)
    right = any(q[2] == z and q[0] == x + 2 and abs(q[1] - y) <= 1 for q in tiles)
    return not covered and (not left or not right)


def ref_touches(removed: Pos, stone: Pos) -> bool:
    """docs/rules.md §4: a left/right neighbour on the same layer, or resting on the stone."""
    same_layer = (
        removed[2] == stone[2]
        and abs(removed[0] - stone[0]) == 2
        and abs(removed[1] - stone[1]) <= 1
    )
    resting = removed[2] == stone[2] + 1 and ref_overlaps(removed, stone)
    return same_layer or resting


@dataclass
class RefBoard:
    faces: dict[Pos, str]
    cracks: dict[Pos, int] = field(default_factory=dict)

    def selectable(self, p: Pos) -> bool:
        return ref_free(set(self.faces), p) and self.cracks.get(p, 0) == 0

    def pairs(self) -> set[tuple[Pos, Pos]]:
        tiles = sorted(self.faces)
        found = set()
        for i, p in enumerate(tiles):
            for q in tiles[i + 1 :]:
                if (
                    self.selectable(p)
                    and self.selectable(q)
                    and tiles_match(self.faces[p], self.faces[q])
                ):
                    found.add((p, q))
        return found

    def remove(self, p: Pos, q: Pos) -> None:
        del self.faces[p]
        del self.faces[q]
        for stone, left in self.cracks.items():
            if (
                stone in self.faces
                and left > 0
                and (ref_touches(p, stone) or ref_touches(q, stone))
            ):
                self.cracks[stone] = left - 1


# ----------------------------------------------------------------- strategies


def build_positions(candidates: list[Pos]) -> list[Pos]:
    """Accept candidates layer by layer when they clash with nothing and rest on something."""
    placed: list[Pos] = []
    for p in sorted(candidates, key=lambda c: (c[2], c[1], c[0])):
        if any(q[2] == p[2] and ref_overlaps(p, q) for q in placed):
            continue
        if p[2] > 0 and not any(q[2] == p[2] - 1 and ref_overlaps(p, q) for q in placed):
            continue
        placed.append(p)
    return placed


candidate = st.tuples(st.integers(0, 12), st.integers(0, 7), st.integers(0, 3))


@st.composite
def boards(draw: st.DrawFn, game: str | None = None, stones: bool = True) -> StackBoard:
    positions = build_positions(draw(st.lists(candidate, min_size=2, max_size=40)))
    if len(positions) < 2:
        positions = [(0, 0, 0), (4, 0, 0)]
    layout = Layout("random", tuple(positions))
    game = game or draw(st.sampled_from(["solitaire", "blackwhite"]))
    pool = SOLITAIRE_POOL if game == "solitaire" else BLACKWHITE_POOL
    faces: dict[int, str] = {}
    for spot in range(len(layout.positions)):
        if draw(st.integers(0, 4)) > 0:  # about one tile in five left out
            faces[spot] = draw(st.sampled_from(pool))
    stone_map: dict[int, int] = {}
    if stones:
        for spot in faces:
            if draw(st.integers(0, 5)) == 0:
                stone_map[spot] = draw(st.integers(0, 2))
    return StackBoard(layout, faces, game=game, stones=stone_map)


def reference_of(board: StackBoard) -> RefBoard:
    faces = {board.coords(s): board.face(s) or "" for s in board.spots()}
    cracks = {board.coords(s): c for s, c in board.stones().items()}
    return RefBoard(faces, cracks)


def assert_same(board: StackBoard, ref: RefBoard) -> None:
    tiles = set(ref.faces)
    assert {board.coords(s) for s in board.spots()} == tiles
    for spot in board.spots():
        p = board.coords(spot)
        assert board.face(spot) == ref.faces[p]
        assert board.is_free(spot) == ref_free(tiles, p), (p, board.explain(spot))
        assert board.is_selectable(spot) == ref.selectable(p)
        assert board.cracks(spot) == ref.cracks.get(p, 0)
    free = sum(1 << s for s in board.spots() if ref_free(tiles, board.coords(s)))
    assert board.free_spots() == free
    pairs = [(board.coords(m.a), board.coords(m.b)) for m in board.legal_pairs()]
    assert len(pairs) == len(set(pairs))
    assert {tuple(sorted(pq)) for pq in pairs} == ref.pairs()
    assert board.legal_pairs().count() == len(ref.pairs())
    assert bool(board.legal_pairs()) == bool(ref.pairs())
    assert board.is_deadlocked() == (bool(tiles) and not ref.pairs())
    for m in board.legal_pairs():
        assert m.a < m.b and m.path == ()
        assert board.match(m.a, m.b) == m == board.match(m.b, m.a)
        assert board.why_not(m.a, m.b) == ""


# ----------------------------------------------------------------- properties


@settings(max_examples=150, deadline=None)
@given(boards())
def test_free_and_pairs_match_the_rulebook(board: StackBoard) -> None:
    assert_same(board, reference_of(board))


@settings(max_examples=100, deadline=None)
@given(boards(), st.data())
def test_every_pair_of_spots_is_judged_like_the_rulebook(
    board: StackBoard, data: st.DataObject
) -> None:
    ref = reference_of(board)
    n = len(board.layout.positions)
    legal = ref.pairs()
    for _ in range(20):
        a = data.draw(st.integers(0, n - 1))
        b = data.draw(st.integers(0, n - 1))
        pa, pb = board.layout.positions[a], board.layout.positions[b]
        expected = tuple(sorted((pa, pb))) in legal
        assert (board.match(a, b) is not None) == expected
        reason = board.why_not(a, b)
        if expected:
            assert reason == ""
        elif pa not in ref.faces or pb not in ref.faces:
            assert reason == "empty"
        elif a == b:
            assert reason == "same"
        elif not (ref_free(set(ref.faces), pa) and ref_free(set(ref.faces), pb)):
            assert reason == "not free"
        elif ref.cracks.get(pa, 0) or ref.cracks.get(pb, 0):
            assert reason == "stone"
        else:
            assert not tiles_match(ref.faces[pa], ref.faces[pb])
            assert reason == "not a match"


@settings(max_examples=120, deadline=None)
@given(boards(), st.randoms(use_true_random=False))
def test_playing_follows_the_rulebook_and_pop_restores_exactly(board: StackBoard, rng) -> None:
    ref = reference_of(board)
    start_key, start_free = board.key(), board.free_spots()
    start_pairs = list(board.legal_pairs())
    played: list[Match] = []
    snapshots = []
    while True:
        pairs = list(board.legal_pairs())
        if not pairs:
            break
        move = rng.choice(pairs)
        snapshots.append((board.key(), board.free_spots(), board.stones()))
        before_selectable = board.selectable_spots()
        before_free = board.free_spots()
        predicted = board.freed_by(move)
        board.push(move)
        ref.remove(board.coords(move.a), board.coords(move.b))
        played.append(move)
        assert_same(board, ref)
        freed = board.freed_by(move)
        assert freed == predicted
        gained = (board.free_spots() & ~before_free) | (
            board.selectable_spots() & ~before_selectable
        )
        assert freed == [s for s in board.spots() if gained >> s & 1]
    assert board.is_cleared() == (not ref.faces)
    assert board.move_stack == played
    while played:
        key, free, stones = snapshots.pop()
        assert board.pop() == played.pop()
        assert board.key() == key
        assert board.stones() == stones
        assert board.free_spots() == free
    assert board.key() == start_key
    assert board.free_spots() == start_free
    assert list(board.legal_pairs()) == start_pairs


@settings(max_examples=60, deadline=None)
@given(boards(), st.randoms(use_true_random=False))
def test_copy_is_independent(board: StackBoard, rng) -> None:
    clone = board.copy()
    pairs = list(board.legal_pairs())
    if pairs:
        clone.push(rng.choice(pairs))
        assert clone.key() != board.key()
        assert list(board.legal_pairs()) == pairs
        clone.pop()
    assert clone.key() == board.key()
    assert list(clone.legal_pairs()) == pairs


@settings(max_examples=60, deadline=None)
@given(boards(stones=False))
def test_groups_partition_the_tiles(board: StackBoard) -> None:
    groups = board.groups()
    union = 0
    for mask in groups.values():
        assert mask and not union & mask
        union |= mask
    assert union == board.occupied
    for m in board.legal_pairs():
        assert any(mask >> m.a & 1 and mask >> m.b & 1 for mask in groups.values())
    for spot in board.spots():
        expected = sum(
            1 << o
            for o in board.spots()
            if o != spot and tiles_match(board.face(spot) or "", board.face(o) or "")
        )
        assert board.partners[spot] & board.occupied == expected
        assert bool(board.black >> spot & 1) == (board.face(spot) or "").startswith("b")


def ref_related(p: Pos, q: Pos, table: str) -> bool:
    """The geometry tables in the rulebook's words."""
    same_row = p[2] == q[2] and abs(q[1] - p[1]) <= 1
    return {
        "cover": q[2] > p[2] and ref_overlaps(p, q),
        "under": q[2] < p[2] and ref_overlaps(p, q),
        "above": q[2] == p[2] + 1 and ref_overlaps(p, q),
        "below": q[2] == p[2] - 1 and ref_overlaps(p, q),
        "left": same_row and q[0] == p[0] - 2,
        "right": same_row and q[0] == p[0] + 2,
        "touch": ref_touches(p, q),
    }[table]


@settings(max_examples=60, deadline=None)
@given(st.lists(candidate, min_size=1, max_size=40))
def test_geometry_tables_match_their_definitions(cands: list[Pos]) -> None:
    positions = tuple(sorted(set(cands)))
    geo = stack_geometry(positions)
    for table in ("cover", "under", "above", "below", "left", "right", "touch"):
        masks = getattr(geo, table)
        for s, p in enumerate(positions):
            expected = sum(
                1 << o for o, q in enumerate(positions) if o != s and ref_related(p, q, table)
            )
            assert masks[s] == expected, (table, p)
    clashes = {
        (i, j)
        for i, p in enumerate(positions)
        for j, q in enumerate(positions)
        if i < j and p[2] == q[2] and ref_overlaps(p, q)
    }
    assert set(geo.clashes) == clashes
    floating = {
        s
        for s, p in enumerate(positions)
        if p[2] > 0 and not any(ref_related(p, q, "below") for q in positions)
    }
    assert set(geo.floating) == floating


@settings(max_examples=50, deadline=None)
@given(boards())
def test_explain_names_the_blockers_of_the_rulebook(board: StackBoard) -> None:
    tiles = {board.coords(s): s for s in board.spots()}
    for spot in board.spots():
        p = board.coords(spot)
        x, y, z = p
        info = board.explain(spot)
        covering = sorted(s for q, s in tiles.items() if q[2] > z and ref_overlaps(p, q))
        beside = {
            side: sorted(
                s
                for q, s in tiles.items()
                if q[2] == z and q[0] == x + 2 * side and abs(q[1] - y) <= 1
            )
            for side in (-1, 1)
        }
        assert list(info.covered_by) == covering
        assert (list(info.left), list(info.right)) == (beside[-1], beside[1])
        assert info.free == ref_free(set(tiles), p)
        assert info.selectable == board.is_selectable(spot)
        assert info.stone_cracks_left == board.cracks(spot)
        named = covering + (beside[-1] + beside[1] if beside[-1] and beside[1] else [])
        for blocker in named:
            assert board.tile_label(blocker) in info.sentence
        assert info.sentence.endswith("can be selected.") == info.selectable


@settings(max_examples=80, deadline=None)
@given(boards(stones=False), st.randoms(use_true_random=False))
def test_free_without_is_the_free_rule_after_removing_a_pair(board: StackBoard, rng) -> None:
    """``geometry.free_without`` (what ``push`` and the generators use) equals the
    rulebook's free set of the occupancy left once any two tiles are taken off."""
    geometry = board.geometry
    occupied = board.occupied
    free = geometry.free_mask(occupied)
    while occupied.bit_count() >= 2:
        spots = [s for s in range(len(geometry.positions)) if occupied >> s & 1]
        a, b = rng.sample(spots, 2)
        free = geometry.free_without(free, occupied, a, b)
        occupied &= ~((1 << a) | (1 << b))
        left = [s for s in spots if occupied >> s & 1]
        tiles = {geometry.positions[s] for s in left}
        want = sum(1 << s for s in left if ref_free(tiles, geometry.positions[s]))
        assert free == want


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(["turtle", "pyramid", "fortress"]), st.randoms(use_true_random=False))
def test_free_without_on_built_in_layouts(name: str, rng) -> None:
    from tilematch.engine import layouts

    geometry = stack_geometry(layouts.get(name).positions)
    occupied = geometry.full
    free = geometry.free_mask(occupied)
    while occupied:
        spots = [s for s in range(len(geometry.positions)) if occupied >> s & 1]
        a, b = rng.sample(spots, 2)
        free = geometry.free_without(free, occupied, a, b)
        occupied &= ~((1 << a) | (1 << b))
        assert free == geometry.free_mask(occupied)


@settings(max_examples=80, deadline=None)
@given(st.lists(candidate, min_size=1, max_size=40), st.randoms(use_true_random=False))
def test_free_cells_is_the_free_rule_on_the_cell_board(cands: list[Pos], rng) -> None:
    """``CellBoard.free_cells`` (the free rule for every tile at once, which the solver
    uses) equals the rulebook's free set for any positions, clashing ones included,
    and any occupancy; every position has its own cell."""
    positions = tuple(sorted(set(cands)))
    geo = stack_geometry(positions)
    cells = cell_board(geo)
    assert len(set(cells.cell)) == len(positions)
    for _ in range(6):
        occupied = rng.getrandbits(len(positions))
        tiles = {positions[s] for s in range(len(positions)) if occupied >> s & 1}
        want = sum(
            1 << cells.cell[s]
            for s in range(len(positions))
            if occupied >> s & 1 and ref_free(tiles, positions[s])
        )
        assert cells.free_cells(cells.to_cells(occupied)) == want
        assert cells.to_cells(geo.free_mask(occupied)) == want


@settings(max_examples=20, deadline=None)
@given(st.randoms(use_true_random=False))
def test_free_cells_on_built_in_layouts(rng) -> None:
    from tilematch.engine import layouts

    for name in layouts.names():
        geometry = stack_geometry(layouts.get(name).positions)
        board = cell_board(geometry)
        occupied = rng.getrandbits(len(geometry.positions))
        cells = board.free_cells(board.to_cells(occupied))
        assert cells == board.to_cells(geometry.free_mask(occupied)), name
