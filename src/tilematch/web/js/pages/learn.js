// @ts-check
// "Why can't I select this tile?": example positions drawn and explained by the engine.

import { api } from "../api.js";
import { createBoard } from "../board/board.js";
import { esc } from "../dom.js";

export default async function learn(main) {
  main.innerHTML = `<div class="learn-page"><h1>Why can't I select this tile?</h1>
    <p>In Mahjong Solitaire and Black &amp; White Mahjong a tile is <strong>free</strong> when nothing lies on top of it
    and its left or its right side is open. Check the cover first, then both sides. Shisen-Sho is different: any tile can be
    chosen, and a pair is taken when a line with at most two bends joins the two through empty space.</p>
    <p class="muted">Each example below is a real position; the highlighted tile and the sentence under it come from the game's
    rules engine. Turn on <strong>Learn Mode</strong> (<kbd>L</kbd>) while playing to get the same explanation for any tile you pick.</p>
    <div class="learn-list"><p class="loading">Loading…</p></div></div>`;
  const examples = await api.learn();
  const list = main.querySelector(".learn-list");
  list.innerHTML = "";
  const boards = [];
  for (const ex of examples) {
    const section = document.createElement("section");
    section.className = "card learn-example";
    section.dataset.example = ex.id;
    section.innerHTML = `<h2>${esc(ex.title)}</h2><div class="learn-board"></div>
      <p class="explanation"><strong>${esc(ex.focus != null ? ex.tiles.find((t) => t.spot === ex.focus)?.name || "" : "")}</strong>
      ${ex.focus != null ? "— " : ""}${esc(ex.explanation || "")}</p>
      ${ex.freed && ex.freed.length ? `<p class="muted">After that pair is taken, newly free: ${esc(ex.freed.map((s) => ex.tiles.find((t) => t.spot === s)?.name || s).join(", "))}.</p>` : ""}`;
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
