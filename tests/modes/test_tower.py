"""The Emperor's Tower table, unlocks and stars."""

from __future__ import annotations

import hashlib
import itertools
import json

import pytest

from tilematch.engine import layouts
from tilematch.engine.layouts import catalogue
from tilematch.modes import ModeError, Session, Settings, new_session, tower

RANK = {"relaxed": 0, "standard": 1, "zen_master": 2}


def test_one_hundred_fifty_levels_numbered_in_order() -> None:
    assert len(tower.LEVELS) == 150
    assert [lvl.level for lvl in tower.LEVELS] == list(range(1, 151))
    assert len({lvl.seed for lvl in tower.LEVELS}) == 150
    assert tower.level(150) is tower.LEVELS[-1]
    for bad in (0, 151, -1, True, "3"):
        with pytest.raises(ValueError):
            tower.level(bad)  # type: ignore[arg-type]


def test_table_is_pinned_for_version_1() -> None:
    """Changing any row means a new VERSION: players' progress refers to these boards."""
    v1 = tower.TOWERS[1]
    assert tower.GENERATOR_VERSIONS[1] == 1
    assert v1[0].to_json() == {
        "level": 1,
        "layout": "dragon-pearl",
        "difficulty": "relaxed",
        "stones": 0,
        "seed": 654533278,
    }
    assert v1[74].to_json() == {
        "level": 75,
        "layout": "balance",
        "difficulty": "standard",
        "stones": 3,
        "seed": 82778213,
    }
    assert v1[149].to_json() == {
        "level": 150,
        "layout": "yin-yang",
        "difficulty": "zen_master",
        "stones": 10,
        "seed": 165458895,
    }


def test_layouts_are_built_in_and_of_the_named_families() -> None:
    known = {layout.name: layout for layout in layouts.builtin()}
    for lvl in tower.TOWERS[1]:
        assert lvl.layout in known
        assert known[lvl.layout].family in {"Pyramid", "Tower", "Dragon", "Spiral", "Yin-Yang"}
        assert lvl.difficulty in RANK


@pytest.mark.parametrize("version", [1, 2])
def test_the_curve_goes_from_gentle_to_hard(version: int) -> None:
    sizes = {layout.name: len(layout.positions) for layout in layouts.builtin()}
    levels = tower.TOWERS[version]
    ranks = [RANK[lvl.difficulty] for lvl in levels]
    assert ranks == sorted(ranks)
    assert levels[0].stones == 0 and levels[-1].stones == 10
    blocks = [levels[i : i + 30] for i in range(0, 150, 30)]
    tiles = [sum(sizes[lvl.layout] for lvl in block) / len(block) for block in blocks]
    stones = [sum(lvl.stones for lvl in block) / len(block) for block in blocks]
    assert tiles == sorted(tiles) and stones == sorted(stones)
    for block in blocks:
        block_stones = [lvl.stones for lvl in block]
        assert block_stones == sorted(block_stones)


def test_unlock_rules() -> None:
    assert tower.unlocked([]) == {1}
    assert tower.unlocked([1]) == {1, 2}
    assert tower.unlocked([1, 2, 3]) == {1, 2, 3, 4}
    assert tower.unlocked([150]) == {1, 150}
    assert tower.unlocked([0, 999, "x"]) == {1}  # type: ignore[list-item]
    view = tower.campaign({1: 3, 2: 1})
    assert [(v["level"], v["unlocked"], v["stars"]) for v in view[:4]] == [
        (1, True, 3),
        (2, True, 1),
        (3, True, 0),
        (4, False, 0),
    ]


@pytest.mark.parametrize(
    ("cleared", "left", "shuffles", "expected"),
    [
        (False, 90.0, 0, 0),
        (True, 0.0, 0, 1),
        (True, 24.99, 0, 1),
        (True, 25.0, 0, 2),
        (True, 49.99, 0, 2),
        (True, 50.0, 0, 3),
        (True, 50.0, 1, 2),
        (True, 120.0, 0, 3),
    ],
)
def test_stars(cleared, left, shuffles, expected) -> None:
    assert (
        tower.stars(cleared=cleared, time_left=left, countdown=100.0, shuffles=shuffles) == expected
    )


