// The game page's words in Japanese and German, without a page: the HUD, the keys
// list, the first-time notes, the questions, the end dialog's words and the tiles'
// aria labels come from the catalogue of the locale (web/js/game, board, keyboard),
// with the locale's numbers; nothing English is left in them.
import { catalogue, useLocale } from "./locale.mjs";
import assert from "node:assert/strict";
import { after, test } from "node:test";

import { hudItems, shuffleWord } from "../../src/tilematch/web/js/game/hud.js";
import { boardKeyHelp } from "../../src/tilematch/web/js/keyboard.js";
import { LEAVE_WORDS } from "../../src/tilematch/web/js/game/confirm.js";
import { END_WORDS, endTitle, matchedWords, NOTES, ordinal, pausedWords, pick, standingWords, stoneWords, summaryRows, applyView, createState } from "../../src/tilematch/web/js/game/state.js";
import { labelContext, tileLabel } from "../../src/tilematch/web/js/board/board.js";
import { gameLine, tileName } from "../../src/tilematch/web/js/game/names.js";
import { endWords, figureRows } from "../../src/tilematch/web/js/pages/duel.js";

after(() => useLocale("en"));

/** Key caps Japanese keyboards print in Latin letters, and the page's own name. */
const LATIN_ALLOWED = new Set(["tilematch", "Ctrl", "Home", "End", "Enter", "Esc", "PageUp", "PageDown"]);

/** Latin words of three letters or more that Japanese text should not carry. */
function latinWords(text) {
  return (text.match(/[A-Za-z]{3,}/g) || []).filter((w) => !LATIN_ALLOWED.has(w));
}

/** English fragments of the game domain (placeholders cut out) that German does not share. */
function englishFragments() {
  const en = catalogue("en");
  const de = JSON.stringify(catalogue("de"));
  const out = new Set();
  for (const text of Object.values(en)) {
    for (const form of typeof text === "string" ? [text] : Object.values(text)) {
      for (const piece of form.split(/\{[a-z_][a-z0-9_]*\}/)) {
        const words = piece.trim();
        if (/[A-Za-z]{4,}/.test(words) && words.length >= 5 && !de.includes(words)) out.add(words);
      }
    }
  }
  return [...out];
}

const tile = (spot, extra = {}) => ({ spot, code: "5s", name: "", free: true, selectable: true, pos: [0, spot * 2, 0], ...extra });

function playingView(game, extra = {}) {
  return {
    id: "g",
    game,
    mode: game === "shisensho" ? "classic" : "regular",
    status: "playing",
    tiles: [tile(0), tile(1), tile(2, { selectable: false, free: false, blockers: [3], stone: 2 }), tile(3, { pos: [0, 4, 1] })],
    pairs: [[0, 1]],
    clock: { elapsed: 75, remaining: null, paused: false, started: true },
    score: 12400,
    chain: game === "shisensho" ? { length: 2, multiplier: 2, cap: 4, left: 1.5 } : null,
    counters: { time: 75, tiles_left: 4, moves: 3, pairs_open: 1, hints: 1, undos: 0, shuffles: 1, hints_left: 2, tokens: 3, stones: 1 },
    ...extra,
  };
}

