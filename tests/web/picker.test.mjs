// The layout picker's pure parts (web/js/pages/picker.js): filters, moves, words.
import { useLocale } from "./locale.mjs";
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  familiesOf,
  figureWords,
  fold,
  moveIndex,
  passes,
  randomPick,
  recordWords,
  sizeBand,
  typeAhead,
  visible,
  noFilters,
  PICKER_WORDS,
} from "../../src/tilematch/web/js/pages/picker.js";

const LAYOUTS = [
  { name: "turtle", title: "Turtle", family: "Turtle", tiles: 144, difficulty_label: "normal", solvable_share: 0.975 },
  { name: "dragon", title: "Dragon", family: "Dragon", tiles: 56, difficulty_label: "hard", solvable_share: 0.3 },
  { name: "dragon-pearl", title: "Dragon Pearl", family: "Dragon", tiles: 36, difficulty_label: "easy", solvable_share: 1 },
  { name: "pyramid-6x6-3-1", title: "Slope Pyramid 6×6×3", family: "Pyramid", tiles: 122, difficulty_label: "normal" },
  { name: "chateau", title: "Château", family: "Building", tiles: 200, difficulty_label: "hard", solvable_share: 0 },
];
const names = (items) => items.map((l) => l.name);

test("size bands split the tile counts without a gap", () => {
  assert.deepEqual([36, 72, 74, 120, 122, 160, 162, 252].map(sizeBand), [
    "small", "small", "medium", "medium", "large", "large", "huge", "huge",
  ]);
});

test("filters combine family, size, difficulty and every search word", () => {
  assert.deepEqual(names(visible(LAYOUTS, noFilters())), names(LAYOUTS));
  assert.deepEqual(names(visible(LAYOUTS, { ...noFilters(), family: "Dragon" })), ["dragon", "dragon-pearl"]);
  assert.deepEqual(names(visible(LAYOUTS, { ...noFilters(), family: "Dragon", size: "small" })), ["dragon", "dragon-pearl"]);
  assert.deepEqual(names(visible(LAYOUTS, { ...noFilters(), difficulty: "hard" })), ["dragon", "chateau"]);
  assert.deepEqual(names(visible(LAYOUTS, { ...noFilters(), size: "huge", difficulty: "easy" })), []);
  assert.deepEqual(names(visible(LAYOUTS, { ...noFilters(), search: "  PEARL drag " })), ["dragon-pearl"]);
  assert.deepEqual(names(visible(LAYOUTS, { ...noFilters(), search: "6x6" })), ["pyramid-6x6-3-1"]);
  assert.deepEqual(names(visible(LAYOUTS, { ...noFilters(), search: "6×6" })), ["pyramid-6x6-3-1"]);
  assert.deepEqual(names(visible(LAYOUTS, { ...noFilters(), search: "chateau" })), ["chateau"]);
  assert.equal(passes(LAYOUTS[0], { ...noFilters(), search: "turtles" }), false);
  assert.equal(fold("Château  Nord-Est"), "chateau nord est");
});

test("families keep their first order", () => {
  assert.deepEqual(familiesOf(LAYOUTS), ["Turtle", "Dragon", "Pyramid", "Building"]);
});

test("arrow keys move by one or by a row and stop at the ends", () => {
  assert.equal(moveIndex(0, "ArrowRight", 10, 4), 1);
  assert.equal(moveIndex(0, "ArrowLeft", 10, 4), 0);
  assert.equal(moveIndex(1, "ArrowDown", 10, 4), 5);
  assert.equal(moveIndex(8, "ArrowDown", 10, 4), 9);
  assert.equal(moveIndex(5, "ArrowUp", 10, 4), 1);
  assert.equal(moveIndex(2, "ArrowUp", 10, 4), 0);
  assert.equal(moveIndex(3, "Home", 10, 4), 0);
  assert.equal(moveIndex(3, "End", 10, 4), 9);
  assert.equal(moveIndex(0, "PageDown", 30, 4), 12);
  assert.equal(moveIndex(0, "a", 10, 4), null);
  assert.equal(moveIndex(0, "ArrowDown", 0, 4), null);
  assert.equal(moveIndex(0, "ArrowDown", 10, 0), 1);
});

test("type-ahead finds the next title with the typed start, wrapping", () => {
  assert.equal(typeAhead(LAYOUTS, "d", 0), 1);
  assert.equal(typeAhead(LAYOUTS, "d", 2), 2);
  assert.equal(typeAhead(LAYOUTS, "d", 3), 1);
  assert.equal(typeAhead(LAYOUTS, "dragon p", 0), 2);
  assert.equal(typeAhead(LAYOUTS, "cha", 0), 4);
  assert.equal(typeAhead(LAYOUTS, "zz", 0), -1);
  assert.equal(typeAhead(LAYOUTS, "", 0), -1);
});

test("a random pick comes from the shown layouts", () => {
  assert.equal(randomPick([], () => 0.5), null);
  assert.equal(randomPick(LAYOUTS, () => 0), LAYOUTS[0]);
  assert.equal(randomPick(LAYOUTS, () => 0.999999), LAYOUTS[4]);
  assert.equal(randomPick(LAYOUTS, () => 0.5), LAYOUTS[2]);
});

test("figures and records in words", () => {
  assert.equal(figureWords(LAYOUTS[0]), "144 tiles · Normal · 98% solvable");
  assert.equal(figureWords(LAYOUTS[3]), "122 tiles · Normal");
  assert.equal(figureWords(LAYOUTS[4]), "200 tiles · Hard · 0% solvable");
  assert.equal(recordWords(undefined), "Not played yet");
  assert.equal(recordWords({ layout: "x", played: 2, wins: 0, best_time: null }), "Played 2, no win yet");
  assert.equal(recordWords({ layout: "x", played: 3, wins: 2, best_time: 252.4 }), "Won 2 · best 4:12");
});

test("the picker speaks the page's language", () => {
  useLocale("ja");
  try {
    assert.equal(figureWords(LAYOUTS[0]), "144枚 · ふつう · クリア可能 98%");
    assert.equal(recordWords(undefined), "未プレイ");
    assert.equal(PICKER_WORDS.count(3, 168), "168種類中3種類");
    useLocale("fr");
    assert.equal(figureWords(LAYOUTS[4]), "200 tuiles · Difficile · 0\u00a0% solubles");
    assert.equal(PICKER_WORDS.count(1, 1), "1 sur 1 disposition");
  } finally {
    useLocale("en");
  }
});
