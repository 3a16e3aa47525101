"""Every page in the pseudo-locale (accented, 40 % longer, bracketed) at phone width:
no text is cut off by hidden overflow and no text overlaps its neighbours. Texts not
in the catalogues yet show in English there, which this test allows."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.pagekit import wait_board
from tilematch.benchmarks.live import LiveServer

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}
PAGES = [
    "/",
    "/daily",
    "/tower",
    "/results",
    "/stats",
    "/guide",
    "/learn",
    "/settings",
    "/duel",
    "/devices",
    "/link",
    "/editor",
    "/play/shisensho/classic?size=4x4&seed=11",
    "/play/no/such/page",
]

#: Text elements cut off (hidden overflow narrower than the text) or overlapping a
#: sibling that holds text too; tiles, the board and screen-reader-only text aside.
PROBLEMS = """() => {
  const skip = '.board, svg, .sr-only, .skip-link, [hidden], dialog:not([open])';
  const ownText = (el) => [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
  const shown = (el) => {
    const r = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && style.visibility !== 'hidden' && style.opacity !== '0';
  };
  const out = [];
  const texts = [...document.querySelectorAll('body *')].filter(
    (el) => ownText(el) && !el.closest(skip) && shown(el));
  for (const el of texts) {
    const style = getComputedStyle(el);
    const hides = /hidden|clip/.test(style.overflowX) || style.textOverflow === 'ellipsis';
    if (hides && el.scrollWidth > el.clientWidth + 1) {
      const tag = `<${el.tagName.toLowerCase()} class="${el.className}">`;
      out.push(`cut: ${tag} ${el.textContent.trim().slice(0, 60)}`);
    }
  }
  for (const el of texts) {
    const a = el.getBoundingClientRect();
    for (const other of el.parentElement ? el.parentElement.children : []) {
      if (other === el || !texts.includes(other)) continue;
      const b = other.getBoundingClientRect();
      const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (w > 2 && h > 2) {
        const words = (node) => node.textContent.trim().slice(0, 40);
        out.push(`overlap: ${words(el)} / ${words(other)}`);
      }
    }
  }
  return [...new Set(out)];
}"""


@pytest.fixture(scope="module")
def pseudo_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    folder: Path = tmp_path_factory.mktemp("pseudo")
    server = LiveServer(folder / "tilematch.sqlite3", pseudo_locale=True)
    server.start()
    yield server
    server.stop()


@pytest.fixture
def phone(browser: Any, pseudo_server: LiveServer) -> Iterator[Any]:
    ctx = browser.new_context(
        viewport=PHONE,
        base_url=pseudo_server.url,
        has_touch=True,
        extra_http_headers={"Accept-Language": "en-XA"},
    )
    ctx.set_default_timeout(15_000)
    yield ctx.new_page()
    ctx.close()


@pytest.mark.parametrize("path", PAGES)
def test_nothing_is_cut_off_or_overlapping_at_phone_width(phone: Any, path: str) -> None:
    phone.goto(path)
    if "?" in path:  # a game
        wait_board(phone)
    else:
        phone.wait_for_selector("main > *:not(.loading)")
    assert phone.evaluate("() => document.documentElement.lang") == "en-XA"
    assert "⟦" in phone.locator(".nav-toggle").inner_text()  # the pseudo-locale is in use
    phone.locator(".nav-toggle").click()  # the menu's links are in sight too
    problems = phone.evaluate(PROBLEMS)
    assert problems == [], f"{path}: {problems}"


def test_the_check_sees_cut_and_overlapping_text(phone: Any) -> None:
    phone.goto("/learn")
    phone.wait_for_selector("main > *:not(.loading)")
    phone.evaluate(
        """() => {  // styles set through the CSSOM: the page's CSP forbids inline styles
      const box = document.createElement('div');
      const cut = document.createElement('p');
      cut.textContent = 'Ŵàýýýýýý ţöö ĺöñĝ';
      Object.assign(cut.style, {width: '60px', overflow: 'hidden', whiteSpace: 'nowrap'});
      box.append(cut);
      for (const words of ['ÀÀÀ', 'ƁƁƁ']) {
        const span = document.createElement('span');
        span.textContent = words;
        Object.assign(span.style, {position: 'absolute', left: '0', top: '0'});
        box.append(span);
      }
      document.querySelector('main').append(box);
    }"""
    )
    problems = phone.evaluate(PROBLEMS)
    assert any(p.startswith("cut: <p") for p in problems), problems
    assert any(p.startswith("overlap: ÀÀÀ") for p in problems), problems
