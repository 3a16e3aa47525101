"""Reading and writing KMahjongg, GNOME Mahjongg and Kyodai layout files."""

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tilematch.engine import layouts
from tilematch.engine.layouts import catalogue
from tilematch.engine.layouts.common import slug
from tilematch.engine.layouts.layout import Layout, LayoutError, Position, check_positions
from tilematch.engine.layouts.svg import contact_sheet

DATA = Path(__file__).parent / "data"


def text(name: str) -> str:
    return (DATA / name).read_text(encoding="utf-8")


def layout_of(positions: list[Position], name: str = "test") -> Layout:
    return Layout(name, tuple(positions), "Test", title=name.title())


# ----------------------------------------------------------------- hand-written files


def test_kmahjongg_v11_file() -> None:
    layout = layouts.read_layout(text("layout_small_v11.layout"), "layout_small_v11.layout")
    assert set(layout.positions) == {
        (0, 0, 0),
        (2, 0, 0),
        (4, 0, 0),
        (1, 2, 0),
        (1, 0, 1),
        (3, 1, 1),
    }
    assert layout.name == "layout-small-v11" and layout.family == "Imported"


def test_kmahjongg_v10_file() -> None:
    layout = layouts.read_layout(text("layout_corners_v10.layout"), "corners.layout")
    assert layout.positions == ((0, 0, 0), (30, 14, 0))
    assert layout.title == "corners"


def test_gnome_file_first_map_by_default() -> None:
    layout = layouts.read_layout(text("layout_two_maps.map"), "two.map")
    assert set(layout.positions) == {
        (0, 0, 0),
        (2, 0, 0),
        (4, 0, 0),
        (0, 2, 0),
        (0, 4, 0),
        (3, 3, 0),
        (1, 0, 1),
        (3, 0, 1),
        (0, 2, 1),
        (4, 0, 2),
    }
    assert (layout.name, layout.title) == ("alpha", "Alpha")


def test_gnome_file_map_by_name() -> None:
    layout = layouts.read_layout(text("layout_two_maps.map"), "two.map", map_name="BETA")
    assert layout.positions == ((0, 0, 0), (2, 0, 0))
    with pytest.raises(LayoutError, match=r"two.map: no map named 'Gamma'; the file has 'Alpha'"):
        layouts.read_layout(text("layout_two_maps.map"), "two.map", map_name="Gamma")


def test_kyodai_file() -> None:
    layout = layouts.read_layout(text("layout_small.lay"), "small.lay")
    assert set(layout.positions) == {(0, 0, 0), (2, 0, 0), (1, 0, 1), (32, 18, 0)}
    assert (layout.name, layout.title) == ("hand-made", "Hand Made")
    # a category after '::' on the name line is not part of the name
    lines = text("layout_small.lay").split("\n")
    lines[0], lines[1] = "Kyodai 6.0", "Hand Made :: Tests"
    again = layouts.read_layout("\n".join(lines), "small.lay")
    assert (again.name, again.title, again.positions) == (
        "hand-made",
        "Hand Made",
        layout.positions,
    )
    assert "category Tests" in again.description


@pytest.mark.parametrize(
    ("name", "fmt"),
    [
        ("layout_small_v11.layout", "kmahjongg"),
        ("layout_two_maps.map", "gnome"),
        ("layout_small.lay", "kyodai"),
    ],
)
def test_format_from_content_when_the_ending_says_nothing(name: str, fmt: str) -> None:
    assert layouts.detect_format(text(name), "-") == fmt
    assert layouts.read_layout(text(name), "pasted").size > 0
    with pytest.raises(LayoutError, match="not a layout file"):
        layouts.detect_format("hello", "notes.txt")


def test_map_name_is_only_for_gnome_files() -> None:
    with pytest.raises(LayoutError, match="only applies to GNOME"):
        layouts.read_layout(text("layout_small.lay"), "small.lay", map_name="x")


