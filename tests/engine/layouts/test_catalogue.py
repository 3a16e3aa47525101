"""The catalogue: 150 or more distinct, valid, frozen layouts, each with its figures."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

import pytest

from tilematch.engine import layouts
from tilematch.engine.deal import deal_layout
from tilematch.engine.deal.figures import measure_layout
from tilematch.engine.layouts import catalogue, designer
from tilematch.engine.layouts.builtin import SHAPES, normalised
from tilematch.engine.layouts.layout import Position, check_positions

ENTRIES = catalogue.entries()
DESIGNED = ENTRIES[len(SHAPES) :]
#: Designed layouts that are not mirror images of themselves left to right: the
#: shapes that ask for it (a dragon, a spiral, a yin-yang, a fish or an elephant
#: facing one way, a weave of shifted columns) and three half-tile pyramids that
#: gave up a tile to make whole groups of four.
ASYMMETRIC_FAMILIES = {"Dragon", "Spiral", "Yin-Yang"}
ASYMMETRIC = {
    "pyramid-6x6-3-1",
    "pyramid-10x8-3-1",
    "pyramid-12x8-3-1",
    "fish",
    "fish-tall",
    "elephant",
    "elephant-tall",
    "weave-16",
}


def mirror_forms(tiles: Iterable[Position]) -> set[tuple[Position, ...]]:
    """All four mirror images of ``tiles``, each moved to the origin (written apart
    from the designer's own :func:`~tilematch.engine.layouts.designer.canonical`)."""
    tiles = list(tiles)
    forms = set()
    for sx in (1, -1):
        for sy in (1, -1):
            moved = [(sx * x, sy * y, z) for x, y, z in tiles]
            left = min(x for x, _, _ in moved)
            top = min(y for _, y, _ in moved)
            forms.add(tuple(sorted((x - left, y - top, z) for x, y, z in moved)))
    return forms


def test_at_least_150_layouts_with_stable_ids_and_names() -> None:
    assert len(ENTRIES) >= 150
    assert [e.number for e in ENTRIES] == list(range(1, len(ENTRIES) + 1))
    assert len({e.layout.name for e in ENTRIES}) == len(ENTRIES)
    assert len({e.layout.title.lower() for e in ENTRIES}) == len(ENTRIES)
    assert [e.layout for e in ENTRIES] == layouts.builtin()
    for family in ("Pyramid", "Tower", "Dragon", "Spiral", "Yin-Yang", "Animal", "Character"):
        assert family in catalogue.families()


def test_no_two_layouts_are_the_same_up_to_translation_and_mirroring() -> None:
    seen: dict[tuple[Position, ...], str] = {}
    for entry in ENTRIES:
        forms = mirror_forms(entry.layout.positions)
        clash = next((seen[f] for f in forms if f in seen), None)
        assert clash is None, f"{entry.layout.name} repeats {clash}"
        seen.update(dict.fromkeys(forms, entry.layout.name))
        assert designer.canonical(entry.layout.positions) == min(forms)


def test_catalogue_version_1_is_pinned() -> None:
    """Changing a tile of a released layout would move saved games to another board."""
    assert catalogue.CATALOGUE_VERSION == 1
    rows = "\n".join(
        f"{e.layout.name}|{e.layout.title}|{e.layout.family}|{catalogue.encode(e.layout.positions)}"
        for e in ENTRIES
    )
    digest = hashlib.sha256(rows.encode()).hexdigest()
    assert digest == "34f1d5022d50e9957795015b0f7da6ea127feb4b09b75081cdd8d59748664e62"
    with pytest.raises(ValueError, match="unknown catalogue version 2"):
        catalogue.entries(2)


def test_the_hand_drawn_shapes_are_frozen_as_drawn() -> None:
    for shape, entry in zip(SHAPES, ENTRIES, strict=False):
        assert entry.layout.name == shape.name
        assert set(entry.layout.positions) == set(normalised(shape.build()))


@pytest.mark.parametrize("entry", DESIGNED, ids=lambda e: e.layout.name)
def test_designed_layouts_are_valid_whole_groups_and_symmetric(entry: catalogue.Entry) -> None:
    layout = entry.layout
    check_positions(layout.positions, layout.name)
    assert layout.size % 4 == 0 and 36 <= layout.size <= 252
    width = max(x for x, _, _ in layout.positions)
    mirrored = {(width - x, y, z) for x, y, z in layout.positions}
    symmetric = mirrored == set(layout.positions)
    expected = layout.family not in ASYMMETRIC_FAMILIES and layout.name not in ASYMMETRIC
    assert symmetric == expected or (symmetric and not expected)


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.layout.name)
def test_every_layout_deals_and_its_solution_clears_it(entry: catalogue.Entry) -> None:
    deal = deal_layout(entry.layout, seed=entry.number)
    board = deal.board.copy()
    for move in deal.solution:
        legal = board.match(move.a, move.b)
        assert legal is not None
        board.push(legal)
    assert board.is_cleared()


def test_every_layout_has_its_figures() -> None:
    for entry in ENTRIES:
        figures = entry.figures
        assert figures is not None, entry.layout.name
        assert figures.deals == 40 and figures.rated == 3
        assert 0 <= figures.solvable + figures.undecided <= figures.deals
        low, high = figures.interval
        assert low <= figures.solvable_share <= high
        assert 0.0 <= figures.difficulty <= 1.0
        data = entry.to_json()
        assert data["id"] == entry.layout.name and data["tiles"] == entry.layout.size
    shares = [e.figures.solvable_share for e in ENTRIES if e.figures is not None]
    assert min(shares) < 0.5 < max(shares)  # the figures tell layouts apart


@pytest.mark.parametrize("name", ["whirlpool", "dragon-pearl", "kou"])
def test_a_sample_agrees_with_the_stored_figures(name: str) -> None:
    stored = catalogue.figures(name)
    assert stored is not None and stored.undecided == 0
    again = measure_layout(
        layouts.get(name), deals=stored.deals, nodes=stored.nodes, rated=stored.rated
    )
    assert again == stored


def test_the_wilson_interval() -> None:
    low, high = catalogue.wilson(97, 100)
    assert round(low, 3) == 0.915 and round(high, 3) == 0.99
    assert catalogue.wilson(0, 0) == (0.0, 1.0)
