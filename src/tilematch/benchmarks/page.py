"""Page speed, measured in a real headless Chromium driving the real page.

* **load → board drawn**: from navigation start to the moment the board's tiles
  are in the document and laid out (a 144-tile Turtle game, continued by id, so
  dealing is not counted), as the page itself records it;
* **board render (JS)**: the time the page's render function takes for that board;
* **click → tile selected**: from a click on a free tile to the frame that shows
  it selected (local UI state, no server call);
* **click → pair answered**: from the click on the second tile of a legal pair to the
  frame that marks the pair as taken (the pair is in the server's list of legal
  pairs, so the page answers before the server does);
* **click → pair removed**: from that click to the frame that shows the pair leaving
  with the server's new view (one ``POST /actions`` round trip on localhost);
  its note splits it: when the server's answer was received (the browser's resource
  timing) and how long the page's render function took for the new view. The rest
  is the browser producing frames (style, layout, paint), not the page's script.

Run with ``tilematch bench page`` (``--quick`` for a short run). Needs Debian's
Chromium at ``/usr/bin/chromium`` (or ``$TILEMATCH_CHROMIUM``) and the
``playwright`` Python package; returns no rows when either is missing.
"""

from __future__ import annotations

import statistics
from typing import Any

from tilematch.benchmarks import Row, summarize
from tilematch.benchmarks.live import browser_on_live_server

_WAIT_SELECTED = """
async (spot) => {
  const el = document.querySelector(`.board .tile[data-spot="${spot}"]`);
  const t0 = performance.now();
  el.click();
  while (!el.classList.contains("is-selected")) {
    await new Promise((r) => requestAnimationFrame(r));
  }
  const t1 = performance.now();
  el.click();
  while (el.classList.contains("is-selected")) {
    await new Promise((r) => requestAnimationFrame(r));
  }
  return t1 - t0;
}
"""

_WAIT_REMOVED = """
async ([a, b]) => {
  const ea = document.querySelector(`.board .tile[data-spot="${a}"]`);
  const eb = document.querySelector(`.board .tile[data-spot="${b}"]`);
  ea.click();
  while (!ea.classList.contains("is-selected")) {
    await new Promise((r) => requestAnimationFrame(r));
  }
  performance.clearResourceTimings();
  const t0 = performance.now();
  eb.click();
  let answered = null;
  while (eb.isConnected && !eb.classList.contains("is-removing")) {
    if (answered === null && eb.classList.contains("is-matching")) {
      answered = performance.now() - t0;
    }
    await new Promise((r) => requestAnimationFrame(r));
  }
  const removed = performance.now() - t0;
  const calls = performance.getEntriesByType("resource").filter((e) => e.name.includes("/actions"));
  const fetched = calls.length ? calls[calls.length - 1].responseEnd - t0 : null;
  const render = Number(document.querySelector(".board").dataset.renderMs);
  return [answered === null ? removed : answered, removed, fetched, render];
}
"""


def _board_drawn(page: Any) -> None:
    page.wait_for_function(
        "() => { const b = document.querySelector('.board');"
        " return b && b.dataset.firstDrawn && Number(b.dataset.rendered) > 0 }"
    )


def _measure(page: Any, base: str, runs: int) -> list[Row]:
    page.goto(f"{base}/play/solitaire/regular?layout=turtle&seed=1")
    _board_drawn(page)
    game_url = page.url
    loads: list[float] = []
    renders: list[float] = []
    for _ in range(runs):
        page.goto(game_url)
        _board_drawn(page)
        loads.append(float(page.eval_on_selector(".board", "b => Number(b.dataset.firstDrawn)")))
        renders.append(float(page.eval_on_selector(".board", "b => Number(b.dataset.renderMs)")))
    tiles = int(page.eval_on_selector(".board", "b => Number(b.dataset.rendered)"))

    selects: list[float] = []
    free = page.eval_on_selector_all(
        ".board .tile.is-free:not(.is-blocked)", "els => els.map(e => Number(e.dataset.spot))"
    )
    for i in range(runs * 2):
        selects.append(float(page.evaluate(_WAIT_SELECTED, free[i % len(free)])))

    answers: list[float] = []
    matches: list[float] = []
    fetches: list[float] = []
    redraws: list[float] = []
    game_id = page.url.split("id=")[1]
    for _ in range(runs):
        view = page.request.get(f"{base}/api/games/{game_id}").json()
        if not view["pairs"]:
            break
        a, b = view["pairs"][0]
        answered, removed, fetched, redraw = page.evaluate(_WAIT_REMOVED, [a, b])
        answers.append(float(answered))
        matches.append(float(removed))
        if fetched is not None:
            fetches.append(float(fetched))
        if redraw is not None:
            redraws.append(float(redraw))
        page.wait_for_timeout(30)
    note = f"Turtle, {tiles} tiles, headless Chromium, localhost"
    return [
        summarize("page: load → board drawn", loads, "< 1000 ms", note),
        summarize("page: board render (JS)", renders, "< 1000 ms", note),
        summarize("page: click → tile selected", selects, "< 100 ms", note),
        summarize("page: click → pair answered", answers, "< 100 ms", note + ", before the server"),
        summarize(
            "page: click → pair removed",
            matches,
            "",
            note
            + ", server round trip (of which: answer received at median "
            + f"{_median(fetches)} ms, redraw JS median {_median(redraws)} ms)",
        ),
    ]


def _median(samples: list[float]) -> str:
    return f"{statistics.median(samples):.1f}" if samples else "n/a"


def run(quick: bool) -> list[Row]:
    """Measure the page; raises :class:`~tilematch.benchmarks.needs.RowsDropped` naming
    what to install when Chromium or Playwright is missing."""
    from tilematch.benchmarks.needs import RowsDropped, missing

    dropped = missing("page")
    if dropped is not None:
        raise RowsDropped(dropped)
    runs = 3 if quick else 15
    with browser_on_live_server("bench") as (browser, url):
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        rows = _measure(context.new_page(), url, runs)
        context.close()
    return rows