@pytest.mark.parametrize("number", [1, 2, *range(10, 150, 17), 149, 150])
def test_levels_deal_with_their_stones_and_countdown(number) -> None:
    from tilematch.modes import Settings, new_session
    from tilematch.modes.blackwhite import DIFFICULTY_TABLE

    lvl = tower.level(number)
    session = new_session(Settings(game="blackwhite", mode="tower", level=number), 0.0)
    assert len(session.board.stones()) == lvl.stones
    size = len(layouts.get(lvl.layout).positions)
    assert session.tiles_total == size
    assert session.clock.remaining(0.0) == DIFFICULTY_TABLE[lvl.difficulty].seconds_per_tile * size
    stones = [t for t in session.view(0.0)["tiles"] if t["stone"]]
    assert len(stones) == lvl.stones
    assert all(not t["selectable"] and "stone" in t["blocked"] for t in stones)


def test_every_row_of_version_1_is_pinned() -> None:
    import hashlib
    import json

    rows = json.dumps([lvl.to_json() for lvl in tower.TOWERS[1]], sort_keys=True)
    digest = hashlib.sha256(rows.encode()).hexdigest()
    assert digest == "3267d3157470abd3f31f29f670016c0a925c36f50a671614bedabfae84e84818"
    assert tower.GENERATOR_VERSIONS[1] == 1


def test_a_level_fixes_its_board_and_refuses_other_values() -> None:
    from tilematch.modes import ModeError, Settings

    lvl = tower.level(7)
    fixed = Settings(game="blackwhite", mode="tower", level=7).validate()
    assert (fixed.layout, fixed.difficulty, fixed.seed, fixed.version) == (
        lvl.layout,
        lvl.difficulty,
        lvl.seed,
        tower.GENERATOR_VERSION,
    )
    assert fixed.validate() == fixed
    for field, value in (
        ("seed", lvl.seed + 1),
        ("layout", "turtle"),
        ("difficulty", "zen_master"),
        ("version", 2),
    ):
        with pytest.raises(ModeError, match=field):
            Settings(game="blackwhite", mode="tower", level=7, **{field: value}).validate()
    with pytest.raises(ModeError, match="level"):
        Settings(game="blackwhite", mode="tower", level=True).validate()  # type: ignore[arg-type]


def _digest(version: int) -> str:
    rows = json.dumps([lvl.to_json() for lvl in tower.TOWERS[version]])
    return hashlib.sha256(rows.encode()).hexdigest()


def test_every_tower_version_is_pinned() -> None:
    """A changed row of a released version would move a saved game to another board."""
    assert tower.VERSION == 3 and tower.LEVELS is tower.TOWERS[3]
    assert tower.GENERATOR_VERSIONS == {1: 1, 2: 3, 3: 3}
    assert tower.UNNAMED_TOWERS == {1: 1, 3: 2}
    assert _digest(1) == "4f357edb57df06c8f797d4350b8895ad0b114d847883a7268a3342d005f3624e"
    assert _digest(2) == "9ee17af8f7b03a8080622ca9cce6aa71754209be88ea43e0d4b6af5249fbf064"
    assert _digest(3) == "4584f2bc6e2e12201335720f67484a1acbee637d0158ad6c3bc9149238c3ca1d"


def test_version_3_is_version_2_dealt_hard_from_level_5() -> None:
    for old, new in zip(tower.TOWERS[2], tower.TOWERS[3], strict=True):
        assert (old.layout, old.difficulty, old.stones, old.seed) == (
            new.layout,
            new.difficulty,
            new.stones,
            new.seed,
        )
        assert old.deal is None
        assert new.deal == (None if new.level < tower.HARD_FROM else "hard")


