"""Layout names on the page in the player's language: the picker's titles and families,
the search, and the Tower map's level names."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.pagekit import DESKTOP
from tilematch.server.i18n import catalogue

pytestmark = pytest.mark.e2e

FIELD = '.mode-card[data-game="solitaire"] .picker-open'
SHEET = "dialog.picker[open]"


def _page(browser: Any, live_server: Any, locale: str) -> tuple[Any, Any]:
    context = browser.new_context(viewport=DESKTOP, base_url=live_server.url, locale=locale)
    return context, context.new_page()


def test_the_picker_names_layouts_and_families_in_japanese(browser: Any, live_server: Any) -> None:
    context, page = _page(browser, live_server, "ja-JP")
    try:
        page.goto("/")
        page.wait_for_selector(FIELD)
        page.locator(FIELD).click()
        page.wait_for_selector(f"{SHEET} .picker-option")
        turtle = page.locator(f'{SHEET} .picker-option[data-name="turtle"] .picker-name')
        assert turtle.inner_text() == "亀"
        families = page.locator(f'{SHEET} select[name="family"] option').all_inner_texts()
        assert "動物" in families and "Animal" not in families
        page.locator(f'{SHEET} input[name="search"]').fill("ピラミッド")
        page.wait_for_function(
            "() => [...document.querySelectorAll('dialog.picker[open] .picker-option')]"
            ".filter(o => !o.hidden && o.offsetParent !== null).length < 30"
        )
        shown = page.locator(f"{SHEET} .picker-option:visible .picker-name").all_inner_texts()
        assert shown and all("ピラミッド" in name for name in shown), shown[:5]
    finally:
        context.close()


def test_the_tower_map_names_its_layouts_in_german(browser: Any, live_server: Any) -> None:
    context, page = _page(browser, live_server, "de-DE")
    try:
        page.goto("/tower")
        page.wait_for_selector(".level .lv-info")
        infos = page.locator(".level .lv-info").all_inner_texts()
        words = catalogue("de")
        german = {str(v) for k, v in words.items() if k.startswith("layouts.title.")}
        english = {str(v) for k, v in catalogue("en").items() if k.startswith("layouts.title.")}
        names = [info.split(" · ")[0] for info in infos]
        assert all(name in german for name in names), names[:5]
        assert not [name for name in names if name in english - german][:1]
    finally:
        context.close()
