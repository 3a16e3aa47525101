"""The view of a layered board built by the engine: Learn Mode sentences, stones,
freed tiles and bounds."""

from __future__ import annotations

from tests.support.fakes import install
from tilematch.engine.layouts.layout import Layout
from tilematch.engine.stack.board import StackBoard
from tilematch.modes import Settings, new_session

MINI = Layout(name="mini", positions=((0, 0, 0), (2, 0, 0), (4, 0, 0), (2, 0, 1)))


def test_layered_view_explains_blocked_tiles_and_lists_freed_ones(monkeypatch) -> None:
    board = StackBoard(MINI, ["b1m", "b2m", "w2m", "w1m"], game="blackwhite", stones={1: 1})
    install(monkeypatch, [board])
    s = new_session(Settings(game="blackwhite", mode="zen", layout="mini", seed=1), 0.0)
    view = s.view(0.0)
    assert view["geometry"] == "stack"
    assert view["bounds"] == {"width": 6, "height": 2, "depth": 2}
    tiles = {t["spot"]: t for t in view["tiles"]}
    assert tiles[1]["selectable"] is False and tiles[1]["stone"] == 1
    assert "covered by" in tiles[1]["blocked"] and "stone" in tiles[1]["blocked"]
    assert tiles[1]["blockers"] == [0, 2, 3]  # both sides closed, and a tile rests on it
    assert tiles[0]["selectable"] and tiles[0]["blocked"] is None and tiles[0]["blockers"] == []
    assert tiles[3]["pos"] == [2, 0, 1]
    refused = s.act({"type": "match", "a": 1, "b": 2}, 0.5)
    assert refused.reason == "not free"  # covered by spot 3 (and a stone as well)
    assert s.act({"type": "match", "a": 0, "b": 3}, 1.0).ok
    view = s.view(1.0)
    assert view["last_match"] == {"a": 0, "b": 3, "path": [], "freed": [1], "fell": []}
    assert {t["spot"]: t["stone"] for t in view["tiles"]} == {1: 0, 2: 0}
    assert view["pairs"] == [[1, 2]]
    assert s.act({"type": "undo"}, 1.5).ok
    assert {t["spot"]: t["stone"] for t in s.view(1.5)["tiles"]}[1] == 1
    assert s.act({"type": "match", "a": 0, "b": 3}, 2.0).ok
    assert s.act({"type": "match", "a": 1, "b": 2}, 3.0).ok
    assert s.status == "won"


def test_a_free_uncracked_stone_is_refused_as_a_stone(monkeypatch) -> None:
    flat = Layout(name="flat", positions=((0, 0, 0), (4, 0, 0), (8, 0, 0), (12, 0, 0)))
    board = StackBoard(flat, ["b1m", "w1m", "b2m", "w2m"], game="blackwhite", stones={2: 1})
    install(monkeypatch, [board])
    s = new_session(Settings(game="blackwhite", mode="zen", layout="flat", seed=1), 0.0)
    tiles = {t["spot"]: t for t in s.view(0.0)["tiles"]}
    assert tiles[2]["free"] is True and tiles[2]["selectable"] is False
    assert tiles[2]["stone"] == 1 and "stone" in tiles[2]["blocked"]
    before = s.to_json()
    refused = s.act({"type": "match", "a": 2, "b": 3}, 0.5)
    assert (refused.ok, refused.reason) == (False, "stone")
    assert s.to_json() == before
    assert s.view(0.5)["pairs"] == [[0, 1]]


def test_blockers_name_both_sides_only_when_both_are_closed(monkeypatch) -> None:
    row = Layout(name="row", positions=((0, 0, 0), (2, 0, 0), (4, 0, 0), (6, 0, 0)))
    board = StackBoard(row, ["1m", "2m", "2m", "1m"], game="solitaire")
    install(monkeypatch, [board])
    s = new_session(Settings(game="solitaire", mode="regular", layout="row", seed=1), 0.0)
    tiles = {t["spot"]: t for t in s.view(0.0)["tiles"]}
    assert tiles[1]["blockers"] == [0, 2] and tiles[2]["blockers"] == [1, 3]
    assert tiles[0]["blockers"] == [] and tiles[3]["blockers"] == []
