"""The layout picker on the start page: pictures, filters, search, a random pick, the
keyboard alone and a phone's width."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.pagekit import PHONE, api_get, game_id, wait_board

pytestmark = pytest.mark.e2e

FIELD = '.mode-card[data-game="solitaire"] .picker-open'
SHEET = "dialog.picker[open]"
#: The sheet gone from the page: its `open` attribute goes at once, the element when its
#: close event has run (and the chosen layout is in the form).
GONE = "dialog.picker"
OPTIONS = f"{SHEET} .picker-option"


def open_sheet(page: Any) -> None:
    page.goto("/")
    page.wait_for_selector(FIELD)
    page.locator(FIELD).click()
    page.wait_for_selector(OPTIONS)


def shown_names(page: Any) -> list[str]:
    return page.locator(OPTIONS).evaluate_all("els => els.map(e => e.dataset.name)")


def test_the_sheet_shows_every_layout_with_its_picture_and_filters_them(page: Any) -> None:
    layouts = api_get(page, "/api/layouts")
    open_sheet(page)
    assert shown_names(page) == [layout["name"] for layout in layouts]
    assert (
        page.locator(f"{SHEET} .picker-count")
        .inner_text()
        .startswith(f"{len(layouts)} of {len(layouts)} layouts")
    )
    # the first pictures load from the server's SVG route; the rest wait (lazy)
    first = page.locator(f"{OPTIONS} img").first
    page.wait_for_function(
        "img => img.complete && img.naturalWidth > 0", arg=first.element_handle()
    )
    assert first.get_attribute("src") == "/api/layouts/turtle/picture.svg"
    assert first.get_attribute("loading") == "lazy"

    page.select_option(f"{SHEET} select[name='family']", "Dragon")
    dragons = [layout["name"] for layout in layouts if layout["family"] == "Dragon"]
    assert shown_names(page) == dragons
    page.select_option(f"{SHEET} select[name='size']", "small")
    small = [
        layout["name"]
        for layout in layouts
        if layout["family"] == "Dragon" and layout["tiles"] <= 72
    ]
    assert shown_names(page) == small and 0 < len(small) < len(dragons)
    page.select_option(f"{SHEET} select[name='family']", "")
    page.select_option(f"{SHEET} select[name='size']", "")
    page.select_option(f"{SHEET} select[name='difficulty']", "hard")
    hard = [layout["name"] for layout in layouts if layout["difficulty_label"] == "hard"]
    assert shown_names(page) == hard
    # a search no layout matches says so and offers to clear every filter
    page.fill(f"{SHEET} input[name='search']", "no such layout at all")
    assert page.locator(OPTIONS).count() == 0
    assert page.locator(f"{SHEET} .picker-empty").is_visible()
    page.locator(f"{SHEET} .picker-clear").click()
    assert len(shown_names(page)) == len(layouts)


def test_search_then_a_click_chooses_the_layout_and_the_game_is_dealt_on_it(page: Any) -> None:
    open_sheet(page)
    page.fill(f"{SHEET} input[name='search']", "pearl")
    assert shown_names(page) == ["dragon-pearl"]
    page.locator(OPTIONS).first.click()
    page.wait_for_selector(GONE, state="detached")
    assert "Dragon Pearl" in page.locator(FIELD).inner_text()
    assert page.evaluate("() => document.activeElement.classList.contains('picker-open')")
    page.locator('.mode-card[data-game="solitaire"] button[type="submit"]').click()
    wait_board(page)
    assert api_get(page, f"/api/games/{game_id(page)}")["layout"] == "dragon-pearl"
    assert page.locator(".board .tile").count() == 36


def test_a_random_pick_comes_from_the_filtered_layouts(page: Any) -> None:
    layouts = api_get(page, "/api/layouts")
    towers = {layout["name"] for layout in layouts if layout["family"] == "Tower"}
    picked = set()
    for _ in range(3):
        open_sheet(page)
        page.select_option(f"{SHEET} select[name='family']", "Tower")
        page.locator(f"{SHEET} .picker-random").click()
        page.wait_for_selector(GONE, state="detached")
        value = page.eval_on_selector(
            '.mode-card[data-game="solitaire"] select[name="layout"]', "s => s.value"
        )
        assert value in towers
        picked.add(value)
        page.wait_for_function(
            "() => document.getElementById('announcer').textContent.startsWith('Random pick: ')"
        )
    assert picked <= towers


def test_the_keyboard_alone_opens_moves_searches_chooses_and_closes(page: Any) -> None:
    layouts = api_get(page, "/api/layouts")
    names = [layout["name"] for layout in layouts]
    page.goto("/")
    page.wait_for_selector(FIELD)
    page.focus(FIELD)
    page.keyboard.press("Enter")
    page.wait_for_selector(OPTIONS)
    listbox = page.locator(f"{SHEET} [role='listbox']")
    assert page.evaluate("() => document.activeElement.getAttribute('role')") == "listbox"

    def active() -> str:
        ident = listbox.get_attribute("aria-activedescendant")
        return page.locator(f"#{ident}").get_attribute("data-name")

    assert active() == "turtle"
    page.keyboard.press("ArrowRight")
    assert active() == names[1]
    columns = page.locator(OPTIONS).evaluate_all(
        "els => els.filter(e => e.offsetTop === els[0].offsetTop).length"
    )
    page.keyboard.press("ArrowDown")
    assert active() == names[1 + columns]
    page.keyboard.press("End")
    assert active() == names[-1]
    page.keyboard.press("Home")
    assert active() == "turtle"
    # type-ahead jumps to the next title starting with the letters typed
    page.keyboard.type("dragon p")
    assert active() == "dragon-pearl"
    # Escape closes without a choice; focus goes back to the field
    page.keyboard.press("Escape")
    page.wait_for_selector(GONE, state="detached")
    assert page.evaluate("() => document.activeElement.classList.contains('picker-open')")
    assert "Turtle" in page.locator(FIELD).inner_text()
    # open again, search from the field, step into the list and choose with Enter
    page.keyboard.press("Enter")
    page.wait_for_selector(OPTIONS)
    for _ in range(5):  # from the list back over Random, the three filters, to the search
        page.keyboard.press("Shift+Tab")
    assert page.evaluate("() => document.activeElement.name") == "search"
    page.keyboard.type("whirl")
    page.keyboard.press("ArrowDown")
    assert active() == "whirlpool"
    page.keyboard.press("Enter")
    page.wait_for_selector(GONE, state="detached")
    assert "Whirlpool" in page.locator(FIELD).inner_text()
    value = page.eval_on_selector(
        '.mode-card[data-game="solitaire"] select[name="layout"]', "s => s.value"
    )
    assert value == "whirlpool"


def test_my_wins_and_best_time_show_on_the_layout(page: Any) -> None:
    from tests.support.pagekit import play_game

    page.goto("/play/solitaire/regular?layout=dragon-pearl&seed=5")
    wait_board(page)
    play_game(page)
    records = {r["layout"]: r for r in api_get(page, "/api/results/layouts")}
    record = records["dragon-pearl"]
    open_sheet(page)
    page.fill(f"{SHEET} input[name='search']", "dragon pearl")
    line = page.locator(f"{OPTIONS} .picker-record").first
    if record["wins"]:
        page.wait_for_function("el => el.textContent.startsWith('Won')", arg=line.element_handle())
        assert line.inner_text().startswith(f"Won {record['wins']} · best ")
    else:
        assert line.inner_text() == f"Played {record['played']}, no win yet"


def test_on_a_phone_the_sheet_fills_the_screen_with_big_targets(page: Any) -> None:
    page.set_viewport_size(PHONE)
    open_sheet(page)
    box = page.locator(SHEET).bounding_box()
    assert box["x"] == 0 and box["y"] == 0
    assert box["width"] == PHONE["width"] and abs(box["height"] - PHONE["height"]) <= 1
    for selector in (".picker-close", ".picker-random", "select[name='family']"):
        target = page.locator(f"{SHEET} {selector}").bounding_box()
        assert target["height"] >= 44, selector
    option = page.locator(OPTIONS).first.bounding_box()
    assert option["width"] >= 140 and option["height"] >= 140
    # two layouts a row, nothing wider than the screen
    columns = page.locator(OPTIONS).evaluate_all(
        "els => els.filter(e => e.offsetTop === els[0].offsetTop).length"
    )
    assert columns == 2
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    chosen = page.locator(OPTIONS).nth(3).get_attribute("data-name")
    page.locator(OPTIONS).nth(3).click()
    page.wait_for_selector(GONE, state="detached")
    value = page.eval_on_selector(
        '.mode-card[data-game="solitaire"] select[name="layout"]', "s => s.value"
    )
    assert value == chosen
