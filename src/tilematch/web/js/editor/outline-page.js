// @ts-check
// The Shisen-Sho outline editor: paint the cells of a grid of a chosen size; the server
// says whether the tiles make whole groups and how many to add or remove.

import { esc } from "../dom.js";
import { CELL, outlineSvg, pointIn } from "./draw.js";
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
} from "./outline.js";
import { mountPanel, panelMarkup } from "./panel.js";
import { TEXT } from "./texts.js";

/** The size a new outline starts at: the classic 17 x 8 board. */
const START = { rows: 8, cols: 17 };
const ARROWS = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] };

/**
 * @param {HTMLElement} main
 * @param {{saved: any | null, navigate: import("../types.js").Navigate}} options
 */
export function mountOutlineEditor(main, { saved, navigate }) {
  let outline = saved ? outlineFromRows(saved.rows) : createOutline(START.rows, START.cols);
  /** @type {any[]} */
  let problems = [];
  main.innerHTML = `<div class="editor-page outline-editor">
    <header class="ed-head"><h1>${esc(TEXT.outlineTitle)}</h1><p class="muted">${esc(TEXT.outlineIntro)}</p>
      <p><a href="/editor" data-link>${esc(TEXT.layoutEditor)}</a></p></header>
    <div class="ed-tools" role="toolbar" aria-label="${esc(TEXT.outlineTitle)}">
      <label>${esc(TEXT.cols)} <input type="number" name="cols" min="2" max="30" value="${outline.cols}"></label>
      <label>${esc(TEXT.rows)} <input type="number" name="rows" min="2" max="20" value="${outline.rows}"></label>
      <button type="button" data-tool="resize">${esc(TEXT.resize)}</button>
      <button type="button" data-tool="leftRight" aria-pressed="false">${esc(TEXT.mirrorLeftRight)}</button>
      <button type="button" data-tool="topBottom" aria-pressed="false">${esc(TEXT.mirrorTopBottom)}</button>
      <button type="button" data-tool="undo">${esc(TEXT.undo)}</button>
      <button type="button" data-tool="redo">${esc(TEXT.redo)}</button>
    </div>
    <div class="ed-body">
      <div class="ed-board-wrap"><svg class="ed-board" tabindex="0" role="application" aria-label="${esc(TEXT.outlineLabel)}"></svg>
        <p class="sr-only ed-cursor-text" aria-live="polite"></p></div>
      <div class="ed-side">${panelMarkup("grid", saved ? saved.name : TEXT.defaultOutline)}</div>
    </div></div>`;
  const svg = /** @type {SVGSVGElement} */ (/** @type {unknown} */ (main.querySelector(".ed-board")));

  function draw() {
    const picture = outlineSvg(outline, { cursor: outline.cursor, problems });
    svg.setAttribute("viewBox", `0 0 ${picture.width} ${picture.height}`);
    svg.setAttribute("width", String(picture.width));
    svg.setAttribute("height", String(picture.height));
    svg.innerHTML = picture.markup;
    main.querySelector('[data-tool="leftRight"]')?.setAttribute("aria-pressed", String(outline.mirror.leftRight));
    main.querySelector('[data-tool="topBottom"]')?.setAttribute("aria-pressed", String(outline.mirror.topBottom));
  }

  const panel = mountPanel(
    main,
    {
      kind: "grid",
      cells: () => rowsOf(outline),
      showProblems(found) {
        problems = found;
        draw();
      },
      goTo([row, col]) {
        outline = moveOutlineCursor({ ...outline, cursor: { row: 0, col: 0 } }, row, col);
        draw();
        svg.focus();
      },
    },
    { saved, navigate, count: () => TEXT.tiles(cellCount(outline)) },
  );

  /** @param {import("./outline.js").Outline} next */
  function update(next) {
    const edited = next.cells !== outline.cells;
    outline = next;
    draw();
    if (edited) panel.changed();
  }

  /** @type {boolean | null} what a drag paints: the opposite of the first cell's state */
  let painting = null;
  /** @param {PointerEvent} event */
  function cellOf(event) {
    const point = pointIn(svg, event);
    return { row: Math.floor((point.y - 4) / CELL), col: Math.floor((point.x - 4) / CELL) };
  }
  svg.addEventListener("pointerdown", (event) => {
    const { row, col } = cellOf(event);
    if (row < 0 || col < 0 || row >= outline.rows || col >= outline.cols) return;
    event.preventDefault();
    svg.focus({ preventScroll: true });
    painting = !outline.cells[row][col];
    update({ ...paint(outline, row, col, painting), cursor: { row, col } });
  });
  svg.addEventListener("pointermove", (event) => {
    if (painting === null || !event.buttons) return;
    const { row, col } = cellOf(event);
    update(paint(outline, row, col, painting));
  });
  const stop = () => {
    painting = null;
  };
  window.addEventListener("pointerup", stop);

  svg.addEventListener("keydown", (event) => {
    const arrow = ARROWS[/** @type {keyof typeof ARROWS} */ (event.key)];
    if (arrow) {
      update(moveOutlineCursor(outline, arrow[0], arrow[1]));
      /** @type {HTMLElement} */ (main.querySelector(".ed-cursor-text")).textContent = TEXT.cellAt(outline.cursor.row, outline.cursor.col);
    } else if (event.key === " " || event.key === "Enter") {
      update(paint(outline, outline.cursor.row, outline.cursor.col));
    } else return;
    event.preventDefault();
  });

  const number = (/** @type {string} */ name) => Number(/** @type {HTMLInputElement} */ (main.querySelector(`input[name="${name}"]`)).value);
  /** @type {Record<string, () => void>} */
  const tools = {
    resize: () => {
      const rows = Math.max(1, Math.min(64, number("rows") || 1));
      const cols = Math.max(1, Math.min(64, number("cols") || 1));
      update(resize(outline, rows, cols));
    },
    leftRight: () => update(toggleOutlineMirror(outline, "leftRight")),
    topBottom: () => update(toggleOutlineMirror(outline, "topBottom")),
    undo: () => update(undoOutline(outline)),
    redo: () => update(redoOutline(outline)),
  };
  for (const button of main.querySelectorAll("[data-tool]")) {
    const tool = tools[button.getAttribute("data-tool") || ""];
    if (tool) button.addEventListener("click", tool);
  }
  draw();
  return () => {
    window.removeEventListener("pointerup", stop);
    panel.destroy();
  };
}
