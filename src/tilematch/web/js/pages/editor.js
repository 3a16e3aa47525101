// @ts-check
// The layout editor: /editor (a new layout), /editor/<id> (one of mine; an outline opens
// the outline editor), /editor/outline (a new Shisen-Sho outline) and
// /layouts/shared/<code> (read-only, with a Copy button). The page edits geometry and
// draws the server's check; every rule is the server's.

import { api } from "../api.js";
import { announce, esc } from "../dom.js";
import {
  changeLayer,
  count,
  createModel,
  fitted,
  moveCursor,
  placeCursor,
  positions,
  redo,
  replaceAll,
  resizeBoard,
  toggleAt,
  toggleCursor,
  toggleMirror,
  undo,
} from "../editor/model.js";
import { layoutSvg, layerOrigin, pointIn, UNIT } from "../editor/draw.js";
import { exportFile, importFile } from "../editor/files.js";
import { mountOutlineEditor } from "../editor/outline-page.js";
import { mountPanel, panelMarkup } from "../editor/panel.js";
import { FORMATS, TEXT } from "../editor/texts.js";
import { showShared } from "../editor/shared-page.js";

/** The most tiles across and down the editor offers (the server's bounds: x ≤ 62, y ≤ 38). */
const MOST = { across: 32, down: 20 };

/** Keys that move the cursor, as half-tile steps (Shift: a whole tile). */
const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/** @param {HTMLElement} main @param {import("../types.js").PageContext} context */
export default async function editor(main, { params, navigate }) {
  const [which] = params;
  if (which === "outline") return mountOutlineEditor(main, { saved: null, navigate });
  const saved = which ? await api.myLayout(which) : null;
  if (saved && saved.kind === "grid") return mountOutlineEditor(main, { saved, navigate });
  return mountLayoutEditor(main, saved, navigate);
}

/** @param {HTMLElement} main @param {import("../types.js").PageContext} context */
export async function shared(main, { params, navigate }) {
  return showShared(main, params[0], navigate);
}

/**
 * @param {HTMLElement} main
 * @param {any | null} saved
 * @param {import("../types.js").Navigate} navigate
 */
