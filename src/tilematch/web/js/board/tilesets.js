// @ts-check
// The tile sets a player can choose in Settings: each draws every face symbol
// into the same 60x80 box, so the board, the guide and the tests treat them alike.

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
    name: "Classic",
    about: "Ringed dots, jointed bamboo and the characters in blue and red.",
    art: classicArt,
  },
  legible: {
    name: "High legibility",
    about: "The number printed large over one plain suit mark, in colours that stay apart for colour-blind eyes.",
    art: legibleArt,
  },
  ink: {
    name: "Ink",
    about: "Flat brush strokes in one ink, with a red seal on the honours.",
    art: inkArt,
  },
});

/** The set called `id`, or the classic one for a name that is not a set. */
export function tileSet(id) {
  return TILE_SETS[id] || TILE_SETS.classic;
}