/** Every word the pure game modules write for one Shisen-Sho and one Solitaire view. */
function everything() {
  const words = [];
  for (const game of ["shisensho", "solitaire"]) {
    const view = playingView(game);
    for (const item of hudItems(view, 80, game === "shisensho" ? null : 30)) words.push(item.label, item.text, item.note);
    words.push(shuffleWord(game), gameLine(view));
    const context = labelContext(view);
    for (const t of view.tiles) words.push(tileLabel(t, { selected: 0, hinted: new Set([1]), partners: new Set([1]), freed: new Set([3]) }, context));
    const state = createState({ learn: true, zoom: "fit" });
    applyView(state, view, 0);
    words.push(/** @type {any} */ (pick(state, 2)).message, /** @type {any} */ (pick(state, 0)).message);
    state.freed = new Set([3]);
    words.push(matchedWords(state, view.tiles[0], view.tiles[1], 1200));
    const after = { ...view, tiles: view.tiles.map((t) => (t.spot === 2 ? { ...t, stone: 1 } : t)) };
    words.push(stoneWords(view, after));
    for (const status of ["won", "lost", "given_up"]) words.push(endTitle({ ...view, status }));
    words.push(pausedWords({ ...view, clock: { paused: true } }), pausedWords({ ...view, clock: { paused: false } }));
  }
  const summary = { time: 312, score: 12400, moves: 72, hints: 1, undos: 0, shuffles: 1, tiles_left: 0, tokens_left: 2, stars: 2, perfect: false, difficulty: "zen_master" };
  for (const [label, value] of summaryRows(summary)) words.push(label, value);
  words.push(END_WORDS.ledger(4, 76), END_WORDS.ledger(3, 3), END_WORDS.each(100), END_WORDS.grouped("x", 3));
  words.push(standingWords({ verified: true, first: true }), standingWords({ verified: false }));
  words.push(standingWords({ verified: true, best: true, previous_best: { score: 3100, time: null } }));
  words.push(standingWords({ verified: true, rank: 2, games: 7, median_delta: -12 }));
  words.push(standingWords({ verified: true, rank: 3, games: 7, median_delta: 4 }));
  for (const [keys, what] of boardKeyHelp()) words.push(keys, what);
  for (const ask of [LEAVE_WORDS.new("x"), LEAVE_WORDS.replay(), LEAVE_WORDS.give_up()]) words.push(ask.title, ask.text, ask.yes, ask.no);
  words.push(NOTES.stones, NOTES.bonus);
  for (const result of [
    { winner: 1, scores: [2, 0], reason: "forfeit" },
    { winner: 0, scores: [6, 2], reason: "cleared" },
    { winner: null, scores: [4, 4], reason: "cleared" },
  ]) {
    for (const you of [0, 1, null]) {
      const end = endWords(result, you, ["", ""], 30, { seconds: 95, lead: 4 });
      words.push(end.title, end.text, endWords(result, you, ["", ""], 30).text);
    }
  }
  const figures = { players: [{ pairs: 12, pace: 2.5, fastest: 0.9, bad_claims: 1 }, { pairs: 8, pace: null, fastest: null, bad_claims: 0 }] };
  const rows = figureRows(figures, 0, ["", ""]);
  words.push(...rows.head, ...rows.rows.flat());
  return words.filter(Boolean).join("\n");
}

test("in Japanese the game's words carry no English word", () => {
  useLocale("ja");
  const text = everything();
  assert.deepEqual(latinWords(text), [], text);
  assert.match(text, /四川省・クラシック/);
  assert.match(text, /12,400/);
  assert.match(text, /7ゲーム中2位/);
  assert.equal(shuffleWord("shisensho"), "シャッフル");
});

test("in German none of the English sentences is left, and numbers are German", () => {
  useLocale("de");
  const text = everything();
  const left = englishFragments().filter((fragment) => text.includes(fragment));
  assert.deepEqual(left, [], text);
  assert.match(text, /12\.400/);
  assert.match(text, /2\. Platz unter deinen 7 Spielen/);
  assert.match(text, /Bild ↑ \/ Bild ↓/);
});

test("in French a count of one and ordinals follow French rules", () => {
  useLocale("fr");
  assert.equal(ordinal(1), "1re");
  assert.equal(ordinal(2), "2e");
  assert.equal(END_WORDS.points(1), "1 point");
  assert.equal(END_WORDS.points(1500), "1\u202f500 points");
});

test("a tile takes the catalogue's name of its face when there is one, else the server's", () => {
  useLocale("en");
  assert.equal(tileName({ code: "zz", name: "Red Dragon" }), "Red Dragon");
  assert.equal(tileName({ code: "zz" }), "zz");
  assert.equal(tileName(null), "a tile");
});