def _faces(settings: Settings) -> list[str | None]:
    board = new_session(settings, now=0.0).board
    return [board.face(spot) for spot in board.spots()]


def test_a_save_without_a_tower_version_keeps_the_deal_of_version_2() -> None:
    """Games saved before version 3 name only their generator version (3)."""
    old = Settings(game="blackwhite", mode="tower", level=5, version=3).validate()
    new = Settings(game="blackwhite", mode="tower", level=5).validate()
    assert (old.tower, new.tower, old.version, new.version) == (2, 3, 3, 3)
    v2 = _faces(old)
    assert v2 != _faces(new)
    record = new_session(new, now=0.0).to_json()
    assert record["settings"]["tower"] == 3
    assert _faces(Session.from_json(record).settings) == _faces(new)
    legacy = new_session(old, now=0.0).to_json()
    del legacy["settings"]["tower"]  # as version 2 wrote it
    assert _faces(Session.from_json(legacy).settings) == v2
    # The first four levels keep their deal: the same board in both versions.
    assert _faces(Settings(game="blackwhite", mode="tower", level=4, version=3)) == _faces(
        Settings(game="blackwhite", mode="tower", level=4)
    )


def test_a_tower_version_is_checked() -> None:
    with pytest.raises(ModeError, match="unknown tower version 9"):
        Settings(game="blackwhite", mode="tower", level=5, tower=9).validate()
    with pytest.raises(ModeError, match="tower version 1 is dealt with generator version 1"):
        Settings(game="blackwhite", mode="tower", level=5, tower=1, version=3).validate()
    with pytest.raises(ModeError, match="belongs to the Emperor's Tower only"):
        Settings(game="blackwhite", mode="countdown", tower=3).validate()
    assert "tower" not in Settings(game="blackwhite", mode="countdown", seed=1).validate().to_json()
    v1 = Settings(game="blackwhite", mode="tower", level=40, tower=1).validate()
    assert (v1.version, v1.layout) == (1, tower.TOWERS[1][39].layout)


def test_version_2_climbs_150_different_layouts_by_stage_and_difficulty() -> None:
    known = {layout.name: layout for layout in layouts.builtin()}
    names = [lvl.layout for lvl in tower.TOWERS[2]]
    assert len(set(names)) == 150 and set(names) <= set(known)
    stages = [names[i : i + 30] for i in range(0, 150, 30)]
    for lower, upper in itertools.pairwise(stages):
        assert max(known[n].size for n in lower) <= min(known[n].size for n in upper)
    for stage in stages:
        measured = [catalogue.figures(n) for n in stage]
        scores = [f.difficulty for f in measured if f is not None]
        assert len(scores) == 30 and scores == sorted(scores)


def test_a_save_keeps_the_levels_of_its_own_tower_version() -> None:
    old = Settings(game="blackwhite", mode="tower", level=40, version=1).validate()
    assert (old.layout, old.seed) == (tower.TOWERS[1][39].layout, tower.TOWERS[1][39].seed)
    new = Settings(game="blackwhite", mode="tower", level=40).validate()
    assert new.version == 3 and new.layout == tower.TOWERS[2][39].layout
    assert old.layout != new.layout
    game = Session.from_json(new_session(old, now=0.0).to_json())
    assert game.settings.layout == old.layout and game.level == tower.TOWERS[1][39]
    with pytest.raises(ModeError, match="no tower version deals with generator version 2"):
        Settings(game="blackwhite", mode="tower", level=40, version=2).validate()


def test_every_level_of_the_current_version_deals_with_its_stones() -> None:
    for lvl in tower.LEVELS:
        game = new_session(Settings(game="blackwhite", mode="tower", level=lvl.level), now=0.0)
        assert game.settings.layout == lvl.layout
        assert game.view(now=0.0)["counters"]["tiles_left"] == known_size(lvl.layout)


def known_size(name: str) -> int:
    return layouts.get(name).size
