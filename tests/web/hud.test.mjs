// The counters strip (web/js/game/hud.js) per mode, and the board's zoom choice
// (web/js/board/zoom.js), without a page.
import "./locale.mjs";
import assert from "node:assert/strict";
import { test } from "node:test";

import { comboItem, hudItems, shuffleWord } from "../../src/tilematch/web/js/game/hud.js";
import { boardScale, FIT_FLOOR, READABLE_TILE } from "../../src/tilematch/web/js/board/zoom.js";

const tile = (spot, free = true) => ({ spot, code: "5s", free, selectable: free });

function view(game, mode, extra = {}) {
  return {
    id: "g",
    game,
    mode,
    status: "playing",
    tiles: [tile(0), tile(1), tile(2, false)],
    clock: { elapsed: 10, remaining: null, paused: false, started: true },
    score: 300,
    chain: null,
    ...extra,
    counters: { time: 10, tiles_left: 3, moves: 1, pairs_open: 1, hints: 0, undos: 0, shuffles: 0, ...(extra.counters || {}) },
  };
}

const byKey = (items) => Object.fromEntries(items.map((i) => [i.key, i]));
const chain = (extra) => ({ length: 0, multiplier: 0, cap: 4, window: 2, left: null, ...extra });

test("Shisen-Sho Classic: no free-tile count, reshuffles named once, the combo's cap", () => {
  const v = view("shisensho", "classic", { counters: { tokens: 3, target: 600 }, chain: chain() });
  const items = byKey(hudItems(v, 10, null));
  assert.equal(items.free, undefined);
  assert.equal(items.target, undefined);
  assert.equal(items.tokens.label, "Reshuffles left");
  assert.equal(items.shuffles.label, "Reshuffles used");
  assert.equal(items.hints.label, "Hints used");
  assert.deepEqual([items.combo.text, items.combo.note], ["–", "max\u00a0×4"]);
  assert.ok(items.tokens.main && items.combo.main && items.score.main && items.time.main);
  assert.ok(!items.moves.main && !items.hints.main);
  assert.equal(shuffleWord("shisensho"), "Reshuffle");
});

test("a live chain counts its time down on the client's clock and drops when it ends", () => {
  const v = view("shisensho", "classic", { chain: chain({ length: 3, multiplier: 3, left: 1.5 }) });
  let combo = byKey(hudItems(v, 10, null)).combo;
  assert.deepEqual([combo.text, combo.note], ["×3", "1.5 s · max\u00a0×4"]);
  combo = byKey(hudItems(v, 11.2, null)).combo; // 1.2 s of playing time later
  assert.deepEqual([combo.text, combo.note], ["×3", "0.3 s · max\u00a0×4"]);
  combo = byKey(hudItems(v, 11.6, null)).combo; // the window has closed
  assert.deepEqual([combo.text, combo.note], ["–", "max\u00a0×4"]);
});

test("Arcade: the multiplier stays at its cap however long the chain, time left first", () => {
  const v = view("shisensho", "arcade", {
    clock: { elapsed: 50, remaining: 130, paused: false, started: true },
    counters: { boards_cleared: 2 },
    chain: chain({ length: 142, multiplier: 8, cap: 8, left: 2 }),
  });
  const items = hudItems(v, 50, 130);
  assert.deepEqual(items.slice(0, 2).map((i) => i.key), ["remaining", "time"]);
  const got = byKey(items);
  assert.equal(got.remaining.text, "2:10");
  assert.ok(got.remaining.main && !got.time.main);
  assert.equal(got.combo.text, "×8");
  assert.equal(got.combo.note, "2.0 s · max\u00a0×8");
  assert.equal(got.boards_cleared.label, "Boards cleared");
  assert.ok(got.boards_cleared.main);
});

test("Mahjong Solitaire: no combo at all, free tiles counted, Shuffle words", () => {
  const items = byKey(hudItems(view("solitaire", "regular"), 10, null));
  assert.equal(items.combo, undefined);
  assert.equal(items.free.text, "2");
  assert.equal(items.shuffles.label, "Shuffles used");
  assert.equal(shuffleWord("solitaire"), "Shuffle");
});

test("paused: no free-tile count for a board that is hidden", () => {
  const v = view("solitaire", "regular", { status: "paused", tiles: [] });
  assert.equal(byKey(hudItems(v, 10, null)).free, undefined);
});

