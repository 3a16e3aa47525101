// The keyboard reaches every tile: navigation.js on hand-made boards, then the proof
// over every built-in layout and the positions of real games. The positions come
// from tests/web/navigation_fixture.py, which tests/web/test_node.py writes to the
// file named by TILEMATCH_NAVIGATION_FIXTURE before it runs Node.
import "./locale.mjs";
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import { ARROW_MOVES, createNavigator, moveFocus, navPoints, readingOrder, rowsOf } from "../../src/tilematch/web/js/board/navigation.js";

/** A Shisen-Sho view from rows of text: a letter is a tile, "." a gap. */
function grid(...lines) {
  const tiles = [];
  lines.forEach((line, r) =>
    [...line].forEach((ch, c) => {
      if (ch !== ".") tiles.push({ spot: r * 100 + c, pos: [r, c], selectable: true, code: ch });
    }),
  );
  return { game: "shisensho", geometry: "grid", bounds: { rows: lines.length, cols: lines[0].length }, tiles };
}

/** A layered view from [x, y, z, selectable] places. */
function stack(places) {
  const tiles = places.map(([x, y, z, selectable = true], spot) => ({ spot, pos: [x, y, z], selectable }));
  return { game: "solitaire", geometry: "stack", bounds: {}, tiles };
}

const at = (r, c) => r * 100 + c;

test("grid arrows move cell by cell over tiles, skipping gaps, without wrapping", () => {
  const points = navPoints(grid("ab..c", ".....", "d.e.f"));
  assert.equal(moveFocus(points, at(0, 0), "right"), at(0, 1));
  assert.equal(moveFocus(points, at(0, 1), "right"), at(0, 4), "the gap is skipped");
  assert.equal(moveFocus(points, at(0, 4), "right"), null, "no wrap at the end of a row");
  assert.equal(moveFocus(points, at(0, 0), "left"), null);
  assert.equal(moveFocus(points, at(0, 1), "down"), at(2, 0), "the empty row is skipped, nearest column");
  assert.equal(moveFocus(points, at(0, 4), "down"), at(2, 4));
  assert.equal(moveFocus(points, at(2, 2), "up"), at(0, 1), "a tie across goes to the left one");
  assert.equal(moveFocus(points, at(2, 2), "down"), null, "no wrap at the bottom");
  assert.equal(moveFocus(points, at(2, 2), "layer-up"), null, "a grid has one layer");
});

test("home and end keep to the row, ctrl+home and ctrl+end to the board", () => {
  const points = navPoints(grid("ab.c", "de.."));
  assert.equal(moveFocus(points, at(0, 1), "row-start"), at(0, 0));
  assert.equal(moveFocus(points, at(0, 1), "row-end"), at(0, 3));
  assert.equal(moveFocus(points, at(0, 1), "last"), at(1, 1));
  assert.equal(moveFocus(points, at(1, 1), "first"), at(0, 0));
  assert.equal(moveFocus(points, at(0, 0), "first"), null, "already there");
});

test("a focus that is gone starts again at the first tile", () => {
  const points = navPoints(grid("ab", "cd"));
  assert.equal(moveFocus(points, null, "down"), at(0, 0));
  assert.equal(moveFocus(points, 999, "right"), at(0, 0));
  assert.equal(moveFocus([], null, "right"), null);
});

test("a tile half a row lower joins the row it overlaps, and layers are read top first", () => {
  // a row of three at y = 0, a tile on top between the first two, and one at y = 1
  const view = stack([
    [0, 0, 0],
    [2, 0, 0],
    [4, 0, 0],
    [1, 0, 1],
    [6, 1, 0],
    [0, 2, 0],
  ]);
  const rows = rowsOf(navPoints(view)).map((row) => row.map((p) => p.spot));
  assert.deepEqual(rows, [[0, 3, 1, 2, 4], [5]]);
});

test("page up and page down go to the nearest tile of the next layer that has tiles", () => {
  const view = stack([
    [0, 0, 0],
    [10, 0, 0],
    [10, 0, 2],
    [4, 0, 2],
    [20, 0, 4],
  ]);
  const points = navPoints(view);
  assert.ok(!points.some((p) => p.spot === 1), "spot 1 is hidden right under spot 2");
  assert.equal(moveFocus(points, 0, "layer-up"), 3, "layer 1 is empty: layer 2, the nearest tile");
  assert.equal(moveFocus(points, 3, "layer-up"), 4);
  assert.equal(moveFocus(points, 4, "layer-up"), null, "nothing above the top");
  assert.equal(moveFocus(points, 4, "layer-down"), 2);
  assert.equal(moveFocus(points, 2, "layer-down"), 0);
});

