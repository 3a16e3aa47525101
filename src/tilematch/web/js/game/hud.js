// @ts-check
// The counters strip: the counters the server sends that mean something in the
// mode, one name per thing, and the combo chain counted down on this device's clock
// between the server's views (the server stays the authority: every view resets it).

import { clock, esc } from "../dom.js";
import { formatNumber, t } from "../i18n.js";

/**
 * One HUD entry: `key` (also its class, hud-<key>), the `label` and `text` shown, an
 * optional `note` under the value, and `main` for the few a phone shows.
 * @typedef {{key: string, label: string, text: string, note: string, main: boolean}} HudItem
 */

/** The word for re-dealing the tiles left: Shisen-Sho says Reshuffle, the others Shuffle. */
export function shuffleWord(game) {
  return game === "shisensho" ? t("game.control.reshuffle") : t("game.control.shuffle");
}

// i18n-ids: game.hud.reshuffles_left game.hud.shuffles_left game.hud.reshuffles_used
// i18n-ids: game.hud.shuffles_used
/** The HUD's names, one per thing; the shuffle counters follow `shuffleWord`. */
function labels(game) {
  const re = game === "shisensho" ? "reshuffles" : "shuffles";
  return {
    remaining: t("game.hud.remaining"),
    time: t("game.hud.time"),
    tiles_left: t("game.hud.tiles_left"),
    score: t("game.hud.score"),
    combo: t("game.hud.combo"),
    tokens: t(`game.hud.${re}_left`),
    boards_cleared: t("game.hud.boards_cleared"),
    hints_left: t("game.hud.hints_left"),
    shuffles_left: t(`game.hud.${re}_left`),
    undos_left: t("game.hud.undos_left"),
    stones: t("game.hud.stones"),
    moves: t("game.hud.moves"),
    pairs_open: t("game.hud.pairs_open"),
    free: t("game.hud.free"),
    hints: t("game.hud.hints_used"),
    undos: t("game.hud.undos_used"),
    shuffles: t(`game.hud.${re}_used`),
  };
}

/** Counters that say what matters in a mode: the ones a phone's compact HUD keeps. */
const MAIN = new Set(["remaining", "tiles_left", "score", "combo", "tokens", "boards_cleared", "hints_left", "stones"]);
/** Counters the server sends for other purposes (shown elsewhere or not at all). */
const SKIP = new Set(["target", "time", "remaining", "elapsed", "open_pairs", "countdown"]);

/** The sentences of the combo item. */
const COMBO_WORDS = {
  none: "–",
  cap: (cap) => t("game.hud.combo_cap", { cap }),
  left: (seconds) =>
    t("game.hud.combo_seconds", { seconds: formatNumber(seconds, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) }),
  multiplier: (multiplier) => t("game.hud.combo_multiplier", { multiplier }),
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
  if (left <= 0) return { key: "combo", label: t("game.hud.combo"), text: COMBO_WORDS.none, note: cap, main: true };
  const note = [COMBO_WORDS.left(left), cap].filter(Boolean).join(" · ");
  return { key: "combo", label: t("game.hud.combo"), text: COMBO_WORDS.multiplier(chain.multiplier), note, main: true };
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
    const text =
      typeof value === "number"
        ? formatNumber(value, Number.isInteger(value) ? undefined : { minimumFractionDigits: 1, maximumFractionDigits: 1 })
        : String(value);
    add(key, text);
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
