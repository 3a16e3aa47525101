// @ts-check
// The classic tile set: ringed dots, jointed bamboo with the bird, characters in
// blue and red, the winds and dragons as hand-drawn glyphs, flowers and seasons
// as small pictures.

import { DIGITS, GLYPHS } from "./glyphs.js";
import { drawSymbol, fill, glyph, stroke } from "./ink.js";

// --- dots (pinzu) -------------------------------------------------------------
const DOTS = {
  1: [[30, 40]],
  2: [[30, 21], [30, 59]],
  3: [[15, 17], [30, 40], [45, 63]],
  4: [[18, 22], [42, 22], [18, 58], [42, 58]],
  5: [[16, 17], [44, 17], [30, 40], [16, 63], [44, 63]],
  6: [[19, 15], [41, 15], [19, 40], [41, 40], [19, 65], [41, 65]],
  7: [[12, 11], [30, 19], [48, 27], [19, 49], [41, 49], [19, 68], [41, 68]],
  8: [[19, 11], [41, 11], [19, 30], [41, 30], [19, 50], [41, 50], [19, 69], [41, 69]],
  9: [[14, 15], [30, 15], [46, 15], [14, 40], [30, 40], [46, 40], [14, 65], [30, 65], [46, 65]],
};
const DOT_R = { 1: 21, 2: 13, 3: 10.5, 4: 10.5, 5: 9.5, 6: 9, 7: 8, 8: 8, 9: 7.6 };
const DOT_COLOURS = {
  1: ["blue"], 2: ["green", "blue"], 3: ["blue", "red", "green"], 4: ["blue", "green", "green", "blue"],
  5: ["blue", "green", "red", "green", "blue"], 6: ["green", "green", "red", "red", "red", "red"],
  7: ["green", "green", "green", "red", "red", "red", "red"], 8: ["blue"], 9: ["blue", "blue", "blue", "red", "red", "red", "green", "green", "green"],
};

function dot(cx, cy, r, colour) {
  return (
    `<circle cx="${cx}" cy="${cy}" r="${r}" ${fill(colour)}/>` +
    `<circle cx="${cx}" cy="${cy}" r="${(r * 0.72).toFixed(2)}" class="face-ink" opacity=".9"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${(r * 0.5).toFixed(2)}" ${fill(colour)}/>` +
    `<circle cx="${cx}" cy="${cy}" r="${(r * 0.18).toFixed(2)}" class="bw-dot face-ink"/>`
  );
}

function dots(n) {
  const colours = DOT_COLOURS[n];
  let out = DOTS[n].map(([x, y], i) => dot(x, y, DOT_R[n], colours[i % colours.length])).join("");
  if (n === 1) out += `<circle cx="30" cy="40" r="26" ${stroke("green", 2)}/>`;
  return out;
}

