// @ts-check
// Hand-drawn stroke glyphs for the Chinese characters on the tiles, in a 40x40 box.
// Drawing them as SVG paths means the tiles look the same on every machine,
// with or without CJK fonts installed.

export const GLYPHS = {
  // numerals 1-9 (characters suit, top half of the tile)
  1: "M5 21 H35",
  2: "M9 12 H31 M5 29 H35",
  3: "M9 8 H31 M11 20 H29 M5 33 H35",
  4: "M7 9 V34 M7 9 H33 V34 M7 33 H33 M16 10 Q16 21 11 25 M24 10 V21 Q24 24 29 24",
  5: "M8 7 H32 M19 7 L15 32 M10 18 H28 V32 M4 32 H36",
  6: "M19 3 L22 9 M5 13 H35 M15 19 L8 33 M25 19 L33 33",
  7: "M4 17 L36 12 M16 4 V28 Q16 34 23 34 H33 V28",
  8: "M16 7 Q15 25 5 34 M24 7 Q26 25 36 34",
  9: "M17 4 Q17 24 5 35 M6 14 H26 Q25 30 29 33 H35 V27",
  // 萬 (ten thousand): grass radical over 禺
  wan: "M5 8 H35 M14 3 V13 M26 3 V13 M11 15 H29 V24 H11 Z M20 15 V24 M11 19.5 H29 M8 27 V38 M8 27 H32 V35 Q32 38 28 37 M20 24 V37 M14 35 L26 29",
  // winds
  east: "M5 10 H35 M10 14 H30 V26 H10 Z M10 20 H30 M20 3 V38 M20 26 L7 36 M20 26 L33 36",
  south: "M5 8 H35 M20 3 V13 M9 13 V38 M9 13 H31 V34 Q31 38 27 37 M15 16 L17 20 M25 16 L23 20 M13 22 H27 M12 28 H28 M20 22 V36",
  west: "M5 6 H35 M9 13 V36 H31 V13 Z M16 6 V20 Q16 25 10 27 M24 6 V22 Q24 26 30 26",
  north: "M15 4 V34 M6 15 H15 M4 31 L15 27 M25 4 V32 Q25 35 29 35 H36 V30 M35 12 L25 18",
  // dragons
  zhong: "M8 12 H32 V27 H8 Z M20 3 V38",
  fa: "M7 4 L12 8 M4 11 L13 7 M24 3 L22 8 L34 11 M28 4 L33 6 M6 14 H15 V19 H7 V25 H16 V32 Q16 36 11 35 M23 13 V18 Q23 21 20 22 M27 13 V19 H33 V14 M21 25 H33 Q29 33 19 38 M23 28 Q27 34 36 37",
};

// Numerals and letters drawn as strokes in a 20x32 box, for the sets that print
// a number or a wind's letter large (and the corner numbers of flowers and seasons).
export const DIGITS = {
  1: "M5 7 L11 2 V30 M5 30 H17",
  2: "M3 8 Q4 2 10 2 Q17 2 17 9 Q17 15 3 30 H18",
  3: "M3 5 Q9 0 15 4 Q19 11 9 15 Q19 16 18 24 Q15 32 3 28",
  4: "M14 30 V2 L2 21 H19",
  5: "M17 2 H5 L4 14 Q8 12 12 12 Q18 13 18 21 Q17 30 10 30 Q5 30 3 27",
  6: "M16 4 Q12 1 8 3 Q2 7 2 19 Q2 30 10 30 Q18 30 18 22 Q18 14 10 14 Q4 14 2 19",
  7: "M2 2 H18 L8 30",
  8: "M10 15 Q3 14 3 8 Q3 2 10 2 Q17 2 17 8 Q17 14 10 15 Q2 16 2 23 Q2 30 10 30 Q18 30 18 23 Q18 16 10 15 Z",
  9: "M18 13 Q16 18 10 18 Q2 18 2 10 Q2 2 10 2 Q18 2 18 12 Q18 25 12 29 Q8 31 4 29",
};

export const LETTERS = {
  E: "M17 2 H3 V30 H17 M3 16 H14",
  S: "M17 5 Q14 2 10 2 Q3 2 3 8 Q3 14 10 16 Q17 18 17 24 Q17 30 10 30 Q5 30 2 27",
  W: "M1 2 L5 30 L10 12 L15 30 L19 2",
  N: "M3 30 V2 L17 30 V2",
};
