"""Helpers the browser tests share: open a board, read what the page shows, and play
a game to its end by clicking the tiles the page's own Hint marks."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import parse_qs, urlparse

#: The two viewports the page is checked at.
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 360, "height": 740}


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
    """Click a toolbar control, opening the More menu first when it is folded there."""
    control = page.locator(f'.toolbar [data-action="{action}"]')
    if not control.is_visible():
        page.locator(".toolbar [aria-haspopup]").click()
    control.click()


def answer_confirm(page: Any, *, yes: bool = True) -> None:
    """Answer the page's own "are you sure?" dialog (New Game, Replay, Give Up)."""
    page.wait_for_selector(".confirm-dialog[open]")
    page.locator(f'.confirm-dialog [data-answer="{"yes" if yes else "no"}"]').click()
    page.wait_for_function("() => !document.querySelector('.confirm-dialog').open")


def api_get(page: Any, path: str) -> Any:
    """GET an API path with the page's own cookie."""
    response = page.request.get(path)
    assert response.ok, f"{path}: {response.status} {response.text()}"
    return json.loads(response.text())


def ask_hint(page: Any) -> list[int]:
    """Press Hint and return the two spots the page marks as hinted."""
    before = page.locator(".hud-hints dd").inner_text()
    click_action(page, "hint")
    try:
        page.wait_for_function(
            "before => document.querySelector('.hud-hints dd').textContent !== before"
            " && document.querySelectorAll('.board .tile.is-hinted').length === 2",
            arg=before,
        )
    except Exception as error:
        hud = page.locator(".hud").inner_text().replace("\n", " ")
        raise AssertionError(f"no hint shown: {message(page)!r}; HUD {hud}; {page.url}") from error
    return spots(page, ".board .tile.is-hinted")


def watch(page: Any, selector: str, read: str = "el => true") -> None:
    """Note the first moment ``selector`` matches as the page changes, and what
    ``read`` (a JavaScript function of the element) says of it then, for
    :func:`seen`. For states that show only for a moment (the Shisen-Sho line,
    half a second; a duel lockout, one second), which a busy machine can spend
    between a click and the test's next look. Call it before the click."""
    page.evaluate(
        f"""selector => {{
            window.watched = null;
            const read = {read};
            const observer = new MutationObserver(() => {{
                const el = document.querySelector(selector);
                if (!el) return;
                window.watched = read(el);
                observer.disconnect();
            }});
            observer.observe(document.body, {{ subtree: true, attributes: true, childList: true }});
        }}""",
        selector,
    )


def seen(page: Any) -> Any:
    """What :func:`watch` noted, once the state it watches for has shown."""
    page.wait_for_function("() => window.watched !== null")
    return page.evaluate("() => window.watched")


#: What :func:`watch` reads of the Shisen-Sho line: its points and its polylines.
LINE = (
    "el => ({points: JSON.parse(el.dataset.points), lines: el.querySelectorAll('polyline').length})"
)


def end_dialog_open(page: Any) -> bool:
    return bool(page.evaluate("() => document.querySelector('.end-dialog').open"))


def pick_pair(page: Any) -> list[int]:
    """The next pair to take: the page's Hint while hints are available, else the
    partners the page highlights for a selected free tile (both come from the server)."""
    if page.locator('.toolbar [data-action="hint"]').is_enabled():
        return ask_hint(page)
    candidates = spots(page, ".board .tile.is-free:not(.is-blocked):not(.is-removing)")
    for spot in candidates:
        tile(page, spot).click()
        partners = spots(page, ".board .tile.is-partner")
        tile(page, spot).click()  # deselect again; the caller clicks both
        if partners:
            return [spot, partners[0]]
    raise AssertionError("the page shows no pair to take")


