"""Writing layouts as KMahjongg, GNOME Mahjongg and Kyodai files, and reading them back."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tilematch.engine import layouts
from tilematch.engine.layouts.kyodai import COLUMNS, LEVELS, ROWS
from tilematch.engine.layouts.layout import Layout, LayoutError, Position, check_positions
from tilematch.engine.layouts.writers import (
    ENDINGS,
    ascii_stem,
    file_name,
    fit_kyodai,
    one_line,
    write_layout,
)

BUILTINS = layouts.builtin()


def read_back(layout: Layout, fmt: str) -> Layout:
    return layouts.read_layout(write_layout(layout, fmt), "back" + ENDINGS[fmt])


def translation(a: tuple[Position, ...], b: tuple[Position, ...]) -> tuple[int, int] | None:
    """The (dx, dy) that moves the positions ``a`` onto ``b``, or None when none does."""
    if len(a) != len(b) or not a:
        return None
    dx, dy = b[0][0] - a[0][0], b[0][1] - a[0][1]
    moved = tuple((x + dx, y + dy, z) for x, y, z in a)
    return (dx, dy) if moved == b else None


def fits_at_origin(layout: Layout) -> bool:
    width, height, depth = layout.bounds
    return width <= COLUMNS and height <= ROWS and depth <= LEVELS


@pytest.mark.parametrize("layout", BUILTINS, ids=lambda layout: layout.name)
def test_every_builtin_round_trips_through_every_format(layout: Layout) -> None:
    kmahjongg = write_layout(layout, "kmahjongg")
    assert kmahjongg.startswith("kmahjongg-layout-v1.1\n")
    assert read_back(layout, "kmahjongg").positions == layout.positions
    gnome = read_back(layout, "gnome")
    assert gnome.positions == layout.positions and gnome.title == layout.title
    try:
        kyodai = read_back(layout, "kyodai")
    except LayoutError as error:
        assert "does not fit a Kyodai file" in str(error)
        assert not fits_at_origin(layout)
        return
    assert kyodai.title == layout.title
    if fits_at_origin(layout):
        assert kyodai.positions == layout.positions
    else:
        assert translation(layout.positions, kyodai.positions) is not None


def test_most_builtins_fit_a_kyodai_file() -> None:
    fitting = 0
    for layout in BUILTINS:
        try:
            write_layout(layout, "kyodai")
        except LayoutError:
            continue
        fitting += 1
    assert fitting >= len(BUILTINS) // 2, fitting


def pile(draw: st.DrawFn, width: int, height: int, levels: int) -> list[Position]:
    candidates = draw(
        st.lists(
            st.tuples(
                st.integers(0, width - 2), st.integers(0, height - 2), st.integers(0, levels - 1)
            ),
            max_size=80,
        )
    )
    kept: list[Position] = []
    for x, y, z in sorted(candidates, key=lambda p: p[2]):
        if any(t[2] == z and abs(t[0] - x) < 2 and abs(t[1] - y) < 2 for t in kept):
            continue
        if z and not any(t[2] == z - 1 and abs(t[0] - x) <= 1 and abs(t[1] - y) <= 1 for t in kept):
            continue
        kept.append((x, y, z))
    if len(kept) % 2:
        kept.pop()  # the last kept is the highest: nothing rests on it
    if not kept:
        kept = [(0, 0, 0), (2, 0, 0)]
    check_positions(kept, "generated")
    return kept


@st.composite
def shifted_layouts(draw: st.DrawFn) -> Layout:
    """Playable layouts at half steps anywhere up to 120 cells out, with awkward titles."""
    kept = pile(draw, 30, 18, 5)
    dx, dy = draw(st.integers(0, 120)), draw(st.integers(0, 120))
    title = draw(st.sampled_from(["a", "Odd  Name", 'x<y>&"', "two\nlines", "a::b", "Été"]))
    return Layout("t", tuple((x + dx, y + dy, z) for x, y, z in kept), "Test", title=title)


@settings(max_examples=80, deadline=None)
@given(shifted_layouts())
def test_random_layouts_round_trip_with_the_translation_each_format_imposes(
    layout: Layout,
) -> None:
    assert read_back(layout, "kmahjongg").positions == layout.positions
    gnome = read_back(layout, "gnome")
    assert gnome.positions == layout.positions and gnome.title == one_line(layout.title)
    kyodai = read_back(layout, "kyodai")
    assert kyodai.title == one_line(layout.title)
    shift = translation(layout.positions, kyodai.positions)
    assert shift is not None
    if fits_at_origin(layout):
        assert shift == (0, 0)
    else:
        # moved into the middle of the grid: as much room on the left as on the right
        xs = [x for x, _, _ in kyodai.positions]
        assert abs(min(xs) - (COLUMNS - max(xs) - 2)) <= 1


def test_kyodai_refuses_a_layout_too_wide_naming_the_tile() -> None:
    wide = Layout("wide", tuple((x, 0, 0) for x in range(0, 36, 2)))  # 36 cells across
    with pytest.raises(LayoutError, match=r"wide: the tile at \(34, 0, 0\) does not fit"):
        write_layout(wide, "kyodai")
    tall = Layout("tall", tuple((0, y, 0) for y in range(0, 22, 2)) + ((2, 0, 0),))
    with pytest.raises(LayoutError, match=r"tile at \(0, 20, 0\).*22 cells down.*has 20"):
        write_layout(tall, "kyodai")
    tower = Layout("tower", tuple((0, 0, z) for z in range(6)))
    with pytest.raises(LayoutError, match=r"tile at \(0, 0, 5\).*level 6; Kyodai has 5 levels"):
        write_layout(tower, "kyodai")


def test_kyodai_moves_a_layout_that_fits_only_elsewhere() -> None:
    far = Layout("far", ((40, 30, 0), (42, 30, 0)))
    moved = fit_kyodai(far)
    assert moved.positions == ((15, 9, 0), (17, 9, 0))
    near = Layout("near", ((0, 0, 0), (2, 0, 0)))
    assert fit_kyodai(near) is near


def test_titles_are_written_on_one_line() -> None:
    layout = Layout("x", ((0, 0, 0), (2, 0, 0)), title="evil\nkmahjongg-layout-v1.0\r\n# x")
    text = write_layout(layout, "kmahjongg")
    assert text.splitlines()[1] == "# evil kmahjongg-layout-v1.0 # x"
    kyodai = write_layout(Layout("x", ((0, 0, 0), (2, 0, 0)), title="A::B\n0101"), "kyodai")
    assert kyodai.splitlines()[1] == "A:B 0101"
    assert read_back(Layout("x", ((0, 0, 0), (2, 0, 0)), title="\n\t"), "gnome").title == "x"


def test_file_names_are_plain_ascii_with_the_format_ending() -> None:
    turtle = layouts.get("turtle")
    assert [file_name(turtle, fmt) for fmt in ENDINGS] == [
        "turtle.layout",
        "turtle.map",
        "turtle.lay",
    ]
    assert ascii_stem("../../etc/passwd") == "etc-passwd"
    assert ascii_stem('Dragón "Ñ"; filename=x') == "dragon-n-filename-x"
    assert ascii_stem("日本") == "layout"
    assert len(ascii_stem("a" * 500)) == 60


def test_an_unknown_format_is_refused() -> None:
    turtle = layouts.get("turtle")
    with pytest.raises(LayoutError, match="unknown layout format 'svg'; use one of kmahjongg"):
        write_layout(turtle, "svg")
    with pytest.raises(LayoutError, match="unknown layout format"):
        file_name(turtle, "zip")
