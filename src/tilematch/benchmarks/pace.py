"""How fast pairs can be taken on the real page, as the server records them.

The page is driven in a headless Chromium with the mouse: the pointer glides to
each tile in steps (every step a real ``mousemove``, so hover and pointer events
fire as for a person) and presses and releases on it. A 17 × 8 Classic board is
cleared along the solution it was dealt with (what a solver bot knows), in four
ways:

* **in-page clicks**: the pointer events dispatched by a script inside the page
  (a move to each tile, then its click, one animation frame apart): the page's
  own limit, with no driver round trip per event;
* **page limit, queued**: every pair clicked with the driver's mouse as soon as
  the pointer gets there; the page queues the intents and the server answers
  them in order;
* **page limit, answered**: each pair clicked once the one before has left the
  board (one server round trip per pair);
* **human floor**: each aimed click takes the time Fitts's law gives a fast
  mouse user, ``a + b · log2(D / W + 1)`` with ``a`` = :data:`FITTS_A` and
  ``b`` = :data:`FITTS_B` (a throughput of 5 bits/s), with the pointer moving
  in real time, and no time at all to look for the pair.

The figures are the gaps between the server's times of two pairs (the ledger's
``at``), so they are what the plausibility rule of
:mod:`tilematch.modes.fairness` judges; each run reports the verdict too.
"""

from __future__ import annotations

import itertools
import math
import os
import statistics
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tilematch.benchmarks.live import CHROMIUM, browser_on_live_server
from tilematch.modes import Settings, fairness, new_session

#: Fitts's law intercept (seconds) of the human floor: none, to be generous.
FITTS_A = 0.0
#: Fitts's law slope (seconds per bit): 5 bits/s, a fast mouse user.
FITTS_B = 0.2
#: The ways the page is driven, in the order they run.
HOWS = ("in-page clicks", "page limit, queued", "page limit, answered", "human floor")
#: The board every run clears.
SETTINGS = Settings(game="shisensho", mode="classic", size=(8, 17), seed=21)


