// The words and timings of the board's moments (stones, notes, Arcade's clear) and
// the tile sets, without a page.
import "./locale.mjs";
import assert from "node:assert/strict";
import { test } from "node:test";

import { boardClearedWords, notesFor, stoneWords, NOTES } from "../../src/tilematch/web/js/game/state.js";
import { fallKey, stoneChange, turnDelay, LEAVE_MS } from "../../src/tilematch/web/js/board/motion.js";
import { TILE_SETS, tileSet } from "../../src/tilematch/web/js/board/tilesets.js";
import { SYMBOLS, symbolArt } from "../../src/tilematch/web/js/board/tiles.js";

function tile(spot, extra = {}) {
  return { spot, code: "b5s", name: `Tile ${spot}`, free: true, selectable: true, stone: 0, ...extra };
}

function view(tiles, extra = {}) {
  return { id: "g1", game: "blackwhite", mode: "tower", tiles, counters: { moves: 3 }, ...extra };
}

test("stone words say which stones cracked and which opened", () => {
  const before = view([tile(1, { stone: 2 }), tile(2, { stone: 1, name: "black 5 of Dots" }), tile(3)]);
  const one = view([tile(1, { stone: 1 }), tile(2, { stone: 1 }), tile(3)]);
  assert.equal(stoneWords(before, one), "A stone cracked: 1 more crack to open it.");
  const opened = view([tile(1, { stone: 2 }), tile(2, { name: "black 5 of Dots" }), tile(3)]);
  assert.equal(stoneWords(before, opened), "Cracked open: black 5 of Dots can be picked now.");
  assert.equal(stoneWords(before, before), "");
  assert.equal(stoneWords(before, view(one.tiles, { id: "other" })), "");
  assert.equal(stoneWords(null, one), "");
});

test("notes are called for by stones and by Black & White flowers", () => {
  assert.deepEqual(notesFor(view([tile(1, { stone: 2 }), tile(2, { code: "w3f" })])), ["stones", "bonus"]);
  assert.deepEqual(notesFor(view([tile(1, { code: "3f" })], { game: "solitaire" })), []);
  assert.match(NOTES.stones, /crack/);
  assert.match(NOTES.bonus, /black flower or season pairs with any white/);
});

test("a cleared Arcade board says its points", () => {
  assert.equal(boardClearedWords(1100), "Board cleared +1,100");
  assert.equal(boardClearedWords(0), "Board cleared");
});

test("motion keys and stone changes", () => {
  const v = view([], { last_match: { a: 4, b: 9 } });
  assert.equal(fallKey(v), "g1|3|4,9");
  assert.equal(stoneChange("2", "1"), "crack");
  assert.equal(stoneChange("1", ""), "open");
  assert.equal(stoneChange("", ""), "");
  assert.equal(stoneChange("2", "2"), "");
  assert.ok(turnDelay(7) >= 0 && turnDelay(7) < 160);
  assert.ok(LEAVE_MS >= 200 && LEAVE_MS <= 400);
});

test("every tile set draws every symbol, each differently", () => {
  assert.deepEqual(Object.keys(TILE_SETS), ["classic", "legible", "ink"]);
  for (const id of Object.keys(TILE_SETS)) {
    for (const symbol of SYMBOLS) assert.match(symbolArt(symbol, id), /<(path|circle|rect)/, `${id} ${symbol}`);
  }
  for (const symbol of SYMBOLS) {
    const drawings = new Set(Object.keys(TILE_SETS).map((id) => symbolArt(symbol, id)));
    assert.equal(drawings.size, 3, symbol);
  }
  // no set writes text: every mark is a path, the same on every machine
  for (const id of Object.keys(TILE_SETS)) assert.ok(!SYMBOLS.some((s) => symbolArt(s, id).includes("<text")));
  assert.equal(tileSet("nonsense"), TILE_SETS.classic);
});