// --- bamboo (souzu) -----------------------------------------------------------
function stalk(cx, cy, h, colour) {
  const w = 7;
  const x = cx - w / 2;
  const y = cy - h / 2;
  return (
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="3.5" ${fill(colour)}/>` +
    `<path d="M${x + 1} ${cy} H${x + w - 1} M${cx} ${y + 2.5} V${y + h / 2 - 2} M${cx} ${cy + 2} V${y + h - 2.5}" ` +
    `class="face-line" stroke-width="1.2" opacity=".85"/>`
  );
}
const BAMBOO = {
  2: [[30, 21], [30, 59]],
  3: [[30, 21], [19, 59], [41, 59]],
  4: [[19, 21], [41, 21], [19, 59], [41, 59]],
  5: [[16, 21], [44, 21], [30, 40, "red"], [16, 59], [44, 59]],
  6: [[14, 21], [30, 21], [46, 21], [14, 59], [30, 59], [46, 59]],
  7: [[30, 13, "red"], [14, 41], [30, 41], [46, 41], [14, 67], [30, 67], [46, 67]],
  8: [[10, 21], [23, 21], [37, 21], [50, 21], [10, 59], [23, 59], [37, 59], [50, 59]],
  9: [[14, 14], [30, 14, "red"], [46, 14], [14, 40], [30, 40, "red"], [46, 40], [14, 66], [30, 66, "red"], [46, 66]],
};

function bamboo(n) {
  if (n === 1) {
    // the bird: body, wing, tail feathers, crest
    return (
      `<path d="M17 58 Q30 70 44 54 Q40 40 29 42 Q20 44 17 58 Z" ${fill("green")}/>` +
      `<path d="M24 50 Q33 46 38 54" ${stroke("gold", 2.2)}/>` +
      `<path d="M44 54 L53 64 M44 54 L55 56 M43 56 L49 70" ${stroke("red", 2.4)}/>` +
      `<circle cx="22" cy="33" r="7" ${fill("green")}/>` +
      `<path d="M16 33 L9 36 L16 37 Z" ${fill("gold")}/>` +
      `<circle cx="21" cy="31.5" r="1.6" class="face-ink"/>` +
      `<path d="M22 26 Q20 18 26 14 M24 26 Q27 19 33 18" ${stroke("red", 2.2)}/>` +
      `<path d="M26 70 V76 M34 69 V76" ${stroke("black", 2)}/>`
    );
  }
  const h = n >= 7 ? 21 : 27;
  return BAMBOO[n].map(([x, y, c]) => stalk(x, y, h, c || "green")).join("");
}

// --- characters (manzu) -------------------------------------------------------
function characters(n) {
  return glyph(GLYPHS[n], "blue", 11, 2, 0.95, 3.4) + glyph(GLYPHS.wan, "red", 11, 40, 0.95, 2.6);
}

// --- honours --------------------------------------------------------------------
function honour(n) {
  if (n <= 4) {
    const d = GLYPHS[["east", "south", "west", "north"][n - 1]];
    return glyph(d, "black", 6, 14, 1.2, 3.6);
  }
  if (n === 5) {
    return (
      `<rect x="10" y="12" width="40" height="56" rx="3" ${stroke("blue", 3.4)}/>` +
      `<rect x="16" y="18" width="28" height="44" rx="2" ${stroke("blue", 1.6)}/>`
    );
  }
  if (n === 6) return glyph(GLYPHS.fa, "green", 6, 14, 1.2, 3.4);
  return glyph(GLYPHS.zhong, "red", 6, 14, 1.2, 4.2);
}

// --- flowers and seasons ----------------------------------------------------------
function petals(cx, cy, r, colour, count = 5) {
  let out = "";
  for (let i = 0; i < count; i += 1) {
    const a = (Math.PI * 2 * i) / count - Math.PI / 2;
    out += `<circle cx="${(cx + Math.cos(a) * r).toFixed(2)}" cy="${(cy + Math.sin(a) * r).toFixed(2)}" r="${(r * 0.75).toFixed(2)}" ${fill(colour)}/>`;
  }
  return out + `<circle cx="${cx}" cy="${cy}" r="${(r * 0.55).toFixed(2)}" ${fill("gold")}/>`;
}

function corner(n) {
  return glyph(DIGITS[n], "red", 47.5, 3, 0.42, 1.8);
}

function bonus(n) {
  const stem = `<path d="M30 50 Q28 62 30 74 M30 64 Q22 60 18 64 M30 60 Q38 56 43 59" ${stroke("green", 2.4)}/>`;
  switch (n) {
    case 1: // plum
      return stem + petals(30, 34, 10, "pink") + petals(17, 18, 5, "pink") + corner(1);
    case 2: // orchid
      return (
        stem +
        `<path d="M30 42 Q14 30 20 14 Q30 24 30 42 Q30 24 40 14 Q46 30 30 42 Z" ${fill("purple")}/>` +
        `<path d="M30 42 Q22 46 14 40 M30 42 Q38 46 46 40" ${stroke("purple", 3)}/>` +
        corner(2)
      );
    case 3: // chrysanthemum
      return stem + petals(30, 34, 11, "yellow", 12) + corner(3);
    case 4: // bamboo flower
      return (
        `<path d="M30 74 V14 M30 34 Q18 28 10 32 M30 48 Q42 42 50 46 M30 22 Q40 16 46 18" ${stroke("green", 3)}/>` +
        petals(20, 20, 4.5, "red") + petals(42, 36, 4.5, "red") + corner(4)
      );
    case 5: // spring: sprout
      return (
        `<path d="M30 72 V36" ${stroke("green", 3)}/>` +
        `<path d="M30 46 Q14 44 12 28 Q28 28 30 46 Z M30 38 Q44 34 48 18 Q32 20 30 38 Z" ${fill("green")}/>` +
        `<path d="M16 72 H44" ${stroke("black", 2)}/>` + corner(1)
      );
    case 6: { // summer: sun
      let rays = "";
      for (let i = 0; i < 12; i += 1) {
        const a = (Math.PI * 2 * i) / 12;
        rays += `M${(30 + Math.cos(a) * 15).toFixed(1)} ${(42 + Math.sin(a) * 15).toFixed(1)} L${(30 + Math.cos(a) * 23).toFixed(1)} ${(42 + Math.sin(a) * 23).toFixed(1)} `;
      }
      return `<circle cx="30" cy="42" r="11" ${fill("red")}/><path d="${rays}" ${stroke("yellow", 2.6)}/>` + corner(2);
    }
    case 7: // autumn: leaf
      return (
        `<path d="M30 70 Q10 50 16 24 Q30 30 30 12 Q30 30 44 24 Q50 50 30 70 Z" ${fill("red")}/>` +
        `<path d="M30 72 V22 M30 44 L20 34 M30 52 L40 42" ${stroke("gold", 1.8)}/>` + corner(3)
      );
    default: { // winter: snowflake
      let arms = "";
      for (let i = 0; i < 6; i += 1) {
        const a = (Math.PI * 2 * i) / 6 - Math.PI / 2;
        const ex = 30 + Math.cos(a) * 22;
        const ey = 42 + Math.sin(a) * 22;
        const mx = 30 + Math.cos(a) * 13;
        const my = 42 + Math.sin(a) * 13;
        const b1 = a + 0.7;
        const b2 = a - 0.7;
        arms += `M30 42 L${ex.toFixed(1)} ${ey.toFixed(1)} M${mx.toFixed(1)} ${my.toFixed(1)} L${(mx + Math.cos(b1) * 7).toFixed(1)} ${(my + Math.sin(b1) * 7).toFixed(1)} M${mx.toFixed(1)} ${my.toFixed(1)} L${(mx + Math.cos(b2) * 7).toFixed(1)} ${(my + Math.sin(b2) * 7).toFixed(1)} `;
      }
      return `<path d="${arms}" ${stroke("blue", 3)}/>` + corner(4);
    }
  }
}

/** SVG markup (inside a 60x80 viewBox) of a symbol such as "5s", "7z", "3f". */
export function classicArt(symbol) {
  return drawSymbol(symbol, { p: dots, s: bamboo, m: characters, z: honour, bonus });
}
