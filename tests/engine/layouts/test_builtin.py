"""Built-in layouts, the layout checks and the lookup API."""

import hashlib
import random
from collections.abc import Iterable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tilematch.engine import layouts
from tilematch.engine.layouts.layout import (
    MAX_TILES,
    Layout,
    LayoutError,
    Position,
    check_positions,
    unsupported,
)

ALL = layouts.builtin()
#: The hand-drawn layouts (the designed ones are tested in test_catalogue.py).
HAND = [layouts.get(name) for name in layouts.HAND_DRAWN]
#: Shapes that are not symmetric on purpose: the Turtle's three side tiles, the
#: dragon's head, the spiral's single arm and the raised light half of the yin-yang discs.
ASYMMETRIC = {"turtle", "dragon", "spiral", "yin-yang", "balance"}


def overlaps(a: Position, b: Position) -> bool:
    return a[2] == b[2] and abs(a[0] - b[0]) < 2 and abs(a[1] - b[1]) < 2


def rests_on(a: Position, b: Position) -> bool:
    return b[2] == a[2] - 1 and abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1


def playable_reference(positions: list[Position]) -> bool:
    """Slow pairwise reference for check_positions."""
    if not positions or len(positions) % 2 or len(positions) > MAX_TILES:
        return False
    for i, a in enumerate(positions):
        if any(overlaps(a, b) for b in positions[i + 1 :]):
            return False
        if a[2] > 0 and not any(rests_on(a, b) for b in positions):
            return False
    return True


def free(tile: Position, left: set[Position]) -> bool:
    """docs/rules.md §3 free rule, written out directly."""
    x, y, z = tile
    if any(t[2] > z and abs(t[0] - x) <= 1 and abs(t[1] - y) <= 1 for t in left):
        return False
    side = {t[0] - x for t in left if t[2] == z and abs(t[1] - y) <= 1}
    return -2 not in side or 2 not in side


def clears_in_pairs(positions: Iterable[Position], tries: int = 40) -> bool:
    """Whether some order removes all tiles two free tiles at a time (faces aside)."""
    rng = random.Random(7)
    for _ in range(tries):
        left = set(positions)
        while left:
            free_now = sorted(t for t in left if free(t, left))
            if len(free_now) < 2:
                break
            # Prefer tiles on high layers: they unlock the most.
            free_now.sort(key=lambda t: (-t[2], rng.random()))
            left -= set(free_now[:2])
        if not left:
            return True
    return False


def test_there_are_enough_distinct_layouts() -> None:
    assert len(ALL) >= 21
    assert len({layout.name for layout in ALL}) == len(ALL)
    assert len({layout.title.lower() for layout in ALL}) == len(ALL)
    assert layouts.names() == [layout.name for layout in ALL]
    assert ALL[0].name == "turtle"


def test_the_seed_families_are_present() -> None:
    families = {layout.family for layout in ALL}
    assert {"Turtle", "Pyramid", "Tower", "Dragon", "Spiral", "Yin-Yang"} <= families


def test_sizes_are_varied() -> None:
    sizes = [layout.size for layout in ALL]
    assert min(sizes) >= 36
    assert any(s <= 60 for s in sizes) and any(s > 144 for s in sizes)
    assert len(set(sizes)) >= 15


@pytest.mark.parametrize("layout", ALL, ids=lambda layout: layout.name)
def test_each_builtin_is_playable(layout: Layout) -> None:
    positions = list(layout.positions)
    assert layout.size % 2 == 0
    assert layout.name == layout.name.lower() and " " not in layout.name
    assert layout.title and layout.family and layout.description
    assert playable_reference(positions)
    check_positions(positions, layout.name)
    assert min(p[0] for p in positions) == 0 and min(p[1] for p in positions) == 0
    assert clears_in_pairs(positions), "no order removes every tile in free pairs"


@pytest.mark.parametrize(
    "layout",
    [x for x in HAND if x.name not in ASYMMETRIC],
    ids=lambda layout: layout.name,
)
def test_builtin_shapes_are_symmetric(layout: Layout) -> None:
    width, height, _ = layout.bounds
    tiles = set(layout.positions)
    mirrored = {(width - 2 - x, y, z) for x, y, z in tiles}
    turned = {(width - 2 - x, height - 2 - y, z) for x, y, z in tiles}
    assert tiles in (mirrored, turned)


