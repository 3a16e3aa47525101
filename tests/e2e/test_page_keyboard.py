"""A keyboard-only player in a real browser: the skip link, the moves that reach
every tile (the Turtle cleared with keys alone), the layer and free-tile keys, and
the names a screen reader hears."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.support.keys import focused_spot, walk_to
from tests.support.pagekit import api_get, open_board, spots, tile
from tilematch.modes import Settings, new_session

pytestmark = pytest.mark.e2e

TURTLE_SEED = 7


def focused_text(page: Any) -> str:
    return str(
        page.evaluate("() => (document.activeElement && document.activeElement.textContent) || ''")
    )


def tab_onto_board(page: Any) -> int:
    """Reach the board from the top of the page as a keyboard user would: Tab to the
    skip link, Enter. Returns the keys pressed."""
    page.keyboard.press("Tab")
    assert focused_text(page) == "Skip to the board"
    page.keyboard.press("Enter")
    assert focused_spot(page) is not None, "the skip link did not reach the board"
    return 2


def test_skip_link_is_the_first_tab_stop_of_a_game_page(page: Any) -> None:
    open_board(page, "/play/solitaire/regular?layout=turtle")
    assert tab_onto_board(page) <= 3
    # the board is one tab stop: the next Tab leaves it
    page.keyboard.press("Tab")
    assert focused_spot(page) is None
    # a page without a board offers no skip to one
    page.click('.site-header a[href="/settings"]')
    page.wait_for_selector(".settings-form")
    assert page.locator("a.skip-board").is_hidden()
    page.keyboard.press("Tab")
    assert focused_text(page) != "Skip to the board"


def test_a_keyboard_only_player_clears_the_turtle(page: Any) -> None:
    gid = open_board(page, f"/play/solitaire/regular?layout=turtle&seed={TURTLE_SEED}")
    view = api_get(page, f"/api/games/{gid}")
    apex = next(t["spot"] for t in view["tiles"] if t["pos"][2] == 4)
    settings = Settings(game="solitaire", mode="regular", layout="turtle", seed=TURTLE_SEED)
    solution = [(m.a, m.b) for m in new_session(settings, 0.0).solution]
    assert any(apex in pair for pair in solution)
    presses = tab_onto_board(page)
    left = len(spots(page))
    for a, b in solution:
        for spot in (a, b):
            presses += walk_to(page, gid, spot) + 1
            page.keyboard.press("Enter")
        left -= 2
        page.wait_for_function(
            "n => document.querySelectorAll('.board .tile:not(.is-removing)').length === n",
            arg=left,
        )
    page.wait_for_function("() => document.querySelector('.end-dialog').open")
    assert api_get(page, f"/api/games/{gid}")["status"] == "won"
    # a player who knows the way needs a handful of keys a tile, not hundreds
    assert presses < 20 * 2 * len(solution), presses


def test_page_keys_go_between_layers_and_free_tiles(page: Any) -> None:
    gid = open_board(page, "/play/solitaire/regular?layout=turtle")
    view = api_get(page, f"/api/games/{gid}")
    by_spot = {t["spot"]: t for t in view["tiles"]}
    tab_onto_board(page)
    # Page Up climbs one layer a press, to the apex; Page Down comes back down
    layers = [by_spot[focused_spot(page) or 0]["pos"][2]]
    for _ in range(4):
        page.keyboard.press("PageUp")
        layers.append(by_spot[focused_spot(page) or 0]["pos"][2])
    assert layers == [0, 1, 2, 3, 4], layers
    # the focused tile is drawn on top of the tiles it overlaps, ring and all
    on_top = page.evaluate(
        "() => { const e = document.activeElement, r = e.getBoundingClientRect();"
        " const hit = document.elementFromPoint(r.left + 4, r.top + 4);"
        " return Boolean(hit && hit.closest('.tile') === e) }"
    )
    assert on_top, "the focused tile is hidden under others"
    page.keyboard.press("PageDown")
    assert by_spot[focused_spot(page) or 0]["pos"][2] == 3
    # J goes round every free tile and back to where it started
    free = {t["spot"] for t in view["tiles"] if t["selectable"]}
    page.keyboard.press("j")
    first = focused_spot(page)
    visited = [first]
    for _ in range(len(free)):
        page.keyboard.press("j")
        visited.append(focused_spot(page))
    assert visited[-1] == first and set(visited) == free, (visited, free)
    page.keyboard.press("k")
    assert focused_spot(page) == visited[-2]
    # J from outside the board brings the focus onto it, to a free tile
    page.locator('.toolbar [data-action="hint"]').focus()
    page.keyboard.press("j")
    assert focused_spot(page) in free
    # Home and End keep to the row; Ctrl+Home goes to the board's first tile
    page.keyboard.press("Control+Home")
    start = focused_spot(page)
    page.keyboard.press("End")
    end = focused_spot(page)
    assert end != start and by_spot[end or 0]["pos"][1] // 2 == by_spot[start or 0]["pos"][1] // 2
    page.keyboard.press("Home")
    assert focused_spot(page) == start


def _board_tree(page: Any) -> list[str]:
    """The accessible names of the board's buttons, from the accessibility tree; fails
    on anything else the board says (text, images, descriptions)."""
    tree = str(page.locator(".board").aria_snapshot())
    names = []
    for line in tree.splitlines()[1:]:
        item = line.strip().removeprefix("- ")
        if item.startswith("'") and item.endswith("'"):  # YAML quotes a name with ": "
            item = item[1:-1].replace("''", "'")
        match = re.fullmatch(r'button "(.+)"(?: \[[a-z]+\])?', item)
        assert match, f"the board says more than its tiles' names: {line!r}"
        names.append(match.group(1))
    return names


def test_tile_names_say_the_tile_its_place_and_its_state_once(page: Any) -> None:
    gid = open_board(page, f"/play/solitaire/regular?layout=turtle&seed={TURTLE_SEED}")
    view = api_get(page, f"/api/games/{gid}")
    names = _board_tree(page)
    assert len(names) == len(view["tiles"])
    for label, t in zip(names, view["tiles"], strict=True):
        assert label.count(t["name"]) == 1 and label.startswith(f"{t['name']}, "), label
        assert not re.search(r"[()\[\]]|\d+, \d+", label), label
        assert label.endswith(", free") == t["selectable"], label
    apex = next(t for t in view["tiles"] if t["pos"][2] == 4)
    assert tile(page, apex["spot"]).get_attribute("aria-label") == (
        f"{apex['name']}, top layer, row 4, column 7, free"
    )
    under = next(t for t in view["tiles"] if t["pos"] == [12, 6, 3])
    assert tile(page, under["spot"]).get_attribute("aria-label") == (
        f"{under['name']}, layer 4, row 4, column 7, blocked: covered"
    )
    side = next(t for t in view["tiles"] if t["pos"] == [4, 0, 0])
    assert tile(page, side["spot"]).get_attribute("aria-label") == (
        f"{side['name']}, bottom layer, row 1, column 3, blocked: both sides closed"
    )
    # a pick is said once, in the name (no second "pressed" state)
    tile(page, apex["spot"]).click()
    page.wait_for_selector(f'.board .tile.is-selected[data-spot="{apex["spot"]}"]')
    label = tile(page, apex["spot"]).get_attribute("aria-label") or ""
    assert label.startswith(f"{apex['name']}, top layer, row 4, column 7, selected, free"), label
    assert tile(page, apex["spot"]).get_attribute("aria-pressed") is None


def test_shisensho_tile_names_give_row_and_column(page: Any) -> None:
    gid = open_board(page, "/play/shisensho/classic?seed=3")
    view = api_get(page, f"/api/games/{gid}")
    names = _board_tree(page)
    expected = [
        f"{t['name']}, row {t['pos'][0] + 1}, column {t['pos'][1] + 1}" for t in view["tiles"]
    ]
    assert names == expected


def test_the_keys_list_closes_like_a_menu(page: Any) -> None:
    """The open keys list lies over the controls: a press elsewhere closes it and still
    does what it pressed; Escape closes it and nothing else; its own summary toggles."""
    open_board(page, "/play/solitaire/regular?layout=turtle&seed=7")
    keys = page.locator("details.key-help")
    summary = keys.locator("summary")

    def is_open() -> bool:
        return bool(keys.evaluate("el => el.open"))

    summary.click()
    assert is_open()
    first = spots(page, ".board .tile.is-free:not(.is-blocked)")[0]
    tile(page, first).click()  # a free tile, pressed while the list is open
    assert not is_open()
    page.wait_for_selector(f'.board .tile[data-spot="{first}"].is-selected')
    # Escape from inside the list closes it, leaves the selection, and keeps the focus near
    summary.click()
    assert is_open()
    page.keyboard.press("Escape")
    assert not is_open()
    assert page.evaluate("() => document.activeElement.matches('details.key-help summary')")
    assert page.locator(".board .tile.is-selected").count() == 1
    # the next Escape is the page's own again: it clears the selection
    page.keyboard.press("Escape")
    page.wait_for_function("() => !document.querySelector('.board .tile.is-selected')")
    # a press on the list itself does not close it
    summary.click()
    keys.locator("dl").click()
    assert is_open()
    summary.click()
    assert not is_open()
