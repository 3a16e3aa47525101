// @ts-check
// The layout editor's state as plain data, apart from the DOM: the tiles placed, the
// cursor, the layer, mirror symmetry, undo and redo. Geometry only: whether a layout
// can be played is the server's answer (POST /api/layouts/check), never decided here.
//
//   let model = createModel({ width: 36, height: 20 });
//   model = toggleAt(model, 4, 2);      // place a tile at half-tile (4, 2) on the layer
//   model = undo(model);
//   positions(model);                   // [[x, y, z], ...] for the server

/** @typedef {[number, number, number]} Position */

/**
 * @typedef {object} Model
 * @property {number} width the board's width in half-tile units (a tile is 2 wide)
 * @property {number} height the board's height in half-tile units (a tile is 2 high)
 * @property {number} depth how many layers the editor offers
 * @property {string[]} tiles the tiles, as "x,y,z" keys, sorted
 * @property {{x: number, y: number}} cursor the keyboard cursor (top-left half-cell of a tile)
 * @property {number} layer the layer being edited
 * @property {{leftRight: boolean, topBottom: boolean}} mirror which symmetries a change copies to
 * @property {string[][]} past earlier tile lists (undo)
 * @property {string[][]} future undone tile lists (redo)
 */

/** How many changes undo keeps. */
export const HISTORY = 200;

/** @param {number} x @param {number} y @param {number} z */
export const keyOf = (x, y, z) => `${x},${y},${z}`;

/** @param {string} key @returns {Position} */
export function parseKey(key) {
  const [x, y, z] = key.split(",").map(Number);
  return [x, y, z];
}

/** @param {string} a @param {string} b */
function byLayerRowColumn(a, b) {
  const [ax, ay, az] = parseKey(a);
  const [bx, by, bz] = parseKey(b);
  return az - bz || ay - by || ax - bx;
}

/** @param {Iterable<string>} keys */
const sorted = (keys) => [...new Set(keys)].sort(byLayerRowColumn);

/**
 * A new editor state.
 * @param {{width?: number, height?: number, depth?: number, positions?: number[][]}} [options]
 * @returns {Model}
 */
export function createModel({ width = 36, height = 20, depth = 10, positions = [] } = {}) {
  return {
    width,
    height,
    depth,
    tiles: sorted(positions.map(([x, y, z]) => keyOf(x, y, z))),
    cursor: { x: 0, y: 0 },
    layer: 0,
    mirror: { leftRight: false, topBottom: false },
    past: [],
    future: [],
  };
}

/** The tiles as [x, y, z] lists, by layer, row and column. @param {Model} model */
export const positions = (model) => model.tiles.map(parseKey);

/** How many tiles there are (on `layer` only, when given). @param {Model} model @param {number} [layer] */
export function count(model, layer) {
  if (layer === undefined) return model.tiles.length;
  return model.tiles.filter((key) => parseKey(key)[2] === layer).length;
}

/**
 * The tile on layer `z` that covers the half-cell (x, y), as a key, or null.
 * @param {Model} model @param {number} x @param {number} y @param {number} [z]
 */
export function tileAt(model, x, y, z = model.layer) {
  const set = new Set(model.tiles);
  for (const dx of [0, -1]) {
    for (const dy of [0, -1]) {
      const key = keyOf(x + dx, y + dy, z);
      if (set.has(key)) return key;
    }
  }
  return null;
}

/**
 * The positions a change at (x, y, z) also makes under the mirror symmetries on.
 * @param {Model} model @param {number} x @param {number} y @param {number} z
 * @returns {Position[]}
 */
export function mirrored(model, x, y, z) {
  const xs = model.mirror.leftRight ? [x, model.width - 2 - x] : [x];
  const ys = model.mirror.topBottom ? [y, model.height - 2 - y] : [y];
  /** @type {Map<string, Position>} */
  const found = new Map();
  for (const mx of xs) for (const my of ys) found.set(keyOf(mx, my, z), [mx, my, z]);
  return [...found.values()];
}

/**
 * A new state with `tiles`, the old tiles kept for undo (redo forgotten).
 * @param {Model} model @param {Iterable<string>} tiles @returns {Model}
 */
export function commit(model, tiles) {
  const next = sorted(tiles);
  if (next.length === model.tiles.length && next.every((key, i) => key === model.tiles[i])) return model;
  return { ...model, tiles: next, past: [...model.past, model.tiles].slice(-HISTORY), future: [] };
}