test("the free-tile jump goes round the free tiles in reading order", () => {
  const view = stack([
    [0, 0, 0, true],
    [2, 0, 0, false],
    [4, 0, 0, true],
    [0, 2, 0, false],
    [2, 2, 0, true],
  ]);
  const points = navPoints(view);
  assert.equal(moveFocus(points, 0, "next-free"), 2);
  assert.equal(moveFocus(points, 1, "next-free"), 2, "from a blocked tile too");
  assert.equal(moveFocus(points, 2, "next-free"), 4);
  assert.equal(moveFocus(points, 4, "next-free"), 0, "round to the start");
  assert.equal(moveFocus(points, 0, "previous-free"), 4);
  assert.equal(moveFocus(points, null, "previous-free"), 4);
  const one = navPoints(stack([[0, 0, 0, true], [2, 0, 0, false]]));
  assert.equal(moveFocus(one, 0, "next-free"), null, "the only free tile: stay");
  assert.equal(moveFocus(one, 1, "next-free"), 0);
});

// ------------------------------------------------------------------ the proof

/**
 * What is wrong with the keyboard on one position: selectable tiles it cannot
 * focus, tiles from which some selectable tile cannot be reached with the arrow
 * keys, and free tiles the free-tile jump misses. Returns a list of sentences.
 */
function keyboardFaults(position, move = null) {
  const points = navPoints(position);
  const navigator = createNavigator(points);
  move = move || ((_, from, m) => navigator.move(from, m));
  const faults = [];
  const onBoard = new Set(points.map((p) => p.spot));
  const selectable = position.tiles.filter((t) => t.selectable).map((t) => t.spot);
  for (const spot of selectable) if (!onBoard.has(spot)) faults.push(`selectable ${spot} has no focus`);
  const edges = new Map(points.map((p) => [p.spot, ARROW_MOVES.map((m) => move(points, p.spot, m)).filter((s) => s != null)]));
  for (const start of points) {
    const seen = new Set([start.spot]);
    const queue = [start.spot];
    for (let i = 0; i < queue.length; i += 1) {
      for (const next of edges.get(queue[i]) || []) {
        if (!seen.has(next)) {
          seen.add(next);
          queue.push(next);
        }
      }
    }
    const missed = selectable.filter((s) => !seen.has(s));
    if (missed.length) faults.push(`from ${start.spot} the arrows never reach ${missed.join(", ")}`);
  }
  const free = readingOrder(points).filter((p) => p.free);
  if (free.length) {
    const visited = [free[0].spot];
    for (let here = free[0].spot; visited.length <= free.length; ) {
      const next = move(points, here, "next-free");
      if (next == null || next === free[0].spot) break;
      visited.push(next);
      here = next;
    }
    const missed = free.filter((p) => !visited.includes(p.spot)).map((p) => p.spot);
    if (missed.length) faults.push(`the free-tile jump misses ${missed.join(", ")}`);
  }
  return faults;
}

function fixture() {
  const path = process.env.TILEMATCH_NAVIGATION_FIXTURE;
  assert.ok(path, "TILEMATCH_NAVIGATION_FIXTURE is not set: run these tests through tests/web/test_node.py");
  return JSON.parse(readFileSync(path, "utf8"));
}

test("the proof itself finds a board the arrows cannot cover", () => {
  // a move that never leaves the first row: the second row is out of reach
  const stuck = (points, from, m) => (m === "up" || m === "down" ? null : moveFocus(points, from, m));
  const faults = keyboardFaults(grid("ab", "cd"), stuck);
  assert.ok(faults.some((f) => f.includes("never reach")), faults.join("; "));
});

test("every built-in layout: from every tile the arrows reach every selectable tile", () => {
  const { layouts } = fixture();
  assert.ok(layouts.length >= 168 + 7, `only ${layouts.length} layouts`);
  assert.ok(layouts.some((p) => p.label === "turtle"));
  const broken = layouts.map((p) => [p.label, keyboardFaults(p)]).filter(([, f]) => f.length);
  assert.deepEqual(broken.map(([label, f]) => `${label}: ${f[0]}`), []);
});

