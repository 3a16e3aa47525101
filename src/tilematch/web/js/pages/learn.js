// @ts-check
// "Why can't I select this tile?": example positions drawn and explained by the engine.

import { api } from "../api.js";
import { createBoard } from "../board/board.js";
import { esc } from "../dom.js";
import { t } from "../i18n.js";
import { listWords, marked } from "./words.js";

export default async function learn(main) {
  main.innerHTML = `<div class="learn-page"><h1>${esc(t("pages.learn.title"))}</h1>
    <p>${marked("pages.learn.free", {}, { free: `<strong>${esc(t("pages.learn.free_word"))}</strong>` })}</p>
    <p class="muted">${marked("pages.learn.examples", {}, { learn_mode: `<strong>${esc(t("pages.learn.learn_mode"))}</strong>`, key: "<kbd>L</kbd>" })}</p>
    <div class="learn-list"><p class="loading">${esc(t("pages.shared.loading"))}</p></div></div>`;
  const examples = await api.learn();
  const list = main.querySelector(".learn-list");
  list.innerHTML = "";
  const boards = [];
  for (const ex of examples) {
    const section = document.createElement("section");
    section.className = "card learn-example";
    section.dataset.example = ex.id;
    section.innerHTML = `<h2>${esc(ex.title)}</h2><div class="learn-board"></div>
      <p class="explanation"><strong>${esc(ex.focus != null ? ex.tiles.find((tile) => tile.spot === ex.focus)?.name || "" : "")}</strong>
      ${ex.focus != null ? "— " : ""}${esc(ex.explanation || "")}</p>
      ${ex.freed && ex.freed.length ? `<p class="muted">${esc(t("pages.learn.newly_free", { tiles: listWords(ex.freed.map((s) => String(ex.tiles.find((tile) => tile.spot === s)?.name || s))) }))}</p>` : ""}`;
    list.appendChild(section);
    const view = { id: `learn-${ex.id}`, game: ex.game, geometry: ex.geometry, tiles: ex.tiles, pairs: [], bounds: ex.bounds };
    const board = createBoard(/** @type {HTMLElement} */ (section.querySelector(".learn-board")), { onPick() {} });
    board.set(view, {
      selected: null,
      hinted: new Set(ex.pair || []),
      freed: new Set(ex.freed || []),
      blockers: new Set(),
      partners: new Set(),
      learn: true,
      zoom: "fit",
    });
    if (ex.focus != null) {
      requestAnimationFrame(() => {
        const el = section.querySelector(`.tile[data-spot="${ex.focus}"]`);
        if (el) el.classList.add("is-focus");
      });
    }
    if (ex.path) setTimeout(() => board.flashPath(ex.path, { hold: true }), 100);
    boards.push(board);
  }
  return () => boards.forEach((b) => b.destroy());
}
