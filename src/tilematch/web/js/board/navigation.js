// @ts-check
// Keyboard moves over a board: pure functions of where the tiles are (no DOM, no rules).
//
// Tiles fall into rows: a Shisen-Sho tile's row is its grid row; a layered tile's
// row is half its y (a layout's rows are two half-steps high, so a tile set half a
// row lower, such as the Turtle's apex, joins the row it overlaps most). Left and
// Right go to the next tile of the row by its place on screen; Up and Down go to
// the nearest row above or below that still has tiles, to its tile closest to the
// same place across. Since every row can be walked end to end and every row can
// be reached from its neighbours, every tile can be reached from every tile.
// Nothing wraps around: at the end of a row Right stays put.

import { frameFor, hiddenSpots, TILE_H, TILE_W } from "./geometry.js";

/**
 * A tile as the keyboard sees it.
 * @typedef {object} NavPoint
 * @property {number} spot
 * @property {number} row the row it belongs to (see the top of this module)
 * @property {number} x its centre across the board, in board pixels
 * @property {number} y its centre down the board, in board pixels
 * @property {number} z its layer (0 on a grid)
 * @property {boolean} free whether it can be picked now (the view's `selectable`)
 */

/**
 * The moves a key can ask for.
 * @typedef {"left" | "right" | "up" | "down" | "row-start" | "row-end" | "first" | "last"
 *   | "layer-up" | "layer-down" | "next-free" | "previous-free"} Move
 */

/** @type {readonly Move[]} */
export const ARROW_MOVES = Object.freeze(["left", "right", "up", "down"]);

/**
 * The keyboard's view of one tile drawn in `box` (the frame's box for it).
 * @param {{spot: number, pos?: number[], selectable?: boolean}} tile
 * @param {{left: number, top: number}} box
 * @param {boolean} grid whether the board is a Shisen-Sho grid
 * @returns {NavPoint}
 */
export function navPoint(tile, box, grid) {
  const pos = tile.pos || [0, 0, 0];
  return {
    spot: tile.spot,
    row: grid ? pos[0] : Math.floor(pos[1] / 2),
    x: box.left + TILE_W / 2,
    y: box.top + TILE_H / 2,
    z: grid ? 0 : pos[2] || 0,
    free: tile.selectable !== false,
  };
}

/**
 * The points the keyboard moves over for a whole view: every tile but those hidden
 * right under another. Returns them in the view's order.
 * @param {any} view a view with `tiles` (see types.js)
 * @param {any} [frame] the frame the tiles are drawn in (`frameFor(view)` by default)
 * @returns {NavPoint[]}
 */
export function navPoints(view, frame = frameFor(view)) {
  const hidden = hiddenSpots(view);
  const grid = frame.kind === "grid";
  return view.tiles.filter((t) => !hidden.has(t.spot)).map((t) => navPoint(t, frame.box(t), grid));
}

/** @param {NavPoint} a @param {NavPoint} b */
function across(a, b) {
  return a.x - b.x || b.z - a.z || a.spot - b.spot;
}

/**
 * The rows of `points`, top to bottom, each left to right (a higher layer first
 * where two tiles share a place across). Returns an array of non-empty arrays.
 * @param {NavPoint[]} points
 * @returns {NavPoint[][]}
 */
export function rowsOf(points) {
  /** @type {Map<number, NavPoint[]>} */
  const rows = new Map();
  for (const p of points) {
    const row = rows.get(p.row);
    if (row) row.push(p);
    else rows.set(p.row, [p]);
  }
  return [...rows.keys()].sort((a, b) => a - b).map((key) => (rows.get(key) || []).sort(across));
}

/**
 * All points in reading order: row by row, each left to right.
 * @param {NavPoint[]} points
 * @returns {NavPoint[]}
 */
export function readingOrder(points) {
  return rowsOf(points).flat();
}

/** @param {NavPoint[]} row @param {number} x */
function closestAcross(row, x) {
  let best = row[0];
  for (const p of row) {
    const d = Math.abs(p.x - x);
    const bestD = Math.abs(best.x - x);
    if (d < bestD || (d === bestD && p.z > best.z)) best = p;
  }
  return best;
}

