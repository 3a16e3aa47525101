// The statistics page's tables from the server's figures (web/js/pages/stats-rows.js).
import { useLocale } from "./locale.mjs";
import assert from "node:assert/strict";
import { test } from "node:test";
import "./english.mjs";

import { boardRows, decimal, filterPath, hasFigures, percent } from "../../src/tilematch/web/js/pages/stats-rows.js";

const line = {
  game: "shisensho", mode: "classic", board: "4x6", variant: "", label: "Classic · 6 × 4",
  played: 3, won: 2, win_rate: 2 / 3, best_time: 65.4, median_time: null, best_score: 0,
  hints_per_game: 4 / 3, undos_per_game: 0,
};

test("a board's figures read as its table row", () => {
  assert.deepEqual(boardRows([line])[0], ["Classic · 6 × 4", "Shisen-Sho", "3", "2", "67%", "1:05", "–", "0", "1.3", "0"]);
  assert.equal(boardRows([{ ...line, game: "chess", best_score: null }])[0][1], "chess");
  assert.equal(boardRows([{ ...line, best_score: null }])[0][7], "–");
});

test("shares and decimals, and none", () => {
  assert.deepEqual([percent(0), percent(1), percent(0.005), percent(null)], ["0%", "100%", "1%", "–"]);
  assert.deepEqual([decimal(2.25), decimal(0), decimal(undefined)], ["2.3", "0", "–"]);
});

test("a new player has no figures until a game ends, a Daily is played or a level cleared", () => {
  const none = { totals: { played: 0 }, daily: { days: [] }, tower: { cleared: 0 } };
  assert.equal(hasFigures(none), false);
  assert.equal(hasFigures({ ...none, daily: null, tower: null }), false);
  assert.equal(hasFigures({ ...none, totals: { played: 1 } }), true);
  assert.equal(hasFigures({ ...none, daily: { days: [{ date: "2026-12-01" }] } }), true);
  assert.equal(hasFigures({ ...none, tower: { cleared: 2 } }), true);
});

test("a filter choice leads to its address", () => {
  assert.equal(filterPath("shisensho/classic"), "/stats?game=shisensho&mode=classic");
  assert.equal(filterPath(""), "/stats");
  assert.equal(filterPath("shisensho"), "/stats");
});

test("figures are written for the page's locale", () => {
  useLocale("fr");
  try {
    assert.deepEqual([percent(0.67), decimal(1.25), decimal(1234.5)], ["67\u00a0%", "1,3", "1\u202f234,5"]);
    useLocale("de");
    assert.deepEqual([percent(0.67), decimal(1.25)], ["67\u00a0%", "1,3"]);
  } finally {
    useLocale("en");
  }
});
