"""How the board looks and moves, in a real browser: Black & White colours that stay
readable when dimmed, refusals that say why, stone notes and cracks, the removal,
fall, shuffle and clear animations (and none under reduced motion), the tile sets in
every theme."""

from __future__ import annotations

import base64
import json
from collections.abc import Iterator
from typing import Any

import pytest

from tests.support.pagekit import (
    DESKTOP,
    api_get,
    message,
    open_board,
    play_to_end,
    seen,
    tile,
    watch,
)

pytestmark = pytest.mark.e2e

THEMES = {
    "light": {"theme": "light"},
    "dark": {"theme": "dark"},
    "high contrast": {"theme": "light", "contrast": True},
}
BW_BOARD = "/play/blackwhite/zen?layout=pyramid&seed=3"


def with_settings(page: Any, **settings: Any) -> None:
    """Store settings in this browser before the page that reads them opens."""
    page.goto("/settings")
    page.evaluate("s => localStorage.setItem('tilematch.settings', s)", json.dumps(settings))


@pytest.fixture
def decoder(context: Any) -> Iterator[Any]:
    """A blank page that reads pixels out of PNG screenshots (the game page's
    Content-Security-Policy allows no data: images)."""
    blank = context.new_page()
    blank.goto("about:blank")
    yield blank
    blank.close()


def strip_luma(decoder: Any, png: bytes) -> float:
    """Mean luminance (0-255) of the column 4-6 px in from the left edge of an
    element's screenshot: the tile's body, where no face art is drawn."""
    script = """async (b64) => {
      const img = new Image(); img.src = 'data:image/png;base64,' + b64; await img.decode();
      const c = document.createElement('canvas'); c.width = img.width; c.height = img.height;
      const g = c.getContext('2d'); g.drawImage(img, 0, 0);
      const top = Math.round(img.height * 0.15), h = Math.round(img.height * 0.7);
      const d = g.getImageData(4, top, 3, h).data;
      let sum = 0;
      for (let i = 0; i < d.length; i += 4) {
        sum += 0.2126 * d[i] + 0.7152 * d[i + 1] + 0.0722 * d[i + 2];
      }
      return sum / (d.length / 4);
    }"""
    return float(decoder.evaluate(script, base64.b64encode(png).decode()))


def uncovered(page: Any, selector: str) -> Any:
    """The first tile of ``selector`` whose left strip no other tile covers."""
    spot = page.evaluate(
        """sel => { for (const el of document.querySelectorAll(sel)) {
            const r = el.getBoundingClientRect();
            const ys = [0.2, 0.5, 0.8].map((f) => r.top + r.height * f);
            const mine = (y) => el.contains(document.elementFromPoint(r.left + 5, y));
            if (ys.every(mine)) return el.dataset.spot;
          } return null; }""",
        selector,
    )
    assert spot is not None, f"every {selector} is covered"
    return page.locator(f'.board .tile[data-spot="{spot}"]')


@pytest.mark.parametrize("theme", list(THEMES))
def test_a_blocked_black_tile_stays_dark(page: Any, decoder: Any, theme: str) -> None:
    with_settings(page, learn=True, **THEMES[theme])
    open_board(page, BW_BOARD)
    for close in page.locator(".board-note button").all():
        close.click()  # a first-time note lies over the board's top edge
    page.wait_for_timeout(300)  # the learn veil is drawn
    black = uncovered(page, ".board .tile.tile--black.is-blocked")
    white = uncovered(page, ".board .tile.tile--white.is-blocked")
    dark = strip_luma(decoder, black.screenshot())
    light = strip_luma(decoder, white.screenshot())
    assert dark < 70, f"a blocked black tile reads {dark:.0f} (grey) in {theme}"
    assert light > 150, f"a blocked white tile reads {light:.0f} in {theme}"
    # the dimming is on the face, not on the tile's body
    style = black.evaluate(
        "el => [getComputedStyle(el).opacity, getComputedStyle(el).filter,"
        " getComputedStyle(el.querySelector('.face')).opacity]"
    )
    assert style[0] == "1" and style[1] == "none" and float(style[2]) < 0.6


def free_tiles(page: Any, gid: str) -> list[dict[str, Any]]:
    view = api_get(page, f"/api/games/{gid}")
    return [t for t in view["tiles"] if t.get("selectable", True) and t.get("free", True)]


def test_a_same_colour_pick_says_pair_black_with_white(page: Any) -> None:
    gid = open_board(page, BW_BOARD)
    free = free_tiles(page, gid)
    black = [t for t in free if t["code"].startswith("b") and not t["code"].endswith("f")]
    a, b = black[0], next(t for t in black[1:] if t["code"] != black[0]["code"])
    count = page.locator(".board .tile").count()
    tile(page, a["spot"]).click()
    tile(page, b["spot"]).click()
    page.wait_for_function(
        "() => document.querySelector('.game .message').dataset.kind === 'error'"
    )
    assert "Both tiles are black: pair a black tile with a white one." in message(page)
    assert page.locator(".board .tile").count() == count
    assert api_get(page, f"/api/games/{gid}")["counters"]["moves"] == 0