function mountLayoutEditor(main, saved, navigate) {
  let model = createModel({ width: 36, height: 24 });
  if (saved) model = { ...fitted(model, saved.positions, 2), tiles: createModel({ positions: saved.positions }).tiles };
  let view = "layer";
  /** @type {any[]} */
  let problems = [];
  const formats = FORMATS.map(([value, label]) => `<option value="${value}">${esc(label)}</option>`).join("");
  main.innerHTML = `<div class="editor-page">
    <header class="ed-head"><h1>${esc(TEXT.title)}</h1><p class="muted">${esc(TEXT.intro)}</p>
      <p><a href="/editor/outline" data-link>${esc(TEXT.outlineEditor)}</a></p></header>
    <div class="ed-tools" role="toolbar" aria-label="${esc(TEXT.title)}">
      <button type="button" data-tool="down">${esc(TEXT.down)}</button>
      <span class="ed-layer" aria-live="polite"></span>
      <button type="button" data-tool="up">${esc(TEXT.up)}</button>
      <button type="button" data-tool="view-layer" aria-pressed="true">${esc(TEXT.viewLayer)}</button>
      <button type="button" data-tool="view-all" aria-pressed="false">${esc(TEXT.viewAll)}</button>
      <button type="button" data-tool="leftRight" aria-pressed="false">${esc(TEXT.mirrorLeftRight)}</button>
      <button type="button" data-tool="topBottom" aria-pressed="false">${esc(TEXT.mirrorTopBottom)}</button>
      <button type="button" data-tool="undo">${esc(TEXT.undo)} <kbd>Ctrl+Z</kbd></button>
      <button type="button" data-tool="redo">${esc(TEXT.redo)} <kbd>Ctrl+Y</kbd></button>
      <button type="button" data-tool="clear">${esc(TEXT.clear)}</button>
      <label>${esc(TEXT.across)} <input type="number" name="across" min="1" max="${MOST.across}" value="${model.width / 2}"></label>
      <label>${esc(TEXT.tallness)} <input type="number" name="down" min="1" max="${MOST.down}" value="${model.height / 2}"></label>
      <button type="button" data-tool="resize">${esc(TEXT.resize)}</button>
    </div>
    <div class="ed-body">
      <div class="ed-board-wrap"><svg class="ed-board" tabindex="0" role="application" aria-label="${esc(TEXT.boardLabel)}"></svg>
        <p class="sr-only ed-cursor-text" aria-live="polite"></p></div>
      <div class="ed-side">${panelMarkup("stack", saved ? saved.name : TEXT.defaultName)}
        <section class="ed-files card"><label class="ed-drop">${esc(TEXT.importFile)} <input type="file" name="import"><span class="muted">${esc(TEXT.dropHere)}</span></label>
          <p><label>${esc(TEXT.exportAs)} <select name="export-format">${formats}</select></label>
          <button type="button" data-tool="export">${esc(TEXT.exportButton)}</button></p>
          <ul class="ed-warnings muted"></ul></section>
      </div>
    </div></div>`;
  const svg = /** @type {SVGSVGElement} */ (/** @type {unknown} */ (main.querySelector(".ed-board")));

  function draw() {
    const picture = layoutSvg(model, { view, cursor: model.cursor, problems });
    svg.setAttribute("viewBox", `0 0 ${picture.width} ${picture.height}`);
    svg.setAttribute("width", String(picture.width));
    svg.setAttribute("height", String(picture.height));
    svg.innerHTML = picture.markup;
    /** @type {HTMLElement} */ (main.querySelector(".ed-layer")).textContent = TEXT.layer(model.layer);
    for (const [tool, on] of [
      ["view-layer", view === "layer"],
      ["view-all", view === "all"],
      ["leftRight", model.mirror.leftRight],
      ["topBottom", model.mirror.topBottom],
    ]) {
      main.querySelector(`[data-tool="${tool}"]`)?.setAttribute("aria-pressed", String(on));
    }
    /** @type {HTMLButtonElement} */ (main.querySelector('[data-tool="undo"]')).disabled = !model.past.length;
    /** @type {HTMLButtonElement} */ (main.querySelector('[data-tool="redo"]')).disabled = !model.future.length;
  }

  function layerCounts() {
    const depth = Math.max(0, ...positions(model).map((p) => p[2] + 1));
    return Array.from({ length: depth }, (_, z) => count(model, z));
  }

  const panel = mountPanel(
    main,
    {
      kind: "stack",
      cells: () => positions(model),
      showProblems(found) {
        problems = found;
        draw();
      },
      goTo(tile) {
        model = placeCursor({ ...model, layer: Math.min(tile[2], model.depth - 1) }, tile[0], tile[1]);
        draw();
        svg.focus();
      },
    },
    {
      saved,
      navigate,
      count: () => `${TEXT.tiles(count(model))}${count(model) ? ` (${TEXT.perLayer(layerCounts())})` : ""}`,
    },
  );

  /** @param {import("../editor/model.js").Model} next */
  function update(next) {
    const edited = next.tiles !== model.tiles;
    model = next;
    draw();
    if (edited) panel.changed();
  }

  /** The half-cell under a pointer event, on the layer being edited. @param {PointerEvent} event */
  function cellOf(event) {
    const { x: px, y: py } = pointIn(svg, event);
    const depth = Math.max(1, ...positions(model).map((p) => p[2] + 1), model.layer + 1);
    const o = layerOrigin(depth, model.layer);
    return { x: Math.floor((px - o.x) / UNIT.x), y: Math.floor((py - o.y) / UNIT.y) };
  }

  svg.addEventListener("pointerdown", (event) => {
    const { x, y } = cellOf(event);
    if (x < 0 || y < 0 || x >= model.width || y >= model.height) return;
    event.preventDefault();
    svg.focus({ preventScroll: true });
    update(placeCursor(toggleAt(model, x, y), x, y));
  });

  svg.addEventListener("keydown", (event) => {
    const arrow = ARROWS[/** @type {keyof typeof ARROWS} */ (event.key)];
    if (arrow) {
      const step = event.shiftKey ? 2 : 1;
      update(moveCursor(model, arrow[0] * step, arrow[1] * step));
      /** @type {HTMLElement} */ (main.querySelector(".ed-cursor-text")).textContent = TEXT.cursorAt(model.cursor.x, model.cursor.y, model.layer);
    } else if (event.key === " " || event.key === "Enter") {
      update(toggleCursor(model));
      announce(TEXT.placed(count(model)));
    } else if (event.key === "PageUp" || event.key === "PageDown") {
      update(changeLayer(model, event.key === "PageUp" ? 1 : -1));
      announce(TEXT.layer(model.layer));
    } else return;
    event.preventDefault();
  });

  function onUndoKeys(/** @type {KeyboardEvent} */ event) {
    const target = /** @type {HTMLElement} */ (event.target);
    if (!(event.ctrlKey || event.metaKey) || target.closest("input, textarea, select")) return;
    const key = event.key.toLowerCase();
    if (key === "z" && !event.shiftKey) update(undo(model));
    else if (key === "y" || (key === "z" && event.shiftKey)) update(redo(model));
    else return;
    event.preventDefault();
  }
  document.addEventListener("keydown", onUndoKeys);

  /** @type {Record<string, () => void>} */
  const tools = {
    down: () => update(changeLayer(model, -1)),
    up: () => update(changeLayer(model, 1)),
    "view-layer": () => {
      view = "layer";
      draw();
    },
    "view-all": () => {
      view = "all";
      draw();
    },
    leftRight: () => update(toggleMirror(model, "leftRight")),
    topBottom: () => update(toggleMirror(model, "topBottom")),
    undo: () => update(undo(model)),
    redo: () => update(redo(model)),
    clear: () => update(replaceAll(model, [])),
    resize: () => {
      const value = (/** @type {string} */ name, /** @type {number} */ most) =>
        2 * Math.max(1, Math.min(most, Math.round(Number(/** @type {HTMLInputElement} */ (main.querySelector(`input[name="${name}"]`)).value) || 1)));
      update(resizeBoard(model, value("across", MOST.across), value("down", MOST.down)));
      /** @type {HTMLInputElement} */ (main.querySelector('input[name="across"]')).value = String(Math.ceil(model.width / 2));
      /** @type {HTMLInputElement} */ (main.querySelector('input[name="down"]')).value = String(Math.ceil(model.height / 2));
    },
    export: async () => {
      const format = /** @type {HTMLSelectElement} */ (main.querySelector('select[name="export-format"]')).value;
      const name = /** @type {HTMLInputElement} */ (main.querySelector('input[name="layout-name"]')).value;
      try {
        panel.message(await exportFile(format, name, positions(model)));
      } catch (error) {
        panel.message(/** @type {Error} */ (error).message);
      }
    },
  };
  for (const button of main.querySelectorAll("[data-tool]")) {
    const tool = tools[button.getAttribute("data-tool") || ""];
    if (tool) button.addEventListener("click", tool);
  }

  /** @param {File | undefined | null} file */
  async function load(file) {
    if (!file) return;
    try {
      const read = await importFile(file);
      model = fitted(model, read.positions, 2);
      update(placeCursor(replaceAll(model, read.positions), 0, 0));
      panel.rename(read.title || read.name);
      /** @type {HTMLElement} */ (main.querySelector(".ed-warnings")).innerHTML = (read.warnings || []).map((w) => `<li>${esc(w)}</li>`).join("");
      panel.message(TEXT.imported(read.title || read.name, read.positions.length));
    } catch (error) {
      panel.message(/** @type {Error} */ (error).message);
    }
  }
  const fileInput = /** @type {HTMLInputElement} */ (main.querySelector('input[name="import"]'));
  fileInput.addEventListener("change", () => load(fileInput.files?.[0]));
  const page = /** @type {HTMLElement} */ (main.querySelector(".editor-page"));
  page.addEventListener("dragover", (event) => {
    event.preventDefault();
    page.classList.add("dropping");
  });
  page.addEventListener("dragleave", () => page.classList.remove("dropping"));
  page.addEventListener("drop", (event) => {
    event.preventDefault();
    page.classList.remove("dropping");
    load(event.dataTransfer?.files?.[0]);
  });

  draw();
  return () => {
    document.removeEventListener("keydown", onUndoKeys);
    panel.destroy();
  };
}
