// @ts-check
// The ink tile set: flat, brush-like and nearly one colour. Solid dots, plain
// bamboo strokes, heavy characters, one red seal on the honours; flowers and
// seasons as line drawings with their number.

import { DIGITS, GLYPHS } from "./glyphs.js";
import { drawSymbol, fill, glyph, ring, stroke } from "./ink.js";

const DOT_PLACES = {
  1: [[30, 40]],
  2: [[30, 22], [30, 58]],
  3: [[16, 18], [30, 40], [44, 62]],
  4: [[19, 22], [41, 22], [19, 58], [41, 58]],
  5: [[17, 18], [43, 18], [30, 40], [17, 62], [43, 62]],
  6: [[19, 16], [41, 16], [19, 40], [41, 40], [19, 64], [41, 64]],
  7: [[14, 12], [30, 20], [46, 28], [19, 50], [41, 50], [19, 68], [41, 68]],
  8: [[19, 11], [41, 11], [19, 30], [41, 30], [19, 50], [41, 50], [19, 69], [41, 69]],
  9: [[15, 15], [30, 15], [45, 15], [15, 40], [30, 40], [45, 40], [15, 65], [30, 65], [45, 65]],
};
const DOT_SIZE = { 1: 18, 2: 12, 3: 9, 4: 9, 5: 8.5, 6: 8, 7: 7, 8: 7, 9: 6.5 };

function dots(n) {
  const ink = n === 1 ? "red" : "black";
  return DOT_PLACES[n].map(([x, y]) => `<circle cx="${x}" cy="${y}" r="${DOT_SIZE[n]}" ${fill(ink)}/>`).join("");
}

// where each stroke of the bamboo suit stands (centre x, y); the first of an odd count is red
const STROKES = {
  2: [[30, 22], [30, 58]],
  3: [[30, 22], [19, 58], [41, 58]],
  4: [[19, 22], [41, 22], [19, 58], [41, 58]],
  5: [[30, 40], [15, 22], [45, 22], [15, 58], [45, 58]],
  6: [[15, 22], [30, 22], [45, 22], [15, 58], [30, 58], [45, 58]],
  7: [[30, 14], [15, 42], [30, 42], [45, 42], [15, 66], [30, 66], [45, 66]],
  8: [[12, 22], [24, 22], [36, 22], [48, 22], [12, 58], [24, 58], [36, 58], [48, 58]],
  9: [[30, 40], [15, 14], [30, 14], [45, 14], [15, 40], [45, 40], [15, 66], [30, 66], [45, 66]],
};

function bamboo(n) {
  if (n === 1) {
    // the bird, in a few flat strokes: body, head, red beak, tail
    return (
      `<path d="M14 58 Q30 72 46 52 Q38 40 28 44 Q19 48 14 58 Z" ${fill("black")}/>` +
      `<circle cx="22" cy="34" r="7" ${fill("black")}/>` +
      `<path d="M15 33 L8 36 L15 38 Z" ${fill("red")}/>` +
      `<path d="M46 52 L55 62 M45 55 L50 70" ${stroke("black", 3.5)}/>` +
      `<path d="M26 70 V77 M34 69 V77" ${stroke("black", 2.5)}/>`
    );
  }
  const half = n >= 7 ? 9 : 13;
  return STROKES[n]
    .map(
      ([x, y], i) =>
        `<path d="M${x} ${y - half} V${y - 1.5} M${x} ${y + 1.5} V${y + half}" ${stroke(i === 0 && n % 2 ? "red" : "black", 5)}/>`,
    )
    .join("");
}

function seal() {
  return `<rect x="44" y="62" width="11" height="11" rx="1.5" ${fill("red")}/>`;
}

function honour(n) {
  if (n <= 4) {
    const d = GLYPHS[["east", "south", "west", "north"][n - 1]];
    return glyph(d, "black", 6, 10, 1.2, 5.2) + seal();
  }
  if (n === 5) return `<rect x="12" y="14" width="36" height="50" rx="2" ${stroke("black", 5)}/>` + seal();
  if (n === 6) return glyph(GLYPHS.fa, "green", 6, 10, 1.2, 5) + seal();
  return glyph(GLYPHS.zhong, "red", 6, 10, 1.2, 6);
}

function bonus(n) {
  const season = n > 4;
  const number = season ? n - 4 : n;
  const picture = season
    ? `<circle cx="30" cy="36" r="13" ${stroke("black", 3.5)}/>` +
      ring(30, 36, 21, 8)
        .map(([x, y]) => `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="2.2" ${fill("black")}/>`)
        .join("")
    : ring(30, 36, 11, 5)
        .map(([x, y]) => `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="8" ${stroke("black", 3)}/>`)
        .join("") + `<circle cx="30" cy="36" r="3.5" ${fill("red")}/>`;
  return picture + glyph(DIGITS[number], "red", 24, 60, 0.55, 3);
}

function characters(n) {
  return glyph(GLYPHS[n], "black", 11, 2, 0.95, 4.6) + glyph(GLYPHS.wan, "red", 11, 40, 0.95, 3.2);
}

/** SVG markup (inside a 60x80 viewBox) of a symbol such as "5s", "7z", "3f". */
export function inkArt(symbol) {
  return drawSymbol(symbol, { p: dots, s: bamboo, m: characters, z: honour, bonus });
}
