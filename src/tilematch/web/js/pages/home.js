// @ts-check
// Start page: pick a game and mode, continue an unfinished game, today's challenge.

import { api } from "../api.js";
import { boardTitle, esc, GAME_NAMES, MODE_NAMES, layoutTitle, localDate } from "../dom.js";
import { tilePicture } from "../board/tiles.js";
import { attachPicker } from "./picker.js";
import { offerLanguage } from "../language.js";

export const GRID_SIZES = [
  ["8x17", "17 × 8 — standard, 136 tiles"],
  ["8x12", "12 × 8 — 96 tiles"],
  ["6x14", "14 × 6 — 84 tiles"],
  ["8x18", "18 × 8 — 144 tiles with flowers and seasons"],
  ["12x24", "24 × 12 — 288 tiles"],
  ["4x6", "6 × 4 — a quick practice board"],
];
export const DIFFICULTIES = [
  ["relaxed", "Relaxed"],
  ["standard", "Standard"],
  ["zen_master", "Zen Master"],
];

function layoutOptions(layouts, preferred) {
  const families = new Map();
  for (const l of layouts) {
    const family = l.family || "Layouts";
    if (!families.has(family)) families.set(family, []);
    families.get(family).push(l);
  }
  return [...families]
    .map(
      ([family, list]) =>
        `<optgroup label="${esc(family)}">${list
          .map(
            (l) =>
              `<option value="${esc(l.name)}"${l.name === preferred ? " selected" : ""}>${esc(layoutTitle(l.name))} · ${esc(
                l.tiles,
              )} tiles</option>`,
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
  const sizes = GRID_SIZES.map(([v, t]) => `<option value="${v}">${t}</option>`).join("");
  if (!shapes.length) return sizes;
  const outlines = shapes
    .map((s) => `<option value="shape:${esc(s.name)}">${esc(s.title)} · ${esc(s.tiles)} tiles</option>`)
    .join("");
  return `<optgroup label="Rectangles">${sizes}</optgroup><optgroup label="Shapes">${outlines}</optgroup>`;
}

/** The start page's first button: one tap to a game (the Turtle, the classic layout). */
export const PLAY_NOW = {
  href: "/play/solitaire/regular?layout=turtle",
  label: "Play",
  what: "Mahjong Solitaire · Turtle",
  choose: "Choose a game",
};

export default async function home(main, { navigate }) {
  api
    .me()
    .then((me) => offerLanguage(main.querySelector(".home") || main, me.locale))
    .catch(() => null);
  main.innerHTML = `
    <div class="home">
      <section class="hero card">
        <div class="hero-tiles" aria-hidden="true">${["1m", "5p", "1s", "7z", "b6z", "w6z"].map((c) => tilePicture(c)).join("")}</div>
        <div>
          <h1>Match tiles. Clear the board.</h1>
          <p class="play-now"><a class="button primary play-button" href="${PLAY_NOW.href}" data-link>${PLAY_NOW.label} <small>${PLAY_NOW.what}</small></a>
             <button type="button" class="choose-game">${PLAY_NOW.choose}</button></p>
          <p>Three tile-matching games on one board: <strong>Shisen-Sho</strong> (join a pair with a line of at most two bends),
          <strong>Mahjong Solitaire</strong> (take free pairs from a stacked layout) and
          <strong>Black &amp; White Mahjong</strong> (pair each symbol with its opposite colour).</p>
          <p><a class="button primary" href="/daily" data-link>Today's challenge · ${esc(localDate())}</a>
             <a class="button" href="/learn" data-link>How tiles get blocked</a></p>
        </div>
      </section>
      <section class="continue card" aria-labelledby="continue-h" hidden>
        <h2 id="continue-h">Continue</h2>
        <ul class="continue-list"></ul>
      </section>
      <section class="modes" id="new-game" aria-label="New game" tabindex="-1">
        <form class="card mode-card" data-game="shisensho">
          <h2>${GAME_NAMES.shisensho}</h2>
          <p class="muted">Remove identical tiles joined by a path of at most three straight lines through empty space.</p>
          <label>Mode <select name="mode">
            <option value="classic">Classic — 3 reshuffle tokens, combo score</option>
            <option value="arcade">Arcade Time Attack — 180 s, +2 s a pair</option>
          </select></label>
          <div class="board-pick">
            <label>Board <select name="size">${sizeOptions([])}</select></label>
            <span class="shape-preview" aria-hidden="true">${outlinePicture(rectangle(8, 17))}</span>
          </div>
          <label class="check"><input type="checkbox" name="gravity" value="1"> Gravity (tiles fall down)</label>
          <button class="primary" type="submit">Play Shisen-Sho</button>
        </form>
        <form class="card mode-card" data-game="solitaire">
          <h2>${GAME_NAMES.solitaire}</h2>
          <p class="muted">Take two matching free tiles: nothing on top, and the left or right side open.</p>
          <input type="hidden" name="mode" value="regular">
          <label>Layout <select name="layout"><option value="turtle">Turtle · 144 tiles</option></select></label>
          <button class="primary" type="submit">Play Mahjong Solitaire</button>
          <a class="button" href="/daily" data-link>Daily Challenge</a>
        </form>
        <form class="card mode-card" data-game="blackwhite">
          <h2>${GAME_NAMES.blackwhite}</h2>
          <p class="muted">Pair the same symbol in opposite colours — black with white — before the time runs out.</p>
          <label>Mode <select name="mode">
            <option value="zen">Zen — no clock, no penalties</option>
            <option value="countdown">Countdown Challenge</option>
          </select></label>
          <label class="difficulty">Difficulty <select name="difficulty">${DIFFICULTIES.map(
            ([v, t]) => `<option value="${v}"${v === "standard" ? " selected" : ""}>${t}</option>`,
          ).join("")}</select></label>
          <label>Layout <select name="layout"><option value="turtle">Turtle · 144 tiles</option></select></label>
          <button class="primary" type="submit">Play Black &amp; White</button>
          <a class="button" href="/tower" data-link>Emperor's Tower</a>
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
        const board = g.daily_date ? g.daily_date : g.level ? `level ${g.level}` : boardTitle(g.board || g.layout || "");
        const where = board ? ` · ${board}` : "";
        const when = g.updated ? new Date(typeof g.updated === "number" ? g.updated * 1000 : g.updated) : null;
        const stamp = when && !Number.isNaN(when.getTime()) ? ` · ${when.toLocaleString()}` : "";
        const href =
          g.mode === "daily" && g.daily_date
            ? `/daily?date=${encodeURIComponent(g.daily_date)}`
            : `/play/${encodeURIComponent(g.game)}/${encodeURIComponent(g.mode)}?id=${encodeURIComponent(g.id)}`;
        return `<li><a href="${esc(href)}" data-link>${esc(what)}${esc(
          where,
        )}</a> <span class="muted">${esc(g.tiles_left)} tiles left${esc(stamp)}</span></li>`;
      })
      .join("");
  }
}
