"""An honest HUD and help that is help, at desktop and phone width: the combo counts
its chain down on the device's clock and drops when it ends; no combo or counter
where the mode has none; one name per thing; sizes written one way; controls a mode
does not offer are hidden; Redo beside Undo; Shisen-Sho's partner highlighting is
off by default and counted as a hint; New Game, Replay and Give Up ask first in the
page's own dialog."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from tests.support.pagekit import (
    DESKTOP,
    answer_confirm,
    api_get,
    game_id,
    message,
    open_board,
    tile,
)

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}
WIDTHS = pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])


@pytest.fixture
def sized(browser: Any, live_server: Any, request: Any) -> Iterator[Any]:
    """A page at the viewport the test is parametrized with (``size``)."""
    size = request.getfixturevalue("size")
    ctx = browser.new_context(viewport=size, base_url=live_server.url)
    ctx.set_default_timeout(15_000)
    yield ctx.new_page()
    ctx.close()


def hud(page: Any) -> dict[str, str]:
    """Every HUD item's label and value (hidden ones included), by key."""
    items: dict[str, str] = page.evaluate(
        "() => Object.fromEntries([...document.querySelectorAll('.hud-item')].map(i =>"
        " [i.dataset.key, i.querySelector('dt').textContent + '=' +"
        " [...i.querySelectorAll('dd')].map(d => d.textContent).join(' | ')]))"
    )
    return items


def take(page: Any, gid: str) -> None:
    """Click the first legal pair the server lists and wait until it has gone."""
    a, b = api_get(page, f"/api/games/{gid}")["pairs"][0]
    tile(page, a).click()
    tile(page, b).click()
    page.wait_for_function(
        's => !document.querySelector(`.board .tile[data-spot="${s}"]:not(.is-removing)`)',
        arg=a,
    )


def action_shown(page: Any, action: str) -> bool:
    return bool(
        page.evaluate(
            'a => { const b = document.querySelector(`.toolbar [data-action="${a}"]`);'
            " return !b.hidden }",
            action,
        )
    )


def press(page: Any, action: str) -> None:
    """Press a control, through the More menu when it is folded there."""
    button = page.locator(f'.toolbar [data-action="{action}"]')
    if not button.is_visible():
        page.locator(".more-button").click()
    button.click()


@WIDTHS
def test_the_combo_counts_down_and_drops_on_the_client_clock(sized: Any, size: Any) -> None:
    page = sized
    gid = open_board(page, "/play/shisensho/classic?board=12x8&seed=21")
    assert hud(page)["combo"] == "Combo=– | max\u00a0×4"
    take(page, gid)
    take(page, gid)
    combo = hud(page)["combo"]
    assert re.fullmatch(r"Combo=×2 \| [0-2]\.\d s · max\u00a0×4", combo), combo
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url) if "/api/" in r.url else None)
    page.wait_for_function(
        "() => document.querySelector('.hud-combo dd').textContent === '–'", timeout=5000
    )
    assert requests == []  # dropped on the page's own clock, no new view asked for
    view = api_get(page, f"/api/games/{gid}")
    assert view["chain"]["length"] == 0  # and the server agrees


@WIDTHS
def test_each_mode_shows_its_own_counters_with_one_name_each(sized: Any, size: Any) -> None:
    page = sized
    open_board(page, "/play/solitaire/regular?layout=turtle&seed=3")
    items = hud(page)
    assert "combo" not in items  # Mahjong Solitaire has no combo
    assert items["free"].startswith("Free tiles=")
    assert items["hints"].startswith("Hints used=")
    assert items["shuffles"].startswith("Shuffles used=")
    labels = [v.split("=")[0] for v in items.values()]
    assert len(labels) == len(set(labels))
    assert page.locator('.toolbar [data-action="shuffle"] .label').inner_text() == "Shuffle"
    page.keyboard.press("p")
    page.wait_for_selector(".pause-cover:not([hidden])")
    page.wait_for_function("() => !document.querySelector('.hud-free')")  # no board in sight
    page.keyboard.press("p")

    open_board(page, "/play/shisensho/classic?board=17x8&seed=3")
    items = hud(page)
    assert "free" not in items  # every Shisen-Sho tile can be picked: nothing to count
    assert items["tokens"].startswith("Reshuffles left=")
    assert items["shuffles"].startswith("Reshuffles used=")
    words = page.locator(".toolbar").inner_text() + page.locator(".hud").inner_text()
    assert "Reshuffle" in words and not re.search(r"\bShuffle", words)
    assert "17 × 8" in page.locator(".game-sub").text_content()

    open_board(page, "/play/blackwhite/countdown?layout=turtle&seed=3&difficulty=standard")
    items = hud(page)
    assert items["hints_left"].startswith("Hints left=")
    assert items["hints"].startswith("Hints used=")
    assert items["remaining"].startswith("Time left=")
    assert items["combo"] == "Combo=–"  # a chain without a cap
    page.goto("/")
    page.wait_for_selector(".mode-card")
    text = page.locator("main").inner_text()
    assert "17 × 8" in text and not re.search(r"\d×\d|\d+x\d+", text)


