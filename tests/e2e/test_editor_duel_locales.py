"""The layout editor, the outline editor, a shared layout and a Speed Duel in Japanese
and in Spanish, in a real browser: no English is left in what the player reads, and the
server's layout check lists its problems in the page's language."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.e2e.test_duel_page import (
    DuelServer,
    claim,
    claim_now,
    legal_pair,
    tiles_on_page,
    wait_playing,
)
from tests.support.pagekit import DESKTOP
from tilematch.benchmarks.live import CHROMIUM
from tilematch.server.i18n import catalogue, translate

pytestmark = pytest.mark.e2e

#: Browser locales and the catalogue each one gets.
LOCALES = {"ja": "ja-JP", "es": "es-ES"}
#: Latin words a Japanese page may show: product, file-format and key names.
ALLOWED_LATIN = {
    "tilematch",
    "KMahjongg",
    "GNOME",
    "Mahjongg",
    "Kyodai",
    "layout",
    "map",
    "lay",
    "Ctrl",
    "Shift",
    "Space",
    "Enter",
    "Page",
    "Down",
}
#: The domains this test checks.
DOMAINS = ("editor.", "duel.")


def english_fragments(locale: str) -> set[str]:
    """The English texts of the editor and duel domains, cut at their placeholders, that
    read differently in ``locale`` (a name the same in both languages is no leftover)."""
    english, local = catalogue("en"), catalogue(locale)
    found: set[str] = set()
    for msg_id, text in english.items():
        if not msg_id.startswith(DOMAINS):
            continue
        forms = [text] if isinstance(text, str) else list(text.values())
        theirs = local[msg_id]
        their_forms = [theirs] if isinstance(theirs, str) else list(theirs.values())
        for form in forms:
            if form in their_forms:
                continue
            for piece in re.split(r"\{[a-z_]+\}", form):
                piece = piece.strip(" .,:;()–—…")
                if len(piece) >= 8 and not any(piece in f for f in their_forms):
                    found.add(piece)
    return found


def visible_text(page: Any) -> str:
    return str(page.evaluate("() => document.querySelector('#main').innerText"))


def assert_no_english(page: Any, locale: str, where: str) -> None:
    """No English of the editor and duel domains in the page's main part."""
    check_text(visible_text(page), locale, where)


#: Data, not the page's words: the player's own name and a room code. A player who
#: gave no name is named in the locale ("Player 2", "Anonymous" are never data).
DATA = re.compile(r"\bAnn\b|\b[A-Z2-9]{10}\b")


def check_text(shown: str, locale: str, where: str) -> None:
    text = DATA.sub("", shown)
    assert text.strip(), where
    if locale == "ja":
        latin = set(re.findall(r"[A-Za-z]{3,}", text)) - ALLOWED_LATIN
        assert latin == set(), f"{where}: {sorted(latin)}"
    else:
        left = sorted(piece for piece in english_fragments(locale) if piece in text)
        assert left == [], f"{where}: {left}"


@pytest.fixture(scope="module")
def duel_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[DuelServer]:
    server = DuelServer(tmp_path_factory.mktemp("duel-locales") / "tilematch.sqlite3")
    yield server
    server.stop()


def new_context(browser: Any, server: DuelServer, locale: str) -> Any:
    if not Path(CHROMIUM).exists():  # pragma: no cover
        pytest.fail("Chromium is missing (scripts/test installs Debian's package)")
    ctx = browser.new_context(viewport=DESKTOP, base_url=server.url, locale=LOCALES[locale])
    ctx.set_default_timeout(15_000)
    return ctx


@pytest.mark.parametrize("locale", sorted(LOCALES))
def test_the_editors_and_a_shared_layout_speak_the_locale(
    browser: Any, duel_server: DuelServer, locale: str
) -> None:
    ctx = new_context(browser, duel_server, locale)
    try:
        page = ctx.new_page()
        page.goto("/editor")
        page.wait_for_selector(".ed-board")
        assert page.evaluate("() => document.documentElement.lang") == locale
        # one tile: too few and odd; the problem list comes from the server in the locale
        page.locator(".ed-board").focus()
        page.keyboard.press("Space")
        heading = translate(locale, "editor.check.problems", count=2)
        page.wait_for_function(
            "t => document.querySelector('.ed-status').textContent === t", arg=heading
        )
        problems = page.locator(".ed-problems li").all_inner_texts()
        assert [re.sub(r"\s+\S+$", "", p) if "(" in p else p for p in problems] != []
        assert problems[0].startswith(translate(locale, "editor.problem.odd_count", count=1))
        assert problems[1].startswith(translate(locale, "editor.problem.too_few", count=1, least=4))
        assert_no_english(page, locale, "layout editor")
        # the outline editor, with an outline that is not whole groups
        page.goto("/editor/outline")
        page.wait_for_selector(".outline-editor .ed-board")
        page.wait_for_function("() => document.querySelector('.ed-status').textContent !== ''")
        page.locator(".ed-board").focus()
        page.keyboard.press("Space")
        page.wait_for_function(
            "code => document.querySelector(`.ed-problems li[data-code='${code}']`)",
            arg="group_size",
        )
        grouped = page.locator('.ed-problems li[data-code="group_size"]').inner_text()
        assert grouped == translate(
            locale, "editor.problem.outline.group_size", count=1, group=4, add=3, remove=1
        )
        assert_no_english(page, locale, "outline editor")
        # save a playable layout and open its share link
        page.goto("/editor")
        page.wait_for_selector(".ed-board")
        page.locator(".ed-board").focus()
        for key in ("Space", "ArrowRight", "ArrowRight") * 4:
            page.keyboard.press(key)
        page.wait_for_function(
            "t => document.querySelector('.ed-status').textContent === t",
            arg=translate(locale, "editor.check.ready", count=4),
        )
        page.locator('[data-act="save"]').click()
        page.wait_for_function("() => document.querySelector('input[name=share-link]').value")
        url = page.locator('input[name="share-link"]').input_value()
        assert_no_english(page, locale, "saved layout")
        guest_ctx = new_context(browser, duel_server, locale)
        try:
            guest = guest_ctx.new_page()
            guest.goto(url)
            guest.wait_for_selector(".shared-layout h1")
            assert_no_english(guest, locale, "shared layout")
            assert translate(locale, "editor.shared.read_only") in visible_text(guest)
        finally:
            guest_ctx.close()
    finally:
        ctx.close()


