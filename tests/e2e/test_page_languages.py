"""The game page in Japanese and German: a browser whose language is ja-JP or de-DE
gets the page in that language, plays a Shisen-Sho and a Mahjong Solitaire match to
the end, and finds no English in the HUD, the toolbar (its More menu included), the
keys list, a toast or the end dialog; at phone width in German nothing in the HUD or
the toolbar is cut off.

What the game page writes is checked here; sentences the server composes (the score
ledger's lines, why a game is not ranked) and the names of tiles and layouts have
their own catalogues, so those elements are left out of the look."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.pagekit import (
    DESKTOP,
    api_get,
    end_dialog_open,
    open_board,
    play_game,
    play_to_end,
)

pytestmark = pytest.mark.e2e

CATALOGUES = Path(__file__).resolve().parents[2] / "src" / "tilematch" / "locales"
PHONE = {"width": 390, "height": 844}
MATCHES = {
    "shisensho": "/play/shisensho/classic?size=4x4&seed=11",
    "solitaire": "/play/solitaire/regular?layout=dragon-pearl&seed=13",
}
#: Latin words a Japanese page may show: the page's name and the key caps of a keyboard.
LATIN_ALLOWED = {"tilematch", "Ctrl", "Home", "End", "Enter", "Esc", "PageUp", "PageDown"}
#: The parts of the page whose words the game page writes (the More menu is in the toolbar).
REGIONS = [".game-title", ".hud", ".toolbar", ".key-help", ".game .message"]
#: Elements whose text comes from elsewhere: the server's ledger lines and reasons.
FOREIGN = ".ledger tbody td:first-child, .unranked"


def english_fragments() -> list[str]:
    """The English words of the game domain (placeholders cut out) that German does not share."""
    english = json.loads((CATALOGUES / "en" / "game.json").read_text("utf-8"))
    german = json.dumps(
        json.loads((CATALOGUES / "de" / "game.json").read_text("utf-8")), ensure_ascii=False
    )
    found = set()
    for text in english.values():
        for form in text.values() if isinstance(text, dict) else [text]:
            for piece in re.split(r"\{[a-z_][a-z0-9_]*\}", form):
                words = piece.strip()
                if re.search(r"[A-Za-z]{4,}", words) and len(words) >= 5 and words not in german:
                    found.add(words)
    return sorted(found)


def page_in(browser: Any, live_server: Any, locale: str, viewport: dict[str, int]) -> Iterator[Any]:
    ctx = browser.new_context(viewport=viewport, base_url=live_server.url, locale=locale)
    ctx.set_default_timeout(15_000)
    yield ctx.new_page()
    ctx.close()


@pytest.fixture
def japanese(browser: Any, live_server: Any) -> Iterator[Any]:
    yield from page_in(browser, live_server, "ja-JP", DESKTOP)


@pytest.fixture
def german(browser: Any, live_server: Any) -> Iterator[Any]:
    yield from page_in(browser, live_server, "de-DE", DESKTOP)


@pytest.fixture
def german_phone(browser: Any, live_server: Any) -> Iterator[Any]:
    yield from page_in(browser, live_server, "de-DE", PHONE)


def visible_words(page: Any, selectors: list[str]) -> str:
    """The text shown in `selectors` and the aria-labels and titles in them, without
    the elements of other catalogues."""
    return str(
        page.evaluate(
            """([selectors, foreign]) => {
                const out = [];
                for (const sel of selectors) for (const root of document.querySelectorAll(sel)) {
                    const copy = root.cloneNode(true);
                    for (const el of copy.querySelectorAll(foreign)) el.remove();
                    for (const el of copy.querySelectorAll('[hidden]')) el.remove();
                    out.push(copy.textContent);
                    const named = [copy, ...copy.querySelectorAll('[aria-label], [title]')];
                    for (const el of named) {
                        if (el.classList && el.classList.contains('tile')) continue;
                        out.push(el.getAttribute('aria-label') || '');
                        out.push(el.getAttribute('title') || '');
                    }
                }
                return out.join('\\n');
            }""",
            [selectors, FOREIGN],
        )
    )


def play_match(page: Any, game: str, lang: str) -> list[str]:
    """Open a match, say a toast, open the keys list, play to the end; returns the
    words seen on the way and at the end (without the server's reason for an
    unranked game, which the end's toast quotes)."""
    gid = open_board(page, MATCHES[game])
    assert page.evaluate("() => document.documentElement.lang") == lang
    page.locator(".key-help summary").click()
    page.keyboard.press("l")  # Learn Mode: a toast
    page.wait_for_function("() => document.querySelector('.game .message').textContent.length > 0")
    seen = [visible_words(page, REGIONS)]
    page.keyboard.press("l")
    page.locator(".key-help summary").click()  # the keys list lies over the controls: close it
    # as the English whole-game tests play these two boards
    if game == "shisensho":
        play_to_end(page)
    else:
        play_game(page)
    assert end_dialog_open(page)
    end = visible_words(page, [".end-dialog", ".game .message"])
    reason = (api_get(page, f"/api/games/{gid}").get("summary") or {}).get("unranked")
    seen.append(end.replace(reason, "") if reason else end)
    return seen


@pytest.mark.parametrize("game", sorted(MATCHES))
def test_a_japanese_player_reads_no_english(japanese: Any, game: str) -> None:
    words = "\n".join(play_match(japanese, game, "ja"))
    latin = sorted({w for w in re.findall(r"[A-Za-z]{3,}", words) if w not in LATIN_ALLOWED})
    assert not latin, f"English left on the {game} page: {latin}\n{words}"
    assert ("四川省" if game == "shisensho" else "上海") in words
    assert "学ぶモード" in words  # the toast and the button
    assert "キー操作" in words  # the keys list
    assert japanese.locator(".end-dialog h2").inner_text() == "クリア！"


@pytest.mark.parametrize("game", sorted(MATCHES))
def test_a_german_player_reads_none_of_the_english_sentences(german: Any, game: str) -> None:
    words = "\n".join(play_match(german, game, "de"))
    left = [fragment for fragment in english_fragments() if fragment in words]
    assert not left, f"English left on the {game} page: {left}\n{words}"
    assert "Lernmodus" in words and "Tasten" in words
    assert german.locator(".end-dialog h2").inner_text() == "Spielfeld geräumt!"


CUT_OFF = """() => {
    const cut = [];
    const within = (inner, outer) => {
        const r = inner.getBoundingClientRect();
        const o = outer.getBoundingClientRect ? outer.getBoundingClientRect() : outer;
        return r.left >= o.left - 1 && r.right <= o.right + 1
            && r.top >= o.top - 1 && r.bottom <= o.bottom + 1;
    };
    const screen = {left: 0, right: innerWidth, top: 0, bottom: innerHeight};
    const labels = '.hud-item dt, .hud-item dd, .toolbar button .label';
    for (const el of document.querySelectorAll(labels)) {
        if (el.getClientRects().length === 0) continue;
        const holder = el.closest('button, .hud-item');
        const block = el.tagName === 'DT' || el.tagName === 'DD';
        if (!within(el, holder) || !within(holder, screen)
            || (block && el.scrollWidth > el.clientWidth + 1)
            || (holder.classList.contains('hud-item') && !within(holder, holder.parentElement))) {
            cut.push(el.textContent);
        }
    }
    return cut;
}"""


@pytest.mark.parametrize("game", sorted(MATCHES))
def test_nothing_is_cut_off_in_german_at_phone_width(german_phone: Any, game: str) -> None:
    page = german_phone
    open_board(page, MATCHES[game])
    assert page.locator('.toolbar [data-action="undo"] .label').inner_text().replace(
        "\u00ad", ""
    ) in (
        "Rückgängig",
        "Rück-\ngängig",
        "Rück-gängig",
    )
    assert page.evaluate(CUT_OFF) == []
    page.locator(".more-button").click()
    assert page.locator('.more-menu [data-action="give_up"]').is_visible()
    assert page.evaluate(CUT_OFF) == []
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
