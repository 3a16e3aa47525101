// @ts-check
// What both editors share: the name, the server's check (debounced) with its problems
// listed, save, delete, share link, test-play and the list of my layouts.

import { api } from "../api.js";
import { announce, esc } from "../dom.js";
import { playChoices, TEXT } from "./texts.js";

/** Milliseconds of quiet before the page asks the server to check the board. */
export const CHECK_DELAY = 350;

/**
 * @typedef {object} Board
 * @property {"stack" | "grid"} kind
 * @property {() => any[]} cells the positions or rows, as the server reads them
 * @property {(problems: any[]) => void} showProblems redraw with problem markers
 * @property {(tile: number[]) => void} goTo move the cursor (and layer) to a tile
 */

/**
 * The panel's markup.
 * @param {"stack" | "grid"} kind @param {string} name
 */
export function panelMarkup(kind, name) {
  const plays = playChoices(kind)
    .map(([game, mode, label]) => `<option value="${game}/${mode}">${esc(label)}</option>`)
    .join("");
  return `<section class="ed-panel card" aria-label="${esc(TEXT.name)}">
    <label class="ed-name">${esc(TEXT.name)} <input name="layout-name" maxlength="40" value="${esc(name)}"></label>
    <p class="ed-count" aria-live="polite"></p>
    <div class="ed-check" aria-live="polite"><p class="ed-status"></p><ol class="ed-problems"></ol></div>
    <div class="ed-actions">
      <button type="button" class="primary" data-act="save">${esc(TEXT.save)}</button>
      <button type="button" data-act="delete" hidden>${esc(TEXT.delete)}</button>
    </div>
    <div class="ed-play"><label>${esc(TEXT.playAs)} <select name="play-as">${plays}</select></label>
      <button type="button" data-act="play">${esc(TEXT.testPlay)}</button></div>
    <div class="ed-share"><p class="muted ed-share-note">${esc(TEXT.shareFirst)}</p>
      <label hidden>${esc(TEXT.share)} <input name="share-link" readonly></label>
      <button type="button" data-act="copy" hidden>${esc(TEXT.copyLink)}</button></div>
    <p class="ed-message" role="status"></p>
  </section>
  <nav class="ed-mine card" aria-label="${esc(TEXT.myLayouts)}"><h2>${esc(TEXT.myLayouts)}</h2>
    <p><a href="/editor" data-link>${esc(TEXT.newLayout)}</a> · <a href="/editor/outline" data-link>${esc(TEXT.newOutline)}</a></p>
    <ul class="ed-list"><li class="muted">…</li></ul></nav>`;
}

/**
 * Wire the panel inside `root` to `board`; returns `changed()` (call after each edit)
 * and `destroy()`.
 * @param {HTMLElement} root
 * @param {Board} board
 * @param {{saved: any | null, count: () => string, navigate: import("../types.js").Navigate}} options
 */
