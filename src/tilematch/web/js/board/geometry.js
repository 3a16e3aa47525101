// @ts-check
// Where each tile goes on screen: pure functions of the view's positions (no rules).
// Grid boards keep a half-cell margin so that Shisen-Sho lines can run around
// the outside; layered boards shift each layer up-left so covered tiles read
// as covered.

export const CELL_W = 60;
export const CELL_H = 80;
export const TILE_W = 56;
export const TILE_H = 76;
export const LAYER_DX = 10;
export const LAYER_DY = 12;
const MARGIN = 0.5; // in cells, around a grid board
const PAD = 14; // px around a layered board

/**
 * The frame of a board: size and a function from a tile to its box.
 * @param {any} view
 * @param {any} [previous] the frame drawn before, whose size a layered board keeps
 */
export function frameFor(view, previous = null) {
  if (view.geometry === "grid" || view.game === "shisensho") return gridFrame(view);
  return stackFrame(view, previous);
}

function gridFrame(view) {
  let rows = view.bounds && view.bounds.rows;
  let cols = view.bounds && view.bounds.cols;
  if (!rows || !cols) {
    rows = 0;
    cols = 0;
    for (const t of view.tiles) {
      rows = Math.max(rows, t.pos[0] + 1);
      cols = Math.max(cols, t.pos[1] + 1);
    }
  }
  const mx = MARGIN * CELL_W;
  const my = MARGIN * CELL_H;
  const axis = (value, count, margin, cell) => {
    if (value < 0) return margin / 2;
    if (value >= count) return margin + count * cell + margin / 2;
    return margin + value * cell + cell / 2;
  };
  return {
    kind: "grid",
    rows,
    cols,
    width: cols * CELL_W + 2 * mx + 6,
    height: rows * CELL_H + 2 * my + 8,
    box(tile) {
      const [r, c] = tile.pos;
      return { left: mx + c * CELL_W, top: my + r * CELL_H, z: r * 100 + c };
    },
    /** Pixel centre of a path point [row, col] (the outside ring included). */
    point([r, c]) {
      return [axis(c, cols, mx, CELL_W), axis(r, rows, my, CELL_H)];
    },
    key: `grid:${rows}x${cols}`,
  };
}

function stackFrame(view, previous) {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  let maxZ = 0;
  for (const t of view.tiles) {
    const [x, y, z] = t.pos;
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
    maxZ = Math.max(maxZ, z);
  }
  const b = view.bounds || {};
  if (b.width > 0 && b.height > 0) {
    // the whole layout, so the board stays still while tiles disappear
    minX = Math.min(minX, 0);
    minY = Math.min(minY, 0);
    maxX = Math.max(maxX, b.width - 2);
    maxY = Math.max(maxY, b.height - 2);
    maxZ = Math.max(maxZ, (b.depth || 1) - 1);
  }
  if (previous && previous.kind === "stack") {
    // keep the board still while tiles disappear
    minX = Math.min(minX, previous.minX);
    minY = Math.min(minY, previous.minY);
    maxX = Math.max(maxX, previous.maxX);
    maxY = Math.max(maxY, previous.maxY);
    maxZ = Math.max(maxZ, previous.maxZ);
  }
  if (!Number.isFinite(minX)) {
    minX = 0;
    minY = 0;
    maxX = 0;
    maxY = 0;
  }
  const hw = CELL_W / 2;
  const hh = CELL_H / 2;
  return {
    kind: "stack",
    minX,
    minY,
    maxX,
    maxY,
    maxZ,
    width: PAD * 2 + (maxX - minX + 2) * hw + maxZ * LAYER_DX + 8,
    height: PAD * 2 + (maxY - minY + 2) * hh + maxZ * LAYER_DY + 10,
    box(tile) {
      const [x, y, z] = tile.pos;
      return {
        left: PAD + (x - minX) * hw + (maxZ - z) * LAYER_DX,
        top: PAD + (y - minY) * hh + (maxZ - z) * LAYER_DY,
        z: z * 10000 + (y - minY) * 100 + (x - minX),
        shade: maxZ ? Math.min(0.24, (maxZ - z) * 0.06).toFixed(2) : "0",
      };
    },
    point() {
      return [0, 0];
    },
    key: `stack:${minX},${minY},${maxX},${maxY},${maxZ}`,
  };
}

/** Tiles hidden completely under a tile at the same x, y on a higher layer. */
export function hiddenSpots(view) {
  if (view.geometry === "grid" || view.game === "shisensho") return new Set();
  const top = new Map();
  for (const t of view.tiles) {
    const key = `${t.pos[0]},${t.pos[1]}`;
    const other = top.get(key);
    if (!other || other.pos[2] < t.pos[2]) top.set(key, t);
  }
  const hidden = new Set();
  for (const t of view.tiles) {
    if (top.get(`${t.pos[0]},${t.pos[1]}`) !== t) hidden.add(t.spot);
  }
  return hidden;
}
