// @ts-check
// The drawing words every tile set shares: colours are classes of tiles.css (the
// page's Content-Security-Policy allows no inline style), so the light, dark,
// high-contrast and Black & White variants stay pure CSS.

/** A fill class attribute for the ink `v` ("red", "green", ...). */
export const fill = (v) => `class="ink-${v}"`;

/** A stroke class attribute for the ink `v`, `w` wide. */
export const stroke = (v, w = 3.2) => `class="ink-line-${v}" stroke-width="${w}"`;

/** A stroked path `d` placed at (x, y) and scaled, drawn `width` wide on screen. */
export function glyph(d, colour, x, y, scale, width = 3.2) {
  return `<path transform="translate(${x} ${y}) scale(${scale})" d="${d}" ${stroke(colour, width / scale)}/>`;
}

/** Points on a circle: `count` of them at radius r around (cx, cy), the first at the top. */
export function ring(cx, cy, r, count, turn = 0) {
  return Array.from({ length: count }, (_, i) => {
    const a = (Math.PI * 2 * i) / count - Math.PI / 2 + turn;
    return [cx + Math.cos(a) * r, cy + Math.sin(a) * r];
  });
}

/**
 * @typedef {object} SuitDrawers One tile set's drawing of each suit, by the tile's number.
 * @property {(n: number) => string} p circles
 * @property {(n: number) => string} s bamboo
 * @property {(n: number) => string} m characters
 * @property {(n: number) => string} z winds and dragons
 * @property {(n: number) => string} bonus flowers and seasons
 */

/**
 * SVG markup of a symbol such as "5s", "7z", "3f", drawn by the set's `drawers`.
 * @param {string} symbol
 * @param {SuitDrawers} drawers
 */
export function drawSymbol(symbol, drawers) {
  const n = Number(symbol[0]);
  const suit = symbol[1];
  if (suit === "p" || suit === "s" || suit === "m" || suit === "z") return drawers[suit](n);
  return drawers.bonus(n);
}