def test_turtle_is_the_classic_shape() -> None:
    turtle = layouts.get("turtle")
    assert turtle.size == 144
    assert turtle.layer_counts() == (87, 36, 16, 4, 1)
    assert turtle.bounds == (30, 16, 5)
    assert (13, 7, 4) in turtle.positions  # the cap, half a tile off the grid
    assert {(0, 7, 0), (26, 7, 0), (28, 7, 0)} <= set(turtle.positions)  # the side tiles
    rows = [sum(1 for x, y, z in turtle.positions if z == 0 and y == 2 * r) for r in range(8)]
    assert rows == [12, 8, 10, 12, 12, 10, 8, 12]
    assert all(x % 2 == 0 and y % 2 == 0 for x, y, z in turtle.positions if 1 <= z <= 3)
    assert layouts.fits_kyodai(turtle)


def test_get_ignores_case_and_accepts_display_names() -> None:
    assert layouts.get("TURTLE") is layouts.get("turtle")
    assert layouts.get("Great Pyramid").name == "pyramid"
    assert layouts.get(" yin_yang ").name == "yin-yang"


def test_unknown_name_lists_the_known_ones() -> None:
    with pytest.raises(layouts.UnknownLayoutError) as caught:
        layouts.get("turtel")
    assert isinstance(caught.value, KeyError) and isinstance(caught.value, LayoutError)
    assert "turtel" in str(caught.value) and "turtle" in str(caught.value)
    assert not str(caught.value).startswith("'")


def test_builtin_returns_a_fresh_list() -> None:
    first = layouts.builtin()
    first.clear()
    assert len(layouts.builtin()) == len(ALL)


def test_resolve_prefers_names_and_reads_files() -> None:
    seen: list[str] = []

    def read(path: str) -> str:
        seen.append(path)
        return layouts.write_gnome(layouts.get("balance"))

    assert layouts.resolve("Turtle", read).name == "turtle"
    assert seen == []
    assert layouts.resolve("my.map", read).positions == layouts.get("balance").positions
    assert seen == ["my.map"]
    with pytest.raises(LayoutError, match=r"unknown layout 'turtel'.*turtle"):
        layouts.resolve("turtel", read)
    with pytest.raises(LayoutError, match="unknown layout"):
        layouts.resolve("some.map")  # no reader: the engine reads no files


def test_svg_pictures() -> None:
    turtle = layouts.get("turtle")
    svg = layouts.layout_svg(turtle)
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    assert svg.count("<rect") == 1 + 2 * 144
    assert "Turtle" in svg and "144 tiles" in svg
    assert layouts.layout_svg(turtle) == svg
    bare = layouts.layout_svg(turtle, caption=False)
    assert "<text" not in bare


# ----------------------------------------------------------------- check_positions