def test_black_and_white_names_say_one_colour(page: Any) -> None:
    page.goto("/guide")
    page.wait_for_selector(".bw-grid")
    text = page.locator("main").inner_text()
    assert "white Frame Dragon" in text
    assert "white White" not in text and "black White" not in text


def test_the_flower_and_season_rule_is_said_once_on_the_board(page: Any) -> None:
    open_board(page, BW_BOARD)
    note = page.locator('.board-note[data-note="bonus"]')
    assert "any black flower or season pairs with any white flower or season" in (note.inner_text())
    note.get_by_role("button", name="Got it").click()
    assert note.count() == 0
    page.reload()
    page.wait_for_selector(".board .tile")
    assert page.locator(".board-note").count() == 0


STONE_VIEW = {
    "id": "stones",
    "game": "blackwhite",
    "mode": "tower",
    "geometry": "stack",
    "status": "playing",
    "counters": {"moves": 0},
    "tiles": [
        {"spot": 0, "pos": [0, 0, 0], "code": "b5p", "name": "black 5 of Dots", "stone": 2},
        {"spot": 1, "pos": [2, 0, 0], "code": "w5p", "name": "white 5 of Dots", "stone": 0},
    ],
}

MOUNT = """async ([view, stone]) => {
  const { createBoard } = await import('/js/board/board.js');
  const { showNotes } = await import('/js/game/notes.js');
  let host = document.querySelector('#look-host');
  if (!host) {
    host = document.createElement('div'); host.id = 'look-host'; host.style.width = '600px';
    document.querySelector('main').prepend(host);
    window.lookBoard = createBoard(host);
  }
  const v = structuredClone(view); v.tiles[0].stone = stone;
  window.lookBoard.set(v, {});
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const el = host.querySelector('.tile[data-spot="0"]');
  return {classes: el.className, cracks: el.dataset.cracks || '', note: showNotes(host, v),
          text: host.querySelector('.board-note')?.textContent || ''};
}"""


def test_stones_are_explained_once_and_crack_visibly(page: Any) -> None:
    page.goto("/settings")
    page.wait_for_selector(".settings-form")
    first = page.evaluate(MOUNT, [STONE_VIEW, 2])
    assert first["cracks"] == "2" and "is-stone" in first["classes"]
    assert first["note"] == "stones" and "crack" in first["text"]
    cracked = page.evaluate(MOUNT, [STONE_VIEW, 1])
    assert cracked["cracks"] == "1" and "is-cracking" in cracked["classes"]
    assert cracked["note"] is None  # said once
    opened = page.evaluate(MOUNT, [STONE_VIEW, 0])
    assert opened["cracks"] == "" and "is-cracked-open" in opened["classes"]
    assert "is-stone" not in opened["classes"]


def first_pair(page: Any, gid: str) -> tuple[int, int]:
    a, b = api_get(page, f"/api/games/{gid}")["pairs"][0]
    return int(a), int(b)


def test_a_pair_leaves_with_an_animation(page: Any) -> None:
    gid = open_board(page, "/play/solitaire/regular?layout=turtle&seed=3")
    a, b = first_pair(page, gid)
    watch(page, ".board .tile.is-removing", "el => getComputedStyle(el).animationName")
    tile(page, a).click()
    tile(page, b).click()
    assert seen(page) == "tm-vanish"
    page.wait_for_function("() => !document.querySelector('.board .tile.is-removing')")


def test_no_animation_under_reduced_motion(browser: Any, live_server: Any) -> None:
    ctx = browser.new_context(viewport=DESKTOP, base_url=live_server.url, reduced_motion="reduce")
    try:
        page = ctx.new_page()
        gid = open_board(page, "/play/solitaire/regular?layout=turtle&seed=3")
        assert page.evaluate("() => document.documentElement.dataset.motion") == "off"
        a, b = first_pair(page, gid)
        page.evaluate(
            """() => { window.animated = false;
              new MutationObserver(() => {
                const moving = '.board .tile.is-removing, .board .tile.is-turning';
                if (document.querySelector(moving)) window.animated = true;
              }).observe(document.body, {subtree: true, attributes: true, childList: true}); }"""
        )
        count = page.locator(".board .tile").count()
        tile(page, a).click()
        tile(page, b).click()
        page.wait_for_function(
            f"() => document.querySelectorAll('.board .tile').length === {count - 2}"
        )
        page.locator('.toolbar [data-action="shuffle"]').click()
        page.wait_for_function(
            "() => /shuffled/.test(document.querySelector('.game .message').textContent)"
        )
        assert page.evaluate("() => window.animated") is False
    finally:
        ctx.close()


def test_a_shuffle_turns_the_tiles(page: Any) -> None:
    open_board(page, "/play/solitaire/regular?layout=turtle&seed=3")
    watch(page, ".board .tile.is-turning", "el => getComputedStyle(el).animationName")
    page.locator('.toolbar [data-action="shuffle"]').click()
    assert seen(page) == "tm-turn"


