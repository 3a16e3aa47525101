"""What the screenshots of every mode showed on a phone (390 x 844) and held sideways
(844 x 390): the race board of a duel is drawn readable and comes first, and the
counters and controls fold their labels between words (or at a soft hyphen), never
inside one, in every language."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.e2e.locales import CJK
from tests.support.locales import BROWSER_LANGUAGE
from tests.support.pagekit import rect, wait_board
from tilematch.benchmarks.live import LiveServer

pytestmark = pytest.mark.e2e

PORTRAIT = {"width": 390, "height": 844}
LANDSCAPE = {"width": 844, "height": 390}
BROWSER = BROWSER_LANGUAGE

#: The parts of the words of the visible HUD labels and toolbar buttons that run over
#: more than one line (a part is a word, or a piece of it between soft hyphens).
BROKEN_WORDS = """() => {
  const broken = [];
  for (const el of document.querySelectorAll('.hud dt, .toolbar > button .label')) {
    if (!el.getClientRects().length) continue;
    for (const node of el.childNodes) {
      if (node.nodeType !== Node.TEXT_NODE) continue;
      const text = node.textContent;
      // the line a letter stands on: the top of its box
      const line = (i) => {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const boxes = [...range.getClientRects()].sort((a, b) => b.width - a.width);
        return Math.round(boxes[0].top);
      };
      for (const word of text.matchAll(/[^\\s\\u00ad]+/g)) {
        if (line(word.index) !== line(word.index + word[0].length - 1)) broken.push(word[0]);
      }
    }
  }
  return broken;
}"""
#: How far the visible toolbar buttons reach past the right edge of the screen.
TOOLBAR_OVERFLOW = """() => Math.max(0, ...[...document.querySelectorAll('.toolbar > button')]
  .filter((b) => b.getClientRects().length)
  .map((b) => b.getBoundingClientRect().right - window.innerWidth))"""


#: How far a visible toolbar button's own width falls short of its content.
CONTROL_OVERFLOW = """() => Math.max(0, ...[...document.querySelectorAll('.toolbar > button')]
  .filter((b) => b.getClientRects().length)
  .map((b) => Math.max(b.scrollWidth - b.clientWidth,
    b.getBoundingClientRect().right - b.parentElement.getBoundingClientRect().right)))"""


@pytest.fixture(scope="module")
def duel_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    server = LiveServer(tmp_path_factory.mktemp("screens") / "tilematch.sqlite3", websockets=True)
    server.start()
    yield server
    server.stop()


def open_duel(browser: Any, server: LiveServer, viewport: dict[str, int]) -> Any:
    ctx = browser.new_context(viewport=viewport, base_url=server.url, has_touch=True)
    ctx.set_default_timeout(15_000)
    page = ctx.new_page()
    room = page.request.post(
        "/api/duels", data={"size": [8, 17], "gravity": False, "rival": "relaxed"}
    ).json()
    page.goto(f"/duel?room={room['code']}")
    page.wait_for_function(
        "() => document.querySelector('.duel')?.dataset.phase === 'playing'"
        " && Number(document.querySelector('.board')?.dataset.rendered) > 0",
        timeout=30_000,
    )
    return page


@pytest.mark.parametrize("viewport", [PORTRAIT, LANDSCAPE], ids=["portrait", "landscape"])
def test_a_duel_on_a_phone_draws_its_board_readable_and_first(
    browser: Any, duel_server: LiveServer, viewport: dict[str, int]
) -> None:
    page = open_duel(browser, duel_server, viewport)
    try:
        page.wait_for_selector('.board-viewport[data-zoom="readable"]')
        # the tiles were 20 px wide (10 px held sideways) when the board was fitted
        width = page.evaluate(
            "() => document.querySelector('.board .tile').getBoundingClientRect().width"
        )
        assert width >= 40, width
        board = rect(page, ".board-viewport")
        assert board["bottom"] <= viewport["height"] + 1
        assert viewport["height"] - board["top"] >= 0.6 * viewport["height"] - 60, board
        # a whole tile shows on the first screen
        whole = page.evaluate(
            """() => [...document.querySelectorAll('.board .tile')].some((t) => {
                const r = t.getBoundingClientRect(), v = document.querySelector('.board-viewport')
                  .getBoundingClientRect();
                return r.top >= v.top && r.bottom <= v.bottom && r.left >= v.left
                  && r.right <= v.right; })"""
        )
        assert whole
        # the two cards share a row and say the whole names ("Player 1 (you)")
        cards = [rect(page, f'.duel-player[data-player="{p}"]') for p in (0, 1)]
        assert cards[0]["top"] == cards[1]["top"], cards
        cut = page.eval_on_selector_all(
            ".duel-name", "els => els.filter(e => e.scrollWidth > e.clientWidth + 1).length"
        )
        assert cut == 0
        assert page.evaluate("() => document.documentElement.scrollWidth") <= viewport["width"]
        assert page.evaluate("() => document.documentElement.scrollHeight") <= viewport["height"]
    finally:
        page.context.close()


@pytest.mark.parametrize("viewport", [PORTRAIT, LANDSCAPE], ids=["portrait", "landscape"])
@pytest.mark.parametrize("locale", list(BROWSER))
def test_the_phone_counters_and_controls_fold_between_words(
    browser: Any, live_server: LiveServer, locale: str, viewport: dict[str, int]
) -> None:
    ctx = browser.new_context(
        viewport=viewport, base_url=live_server.url, has_touch=True, locale=BROWSER[locale]
    )
    ctx.set_default_timeout(15_000)
    page = ctx.new_page()
    try:
        for path in ("/play/shisensho/classic?board=17x8&seed=4", "/play/blackwhite/tower?level=1"):
            page.goto(path)
            wait_board(page)
            assert page.evaluate("() => document.documentElement.lang") == locale
            # "Reshuffle|s left", German "Tip|p", "Paus|e" and "Me|hr" were broken
            if locale not in CJK:
                assert page.evaluate(BROKEN_WORDS) == [], path
            assert page.evaluate(TOOLBAR_OVERFLOW) <= 0.5, path
            # held sideways, French "Remélanger" stuck out of the column of controls
            assert page.evaluate(CONTROL_OVERFLOW) <= 0.5, path
    finally:
        ctx.close()


def test_a_tall_board_held_sideways_is_readable_without_giant_tiles(
    browser: Any, live_server: LiveServer
) -> None:
    ctx = browser.new_context(viewport=LANDSCAPE, base_url=live_server.url, has_touch=True)
    ctx.set_default_timeout(15_000)
    page = ctx.new_page()
    try:
        page.goto("/play/blackwhite/zen?layout=pyramid&seed=3")
        wait_board(page)
        page.wait_for_selector('.board-viewport[data-zoom="readable"]')
        board, drawn = rect(page, ".board-viewport"), rect(page, ".board-scaler")
        width = page.evaluate(
            "() => document.querySelector('.board .tile').getBoundingClientRect().width"
        )
        # it filled the width with 70 px tiles: two rows on the screen, the rest below
        assert 40 <= width <= 56, width
        height = page.evaluate("() => document.querySelector('.board-scaler').offsetHeight")
        assert height <= 2 * (board["bottom"] - board["top"]), height
        # narrower than its frame, it stands in the middle
        left, right = drawn["left"] - board["left"], board["right"] - drawn["right"]
        assert abs(left - right) <= 4, (left, right)
    finally:
        ctx.close()
