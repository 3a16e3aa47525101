// @ts-check
// The counters strip: the counters the server sends that mean something in the
// mode, one name per thing, and the combo chain counted down on this device's clock
// between the server's views (the server stays the authority: every view resets it).

import { clock, esc } from "../dom.js";

/**
 * One HUD entry: `key` (also its class, hud-<key>), the `label` and `text` shown, an
 * optional `note` under the value, and `main` for the few a phone shows.
 * @typedef {{key: string, label: string, text: string, note: string, main: boolean}} HudItem
 */

/** The word for re-dealing the tiles left: Shisen-Sho says Reshuffle, the others Shuffle. */
export function shuffleWord(game) {
  return game === "shisensho" ? "Reshuffle" : "Shuffle";
}

/** The HUD's names, one per thing; `shuffle` words follow `shuffleWord`. */
function labels(game) {
  const shuffle = shuffleWord(game);
  return {
    remaining: "Time left",
    time: "Time",
    tiles_left: "Tiles left",
    score: "Score",
    combo: "Combo",
    tokens: `${shuffle}s left`,
    boards_cleared: "Boards cleared",
    hints_left: "Hints left",
    shuffles_left: `${shuffle}s left`,
    undos_left: "Undos left",
    stones: "Stones",
    moves: "Moves",
    pairs_open: "Pairs open",
    free: "Free tiles",
    hints: "Hints used",
    undos: "Undos used",
    shuffles: `${shuffle}s used`,
  };
}

/** Counters that say what matters in a mode: the ones a phone's compact HUD keeps. */
const MAIN = new Set(["remaining", "tiles_left", "score", "combo", "tokens", "boards_cleared", "hints_left", "stones"]);
/** Counters the server sends for other purposes (shown elsewhere or not at all). */
const SKIP = new Set(["target", "time", "remaining", "elapsed", "open_pairs", "countdown"]);

/** The sentences of the combo item. */
const COMBO_WORDS = {
  none: "–",
  cap: (cap) => `max\u00a0×${cap}`,
  left: (seconds) => `${seconds.toFixed(1)} s`,
};

/**
 * The combo item of a view `since` seconds after it came (the game clock's run),
 * or null in a mode without combos.
 * @param {any} view
 * @param {number} since
 * @returns {HudItem | null}
 */
export function comboItem(view, since) {
  const chain = view.chain;
  if (!chain) return null;
  const left = chain.length > 0 && chain.left != null ? chain.left - since : 0;
  const cap = chain.cap != null ? COMBO_WORDS.cap(chain.cap) : "";
  if (left <= 0) return { key: "combo", label: "Combo", text: COMBO_WORDS.none, note: cap, main: true };
  const note = [COMBO_WORDS.left(left), cap].filter(Boolean).join(" · ");
  return { key: "combo", label: "Combo", text: `×${chain.multiplier}`, note, main: true };
}

/**
 * The HUD of a view at a clock: `elapsed` playing seconds, `remaining` seconds of a
 * countdown (null when the clock counts up). The chain's time left is the view's
 * minus the playing time since the view (`elapsed` - the view's elapsed).
 * @param {any} view
 * @param {number} elapsed
 * @param {number | null} remaining
 * @returns {HudItem[]}
 */
export function hudItems(view, elapsed, remaining) {
  const names = labels(view.game);
  /** @type {HudItem[]} */
  const items = [];
  const add = (key, text, main = MAIN.has(key)) => items.push({ key, label: names[key] || key, text, note: "", main });
  if (remaining != null) add("remaining", clock(Math.ceil(remaining)));
  add("time", clock(elapsed), remaining == null);
  const counters = { ...(view.counters || {}) };
  // free tiles mean something where freedom is a rule (layered boards), and only on a board in sight
  if (view.game !== "shisensho" && view.status !== "paused" && Array.isArray(view.tiles)) {
    counters.free = view.tiles.filter((t) => t.free !== false && t.selectable !== false).length;
  }
  if (view.score != null) counters.score = view.score;
  const order = Object.keys(names);
  const keys = Object.keys(counters).filter((k) => !SKIP.has(k));
  keys.sort((a, b) => rank(order, a) - rank(order, b));
  for (const key of keys) {
    let value = counters[key];
    if (value === null || value === undefined || typeof value === "object") continue;
    if (typeof value === "number" && !Number.isInteger(value)) value = value.toFixed(1);
    add(key, String(value));
    if (key === "score") {
      const since = Math.max(0, elapsed - (view.clock?.elapsed ?? elapsed));
      const combo = comboItem(view, since);
      if (combo) items.push(combo);
    }
  }
  return items;
}

function rank(order, key) {
  const i = order.indexOf(key);
  return i < 0 ? 99 : i;
}

/**
 * Draw the HUD into a <dl>, rewriting it only when it changed.
 * @param {HTMLElement} dl
 * @param {HudItem[]} items
 */
export function renderHud(dl, items) {
  const html = items
    .map(
      ({ key, label, text, note, main }) =>
        `<div class="hud-item hud-${esc(key)}${main ? " is-main" : ""}" data-key="${esc(key)}"><dt>${esc(label)}</dt><dd>${esc(
          text,
        )}</dd>${note ? `<dd class="hud-note">${esc(note)}</dd>` : ""}</div>`,
    )
    .join("");
  if (dl.dataset.html !== html) {
    dl.innerHTML = html;
    dl.dataset.html = html;
  }
}
