"""The validator reports every problem of a layout with its tile; exporters round-trip."""

from __future__ import annotations

import pytest

from tilematch.engine import layouts
from tilematch.engine.layouts import catalogue, validate
from tilematch.engine.layouts.layout import LayoutError, check_positions


def codes(positions: list[object], **limits: int) -> list[tuple[str, object]]:
    return [(p.code, p.tile) for p in validate.problems(positions, **limits)]  # type: ignore[arg-type]


def test_a_playable_layout_has_no_problems() -> None:
    for entry in catalogue.entries()[::17]:
        assert validate.problems(entry.layout.positions) == []


def test_every_problem_is_reported_with_its_tile() -> None:
    tiles = [(0, 0, 0), (1, 1, 0), (0, 0, 0), (8, 8, 1), (2, 0, 0), (4, 0, 0), (6, 0, 0)]
    found = validate.problems(tiles)
    assert [(p.code, p.index, p.tile, p.other) for p in found] == [
        ("overlap", 1, (1, 1, 0), (0, 0, 0)),
        ("repeat", 2, (0, 0, 0), (0, 0, 0)),
        ("floating", 3, (8, 8, 1), None),
        ("odd_count", None, None, None),
    ]
    assert found[0].message == "tile at (1, 1, 0) overlaps the tile at (0, 0, 0)"
    assert found[0].to_json()["tile"] == [1, 1, 0]


def test_limits_and_malformed_entries() -> None:
    assert codes([(0, 0, 0), (2, 0, 0), (4, 0, 0)], max_tiles=2) == [
        ("too_many", (4, 0, 0)),
        ("odd_count", None),
    ]
    assert codes([(0, 0, 0), (50, 0, 0)], max_coord=40) == [("out_of_range", (50, 0, 0))]
    assert codes([(0, 0, 0), (2, 0)]) == [("not_a_tile", None)]
    assert codes([(0, 0, 0), (2.0, 0, 0)]) == [("not_a_tile", None)]
    assert codes([(0, 0, 0), (True, 0, 0)]) == [("not_a_tile", None)]
    assert codes([]) == [("empty", None)]


@pytest.mark.parametrize(
    "positions",
    [
        [(0, 0, 0), (1, 0, 0)],
        [(0, 0, 0), (4, 4, 1)],
        [(0, 0, 0), (2, 0, 0), (4, 0, 0)],
        [(0, 0, 0), (0, 0, 0)],
    ],
)
def test_the_validator_agrees_with_check_positions(positions: list[tuple[int, int, int]]) -> None:
    problems = validate.problems(positions)
    with pytest.raises(LayoutError) as refused:
        check_positions(positions, "x")
    assert problems and problems[0].message in str(refused.value)


def test_titles() -> None:
    assert validate.check_title("  Dragon's Lair ") == "Dragon's Lair"
    for bad, why in (
        ("", "cannot be empty"),
        ("   ", "cannot be empty"),
        ("x" * 61, "at most 60 characters, not 61"),
        ("a\nb", "character 2 of the title is a control character"),
        (7, "a layout title is text, not int"),
    ):
        with pytest.raises(LayoutError, match=f"^name: .*{why}"):
            validate.check_title(bad, "name")


@pytest.mark.parametrize("entry", catalogue.entries()[23::9], ids=lambda e: e.layout.name)
def test_designed_layouts_round_trip_through_every_format(entry: catalogue.Entry) -> None:
    layout = entry.layout
    writers = [
        (layouts.write_kmahjongg, "x.layout"),
        (layouts.write_gnome, "x.map"),
    ]
    if layouts.fits_kyodai(layout):
        writers.append((layouts.write_kyodai, "x.lay"))
    for write, name in writers:
        again = layouts.read_layout(write(layout), name)
        assert again.positions == layout.positions and again.warnings == ()


def test_editor_problems_name_each_tile_beyond_the_editor_limits() -> None:
    row = [(2 * i, 0, 0) for i in range(4)]
    assert validate.editor_problems(row) == []
    beyond = [*row, (63, 0, 0), (0, 39, 0), (0, 4, 10), (0, 8, 0)]
    found = validate.editor_problems(beyond)
    codes = [(p.code, p.tile) for p in found]
    assert ("out_of_bounds", (63, 0, 0)) in codes and ("out_of_bounds", (0, 39, 0)) in codes
    assert ("floating", (0, 4, 10)) in codes and ("out_of_bounds", (0, 4, 10)) in codes
    assert all(p.index is not None for p in found)  # eight tiles: even, not too few
    many = [(2 * (i % 31), 2 * (i // 31), 0) for i in range(validate.EDITOR_TILES + 2)]
    too_many = [p for p in validate.editor_problems(many) if p.code == "too_many"]
    assert [p.index for p in too_many] == [validate.EDITOR_TILES, validate.EDITOR_TILES + 1]
    assert [p.code for p in validate.editor_problems(row[:2])] == ["too_few"]
    assert [p.code for p in validate.editor_problems([(0, 0)])] == [
        "not_a_tile",
        "odd_count",
        "too_few",
    ]


def test_every_built_in_layout_fits_the_editor() -> None:
    for entry in catalogue.entries():
        assert validate.editor_problems(entry.layout.positions) == [], entry.layout.name
