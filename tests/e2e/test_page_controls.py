"""Controls, input and accessibility of the board page in a real browser."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.support.keys import focused_spot, walk_to
from tests.support.pagekit import (
    LINE,
    answer_confirm,
    api_get,
    ask_hint,
    click_action,
    game_id,
    message,
    open_board,
    seen,
    spots,
    tile,
    wait_board,
    watch,
)
from tilematch.engine.tiles import tiles_match

pytestmark = pytest.mark.e2e


def test_keyboard_only_play(page: Any) -> None:
    gid = open_board(page, "/play/solitaire/regular?layout=dragon-pearl&seed=15")
    for _ in range(40):
        page.keyboard.press("Tab")
        if focused_spot(page) is not None:
            break
    assert focused_spot(page) is not None, "Tab never reached the board"
    for move in range(3):
        before = len(spots(page))
        page.keyboard.press("h")
        page.wait_for_function("() => document.querySelectorAll('.tile.is-hinted').length === 2")
        a, b = spots(page, ".board .tile.is-hinted")
        # the hint is announced in the live region with both names
        assert "Hint:" in message(page)
        walk_to(page, gid, a)
        page.keyboard.press("Enter")
        page.wait_for_selector(f'.board .tile[data-spot="{a}"].is-selected')
        assert "selected" in (tile(page, a).get_attribute("aria-label") or "")
        walk_to(page, gid, b)
        page.keyboard.press(" ")
        page.wait_for_function(
            "n => document.querySelectorAll('.board .tile:not(.is-removing)').length === n - 2",
            arg=before,
        )
        assert message(page).startswith("Matched"), message(page)
        assert focused_spot(page) is not None, f"focus lost after move {move}"
    assert page.locator(".hud-moves dd").inner_text() == "3"
    page.keyboard.press("u")
    page.wait_for_function("() => document.querySelector('.hud-moves dd').textContent === '2'")
    assert "back on the board" in message(page)


def test_illegal_pick_shows_reason(page: Any) -> None:
    gid = open_board(page, "/play/shisensho/classic?size=4x4")
    view = api_get(page, f"/api/games/{gid}")
    first = view["tiles"][0]
    # a tile that does not match by the rules (two different flowers would match)
    other = next(t for t in view["tiles"] if not tiles_match(t["code"], first["code"]))
    tile(page, first["spot"]).click()
    tile(page, other["spot"]).click()
    page.wait_for_selector('.game .message[data-kind="error"]')
    text = message(page)
    assert text and "Select a tile" not in text
    assert page.locator(".tile.is-selected").count() == 0
    # nothing was removed
    assert len(spots(page)) == 16


def test_blocked_tile_pick_is_refused_with_reason(page: Any) -> None:
    gid = open_board(page, "/play/solitaire/regular?layout=turtle")
    view = api_get(page, f"/api/games/{gid}")
    blocked = next(t for t in view["tiles"] if not t["selectable"])
    tile(page, blocked["spot"]).click(force=True)
    page.wait_for_selector('.game .message[data-kind="error"]')
    text = message(page)
    assert f"{blocked['name']} cannot be selected" in text
    assert page.locator(".tile.is-selected").count() == 0


def test_learn_mode_explains_blocked_tile(page: Any) -> None:
    gid = open_board(page, "/play/solitaire/regular?layout=turtle")
    page.keyboard.press("l")
    page.wait_for_selector(".board.learn")
    assert click_state(page, "learn") == "true"
    view = api_get(page, f"/api/games/{gid}")
    covered = next(t for t in view["tiles"] if not t["selectable"] and t["blocked"])
    tile(page, covered["spot"]).click(force=True)
    page.wait_for_selector('.game .message[data-kind="error"]')
    text = message(page)
    assert text.startswith("Learn Mode:"), text
    # the engine's sentence, without the positions of the tiles it names (framed instead)
    sentence = re.sub(r" at \(\d+, \d+, \d+\)", "", covered["blocked"]).rstrip(".")
    assert sentence in text and "(" not in text, text
    # the tile's accessible name carries the same explanation
    label = tile(page, covered["spot"]).get_attribute("aria-label") or ""
    assert label.startswith(covered["name"]) and "blocked" in label
    # the picked tile and the tiles named in the sentence are outlined on the board
    at = {tuple(t["pos"]): t["spot"] for t in view["tiles"]}
    named = {
        at[(int(x), int(y), int(z))]
        for x, y, z in re.findall(r"\((\d+), (\d+), (\d+)\)", covered["blocked"])
    } - {covered["spot"]}
    assert named, covered["blocked"]
    page.wait_for_selector(f'.board .tile.is-explained[data-spot="{covered["spot"]}"]')
    page.wait_for_function(
        "n => document.querySelectorAll('.board .tile.is-blocker').length === n", arg=len(named)
    )
    assert set(spots(page, ".board .tile.is-blocker")) == named
    # after a match, tiles that became free are named and lit
    a, b = ask_hint(page)
    tile(page, a).click()
    tile(page, b).click()
    page.wait_for_function("() => document.querySelector('.game .message').dataset.kind === 'ok'")
    after = api_get(page, f"/api/games/{gid}")
    freed = after["last_match"]["freed"]
    if freed:
        assert "Now free:" in message(page)
        page.wait_for_function(
            "n => document.querySelectorAll('.tile.is-freed').length === n", arg=len(freed)
        )


def click_state(page: Any, action: str) -> str | None:
    return page.locator(f'.toolbar [data-action="{action}"]').get_attribute("aria-pressed")


def test_reload_continues_same_game(page: Any) -> None:
    gid = open_board(page, "/play/blackwhite/zen?layout=dragon-pearl")
    a, b = ask_hint(page)
    tile(page, a).click()
    tile(page, b).click()
    page.wait_for_function(
        "() => document.querySelectorAll('.board .tile:not(.is-removing)').length === 34"
    )
    codes = page.eval_on_selector_all(
        ".board .tile:not(.is-removing)", "els => els.map(e => e.dataset.spot + e.dataset.code)"
    )
    page.reload()
    wait_board(page)
    assert game_id(page) == gid
    assert sorted(codes) == sorted(
        page.eval_on_selector_all(
            ".board .tile", "els => els.map(e => e.dataset.spot + e.dataset.code)"
        )
    )
    assert page.locator(".hud-moves dd").inner_text() == "1"


def board_codes(page: Any) -> list[str]:
    return sorted(
        page.eval_on_selector_all(
            ".board .tile:not(.is-removing)",
            "els => els.map(e => e.style.left + ',' + e.style.top + ':' + e.dataset.code)",
        )
    )


def test_daily_same_board_on_two_loads(browser: Any, live_server: Any) -> None:
    boards = []
    for _ in range(2):  # two players, two browser contexts, same date
        ctx = browser.new_context(viewport={"width": 1280, "height": 800}, base_url=live_server.url)
        page = ctx.new_page()
        page.goto("/daily?date=2026-01-15")
        wait_board(page)
        assert "Jan 15, 2026" in page.locator(".game-title").inner_text()
        boards.append(board_codes(page))
        page.reload()
        wait_board(page)
        assert board_codes(page) == boards[-1]
        ctx.close()
    assert len(boards[0]) == 144
    assert boards[0] == boards[1]


def test_restart_today_keeps_the_board(page: Any) -> None:
    page.goto("/daily?date=2026-02-01")
    wait_board(page)
    first = board_codes(page)
    a, b = ask_hint(page)
    tile(page, a).click()
    tile(page, b).click()
    page.wait_for_function(
        "() => document.querySelectorAll('.board .tile:not(.is-removing)').length === 142"
    )
    click_action(page, "new")
    answer_confirm(page)
    page.wait_for_function(
        "() => document.querySelectorAll('.board .tile:not(.is-removing)').length === 144"
    )
    after = board_codes(page)
    assert after == first
    assert (
        page.locator('.toolbar [data-action="new"] .label').text_content()
        == "Restart This Challenge"
    )


def test_pause_hides_board(page: Any) -> None:
    open_board(page, "/play/solitaire/regular?layout=dragon-pearl")
    page.keyboard.press("p")
    page.wait_for_selector(".pause-cover:not([hidden])")
    assert (
        page.evaluate("() => getComputedStyle(document.querySelector('.board')).visibility")
        == "hidden"
    )
    # a ranked game's clock runs on in a pause, and the page says so
    assert "clock runs on" in page.locator(".game .message").inner_text()
    time_before = page.locator(".hud-time dd").inner_text()
    page.wait_for_timeout(1300)
    assert page.locator(".hud-time dd").inner_text() != time_before
    page.keyboard.press("p")
    page.wait_for_selector(".pause-cover[hidden]", state="attached")
    assert (
        page.evaluate("() => getComputedStyle(document.querySelector('.board')).visibility")
        == "visible"
    )


def test_a_zen_pause_stops_the_clock(page: Any) -> None:
    open_board(page, "/play/blackwhite/zen?layout=pyramid")
    page.keyboard.press("p")
    page.wait_for_selector(".pause-cover:not([hidden])")
    assert "clock stopped" in page.locator(".game .message").inner_text()
    time_before = page.locator(".hud-time dd").inner_text()
    page.wait_for_timeout(1300)
    assert page.locator(".hud-time dd").inner_text() == time_before


def test_shisensho_line_follows_server_path(page: Any) -> None:
    gid = open_board(page, "/play/shisensho/classic?size=4x6")
    a, b = ask_hint(page)
    watch(page, ".path-layer.is-visible", LINE)
    tile(page, a).click()
    tile(page, b).click()
    drawn = seen(page)
    view = api_get(page, f"/api/games/{gid}")
    assert drawn["points"] == view["last_match"]["path"]
    assert drawn["lines"] == 2


def test_partners_highlighted_from_server_pairs(page: Any) -> None:
    gid = open_board(page, "/play/solitaire/regular?layout=dragon-pearl")
    view = api_get(page, f"/api/games/{gid}")
    a, b = view["pairs"][0]
    tile(page, a).click()
    page.wait_for_selector(f'.board .tile.is-selected[data-spot="{a}"]')
    expected = sorted({y if x == a else x for x, y in view["pairs"] if a in (x, y)})
    assert spots(page, ".board .tile.is-partner") == expected
    assert b in expected
    tile(page, a).click()  # a second click on the same tile deselects it
    page.wait_for_function("() => !document.querySelector('.board .tile.is-selected')")
    assert page.locator(".tile.is-partner").count() == 0


def test_accessible_tile_names(page: Any) -> None:
    gid = open_board(page, "/play/solitaire/regular?layout=turtle")
    view = api_get(page, f"/api/games/{gid}")
    free = next(t for t in view["tiles"] if t["selectable"])
    label = tile(page, free["spot"]).get_attribute("aria-label") or ""
    assert re.fullmatch(re.escape(free["name"]) + r", [a-z0-9 ,]+, free", label), label
    blocked = next(t for t in view["tiles"] if not t["selectable"])
    label = tile(page, blocked["spot"]).get_attribute("aria-label") or ""
    assert re.fullmatch(re.escape(blocked["name"]) + r", [a-z0-9 ,]+, blocked: [a-z ,]+", label), (
        label
    )
    # one tab stop in the board (roving tabindex)
    assert page.locator('.board .tile[tabindex="0"]').count() == 1


def test_no_external_requests_and_phone_fit(browser: Any, live_server: Any) -> None:
    ctx = browser.new_context(viewport={"width": 360, "height": 740}, base_url=live_server.url)
    page = ctx.new_page()
    urls: list[str] = []
    page.on("request", lambda r: urls.append(r.url))
    open_board(page, "/play/shisensho/classic")
    assert urls and all(u.startswith(live_server.url) or u.startswith("data:") for u in urls), urls
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
    right = page.evaluate(
        "() => document.querySelector('.board-viewport').getBoundingClientRect().right"
    )
    assert right <= 360
    tile_width = "() => document.querySelector('.board .tile').getBoundingClientRect().width"
    # a 17 x 8 board would be tiny fitted on a phone: the page zooms it by itself
    page.wait_for_selector('.board-viewport[data-zoom="readable"]')
    assert page.evaluate(tile_width) >= 40
    page.keyboard.press("f")
    page.wait_for_selector('.board-viewport[data-zoom="fit"]')
    width = page.evaluate(
        "() => document.querySelector('.board-scaler').getBoundingClientRect().width"
    )
    assert width <= 360
    page.keyboard.press("z")
    page.wait_for_function(
        "() => { const v = document.querySelector('.board-viewport');"
        " return v.scrollWidth > v.clientWidth }"
    )
    assert page.evaluate(tile_width) >= 40
    ctx.close()
