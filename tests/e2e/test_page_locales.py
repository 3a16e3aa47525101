"""Every page in all eight locales: the page is served and drawn in the browser's
language, and no English is left in what a player reads (``tests/e2e/locales.py``).
One game per locale: a match taken, Learn Mode on a blocked tile, the end dialog."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.e2e.locales import english_left
from tests.support.locales import BROWSER_LANGUAGE
from tests.support.pagekit import (
    DESKTOP,
    api_get,
    end_dialog_open,
    open_board,
    pick_pair,
    play_game,
    tile,
)
from tilematch.benchmarks.live import LiveServer
from tilematch.server.i18n import LOCALES, translate

pytestmark = pytest.mark.e2e

BROWSER = BROWSER_LANGUAGE
#: Every page of the site, and the page's own element that is drawn once it is ready.
PAGES = {
    "/": ".home",
    "/daily": "main h1",
    "/tower": "main h1",
    "/results": "main h1",
    "/stats": "main h1",
    "/guide": "main h1",
    "/learn": "main h1",
    "/settings": ".language-form",
    "/duel": "main h1",
    "/devices": "main h1",
    "/link": "main h1",
    "/editor": "main h1",
}
GAME = "/play/solitaire/regular?layout=dragon-pearl&seed=15"


@pytest.fixture(scope="module")
def own_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server of this module's own: names other tests' players chose (in English)
    must not stand on its leaderboards."""
    server = LiveServer(tmp_path_factory.mktemp("locales") / "tilematch.sqlite3")
    server.start()
    yield server
    server.stop()


@pytest.fixture(params=LOCALES)
def localized(request: pytest.FixtureRequest, browser: Any, own_server: Any) -> Iterator[Any]:
    live_server = own_server
    locale = request.param
    ctx = browser.new_context(viewport=DESKTOP, base_url=live_server.url, locale=BROWSER[locale])
    ctx.set_default_timeout(15_000)
    page = ctx.new_page()
    page.locale = locale  # type: ignore[attr-defined]
    yield page
    ctx.close()


def check(page: Any, part: str, selector: str | None = None) -> None:
    locale = page.locale
    left = english_left(page, locale, selector)
    assert left == [], f"{locale} {part}: English left {left}"


def test_every_page_is_in_the_browser_language(localized: Any) -> None:
    page = localized
    locale = page.locale
    for path, ready in PAGES.items():
        page.goto(path)
        page.wait_for_selector(ready)
        assert page.evaluate("() => document.documentElement.lang") == locale, path
        menu = page.locator(".nav-toggle").inner_text()
        assert menu == translate(locale, "common.shell.menu"), path
        title = page.title()
        assert title.endswith("· tilematch") and "common." not in title, (path, title)
        check(page, path, "body")


def test_a_game_learn_mode_and_the_end_dialog(localized: Any) -> None:
    page = localized
    gid = open_board(page, GAME)
    assert page.title() == f"{translate(page.locale, 'common.title.game')} · tilematch"
    first, second = pick_pair(page)
    tile(page, first).click()
    tile(page, second).click()
    page.wait_for_function("() => document.querySelector('.hud-moves dd').textContent === '1'")
    check(page, "game", ".game")
    page.keyboard.press("l")
    page.wait_for_selector(".board.learn")
    view = api_get(page, f"/api/games/{gid}")
    covered = next(t for t in view["tiles"] if not t["selectable"] and t["blocked"])
    tile(page, covered["spot"]).click(force=True)
    page.wait_for_selector('.game .message[data-kind="error"]')
    check(page, "learn", ".game .message")
    page.keyboard.press("l")
    page.wait_for_selector(".board:not(.learn)")
    play_game(page)
    assert end_dialog_open(page)
    check(page, "end dialog", ".end-dialog")