/**
 * Whether a tile at (x, y, z) would overlap one of `tiles` on its layer (closer than a
 * whole tile both across and down).
 * @param {Set<string>} tiles @param {number} x @param {number} y @param {number} z
 */
export function overlaps(tiles, x, y, z) {
  for (const dx of [-1, 0, 1]) for (const dy of [-1, 0, 1]) if (tiles.has(keyOf(x + dx, y + dy, z))) return true;
  return false;
}

/** @param {number} value @param {number} least @param {number} most */
const clamp = (value, least, most) => Math.max(least, Math.min(most, value));

/**
 * Remove the tile covering (x, y) on the layer, with its mirror images; or, on an empty
 * spot, place a tile there and at its mirror images (each only where it overlaps no tile).
 * A tile stands at (x, y) to (x + 2, y + 2) and stays inside the board.
 * @param {Model} model @param {number} x @param {number} y @returns {Model}
 */
export function toggleAt(model, x, y) {
  const z = model.layer;
  const px = clamp(x, 0, model.width - 2);
  const py = clamp(y, 0, model.height - 2);
  const hit = tileAt(model, x, y, z);
  const tiles = new Set(model.tiles);
  if (hit) {
    const [hx, hy] = parseKey(hit);
    for (const [mx, my, mz] of mirrored(model, hx, hy, z)) tiles.delete(keyOf(mx, my, mz));
  } else {
    for (const [mx, my, mz] of mirrored(model, px, py, z)) {
      if (!overlaps(tiles, mx, my, mz)) tiles.add(keyOf(mx, my, mz));
    }
  }
  return commit(model, tiles);
}

/** Toggle at the cursor. @param {Model} model */
export const toggleCursor = (model) => toggleAt(model, model.cursor.x, model.cursor.y);

/** Replace every tile (an import, a clear); undoable. @param {Model} model @param {number[][]} list */
export const replaceAll = (model, list) => commit(model, list.map(([x, y, z]) => keyOf(x, y, z)));

/** @param {Model} model @returns {Model} */
export function undo(model) {
  if (!model.past.length) return model;
  const tiles = model.past[model.past.length - 1];
  return { ...model, tiles, past: model.past.slice(0, -1), future: [model.tiles, ...model.future] };
}

/** @param {Model} model @returns {Model} */
export function redo(model) {
  if (!model.future.length) return model;
  const [tiles, ...rest] = model.future;
  return { ...model, tiles, past: [...model.past, model.tiles], future: rest };
}

/** Move the cursor by half-tile steps, kept on the board. @param {Model} model @param {number} dx @param {number} dy */
export function moveCursor(model, dx, dy) {
  const x = clamp(model.cursor.x + dx, 0, model.width - 2);
  const y = clamp(model.cursor.y + dy, 0, model.height - 2);
  return { ...model, cursor: { x, y } };
}

/** Put the cursor at (x, y). @param {Model} model @param {number} x @param {number} y */
export const placeCursor = (model, x, y) => moveCursor({ ...model, cursor: { x: 0, y: 0 } }, x, y);

/** Go `step` layers up (or down), kept within the editor's layers. @param {Model} model @param {number} step */
export const changeLayer = (model, step) => ({ ...model, layer: clamp(model.layer + step, 0, model.depth - 1) });

/** Turn a mirror symmetry on or off. @param {Model} model @param {"leftRight" | "topBottom"} which */
export const toggleMirror = (model, which) => ({ ...model, mirror: { ...model.mirror, [which]: !model.mirror[which] } });

/**
 * The board resized to `width` x `height` half-tiles, never smaller than the tiles on
 * it need (nor than one tile); the cursor stays on the board.
 * @param {Model} model @param {number} width @param {number} height @returns {Model}
 */
export function resizeBoard(model, width, height) {
  const list = positions(model);
  const w = Math.max(2, width, ...list.map(([x]) => x + 2));
  const h = Math.max(2, height, ...list.map(([, y]) => y + 2));
  const sized = { ...model, width: w, height: h };
  return moveCursor(sized, 0, 0);
}

/**
 * The board size that holds `list` with `margin` half-tiles to spare, at least the model's.
 * @param {Model} model @param {number[][]} list @param {number} [margin]
 */
export function fitted(model, list, margin = 0) {
  const width = Math.max(model.width, ...list.map(([x]) => x + 2 + margin));
  const height = Math.max(model.height, ...list.map(([, y]) => y + 2 + margin));
  return { ...model, width, height };
}