# The same loop as play_to_end, run inside the page (no driver round trip per click):
# press Hint while it is enabled, else select free tiles until the page highlights a
# partner; click both tiles; wait for the server's answer; reshuffle when stuck.
_PLAY_IN_PAGE = """
async (maxPairs) => {
  const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  const until = async (test, what) => {
    for (let i = 0; i < 2000; i += 1) { if (test()) return; await frame(); }
    const said = document.querySelector('.game .message').textContent;
    throw new Error(`timed out waiting for ${what}; the page says: ${said}`);
  };
  const live = () => [...document.querySelectorAll('.board .tile:not(.is-removing)')];
  const tile = (s) => document.querySelector(`.board .tile[data-spot="${s}"]:not(.is-removing)`);
  const ended = () => document.querySelector('.end-dialog').open;
  let pairs = 0;
  let smart = false;
  while (pairs < maxPairs && !ended()) {
    const stuck = document.querySelector('.nomoves-dialog');
    if (stuck.open) {
      const shuffle = stuck.querySelector('[data-action="shuffle"]');
      if (shuffle.disabled) {
        // no shuffle can help (or none is left): take the last pair back and go on
        // with smart hints, which keep the board clearable
        const moves = document.querySelector('.hud-moves dd').textContent;
        stuck.querySelector('[data-action="undo"]').click();
        await until(() => document.querySelector('.hud-moves dd').textContent !== moves,
          'the undo');
        smart = true;
        continue;
      }
      const shuffles = document.querySelector('.hud-shuffles dd').textContent;
      shuffle.click();
      await until(() => document.querySelector('.hud-shuffles dd').textContent !== shuffles
        || (stuck.open && stuck.querySelector('[data-action="shuffle"]').disabled), 'the shuffle');
      continue;
    }
    let pair = null;
    const hint = document.querySelector(
      `.toolbar [data-action="${smart ? 'smart_hint' : 'hint'}"]`);
    if (!hint.disabled) {
      const before = document.querySelector('.hud-hints dd').textContent;
      const said = document.querySelector('.game .message');
      said.dataset.kind = '';
      hint.click();
      await until(() => said.dataset.kind === 'error'
        || (document.querySelector('.hud-hints dd').textContent !== before
          && document.querySelectorAll('.board .tile.is-hinted').length === 2), 'a hint');
      if (said.dataset.kind === 'error') throw new Error(`hint refused: ${said.textContent}`);
      pair = [...document.querySelectorAll('.board .tile.is-hinted')].map((e) => e.dataset.spot);
    } else {
      for (const el of live().filter((e) => e.matches('.is-free:not(.is-blocked)'))) {
        el.click();
        await frame();
        const partner = document.querySelector('.board .tile.is-partner');
        el.click();
        await frame();
        if (partner) { pair = [el.dataset.spot, partner.dataset.spot]; break; }
      }
      if (!pair) throw new Error('the page shows no pair to take');
    }
    const n = live().length;
    tile(pair[0]).click();
    await frame();
    tile(pair[1]).click();
    await until(() => ended() || live().length !== n
      || document.querySelector('.nomoves-dialog').open, 'the pair to go');
    pairs += 1;
  }
  return pairs;
}
"""


def play_in_page(page: Any, *, max_pairs: int = 200) -> int:
    """Play on to the end with clicks dispatched inside the page; returns pairs taken."""
    return int(page.evaluate(_PLAY_IN_PAGE, max_pairs))


def play_to_end(page: Any, *, max_pairs: int = 200, stop: Any = None) -> int:
    """Clear the board pair by pair (Hint, then click both tiles) until the end dialog
    opens or ``stop(page)`` is true; reshuffles through the no-moves dialog.
    Returns the number of pairs taken."""
    pairs = 0
    while pairs < max_pairs:
        if end_dialog_open(page) or (stop is not None and stop(page)):
            return pairs
        if page.evaluate("() => document.querySelector('.nomoves-dialog').open"):
            before = page.locator(".hud-shuffles dd").inner_text()
            page.locator('.nomoves-dialog [data-action="shuffle"]').click()
            page.wait_for_function(
                "before => document.querySelector('.hud-shuffles dd').textContent !== before",
                arg=before,
            )
            continue
        a, b = pick_pair(page)
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


# Click the given pairs in order inside the page, each after the server answered
# the one before.
_PLAY_PAIRS = """
async (pairs) => {
  const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  const moves = () => Number(document.querySelector('.hud-moves dd').textContent);
  for (const [a, b] of pairs) {
    const before = moves();
    document.querySelector(`.board .tile[data-spot="${a}"]`).click();
    await frame();
    document.querySelector(`.board .tile[data-spot="${b}"]`).click();
    for (let i = 0; moves() === before; i += 1) {
      const said = document.querySelector('.game .message').textContent;
      if (i > 2000) throw new Error(`pair ${a}-${b} not taken: ${said}`);
      await frame();
    }
  }
}
"""


def play_pairs(page: Any, pairs: list[tuple[int, int]], *, mouse_pairs: int = 3) -> None:
    """Take ``pairs`` in order: the first ``mouse_pairs`` with real mouse clicks, the
    rest with clicks dispatched inside the page."""
    for number, (a, b) in enumerate(pairs[:mouse_pairs], start=1):
        tile(page, a).click()
        tile(page, b).click()
        page.wait_for_function(
            "n => document.querySelector('.hud-moves dd').textContent === String(n)", arg=number
        )
    page.evaluate(_PLAY_PAIRS, [list(pair) for pair in pairs[mouse_pairs:]])


def play_game(page: Any, *, mouse_pairs: int = 3) -> None:
    """Play a whole game: the first pairs with real mouse clicks, the rest in-page."""

    def enough(p: Any) -> bool:
        return int(p.locator(".hud-moves dd").inner_text()) >= mouse_pairs

    play_to_end(page, stop=enough)
    if not end_dialog_open(page):
        play_in_page(page)
    page.wait_for_function("() => document.querySelector('.end-dialog').open")


def rect(page: Any, selector: str) -> dict[str, float]:
    """The box of the first element matching ``selector``, in viewport pixels:
    ``top``, ``bottom``, ``left``, ``right`` and ``width``."""
    found: dict[str, float] = page.evaluate(
        "sel => { const r = document.querySelector(sel).getBoundingClientRect();"
        " return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width} }",
        selector,
    )
    return found
