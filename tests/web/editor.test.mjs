// The layout editor's models (web/js/editor/model.js, outline.js), without a page.
import assert from "node:assert/strict";
import { test } from "node:test";

import { useLocale } from "./catalogue.mjs";

import {
  changeLayer,
  count,
  createModel,
  fitted,
  moveCursor,
  positions,
  redo,
  replaceAll,
  tileAt,
  toggleAt,
  toggleCursor,
  toggleMirror,
  undo,
} from "../../src/tilematch/web/js/editor/model.js";
import {
  cellCount,
  createOutline,
  moveOutlineCursor,
  outlineFromRows,
  paint,
  redoOutline,
  resize,
  rowsOf,
  toggleOutlineMirror,
  undoOutline,
} from "../../src/tilematch/web/js/editor/outline.js";

test("a click places a tile, a click on any of its four half-cells removes it", () => {
  let model = createModel({ width: 10, height: 6 });
  model = toggleAt(model, 3, 1);
  assert.deepEqual(positions(model), [[3, 1, 0]]);
  assert.equal(tileAt(model, 4, 2), "3,1,0");
  assert.equal(tileAt(model, 5, 2), null);
  model = toggleAt(model, 4, 2);
  assert.deepEqual(positions(model), []);
});

test("tiles stay on the board and never overlap one on their layer", () => {
  let model = createModel({ width: 10, height: 6 });
  model = toggleAt(model, 20, 20);
  assert.deepEqual(positions(model), [[8, 4, 0]]);
  const before = model;
  model = toggleAt(model, 9, 5); // the tile's bottom-right half-cell: removes it
  assert.equal(count(model), 0);
  model = toggleAt(toggleAt(before, 0, 0), 1, 3); // beside (0,0): 1 across, 3 down is clear
  assert.deepEqual(positions(model), [[0, 0, 0], [1, 3, 0], [8, 4, 0]]);
  const crowded = toggleAt(createModel({ positions: [[2, 2, 0]] }), 3, 4); // clear of (2,2)
  assert.equal(count(crowded), 2);
  const clash = toggleAt(createModel({ positions: [[2, 2, 0]] }), 4, 1); // 2 across: no clash
  assert.equal(count(clash), 2);
});

test("layers: a tile goes on the layer shown, counts per layer", () => {
  let model = createModel({ positions: [[0, 0, 0], [2, 0, 0]] });
  model = changeLayer(model, 1);
  model = toggleAt(model, 1, 0);
  assert.deepEqual(positions(model), [[0, 0, 0], [2, 0, 0], [1, 0, 1]]);
  assert.equal(count(model, 0), 2);
  assert.equal(count(model, 1), 1);
  assert.equal(changeLayer(model, -5).layer, 0);
  assert.equal(changeLayer(model, 50).layer, model.depth - 1);
});

test("mirror symmetry copies a change left-right, top-bottom, or both", () => {
  let model = toggleMirror(createModel({ width: 12, height: 8 }), "leftRight");
  model = toggleAt(model, 1, 0);
  assert.deepEqual(positions(model), [[1, 0, 0], [9, 0, 0]]);
  model = toggleMirror(model, "topBottom");
  model = toggleAt(model, 0, 3);
  assert.deepEqual(positions(model), [[1, 0, 0], [9, 0, 0], [0, 3, 0], [10, 3, 0]]);
  model = toggleAt(model, 10, 3); // removing one removes its images
  assert.deepEqual(positions(model), [[1, 0, 0], [9, 0, 0]]);
  const centre = toggleAt(model, 5, 2); // on the axis: one tile, not two on top of each other
  assert.equal(count(centre), 4); // (5,2) and its top-bottom image (5,4)
});

