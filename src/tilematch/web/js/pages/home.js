// @ts-check
// Start page: pick a game and mode, continue an unfinished game, today's challenge.

import { api } from "../api.js";
import { boardTitle, esc, GAME_NAMES, MODE_NAMES, layoutTitle, localDate } from "../dom.js";
import { tilePicture } from "../board/tiles.js";
import { t } from "../i18n.js";
import { attachPicker } from "./picker.js";
import { offerLanguage } from "../language.js";
import { dayWords, listWords, marked, momentWords } from "./words.js";

/** The rectangular boards (rows x columns) and the message that describes each. */
export const GRID_SIZES = [
  ["8x17", "pages.home.size.standard"],
  ["8x12", "pages.home.size.plain"],
  ["6x14", "pages.home.size.plain"],
  ["8x18", "pages.home.size.flowers"],
  ["12x24", "pages.home.size.plain"],
  ["4x6", "pages.home.size.practice"],
];
/** The Countdown difficulties, in order. */
export const DIFFICULTIES = ["relaxed", "standard", "zen_master"];

/**
 * A rectangle's words in the page's language ("17 × 8 — standard, 136 tiles").
 * @param {string} value rows x columns
 * @param {string} id the message of its description
 */
export function sizeWords(value, id) {
  const [rows, cols] = value.split("x").map(Number);
  return t(id, { size: boardTitle(value), count: rows * cols });
}

/** A layout's title: the server's (in the player's language) or one made from its name. */
const titleOf = (l) => l.title || layoutTitle(l.name);

function layoutOptions(layouts, preferred) {
  const families = new Map();
  for (const l of layouts) {
    const family = l.family || t("pages.home.layouts");
    if (!families.has(family)) families.set(family, []);
    families.get(family).push(l);
  }
  return [...families]
    .map(
      ([family, list]) =>
        `<optgroup label="${esc(family)}">${list
          .map(
            (l) =>
              `<option value="${esc(l.name)}"${l.name === preferred ? " selected" : ""}>${esc(titleOf(l))} · ${esc(
                t("common.count.tiles", { count: l.tiles }),
              )}</option>`,
          )
          .join("")}</optgroup>`,
    )
    .join("");
}

/** Rows of an outline ("#" a tile, "." no cell) for a full rectangle. */
function rectangle(rows, cols) {
  return Array.from({ length: rows }, () => "#".repeat(cols));
}

/** A small picture of a board outline: one square a cell that holds a tile. */
export function outlinePicture(rows) {
  const cols = Math.max(...rows.map((r) => r.length));
  const cells = [];
  rows.forEach((row, r) => {
    for (let c = 0; c < row.length; c += 1) {
      if (row[c] === "#") cells.push(`<rect x="${c}" y="${r}" width="0.84" height="0.84" rx="0.12"/>`);
    }
  });
  return `<svg viewBox="-0.5 -0.5 ${cols + 0.84} ${rows.length + 0.84}" width="${Math.round(5 * (cols + 1))}" height="${Math.round(5 * (rows.length + 1))}">${cells.join("")}</svg>`;
}

function sizeOptions(shapes) {
  const sizes = GRID_SIZES.map(([v, id]) => `<option value="${v}">${esc(sizeWords(v, id))}</option>`).join("");
  if (!shapes.length) return sizes;
  const outlines = shapes
    .map((s) => `<option value="shape:${esc(s.name)}">${esc(s.title)} · ${esc(t("common.count.tiles", { count: s.tiles }))}</option>`)
    .join("");
  return `<optgroup label="${esc(t("pages.home.rectangles"))}">${sizes}</optgroup><optgroup label="${esc(t("pages.home.shapes"))}">${outlines}</optgroup>`;
}

/** The start page's first button: one tap to a game (the Turtle, the classic layout). */
export const PLAY_NOW = {
  href: "/play/solitaire/regular?layout=turtle",
  get label() {
    return t("pages.home.play");
  },
  get what() {
    return t("pages.home.play_what", { game: GAME_NAMES.solitaire, layout: layoutTitle("turtle") });
  },
  get choose() {
    return t("pages.home.choose_game");
  },
};