test("real games: after every match of the sampled deals the arrows still reach every selectable tile", () => {
  const { games } = fixture();
  assert.ok(games.length >= 1000, `only ${games.length} positions`);
  assert.ok(games.some((p) => p.label === "turtle after match 71"), "the Turtle is played to its last pair");
  const broken = games.map((p) => [p.label, keyboardFaults(p)]).filter(([, f]) => f.length);
  assert.deepEqual(broken.map(([label, f]) => `${label}: ${f[0]}`), []);
});

// ------------------------------------------------------------------ tile names

const { labelContext, tileLabel } = await import("../../src/tilematch/web/js/board/board.js");

test("a layered tile's name: the tile, its layer, row and column, its state, each once", () => {
  const view = {
    game: "solitaire",
    geometry: "stack",
    bounds: { depth: 3 },
    tiles: [
      { spot: 0, name: "Plum", pos: [2, 4, 2], selectable: true },
      { spot: 1, name: "5 of Dots", pos: [2, 4, 1], selectable: false, blockers: [0] },
      { spot: 2, name: "East Wind", pos: [0, 5, 0], selectable: false, blockers: [3, 4], blocked: "East Wind at (0, 5, 0) ..." },
      { spot: 3, name: "North Wind", pos: [2, 5, 0], selectable: false, blockers: [0] },
      { spot: 4, name: "Stone", pos: [8, 0, 0], selectable: false, stone: 2, blockers: [] },
    ],
  };
  const context = labelContext(view);
  const ui = { hinted: new Set([0]), partners: new Set(), freed: new Set() };
  const label = (spot, extra = {}) => tileLabel(view.tiles[spot], { ...ui, ...extra }, context);
  assert.equal(label(0), "Plum, top layer, row 3, column 2, free, hinted");
  assert.equal(label(0, { selected: 0 }), "Plum, top layer, row 3, column 2, selected, free, hinted");
  assert.equal(label(1), "5 of Dots, layer 2, row 3, column 2, blocked: covered");
  assert.equal(label(2), "East Wind, bottom layer, row 3, column 1, blocked: both sides closed");
  assert.equal(label(4), "Stone, bottom layer, row 1, column 5, blocked: stone, 2 cracks left");
  for (const t of view.tiles) assert.doesNotMatch(label(t.spot), /\(|\d+, \d+/);
});

test("a Shisen-Sho tile's name: the tile, its row and column (every tile can be picked)", () => {
  const view = grid("ab", "cd");
  view.tiles[3].name = "East Wind";
  const context = labelContext(view);
  assert.equal(tileLabel(view.tiles[3], {}, context), "East Wind, row 2, column 2");
  assert.equal(tileLabel(view.tiles[3], { partners: new Set([101]) }, context), "East Wind, row 2, column 2, possible partner");
});

test("a one-layer layout's names leave the layer out", () => {
  const view = stack([[0, 0, 0]]);
  view.tiles[0].name = "Red Dragon";
  assert.equal(tileLabel(view.tiles[0], {}, labelContext(view)), "Red Dragon, row 1, column 1, free");
});

test("the board's keys: arrows, J/K, Page Up/Down, Home/End and Ctrl+Home/End", async () => {
  const { boardMove, BOARD_KEY_HELP } = await import("../../src/tilematch/web/js/keyboard.js");
  assert.equal(boardMove({ key: "ArrowUp" }), "up");
  assert.equal(boardMove({ key: "j" }), "next-free");
  assert.equal(boardMove({ key: "K" }), "previous-free");
  assert.equal(boardMove({ key: "PageDown" }), "layer-down");
  assert.equal(boardMove({ key: "Home" }), "row-start");
  assert.equal(boardMove({ key: "End", ctrlKey: true }), "last");
  assert.equal(boardMove({ key: "j", ctrlKey: true }), null, "Ctrl+J is the browser's");
  assert.equal(boardMove({ key: "ArrowLeft", altKey: true }), null, "Alt+Left is the browser's Back");
  assert.equal(boardMove({ key: "n" }), null, "a button's letter is not a move");
  assert.equal(boardMove({ key: "toString" }), null);
  // the key list names every key the board answers to
  const listed = BOARD_KEY_HELP.map(([keys]) => keys).join(" ");
  for (const word of ["J", "K", "Page Up", "Page Down", "Home", "End", "Ctrl+Home", "Enter", "Escape"]) assert.ok(listed.includes(word), word);
});
