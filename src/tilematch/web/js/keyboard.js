// @ts-check
// The keys of the page: letter shortcuts for the main buttons, the keys that move
// over the board (what each one asks of board/navigation.js), the words that
// explain them, and the "Skip to the board" link.

import { esc } from "./dom.js";
import { t } from "./i18n.js";

/** @typedef {import("./board/navigation.js").Move} Move */

/**
 * Call `actions[key]()` for single-letter keys pressed outside text fields,
 * without Ctrl/Alt/Meta. Keys are lower-case letters, or "H" for Shift+H.
 * A key the board already used (its default prevented) is left alone.
 * Returns a function that removes the listener.
 */
export function bindShortcuts(actions) {
  function onKey(event) {
    if (event.defaultPrevented) return;
    if (event.ctrlKey || event.altKey || event.metaKey || event.repeat) return;
    const target = event.target;
    if (target && target.closest && target.closest("input, textarea, select, [contenteditable]")) return;
    if (document.querySelector("dialog[open]") && !(target && target.closest && target.closest("dialog"))) return;
    const key = event.key.length === 1 ? event.key : event.key === "Escape" ? "Escape" : null;
    if (!key) return;
    const action = actions[key] || actions[key.toLowerCase()];
    if (!action) return;
    event.preventDefault();
    action(event);
  }
  document.addEventListener("keydown", onKey);
  return () => document.removeEventListener("keydown", onKey);
}

/** @type {Readonly<Record<string, Move>>} */
const MOVE_KEYS = Object.freeze({
  ArrowLeft: "left",
  ArrowRight: "right",
  ArrowUp: "up",
  ArrowDown: "down",
  Home: "row-start",
  End: "row-end",
  PageUp: "layer-up",
  PageDown: "layer-down",
  j: "next-free",
  J: "next-free",
  k: "previous-free",
  K: "previous-free",
});

/**
 * The move a key pressed on a tile asks for, or null for a key the board does not
 * use. Ctrl+Home and Ctrl+End go to the first and last tile of the board.
 * @param {{key: string, ctrlKey?: boolean, metaKey?: boolean, altKey?: boolean}} event
 * @returns {Move | null}
 */
export function boardMove(event) {
  if (event.altKey) return null;
  const command = Boolean(event.ctrlKey || event.metaKey);
  if (command && event.key === "Home") return "first";
  if (command && event.key === "End") return "last";
  if (command) return null;
  return Object.prototype.hasOwnProperty.call(MOVE_KEYS, event.key) ? MOVE_KEYS[event.key] : null;
}

// i18n-ids: game.keys.row game.keys.rows game.keys.free game.keys.layer game.keys.row_ends
// i18n-ids: game.keys.board_ends game.keys.pick game.keys.clear
/** The board's keys and what they do (`game.keys.<name>`), as shown in the page's key list. */
export const BOARD_KEY_HELP = Object.freeze([
  ["← →", "row"],
  ["↑ ↓", "rows"],
  ["J / K", "free"],
  ["Page Up / Page Down", "layer"],
  ["Home / End", "row_ends"],
  ["Ctrl+Home / Ctrl+End", "board_ends"],
  ["Enter / Space", "pick"],
  ["Escape", "clear"],
]);

/**
 * The board's keys and what they do, in the page's language: `[keys, words]` pairs,
 * the keys named as the keyboard's caps are (`game.keys.cap.*`).
 * @returns {[string, string][]}
 */
export function boardKeyHelp() {
  return BOARD_KEY_HELP.map(([keys, name]) => [capWords(keys), t(`game.keys.${name}`)]);
}

// i18n-ids: game.keys.cap.page_up game.keys.cap.page_down game.keys.cap.home game.keys.cap.end
// i18n-ids: game.keys.cap.ctrl game.keys.cap.enter game.keys.cap.space game.keys.cap.escape
/** Key names that keyboards print differently per language (Space, Escape, Page Up …). */
const CAPS = Object.freeze({
  "Page Up": "page_up",
  "Page Down": "page_down",
  Home: "home",
  End: "end",
  Ctrl: "ctrl",
  Enter: "enter",
  Space: "space",
  Escape: "escape",
});

/** @param {string} keys */
function capWords(keys) {
  return keys.replace(/Page Up|Page Down|Home|End|Ctrl|Enter|Space|Escape/g, (name) => t(`game.keys.cap.${CAPS[name]}`));
}

/** The key list of a game page, as HTML (a closed disclosure under the board). */
export function keyHelpMarkup() {
  const rows = boardKeyHelp()
    .map(([keys, words]) => `<dt><kbd>${esc(keys)}</kbd></dt><dd>${esc(words)}</dd>`)
    .join("");
  return `<details class="key-help"><summary>${esc(t("game.keys.title"))}</summary><dl>${rows}</dl></details>`;
}

/**
 * Let the key list under `root` close the way a menu does: a press anywhere
 * outside it, or Escape (which then does nothing else, and puts the focus back on
 * the list's summary when it was inside the list). The list lies over the
 * controls while it is open, so it must not stay open by accident.
 * Returns a function that removes the listeners.
 * @param {HTMLElement} root
 */
export function mountKeyHelp(root) {
  const openList = () => /** @type {HTMLDetailsElement | null} */ (root.querySelector("details.key-help[open]"));
  /** @param {PointerEvent} event */
  function onPress(event) {
    const list = openList();
    if (list && !list.contains(/** @type {Node} */ (event.target))) list.open = false;
  }
  /** @param {KeyboardEvent} event */
  function onKey(event) {
    const list = openList();
    if (!list || event.key !== "Escape" || document.querySelector("dialog[open]")) return;
    event.preventDefault(); // the page's own Escape (clear the selection) waits for the next press
    const inside = list.contains(document.activeElement);
    list.open = false;
    if (inside) /** @type {HTMLElement | null} */ (list.querySelector("summary"))?.focus();
  }
  document.addEventListener("pointerdown", onPress, true);
  document.addEventListener("keydown", onKey, true);
  return () => {
    document.removeEventListener("pointerdown", onPress, true);
    document.removeEventListener("keydown", onKey, true);
  };
}

// ------------------------------------------------------------ skip link

/** @type {Set<HTMLElement>} */
const boards = new Set();
let skipBound = false;

function skipLink() {
  return /** @type {HTMLAnchorElement | null} */ (document.querySelector("a.skip-board"));
}

/** Move the keyboard focus to the tile that holds the first board's tab stop. */
function onSkip(event) {
  const link = skipLink();
  if (!link || event.target !== link) return;
  const [board] = boards;
  const tile = board && /** @type {HTMLElement | null} */ (board.querySelector('.tile[tabindex="0"]'));
  if (!tile) return;
  event.preventDefault();
  tile.focus();
}

/**
 * Show the "Skip to the board" link while `board` is on the page; the link moves
 * the focus onto the board's tab stop. Returns a function that forgets the board
 * (and hides the link when no board is left).
 * @param {HTMLElement} board
 */
export function offerSkipTo(board) {
  boards.add(board);
  if (!skipBound) {
    skipBound = true;
    // before the page's router, which would take the link for a page of its own
    document.addEventListener("click", onSkip, true);
  }
  const link = skipLink();
  if (link) link.hidden = false;
  return () => {
    boards.delete(board);
    const current = skipLink();
    if (current && !boards.size) current.hidden = true;
  };
}
