// @ts-check
// The names a game page shows for things the server names by code: the game, the
// mode, the difficulty and a tile (board/tiles.js names tiles). One place, so that
// each has one name on the page.

import { GAME_NAMES, MODE_NAMES } from "../dom.js";
import { t } from "../i18n.js";

export { tileName } from "../board/tiles.js";

/**
 * The text of `id`, or `fallback` when the catalogue has no such id.
 * @param {string} id
 * @param {string} fallback
 */
function known(id, fallback) {
  const text = t(id);
  return text === id ? fallback : text;
}

/**
 * The game's name in the page's language ("Shisen-Sho", 四川省).
 * @param {string} game a game code: shisensho, solitaire, blackwhite
 */
export function gameName(game) {
  return Object.hasOwn(GAME_NAMES, game) ? GAME_NAMES[game] : game;
}

/**
 * The mode's name in the page's language ("Classic", "Zen").
 * @param {string} mode a mode code: classic, arcade, regular, daily, zen, countdown, tower, duel
 */
export function modeName(mode) {
  return Object.hasOwn(MODE_NAMES, mode) ? MODE_NAMES[mode] : mode;
}

// i18n-ids: game.difficulty.relaxed game.difficulty.standard game.difficulty.zen_master
/**
 * A difficulty's name ("relaxed", "hard").
 * @param {string} difficulty
 */
export function difficultyName(difficulty) {
  return known(`game.difficulty.${difficulty}`, difficulty.replace("_", " "));
}

/**
 * The line that names a view's game and mode ("Shisen-Sho · Classic").
 * @param {{game: string, mode: string}} view
 */
export function gameLine(view) {
  return t("game.head.title", { game: gameName(view.game), mode: modeName(view.mode) });
}
