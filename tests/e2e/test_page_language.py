"""Choosing the language on the page: the settings picker stores it for the player and
switches the page at once; the start page offers the browser's language once."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.support.pagekit import DESKTOP, api_get

pytestmark = pytest.mark.e2e


def new_page(browser: Any, live_server: Any, locale: str, languages: list[str] | None) -> Any:
    """A page whose browser asks the server for ``locale``; ``languages`` (when given) is
    what ``navigator.languages`` says, as when a browser's two settings disagree."""
    ctx = browser.new_context(viewport=DESKTOP, base_url=live_server.url, locale=locale)
    ctx.set_default_timeout(15_000)
    if languages is not None:
        ctx.add_init_script(
            f"Object.defineProperty(navigator, 'languages', {{ get: () => {languages!r} }});"
        )
    return ctx.new_page()


@pytest.fixture
def pages(browser: Any, live_server: Any) -> Iterator[Any]:
    made: list[Any] = []

    def make(locale: str, languages: list[str] | None = None) -> Any:
        page = new_page(browser, live_server, locale, languages)
        made.append(page)
        return page

    yield make
    for page in made:
        page.context.close()


def lang(page: Any) -> str:
    return str(page.evaluate("() => document.documentElement.lang"))


def test_the_picker_names_each_language_in_itself_and_switches_at_once(pages: Any) -> None:
    page = pages("en-US")
    page.goto("/settings")
    page.wait_for_selector(".language-form select")
    names = page.eval_on_selector_all(".language-form option", "os => os.map(o => o.textContent)")
    assert names[1:] == [
        "English",
        "日本語",
        "简体中文",
        "繁體中文",
        "한국어",
        "Deutsch",
        "Français",
        "Español",
    ]
    page.locator(".language-form select").select_option("ja")
    page.wait_for_function("() => document.documentElement.lang === 'ja'")
    page.wait_for_function("() => document.querySelector('.language-saved')?.textContent")
    assert page.locator(".nav-toggle").inner_text() == "メニュー"
    assert page.locator('.site-header a[href="/settings"]').inner_text() == "設定"
    assert page.title() == "設定 · tilematch"
    assert page.locator(".language-saved").inner_text() == "プレイヤーに保存しました。"
    assert page.locator(".language-form select").input_value() == "ja"
    assert api_get(page, "/api/me")["locale"] == "ja"
    page.reload()  # remembered on the server, over the browser's English
    page.wait_for_selector(".language-form select")
    assert lang(page) == "ja" and page.locator(".nav-toggle").inner_text() == "メニュー"
    page.locator(".language-form select").select_option("")  # follow the browser again
    page.wait_for_function("() => document.documentElement.lang === 'en'")
    assert api_get(page, "/api/me")["locale"] is None


def test_the_start_page_offers_the_browser_language_in_that_language(pages: Any) -> None:
    page = pages("en-US", ["ja-JP", "en-US"])  # the server hears English, the browser Japanese
    page.goto("/")
    page.wait_for_selector(".language-offer")
    assert lang(page) == "en"
    offer = page.locator(".language-offer")
    assert offer.get_attribute("lang") == "ja"
    assert offer.locator("p").inner_text() == "日本語で表示しますか？"
    offer.locator(".offer-yes").click()
    page.wait_for_function("() => document.documentElement.lang === 'ja'")
    assert api_get(page, "/api/me")["locale"] == "ja"
    page.wait_for_selector(".home")
    assert page.locator(".language-offer").count() == 0  # a saved setting: no more offers


def test_an_offer_turned_down_is_not_made_again(pages: Any) -> None:
    page = pages("en-US", ["de-DE"])
    page.goto("/")
    page.wait_for_selector(".language-offer")
    assert page.locator(".language-offer p").inner_text() == "Auf Deutsch anzeigen?"
    page.locator(".language-offer .offer-no").click()
    assert page.locator(".language-offer").count() == 0
    page.reload()
    page.wait_for_selector(".home")
    page.wait_for_timeout(500)  # the offer would come after the player's answer
    assert page.locator(".language-offer").count() == 0
    assert api_get(page, "/api/me")["locale"] is None


def test_no_offer_when_the_page_already_speaks_the_browser_language(pages: Any) -> None:
    page = pages("fr-FR")
    page.goto("/")
    page.wait_for_selector(".home")
    page.wait_for_timeout(500)
    assert lang(page) == "fr" and page.locator(".language-offer").count() == 0