@dataclass(frozen=True)
class Pace:
    """One run: how it was driven, the gaps between pairs (seconds) and the verdict."""

    how: str
    gaps: list[float]
    reason: str | None

    def line(self) -> str:
        """The run as one line of text."""
        ordered = sorted(self.gaps)
        tenth = ordered[len(ordered) // 10]
        verdict = self.reason or "ranked"
        return (
            f"{self.how}: {len(self.gaps) + 1} pairs, gap median"
            f" {statistics.median(ordered) * 1000:.0f} ms, p10 {tenth * 1000:.0f} ms,"
            f" fastest {ordered[0] * 1000:.0f} ms, slowest {ordered[-1] * 1000:.0f} ms"
            f" -> {verdict}"
        )


def fitts_seconds(distance: float, width: float) -> float:
    """Fitts's law (Shannon form) time of an aimed click ``distance`` away on a
    target ``width`` wide, with :data:`FITTS_A` and :data:`FITTS_B`."""
    return FITTS_A + FITTS_B * math.log2(distance / max(width, 1.0) + 1.0)


class Pointer:
    """The page's mouse, gliding from where it is to a tile and clicking it."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.x = 10.0
        self.y = 10.0

    def click_tile(self, spot: int, human: bool) -> None:
        """Glide to the middle of tile ``spot`` and click it; with ``human`` the glide
        takes the Fitts time of that distance and tile, in real time."""
        box = self.page.locator(f'.board .tile[data-spot="{spot}"]').bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        distance = math.hypot(x - self.x, y - self.y)
        steps = max(3, int(distance / 24))
        if human:
            seconds = fitts_seconds(distance, min(box["width"], box["height"]))
            started = time.perf_counter()
            for step in range(1, steps + 1):
                t = step / steps
                self.page.mouse.move(self.x + (x - self.x) * t, self.y + (y - self.y) * t)
                wait = started + seconds * t - time.perf_counter()
                if wait > 0:
                    time.sleep(wait)
        else:
            self.page.mouse.move(x, y, steps=steps)
        self.page.mouse.down()
        self.page.mouse.up()
        self.x, self.y = x, y


# Pointer events inside the page: to each tile a move, then press, release and click,
# one animation frame apart; the intents queue as for a person clicking quickly.
_IN_PAGE = """
async (pairs) => {
  const frame = () => new Promise((r) => requestAnimationFrame(r));
  const at = (el) => { const b = el.getBoundingClientRect();
    return { clientX: b.x + b.width / 2, clientY: b.y + b.height / 2, bubbles: true }; };
  for (const pair of pairs) {
    for (const spot of pair) {
      const el = document.querySelector(`.board .tile[data-spot="${spot}"]`);
      const where = at(el);
      el.dispatchEvent(new PointerEvent("pointermove", where));
      el.dispatchEvent(new MouseEvent("mousemove", where));
      el.dispatchEvent(new PointerEvent("pointerdown", where));
      el.dispatchEvent(new MouseEvent("mousedown", where));
      el.dispatchEvent(new PointerEvent("pointerup", where));
      el.dispatchEvent(new MouseEvent("mouseup", where));
      el.dispatchEvent(new MouseEvent("click", where));
      await frame();
    }
  }
}
"""


def _drive(page: Any, base: str, how: str) -> Pace:
    size = f"{SETTINGS.size[0]}x{SETTINGS.size[1]}" if SETTINGS.size else ""
    page.goto(f"{base}/play/shisensho/classic?size={size}&seed={SETTINGS.seed}")
    page.wait_for_function("() => new URLSearchParams(location.search).has('id')")
    page.wait_for_function(
        "() => { const b = document.querySelector('.board');"
        " return b && Number(b.dataset.rendered) > 0 }"
    )
    game_id = page.url.split("id=")[1].split("&")[0]
    pointer = Pointer(page)
    moves = list(new_session(SETTINGS, 0.0).solution)
    if how == "in-page clicks":
        page.evaluate(_IN_PAGE, [[move.a, move.b] for move in moves])
        moves = []
    for number, move in enumerate(moves, start=1):
        pointer.click_tile(move.a, human=how == "human floor")
        pointer.click_tile(move.b, human=how == "human floor")
        if how != "page limit, queued":
            page.wait_for_function(
                "n => document.querySelector('.hud-moves dd').textContent === String(n)",
                arg=number,
            )
    page.wait_for_function("() => document.querySelector('.end-dialog').open")
    view = page.request.get(f"{base}/api/games/{game_id}").json()
    times = [float(line["at"]) for line in view["ledger"] if line["kind"] == "pair"]
    gaps = [later - earlier for earlier, later in itertools.pairwise(times)]
    return Pace(how, gaps, view["summary"].get("unranked"))


def measure() -> list[Pace]:
    """Drive the page in the four ways of the module docstring; raises when Chromium
    or Playwright is missing."""
    if not Path(CHROMIUM).exists():
        raise RuntimeError(f"Chromium not found at {CHROMIUM}")
    runs = []
    with browser_on_live_server("pace") as (browser, url):
        for how in HOWS:
            context = browser.new_context(viewport={"width": 1280, "height": 800})
            runs.append(_drive(context.new_page(), url, how))
            context.close()
    return runs


def main() -> int:
    """Print one line per run, then the rule the runs are judged by."""
    for pace in measure():
        print(pace.line(), flush=True)
    print(f"machine: load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(
        f"rule: median gap < {fairness.MEDIAN_FLOOR} s (>= {fairness.MEDIAN_SAMPLES} gaps),"
        f" or {fairness.BURST_RUN} gaps in a row < {fairness.BURST_FLOOR} s,"
        f" or every pair < {fairness.AVERAGE_FLOOR} s from the start -> unranked"
    )
    return 0
