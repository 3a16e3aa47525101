"""The pages in the player's language: the start page, Daily, Tower, Results,
Statistics, Learn, Settings, My player, the link page and the layout picker, opened by
a Japanese, Korean and French browser, leave no English in their main content; and in
German, with its long words, nothing is cut off at phone width."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
CATALOGUES = ROOT / "src" / "tilematch" / "locales"

#: The pages of the ``pages`` domain, and what shows that each has drawn its content.
PAGES = {
    "/": ".mode-card .picker-open",
    "/daily": ".daily-side .cal-day",
    "/tower": ".tower-map .level",
    "/results": ".mine p, .mine table",
    "/stats": ".stats-body .card",
    "/learn": ".learn-example",
    "/settings": ".settings-form",
    "/devices": ".devices-page .make-code",
    "/link": ".link-form",
}
#: Parts of these pages whose words are not the pages' own: the tiles of the Daily
#: board and the server's Learn examples (the tiles' names and the server's
#: sentences have their own catalogues), and leaderboard rows (players' chosen names).
FOREIGN = [".daily-game .board", ".learn-example", ".leaders tbody", ".board-leaders tbody"]
#: Latin words a Japanese or Korean page may show: the product's name, file formats and
#: key names as printed on keyboards, and the word the server takes as the deletion's
#: confirmation (typed as shown).
ALLOWED = {"tilematch", "JSON", "CSV", "Cookie", "Enter", "Esc", "delete"}

#: The visible text and the labels (aria-label, title, alt) of main, without FOREIGN.
READ_MAIN = """(foreign) => {
  const main = document.querySelector("main");
  const copy = main.cloneNode(true);
  const hidden = [...main.querySelectorAll("*")].filter((el) => !el.getClientRects().length);
  const skip = new Set([...foreign.flatMap((s) => [...main.querySelectorAll(s)]), ...hidden]);
  const all = [...main.querySelectorAll("*")];
  const copies = [...copy.querySelectorAll("*")];
  copies.forEach((el, i) => { if (skip.has(all[i])) el.setAttribute("data-skip", ""); });
  copy.querySelectorAll("[data-skip]").forEach((el) => el.remove());
  copy.querySelectorAll("svg").forEach((el) => el.remove());
  const labels = [...copy.querySelectorAll("[aria-label], [title], [alt]")].map((el) =>
    ["aria-label", "title", "alt"].map((a) => el.getAttribute(a) || "").join(" "));
  document.body.append(copy);
  const text = copy.innerText;
  copy.remove();
  return text + "\\n" + labels.join("\\n");
}"""


def english_texts() -> list[str]:
    """The English sentences of the pages domain, cut at their placeholders: the pieces
    of two words or more (one word, such as "Mode", is often French as well)."""
    data = json.loads((CATALOGUES / "en" / "pages.json").read_text("utf-8"))
    pieces: set[str] = set()
    for text in data.values():
        for form in text.values() if isinstance(text, dict) else [text]:
            for piece in re.split(r"\{[a-z_][a-z0-9_]*\}", form):
                piece = piece.strip(" ·—–:,.()!?")
                if " " in piece and len(piece) >= 8 and re.search(r"[a-z]{3}", piece):
                    pieces.add(piece)
    return sorted(pieces)


def layout_words(page: Any) -> set[str]:
    """Words of the layouts' and shapes' names (names, not sentences), the Tower's
    levels' layouts among them."""
    words: set[str] = set()
    for path in ("/api/layouts", "/api/shapes"):
        for item in page.evaluate(f"() => fetch('{path}').then(r => r.json())"):
            for field in ("name", "title", "family"):
                words.update(re.findall(r"[A-Za-zÀ-ÿ]+", str(item.get(field) or "")))
    for level in page.evaluate("() => fetch('/api/campaign').then(r => r.json())")["levels"]:
        words.update(w.capitalize() for w in re.findall(r"[A-Za-z]+", str(level["layout"])))
    return words


def names_not_yet_translated() -> set[str]:
    """The games' and modes' names come from the common catalogue (`common.game.*`,
    `common.mode.*`); until it has them the page shows them in English."""
    common = json.loads((CATALOGUES / "en" / "common.json").read_text("utf-8"))
    if any(key.startswith("common.game.") for key in common):
        return set()
    english = "Shisen-Sho Mahjong Solitaire Black White Classic Arcade Time Attack Regular Daily"
    return set(
        re.findall(r"[A-Za-z]+", english + " Challenge Zen Countdown Emperor Tower Speed Duel")
    )


