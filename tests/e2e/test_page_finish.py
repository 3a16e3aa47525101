"""The board page's last rough edges, at desktop and phone sizes: the desktop
toolbar keeps one row (in German too), a tall board has the screen's height beside
the controls, a first-time note never moves the board, the More menu is a
menu for the keyboard, and a readable board opens at its middle."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.support.pagekit import DESKTOP, open_board, rect, wait_board

pytestmark = pytest.mark.e2e

PORTRAIT = {"width": 390, "height": 844}
LANDSCAPE = {"width": 844, "height": 390}
BW_BOARD = "/play/blackwhite/zen?layout=pyramid&seed=3"  # has flowers: a first-time note
MODES = [
    "/play/shisensho/classic?board=17x8&seed=4",
    "/play/shisensho/classic?board=17x8&seed=4&gravity=1",
    "/play/shisensho/arcade?seed=4",
    "/play/solitaire/regular?layout=turtle&seed=4",
    "/play/blackwhite/zen?layout=pyramid&seed=3",
    "/play/blackwhite/tower?level=1",
    "/daily",
]


@pytest.fixture(params=["portrait", "landscape"])
def phone(request: Any, browser: Any, live_server: Any) -> Iterator[Any]:
    size = PORTRAIT if request.param == "portrait" else LANDSCAPE
    ctx = browser.new_context(viewport=size, base_url=live_server.url, has_touch=True)
    ctx.set_default_timeout(15_000)
    yield ctx.new_page()
    ctx.close()


@pytest.fixture(params=["desktop", "phone"])
def any_page(request: Any, browser: Any, live_server: Any) -> Iterator[Any]:
    size = DESKTOP if request.param == "desktop" else PORTRAIT
    ctx = browser.new_context(viewport=size, base_url=live_server.url)
    ctx.set_default_timeout(15_000)
    yield ctx.new_page()
    ctx.close()


@pytest.mark.parametrize("path", MODES)
def test_the_desktop_toolbar_is_one_row_at_1280(page: Any, path: str) -> None:
    page.goto(path)
    wait_board(page)
    rows = page.evaluate(
        "() => { const bar = document.querySelector('.toolbar').getBoundingClientRect();"
        " const shown = [...document.querySelectorAll('.toolbar button')]"
        "  .filter(b => b.getClientRects().length > 0).map(b => b.getBoundingClientRect());"
        " return {tops: [...new Set(shown.map(r => Math.round(r.top)))], count: shown.length,"
        "  inside: shown.every(r => r.left >= bar.left - 1 && r.right <= bar.right + 1)} }"
    )
    assert rows["count"] >= 6, rows
    assert len(rows["tops"]) == 1, f"{path}: the toolbar has {len(rows['tops'])} rows"
    assert rows["inside"], f"{path}: a control sticks out of the toolbar"
    # what does not fit (the Daily page's narrower column) is one click away, in More
    if page.locator(".more-button").is_visible():
        assert page.locator(".more-menu").get_attribute("role") == "menu"
        page.locator(".more-button").click()
        assert page.locator('.more-menu [data-action="give_up"]').is_visible()


def test_a_first_time_note_does_not_move_the_board(any_page: Any) -> None:
    page = any_page
    open_board(page, BW_BOARD)
    page.wait_for_selector('.board-note[data-note="bonus"]')
    with_note = rect(page, ".board-viewport"), rect(page, ".board .tile")
    note = rect(page, ".board-note")
    # the note lies over the board's top edge, inside the page
    assert with_note[0]["top"] <= note["top"] < with_note[0]["bottom"]
    page.get_by_role("button", name="Got it").click()
    page.wait_for_function("() => !document.querySelector('.board-note')")
    page.wait_for_timeout(300)
    assert (rect(page, ".board-viewport"), rect(page, ".board .tile")) == with_note
    page.reload()
    wait_board(page)
    page.wait_for_timeout(300)
    assert page.locator(".board-note").count() == 0  # said once
    assert rect(page, ".board-viewport")["top"] == with_note[0]["top"]


def focused(page: Any) -> str:
    return str(
        page.evaluate(
            "() => document.activeElement.dataset.action"
            " || (document.activeElement.classList.contains('more-button') ? 'more' : '')"
        )
    )


def test_the_more_menu_is_a_menu_for_the_keyboard(phone: Any) -> None:
    page = phone
    open_board(page, "/play/solitaire/regular?layout=turtle&seed=4")
    more = page.locator(".more-button")
    menu = page.locator(".more-menu")
    assert more.get_attribute("aria-haspopup") == "menu"
    assert more.get_attribute("aria-expanded") == "false"
    assert menu.get_attribute("role") == "menu"
    assert menu.get_attribute("aria-labelledby") == more.get_attribute("id")
    items = page.eval_on_selector_all(
        ".more-menu button:not([hidden])", "els => els.map(e => [e.dataset.action, e.role])"
    )
    roles = dict(items)
    assert roles["new"] == "menuitem" and roles["zoom"] == "menuitemcheckbox", roles
    enabled = page.eval_on_selector_all(
        ".more-menu button:not([hidden]):not(:disabled)", "els => els.map(e => e.dataset.action)"
    )
    more.focus()
    page.keyboard.press("Enter")
    assert more.get_attribute("aria-expanded") == "true"
    assert menu.is_visible()
    assert focused(page) == enabled[0]
    page.keyboard.press("ArrowDown")
    assert focused(page) == enabled[1]
    page.keyboard.press("End")
    assert focused(page) == enabled[-1]
    page.keyboard.press("ArrowDown")  # wraps round
    assert focused(page) == enabled[0]
    page.keyboard.press("ArrowUp")
    assert focused(page) == enabled[-1]
    page.keyboard.press("Home")
    assert focused(page) == enabled[0]
    page.keyboard.press("Escape")
    assert more.get_attribute("aria-expanded") == "false"
    assert not menu.is_visible()
    assert focused(page) == "more"
    # ArrowUp on the button opens the menu at its last item
    page.keyboard.press("ArrowUp")
    assert more.get_attribute("aria-expanded") == "true" and focused(page) == enabled[-1]
    page.keyboard.press("Escape")
    # an item chosen with Enter acts, closes the menu and gives the focus back
    page.keyboard.press("ArrowDown")
    while focused(page) != "fit":
        page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    page.wait_for_selector('.board-viewport[data-zoom="fit"]')
    assert more.get_attribute("aria-expanded") == "false" and focused(page) == "more"
    assert page.locator('.more-menu [data-action="fit"]').get_attribute("aria-checked") == "true"
    # Tab leaves the menu and closes it
    page.keyboard.press("Enter")
    assert more.get_attribute("aria-expanded") == "true"
    page.keyboard.press("Tab")
    assert more.get_attribute("aria-expanded") == "false"


def test_on_a_desktop_the_secondary_controls_are_plain_buttons(page: Any) -> None:
    open_board(page, "/play/solitaire/regular?layout=turtle&seed=4")
    assert page.locator(".more-menu").get_attribute("role") == "group"
    assert page.locator('.more-menu [role^="menuitem"]').count() == 0
    assert page.locator('.more-menu [data-action="new"]').is_visible()


CENTRED = (
    "() => { const v = document.querySelector('.board-viewport');"
    " return {zoom: v.dataset.zoom,"
    " dx: Math.abs(v.scrollLeft - (v.scrollWidth - v.clientWidth) / 2),"
    " dy: Math.abs(v.scrollTop - (v.scrollHeight - v.clientHeight) / 2),"
    " wide: v.scrollWidth > v.clientWidth} }"
)


@pytest.mark.parametrize(
    "path",
    ["/play/shisensho/classic?board=17x8&seed=4", "/play/solitaire/regular?layout=turtle&seed=4"],
    ids=["shisensho-17x8", "turtle"],
)
def test_a_readable_board_on_a_phone_opens_at_its_middle(phone: Any, path: str) -> None:
    open_board(phone, path)
    phone.wait_for_selector('.board-viewport[data-zoom="readable"]')
    phone.wait_for_timeout(300)
    at = phone.evaluate(CENTRED)
    assert at["wide"], "the readable board is wider than the screen"
    assert at["dx"] <= 1 and at["dy"] <= 1, at
    # scrolled to a corner, then Fit Board and Readable Zoom again: the middle again
    phone.evaluate(
        "() => { const v = document.querySelector('.board-viewport'); v.scrollTo(0, 0) }"
    )
    for action, zoom in (("fit", "fit"), ("zoom", "readable")):
        phone.locator(".more-button").click()
        phone.locator(f'.more-menu [data-action="{action}"]').click()
        phone.wait_for_selector(f'.board-viewport[data-zoom="{zoom}"]')
    phone.wait_for_timeout(300)
    at = phone.evaluate(CENTRED)
    assert at["dx"] <= 1 and at["dy"] <= 1, at


TALL_BOARDS = ["/play/blackwhite/tower?level=1", "/play/blackwhite/zen?layout=pyramid&seed=3"]


@pytest.mark.parametrize("path", TALL_BOARDS, ids=["tower-1", "pyramid"])
def test_a_tall_board_at_1280_has_the_screens_height(page: Any, path: str) -> None:
    page.goto(path)
    wait_board(page)
    # the counters and controls stand beside the board, which starts near the top and
    # fills the screen's height: its tiles were 40 px (Tower) and 38 px (Pyramid) wide
    # under a full-width HUD, toolbar and message
    board = rect(page, ".board-viewport")
    hud, toolbar = rect(page, ".hud"), rect(page, ".toolbar")
    assert hud["right"] <= board["left"] and toolbar["right"] <= board["left"]
    assert board["top"] < 130 and board["bottom"] <= DESKTOP["height"], board
    width = page.evaluate(
        "() => document.querySelector('.board .tile').getBoundingClientRect().width"
    )
    assert width >= 48, width
    assert page.evaluate("() => document.documentElement.scrollHeight") <= DESKTOP["height"]
    # the secondary controls are one click away, in More
    page.locator(".more-button").click()
    assert page.locator('.more-menu [data-action="give_up"]').is_visible()


def test_a_wide_board_at_1280_keeps_the_controls_above(page: Any) -> None:
    page.goto("/play/shisensho/classic?board=17x8&seed=4")
    wait_board(page)
    board, toolbar = rect(page, ".board-viewport"), rect(page, ".toolbar")
    assert toolbar["bottom"] <= board["top"]
    assert not page.locator(".more-button").is_visible()


@pytest.fixture
def german(browser: Any, live_server: Any) -> Iterator[Any]:
    ctx = browser.new_context(viewport=DESKTOP, base_url=live_server.url, locale="de-DE")
    ctx.set_default_timeout(15_000)
    yield ctx.new_page()
    ctx.close()


def test_the_german_toolbar_is_one_row_at_1280(german: Any) -> None:
    for path in MODES:
        german.goto(path)
        wait_board(german)
        assert german.evaluate("() => document.documentElement.lang") == "de"
        tops = german.evaluate(
            "() => [...new Set([...document.querySelectorAll('.toolbar button')]"
            " .filter(b => b.getClientRects().length > 0)"
            " .map(b => Math.round(b.getBoundingClientRect().top)))]"
        )
        assert len(tops) == 1, f"{path}: the German toolbar has {len(tops)} rows"


def test_the_daily_calendar_key_keeps_each_swatch_with_its_word(page: Any) -> None:
    page.goto("/daily?date=2026-01-01")
    wait_board(page)
    # the "played" swatch ended one line and its word began the next
    apart = page.evaluate(
        """() => [...document.querySelectorAll('.cal-key .key')].map((key) => {
            const text = key.nextSibling;
            const first = text.textContent.search(/\\S/);
            const range = document.createRange();
            range.setStart(text, first);
            range.setEnd(text, first + 1);
            const letter = range.getBoundingClientRect(), swatch = key.getBoundingClientRect();
            return Math.abs((letter.top + letter.bottom) / 2 - (swatch.top + swatch.bottom) / 2);
        })"""
    )
    assert len(apart) == 3 and max(apart) < 8, apart
