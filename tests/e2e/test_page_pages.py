"""The pages around the board: start page, settings, Tile Guide, Learn guide, Tower map,
results."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.pagekit import (
    answer_confirm,
    api_get,
    ask_hint,
    game_id,
    open_board,
    tile,
    wait_board,
)

pytestmark = pytest.mark.e2e


def test_home_continues_unfinished_game_and_deals_chosen_board(page: Any) -> None:
    gid = open_board(page, "/play/solitaire/regular?layout=dragon-pearl")
    page.goto("/")
    link = page.locator(f'.continue-list a[href*="id={gid}"]')
    assert "Dragon Pearl" in link.inner_text()
    link.click()
    wait_board(page)
    assert f"id={gid}" in page.url
    # a new game from the start page's form
    page.goto("/")
    page.wait_for_selector('.mode-card[data-game="shisensho"] select[name="size"]')
    page.select_option('.mode-card[data-game="shisensho"] select[name="size"]', "4x6")
    page.locator('.mode-card[data-game="shisensho"] button[type="submit"]').click()
    wait_board(page)
    assert page.locator(".board .tile").count() == 24
    assert "/play/shisensho/classic" in page.url
    # the option 4x6 is 4 rows of 6 columns: the board 6 x 4, never 4 x 6
    assert api_get(page, f"/api/games/{game_id(page)}")["size"] == [4, 6]


def test_a_board_shape_is_chosen_by_its_picture_and_played(page: Any) -> None:
    page.goto("/")
    select = '.mode-card[data-game="shisensho"] select[name="size"]'
    page.wait_for_selector(f'{select} option[value="shape:diamond"]', state="attached")
    preview = page.locator(".shape-preview rect")
    assert preview.count() == 136  # the standard board first
    page.select_option(select, "shape:diamond")
    page.wait_for_function("() => document.querySelectorAll('.shape-preview rect').length === 100")
    page.locator('.mode-card[data-game="shisensho"] button[type="submit"]').click()
    wait_board(page)
    assert page.locator(".board .tile").count() == 100
    assert "Diamond" in page.locator(".game-sub").inner_text()
    gid = game_id(page)
    view = api_get(page, f"/api/games/{gid}")
    assert view["shape"] == "diamond"


def test_settings_persist_and_apply(page: Any) -> None:
    page.goto("/settings")
    page.check('input[name="theme"][value="dark"]')
    page.check('input[name="contrast"]')
    page.check('input[name="marks"]')
    page.check('input[name="animations"][value="off"]')
    page.reload()
    page.wait_for_selector(".settings-form")
    root = page.evaluate("() => ({...document.documentElement.dataset})")
    assert root == {
        "theme": "dark",
        "contrast": "high",
        "marks": "on",
        "motion": "off",
        "tileset": "classic",
    }
    assert page.is_checked('input[name="marks"]')
    # number marks show on the board; the sound stays off by default for ambient
    open_board(page, "/play/shisensho/classic?size=4x4")
    assert page.locator(".board .tile .mark").first.is_visible()
    assert page.evaluate("() => document.querySelector('.board').classList.contains('no-anim')")


def test_tile_guide_lists_every_face(page: Any) -> None:
    page.goto("/guide")
    page.wait_for_selector(".guide-tile")
    tiles = api_get(page, "/api/tiles")
    plain = [t for t in tiles if not t["colour"]]
    for t in plain:
        item = page.locator(f'.guide-tile[data-code="{t["code"]}"]')
        assert t["name"] in item.inner_text()
    # flowers list their group partners; Black & White pairs show both colours
    flower = next(t for t in tiles if t["code"] == "1f")
    pics = page.locator('.guide-tile[data-code="1f"] .partner-pics .tile-pic')
    assert pics.count() == len(flower["partners"]) == 4
    assert page.locator(".bw-pair").count() == 34 + 8 // 2 * 2
    assert page.locator(".bw-pair .tile-pic.tile--black").count() >= 34


def test_learn_guide_shows_engine_examples(page: Any) -> None:
    page.goto("/learn")
    page.wait_for_selector(".learn-example .tile")
    examples = api_get(page, "/api/learn")
    assert page.locator(".learn-example").count() == len(examples)
    for example in examples:
        section = page.locator(f'.learn-example[data-example="{example["id"]}"]')
        assert example["explanation"] in section.locator(".explanation").inner_text()
        assert section.locator(".tile").count() == len(example["tiles"])


def test_tower_map_locks(page: Any) -> None:
    page.goto("/tower")
    page.wait_for_selector(".level")
    levels = api_get(page, "/api/campaign")["levels"]
    assert page.locator(".level").count() == len(levels) == 150
    assert page.locator("a.level").count() == sum(1 for lv in levels if lv["unlocked"])
    assert "locked" in (page.locator(".level.is-locked").first.get_attribute("aria-label") or "")


def test_results_page_lists_finished_game(page: Any) -> None:
    gid = open_board(page, "/play/shisensho/classic?size=4x4")
    a, b = ask_hint(page)
    tile(page, a).click()
    tile(page, b).click()
    page.keyboard.press("g")
    answer_confirm(page)
    page.wait_for_function("() => document.querySelector('.end-dialog').open")
    page.locator('.end-dialog a[href="/results"]').click()
    page.wait_for_selector(f'.result-row[data-id="{gid}"]')
    assert "gave up" in page.locator(f'.result-row[data-id="{gid}"]').inner_text()
    page.fill('.name-form input[name="name"]', "Tester")
    page.locator('.name-form button[type="submit"]').click()
    page.wait_for_function(
        "() => document.querySelector('.name-status').textContent.includes('Tester')"
    )
    assert api_get(page, "/api/me")["name"] == "Tester"
