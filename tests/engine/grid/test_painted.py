"""Every problem of a painted Shisen-Sho outline, at its cell."""

from __future__ import annotations

from tilematch.engine.grid.painted import GROUP, outline_problems, painted_cells

LIMITS = {"height": (2, 20), "width": (2, 30)}


def codes(rows: list[object]) -> list[tuple[str, tuple[int, ...] | None]]:
    return [(p.code, p.tile) for p in outline_problems(rows, **LIMITS)]


def test_whole_groups_inside_the_limits_are_clean() -> None:
    assert codes(["####", "#..#", "#..#", "####"]) == []
    assert painted_cells(["#.", ".#"]) == [(0, 0), (1, 1)]


def test_each_cell_problem_names_its_cell() -> None:
    assert codes(["#?##", "####", "###", 5]) == [
        ("not_a_cell", (0, 1)),
        ("ragged", (2, 3)),
        ("not_a_row", (3, 0)),
        ("group_size", None),
    ]


def test_groups_of_four_say_how_many_to_add_or_remove() -> None:
    (problem,) = outline_problems(["###", "###"], **LIMITS)
    assert problem.code == "group_size" and GROUP == 4
    assert problem.message == "6 tiles are not whole groups of 4: add 2 or remove 2"


def test_the_size_limits_and_an_empty_grid() -> None:
    assert codes(["#" * 4]) == [("out_of_bounds", None)]  # one row
    assert codes(["###"] * 21) == [("out_of_bounds", None), ("group_size", None)]
    assert codes(["....", "...."]) == [("empty", None)]
    assert codes([]) == [("empty", None)]
