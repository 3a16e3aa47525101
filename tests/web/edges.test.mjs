// The end screens' words: the grouped ledger and the comparison with my past games
// (web/js/game/state.js), the duel's figures (web/js/pages/duel.js), the Results
// layout list (web/js/pages/results.js) and the tower's next level (web/js/pages/tower.js).
import "./locale.mjs";
import assert from "node:assert/strict";
import { test } from "node:test";

import { useLocale } from "./catalogue.mjs";

import { END_WORDS, groupLedger, ordinal, standingWords } from "../../src/tilematch/web/js/game/state.js";
import { applyFrame, emptyDuel, endWords, figureRows, myDuelBest } from "../../src/tilematch/web/js/pages/duel.js";
import { boardsPlayed } from "../../src/tilematch/web/js/pages/results.js";
import { nextToPlay } from "../../src/tilematch/web/js/pages/tower.js";

test("groupLedger: equal lines become one, in order of first appearance", () => {
  const ledger = [
    ...Array.from({ length: 72 }, () => ({ label: "Pair", points: 100 })),
    { label: "Combo step 2", points: 50 },
    { label: "Pair", points: 100 },
    { label: "Pair", points: 200 },
    { label: "Time left: 12 s", points: 240 },
  ];
  assert.deepEqual(groupLedger(ledger), [
    { label: "Pair", points: 100, count: 73, total: 7300 },
    { label: "Combo step 2", points: 50, count: 1, total: 50 },
    { label: "Pair", points: 200, count: 1, total: 200 },
    { label: "Time left: 12 s", points: 240, count: 1, total: 240 },
  ]);
  assert.deepEqual(groupLedger([]), []);
  assert.equal(END_WORDS.grouped("Pair x1", 73), "73 × Pair x1");
  assert.equal(END_WORDS.grouped("Perfect clear", 1), "Perfect clear");
  assert.equal(END_WORDS.ledger(4, 76), "Score ledger (76 items in 4 lines)");
  assert.equal(END_WORDS.ledger(3, 3), "Score ledger (3 lines)");
});

test("standingWords: first, new best, place and median", () => {
  assert.equal(standingWords({ verified: true, first: true, games: 1, rank: 1 }), "Your first game on this board.");
  assert.equal(
    standingWords({ verified: true, best: true, games: 4, rank: 1, previous_best: { score: 3100, time: 80 } }),
    "New best! Your best before: 3,100 points.",
  );
  assert.equal(
    standingWords({ verified: true, games: 12, rank: 3, median_delta: -14.2 }),
    "3rd of your 12 games on this board, 14 s faster than your median.",
  );
  assert.equal(standingWords({ verified: true, games: 2, rank: 2, median_delta: 6 }), "2nd of your 2 games on this board, 6 s slower than your median.");
  assert.equal(standingWords({ verified: true, games: 5, rank: 2, median_delta: 0.2 }), "2nd of your 5 games on this board, as fast as your median.");
  assert.equal(standingWords({ verified: true, games: 5, rank: 4, median_delta: null }), "4th of your 5 games on this board.");
  assert.match(standingWords({ verified: false }), /could not be checked/);
  assert.deepEqual([1, 2, 3, 4, 11, 12, 13, 21, 22, 101].map(ordinal), ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st"]);
});

const FIGURES = {
  seconds: 92.4,
  lead: 8,
  players: [
    { pairs: 28, pace: 3.3, fastest: 0.9, bad_claims: 1 },
    { pairs: 24, pace: 3.85, fastest: 2.5, bad_claims: 0 },
  ],
};

test("the duel end says who won, by how much and in what time", () => {
  const result = { winner: 0, scores: [56, 48], reason: "cleared" };
  assert.equal(endWords(result, 0, ["Ann", "Steady"], 30, FIGURES).text, "You won by 8 tiles in 1:32 (56 – 48).");
  assert.equal(endWords(result, 1, ["Ann", "Bo"], 30, FIGURES).text, "You lost by 8 tiles in 1:32 (56 – 48).");
  assert.equal(endWords(result, null, ["Ann", "Bo"], 30, FIGURES).text, "Ann won by 8 tiles in 1:32 (56 – 48).");
  const { head, rows } = figureRows(FIGURES, 0, ["Ann", "Steady"]);
  assert.deepEqual(head, ["You", "Steady"]);
  assert.deepEqual(rows, [
    ["Pairs", "28", "24"],
    ["Pace", "3.3 s a pair", "3.85 s a pair"],
    ["Fastest pair", "0.9 s", "2.5 s"],
    ["Wrong claims", "1", "0"],
  ]);
  const none = figureRows({ ...FIGURES, players: [FIGURES.players[0], { pairs: 0, pace: null, fastest: null, bad_claims: 0 }] }, null, ["A", "B"]);
  assert.deepEqual(none.head, ["A", "B"]);
  assert.deepEqual(none.rows[1], ["Pace", "3.3 s a pair", "–"]);
});

test("the duel copy keeps the end frame's figures; my best comes from my bests", () => {
  const duel = emptyDuel("XYZ");
  applyFrame(duel, { type: "end", status: "won", reason: "cleared", winner: 0, scores: [4, 2], figures: FIGURES });
  assert.equal(duel.figures, FIGURES);
  const bests = [
    { game: "shisensho", mode: "duel", board: "4x6", variant: "rival-steady", played: 8, won: 5, best_time: 92.4 },
    { game: "shisensho", mode: "duel", board: "4x6", variant: "player", played: 1, won: 0, best_time: null },
  ];
  assert.equal(myDuelBest(bests, [4, 6], "steady", false), "Your duels on this board: 5 won of 8, fastest win 1:32.");
  assert.equal(myDuelBest(bests, [4, 6], null, false), "Your duels on this board: 0 won of 1.");
  assert.equal(myDuelBest(bests, [4, 6], "steady", true), null);
});

test("the Results layout list holds the boards I played in the chosen mode", () => {
  const bests = [
    { game: "solitaire", mode: "regular", board: "turtle" },
    { game: "solitaire", mode: "regular", board: "turtle" },
    { game: "solitaire", mode: "regular", board: "pyramid" },
    { game: "shisensho", mode: "classic", board: "8x17" },
  ];
  assert.deepEqual(boardsPlayed(bests, "solitaire", "regular"), ["turtle", "pyramid"]);
  assert.deepEqual(boardsPlayed(bests, "shisensho", "classic"), ["8x17"]);
  assert.deepEqual(boardsPlayed(bests, "blackwhite", "zen"), []);
});

test("a locked level points to the level to play next", () => {
  const levels = [
    { level: 1, unlocked: true, stars: 3 },
    { level: 2, unlocked: true, stars: 1 },
    { level: 3, unlocked: true, stars: 0 },
    { level: 4, unlocked: false, stars: 0 },
  ];
  assert.equal(nextToPlay(levels), 3);
  assert.equal(nextToPlay([{ level: 1, unlocked: true, stars: 2 }]), null);
});