# ----------------------------------------------------------------- malformed files

V11 = text("layout_small_v11.layout")
MAP = text("layout_two_maps.map")
LAY = text("layout_small.lay")


def kyodai_with(tiles: list[Position], header: str = "Kyodai 3.0") -> str:
    cells = ["0"] * 3400
    for x, y, z in tiles:
        cells[z * 680 + y * 34 + x] = "1"
    rows = ["".join(cells[i : i + 34]) for i in range(0, 3400, 34)]
    return "\n".join([header, "T", *rows]) + "\n"


BAD = [
    # KMahjongg
    ("k.layout", "kmahjongg-layout-v2.0\n", r"k.layout: line 1: not a KMahjongg layout"),
    ("k.layout", "", r"k.layout: line 1: not a KMahjongg layout"),
    ("k.layout", V11.replace("w6", "w0"), r"k.layout: line 3: size line 'w0' needs a whole number"),
    ("k.layout", V11.replace("h4\n", ""), r"k.layout: missing size line h<height>"),
    ("k.layout", V11.replace("w6", "w" + "9" * 5000), r"line 3: size line 'w999.*whole number"),
    ("k.layout", V11.replace("w6", "w\u00b2"), r"line 3: size line 'w\u00b2' needs a whole number"),
    ("k.layout", V11.replace("w6", "w\u0666"), r"line 3: size line 'w\u0666' needs a whole number"),
    ("k.layout", V11.replace("......\n", ""), r"found 7 rows of cells, expected 8"),
    ("k.layout", V11.replace(".12...\n.43...\n\n", ".12..\n.43...\n\n"), r"line 9: a row has 5"),
    ("k.layout", V11.replace("121212", "12x212"), r"line 7, column 3: unexpected character 'x'"),
    ("k.layout", V11.replace(".12...\n.4312.", "......\n...12."), r"odd number of tiles \(5\)"),
    (
        "k.layout",
        V11.replace(".12...\n.4312.\n...43.\n......", ".12...\n.43...\n....12\n....43"),
        r"line 15, column 5: tile at \(4, 2, 1\) rests on nothing",
    ),
    (
        "k.layout",
        "kmahjongg-layout-v1.1\nw3\nh2\nd1\n121\n43.\n",
        r"line 5, column 3: the tile at \(2, 0, 0\) sticks out of the 3 x 2 grid",
    ),
    (
        "k.layout",
        "kmahjongg-layout-v1.1\nw200\nh200\nd1\n" + ("12" * 100 + "\n" + "43" * 100 + "\n") * 100,
        r"k.layout: line 45, column 1: more than 2000 tiles",
    ),
    ("k.layout", "kmahjongg-layout-v1.1\nw2\nh2\nd1\n12\n", r"expected 2 \(1 layer of 2 rows\)"),
    # GNOME
    (
        "g.map",
        MAP.replace("</layer>", "</layr>", 1),
        r"g.map: line 9, column \d+: broken XML: mismatched tag",
    ),
    ("g.map", "<mahjongg>", r"g.map: line 1, column \d+: broken XML"),
    (
        "g.map",
        '<?xml version="1.0"?>\n<!DOCTYPE m [<!ENTITY a "aaaa">]>\n<mahjongg/>',
        r"g.map: line 2: DOCTYPE and ENTITY declarations are not allowed",
    ),
    ("g.map", "<maps><map/></maps>", r"g.map: line 1: <maps>: expected the root element"),
    ("g.map", "<mahjongg>\n</mahjongg>", r"line 1: <mahjongg>: the file holds no <map>"),
    ("g.map", MAP.replace('x="1.5"', 'x="1.3"'), r"line 8: <tile>: x='1.3' is not a multiple"),
    ("g.map", MAP.replace('x="1.5"', 'x="-1"'), r"line 8: <tile>: x='-1' is outside"),
    ("g.map", MAP.replace('x="1.5"', 'x="nan"'), r"line 8: <tile>: x='nan' is not a number"),
    ("g.map", MAP.replace(' y="1.5"', ""), r"line 8: <tile>: the attribute 'y' is missing"),
    ("g.map", MAP.replace('right="2"', 'right="-2"'), r"line 6: <row>: right='-2' is outside"),
    (
        "g.map",
        MAP.replace('right="2" y="0"', 'right="2" y="0" z="x"'),
        r"line 6: <row>: z='x' is not a layer number",
    ),
    ("g.map", MAP.replace("<tile x=", "<tyle x=", 1), r"line 8: <tyle>: unknown element"),
    ("g.map", MAP.replace('<tile x="1.5" y="1.5"/>', ""), r"odd number of tiles \(9\)"),
    (
        "g.map",
        MAP.replace('x="1.5" y="1.5"', 'x="1" y="0.5"'),
        r"line 8: <tile>: tile at \(2, 1, 0\) overlaps",
    ),
    (
        "g.map",
        MAP.replace('z="2"', 'z="3"'),
        r"line 14: <tile>: tile at \(4, 0, 3\) rests on nothing",
    ),
    (
        "g.map",
        '<mahjongg><map name="x"><block left="0" right="100" top="0" bottom="100"/>'
        "</map></mahjongg>",
        r"line 1: <block>: the element makes more than 2000 tiles",
    ),
    # Kyodai
    ("y.lay", LAY.replace("Kyodai", "Kyoto"), r"y.lay: line 1: not a Kyodai layout"),
    ("y.lay", "Kyodai 3.0", r"y.lay: line 2: the name line is missing"),
    ("y.lay", LAY.replace("1010", "10x0", 1), r"y.lay: line 3, column 3: unexpected character 'x'"),
    ("y.lay", LAY + "0\n", r"y.lay: line 103, column 1: more than 3,400 cells"),
    ("y.lay", LAY.rstrip("\n")[:-1], r"y.lay: wrong length: 3,399 cells, expected 3,400"),
    (
        "y.lay",
        kyodai_with([(0, 0, 0), (33, 0, 0)]),
        r"line 3, column 34: the tile at \(33, 0, 0\) sticks out",
    ),
    ("y.lay", kyodai_with([(0, 0, 0), (0, 19, 0)]), r"the tile at \(0, 19, 0\) sticks out"),
    (
        "y.lay",
        kyodai_with([(0, 0, 0), (1, 0, 0)]),
        r"line 3, column 2: tile at \(1, 0, 0\) overlaps",
    ),
    ("y.lay", kyodai_with([(0, 0, 0), (5, 5, 1)]), r"tile at \(5, 5, 1\) rests on nothing"),
    ("y.lay", kyodai_with([(0, 0, 0)]), r"odd number of tiles \(1\)"),
    ("y.lay", kyodai_with([]), r"y.lay: no tiles"),
    # any format
    ("big.map", "<" + "a" * 2_000_001, r"big.map: file is larger than 2,000,000 bytes"),
    ("big.lay", "Kyodai\nx\n" + "é" * 1_000_000, r"big.lay: file is larger than 2,000,000 bytes"),
]


