// The duel page's frame reducer and words (web/js/pages/duel.js), without a page.
import "./locale.mjs";
import assert from "node:assert/strict";
import { test } from "node:test";

import { useLocale } from "./catalogue.mjs";

import {
  applyFrame,
  boardView,
  emptyDuel,
  duelSizes,
  endWords,
  errorText,
  finalClose,
  refusalText,
  rivalChoices,
} from "../../src/tilematch/web/js/pages/duel.js";

const FACTS = {
  rivals: [
    { level: "relaxed", seconds_per_pair: 4.0 },
    { level: "steady", seconds_per_pair: 2.5 },
    { level: "sharp", seconds_per_pair: 1.5 },
  ],
  forfeit_seconds: 30.0,
  lockout_seconds: 1.0,
  close_codes: {
    replaced: 4000,
    unauthorized: 4401,
    no_room: 4404,
    expired: 4410,
    full: 4429,
    too_slow: 4413,
    policy: 1008,
    too_big: 1009,
  },
};

test("the client copy of a room is built from frames only", () => {
  const d = emptyDuel("ABCDEF");
  assert.equal(d.phase, "waiting");
  const tiles = [0, 1, 2, 3].map((s) => ({ spot: s, code: "5s", name: "x", pos: [0, s] }));
  applyFrame(d, { type: "hello", role: "player", you: 1 });
  assert.equal(d.you, 1);
  assert.equal(d.role, "player");
  applyFrame(d, {
    type: "state",
    phase: "playing",
    size: [1, 4],
    gravity: false,
    tiles,
    version: 0,
    scores: [0, 0],
    away: [false, false],
    result: null,
  });
  assert.deepEqual([...d.tiles.keys()], [0, 1, 2, 3]);
  applyFrame(d, { type: "claim", player: 0, a: 0, b: 1, path: [[0, 0], [0, 1]], scores: [2, 0], tiles_left: 2, version: 1 });
  assert.deepEqual([...d.tiles.keys()], [2, 3]);
  assert.deepEqual(d.scores, [2, 0]);
  assert.deepEqual(d.last, { player: 0, a: 0, b: 1, path: [[0, 0], [0, 1]], fell: [] });
  applyFrame(d, { type: "reshuffle", version: 2, reshuffles: 1, tiles: [{ spot: 3, code: "7p" }, { spot: 2, code: "7p" }] });
  assert.equal(d.version, 2);
  applyFrame(d, { type: "away", player: 0 });
  assert.deepEqual(d.away, [true, false]);
  applyFrame(d, { type: "back", player: 0 });
  applyFrame(d, { type: "away", player: 0 });
  applyFrame(d, { type: "end", status: "won", reason: "forfeit", winner: 1, scores: [2, 0] });
  assert.equal(d.phase, "over");
  assert.deepEqual(d.result, { status: "won", reason: "forfeit", winner: 1, scores: [2, 0] });
  applyFrame(d, { type: "rematch", votes: [true, false], code: null });
  assert.deepEqual(d.rematch, { votes: [true, false], code: null });
  applyFrame(d, { type: "unknown" });
  assert.equal(d.phase, "over");

  const view = boardView(d);
  assert.equal(view.id, "duel:ABCDEF");
  assert.deepEqual(view.bounds, { rows: 1, cols: 4 });
  assert.deepEqual(view.pairs, []);
  assert.deepEqual(
    view.tiles.map((t) => [t.spot, t.code, t.free, t.selectable, t.blocked, t.stone]),
    [
      [2, "7p", true, true, null, 0],
      [3, "7p", true, true, null, 0],
    ],
  );
});

test("room and countdown frames set the phase and settings", () => {
  const d = emptyDuel("XYZ");
  applyFrame(d, { type: "room", phase: "waiting", players: ["A", null], size: [4, 6], gravity: true, seed: 9, rival: "sharp", starts_at: null });
  assert.deepEqual([d.size, d.gravity, d.seed, d.rival, d.players], [[4, 6], true, 9, "sharp", ["A", null]]);
  applyFrame(d, { type: "countdown" });
  assert.equal(d.phase, "countdown");
  applyFrame(d, { type: "start" });
  assert.equal(d.phase, "playing");
});