export default async function home(main, { navigate }) {
  api
    .me()
    .then((me) => offerLanguage(main.querySelector(".home") || main, me.locale))
    .catch(() => null);
  const strong = (/** @type {string} */ game) => `<strong>${esc(GAME_NAMES[game])}</strong>`;
  const games = listWords(
    // i18n-ids: pages.home.about.shisensho pages.home.about.solitaire pages.home.about.blackwhite
    ["shisensho", "solitaire", "blackwhite"].map((g) => marked(`pages.home.about.${g}`, {}, { game: strong(g) })),
  );
  const turtle = `${esc(layoutTitle("turtle"))} · ${esc(t("common.count.tiles", { count: 144 }))}`;
  main.innerHTML = `
    <div class="home">
      <section class="hero card">
        <div class="hero-tiles" aria-hidden="true">${["1m", "5p", "1s", "7z", "b6z", "w6z"].map((c) => tilePicture(c)).join("")}</div>
        <div>
          <h1>${esc(t("pages.home.title"))}</h1>
          <p class="play-now"><a class="button primary play-button" href="${PLAY_NOW.href}" data-link>${esc(PLAY_NOW.label)} <small>${esc(PLAY_NOW.what)}</small></a>
             <button type="button" class="choose-game">${esc(PLAY_NOW.choose)}</button></p>
          <p class="home-intro">${marked("pages.home.intro", {}, { games })}</p>
          <p><a class="button primary" href="/daily" data-link>${esc(t("pages.home.today", { date: dayWords(localDate()) }))}</a>
             <a class="button" href="/learn" data-link>${esc(t("pages.home.learn"))}</a></p>
        </div>
      </section>
      <section class="continue card" aria-labelledby="continue-h" hidden>
        <h2 id="continue-h">${esc(t("pages.home.continue"))}</h2>
        <ul class="continue-list"></ul>
      </section>
      <section class="modes" id="new-game" aria-label="${esc(t("pages.home.new_game"))}" tabindex="-1">
        <form class="card mode-card" data-game="shisensho">
          <h2>${esc(GAME_NAMES.shisensho)}</h2>
          <p class="muted">${esc(t("pages.home.shisensho.rules"))}</p>
          <label>${esc(t("pages.home.mode"))} <select name="mode">
            <option value="classic">${esc(t("pages.home.shisensho.classic"))}</option>
            <option value="arcade">${esc(t("pages.home.shisensho.arcade"))}</option>
          </select></label>
          <div class="board-pick">
            <label>${esc(t("pages.home.board"))} <select name="size">${sizeOptions([])}</select></label>
            <span class="shape-preview" aria-hidden="true">${outlinePicture(rectangle(8, 17))}</span>
          </div>
          <label class="check"><input type="checkbox" name="gravity" value="1"> ${esc(t("pages.home.shisensho.gravity"))}</label>
          <button class="primary" type="submit">${esc(t("pages.home.shisensho.play"))}</button>
        </form>
        <form class="card mode-card" data-game="solitaire">
          <h2>${esc(GAME_NAMES.solitaire)}</h2>
          <p class="muted">${esc(t("pages.home.solitaire.rules"))}</p>
          <input type="hidden" name="mode" value="regular">
          <label>${esc(t("pages.shared.layout"))} <select name="layout"><option value="turtle">${turtle}</option></select></label>
          <button class="primary" type="submit">${esc(t("pages.home.solitaire.play"))}</button>
          <a class="button" href="/daily" data-link>${esc(MODE_NAMES.daily)}</a>
        </form>
        <form class="card mode-card" data-game="blackwhite">
          <h2>${esc(GAME_NAMES.blackwhite)}</h2>
          <p class="muted">${esc(t("pages.home.blackwhite.rules"))}</p>
          <label>${esc(t("pages.home.mode"))} <select name="mode">
            <option value="zen">${esc(t("pages.home.blackwhite.zen"))}</option>
            <option value="countdown">${esc(MODE_NAMES.countdown)}</option>
          </select></label>
          <label class="difficulty">${esc(t("pages.home.difficulty"))} <select name="difficulty">${DIFFICULTIES.map(
            // i18n-ids: pages.shared.difficulty.relaxed pages.shared.difficulty.standard
            // i18n-ids: pages.shared.difficulty.zen_master
            (v) => `<option value="${v}"${v === "standard" ? " selected" : ""}>${esc(t(`pages.shared.difficulty.${v}`))}</option>`,
          ).join("")}</select></label>
          <label>${esc(t("pages.shared.layout"))} <select name="layout"><option value="turtle">${turtle}</option></select></label>
          <button class="primary" type="submit">${esc(t("pages.home.blackwhite.play"))}</button>
          <a class="button" href="/tower" data-link>${esc(MODE_NAMES.tower)}</a>
        </form>
      </section>
    </div>`;

  main.querySelector(".choose-game").addEventListener("click", () => {
    const modes = main.querySelector(".modes");
    modes.scrollIntoView({ block: "start" });
    modes.focus({ preventScroll: true });
  });

  const bw = main.querySelector('.mode-card[data-game="blackwhite"]');
  const syncDifficulty = () => {
    const zen = bw.mode.value === "zen";
    bw.querySelector(".difficulty").hidden = zen;
    bw.difficulty.disabled = zen;
  };
  bw.mode.addEventListener("change", syncDifficulty);
  syncDifficulty();

  for (const form of main.querySelectorAll(".mode-card")) {
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const data = new FormData(form);
      const game = form.dataset.game;
      const mode = data.get("mode");
      const params = new URLSearchParams();
      for (const key of ["layout", "size", "difficulty", "gravity"]) {
        const value = data.get(key);
        if (!value || (key === "difficulty" && mode === "zen")) continue;
        if (key === "size" && String(value).startsWith("shape:")) params.set("shape", String(value).slice(6));
        else if (key === "size") params.set("board", String(value).split("x").reverse().join("x")); // columns x rows
        else params.set(key, String(value));
      }
      navigate(`/play/${game}/${mode}?${params}`);
    });
  }

  const [layouts, unfinished, shapes] = await Promise.all([
    api.layouts().catch(() => []),
    api.unfinished().catch(() => []),
    api.shapes().catch(() => []),
  ]);
  const grid = main.querySelector('.mode-card[data-game="shisensho"]');
  if (shapes.length) grid.size.innerHTML = sizeOptions(shapes);
  const showOutline = () => {
    const value = grid.size.value;
    const shape = value.startsWith("shape:") ? shapes.find((s) => s.name === value.slice(6)) : null;
    const [rows, cols] = shape ? shape.size : value.split("x").map(Number);
    grid.querySelector(".shape-preview").innerHTML = outlinePicture(shape ? shape.rows : rectangle(rows, cols));
  };
  grid.size.addEventListener("change", showOutline);
  showOutline();
  if (layouts.length) {
    for (const select of main.querySelectorAll('select[name="layout"]')) {
      select.innerHTML = layoutOptions(layouts, "turtle");
      attachPicker(select, layouts, { game: select.form?.dataset.game });
    }
  }
  if (unfinished.length) {
    const section = main.querySelector(".continue");
    section.hidden = false;
    section.querySelector(".continue-list").innerHTML = unfinished
      .slice(0, 8)
      .map((g) => {
        const what = `${GAME_NAMES[g.game] || g.game} · ${MODE_NAMES[g.mode] || g.mode}`;
        const board = g.daily_date
          ? dayWords(g.daily_date)
          : g.level
            ? t("pages.shared.level", { level: g.level })
            : boardTitle(g.board || g.layout || "");
        const where = board ? ` · ${board}` : "";
        const moment = momentWords(g.updated);
        const stamp = moment ? ` · ${moment}` : "";
        const href =
          g.mode === "daily" && g.daily_date
            ? `/daily?date=${encodeURIComponent(g.daily_date)}`
            : `/play/${encodeURIComponent(g.game)}/${encodeURIComponent(g.mode)}?id=${encodeURIComponent(g.id)}`;
        return `<li><a href="${esc(href)}" data-link>${esc(what)}${esc(
          where,
        )}</a> <span class="muted">${esc(t("pages.home.tiles_left", { count: g.tiles_left }))}${esc(stamp)}</span></li>`;
      })
      .join("");
  }
}
