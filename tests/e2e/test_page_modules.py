"""The page's pure modules (geometry, HUD, tile marks, share links, calendar), run
in the browser itself: no rule lives in them, only drawing and navigation data."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def mod(browser: Any, live_server: Any) -> Iterator[Any]:
    ctx = browser.new_context(base_url=live_server.url)
    page = ctx.new_page()
    page.goto("/settings")
    page.wait_for_selector(".settings-form")

    def call(module: str, body: str, arg: Any = None) -> Any:
        script = f"async (arg) => {{ const m = await import('/js/{module}.js'); {body} }}"
        return page.evaluate(script, arg)

    yield call
    ctx.close()


# a Shisen-Sho board: tiles at (0,0) (0,1) (0,3) and (1,1) (1,3); spot = 10 * row + column
GRID = {
    "game": "shisensho",
    "geometry": "grid",
    "bounds": {"rows": 2, "cols": 4},
    "tiles": [
        {"spot": 10 * r + c, "pos": [r, c], "selectable": True}
        for r, c in [(0, 0), (0, 1), (0, 3), (1, 1), (1, 3)]
    ],
}


@pytest.mark.parametrize(
    ("start", "move", "expected"),
    [
        (0, "right", 1),
        (1, "right", 3),  # over the gap
        (3, "right", None),  # no wrap
        (0, "down", 11),
        (13, "up", 3),
        (11, "left", None),
        (11, "next-free", 13),
        (99, "left", 0),  # an unknown start goes to the first tile
    ],
)
def test_arrow_navigation(mod: Any, start: int, move: str, expected: int | None) -> None:
    got = mod(
        "board/navigation",
        "return m.moveFocus(m.navPoints(arg[0]), arg[1], arg[2])",
        [GRID, start, move],
    )
    assert got == expected


def test_grid_frame_outside_ring(mod: Any) -> None:
    view = {"game": "shisensho", "geometry": "grid", "bounds": {"rows": 2, "cols": 3}, "tiles": []}
    got = mod(
        "board/geometry",
        "const f = m.frameFor(arg); return {w: f.width, h: f.height,"
        " out: f.point([-1, -1]), first: f.point([0, 0]), box: f.box({pos: [0, 0]}),"
        " below: f.point([2, 3])}",
        view,
    )
    # the outside ring lies in the margin, outside every tile box
    assert got["out"][0] < got["box"]["left"] and got["out"][1] < got["box"]["top"]
    assert got["first"][0] > got["box"]["left"] and got["first"][1] > got["box"]["top"]
    assert got["below"][0] < got["w"] and got["below"][1] < got["h"]
    assert got["below"][1] > got["first"][1] + 80


def test_stack_frame_layers_shift_and_order(mod: Any) -> None:
    tiles = [
        {"spot": 0, "pos": [0, 0, 0]},
        {"spot": 1, "pos": [0, 0, 1]},
        {"spot": 2, "pos": [2, 0, 0]},
    ]
    view = {"game": "solitaire", "geometry": "stack", "tiles": tiles}
    got = mod(
        "board/geometry",
        "const f = m.frameFor(arg); return {boxes: arg.tiles.map(t => f.box(t)),"
        " hidden: [...m.hiddenSpots(arg)]}",
        view,
    )
    low, high, right = got["boxes"]
    assert high["left"] < low["left"] and high["top"] < low["top"]  # raised: drawn up-left
    assert high["z"] > right["z"] > low["z"]
    assert got["hidden"] == [0]


def test_tile_marks_and_sprite(mod: Any) -> None:
    marks = mod(
        "board/tiles",
        "return ['5s', '3p', '7m', '1z', '5z', '7z', '1f', '6f', 'b7z', 'w9p'].map(m.tileMark)",
    )
    assert marks == ["5B", "3D", "7C", "E", "Wh", "R", "F1", "Su", "●R", "○9D"]
    count = mod(
        "board/tiles",
        "m.installSprite(); return document.querySelectorAll('#tile-sprite symbol').length",
    )
    assert count == 42
    empty = mod("board/tiles", "return m.SYMBOLS.filter(s => !m.symbolArt(s).includes('<'))")
    assert empty == []


def test_hud_items(mod: Any) -> None:
    view = {
        "tiles": [
            {"spot": 0, "free": True, "selectable": True},
            {"spot": 1, "free": False, "selectable": False},
            {"spot": 2, "free": True, "selectable": True},
        ],
        "counters": {"time": 3, "tiles_left": 3, "moves": 1, "target": 99, "tokens": 2},
        "score": 200,
        "combo": 2,
        "clock": {"elapsed": 65.0},
        "chain": {"length": 2, "multiplier": 2, "cap": 4, "window": 2.0, "left": 1.0},
    }
    items = mod("game/hud", "return m.hudItems(arg, 65.2, 30.1)", view)
    got = {item["key"]: item["text"] for item in items}
    assert got["remaining"] == "0:31"
    assert got["time"] == "1:05"
    assert got["free"] == "2"
    assert got["combo"] == "×2"
    assert got["score"] == "200"
    assert "target" not in got
    assert [item["key"] for item in items][:2] == ["remaining", "time"]
    combo = next(item for item in items if item["key"] == "combo")
    assert combo["note"] == "0.8 s · max\u00a0×4"  # 0.2 s of the chain's second gone


def test_share_links(mod: Any) -> None:
    links = mod(
        "game/controller",
        "return arg.map(v => m.shareLink(v, 'http://x'))",
        [
            {"game": "solitaire", "mode": "regular", "layout": "turtle", "seed": 5},
            {"game": "shisensho", "mode": "classic", "size": [8, 17], "seed": 9, "gravity": True},
            {"game": "solitaire", "mode": "daily", "date": "2026-01-15", "seed": 1},
            {"game": "blackwhite", "mode": "tower", "level": 4, "seed": 3},
            {
                "game": "shisensho",
                "mode": "arcade",
                "size": [10, 18],
                "shape": "diamond",
                "seed": 2,
            },
        ],
    )
    assert links == [
        "http://x/play/solitaire/regular?layout=turtle&seed=5",
        "http://x/play/shisensho/classic?board=17x8&seed=9&gravity=1",
        "http://x/daily?date=2026-01-15",
        "http://x/play/blackwhite/tower?level=4",
        "http://x/play/shisensho/arcade?shape=diamond&seed=2",
    ]
    body = mod(
        "pages/play",
        "return m.gameOptions('shisensho', 'classic', new URLSearchParams(arg))",
        "board=17x8&seed=9&gravity=1",
    )
    assert body == {
        "game": "shisensho",
        "mode": "classic",
        "size": [8, 17],
        "seed": 9,
        "gravity": True,
    }
    legacy = mod(  # a link made before board=: size is rows x columns
        "pages/play",
        "return m.gameOptions('shisensho', 'classic', new URLSearchParams(arg))",
        "size=8x17&seed=9",
    )
    assert legacy["size"] == [8, 17]
    body = mod(
        "pages/play",
        "return m.gameOptions('shisensho', 'classic', new URLSearchParams(arg))",
        "shape=diamond&seed=4",
    )
    assert body == {"game": "shisensho", "mode": "classic", "shape": "diamond", "seed": 4}


def test_month_grid(mod: Any) -> None:
    weeks = mod("pages/daily", "return m.monthGrid(2026, 1)")  # February 2026 starts on a Sunday
    assert weeks[0][:6] == [None] * 6 and weeks[0][6] == "2026-02-01"
    assert [d for w in weeks for d in w if d][-1] == "2026-02-28"
    assert all(len(w) == 7 for w in weeks)


def test_blocked_descriptions(mod: Any) -> None:
    got = mod(
        "board/board",
        "return [m.describeBlocked({blocked: 'covered by X.'}),"
        " m.describeBlocked({blocked: null, stone: 2}),"
        " m.describeBlocked({blocked: null, stone: 0}),"
        " m.blockerSpots({spot: 3, blockers: [1, 3, 2]})]",
    )
    assert got == ["covered by X.", "a stone that needs 2 more cracks", "not free", [1, 2]]