export function mountPanel(root, board, { saved, count, navigate }) {
  const $ = (/** @type {string} */ sel) => /** @type {HTMLElement} */ (root.querySelector(sel));
  const nameInput = /** @type {HTMLInputElement} */ ($('input[name="layout-name"]'));
  let current = saved;
  let timer = 0;
  let asked = 0;
  let dirty = false;

  function message(text) {
    $(".ed-message").textContent = text;
    if (text) announce(text);
  }

  function showShare() {
    const linkInput = /** @type {HTMLInputElement} */ ($('input[name="share-link"]'));
    const on = Boolean(current);
    $(".ed-share-note").hidden = on;
    /** @type {HTMLElement} */ (linkInput.parentElement).hidden = !on;
    $('[data-act="copy"]').hidden = !on;
    $('[data-act="delete"]').hidden = !on;
    if (current) linkInput.value = `${location.origin}/layouts/shared/${current.share_code}`;
  }

  async function check() {
    const ask = ++asked;
    $(".ed-status").textContent = TEXT.checking;
    try {
      const report = await api.checkLayout({ kind: board.kind, [board.kind === "grid" ? "rows" : "positions"]: board.cells() });
      if (ask !== asked) return;
      $(".ed-status").textContent = report.ok ? TEXT.ready(report.tiles) : TEXT.problemsHeading(report.problems.length);
      $(".ed-problems").innerHTML = report.problems
        .map(
          (p, i) =>
            `<li data-code="${esc(p.code)}">${esc(p.message)}${p.tile ? ` <button type="button" class="link" data-go="${i}">${esc(TEXT.goTo)}</button>` : ""}</li>`,
        )
        .join("");
      for (const button of root.querySelectorAll("[data-go]")) {
        button.addEventListener("click", () => board.goTo(report.problems[Number(button.getAttribute("data-go"))].tile));
      }
      board.showProblems(report.problems);
    } catch (error) {
      if (ask === asked) $(".ed-status").textContent = /** @type {Error} */ (error).message;
    }
  }

  function changed() {
    $(".ed-count").textContent = count();
    dirty = true;
    clearTimeout(timer);
    timer = window.setTimeout(check, CHECK_DELAY);
  }

  async function save() {
    const name = nameInput.value;
    const field = board.kind === "grid" ? "rows" : "positions";
    try {
      const answer = current
        ? await api.changeLayout(current.id, { name, [field]: board.cells() })
        : await api.saveLayout({ kind: board.kind, name, [field]: board.cells() });
      const first = !current;
      current = answer;
      nameInput.value = answer.name;
      dirty = false;
      showShare();
      message(TEXT.saved);
      refreshList();
      if (first) history.replaceState(null, "", `/editor/${answer.id}`);
    } catch (error) {
      message(/** @type {Error} */ (error).message);
    }
  }

  async function remove() {
    if (!current || !window.confirm(TEXT.confirmDelete(current.name))) return;
    try {
      await api.deleteLayout(current.id);
      message(TEXT.deleted);
      navigate(board.kind === "grid" ? "/editor/outline" : "/editor");
    } catch (error) {
      message(/** @type {Error} */ (error).message);
    }
  }

  async function play() {
    const [game, mode] = /** @type {HTMLSelectElement} */ ($('select[name="play-as"]')).value.split("/");
    const field = board.kind === "grid" ? "rows" : "positions";
    try {
      const body = current && !dirty ? { game, mode, my_layout: current.id } : { game, mode, [field]: board.cells() };
      const view = await api.createGame(body);
      const shared = current && !dirty ? `&shared_layout=${current.share_code}` : "";
      navigate(`/play/${view.game}/${view.mode}?id=${encodeURIComponent(view.id)}${shared}`);
    } catch (error) {
      message(/** @type {Error} */ (error).message);
    }
  }

  async function copyLink() {
    const linkInput = /** @type {HTMLInputElement} */ ($('input[name="share-link"]'));
    try {
      await navigator.clipboard.writeText(linkInput.value);
      message(TEXT.copied);
    } catch {
      linkInput.select();
    }
  }

  async function refreshList() {
    try {
      const mine = await api.myLayouts();
      const list = $(".ed-list");
      list.innerHTML = mine.layouts.length
        ? mine.layouts
            .map(
              (l) =>
                `<li><a href="/editor/${esc(l.id)}" data-link${current && current.id === l.id ? ' aria-current="page"' : ""}>${esc(l.name)}</a> <span class="muted">${esc(TEXT.tiles(l.tiles))}</span></li>`,
            )
            .join("")
        : `<li class="muted">${esc(TEXT.none)}</li>`;
      $(".ed-mine h2").textContent = `${TEXT.myLayouts} (${TEXT.quota(mine.layouts.length, mine.quota)})`;
    } catch (error) {
      $(".ed-list").innerHTML = `<li>${esc(/** @type {Error} */ (error).message)}</li>`;
    }
  }

  /** @type {Record<string, () => void>} */
  const acts = { save, delete: remove, play, copy: copyLink };
  for (const button of root.querySelectorAll("[data-act]")) {
    const act = acts[button.getAttribute("data-act") || ""];
    if (act) button.addEventListener("click", act);
  }
  showShare();
  refreshList();
  changed();
  dirty = false;
  return {
    changed,
    /** @param {string} name */
    rename(name) {
      nameInput.value = name;
    },
    message,
    destroy() {
      clearTimeout(timer);
      asked++;
    },
  };
}