test("the end words for each seat and a spectator", () => {
  const result = { winner: 1, scores: [2, 0], reason: "forfeit" };
  const won = endWords(result, 1, ["A", "B"], FACTS.forfeit_seconds);
  assert.equal(won.title, "You win!");
  assert.equal(won.text, "Your rival did not come back within 30 seconds (2 – 0).");
  assert.equal(endWords(result, 0, ["A", "B"], 30).title, "You lose");
  assert.equal(endWords(result, null, ["A", "B"], 30).title, "B wins");
  assert.equal(endWords(result, 0, ["A", "B"], 12).text, "You did not come back within 12 seconds (2 – 0).");
  assert.deepEqual(endWords({ winner: null, scores: [4, 4], reason: "cleared" }, 0, ["A", "B"], 30), {
    title: "Draw",
    text: "Both cleared the same number of tiles (4 – 4).",
  });
  assert.equal(endWords({ winner: 0, scores: [6, 2], reason: "cleared" }, 0, ["A", "B"], 30).text, "Tiles: 6 – 2.");
});

test("rival paces and close sentences come from the server's facts", () => {
  assert.deepEqual(rivalChoices(FACTS), [
    ["relaxed", "Relaxed", "a pair every 4 s"],
    ["steady", "Steady", "a pair every 2.5 s"],
    ["sharp", "Sharp", "a pair every 1.5 s"],
  ]);
  assert.deepEqual(rivalChoices({ ...FACTS, rivals: [{ level: "steady", seconds_per_pair: 3 }] }), [
    ["steady", "Steady", "a pair every 3 s"],
  ]);
  assert.equal(finalClose(FACTS, 4404), "There is no open duel room with this code.");
  assert.equal(finalClose(FACTS, 4429), "This room has too many spectators.");
  assert.equal(finalClose(FACTS, 4413), null); // too slow: the page reconnects
  assert.equal(finalClose(FACTS, 1000), null);
  assert.equal(finalClose({ ...FACTS, close_codes: { ...FACTS.close_codes, no_room: 4999 } }, 4999), "There is no open duel room with this code.");
});

test("a gravity claim carries its falls to the board once, and a reshuffle none", () => {
  const d = emptyDuel("GRAVIT");
  const column = [0, 1, 2].map((s) => ({ spot: s * 4, code: s === 0 ? "9m" : "5s", name: "x", pos: [s, 0] }));
  applyFrame(d, { type: "state", phase: "playing", size: [3, 4], gravity: true, tiles: column, version: 0, scores: [0, 0], away: [false, false], result: null });
  assert.equal(boardView(d).last_match, null);
  // the two lower tiles are taken; the top one falls from spot 0 to spot 8
  const after = [{ spot: 8, code: "9m", name: "x", pos: [2, 0] }];
  applyFrame(d, { type: "claim", player: 1, a: 4, b: 8, path: [], scores: [0, 2], tiles_left: 1, version: 1, tiles: after, fell: [[0, 8]] });
  const view = boardView(d);
  assert.deepEqual(view.last_match.fell, [[0, 8]]);
  assert.deepEqual([view.last_match.a, view.last_match.b], [4, 8]);
  assert.equal(view.counters.moves, 1); // the claim's key: each claim's falls are drawn once
  assert.deepEqual(view.tiles.map((t) => t.spot), [8]);
  applyFrame(d, { type: "reshuffle", version: 2, reshuffles: 1, tiles: after });
  assert.equal(boardView(d).last_match, null);
});

test("the lobby, the room and the refusals speak the page's locale", () => {
  useLocale("ja");
  try {
    assert.deepEqual(rivalChoices(FACTS)[0], ["relaxed", "のんびり", "4 秒ごとに1ペア"]);
    assert.equal(finalClose(FACTS, 4404), "このコードの対戦ルームは見つかりません。");
    assert.deepEqual(duelSizes()[3], ["8x17", "17 × 8（標準・136 枚）"]);
    assert.equal(refusalText({ reason: "no path", message: "no path" }), "2回以内の曲がりでつながる道がありません。");
    assert.equal(refusalText({ reason: "new word", message: "Server words." }), "Server words.");
    useLocale("es");
    assert.equal(errorText({ code: "not_started", message: "The duel has not started yet." }), "El duelo aún no ha empezado.");
    assert.equal(refusalText({ reason: "taken" }), "El rival se llevó esa ficha antes.");
  } finally {
    useLocale("en");
  }
});
