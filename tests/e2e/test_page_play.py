"""A real browser plays every single-player mode to its end by clicking tiles,
choosing them with the page's own Hint, and checks the end dialog and the stored result.
Each board comes from a fixed seed, so a test takes the same path on every run (the
default random deal is opened by the controls and pages tests)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.pagekit import (
    answer_confirm,
    api_get,
    end_dialog_open,
    game_id,
    open_board,
    play_game,
    play_pairs,
    play_to_end,
    wait_board,
)
from tilematch.modes.daily import daily_deal

pytestmark = pytest.mark.e2e


def finish_and_check(page: Any, gid: str, title: str) -> dict[str, Any]:
    assert end_dialog_open(page)
    dialog = page.locator(".end-dialog")
    assert title in dialog.locator("h2").inner_text()
    share = dialog.locator(".share input").input_value()
    view = api_get(page, f"/api/games/{gid}")
    assert view["status"] in ("won", "lost", "given_up")
    assert str(view["seed"]) in share or "level=" in share or "date=" in share
    # the ledger shown is the server's ledger
    if view["ledger"]:
        assert dialog.locator(".ledger tbody tr").count() == len(view["ledger"]) + 1
    results = api_get(page, "/api/results")
    rows = results if isinstance(results, list) else results.get("results", [])
    assert gid in [r.get("game_id") for r in rows], (
        "the finished game is not among the stored results"
    )
    return dict(view)


def test_shisensho_classic_whole_game(page: Any) -> None:
    gid = open_board(page, "/play/shisensho/classic?size=4x4&seed=11")
    assert page.locator(".board .tile").count() == 16
    pairs = play_to_end(page)
    assert pairs >= 8
    view = finish_and_check(page, gid, "Board cleared")
    assert view["status"] == "won"
    assert view["counters"]["tiles_left"] == 0
    # the end dialog shows the final score
    assert str(view["score"]) in page.locator(".end-dialog .summary").inner_text().replace(",", "")


def test_shisensho_arcade_clear_board_then_give_up(page: Any) -> None:
    gid = open_board(page, "/play/shisensho/arcade?size=4x4&seed=12")

    def one_board_cleared(p: Any) -> bool:
        return p.locator(".hud-boards_cleared dd").inner_text() == "1"

    play_to_end(page, stop=one_board_cleared)
    # a new board is dealt and the clock runs on
    page.wait_for_function(
        "() => document.querySelectorAll('.board .tile:not(.is-removing)').length === 16"
    )
    page.keyboard.press("g")
    answer_confirm(page)
    page.wait_for_function("() => document.querySelector('.end-dialog').open")
    view = finish_and_check(page, gid, "Game over")
    assert view["status"] == "given_up"
    assert any("clear" in line["label"].lower() for line in view["ledger"])


def test_solitaire_regular_whole_game(page: Any) -> None:
    gid = open_board(page, "/play/solitaire/regular?layout=dragon-pearl&seed=13")
    assert page.locator(".board .tile").count() == 36
    play_game(page)
    view = finish_and_check(page, gid, "Board cleared")
    assert view["status"] == "won"


@pytest.mark.parametrize("mode", ["zen", "countdown"])
def test_blackwhite_whole_game(page: Any, mode: str) -> None:
    extra = "&difficulty=relaxed" if mode == "countdown" else ""
    gid = open_board(page, f"/play/blackwhite/{mode}?layout=dragon-pearl&seed=14{extra}")
    assert page.locator(".board .tile.tile--black").count() > 0
    assert page.locator(".board .tile.tile--white").count() > 0
    play_game(page)
    view = finish_and_check(page, gid, "Board cleared")
    assert view["status"] == "won"


def test_tower_level_one_whole_game(page: Any) -> None:
    page.goto("/tower")
    page.locator('a.level[href$="level=1"]').click()
    wait_board(page)
    gid = game_id(page)
    play_game(page)
    view = finish_and_check(page, gid, "Level 1 cleared")
    assert view["status"] == "won"
    # the map now shows stars on level 1 and level 2 open
    page.locator('.end-dialog a[href="/tower"]').click()
    page.wait_for_selector('a.level[href$="level=2"]')
    assert "★" in page.locator('a.level[href$="level=1"] .lv-stars').inner_text()


def test_daily_whole_game(page: Any) -> None:
    page.goto("/daily")
    from tests.support.pagekit import wait_board

    wait_board(page)
    gid = api_get(page, "/api/games?status=unfinished")[0]["id"]
    view = api_get(page, f"/api/games/{gid}")
    assert view["clock"]["started"] is False  # opening the date starts no clock
    assert api_get(page, f"/api/daily/{view['date']}")["id"] == gid
    # today's board is the engine's deal of the date: play its own solution, so the
    # test takes the same path whatever the date
    deal = daily_deal(view["date"])
    assert {t["spot"]: t["code"] for t in view["tiles"]} == {
        spot: deal.board.face(spot) for spot in deal.board.spots()
    }
    play_pairs(page, [(m.a, m.b) for m in deal.solution])
    page.wait_for_function("() => document.querySelector('.end-dialog').open")
    assert end_dialog_open(page)
    assert "Board cleared" in page.locator(".end-dialog h2").inner_text()
    page.locator('.end-dialog [data-action="look"]').click()
    page.wait_for_function("() => document.querySelector('.streak-now').textContent === '1'")
    history = api_get(page, "/api/daily")
    assert history["streak"] == 1
    assert history["days"][0]["solved"] is True and history["days"][0]["on_day"] is True
    assert history["days"][0]["score"] == 7200 and history["days"][0]["hints"] == 0
    assert api_get(page, f"/api/games/{gid}")["clock"]["started"] is True
    results = api_get(page, "/api/results")
    assert any(r["game_id"] == gid and r["daily_date"] for r in results)
