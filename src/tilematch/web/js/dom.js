// @ts-check
// Tiny DOM helpers shared by the pages.

import { formatClock, t } from "./i18n.js";

/** Escape text for use inside HTML markup. */
export function esc(value) {
  return String(value ?? "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

/** Seconds as m:ss (or h:mm:ss). */
export function clock(seconds) {
  return formatClock(seconds);
}

/** Say something through the page's polite live region. */
export function announce(text) {
  const region = document.getElementById("announcer");
  if (!region) return;
  region.textContent = "";
  // a new text node after a tick makes screen readers read repeated messages again
  setTimeout(() => {
    region.textContent = text;
  }, 30);
}

/** Today's local calendar date as YYYY-MM-DD. */
export function localDate(date = new Date()) {
  const y = date.getFullYear();
  const m = String(date.getMonth() + 1).padStart(2, "0");
  const d = String(date.getDate()).padStart(2, "0");
  return `${y}-${m}-${d}`;
}

/** This device's offset from UTC in minutes east (UTC+1 is 60), as the server asks it. */
export function utcOffset(date = new Date()) {
  return -date.getTimezoneOffset();
}

/**
 * Names in the page's language, read when used: an object whose property `key` is
 * `t(id(key))` at the moment it is read.
 * @param {string[]} keys
 * @param {(key: string) => string} id
 * @returns {Readonly<Record<string, string>>}
 */
function named(keys, id) {
  const object = {};
  for (const key of keys) Object.defineProperty(object, key, { enumerable: true, get: () => t(id(key)) });
  return Object.freeze(object);
}

/** The message id of each game's name (`common.game.all` names them all elsewhere). */
const GAME_MESSAGES = /** @type {Readonly<Record<string, string>>} */ ({
  shisensho: "common.game.shisensho",
  solitaire: "common.game.solitaire",
  blackwhite: "common.game.blackwhite",
});

// i18n-ids: common.mode.classic common.mode.arcade common.mode.regular common.mode.daily
// i18n-ids: common.mode.zen common.mode.countdown common.mode.tower common.mode.duel
/** The games' names in the page's language (message ids `common.game.<game>`). */
export const GAME_IDS = /** @type {const} */ (["shisensho", "solitaire", "blackwhite"]);
/** The modes' names in the page's language (message ids `common.mode.<mode>`). */
export const MODE_IDS = /** @type {const} */ (["classic", "arcade", "regular", "daily", "zen", "countdown", "tower", "duel"]);
/** Human names for the games and modes, in the page's language. */
export const GAME_NAMES = named([...GAME_IDS], (game) => GAME_MESSAGES[game]);
export const MODE_NAMES = named([...MODE_IDS], (mode) => `common.mode.${mode}`);

/** Render an error into a container. */
export function showError(container, error) {
  container.innerHTML = `<div class="error-box card" role="alert"><h2>${esc(t("common.error.heading"))}</h2><p>${esc(
    error?.message || error,
  )}</p><p><a href="/" data-link>${esc(t("common.page.back_home"))}</a></p></div>`;
}

/** A layout's display name: a built-in layout's title in the page's language
 * (`layouts.title.<name>`: "dragon-pearl" → "Dragon Pearl", 龍の宝珠), else the name
 * title-cased with a size in it written like every size on the page
 * ("my-pyramid-6x6" → "My Pyramid 6 × 6"). */
export function layoutTitle(name) {
  // i18n-data: layouts.title.
  const id = `layouts.title.${String(name).replace(/-/g, "_")}`;
  const title = t(id);
  if (title !== id) return title;
  return String(name)
    .split(/[-_]/)
    .map((w) => (/^\d+x\d+$/.test(w) ? w.replace("x", " × ") : w.charAt(0).toUpperCase() + w.slice(1)))
    .join(" ");
}

/**
 * A count for people: "1 tile", "2 tiles".
 * @param {number} n
 * @param {string} word
 * @param {string} [plural]
 */
export function counted(n, word, plural = `${word}s`) {
  return `${n} ${n === 1 ? word : plural}`;
}

/**
 * A board as people read it: a size key "8x17" (rows x columns, as the API keeps it)
 * becomes "17 × 8" (columns × rows, like the game's sizes); a layout or shape name its title.
 * @param {string} board
 */
export function boardTitle(board) {
  const size = /^(\d+)x(\d+)$/.exec(String(board));
  return size ? `${size[2]} × ${size[1]}` : layoutTitle(board);
}
