// @ts-check
// Our own tile art: one SVG <symbol> per face symbol of the chosen tile set
// (tilesets.js), installed as a sprite; a tile draws `<use href="#f-5s">`, so a
// change of set redraws every tile at once. Colours come from CSS custom
// properties (--ink-*), so the light, dark, high-contrast and Black & White
// variants are pure CSS.

import { getSettings, onSettings } from "../storage.js";
import { tileSet } from "./tilesets.js";
import { t } from "../i18n.js";

const SUIT_LETTER = { m: "C", p: "D", s: "B" };
const HONOUR_MARK = { 1: "E", 2: "S", 3: "W", 4: "N", 5: "Wh", 6: "G", 7: "R" };
const BONUS_MARK = { 1: "F1", 2: "F2", 3: "F3", 4: "F4", 5: "Sp", 6: "Su", 7: "Au", 8: "Wi" };

/** Split a code like "b5s" into {colour: "b"|"w"|null, symbol: "5s"}. */
export function splitCode(code) {
  if (code && code.length === 3 && (code[0] === "b" || code[0] === "w")) {
    return { colour: code[0], symbol: code.slice(1) };
  }
  return { colour: null, symbol: code };
}

/** The short numeric/letter mark printed on a tile when marks are on ("5B", "E", "F1"). */
export function tileMark(code) {
  const { colour, symbol } = splitCode(code);
  const n = Number(symbol[0]);
  const suit = symbol[1];
  let mark;
  if (SUIT_LETTER[suit]) mark = `${n}${SUIT_LETTER[suit]}`;
  else if (suit === "z") mark = HONOUR_MARK[n];
  else mark = BONUS_MARK[n];
  return colour ? `${colour === "b" ? "●" : "○"}${mark}` : mark;
}

/** Every symbol code that has art. */
export const SYMBOLS = [
  ..."mps".split("").flatMap((s) => [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => `${n}${s}`)),
  ...[1, 2, 3, 4, 5, 6, 7].map((n) => `${n}z`),
  ...[1, 2, 3, 4, 5, 6, 7, 8].map((n) => `${n}f`),
];

/** SVG markup (inside a 60x80 viewBox) of a symbol such as "5s" in the tile set `id`. */
export function symbolArt(symbol, id = "classic") {
  return tileSet(id).art(symbol);
}

/** The inner markup of the sprite of the tile set `id`: one <symbol> per face. */
export function spriteMarkup(id) {
  return SYMBOLS.map((s) => `<symbol id="f-${s}" viewBox="0 0 60 80">${symbolArt(s, id)}</symbol>`).join("");
}

let listening = false;

/**
 * Put the sprite of the chosen tile set into the document, and redraw it whenever
 * Settings choose another set.
 * @param {Document} [doc]
 */
export function installSprite(doc = document) {
  const draw = (id) => {
    let sprite = doc.getElementById("tile-sprite");
    if (!sprite) {
      const holder = doc.createElement("div");
      holder.innerHTML = `<svg id="tile-sprite" xmlns="http://www.w3.org/2000/svg" width="0" height="0" class="sprite-holder" aria-hidden="true"></svg>`;
      sprite = /** @type {HTMLElement} */ (holder.firstChild);
      doc.body.prepend(sprite);
    }
    if (sprite.dataset.tileset === id) return;
    sprite.dataset.tileset = id;
    sprite.innerHTML = spriteMarkup(id);
  };
  draw(getSettings().tileset);
  if (listening) return;
  listening = true;
  onSettings((settings) => draw(settings.tileset));
}

/** Markup of the face part of a tile (the symbol via <use>, the mark). */
export function faceMarkup(code) {
  const { symbol } = splitCode(code);
  return (
    `<svg class="face" viewBox="0 0 60 80" aria-hidden="true" focusable="false"><use href="#f-${symbol}"/></svg>` +
    `<span class="mark" aria-hidden="true">${tileMark(code)}</span>`
  );
}

/** CSS class naming the B&W variant of a code ("tile--black", "tile--white" or ""). */
export function variantClass(code) {
  const { colour } = splitCode(code);
  return colour === "b" ? "tile--black" : colour === "w" ? "tile--white" : "";
}

/** A small standalone tile picture (for guides and lists). */
export function tilePicture(code, label) {
  const aria = label ? `role="img" aria-label="${label.replace(/"/g, "&quot;")}"` : `aria-hidden="true"`;
  return `<span class="tile-pic ${variantClass(code)}" ${aria}>${faceMarkup(code)}</span>`;
}

/**
 * A tile's name for players, as the server's `tile_name` writes it: the catalogue's
 * name of its face (`tiles.face.<symbol>`), for a Black & White tile inside
 * `tiles.coloured.<b|w>` with the White Dragon named by its frame; else the name the
 * server sent, else its code.
 * @param {{code: string, name?: string} | null | undefined} tile
 */
export function tileName(tile) {
  if (!tile) return t("game.tile.unknown");
  const coloured = /^([bw])(\d[mpszf])$/.exec(tile.code);
  const symbol = coloured ? coloured[2] : tile.code;
  // i18n-data: tiles.face.
  const id = `tiles.face.${coloured && symbol === "5z" ? "frame_dragon" : symbol}`;
  const text = t(id);
  if (text === id) return tile.name || tile.code;
  // i18n-ids: tiles.coloured.b tiles.coloured.w
  return coloured ? t(`tiles.coloured.${coloured[1]}`, { name: text }) : text;
}