@pytest.mark.parametrize(("filename", "content", "message"), BAD)
def test_bad_files_are_refused_with_a_clear_message(
    filename: str, content: str, message: str
) -> None:
    with pytest.raises(LayoutError, match=message) as caught:
        layouts.read_layout(content, filename)
    assert str(caught.value).startswith(f"{filename}: ")


BRIDGE_MAP = """<?xml version="1.0"?>
<!-- Two piers, a span across them on layer 1 and a ledge held out from it. -->
<mahjongg>
  <map name="Span" scorename="span">
    <layer z="0">
      <column x="0" top="0" bottom="1"/>
      <column x="4" top="0" bottom="1"/>
    </layer>
    <row z="1" y="0" left="0" right="4"/>
    <tile z="1" x="5" y="0"/>
  </map>
</mahjongg>
"""


def test_bridges_in_files_load_but_floating_tiles_do_not() -> None:
    # GNOME Mahjongg's own maps span gaps with rows of raised tiles held at their ends.
    layout = layouts.read_layout(BRIDGE_MAP, "span.map")
    assert layout.layer_counts() == (4, 6)
    assert (10, 0, 1) in layout.positions and (4, 0, 1) in layout.positions
    # the same span moved one tile to the right meets the piers only edge to edge
    loose = BRIDGE_MAP.replace('left="0" right="4"', 'left="1" right="3"').replace(
        '<tile z="1" x="5" y="0"/>', '<tile z="1" x="0" y="2"/>'
    )
    with pytest.raises(
        LayoutError, match=r"^span.map: line 9: <row>: tile at \(2, 0, 1\) rests on nothing"
    ):
        layouts.read_layout(loose, "span.map")


