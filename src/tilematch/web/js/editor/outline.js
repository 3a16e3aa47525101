// @ts-check
// The Shisen-Sho outline editor's state as plain data: a grid of cells painted or not,
// its size, mirror symmetry, undo and redo. Geometry only: whether the outline can be
// played (whole groups, size limits) is the server's answer.

/**
 * @typedef {object} Outline
 * @property {number} rows
 * @property {number} cols
 * @property {boolean[][]} cells cells[row][col] holds a tile
 * @property {{row: number, col: number}} cursor
 * @property {{leftRight: boolean, topBottom: boolean}} mirror
 * @property {boolean[][][]} past
 * @property {boolean[][][]} future
 */

/**
 * @param {number} rows @param {number} cols @param {string[]} [text] rows of "#" and "."
 * @returns {Outline}
 */
export function createOutline(rows, cols, text = []) {
  const cells = Array.from({ length: rows }, (_, r) => Array.from({ length: cols }, (_, c) => (text[r] || "")[c] === "#"));
  return { rows, cols, cells, cursor: { row: 0, col: 0 }, mirror: { leftRight: false, topBottom: false }, past: [], future: [] };
}

/** The outline from saved rows, sized to them. @param {string[]} text */
export const outlineFromRows = (text) => createOutline(text.length, Math.max(0, ...text.map((r) => r.length)), text);

/** The rows as the server reads them. @param {Outline} outline */
export const rowsOf = (outline) => outline.cells.map((row) => row.map((on) => (on ? "#" : ".")).join(""));

/** How many cells hold a tile. @param {Outline} outline */
export const cellCount = (outline) => outline.cells.reduce((sum, row) => sum + row.filter(Boolean).length, 0);

/** @param {Outline} outline @param {boolean[][]} cells @returns {Outline} */
function commit(outline, cells) {
  return { ...outline, cells, past: [...outline.past, outline.cells].slice(-200), future: [] };
}

/**
 * Paint (`on` true) or clear the cell at (row, col) and its mirror images; `on` defaults
 * to the opposite of the cell's state.
 * @param {Outline} outline @param {number} row @param {number} col @param {boolean} [on]
 */
export function paint(outline, row, col, on) {
  if (row < 0 || col < 0 || row >= outline.rows || col >= outline.cols) return outline;
  const value = on ?? !outline.cells[row][col];
  const rows = outline.mirror.topBottom ? [row, outline.rows - 1 - row] : [row];
  const cols = outline.mirror.leftRight ? [col, outline.cols - 1 - col] : [col];
  if (rows.every((r) => cols.every((c) => outline.cells[r][c] === value))) return outline;
  const cells = outline.cells.map((line) => [...line]);
  for (const r of rows) for (const c of cols) cells[r][c] = value;
  return commit(outline, cells);
}

/** Resize, keeping the cells that still fit (undoable). @param {Outline} outline @param {number} rows @param {number} cols */
export function resize(outline, rows, cols) {
  const cells = Array.from({ length: rows }, (_, r) => Array.from({ length: cols }, (_, c) => Boolean(outline.cells[r]?.[c])));
  const cursor = { row: Math.min(outline.cursor.row, rows - 1), col: Math.min(outline.cursor.col, cols - 1) };
  return { ...commit(outline, cells), rows, cols, cursor };
}

/** @param {Outline} outline */
export function undoOutline(outline) {
  if (!outline.past.length) return outline;
  const cells = outline.past[outline.past.length - 1];
  return { ...outline, cells, rows: cells.length, cols: cells[0]?.length ?? 0, past: outline.past.slice(0, -1), future: [outline.cells, ...outline.future] };
}

/** @param {Outline} outline */
export function redoOutline(outline) {
  if (!outline.future.length) return outline;
  const [cells, ...rest] = outline.future;
  return { ...outline, cells, rows: cells.length, cols: cells[0]?.length ?? 0, past: [...outline.past, outline.cells], future: rest };
}

/** Move the cursor, kept on the grid. @param {Outline} outline @param {number} dr @param {number} dc */
export function moveOutlineCursor(outline, dr, dc) {
  const row = Math.max(0, Math.min(outline.rows - 1, outline.cursor.row + dr));
  const col = Math.max(0, Math.min(outline.cols - 1, outline.cursor.col + dc));
  return { ...outline, cursor: { row, col } };
}

/** @param {Outline} outline @param {"leftRight" | "topBottom"} which */
export const toggleOutlineMirror = (outline, which) => ({ ...outline, mirror: { ...outline.mirror, [which]: !outline.mirror[which] } });
