"""The layout editor in a real browser: build with the mouse and the keyboard, see the
server's problems at the tile, save, reload, test-play to a clear, share to a second
player, export and import again unchanged, and the Shisen-Sho outline editor."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.support.pagekit import api_get, end_dialog_open, play_to_end, wait_board

pytestmark = pytest.mark.e2e

#: Pixels of a half-tile step and of one layer's lift (web/js/editor/draw.js).
UNIT_X, UNIT_Y, LIFT = 20, 26, 5


def open_editor(page: Any, path: str = "/editor") -> None:
    page.goto(path)
    page.wait_for_selector(".ed-board")
    page.wait_for_function("() => document.querySelector('.ed-status').textContent !== ''")


def click_half_cell(page: Any, x: int, y: int, depth: int = 1, layer: int = 0) -> None:
    """Click the half-cell (x, y) of ``layer`` on a board drawn ``depth`` layers deep."""
    box = page.locator(".ed-board").bounding_box()
    origin = (depth - layer) * LIFT + 4
    page.mouse.click(box["x"] + origin + x * UNIT_X + 5, box["y"] + origin + y * UNIT_Y + 5)


def wait_checked(page: Any, text: str) -> None:
    page.wait_for_function(
        "text => document.querySelector('.ed-status').textContent.includes(text)", arg=text
    )


def build_row(page: Any) -> None:
    """Four tiles in a row with the mouse, two more with the keyboard: six on layer 1."""
    for x in (0, 2, 4, 6):
        click_half_cell(page, x, 0)
    page.locator(".ed-board").focus()
    for key in ("ArrowRight", "ArrowRight", "Space", "ArrowRight", "ArrowRight", "Enter"):
        page.keyboard.press(key)
    wait_checked(page, "Ready to play: 6 tiles")


def test_build_with_mouse_and_keyboard_save_reload_and_clear(page: Any) -> None:
    open_editor(page)
    build_row(page)
    assert page.locator(".ed-board .ed-tile").count() == 6
    page.locator('[data-act="save"]').click()
    page.wait_for_function("() => /^\\/editor\\/[0-9a-f]+$/.test(location.pathname)")
    layout_id = page.url.rsplit("/", 1)[1]
    stored = api_get(page, f"/api/my/layouts/{layout_id}")
    assert stored["positions"] == [[x, 0, 0] for x in (0, 2, 4, 6, 8, 10)]
    page.reload()
    page.wait_for_selector(".ed-board .ed-tile")
    wait_checked(page, "Ready to play: 6 tiles")
    assert page.locator(".ed-board .ed-tile").count() == 6
    assert page.locator('input[name="layout-name"]').input_value() == "My layout"
    page.locator('[data-act="play"]').click()
    wait_board(page)
    assert page.locator(".board .tile").count() == 6
    play_to_end(page)
    assert end_dialog_open(page)
    assert (
        "won" in page.locator(".end-dialog").inner_text().lower()
        or page.locator(".end-dialog").is_visible()
    )


def test_problems_are_shown_at_their_tile_and_undo_redo(page: Any) -> None:
    open_editor(page)
    click_half_cell(page, 0, 0)
    click_half_cell(page, 2, 0)
    page.wait_for_function(
        "() => document.querySelector('.ed-problems').textContent.includes('too few')"
    )
    page.locator('[data-tool="up"]').click()
    click_half_cell(page, 8, 4, depth=2, layer=1)  # nothing under it
    wait_checked(page, "3 problems")  # too few, floating, odd
    marker = page.locator('.ed-board .ed-problem[data-problem="floating"]')
    assert marker.count() == 1
    assert "(8, 4, 1) rests on nothing" in page.locator(".ed-problems").inner_text()
    page.locator('[data-tool="undo"]').click()
    page.wait_for_function("() => !document.querySelector('.ed-problem[data-problem=floating]')")
    page.locator('[data-tool="redo"]').click()
    page.wait_for_selector('.ed-problem[data-problem="floating"]')


def test_share_to_a_second_player_read_only_then_copied(page: Any, browser: Any) -> None:
    open_editor(page)
    build_row(page)
    page.fill('input[name="layout-name"]', "Long Row")
    page.locator('[data-act="save"]').click()
    link = page.locator('input[name="share-link"]')
    page.wait_for_function("() => document.querySelector('input[name=share-link]').value")
    url = link.input_value()
    assert re.search(r"/layouts/shared/[A-Z2-9]{12}$", url)
    other = browser.new_context(base_url=url.split("/layouts/")[0])
    try:
        guest = other.new_page()
        guest.goto(url)
        guest.wait_for_selector(".shared-layout h1")
        assert guest.locator(".shared-layout h1").inner_text() == "Long Row"
        assert guest.locator(".ed-board .ed-tile").count() == 6
        assert guest.locator('[data-act="save"]').count() == 0  # read-only
        guest.locator('[data-act="copy"]').click()
        guest.wait_for_function("() => /^\\/editor\\/[0-9a-f]+$/.test(location.pathname)")
        guest.wait_for_selector(".ed-board .ed-tile")
        assert guest.locator(".ed-board .ed-tile").count() == 6
        mine = api_get(guest, "/api/my/layouts")["layouts"]
        assert [m["name"] for m in mine] == ["Long Row"]
    finally:
        other.close()


def shifted(keys: list[str]) -> list[tuple[int, ...]]:
    """Tile keys "x,y,z" moved so that the leftmost and topmost tiles stand at 0."""
    tiles = [tuple(int(n) for n in key.split(",")) for key in keys]
    left, top = min(t[0] for t in tiles), min(t[1] for t in tiles)
    return sorted((x - left, y - top, z) for x, y, z in tiles)


def test_export_then_import_gives_the_same_layout(page: Any, tmp_path: Path) -> None:
    open_editor(page)
    build_row(page)
    page.locator('[data-tool="up"]').click()
    click_half_cell(page, 1, 0, depth=2, layer=1)
    click_half_cell(page, 5, 0, depth=2, layer=1)
    wait_checked(page, "Ready to play: 8 tiles")
    before = sorted(
        page.evaluate("() => [...document.querySelectorAll('.ed-tile')].map(t => t.dataset.tile)")
    )
    for fmt, ending in (("kmahjongg", ".layout"), ("gnome", ".map"), ("kyodai", ".lay")):
        page.select_option('select[name="export-format"]', fmt)
        with page.expect_download() as download:
            page.locator('[data-tool="export"]').click()
        saved = tmp_path / download.value.suggested_filename
        download.value.save_as(saved)
        assert saved.name.endswith(ending)
        page.locator('[data-tool="clear"]').click()
        page.wait_for_function(
            "() => document.querySelector('.ed-problems').textContent.includes('no tiles')"
        )
        page.set_input_files('input[name="import"]', str(saved))
        wait_checked(page, "Ready to play: 8 tiles")
        after = sorted(
            page.evaluate(
                "() => [...document.querySelectorAll('.ed-tile')].map(t => t.dataset.tile)"
            )
        )
        if fmt == "kyodai":  # Kyodai centres a layout on its own grid: same shape, moved
            assert shifted(after) == shifted(before)
        else:
            assert after == before, fmt


def test_outline_editor_paints_saves_and_plays(page: Any) -> None:
    open_editor(page, "/editor/outline")
    box = page.locator(".ed-board").bounding_box()
    for col in range(4):
        page.mouse.click(box["x"] + 4 + col * 32 + 10, box["y"] + 4 + 10)
    page.locator(".ed-board").focus()
    page.keyboard.press("ArrowDown")
    for _ in range(4):
        page.keyboard.press("Space")
        page.keyboard.press("ArrowLeft")
    wait_checked(page, "Ready to play: 8 tiles")
    page.locator('[data-act="save"]').click()
    page.wait_for_function("() => /^\\/editor\\/[0-9a-f]+$/.test(location.pathname)")
    layout_id = page.url.rsplit("/", 1)[1]
    assert api_get(page, f"/api/my/layouts/{layout_id}")["rows"][:2] == [
        "####" + "." * 13,
        "####" + "." * 13,
    ]
    page.locator('[data-act="play"]').click()
    wait_board(page)
    assert page.locator(".board .tile").count() == 8