@WIDTHS
def test_arcade_hides_what_it_does_not_offer(sized: Any, size: Any) -> None:
    page = sized
    open_board(page, "/play/shisensho/arcade?board=12x8&seed=5")
    for action in ("undo", "redo", "shuffle"):
        assert not action_shown(page, action), action
    for action in ("hint", "pause"):
        assert action_shown(page, action), action
    items = hud(page)
    assert items["combo"] == "Combo=– | max\u00a0×8"
    assert items["remaining"].startswith("Time left=")
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url) if "/actions" in r.url else None)
    page.keyboard.press("u")  # a shortcut for a control the mode lacks does nothing
    page.keyboard.press("s")
    page.keyboard.press("h")  # while one it has is sent
    page.wait_for_selector(".board .tile.is-hinted")
    assert len(requests) == 1


@WIDTHS
def test_redo_beside_undo(sized: Any, size: Any) -> None:
    page = sized
    gid = open_board(page, "/play/solitaire/regular?layout=dragon-pearl&seed=13")
    redo = page.locator('.toolbar [data-action="redo"]')
    assert redo.is_visible() and redo.is_disabled()
    take(page, gid)
    page.keyboard.press("u")
    page.wait_for_function("() => document.querySelector('.hud-moves dd').textContent === '0'")
    assert redo.is_enabled()
    redo.click()
    page.wait_for_function("() => document.querySelector('.hud-moves dd').textContent === '1'")
    assert "taken again" in message(page)
    assert redo.is_disabled()
    page.keyboard.press("u")
    page.wait_for_function("() => document.querySelector('.hud-moves dd').textContent === '0'")
    take(page, gid)  # a new pair: the undone one stays undone
    page.wait_for_function("() => document.querySelector('.hud-moves dd').textContent === '1'")
    assert redo.is_disabled()
    view = api_get(page, f"/api/games/{gid}")
    assert (view["redo"], view["counters"]["undos"], view["counters"]["moves"]) == (0, 2, 1)


@WIDTHS
def test_shisensho_partners_are_off_by_default_and_count_as_a_hint(sized: Any, size: Any) -> None:
    page = sized
    gid = open_board(page, "/play/shisensho/classic?board=4x4&seed=8")
    view = api_get(page, f"/api/games/{gid}")
    a = view["pairs"][0][0]
    tile(page, a).click()
    page.wait_for_selector(f'.board .tile.is-selected[data-spot="{a}"]')
    assert page.locator(".board .tile.is-partner").count() == 0
    assert "partner" not in message(page)  # not even counted in words
    tile(page, a).click()
    press(page, "partners")
    page.wait_for_function("() => document.querySelector('.hud-hints dd').textContent === '1'")
    assert api_get(page, f"/api/games/{gid}")["partner_help"] is True
    tile(page, a).click()
    page.wait_for_selector(".board .tile.is-partner")
    tile(page, a).click()
    while not page.evaluate("() => document.querySelector('.end-dialog').open"):
        take(page, gid)
    ended = api_get(page, f"/api/games/{gid}")
    assert ended["status"] == "won"
    assert ended["summary"]["perfect"] is False and ended["summary"]["hints"] == 1
    # the setting stays on for the next Shisen-Sho game: counted there from the start
    again = open_board(page, "/play/shisensho/classic?board=4x4&seed=9")
    page.wait_for_function("() => document.querySelector('.hud-hints dd').textContent === '1'")
    fresh = api_get(page, f"/api/games/{again}")
    assert fresh["partner_help"] is True and fresh["clock"]["started"] is False


@WIDTHS
def test_new_game_and_replay_ask_first_in_the_page_dialog(sized: Any, size: Any) -> None:
    page = sized
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    gid = open_board(page, "/play/solitaire/regular?layout=dragon-pearl&seed=13")
    page.keyboard.press("n")  # no move yet: nothing to lose, no question
    page.wait_for_function("g => new URLSearchParams(location.search).get('id') !== g", arg=gid)
    gid = game_id(page)
    take(page, gid)
    page.keyboard.press("n")
    page.wait_for_selector(".confirm-dialog[open]")
    dialog = page.locator(".confirm-dialog")
    labelled = dialog.get_attribute("aria-labelledby")
    assert page.locator(f"#{labelled}").inner_text() == "New Game?"
    assert (
        "not finished" in page.locator(f"#{dialog.get_attribute('aria-describedby')}").inner_text()
    )
    assert page.evaluate("() => document.activeElement.dataset.answer") == "no"
    page.keyboard.press("Escape")
    page.wait_for_function("() => !document.querySelector('.confirm-dialog').open")
    assert game_id(page) == gid
    press(page, "replay")
    answer_confirm(page, yes=False)
    assert game_id(page) == gid
    press(page, "replay")
    answer_confirm(page)
    page.wait_for_function("g => new URLSearchParams(location.search).get('id') !== g", arg=gid)
    page.keyboard.press("g")  # nothing moved in the replay, but Give Up always asks
    answer_confirm(page, yes=False)
    assert not page.evaluate("() => document.querySelector('.end-dialog').open")
    assert dialogs == []  # never the browser's own confirm()
