// @ts-check
// Pictures of layouts and outlines as SVG markup: the editor's board, the read-only view.
// Half-tile units map to pixels; each layer up is drawn a little up and to the left.

import { esc } from "../dom.js";

/** Pixels of a half-tile step across and down, and the shift of one layer up. */
export const UNIT = { x: 20, y: 26, lift: 5 };
/** Pixels of one outline cell. */
export const CELL = 32;

/**
 * @typedef {{code: string, message: string, tile: number[] | null}} Problem
 * @typedef {{view?: string, cursor?: {x: number, y: number} | null, problems?: Problem[]}} DrawOptions
 */

/**
 * Where a pointer event falls in the picture's own units (its viewBox).
 * @param {SVGSVGElement} svg @param {PointerEvent} event
 */
export function pointIn(svg, event) {
  const box = svg.getBoundingClientRect();
  const viewBox = svg.viewBox.baseVal;
  return {
    x: ((event.clientX - box.left) / box.width) * viewBox.width,
    y: ((event.clientY - box.top) / box.height) * viewBox.height,
  };
}

/** The pixel origin of layer `z`'s half-cell (0, 0). @param {number} depth @param {number} z */
export const layerOrigin = (depth, z) => ({ x: (depth - z) * UNIT.lift + 4, y: (depth - z) * UNIT.lift + 4 });

/**
 * The SVG of a layered layout.
 * @param {import("./model.js").Model} model
 * @param {DrawOptions} [options]
 */
export function layoutSvg(model, { view = "all", cursor = null, problems = [] } = {}) {
  const depth = Math.max(1, ...model.tiles.map((k) => Number(k.split(",")[2]) + 1), model.layer + 1);
  const width = model.width * UNIT.x + depth * UNIT.lift + 12;
  const height = model.height * UNIT.y + depth * UNIT.lift + 12;
  const here = layerOrigin(depth, model.layer);
  const parts = [`<rect class="ed-bg" width="${width}" height="${height}"/>`];
  parts.push(`<g class="ed-grid" transform="translate(${here.x} ${here.y})">${gridLines(model)}</g>`);
  const marked = new Map(problems.filter((p) => p.tile).map((p) => [String(p.tile), p]));
  for (const key of model.tiles) {
    const [x, y, z] = key.split(",").map(Number);
    if (view === "layer" && z > model.layer) continue;
    const o = layerOrigin(depth, z);
    const cls = view === "layer" && z < model.layer ? "ed-tile below" : z === model.layer ? "ed-tile current" : "ed-tile";
    const problem = marked.get(key);
    parts.push(
      `<g class="${cls}${problem ? " has-problem" : ""}" data-tile="${key}" transform="translate(${o.x + x * UNIT.x} ${o.y + y * UNIT.y})">` +
        `<rect class="side" x="3" y="3" width="${2 * UNIT.x - 2}" height="${2 * UNIT.y - 2}" rx="4"/>` +
        `<rect class="face" width="${2 * UNIT.x - 2}" height="${2 * UNIT.y - 2}" rx="4"/>` +
        `<text class="z" x="${UNIT.x - 1}" y="${UNIT.y + 4}">${z + 1}</text>` +
        (problem ? `<title>${esc(problem.message)}</title>` : "") +
        `</g>`,
    );
  }
  for (const problem of problems) {
    if (!problem.tile || problem.tile.length !== 3) continue;
    const [x, y, z] = problem.tile;
    const o = layerOrigin(depth, z);
    parts.push(
      `<g class="ed-problem" data-problem="${esc(problem.code)}" transform="translate(${o.x + x * UNIT.x} ${o.y + y * UNIT.y})">` +
        `<rect width="${2 * UNIT.x - 2}" height="${2 * UNIT.y - 2}" rx="4"/><circle cx="${2 * UNIT.x - 4}" cy="3" r="7"/>` +
        `<text x="${2 * UNIT.x - 4}" y="7">!</text><title>${esc(problem.message)}</title></g>`,
    );
  }
  if (cursor) {
    parts.push(
      `<rect class="ed-cursor" x="${here.x + cursor.x * UNIT.x}" y="${here.y + cursor.y * UNIT.y}" width="${2 * UNIT.x - 2}" height="${2 * UNIT.y - 2}" rx="4"/>`,
    );
  }
  return { markup: parts.join(""), width, height, depth };
}

/** Dots at every half-tile step of the board. @param {import("./model.js").Model} model */
function gridLines(model) {
  const lines = [];
  for (let x = 0; x <= model.width; x += 2) lines.push(`<line x1="${x * UNIT.x}" y1="0" x2="${x * UNIT.x}" y2="${model.height * UNIT.y}"/>`);
  for (let y = 0; y <= model.height; y += 2) lines.push(`<line x1="0" y1="${y * UNIT.y}" x2="${model.width * UNIT.x}" y2="${y * UNIT.y}"/>`);
  return lines.join("");
}

/**
 * The SVG of a Shisen-Sho outline.
 * @param {import("./outline.js").Outline} outline
 * @param {{cursor?: {row: number, col: number} | null, problems?: Problem[]}} [options]
 */
export function outlineSvg(outline, { cursor = null, problems = [] } = {}) {
  const width = outline.cols * CELL + 8;
  const height = outline.rows * CELL + 8;
  const parts = [`<rect class="ed-bg" width="${width}" height="${height}"/>`];
  outline.cells.forEach((row, r) =>
    row.forEach((on, c) => {
      parts.push(`<rect class="ed-cell${on ? " on" : ""}" data-cell="${r},${c}" x="${4 + c * CELL}" y="${4 + r * CELL}" width="${CELL - 2}" height="${CELL - 2}" rx="3"/>`);
    }),
  );
  for (const problem of problems) {
    if (!problem.tile || problem.tile.length !== 2) continue;
    const [r, c] = problem.tile;
    parts.push(
      `<g class="ed-problem" data-problem="${esc(problem.code)}"><rect x="${4 + c * CELL}" y="${4 + r * CELL}" width="${CELL - 2}" height="${CELL - 2}" rx="3"/><title>${esc(problem.message)}</title></g>`,
    );
  }
  if (cursor) {
    parts.push(`<rect class="ed-cursor" x="${4 + cursor.col * CELL}" y="${4 + cursor.row * CELL}" width="${CELL - 2}" height="${CELL - 2}" rx="3"/>`);
  }
  return { markup: parts.join(""), width, height };
}
