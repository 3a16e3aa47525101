// @ts-check
// The high-legibility tile set: every suited tile prints its number large, with
// one plain suit mark under it (a ring for Dots, a stalk for Bamboo, 萬 for
// Characters), so a tile reads by shape alone; the winds print their letter.
// Its inks (tiles.css, [data-tileset="legible"]) are a colour-blind-safe palette.

import { DIGITS, GLYPHS, LETTERS } from "./glyphs.js";
import { fill, glyph, ring, stroke } from "./ink.js";

const SUIT_INK = { m: "red", p: "blue", s: "green" };

function numeral(n, colour) {
  return glyph(DIGITS[n], colour, 16.5, 3, 1.35, 6);
}

function suitMark(suit) {
  if (suit === "p") {
    return `<circle cx="30" cy="64" r="11" ${stroke("blue", 4)}/><circle cx="30" cy="64" r="4" ${fill("blue")}/>`;
  }
  if (suit === "s") {
    return (
      `<rect x="17" y="51" width="9" height="26" rx="4" ${fill("green")}/>` +
      `<rect x="34" y="51" width="9" height="26" rx="4" ${fill("green")}/>` +
      `<path d="M16 64 H27 M33 64 H44" class="face-line" stroke-width="2.2"/>`
    );
  }
  return glyph(GLYPHS.wan, "red", 15, 49, 0.75, 2.8);
}

function honour(n) {
  if (n <= 4) {
    const letter = ["E", "S", "W", "N"][n - 1];
    const name = ["east", "south", "west", "north"][n - 1];
    return glyph(LETTERS[letter], "black", 16.5, 3, 1.35, 6) + glyph(GLYPHS[name], "black", 18, 51, 0.6, 2.4);
  }
  if (n === 5) {
    return (
      `<rect x="9" y="10" width="42" height="60" rx="4" ${stroke("blue", 6)}/>` +
      `<rect x="19" y="22" width="22" height="36" rx="2" ${stroke("blue", 3)}/>`
    );
  }
  if (n === 6) return glyph(GLYPHS.fa, "green", 4, 14, 1.3, 5);
  return glyph(GLYPHS.zhong, "red", 4, 14, 1.3, 6);
}

function bonus(n) {
  const season = n > 4;
  const number = season ? n - 4 : n;
  let mark;
  if (season) {
    // a leaf: seasons
    mark = `<path d="M30 76 Q12 64 18 48 Q30 50 30 40 Q30 50 42 48 Q48 64 30 76 Z" ${fill("gold")}/>`;
  } else {
    // five petals: flowers
    mark =
      ring(30, 64, 8, 5)
        .map(([x, y]) => `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="6" ${fill("purple")}/>`)
        .join("") + `<circle cx="30" cy="64" r="4" ${fill("gold")}/>`;
  }
  return numeral(number, season ? "gold" : "purple") + mark;
}

/** SVG markup (inside a 60x80 viewBox) of a symbol such as "5s", "7z", "3f". */
export function legibleArt(symbol) {
  const n = Number(symbol[0]);
  const suit = symbol[1];
  if (SUIT_INK[suit]) return numeral(n, SUIT_INK[suit]) + suitMark(suit);
  if (suit === "z") return honour(n);
  return bonus(n);
}