test("Black & White Countdown: stores as 'left', uncapped combo without a cap note", () => {
  const v = view("blackwhite", "countdown", {
    counters: { hints_left: 2, shuffles_left: 1, undos_left: 3, countdown: 700 },
    chain: chain({ cap: null, length: 2, multiplier: 2, left: 0.5 }),
  });
  const items = byKey(hudItems(v, 10, 600));
  assert.equal(items.hints_left.label, "Hints left");
  assert.equal(items.hints.label, "Hints used");
  assert.equal(items.shuffles_left.label, "Shuffles left");
  assert.equal(items.undos_left.label, "Undos left");
  assert.equal(items.countdown, undefined);
  assert.ok(items.hints_left.main);
  assert.deepEqual([items.combo.text, items.combo.note], ["×2", "0.5 s"]);
  const labels = hudItems(v, 10, 600).map((i) => i.label);
  assert.equal(new Set(labels).size, labels.length, "one name per thing");
});

test("a paused ranked game's chain keeps counting with its clock; a stopped clock keeps it", () => {
  assert.equal(comboItem({ chain: chain({ length: 2, multiplier: 2, left: 1 }) }, 0).text, "×2");
  assert.equal(comboItem({ chain: chain({ length: 2, multiplier: 2, left: 1 }) }, 1.01).text, "–");
  assert.equal(comboItem({ chain: null }, 0), null);
});

test("zoom: auto fits a board whose tiles stay readable and zooms one that would not", () => {
  const frame = { width: 1146, height: 760 }; // a 17 x 8 Shisen-Sho board at scale 1
  const phone = { width: 386, height: 650 };
  const auto = boardScale(frame, phone, "auto", 56);
  assert.equal(auto.readable, true);
  assert.ok(auto.scale * 56 >= READABLE_TILE);
  const fit = boardScale(frame, phone, "fit", 56);
  assert.equal(fit.readable, false);
  assert.ok(fit.scale * 56 < FIT_FLOOR);
  assert.ok(fit.scale * frame.width <= phone.width);
  const desk = boardScale(frame, { width: 1248, height: 500 }, "auto", 56);
  assert.equal(desk.readable, false);
  assert.ok(desk.scale * 56 >= FIT_FLOOR);
  // a small board that fits at a large size is fitted even in Readable Zoom
  const small = boardScale({ width: 500, height: 400 }, { width: 1200, height: 700 }, "readable", 56);
  assert.deepEqual(small, { scale: 1.5, readable: false });
  // a tall board on a phone held sideways fills the width only up to twice the room's
  // height: the Pyramid drew 70 px tiles, two rows on the screen; now 44 px, four
  const pyramid = { width: 546, height: 714 };
  const sideways = boardScale(pyramid, { width: 722, height: 281 }, "auto", 56);
  assert.equal(sideways.readable, true);
  assert.ok(sideways.scale * pyramid.height <= 2 * 281 + 1e-9, sideways);
  assert.ok(sideways.scale * 56 >= READABLE_TILE, sideways);
  // a long board held upright still fills its width
  const long = boardScale({ width: 300, height: 1000 }, { width: 330, height: 650 }, "readable", 56);
  assert.equal(long.scale, 330 / 300);
});

test("Black & White Zen and the Tower: what each keeps in the compact HUD", () => {
  const zen = byKey(hudItems(view("blackwhite", "zen", { chain: chain({ cap: null }) }), 10, null));
  assert.ok(zen.time.main, "Zen counts up: its time is what matters");
  assert.equal(zen.remaining, undefined);
  assert.equal(zen.hints_left, undefined);
  assert.deepEqual([zen.combo.text, zen.combo.note], ["–", ""]);
  const tower = byKey(
    hudItems(view("blackwhite", "tower", { counters: { hints_left: 0, shuffles_left: 1, undos_left: 1 } }), 10, 290),
  );
  assert.equal(tower.remaining.text, "4:50");
  assert.ok(tower.remaining.main && tower.hints_left.main && !tower.time.main);
  const main = Object.values(tower).filter((i) => i.main).map((i) => i.key);
  assert.deepEqual(main, ["remaining", "tiles_left", "score", "hints_left"]);
});