def test_too_many_tiles_in_a_gnome_file() -> None:
    rows = "".join(f'<row left="0" right="49" y="{y}"/>' for y in range(41))
    content = f'<mahjongg><map name="x">{rows}</map></mahjongg>'
    with pytest.raises(LayoutError, match=r"<row>: the map has more than 2000 tiles"):
        layouts.read_layout(content, "many.map")


def test_billion_laughs_is_refused_before_parsing() -> None:
    bomb = (
        '<?xml version="1.0"?>\n<!DOCTYPE lolz [\n<!ENTITY lol "lol">\n'
        + "".join(f'<!ENTITY lol{i} "{("&lol" + str(i - 1) + ";") * 10}">\n' for i in range(1, 10))
        + ']>\n<mahjongg><map name="&lol9;"/></mahjongg>'
    )
    with pytest.raises(LayoutError, match="DOCTYPE and ENTITY"):
        layouts.read_layout(bomb, "bomb.map")


# ----------------------------------------------------------------- writers and round trips

BUILTINS = layouts.builtin()


@pytest.mark.parametrize("layout", BUILTINS, ids=lambda layout: layout.name)
def test_builtins_round_trip_through_every_format(layout: Layout) -> None:
    kmahjongg = layouts.write_kmahjongg(layout)
    assert kmahjongg.startswith("kmahjongg-layout-v1.1\n")
    assert layouts.read_layout(kmahjongg, "x.layout").positions == layout.positions
    gnome = layouts.read_layout(layouts.write_gnome(layout), "x.map")
    assert gnome.positions == layout.positions and gnome.title == layout.title
    if layouts.fits_kyodai(layout):
        kyodai = layouts.read_layout(layouts.write_kyodai(layout), "x.lay")
        assert kyodai.positions == layout.positions and kyodai.title == layout.title
    else:
        with pytest.raises(LayoutError, match="Kyodai files hold at most"):
            layouts.write_kyodai(layout)


def test_most_builtins_fit_kyodai_and_the_turtle_fits_kmahjongg_v10() -> None:
    assert sum(layouts.fits_kyodai(layout) for layout in BUILTINS) >= 15
    turtle = layouts.get("turtle")
    again = layouts.read_layout(layouts.write_kmahjongg(turtle, "1.0"), "t.layout")
    assert again.positions == turtle.positions
    with pytest.raises(LayoutError, match=r"version 1\.0 files hold at most 32 x 16 x 5"):
        layouts.write_kmahjongg(layouts.get("yin-yang"), "1.0")
    with pytest.raises(LayoutError, match="unknown KMahjongg layout version"):
        layouts.write_kmahjongg(turtle, "2.0")


def test_gnome_writer_uses_rows_and_escapes_the_name() -> None:
    layout = Layout("q", ((0, 0, 0), (2, 0, 0), (4, 0, 0), (7, 0, 0)), title='Tom & "Jerry" <3')
    out = layouts.write_gnome(layout)
    assert '<row left="0" right="2" y="0"/>' in out and '<tile x="3.5" y="0"/>' in out
    assert layouts.read_layout(out, "q.map").title == layout.title


