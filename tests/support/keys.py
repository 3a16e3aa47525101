"""Keyboard helpers for the browser tests: where the focus is, and the arrow keys
that take it to a tile, found over the page's own moves (``board/navigation.js``)."""

from __future__ import annotations

from typing import Any

from tests.support.pagekit import api_get

ARROWS = {"left": "ArrowLeft", "right": "ArrowRight", "up": "ArrowUp", "down": "ArrowDown"}

# The shortest run of arrow keys from one tile to another over the moves of
# navigation.js, on the points of the game's current view.
_ROUTE = """
async ([view, from, to]) => {
  const n = await import('/js/board/navigation.js');
  const nav = n.createNavigator(n.navPoints(view));
  const back = new Map([[from, null]]);
  const queue = [from];
  for (let i = 0; i < queue.length && !back.has(to); i += 1) {
    for (const move of n.ARROW_MOVES) {
      const next = nav.move(queue[i], move);
      if (next != null && !back.has(next)) { back.set(next, [queue[i], move]); queue.push(next); }
    }
  }
  if (!back.has(to)) return null;
  const keys = [];
  for (let at = to; back.get(at); at = back.get(at)[0]) keys.unshift(back.get(at)[1]);
  return keys;
}
"""


def focused_spot(page: Any) -> int | None:
    """The spot of the tile that has the keyboard focus, or None."""
    value = page.evaluate(
        "() => document.activeElement && document.activeElement.classList.contains('tile')"
        " ? Number(document.activeElement.dataset.spot) : null"
    )
    return None if value is None else int(value)


def arrow_route(page: Any, game: str, target: int) -> list[str]:
    """The arrow moves ("left", ...) from the focused tile to ``target`` in game ``game``."""
    here = focused_spot(page)
    assert here is not None, "focus left the board"
    view = api_get(page, f"/api/games/{game}")
    keys = page.evaluate(_ROUTE, [view, here, target])
    assert keys is not None, f"tile {target} cannot be reached with arrow keys from {here}"
    return list(keys)


def walk_to(page: Any, game: str, target: int) -> int:
    """Move the keyboard focus to ``target`` with arrow keys only; returns the presses."""
    keys = arrow_route(page, game, target)
    for move in keys:
        page.keyboard.press(ARROWS[move])
    assert focused_spot(page) == target, (focused_spot(page), target, keys)
    return len(keys)