ERRORS = [
    ([], "no tiles"),
    ([(0, 0, 0)], "odd number of tiles"),
    ([(0, 0, 0), (0, 0, 0)], r"tile at \(0, 0, 0\) repeats"),
    ([(0, 0, 0), (1, 1, 0)], r"\(1, 1, 0\) overlaps the tile at \(0, 0, 0\)"),
    ([(0, 0, 0), (2, 0, 0), (4, 0, 1), (6, 0, 0)], r"\(4, 0, 1\) rests on nothing"),
    ([(0, 0, 0), (0, 0, 2)], r"\(0, 0, 2\) rests on nothing"),
    ([(0, 0, 0), (-2, 0, 0)], "outside"),
    ([(0, 0, 0), (0, 0)], "not three whole numbers"),
    ([(0, 0, 0), (2.0, 0, 0)], "not three whole numbers"),
    ([(2 * (i % 50), 2 * (i // 50), 0) for i in range(MAX_TILES + 2)], "more than 2000 tiles"),
]


@pytest.mark.parametrize(("positions", "message"), ERRORS)
def test_check_positions_names_the_problem(positions: list[Position], message: str) -> None:
    with pytest.raises(LayoutError, match=message) as caught:
        check_positions(positions, "my.layout")
    assert str(caught.value).startswith("my.layout: ")


def test_check_positions_says_where() -> None:
    with pytest.raises(LayoutError, match=r"^f: line 9: tile at \(3, 0, 1\) rests on nothing"):
        check_positions([(0, 0, 0), (3, 0, 1)], "f", where=["line 2", "line 9"])


def side_by_side(a: Position, b: Position) -> bool:
    """Same layer, one edge against the other (not just a corner)."""
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    return a[2] == b[2] and ((dx == 2 and dy <= 1) or (dy == 2 and dx <= 1))


def held_reference(positions: list[Position], bridges: bool) -> set[Position]:
    """Grow the set of held tiles until nothing changes: layer 0, tiles resting on a
    tile below, and (bridges) tiles side by side with a held tile of their layer."""
    held = {p for p in positions if p[2] == 0}
    changed = True
    while changed:
        changed = False
        for p in positions:
            if p in held:
                continue
            if any(rests_on(p, q) for q in positions) or (
                bridges and any(q in held and side_by_side(p, q) for q in positions)
            ):
                held.add(p)
                changed = True
    return held


@settings(max_examples=80, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(0, 12), st.integers(0, 8), st.integers(0, 3)),
        max_size=30,
        unique=True,
    ),
    st.booleans(),
)
def test_unsupported_agrees_with_reference(positions: list[Position], bridges: bool) -> None:
    held = held_reference(positions, bridges)
    want = [i for i, p in enumerate(positions) if p not in held]
    assert unsupported(positions, bridges=bridges) == want


def test_bridges_are_allowed_only_when_asked() -> None:
    # Two piers on layer 0, a span of five tiles on layer 1 resting on the ends,
    # and a ledge held out from the end of the span.
    span = [(0, 0, 0), (8, 0, 0)] + [(x, 0, 1) for x in range(0, 11, 2)]
    with pytest.raises(LayoutError, match=r"tile at \(2, 0, 1\) rests on nothing"):
        check_positions(span, "strict")
    check_positions(span, "bridged", bridges=True)
    # a span that touches the piers only at their edges is held by nothing
    loose = [(0, 0, 0), (12, 0, 0)] + [(x, 0, 1) for x in range(2, 11, 2)] + [(0, 4, 0)]
    with pytest.raises(
        LayoutError,
        match=r"^loose: tile at \(2, 0, 1\) rests on nothing \(no tile under it on "
        r"layer 0, nor a chain of tiles beside it that rests on one\)",
    ):
        check_positions(loose, "loose", bridges=True)
    # corners do not hold: the tile at (2, 2, 1) meets the held (0, 0, 1) at a corner only
    corner = [(0, 0, 0), (0, 0, 1), (2, 2, 1), (6, 6, 0)]
    assert unsupported(corner, bridges=True) == [2]


def test_half_tile_offsets_are_fine() -> None:
    check_positions([(0, 0, 0), (2, 0, 0), (1, 0, 1), (4, 1, 0)], "ok")


small_positions = st.lists(
    st.tuples(st.integers(0, 7), st.integers(0, 7), st.integers(0, 2)), max_size=10
)


@settings(max_examples=300, deadline=None)
@given(small_positions)
def test_check_positions_agrees_with_the_reference(positions: list[Position]) -> None:
    try:
        check_positions(positions, "p")
    except LayoutError:
        assert not playable_reference(positions)
    else:
        assert playable_reference(positions)


#: Every built-in layout's tile count and a digest of its positions. Deals,
#: the Daily Challenge and the campaign levels depend on these shapes: a change
#: here changes boards, so it needs a new generator or campaign version.
GOLDEN = {
    "turtle": (144, "16473c67bb7f2cab"),
    "pyramid": (120, "7cb529be5aedb323"),
    "little-pyramid": (50, "bfb768626752a444"),
    "ziggurat": (106, "c293395767d6c051"),
    "twin-pyramids": (112, "52f59e5c41f63c02"),
    "tower": (92, "af5a7a0d02daf032"),
    "twin-towers": (80, "b17013d48e6e74f8"),
    "watchtowers": (102, "d872513ab8863452"),
    "dragon": (56, "af1a4e51f9067ca0"),
    "dragon-pearl": (36, "501ef9da2049cc6e"),
    "spiral": (106, "6f078ab3412295da"),
    "whirlpool": (38, "dd6c3cbb94cb9b00"),
    "yin-yang": (206, "d60be6e7cbd8509a"),
    "balance": (104, "0f85d48828aed367"),
    "fortress": (82, "31782629d9c4eee1"),
    "bridge": (100, "185f79f434db2621"),
    "butterfly": (94, "537e88159d072d91"),
    "cross": (148, "09251c27a1cca090"),
    "temple": (158, "8eca410d3500ded3"),
    "diamond": (84, "14c2e6ca03e32f99"),
    "star": (78, "087cc1f68949a856"),
    "hourglass": (58, "60ab5e9e62f7936b"),
    "arena": (116, "8f4281ce13c410dc"),
}


def test_builtin_shapes_never_change_silently() -> None:
    found = {
        layout.name: (
            layout.size,
            hashlib.sha256(repr(layout.positions).encode()).hexdigest()[:16],
        )
        for layout in HAND
    }
    assert found == GOLDEN
