// The game's pure state (web/js/game/state.js), without a page.
import "./locale.mjs";
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  applyView,
  blockersOf,
  clockAt,
  clockWaits,
  createState,
  endTitle,
  matchedWords,
  partnersOf,
  pausedWords,
  pick,
  summaryRows,
  uiState,
  unrankedWords,
} from "../../src/tilematch/web/js/game/state.js";

function tile(spot, extra = {}) {
  return { spot, code: "5s", name: `Tile ${spot}`, free: true, selectable: true, blocked: null, blockers: [], ...extra };
}

function view(extra = {}) {
  return {
    id: "g1",
    game: "solitaire",
    mode: "regular",
    status: "playing",
    tiles: [
      tile(0),
      tile(1),
      tile(2),
      tile(3, { selectable: false, free: false, blocked: "covered by Tile 0 at (1, 2, 3).", blockers: [0, 3] }),
    ],
    pairs: [
      [0, 1],
      [2, 0],
    ],
    score: 10,
    ...extra,
  };
}

function playing(extra = {}) {
  const state = createState({ learn: false, zoom: "fit" });
  applyView(state, view(extra), 1000);
  return state;
}

test("applyView keeps the view and tells a new game from the same one", () => {
  const state = createState({ learn: true, zoom: "readable" });
  assert.deepEqual(applyView(state, view(), 5), { newGame: true, previousStatus: null });
  assert.equal(state.view.id, "g1");
  assert.equal(state.receivedAt, 5);
  state.selected = 2;
  state.freed = new Set([1]);
  assert.deepEqual(applyView(state, view({ status: "deadlock" }), 6), { newGame: false, previousStatus: "playing" });
  assert.equal(state.selected, 2);
  assert.deepEqual([...state.freed], [1]);
  assert.equal(state.lastStatus, "deadlock");
  // a selected tile that left the board is no longer selected
  applyView(state, view({ tiles: [tile(0), tile(1)] }), 7);
  assert.equal(state.selected, null);
  // another game starts afresh
  state.selected = 0;
  state.explained = 3;
  state.dismissed = "deadlock";
  assert.deepEqual(applyView(state, view({ id: "g2" }), 8), { newGame: true, previousStatus: null });
  assert.equal(state.selected, null);
  assert.equal(state.explained, null);
  assert.equal(state.dismissed, null);
  assert.equal(state.freed.size, 0);
  assert.equal(state.learn, true);
  assert.equal(state.zoom, "readable");
});

test("pick: the first tile is selected and its partners counted", () => {
  const state = playing();
  const outcome = pick(state, 0);
  assert.deepEqual(outcome, { message: "Tile 0 selected. 2 possible partners.", kind: "info", draw: true, refused: null });
  assert.equal(state.selected, 0);
  const alone = playing({ pairs: [] });
  assert.equal(pick(alone, 1).message, "Tile 1 selected. No partner can be taken now.");
  const one = playing({ pairs: [[1, 2]] });
  assert.equal(pick(one, 1).message, "Tile 1 selected. 1 possible partner.");
});

test("pick: the second tile of a listed pair is a match answered at once", () => {
  const state = playing();
  pick(state, 1);
  const outcome = pick(state, 0);
  assert.deepEqual(outcome.intent, { type: "match", a: 1, b: 0 });
  assert.equal(outcome.answered, true);
  assert.equal(outcome.first.spot, 1);
  assert.equal(outcome.second.spot, 0);
  assert.equal(state.selected, null);
  assert.deepEqual([...state.matching].sort(), [0, 1]);
});

test("pick: a pair the view does not list is still sent for the server to decide", () => {
  const state = playing();
  pick(state, 1);
  const outcome = pick(state, 2);
  assert.deepEqual(outcome.intent, { type: "match", a: 1, b: 2 });
  assert.equal(outcome.answered, false);
  assert.equal(state.matching.size, 0);
});

test("pick: the same tile again deselects it", () => {
  const state = playing();
  pick(state, 2);
  assert.deepEqual(pick(state, 2), { message: "Tile 2 deselected.", kind: "info", draw: true, refused: null });
  assert.equal(state.selected, null);
});

test("pick: a blocked tile is explained in the server's words", () => {
  const state = playing();
  const outcome = pick(state, 3);
  assert.deepEqual(outcome, {
    message: "Tile 3 cannot be selected: covered by Tile 0.",
    kind: "error",
    draw: true,
    refused: 3,
  });
  assert.equal(state.explained, 3);
  assert.deepEqual([...blockersOf(state, 3)], [0]);
  state.learn = true;
  assert.match(pick(state, 3).message, /^Learn Mode: Tile 3 cannot be selected/);
  // the next pick clears the explanation
  pick(state, 0);
  assert.equal(state.explained, null);
});

test("pick: nothing is picked while paused, after the end, or off the board", () => {
  const paused = playing({ status: "paused" });
  assert.deepEqual(pick(paused, 0), {
    message: "The game is paused. Press Resume to go on.",
    kind: "warn",
    draw: false,
    refused: null,
  });
  assert.equal(paused.selected, null);
  for (const status of ["won", "lost", "given_up"]) {
    const over = playing({ status });
    assert.equal(pick(over, 0).message, "This game is over. Start a new game or replay the board.");
    assert.equal(over.selected, null);
  }
  assert.equal(pick(playing(), 99), null);
  assert.equal(pick(createState({ learn: false, zoom: "fit" }), 0), null);
});

test("partnersOf reads the view's legal pairs in either order", () => {
  const state = playing();
  assert.deepEqual([...partnersOf(state, 0)].sort(), [1, 2]);
  assert.deepEqual([...partnersOf(state, 2)], [0]);
  assert.equal(partnersOf(state, 3).size, 0);
  assert.equal(partnersOf(state, null).size, 0);
});

