"""Reference data: layouts, the Tile Guide and the engine-drawn Learn Mode examples."""

from __future__ import annotations

from tilematch.engine import tiles


def test_tile_guide_lists_every_face_with_its_partners(client):
    guide = {t["code"]: t for t in client.get("/api/tiles").json()}
    assert set(tiles.ALL_SYMBOLS) <= set(guide)
    assert guide["5s"]["name"] == "5 of Bamboo" and guide["5s"]["partners"] == ["5s"]
    assert set(guide["1f"]["partners"]) == {"1f", "2f", "3f", "4f"}
    assert guide["b5s"]["partners"] == ["w5s"] and guide["b5s"]["game"] == "blackwhite"
    for code, entry in guide.items():
        assert all(tiles.tiles_match(code, other) for other in entry["partners"]), code


def test_layouts(client):
    layouts = client.get("/api/layouts").json()
    names = {layout["name"] for layout in layouts}
    assert "turtle" in names
    turtle = next(layout for layout in layouts if layout["name"] == "turtle")
    assert turtle["tiles"] == 144
    assert all(layout["tiles"] % 2 == 0 for layout in layouts)


def test_shapes_list_each_outline_with_its_rows(client):
    from tilematch.engine.grid.outlines import parse_shape

    shapes = client.get("/api/shapes").json()
    names = [shape["name"] for shape in shapes]
    assert "diamond" in names and len(names) == len(set(names)) >= 6
    for shape in shapes:
        outline = parse_shape("\n".join(shape["rows"]))
        assert outline.tiles == shape["tiles"]
        assert [outline.rows, outline.cols] == shape["size"]
        assert shape["title"] and shape["description"]


def test_learn_examples_come_from_the_engine(client):
    examples = {e["id"]: e for e in client.get("/api/learn").json()}
    covered = examples["covered"]
    focus = next(t for t in covered["tiles"] if t["spot"] == covered["focus"])
    assert focus["free"] is False and "covered" in covered["explanation"]
    closed = examples["sides-closed"]
    assert "both sides closed" in closed["explanation"]
    open_end = examples["one-side-open"]
    assert next(t for t in open_end["tiles"] if t["spot"] == open_end["focus"])["free"] is True
    freed = examples["freed"]
    assert freed["freed"] == [1, 2]
    stone = examples["stone"]
    assert next(t for t in stone["tiles"] if t["spot"] == stone["focus"])["stone"] == 2
    grid = examples["two-bends"]
    assert grid["path"][0] == [0, 0] and grid["path"][-1] == [2, 3]
    assert len(grid["path"]) <= 4 and any(-1 in point for point in grid["path"])