@st.composite
def valid_layouts(draw: st.DrawFn) -> Layout:
    """Random playable layouts: candidates kept when they neither overlap nor float."""
    candidates = draw(
        st.lists(st.tuples(st.integers(0, 30), st.integers(0, 16), st.integers(0, 4)), max_size=60)
    )
    kept: list[Position] = []
    for x, y, z in sorted(candidates, key=lambda p: p[2]):
        if any(t[2] == z and abs(t[0] - x) < 2 and abs(t[1] - y) < 2 for t in kept):
            continue
        if z and not any(t[2] == z - 1 and abs(t[0] - x) <= 1 and abs(t[1] - y) <= 1 for t in kept):
            continue
        kept.append((x, y, z))
    if len(kept) % 2:
        kept.pop()  # the highest tile: nothing rests on it
    if not kept:
        kept = [(0, 0, 0), (2, 0, 0)]
    check_positions(kept, "generated")
    return layout_of(kept, draw(st.sampled_from(["a", "Odd Name", "x<y>&'\""])))


@settings(max_examples=60, deadline=None)
@given(valid_layouts())
def test_round_trip_of_random_layouts(layout: Layout) -> None:
    for write, filename in (
        (layouts.write_kmahjongg, "r.layout"),
        (layouts.write_gnome, "r.map"),
        (layouts.write_kyodai, "r.lay"),
    ):
        assert layouts.read_layout(write(layout), filename).positions == layout.positions


# ----------------------------------------------------------------- the documentation

DOC = (Path(__file__).parents[3] / "docs" / "layouts.md").read_text(encoding="utf-8")


def test_documented_examples_read_as_described() -> None:
    kmahjongg = DOC.split("```\nkmahjongg-layout-v1.1\n", 1)[1].split("```", 1)[0]
    layout = layouts.read_layout("kmahjongg-layout-v1.1\n" + kmahjongg, "doc.layout")
    assert set(layout.positions) == {
        (0, 0, 0),
        (2, 0, 0),
        (4, 0, 0),
        (1, 2, 0),
        (1, 0, 1),
        (3, 1, 1),
    }
    gnome = DOC.split("```xml\n", 1)[1].split("```", 1)[0]
    steps = layouts.read_layout(gnome, "doc.map")
    assert steps.title == "Steps" and steps.layer_counts() == (4, 3, 1)


def test_documented_table_matches_the_builtins() -> None:
    assert f"{len(BUILTINS)} layouts of its own" in DOC
    pictures = Path(__file__).parents[3] / "docs" / "img" / "layouts"
    for layout in BUILTINS:
        row = f"| `{layout.name}` | {layout.title} | {layout.family} | {layout.size} |"
        assert row in DOC
    for name in layouts.HAND_DRAWN:
        assert f"img/layouts/{name}.svg" in DOC
        picture = pictures / f"{name}.svg"
        assert picture.read_text(encoding="utf-8") == layouts.layout_svg(layouts.get(name))
    for family in catalogue.families():
        members = [layout for layout in BUILTINS if layout.family == family]
        if len(members) > 1:
            sheet = f"family-{slug(family)}.svg"
            assert f"img/layouts/{sheet}" in DOC
            assert (pictures / sheet).read_text(encoding="utf-8") == contact_sheet(members)


def test_names_of_read_layouts() -> None:
    text = '<mahjongg><map name="  Café  Royal! "><row left="0" right="1" y="0"/></map></mahjongg>'
    layout = layouts.read_layout(text, "x.map")
    assert (layout.name, layout.title) == ("café-royal", "Café  Royal!")
    unnamed = layouts.read_layout(text.replace("  Café  Royal! ", ""), "dir/My Map.xml")
    assert (unnamed.name, unnamed.title) == ("my-map", "My Map")