test("uiState: partners when the setting is on, freed tiles in Learn Mode", () => {
  const state = playing({ hint: [1, 2] });
  state.freed = new Set([2]);
  pick(state, 0);
  const shown = uiState(state, { partners: true });
  assert.equal(shown.selected, 0);
  assert.deepEqual([...shown.partners].sort(), [1, 2]);
  assert.deepEqual([...shown.hinted], [1, 2]);
  assert.equal(shown.freed.size, 0);
  assert.equal(shown.showFree, true);
  assert.equal(shown.zoom, "fit");
  const plain = uiState(state, { partners: false });
  assert.equal(plain.partners.size, 0);
  assert.equal(plain.showFree, false);
  state.learn = true;
  const learning = uiState(state, { partners: false });
  assert.deepEqual([...learning.freed], [2]);
  assert.equal(learning.showFree, true);
  assert.equal(learning.learn, true);
  pick(state, 3);
  assert.deepEqual([...uiState(state, { partners: false }).blockers], [0]);
});

test("summaryRows: labels in order, times as a clock, unknown keys left out", () => {
  const rows = summaryRows({
    result: "won",
    difficulty: "very_hard",
    time_left: 61.5,
    stars: 2,
    perfect: true,
    shuffles: 0,
    score: 1200,
    time: 75.2,
    hints: null,
    level: 3,
  });
  assert.deepEqual(rows, [
    ["Time", "1:15"],
    ["Score", "1,200"],
    ["Shuffles used", "0"],
    ["Stars", "★★☆"],
    ["Perfect clear", "yes"],
    ["Time left", "1:01"],
    ["Difficulty", "very hard"],
  ]);
  assert.deepEqual(summaryRows({ remaining: 5, seconds_left: 5 }), []);
});

test("clockAt runs the clock only while playing", () => {
  const state = playing({ clock: { elapsed: 10, remaining: 30, paused: false } });
  assert.deepEqual(clockAt(state, 3000), { elapsed: 12, remaining: 28, running: true });
  assert.deepEqual(clockAt(state, 100000), { elapsed: 109, remaining: 0, running: true });
  const paused = playing({ status: "paused", clock: { elapsed: 10, remaining: null } });
  assert.deepEqual(clockAt(paused, 9000), { elapsed: 10, remaining: null, running: false });
  const counted = playing({ counters: { time: 4 } });
  assert.equal(clockAt(counted, 1000).elapsed, 4);
});

test("clockAt runs on in the pause of a ranked game, whose server clock runs", () => {
  const ranked = playing({ status: "paused", clock: { elapsed: 10, remaining: 30, paused: false } });
  assert.deepEqual(clockAt(ranked, 4000), { elapsed: 13, remaining: 27, running: true });
  const zen = playing({ status: "paused", clock: { elapsed: 10, remaining: null, paused: true } });
  assert.deepEqual(clockAt(zen, 4000), { elapsed: 10, remaining: null, running: false });
  assert.match(pausedWords(ranked.view), /clock runs on/);
  assert.match(pausedWords(zen.view), /clock stopped/);
});

test("unrankedWords says why a finished game is not ranked", () => {
  const bot = view({ status: "won", summary: { unranked: "moves faster than a person can pick" } });
  assert.equal(unrankedWords(bot), "Not ranked: moves faster than a person can pick.");
  assert.equal(unrankedWords(view({ status: "won", summary: { unranked: null } })), "");
  assert.equal(unrankedWords(view()), "");
  const state = playing({ status: "won", summary: { unranked: "moves faster than a person can pick" } });
  const [a, b] = state.view.tiles;
  assert.equal(
    matchedWords(state, a, b, 0),
    "Matched Tile 0 and Tile 1. Board cleared! Not ranked: moves faster than a person can pick.",
  );
});

test("the clock waits for the first pick", () => {
  const waiting = playing({ clock: { elapsed: 0, remaining: 180, paused: false, started: false } });
  assert.equal(clockWaits(waiting), true);
  assert.deepEqual(clockAt(waiting, 60000), { elapsed: 0, remaining: 180, running: false });
  const started = playing({ clock: { elapsed: 0, remaining: 180, paused: false, started: true } });
  assert.equal(clockWaits(started), false);
  assert.equal(clockAt(started, 3000).elapsed, 2);
  assert.equal(clockWaits(playing({ status: "won", clock: { started: false } })), false);
  assert.equal(clockWaits(createState({ learn: false, zoom: "fit" })), false);
});

test("endTitle and matchedWords", () => {
  assert.equal(endTitle(view({ status: "won" })), "Board cleared!");
  assert.equal(endTitle(view({ status: "won", mode: "tower", level: 4 })), "Level 4 cleared!");
  assert.equal(endTitle(view({ status: "won", mode: "arcade" })), "Time's up");
  assert.equal(endTitle(view({ status: "given_up" })), "Game over");
  assert.equal(endTitle(view({ status: "lost", summary: { reason: "time" } })), "Time's up");
  assert.equal(endTitle(view({ status: "lost" })), "No moves left");
  const state = playing({ combo: 2, status: "won" });
  state.learn = true;
  state.freed = new Set([2]);
  const [a, b] = state.view.tiles;
  assert.equal(matchedWords(state, a, b, 30), "Matched Tile 0 and Tile 1. +30 points. Combo ×2. Now free: Tile 2. Board cleared!");
  state.learn = false;
  applyView(state, view({ combo: 1 }), 0);
  assert.equal(matchedWords(state, a, b, 0), "Matched Tile 0 and Tile 1.");
});
