"""The Tile Guide page in every locale: its words from the guide catalogue, the tiles'
names from the server, and no English left in the guide."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.support.locales import BROWSER_LANGUAGE
from tests.support.pagekit import DESKTOP
from tilematch.server.i18n import LOCALES, catalogue
from tilematch.server.tile_names import tile_name

pytestmark = pytest.mark.e2e

BROWSER_LOCALE = BROWSER_LANGUAGE
#: English words of the guide that must not be left in another locale's guide.
ENGLISH = re.compile(r"\b(matches|Match|identical|Characters|Dots|Flowers|Seasons|Winds|more|of)\b")


@pytest.mark.parametrize("locale", LOCALES)
def test_the_tile_guide_speaks_the_browsers_language(
    browser: Any, live_server: Any, locale: str
) -> None:
    context = browser.new_context(
        viewport=DESKTOP, base_url=live_server.url, locale=BROWSER_LOCALE[locale]
    )
    try:
        page = context.new_page()
        page.goto("/guide")
        page.wait_for_selector(".guide-tile")
        words = catalogue(locale)
        assert page.locator(".guide-page h1").inner_text() == words["guide.title"]
        for code in ("1m", "5p", "3s", "1z", "5z", "7z", "1f", "8f"):
            card = page.locator(f'.guide-tile[data-code="{code}"]')
            assert tile_name(locale, code) in card.inner_text(), (locale, code)
        assert page.locator(".bw-pair").count() == 34 + 8
        text = page.locator(".guide-page").inner_text()
        assert words["guide.bw.title"] in text and str(words["tiles.suit.s"]) in text
        if locale != "en":
            assert not ENGLISH.search(text), ENGLISH.findall(text)[:5]
        assert "{" not in text and "guide." not in text  # no placeholder or id shown
    finally:
        context.close()
