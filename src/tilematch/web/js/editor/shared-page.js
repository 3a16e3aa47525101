// @ts-check
// A shared layout, read-only: its picture, name, owner and tile count, with buttons to
// play it and to copy it into my layouts (then it opens in the editor).

import { api } from "../api.js";
import { esc } from "../dom.js";
import { layoutSvg, outlineSvg } from "./draw.js";
import { createModel, fitted } from "./model.js";
import { outlineFromRows } from "./outline.js";
import { playChoices, TEXT } from "./texts.js";

/**
 * @param {HTMLElement} main
 * @param {string} code
 * @param {import("../types.js").Navigate} navigate
 */
export async function showShared(main, code, navigate) {
  const layout = await api.sharedLayout(code);
  const picture =
    layout.kind === "grid"
      ? outlineSvg(outlineFromRows(layout.rows))
      : layoutSvg(fitted(createModel({ width: 4, height: 4, positions: layout.positions }), layout.positions), { view: "all" });
  const plays = playChoices(/** @type {"stack" | "grid"} */ (layout.kind))
    .map(([game, mode, label]) => `<button type="button" data-play="${game}/${mode}">${esc(label)}</button>`)
    .join("");
  main.innerHTML = `<div class="editor-page shared-layout">
    <header class="ed-head"><h1>${esc(layout.name)}</h1>
      <p class="muted">${esc(TEXT.sharedBy(layout.owner))} · ${esc(TEXT.tiles(layout.tiles))}</p>
      <p class="muted">${esc(TEXT.readOnly)}</p></header>
    <div class="ed-board-wrap"><svg class="ed-board readonly" role="img" aria-label="${esc(layout.name)}"
      viewBox="0 0 ${picture.width} ${picture.height}" width="${picture.width}" height="${picture.height}">${picture.markup}</svg></div>
    <p class="ed-actions">${
      layout.mine ? `<a class="button" href="/editor/${esc(layout.id)}" data-link>${esc(TEXT.editMine)}</a>` : ""
    }<button type="button" class="primary" data-act="copy">${esc(TEXT.copyToMine)}</button> ${plays}</p>
    <p class="ed-message" role="status"></p></div>`;
  const message = (/** @type {string} */ text) => {
    /** @type {HTMLElement} */ (main.querySelector(".ed-message")).textContent = text;
  };
  main.querySelector('[data-act="copy"]')?.addEventListener("click", async () => {
    try {
      const copy = await api.copyShared(code);
      navigate(`/editor/${encodeURIComponent(copy.id)}`);
    } catch (error) {
      message(/** @type {Error} */ (error).message);
    }
  });
  for (const button of main.querySelectorAll("[data-play]")) {
    button.addEventListener("click", async () => {
      const [game, mode] = (button.getAttribute("data-play") || "").split("/");
      try {
        const view = await api.createGame({ game, mode, shared_layout: code });
        navigate(`/play/${view.game}/${view.mode}?id=${encodeURIComponent(view.id)}&shared_layout=${encodeURIComponent(code)}`);
      } catch (error) {
        message(/** @type {Error} */ (error).message);
      }
    });
  }
  return undefined;
}
