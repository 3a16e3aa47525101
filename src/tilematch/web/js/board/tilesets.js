// @ts-check
// The tile sets a player can choose in Settings: each draws every face symbol
// into the same 60x80 box, so the board, the guide and the tests treat them alike.

import { t } from "../i18n.js";
import { classicArt } from "./tileset-classic.js";
import { inkArt } from "./tileset-ink.js";
import { legibleArt } from "./tileset-legible.js";

/**
 * @typedef {object} TileSet
 * @property {string} name what Settings calls it
 * @property {string} about one sentence on how it looks
 * @property {(symbol: string) => string} art the SVG markup of a symbol
 */

/** @type {Readonly<Record<string, TileSet>>} */
export const TILE_SETS = Object.freeze({
  classic: {
    get name() {
      return t("game.tileset.classic");
    },
    get about() {
      return t("game.tileset.classic_about");
    },
    art: classicArt,
  },
  legible: {
    get name() {
      return t("game.tileset.legible");
    },
    get about() {
      return t("game.tileset.legible_about");
    },
    art: legibleArt,
  },
  ink: {
    get name() {
      return t("game.tileset.ink");
    },
    get about() {
      return t("game.tileset.ink_about");
    },
    art: inkArt,
  },
});

/** The set called `id`, or the classic one for a name that is not a set. */
export function tileSet(id) {
  return TILE_SETS[id] || TILE_SETS.classic;
}
