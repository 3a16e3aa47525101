// How the page writes sizes and counts for people (web/js/dom.js), without a page.
import assert from "node:assert/strict";
import { test } from "node:test";

import { boardTitle, counted } from "../../src/tilematch/web/js/dom.js";

test("a size key of the API reads columns × rows", () => {
  assert.equal(boardTitle("8x17"), "17 × 8");
  assert.equal(boardTitle("4x6"), "6 × 4");
  assert.equal(boardTitle("dragon-pearl"), "Dragon Pearl");
  assert.equal(boardTitle("diamond"), "Diamond");
});

test("one is singular, every other count plural", () => {
  assert.deepEqual([0, 1, 2].map((n) => counted(n, "hint")), ["0 hints", "1 hint", "2 hints"]);
  assert.equal(counted(1, "stone"), "1 stone");
});
