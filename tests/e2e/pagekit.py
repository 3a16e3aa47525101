"""Helpers the browser tests share: open a board, read what the page shows, and play
a game to its end by clicking the tiles the page's own Hint marks."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import parse_qs, urlparse


def open_board(page: Any, path: str) -> str:
    """Go to a board page and wait until its tiles are drawn; returns the game id."""
    page.goto(path)
    wait_board(page)
    return game_id(page)


def wait_board(page: Any) -> None:
    page.wait_for_function(
        "() => { const b = document.querySelector('.board');"
        " return b && Number(b.dataset.rendered) > 0 }"
    )


def game_id(page: Any) -> str:
    page.wait_for_function("() => new URLSearchParams(location.search).has('id')")
    return parse_qs(urlparse(page.url).query)["id"][0]


def spots(page: Any, selector: str = ".board .tile:not(.is-removing)") -> list[int]:
    return [
        int(s) for s in page.eval_on_selector_all(selector, "els => els.map(e => e.dataset.spot)")
    ]


def message(page: Any) -> str:
    return str(page.locator(".game .message").inner_text())


def tile(page: Any, spot: int) -> Any:
    return page.locator(f'.board .tile[data-spot="{spot}"]:not(.is-removing)')


def click_action(page: Any, action: str) -> None:
    page.locator(f'.toolbar [data-action="{action}"]').click()


def api_get(page: Any, path: str) -> Any:
    """GET an API path with the page's own cookie."""
    response = page.request.get(path)
    assert response.ok, f"{path}: {response.status} {response.text()}"
    return json.loads(response.text())


def ask_hint(page: Any) -> list[int]:
    """Press Hint and return the two spots the page marks as hinted."""
    before = page.locator(".hud-hints dd").inner_text()
    click_action(page, "hint")
    page.wait_for_function(
        "before => document.querySelector('.hud-hints dd').textContent !== before"
        " && document.querySelectorAll('.board .tile.is-hinted').length === 2",
        arg=before,
    )
    return spots(page, ".board .tile.is-hinted")


def end_dialog_open(page: Any) -> bool:
    return bool(page.evaluate("() => document.querySelector('.end-dialog').open"))


def play_to_end(page: Any, *, max_pairs: int = 200, stop: Any = None) -> int:
    """Clear the board pair by pair (Hint, then click both tiles) until the end dialog
    opens or ``stop(page)`` is true; reshuffles through the no-moves dialog.
    Returns the number of pairs taken."""
    pairs = 0
    while pairs < max_pairs:
        if end_dialog_open(page) or (stop is not None and stop(page)):
            return pairs
        if page.evaluate("() => document.querySelector('.nomoves-dialog').open"):
            page.locator('.nomoves-dialog [data-action="shuffle"]').click()
            page.wait_for_function("() => !document.querySelector('.nomoves-dialog').open")
            continue
        a, b = ask_hint(page)
        count = len(spots(page))
        tile(page, a).click()
        tile(page, b).click()
        page.wait_for_function(
            "([n]) => document.querySelector('.end-dialog').open"
            " || document.querySelectorAll('.board .tile:not(.is-removing)').length !== n"
            " || document.querySelector('.nomoves-dialog').open",
            arg=[count],
        )
        pairs += 1
    raise AssertionError(f"the game did not end after {max_pairs} pairs")
