"""Rough edges of the page in a real browser: a locked Tower level opened by its
address, the end dialog's comparison with my past games and its grouped ledger,
the Results layout list, and the Speed Duel's end screen. Solo games run on a
server clock the test moves, so each game's time is the test's."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.test_duel_page import DuelServer, claim, legal_pair, wait_playing
from tests.support.clock import FakeClock
from tests.support.pagekit import DESKTOP, PHONE, tile
from tilematch.benchmarks.live import LiveServer
from tilematch.modes import Settings, new_session

pytestmark = pytest.mark.e2e

BOARD = "/play/shisensho/classic?size=4x4&seed=11"
SHOTS = Path("/tmp/shots-wt-edges")
VIEWPORTS = {"desktop": DESKTOP, "phone": PHONE}


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def paced(browser: Any, clock: FakeClock, tmp_path: Path) -> Iterator[Any]:
    """Open pages (``paced(viewport)``) on a fresh server that runs on ``clock``."""
    server = LiveServer(tmp_path / "edges.sqlite3", clock=clock).start()
    contexts: list[Any] = []

    def open_page(viewport: dict[str, int] = DESKTOP) -> Any:
        context = browser.new_context(viewport=viewport, base_url=server.url)
        context.set_default_timeout(15_000)
        contexts.append(context)
        return context.new_page()

    try:
        yield open_page
    finally:
        for context in contexts:
            context.close()
        server.stop()


def clear(page: Any, clock: FakeClock, seconds_a_pair: float) -> None:
    """Clear :data:`BOARD` along its solution, the clock moved before each pair."""
    page.goto(BOARD)
    page.wait_for_function("() => Number(document.querySelector('.board')?.dataset.rendered) > 0")
    settings = Settings(game="shisensho", mode="classic", size=(4, 4), seed=11)
    for number, move in enumerate(new_session(settings, 0.0).solution, start=1):
        clock.advance(seconds_a_pair)
        tile(page, move.a).click()
        tile(page, move.b).click()
        page.wait_for_function(
            "n => document.querySelector('.hud-moves dd').textContent === String(n)", arg=number
        )
    page.wait_for_function("() => document.querySelector('.end-dialog').open")


def standing(page: Any) -> str:
    line = page.locator(".end-dialog .standing")
    line.wait_for(state="visible")
    return str(line.inner_text())


@pytest.mark.parametrize("width", ["desktop", "phone"])
def test_a_locked_level_by_its_address_says_so_once_with_a_way_back(paced, width) -> None:
    page = paced(VIEWPORTS[width])
    page.goto("/play/blackwhite/tower?level=7")
    box = page.locator(".locked-level")
    box.wait_for()
    page.locator(".locked-level .actions a >> nth=1").wait_for()  # the level to play next
    text = page.locator("main").inner_text()
    assert text.count("Level 7 unlocks when level 6 is cleared.") == 1, text
    assert box.locator("h1").inner_text() == "Level 7 is locked"
    # no board, no toolbar of controls for a game that does not exist
    assert page.locator(".board .tile").count() == 0 and page.locator(".game").count() == 0
    assert page.locator(".locked-level a", has_text="Play level 1").count() == 1
    page.screenshot(path=str(SHOTS / f"locked-{width}.png"))
    page.locator(".locked-level a", has_text="Back to the Tower map").click()
    page.wait_for_url("**/tower")
    page.locator(".tower-map .level").first.wait_for()
    assert page.locator(".level.is-open").count() == 1  # level 1, the only open one


@pytest.mark.parametrize("width", ["desktop", "phone"])
def test_the_end_dialog_compares_with_my_games_and_groups_the_ledger(
    paced, clock: FakeClock, width
) -> None:
    page = paced(VIEWPORTS[width])
    clear(page, clock, 3.0)
    assert standing(page) == "Your first game on this board."
    ledger = page.locator(".end-dialog .ledger")
    # 8 pairs of 100 points: one line, not eight
    pairs = ledger.locator("tr", has_text="8 × Pair x1")
    assert pairs.count() == 1 and "100 each" in pairs.inner_text()
    assert pairs.locator("td.num").inner_text() == "800"
    assert re.search(r"Score ledger \(\d+ items in \d+ lines\)", ledger.inner_text())
    total = ledger.locator("tr.total td").inner_text()
    assert total == page.locator(".hud-score dd").inner_text()
    page.keyboard.press("Escape")

    clear(page, clock, 2.0)  # faster: a higher speed bonus
    assert standing(page).startswith("New best! Your best before: ")
    page.keyboard.press("Escape")
    clear(page, clock, 5.0)
    words = standing(page)
    assert re.fullmatch(
        r"3rd of your 3 games on this board, \d+ s slower than your median\.", words
    )
    page.screenshot(path=str(SHOTS / f"end-dialog-{width}.png"))


def test_the_results_layout_filter_lists_my_boards(paced, clock: FakeClock) -> None:
    page = paced()
    clear(page, clock, 3.0)
    page.keyboard.press("Escape")
    page.goto("/results")
    form = page.locator(".lb-form")
    form.locator("select[name=board]").select_option("shisensho/classic")
    layout = form.locator("select[name=layout]")
    assert layout.evaluate("el => el.tagName") == "SELECT"
    page.wait_for_function(
        "() => document.querySelector('.lb-form select[name=layout]').options.length === 2"
    )
    options = layout.locator("option").all_inner_texts()
    assert options == ["Any layout", "4 × 4"]
    layout.select_option("4x4")
    page.locator(".leaders tr.is-you").wait_for()
    # a mode without my results: only "Any layout", and the list is disabled
    form.locator("select[name=board]").select_option("solitaire/regular")
    assert layout.locator("option").all_inner_texts() == ["Any layout"]
    assert layout.is_disabled()
    page.screenshot(path=str(SHOTS / "results-filter.png"))


@pytest.fixture(scope="module")
def duel_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[DuelServer]:
    server = DuelServer(tmp_path_factory.mktemp("duel-edges") / "tilematch.sqlite3")
    yield server
    server.stop()


def test_the_duel_end_says_who_won_by_how_much_and_the_paces(browser, duel_server) -> None:
    context = browser.new_context(viewport=DESKTOP, base_url=duel_server.url)
    context.set_default_timeout(20_000)
    try:
        page = context.new_page()
        page.goto("/duel")
        page.select_option(".duel-create select[name=size]", "4x6")
        page.locator(".duel-create button[type=submit]").click()
        page.wait_for_url("**/duel?room=*")
        page.locator('.duel-rivals [data-rival="relaxed"]').click()
        wait_playing(page)
        while not page.locator(".duel-end[open]").count():
            pair = legal_pair(page, (4, 6))
            if pair is None:
                page.wait_for_timeout(100)
                continue
            claim(page, *pair)
            page.wait_for_timeout(50)
        end = page.locator(".duel-end")
        text = end.locator(".duel-end-text").inner_text()
        assert re.fullmatch(r"You (won|lost) by \d+ tiles in \d+:\d\d \(\d+ – \d+\)\.", text), text
        head = end.locator(".duel-figures thead th").all_inner_texts()
        assert head[0] == "You" and "relaxed" in head[1].lower()
        rows = end.locator(".duel-figures tbody tr th").all_inner_texts()
        assert rows == ["Pairs", "Pace", "Fastest pair", "Wrong claims"]
        pairs = [
            int(n)
            for n in end.locator(".duel-figures tbody tr >> nth=0").locator("td").all_inner_texts()
        ]
        assert sum(pairs) == 12  # 24 tiles, every pair taken by one of us
        assert "s a pair" in end.locator(".duel-figures tbody tr >> nth=1").inner_text()
        best = end.locator(".duel-best")
        best.wait_for(state="visible")
        assert re.fullmatch(
            r"Your duels on this board: [01] won of 1(, fastest win \d+:\d\d)?\.", best.inner_text()
        )
        assert end.locator("[data-action=rematch]").is_visible()
        page.screenshot(path=str(SHOTS / "duel-end.png"))
    finally:
        context.close()