@pytest.mark.parametrize("locale", sorted(LOCALES))
def test_a_duel_speaks_the_locale_from_lobby_to_end(
    browser: Any, duel_server: DuelServer, locale: str
) -> None:
    host_ctx = new_context(browser, duel_server, locale)
    guest_ctx = new_context(browser, duel_server, locale)
    try:
        host, guest = host_ctx.new_page(), guest_ctx.new_page()
        host.goto("/duel")
        host.wait_for_selector(".duel-create")
        host.wait_for_function(
            "() => !document.querySelector('.duel-lb').textContent.endsWith('…')"
        )
        assert_no_english(host, locale, "duel lobby")
        host.fill(".duel-create input[name=name]", "Ann")
        host.select_option(".duel-create select[name=size]", "4x6")
        host.locator(".duel-create button[type=submit]").click()
        host.wait_for_url("**/duel?room=*")
        host.wait_for_selector(".duel-waiting", state="visible")
        assert_no_english(host, locale, "duel room, waiting")
        guest.goto(host.locator(".duel-link").input_value())
        wait_playing(host)
        wait_playing(guest)
        # the guest gave no name: both pages name its seat in the locale
        seat_two = translate(locale, "duel.room.player", number=2)
        assert seat_two in host.locator('.duel-player[data-player="1"] .duel-name').inner_text()
        for page in (host, guest):
            assert_no_english(page, locale, "duel under way")
        # a wrong pair: the refusal is worded by the page in the locale
        faces = tiles_on_page(guest)
        spots = sorted(faces)
        odd = next((x, y) for x in spots for y in spots if x < y and faces[x] != faces[y])
        claim(guest, *odd)
        guest.wait_for_function(
            "() => document.querySelector('.duel-message').dataset.kind === 'error'"
        )
        said = guest.locator(".duel-message").inner_text()
        refusals = {translate(locale, f"duel.refused.{r}") for r in ("not_a_match", "no_path")}
        assert said in refusals, said
        guest.wait_for_function("() => !document.querySelector('.duel.is-locked')")
        turn = 0
        while not host.locator(".duel-end[open]").count():
            page = (host, guest)[turn % 2]
            pair = legal_pair(page, (4, 6))
            if pair is None:
                page.wait_for_timeout(100)
                turn += 1
                continue
            before = len(tiles_on_page(page))
            claim_now(page, *pair)
            # the other page may take a tile of it first, or a reshuffle come: look again
            with contextlib.suppress(PlaywrightTimeout):
                page.wait_for_function(
                    f"() => document.querySelectorAll('.board .tile:not(.is-removing)').length"
                    f" < {before} || document.querySelector('.duel-end[open]')",
                    timeout=3_000,
                )
            turn += 1
        for page in (host, guest):
            page.wait_for_selector(".duel-end[open]")
            page.wait_for_selector(".duel-end .duel-figures:not([hidden])")
            end = str(page.evaluate("() => document.querySelector('.duel-end').innerText"))
            check_text(end, locale, "duel end dialog")
            assert_no_english(page, locale, "duel over")
        assert seat_two in host.locator(".duel-end .duel-figures thead").inner_text()
        titles = {
            host.locator("#duel-end-title").inner_text(),
            guest.locator("#duel-end-title").inner_text(),
        }
        words = {translate(locale, f"game.duel_end.{w}") for w in ("you_win", "you_lose", "draw")}
        assert titles <= words, titles
        # the guest's line on the duel leaderboard: no name, so "Anonymous" in the locale
        host.goto("/duel")
        host.wait_for_selector(".duel-lb table")
        board = host.locator(".duel-lb").inner_text()
        assert translate(locale, "common.player.anonymous") in board
        assert "Anonymous" not in board and "Ann" in board
        assert_no_english(host, locale, "duel lobby after a duel")
    finally:
        host_ctx.close()
        guest_ctx.close()