@pytest.fixture
def speaking(browser: Any, live_server: Any) -> Iterator[Any]:
    """A fresh browser context that speaks the locale it is called with."""
    contexts: list[Any] = []

    def open_in(locale: str, viewport: dict[str, int] | None = None) -> Any:
        ctx = browser.new_context(
            locale=locale,
            base_url=live_server.url,
            viewport=viewport or {"width": 1280, "height": 800},
        )
        ctx.set_default_timeout(15_000)
        contexts.append(ctx)
        return ctx.new_page()

    yield open_in
    for ctx in contexts:
        ctx.close()


def open_page(page: Any, path: str) -> None:
    page.goto(path)
    page.wait_for_selector(f"main {PAGES[path]}", state="attached")
    page.wait_for_load_state("networkidle")
    page.wait_for_function("() => !document.querySelector('main .loading')")


def read_main(page: Any) -> str:
    text: str = page.evaluate(READ_MAIN, FOREIGN)
    return text


def open_picker(page: Any) -> str:
    page.locator('.mode-card[data-game="solitaire"] .picker-open').click()
    sheet = page.locator("dialog.picker[open]")
    sheet.wait_for()
    text: str = sheet.evaluate(
        "(d) => d.innerText + '\\n' + [...d.querySelectorAll('[aria-label]')]"
        ".map((e) => e.getAttribute('aria-label')).join('\\n')"
    )
    page.keyboard.press("Escape")
    return text


@pytest.mark.parametrize(("locale", "lang"), [("ja-JP", "ja"), ("ko-KR", "ko")])
def test_cjk_pages_leave_no_english(speaking: Any, locale: str, lang: str) -> None:
    page = speaking(locale)
    page.goto("/")
    assert page.evaluate("() => document.documentElement.lang") == lang
    allowed = ALLOWED | layout_words(page) | names_not_yet_translated()
    found: dict[str, list[str]] = {}
    for path in PAGES:
        open_page(page, path)
        text = read_main(page)
        if path == "/":
            text += "\n" + open_picker(page)
        assert len(re.findall(r"[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]", text)) > 20, (
            path,
            text,
        )
        english = sorted({w for w in re.findall(r"[A-Za-z]{3,}", text) if w not in allowed})
        if english:
            found[path] = english
    assert not found, f"{lang}: English words left: {found}"


def test_french_pages_use_no_english_sentence(speaking: Any) -> None:
    page = speaking("fr-FR")
    page.goto("/")
    assert page.evaluate("() => document.documentElement.lang") == "fr"
    names = names_not_yet_translated()
    pieces = [p for p in english_texts() if not set(re.findall(r"[A-Za-z]{2,}", p)) <= names]
    assert len(pieces) > 150
    found: dict[str, list[str]] = {}
    for path in PAGES:
        open_page(page, path)
        text = read_main(page)
        if path == "/":
            text += "\n" + open_picker(page)
        assert "é" in text or "è" in text or "à" in text, (path, text)
        left = [piece for piece in pieces if piece in text]
        if left:
            found[path] = left
    assert not found, f"fr: English sentences left: {found}"


#: Whatever in main is wider than its box or than the screen (a word cut off or spilling).
CUT_OFF = """() => {
  const width = document.documentElement.clientWidth;
  const cut = [];
  // visually hidden on purpose (the sr-only pattern) or not shown at all
  const unseen = (el) => {
    for (let e = el; e && e !== document.body; e = e.parentElement) {
      const s = getComputedStyle(e);
      const clipped = s.clip !== "auto" && s.clip !== "";
      if (s.visibility === "hidden" || clipped || s.display === "none") return true;
    }
    return false;
  };
  for (const el of document.querySelectorAll("main *")) {
    // tables and the board scroll inside their own box by design
    const scrolls = el.closest(".table-scroll, .board-viewport, svg, dialog:not([open])");
    if (!el.getClientRects().length || scrolls || unseen(el)) continue;
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    const clips = style.overflowX !== "visible" || style.textOverflow === "ellipsis";
    const text = (el.innerText || "").trim().slice(0, 60);
    const where = `${el.tagName}.${el.className}: ${text}`;
    const span = `(${Math.round(box.left)}..${Math.round(box.right)})`;
    if (box.right > width + 1 || box.left < -1) cut.push(`${where} ${span}`);
    else if (clips && el.scrollWidth > el.clientWidth + 1) cut.push(`${where} clips`);
  }
  return { cut, scroll: document.documentElement.scrollWidth, width };
}"""


@pytest.mark.parametrize("path", ["/", "/daily", "/tower", "/results", "/settings"])
def test_german_at_phone_width_cuts_nothing_off(speaking: Any, path: str) -> None:
    page = speaking("de-DE", {"width": 390, "height": 844})
    open_page(page, path)
    assert page.evaluate("() => document.documentElement.lang") == "de"
    seen = page.evaluate(CUT_OFF)
    assert seen["scroll"] <= seen["width"], f"{path} scrolls sideways: {seen}"
    assert not seen["cut"], f"{path}: {seen['cut']}"
