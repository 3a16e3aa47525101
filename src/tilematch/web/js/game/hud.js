// @ts-check
// The counters strip: renders whatever counters the server sends, with names.

import { clock, esc } from "../dom.js";

const LABELS = {
  remaining: "Time left",
  time: "Time",
  tiles_left: "Tiles",
  moves: "Moves",
  pairs_open: "Pairs open",
  free: "Free tiles",
  hints: "Hints",
  undos: "Undos",
  shuffles: "Shuffles",
  tokens: "Tokens",
  boards_cleared: "Boards",
  hint_store: "Hint store",
  hints_left: "Hint store",
  shuffle_store: "Shuffle store",
  shuffles_left: "Shuffle store",
  undo_store: "Undo store",
  undos_left: "Undo store",
  stones: "Stones",
  score: "Score",
  combo: "Combo",
};
const SKIP = new Set(["target", "time", "remaining", "elapsed", "open_pairs", "countdown"]);
const ORDER = Object.keys(LABELS);

const title = (key) => LABELS[key] || key.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());

/** The list of [key, label, text] items of the HUD for a view at a given clock. */
export function hudItems(view, elapsed, remaining) {
  const items = [];
  if (remaining != null) items.push(["remaining", title("remaining"), clock(Math.ceil(remaining))]);
  items.push(["time", title("time"), clock(elapsed)]);
  const counters = { ...(view.counters || {}) };
  counters.free = view.tiles.filter((t) => t.free !== false && t.selectable !== false).length;
  if (view.score != null) counters.score = view.score;
  if (view.combo != null) counters.combo = view.combo;
  const keys = Object.keys(counters).filter((k) => !SKIP.has(k));
  keys.sort((a, b) => {
    const ia = ORDER.indexOf(a);
    const ib = ORDER.indexOf(b);
    return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib);
  });
  for (const key of keys) {
    let value = counters[key];
    if (value === null || value === undefined || typeof value === "object") continue;
    if (key === "combo") value = value ? `×${value}` : "–";
    if (typeof value === "number" && !Number.isInteger(value)) value = value.toFixed(1);
    items.push([key, title(key), String(value)]);
  }
  return items;
}

/** Draw the HUD into a <dl>, reusing the cells. */
export function renderHud(dl, items) {
  const html = items
    .map(
      ([key, label, text]) =>
        `<div class="hud-item hud-${esc(key)}" data-key="${esc(key)}"><dt>${esc(label)}</dt><dd>${esc(text)}</dd></div>`,
    )
    .join("");
  if (dl.dataset.html !== html) {
    dl.innerHTML = html;
    dl.dataset.html = html;
  }
}