/** @param {NavPoint[]} points @param {NavPoint} origin @param {1 | -1} step */
function nextLayer(points, origin, step) {
  /** @type {number | null} */
  let layer = null;
  for (const p of points) {
    if ((p.z - origin.z) * step <= 0) continue;
    if (layer === null || (p.z - layer) * step < 0) layer = p.z;
  }
  if (layer === null) return null;
  /** @type {NavPoint | null} */
  let best = null;
  let bestD = Infinity;
  for (const p of points) {
    if (p.z !== layer) continue;
    const d = (p.x - origin.x) ** 2 + (p.y - origin.y) ** 2;
    if (d < bestD) {
      bestD = d;
      best = p;
    }
  }
  return best;
}

/** @param {NavPoint[]} order @param {number} index @param {1 | -1} step */
function nextFree(order, index, step) {
  const n = order.length;
  for (let i = 1; i <= n; i += 1) {
    const p = order[(((index + step * i) % n) + n) % n];
    if (p.free && i < n) return p;
  }
  return null;
}

/**
 * The keyboard's moves over `points`, with the rows worked out once:
 * `move(from, move)` is the spot the focus goes to, or null to stay put.
 *
 * From a spot that is not among `points` (none focused yet, or a tile just taken)
 * every move goes to the first tile in reading order (the first free one for
 * "next-free", the last free one for "previous-free"). "next-free" and
 * "previous-free" go round the board in reading order and come back to the start;
 * "layer-up"/"layer-down" go to the nearest tile on the next layer up/down that
 * has tiles.
 * @param {NavPoint[]} points
 * @returns {{move: (from: number | null, move: Move) => number | null}}
 */
export function createNavigator(points) {
  const rows = rowsOf(points);
  const order = rows.flat();
  /** @type {Map<number, {r: number, at: number, index: number}>} */
  const where = new Map();
  let index = 0;
  rows.forEach((row, r) =>
    row.forEach((p, at) => {
      where.set(p.spot, { r, at, index });
      index += 1;
    }),
  );

  /** @param {Move} move */
  function fromNowhere(move) {
    if (move === "next-free") return (order.find((p) => p.free) || order[0]).spot;
    if (move === "previous-free") return ([...order].reverse().find((p) => p.free) || order[0]).spot;
    return order[0].spot;
  }

  /**
   * @param {number | null} from
   * @param {Move} move
   * @returns {number | null}
   */
  function moveFrom(from, move) {
    if (!order.length) return null;
    const place = from == null ? undefined : where.get(from);
    if (!place) return fromNowhere(move);
    const row = rows[place.r];
    const origin = row[place.at];
    /** @type {NavPoint | null | undefined} */
    let target = null;
    if (move === "left") target = row[place.at - 1];
    else if (move === "right") target = row[place.at + 1];
    else if (move === "up") target = place.r > 0 ? closestAcross(rows[place.r - 1], origin.x) : null;
    else if (move === "down") target = place.r + 1 < rows.length ? closestAcross(rows[place.r + 1], origin.x) : null;
    else if (move === "row-start") target = row[0];
    else if (move === "row-end") target = row[row.length - 1];
    else if (move === "first") target = order[0];
    else if (move === "last") target = order[order.length - 1];
    else if (move === "layer-up") target = nextLayer(points, origin, 1);
    else if (move === "layer-down") target = nextLayer(points, origin, -1);
    else if (move === "next-free") target = nextFree(order, place.index, 1);
    else if (move === "previous-free") target = nextFree(order, place.index, -1);
    return target && target.spot !== from ? target.spot : null;
  }

  return { move: moveFrom };
}

/**
 * The spot the focus goes to from `from` for `move` over `points`, or null to stay
 * put (see `createNavigator`).
 * @param {NavPoint[]} points
 * @param {number | null} from
 * @param {Move} move
 * @returns {number | null}
 */
export function moveFocus(points, from, move) {
  return createNavigator(points).move(from, move);
}
