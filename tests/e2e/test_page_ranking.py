"""The page tells its player when a result is not ranked: a board cleared faster than
a person can pick tiles says so in the end dialog, the status line and the results
page, and a board cleared at a person's pace is ranked. The server runs on a clock
the test moves, so the pace is the test's, not the machine's."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.clock import FakeClock
from tests.support.pagekit import DESKTOP, api_get, end_dialog_open, message, open_board, tile
from tilematch.benchmarks.live import LiveServer
from tilematch.modes import Settings, fairness, new_session

pytestmark = pytest.mark.e2e

BOARD = "/play/shisensho/classic?size=4x4&seed=11"


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def paced_page(browser: Any, clock: FakeClock, tmp_path: Path) -> Iterator[Any]:
    server = LiveServer(tmp_path / "paced.sqlite3", clock=clock).start()
    context = browser.new_context(viewport=DESKTOP, base_url=server.url)
    context.set_default_timeout(15_000)
    try:
        yield context.new_page()
    finally:
        context.close()
        server.stop()


def clear(page: Any, clock: FakeClock, seconds_a_pair: float) -> str:
    """Clear :data:`BOARD` with mouse clicks along its solution, the server's clock
    moved on ``seconds_a_pair`` before each pair; returns the game id."""
    gid = open_board(page, BOARD)
    settings = Settings(game="shisensho", mode="classic", size=(4, 4), seed=11)
    for number, move in enumerate(new_session(settings, 0.0).solution, start=1):
        clock.advance(seconds_a_pair)
        tile(page, move.a).click()
        tile(page, move.b).click()
        page.wait_for_function(
            "n => document.querySelector('.hud-moves dd').textContent === String(n)", arg=number
        )
    page.wait_for_function("() => document.querySelector('.end-dialog').open")
    return gid


def test_a_board_cleared_faster_than_a_person_can_pick_says_it_is_not_ranked(
    paced_page: Any, clock: FakeClock
) -> None:
    gid = clear(paced_page, clock, 0.0)  # every pair at the same instant
    words = f"Not ranked: {fairness.TOO_FAST}."
    assert words in paced_page.locator(".end-dialog .unranked").inner_text()
    assert words in message(paced_page)
    assert api_get(paced_page, "/api/results")[0]["unranked"] == fairness.TOO_FAST
    board = api_get(paced_page, "/api/leaderboards?game=shisensho&mode=classic&layout=4x4")
    assert board == []
    paced_page.keyboard.press("Escape")
    paced_page.goto("/results")
    row = paced_page.locator(f'.result-row[data-id="{gid}"]')
    assert f"not ranked: {fairness.TOO_FAST}" in row.inner_text()


def test_a_board_cleared_at_a_persons_pace_is_ranked(paced_page: Any, clock: FakeClock) -> None:
    clear(paced_page, clock, 1.5)
    assert end_dialog_open(paced_page)
    assert paced_page.locator(".end-dialog .unranked").count() == 0
    assert "Not ranked" not in message(paced_page)
    board = api_get(paced_page, "/api/leaderboards?game=shisensho&mode=classic&layout=4x4")
    assert [line["you"] for line in board] == [True]


@pytest.fixture
def japanese_paced_page(browser: Any, clock: FakeClock, tmp_path: Path) -> Iterator[Any]:
    server = LiveServer(tmp_path / "paced-ja.sqlite3", clock=clock).start()
    context = browser.new_context(viewport=DESKTOP, base_url=server.url, locale="ja-JP")
    context.set_default_timeout(15_000)
    try:
        yield context.new_page()
    finally:
        context.close()
        server.stop()


def test_a_player_without_a_name_is_ranked_under_the_name_of_its_language(
    japanese_paced_page: Any, clock: FakeClock
) -> None:
    page = japanese_paced_page
    clear(page, clock, 1.5)
    page.keyboard.press("Escape")
    page.goto("/results")
    page.select_option(".lb-form select[name=board]", "shisensho/classic")
    mine = page.locator(".leaders tr.is-you")
    mine.wait_for()
    assert mine.locator("td").nth(1).inner_text() == "名無し（あなた）"
    assert "Anonymous" not in page.locator(".leaders").inner_text()
