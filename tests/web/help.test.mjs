// Partner highlighting is help: with it off, selecting a tile says nothing about its
// partners (web/js/game/state.js).
import "./locale.mjs";
import assert from "node:assert/strict";
import { test } from "node:test";

import { applyView, createState, pick, uiState } from "../../src/tilematch/web/js/game/state.js";

const tile = (spot) => ({ spot, code: "5s", name: `Tile ${spot}`, free: true, selectable: true });
const view = { id: "g", game: "shisensho", mode: "classic", status: "playing", tiles: [tile(0), tile(1), tile(2)], pairs: [[0, 1]] };

test("a selection with partners off names the tile only", () => {
  const state = createState({ learn: false, zoom: "auto" });
  applyView(state, view, 0);
  const said = pick(state, 0, { partners: false });
  assert.ok(said && "message" in said);
  assert.equal(said.message, "Tile 0 selected.");
  assert.equal(uiState(state, { partners: false }).partners.size, 0);
});

test("a selection with partners on counts them", () => {
  const state = createState({ learn: false, zoom: "auto" });
  applyView(state, view, 0);
  const said = pick(state, 0);
  assert.ok(said && "message" in said);
  assert.equal(said.message, "Tile 0 selected. 1 possible partner.");
  assert.deepEqual([...uiState(state, { partners: true }).partners], [1]);
});
