"""Screenshots of every page at desktop (1280x800) and phone (360x740) widths, kept
in artifacts/screenshots/. Each page must draw without a script error and without
sideways scrolling on the phone."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.support.pagekit import DESKTOP, PHONE, ask_hint, play_game, seen, wait_board, watch

pytestmark = pytest.mark.e2e

PAGES = [
    ("home", "/", ".mode-card"),
    ("shisensho", "/play/shisensho/classic?seed=7", ".board .tile"),
    ("solitaire", "/play/solitaire/regular?layout=turtle&seed=7", ".board .tile"),
    (
        "blackwhite",
        "/play/blackwhite/countdown?layout=turtle&seed=7&difficulty=standard",
        ".board .tile",
    ),
    ("daily", "/daily?date=2026-01-15", ".board .tile"),
    ("tower", "/tower", ".level"),
    ("results", "/results", ".results-page"),
    ("guide", "/guide", ".guide-tile"),
    ("learn", "/learn", ".learn-example .tile"),
    ("settings", "/settings", ".settings-form"),
]


def shoot(page: Any, artifacts: Path, name: str, *, full: bool = False) -> None:
    page.wait_for_timeout(350)  # let removal animations and fonts settle
    page.screenshot(path=str(artifacts / f"{name}.png"), full_page=full)


@pytest.mark.parametrize(("name", "path", "ready"), PAGES, ids=[p[0] for p in PAGES])
def test_page_screenshot(
    browser: Any, live_server: Any, artifacts: Path, name: str, path: str, ready: str
) -> None:
    ctx = browser.new_context(viewport=DESKTOP, base_url=live_server.url)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(path)
    page.wait_for_selector(ready)
    if ".board" in ready:
        wait_board(page)
    assert page.locator(".error-box").count() == 0, page.locator(".error-box").inner_text()
    if name in ("solitaire", "blackwhite"):
        # show a selection with its partners highlighted
        first = page.evaluate(
            "() => { const v = [...document.querySelectorAll('.tile.is-free:not(.is-blocked)')];"
            " return v.length ? v[0].dataset.spot : null }"
        )
        if first is not None:
            page.locator(f'.tile[data-spot="{first}"]').click()
    full = name in ("guide", "tower", "learn", "home", "results")
    for width, size in (("desktop", DESKTOP), ("phone", PHONE)):
        page.set_viewport_size(size)
        shoot(page, artifacts, f"{name}-{width}", full=full and width == "desktop")
        overflow = page.evaluate(
            "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
        assert overflow <= 1, f"{name} scrolls sideways by {overflow}px at {width} width"
        if ".board" in ready:
            box = page.evaluate(
                "() => document.querySelector('.board-viewport').getBoundingClientRect().right"
            )
            assert box <= size["width"], f"the {name} board overflows at {width} width"
            # every button of the toolbar's first row is in sight (none hidden in a
            # sideways scroll); on a phone the others are in its More menu
            hidden = page.evaluate(
                "w => [...document.querySelectorAll('.toolbar > button:not([hidden])')]"
                # the More button is for a phone: a wide screen shows its menu inline
                ".filter(b => !b.matches('.more-button') || getComputedStyle(b).display !== 'none')"
                ".filter(b => { const r = b.getBoundingClientRect();"
                " return r.width === 0 || r.left < 0 || r.right > w })"
                ".map(b => b.textContent.trim())",
                size["width"],
            )
            assert not hidden, f"{name} at {width} width hides {hidden}"
    assert not errors, errors
    ctx.close()


@pytest.mark.parametrize(
    ("name", "settings"),
    [
        ("dark", {"theme": "dark"}),
        ("contrast-marks", {"contrast": True, "marks": True}),
    ],
)
def test_theme_screenshot(
    browser: Any, live_server: Any, artifacts: Path, name: str, settings: Any
) -> None:
    ctx = browser.new_context(viewport=DESKTOP, base_url=live_server.url)
    ctx.add_init_script(
        f"localStorage.setItem('tilematch.settings', {json.dumps(json.dumps(settings))})"
    )
    page = ctx.new_page()
    page.goto("/play/blackwhite/zen?layout=turtle&seed=11")
    wait_board(page)
    root = page.evaluate("() => ({...document.documentElement.dataset})")
    if "theme" in settings:
        assert root["theme"] == "dark"
    else:
        assert root["contrast"] == "high" and root["marks"] == "on"
        assert page.locator(".board .tile .mark").first.is_visible()
    shoot(page, artifacts, f"blackwhite-{name}-desktop")
    ctx.close()


def test_moments_screenshots(browser: Any, live_server: Any, artifacts: Path) -> None:
    """The connecting line, the end dialog, Learn Mode and Readable Zoom on a phone."""
    ctx = browser.new_context(viewport=DESKTOP, base_url=live_server.url)
    page = ctx.new_page()
    page.goto("/play/shisensho/classic?size=6x8&seed=3")
    wait_board(page)
    a, b = ask_hint(page)
    watch(page, ".path-layer.is-visible")
    page.evaluate(
        "([a, b]) => { for (const s of [a, b])"
        ' document.querySelector(`.tile[data-spot="${s}"]`).click() }',
        [a, b],
    )
    seen(page)
    page.screenshot(path=str(artifacts / "shisensho-line-desktop.png"))
    play_game(page, mouse_pairs=0)
    shoot(page, artifacts, "end-dialog-desktop")
    assert page.locator(".end-dialog .share input").input_value().endswith("seed=3")

    page.goto("/play/solitaire/regular?layout=turtle&seed=5")
    wait_board(page)
    page.keyboard.press("l")
    page.wait_for_selector(".board.learn")
    blocked = page.eval_on_selector(".board .tile.is-blocked", "el => el.dataset.spot")
    page.locator(f'.tile[data-spot="{blocked}"]').click(force=True)
    page.wait_for_selector('.message[data-kind="error"]')
    shoot(page, artifacts, "learn-mode-desktop")
    page.keyboard.press("l")

    page.set_viewport_size(PHONE)
    page.goto("/play/shisensho/classic?seed=7")
    wait_board(page)
    # a 17 x 8 board on a phone is drawn in Readable Zoom by itself
    page.wait_for_selector(".board-viewport.is-readable")
    shoot(page, artifacts, "shisensho-readable-phone")
    ctx.close()