test("undo and redo walk the changes; a new change forgets the redo", () => {
  let model = createModel();
  model = toggleAt(model, 0, 0);
  model = toggleAt(model, 4, 0);
  model = undo(model);
  assert.deepEqual(positions(model), [[0, 0, 0]]);
  model = redo(model);
  assert.equal(count(model), 2);
  model = undo(undo(model));
  assert.equal(count(model), 0);
  assert.equal(undo(model), model);
  model = toggleAt(model, 8, 0);
  assert.equal(redo(model), model);
  model = replaceAll(model, [[0, 0, 0], [2, 0, 0], [4, 0, 0]]);
  assert.equal(count(undo(model)), 1);
});

test("the cursor moves by half-tiles, stays on the board, and toggles", () => {
  let model = createModel({ width: 8, height: 6 });
  model = moveCursor(model, -1, 1);
  assert.deepEqual(model.cursor, { x: 0, y: 1 });
  model = moveCursor(model, 99, 99);
  assert.deepEqual(model.cursor, { x: 6, y: 4 });
  model = toggleCursor(model);
  assert.deepEqual(positions(model), [[6, 4, 0]]);
  assert.deepEqual(fitted(createModel({ width: 4, height: 4 }), [[10, 1, 0]]), {
    ...createModel({ width: 12, height: 4 }),
  });
});

test("an outline paints cells with mirrors, resizes, undoes and gives its rows", () => {
  let outline = toggleOutlineMirror(createOutline(3, 4), "leftRight");
  outline = paint(outline, 0, 0);
  assert.deepEqual(rowsOf(outline), ["#..#", "....", "...."]);
  assert.equal(cellCount(outline), 2);
  outline = paint(outline, 0, 0); // painted again: cleared with its image
  assert.equal(cellCount(outline), 0);
  outline = undoOutline(outline);
  assert.equal(cellCount(outline), 2);
  outline = redoOutline(outline);
  assert.equal(cellCount(outline), 0);
  outline = resize(outlineFromRows(["##", "##"]), 3, 1);
  assert.deepEqual(rowsOf(outline), ["#", "#", "."]);
  assert.deepEqual(rowsOf(undoOutline(outline)), ["##", "##"]);
  assert.deepEqual(moveOutlineCursor(outline, 5, 5).cursor, { row: 2, col: 0 });
  assert.equal(paint(outline, 9, 9), outline);
});

test("the board resizes but never cuts off a tile", async () => {
  const { resizeBoard } = await import("../../src/tilematch/web/js/editor/model.js");
  let model = createModel({ width: 10, height: 6, positions: [[6, 2, 0]] });
  model = moveCursor(model, 9, 9);
  const small = resizeBoard(model, 4, 4);
  assert.deepEqual([small.width, small.height], [8, 4]);
  assert.deepEqual(small.cursor, { x: 6, y: 2 });
  const large = resizeBoard(model, 64, 40);
  assert.deepEqual([large.width, large.height, count(large)], [64, 40, 1]);
});

test("the editors' words come from the catalogue of the page's locale", async () => {
  const { TEXT, playChoices } = await import("../../src/tilematch/web/js/editor/texts.js");
  assert.equal(TEXT.tiles(1), "1 tile");
  assert.equal(TEXT.tiles(1200), "1,200 tiles");
  useLocale("ja");
  try {
    assert.equal(TEXT.title, "配置エディター");
    assert.equal(TEXT.layer(0), "1 段目");
    assert.equal(TEXT.problemsHeading(2), "問題が 2 件あります");
    assert.deepEqual(playChoices("grid"), [["shisensho", "classic", "四川省 クラシック"]]);
    useLocale("de");
    assert.equal(TEXT.tiles(1200), "1.200 Steine");
    assert.equal(TEXT.confirmDelete("Drache"), "„Drache“ löschen? Bereits gespielte Partien behalten ihr Spielfeld.");
    useLocale("fr");
    assert.equal(TEXT.ready(1), "Prête à jouer\u202f: 1 tuile.");
  } finally {
    useLocale("en");
  }
});
