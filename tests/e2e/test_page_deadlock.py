"""The no-moves dialog: a real browser plays a move order that leaves tiles with no
pair (found with the rules engine on the same seeded board the server deals), then
uses the dialog's Look and the toolbar's Undo."""

from __future__ import annotations

from typing import Any

import pytest
from pagekit import open_board, play_pairs, tile

from tilematch.engine.deal.shuffle import positions_hopeless
from tilematch.modes import Settings, new_session

pytestmark = pytest.mark.e2e


def dead_end(seed: int) -> list[tuple[int, int]] | None:
    """A move order on the 4x4 Classic board of ``seed`` that ends in a deadlock."""
    board = new_session(
        Settings(game="shisensho", mode="classic", size=(4, 4), seed=seed), 0.0
    ).board
    moves: list[tuple[int, int]] = []
    budget = [3000]

    def search(depth: int) -> bool:
        budget[0] -= 1
        if board.is_deadlocked():
            return True
        if depth > 8 or budget[0] < 0:
            return False
        for move in list(board.legal_pairs()):
            board.push(move)
            moves.append((move.a, move.b))
            if search(depth + 1):
                return True
            moves.pop()
            board.pop()
        return False

    return moves if search(0) else None


def test_no_moves_dialog(page: Any) -> None:
    # seed 3 has one; the search keeps the test honest if the deal ever changes
    found = next((seed, m) for seed in (3, *range(4, 60)) if (m := dead_end(seed)) is not None)
    seed, moves = found
    open_board(page, f"/play/shisensho/classic?size=4x4&seed={seed}")
    for number, (a, b) in enumerate(moves, start=1):
        tile(page, a).click()
        tile(page, b).click()
        page.wait_for_function(
            "n => document.querySelector('.hud-moves dd').textContent === String(n)", arg=number
        )
    dialog = page.locator(".nomoves-dialog")
    page.wait_for_function("() => document.querySelector('.nomoves-dialog').open")
    assert "Reshuffle tokens left: 3" in dialog.inner_text()
    for action in ("undo", "shuffle", "replay", "look"):
        assert dialog.locator(f'[data-action="{action}"]').is_visible()
    dialog.locator('[data-action="look"]').click()
    assert not page.evaluate("() => document.querySelector('.nomoves-dialog').open")
    # a Hint asked for now is refused, and the dialog comes back saying why
    page.locator('.toolbar [data-action="hint"]').click()
    page.wait_for_function("() => document.querySelector('.nomoves-dialog').open")
    assert "no legal pair" in dialog.inner_text()
    assert dialog.locator('[data-action="shuffle"]').is_enabled()
    dialog.locator('[data-action="look"]').click()
    assert not page.evaluate("() => document.querySelector('.nomoves-dialog').open")
    assert "Look at the board" in page.locator(".game .message").inner_text()
    page.locator('.toolbar [data-action="undo"]').click()
    page.wait_for_function(
        "n => document.querySelector('.hud-moves dd').textContent === String(n)",
        arg=len(moves) - 1,
    )
    page.wait_for_function(
        "n => document.querySelectorAll('.board .tile:not(.is-removing)').length === n",
        arg=16 - 2 * (len(moves) - 1),
    )


def hopeless_end(seed: int) -> list[tuple[int, int]] | None:
    """The moves of the Regular Turtle of ``seed`` played by the board's first legal
    pair each time, when that play ends with tiles that no shuffle can help (the
    positions left block each other whatever their faces)."""
    board = new_session(
        Settings(game="solitaire", mode="regular", layout="turtle", seed=seed), 0.0
    ).board
    moves: list[tuple[int, int]] = []
    while (move := next(iter(board.legal_pairs()), None)) is not None:
        board.push(move)
        moves.append((move.a, move.b))
    return moves if not board.is_cleared() and positions_hopeless(board) else None


def test_a_shuffle_that_cannot_help_is_refused(page: Any, artifacts: Any) -> None:
    # seed 25 ends with two tiles stacked; the search keeps the test honest if the
    # deal ever changes
    seed, moves = next((s, m) for s in (25, *range(100)) if (m := hopeless_end(s)) is not None)
    open_board(page, f"/play/solitaire/regular?layout=turtle&seed={seed}")
    play_pairs(page, moves, mouse_pairs=2)
    dialog = page.locator(".nomoves-dialog")
    page.wait_for_function("() => document.querySelector('.nomoves-dialog').open")
    dialog.locator('[data-action="shuffle"]').click()
    # the server refuses: the dialog comes back saying why, without its Shuffle
    page.wait_for_function(
        "() => { const d = document.querySelector('.nomoves-dialog');"
        " return d.open && d.querySelector('[data-action=\"shuffle\"]').disabled }"
    )
    assert "No shuffle can help" in dialog.inner_text()
    assert page.locator(".hud-shuffles dd").inner_text() == "0"
    assert page.evaluate("() => document.activeElement.dataset.action") == "undo"
    page.wait_for_function("() => !document.querySelector('.board .tile.is-removing')")
    page.screenshot(path=str(artifacts / "shuffle-cannot-help.png"))
    page.set_viewport_size({"width": 360, "height": 740})
    page.screenshot(path=str(artifacts / "shuffle-cannot-help-phone.png"))
    dialog.locator('[data-action="undo"]').click()
    page.wait_for_function(
        "n => document.querySelector('.hud-moves dd').textContent === String(n)",
        arg=len(moves) - 1,
    )
    assert not page.evaluate("() => document.querySelector('.nomoves-dialog').open")