def gravity_pair(page: Any, gid: str) -> tuple[int, int, int]:
    """A legal pair whose taking lets a tile fall, and the spot of a tile above it."""
    view = api_get(page, f"/api/games/{gid}")
    at = {tuple(t["pos"]): t["spot"] for t in view["tiles"]}
    for a, b in view["pairs"]:
        for spot in (a, b):
            r, c = next(t["pos"] for t in view["tiles"] if t["spot"] == spot)
            above = at.get((r - 1, c))
            if above is not None and above not in (a, b):
                return int(a), int(b), int(above)
    raise AssertionError("no pair with a tile above it")


def test_gravity_tiles_fall_without_a_ghost(page: Any) -> None:
    gid = open_board(page, "/play/shisensho/classic?size=8x6&seed=5&gravity=1")
    a, b, above = gravity_pair(page, gid)
    code = page.locator(f'.board .tile[data-spot="{above}"]').get_attribute("data-code")
    page.evaluate(
        f"() => {{ document.querySelector('.board .tile[data-spot=\"{above}\"]').id = 'faller'; }}"
    )
    page.evaluate(
        """() => { window.leaving = new Set();
          new MutationObserver(() => {
            const going = document.querySelectorAll('.board .tile.is-removing');
            for (const el of going) window.leaving.add(el);
          }).observe(document.body, {subtree: true, attributes: true, childList: true}); }"""
    )
    tile(page, a).click()
    tile(page, b).click()
    page.wait_for_function("() => document.querySelector('#faller.is-falling')")
    fell = api_get(page, f"/api/games/{gid}")["last_match"]["fell"]
    target = next(t for s, t in fell if s == above)
    # the same drawn tile moved to its new spot; only the pair left, no copy of it
    faller = page.locator("#faller")
    assert faller.get_attribute("data-spot") == str(target)
    assert faller.get_attribute("data-code") == code
    leaving = page.evaluate("() => [...window.leaving].map((el) => el.dataset.spot)")
    assert sorted(int(s) for s in leaving) == sorted([a, b])
    page.wait_for_function("() => !document.querySelector('#faller.is-falling')")


def test_arcade_marks_a_cleared_board_and_keeps_the_old_line_off(page: Any) -> None:
    open_board(page, "/play/shisensho/arcade?size=4x4&seed=12")
    watch(page, ".board-banner", "el => el.textContent")

    def one_board_cleared(p: Any) -> bool:
        return p.locator(".hud-boards_cleared dd").inner_text() == "1"

    play_to_end(page, stop=one_board_cleared)
    assert seen(page).startswith("Board cleared +")
    assert "a new board is dealt" in message(page)
    assert page.locator(".path-layer polyline").count() == 0


def test_the_last_ten_seconds_are_marked(page: Any) -> None:
    page.clock.install()
    gid = open_board(page, "/play/shisensho/arcade?size=4x4&seed=12")
    board = page.locator(".board-viewport")
    a, _ = first_pair(page, gid)
    tile(page, a).click()  # the first pick starts the clock
    page.clock.run_for(2000)
    assert "is-urgent" not in (board.get_attribute("class") or "")
    remaining = api_get(page, f"/api/games/{gid}")["clock"]["remaining"]
    page.clock.run_for(int((remaining - 8) * 1000))
    page.wait_for_function("() => document.querySelector('.board-viewport.is-urgent')")


TILE_SETS = ["classic", "legible", "ink"]


@pytest.mark.parametrize("theme", list(THEMES))
def test_the_tile_set_changes_the_drawing_in_every_theme(page: Any, theme: str) -> None:
    with_settings(page, **THEMES[theme])
    pictures = {}
    for name in TILE_SETS:
        page.goto("/settings")
        page.locator(f'input[name="tileset"][value="{name}"]').check()
        page.wait_for_function(
            "name => document.querySelector('#tile-sprite').dataset.tileset === name", arg=name
        )
        open_board(page, "/play/solitaire/regular?layout=turtle&seed=3")
        assert page.evaluate("() => document.documentElement.dataset.tileset") == name
        page.wait_for_timeout(200)
        pictures[name] = page.locator(".board .tile.is-free").first.screenshot()
        sprite = page.evaluate("() => document.querySelector('#f-5p').innerHTML")
        assert "<" in sprite
    assert len(set(pictures.values())) == 3, f"two tile sets draw alike in {theme}"


def test_the_tile_guide_shows_the_chosen_set(page: Any) -> None:
    with_settings(page, tileset="ink")
    page.goto("/guide")
    page.wait_for_selector(".guide-tile")
    ink = page.evaluate("() => document.querySelector('#f-1p').innerHTML")
    with_settings(page, tileset="legible")
    page.goto("/guide")
    page.wait_for_selector(".guide-tile")
    legible = page.evaluate("() => document.querySelector('#f-1p').innerHTML")
    assert ink != legible
    assert page.evaluate("() => document.querySelector('#tile-sprite').dataset.tileset") == (
        "legible"
    )
