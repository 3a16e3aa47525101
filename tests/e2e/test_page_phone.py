"""The board page on a phone (390 x 844, and 844 x 390 in landscape) and on a desktop:
the board comes first and is big enough to tap, the site links fold into a Menu, the
secondary controls into More, the HUD keeps what matters and the message is a toast
that does not move the board; large boards use the desktop's width."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.support.pagekit import DESKTOP, api_get, message, open_board, tile, wait_board

pytestmark = pytest.mark.e2e

PORTRAIT = {"width": 390, "height": 844}
LANDSCAPE = {"width": 844, "height": 390}
PRIMARY = ["hint", "undo", "redo", "shuffle", "pause"]
SECONDARY = ["new", "replay", "smart_hint", "learn", "partners", "fit", "zoom", "give_up"]

TILE_BOX = (
    "() => { const r = document.querySelector('.board .tile').getBoundingClientRect();"
    " return [r.width, r.height] }"
)
VISIBLE = (
    "sel => [...document.querySelectorAll(sel)].filter(e => e.getClientRects().length > 0).length"
)


@pytest.fixture
def phone(browser: Any, live_server: Any) -> Iterator[Any]:
    ctx = browser.new_context(viewport=PORTRAIT, base_url=live_server.url, has_touch=True)
    ctx.set_default_timeout(15_000)
    yield ctx.new_page()
    ctx.close()


def box(page: Any, selector: str) -> dict[str, float]:
    found: dict[str, float] = page.evaluate(
        "sel => { const r = document.querySelector(sel).getBoundingClientRect();"
        " return {top: r.top, bottom: r.bottom, left: r.left, right: r.right,"
        " width: r.width, height: r.height} }",
        selector,
    )
    return found


def shown(page: Any, action: str) -> bool:
    return bool(
        page.evaluate(
            'a => { const b = document.querySelector(`.toolbar [data-action="${a}"]`);'
            " return !!b && b.getClientRects().length > 0 }",
            action,
        )
    )


@pytest.mark.parametrize(
    "path",
    ["/play/shisensho/classic?board=17x8&seed=4", "/play/solitaire/regular?layout=turtle&seed=4"],
    ids=["shisensho-17x8", "turtle"],
)
def test_the_phone_board_comes_first_with_tiles_big_enough_to_tap(phone: Any, path: str) -> None:
    open_board(phone, path)
    viewport = box(phone, ".board-viewport")
    assert viewport["top"] < 140, f"the board starts {viewport['top']} px down"
    assert viewport["right"] <= PORTRAIT["width"]
    phone.wait_for_selector('.board-viewport[data-zoom="readable"]')  # chosen by itself
    width, height = phone.evaluate(TILE_BOX)
    assert width >= 40 and height >= 40, (width, height)
    # the board's first tiles are on the first screen, above the toolbar fixed at the bottom
    toolbar = box(phone, ".toolbar")
    assert toolbar["bottom"] <= PORTRAIT["height"] + 1
    first = box(phone, ".board .tile")
    assert first["top"] >= viewport["top"] and first["bottom"] <= toolbar["top"]
    assert phone.evaluate("() => document.documentElement.scrollWidth") <= PORTRAIT["width"]
    # Fit Board shows the whole board; Readable Zoom brings back the large tiles
    phone.locator(".more-button").click()
    phone.locator('.more-menu [data-action="fit"]').click()
    phone.wait_for_selector('.board-viewport[data-zoom="fit"]')
    assert box(phone, ".board-scaler")["width"] <= PORTRAIT["width"]
    phone.keyboard.press("z")
    phone.wait_for_selector('.board-viewport[data-zoom="readable"]')
    assert phone.evaluate(TILE_BOX)[0] >= 40
    # the readable board scrolls inside its own frame, not the page sideways
    assert phone.evaluate(
        "() => { const v = document.querySelector('.board-viewport');"
        " return v.scrollWidth > v.clientWidth }"
    )
    assert phone.evaluate("() => document.documentElement.scrollWidth") <= PORTRAIT["width"]


def test_phone_controls_nav_menu_and_compact_hud(phone: Any) -> None:
    open_board(phone, "/play/shisensho/classic?board=12x8&seed=4")
    for action in PRIMARY:
        assert shown(phone, action), action
    for action in SECONDARY:
        assert not shown(phone, action), action
    more = phone.locator(".more-button")
    assert more.get_attribute("aria-expanded") == "false"
    more.click()
    assert more.get_attribute("aria-expanded") == "true"
    for action in SECONDARY:
        assert shown(phone, action), action
    phone.keyboard.press("Escape")
    assert more.get_attribute("aria-expanded") == "false"
    assert not shown(phone, "new")
    # the HUD: one row of what matters, every label at least 12 px
    assert phone.evaluate(VISIBLE, ".hud-item") <= 6
    for key in ("time", "tiles_left", "score", "combo", "tokens"):
        assert phone.locator(f".hud-{key}").is_visible(), key
    assert not phone.locator(".hud-moves").is_visible()
    sizes = phone.eval_on_selector_all(
        ".hud-item.is-main dt, .hud-item.is-main dd",
        "els => els.map(e => parseFloat(getComputedStyle(e).fontSize))",
    )
    assert sizes and min(sizes) >= 12, sizes
    hud = box(phone, ".hud")
    assert hud["height"] < 70
    # the site links are behind the Menu button; a link followed closes it
    menu = phone.locator(".nav-toggle")
    assert menu.is_visible()
    assert not phone.locator('.site-header nav a[href="/results"]').is_visible()
    menu.click()
    phone.locator('.site-header nav a[href="/settings"]').click()
    phone.wait_for_selector(".settings-form")
    assert menu.get_attribute("aria-expanded") == "false"
    assert not phone.locator('.site-header nav a[href="/results"]').is_visible()


def test_the_phone_message_is_a_toast_that_does_not_move_the_board(phone: Any) -> None:
    gid = open_board(phone, "/play/solitaire/regular?layout=turtle&seed=9")
    before = box(phone, ".board-viewport")["top"]
    view = api_get(phone, f"/api/games/{gid}")
    free = next(t for t in view["tiles"] if t["selectable"])
    tile(phone, free["spot"]).click()
    phone.wait_for_selector(".board-area .message.is-fresh")
    assert "selected" in message(phone)
    assert box(phone, ".board-viewport")["top"] == before
    toast = box(phone, ".board-area .message")
    viewport = box(phone, ".board-viewport")
    assert viewport["top"] <= toast["top"] and toast["bottom"] <= viewport["bottom"]
    assert phone.evaluate(
        "() => getComputedStyle(document.querySelector('.board-area .message'))"
        ".pointerEvents === 'none'"
    )
    # it fades after a while; its words stay for screen readers
    phone.wait_for_function(
        "() => !document.querySelector('.board-area .message').classList.contains('is-fresh')",
        timeout=8000,
    )
    assert "selected" in message(phone)


def test_landscape_phone_shows_tiles_on_the_first_screen(browser: Any, live_server: Any) -> None:
    ctx = browser.new_context(viewport=LANDSCAPE, base_url=live_server.url, has_touch=True)
    page = ctx.new_page()
    open_board(page, "/play/shisensho/classic?board=17x8&seed=4")
    inside = page.evaluate(
        "([w, h]) => [...document.querySelectorAll('.board .tile')].filter(t => {"
        " const r = t.getBoundingClientRect();"
        " return r.top >= 0 && r.bottom <= h && r.left >= 0 && r.right <= w }).length",
        [LANDSCAPE["width"], LANDSCAPE["height"]],
    )
    assert inside >= 10, inside
    width, _ = page.evaluate(TILE_BOX)
    assert width >= 40
    for action in PRIMARY:
        assert shown(page, action), action
    toolbar = box(page, ".toolbar")
    assert toolbar["left"] >= LANDSCAPE["width"] - 100  # a column at the right edge
    assert box(page, ".board-viewport")["right"] <= toolbar["left"]
    assert page.locator(".nav-toggle").is_visible()
    ctx.close()


def test_home_shows_play_on_the_first_phone_screen(phone: Any) -> None:
    phone.goto("/")
    play = phone.locator(".play-button")
    play.wait_for()
    found = box(phone, ".play-button")
    assert found["bottom"] <= PORTRAIT["height"] and found["height"] >= 44
    play.click()
    wait_board(phone)
    assert "/play/solitaire/regular" in phone.url


def test_desktop_keeps_every_control_in_sight_and_large_boards_use_the_width(page: Any) -> None:
    page.set_viewport_size(DESKTOP)
    open_board(page, "/play/shisensho/classic?board=24x12&seed=3")
    for action in PRIMARY + SECONDARY:
        assert shown(page, action), action
    assert not page.locator(".more-button").is_visible()
    assert not page.locator(".nav-toggle").is_visible()
    assert page.locator('.site-header nav a[href="/results"]').is_visible()
    viewport = box(page, ".board-viewport")
    scaler = box(page, ".board-scaler")
    assert viewport["width"] >= DESKTOP["width"] - 40
    assert scaler["width"] >= viewport["width"] - 12, (scaler, viewport)
    width, _ = page.evaluate(TILE_BOX)
    assert width >= 32
    # the page itself does not scroll: the board scrolls in its frame
    assert page.evaluate("() => document.documentElement.scrollHeight") <= DESKTOP["height"] + 2
    labels = page.eval_on_selector_all(
        ".hud dt", "els => els.map(e => parseFloat(getComputedStyle(e).fontSize))"
    )
    assert min(labels) >= 12
