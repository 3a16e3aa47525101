// @ts-check
// Results: this player's finished games and the leaderboards.

import { api } from "../api.js";
import { boardTitle, clock, esc, GAME_NAMES, MODE_NAMES } from "../dom.js";

const BOARDS = [
  ["shisensho", "classic"],
  ["shisensho", "arcade"],
  ["solitaire", "regular"],
  ["solitaire", "daily"],
  ["blackwhite", "zen"],
  ["blackwhite", "countdown"],
  ["blackwhite", "tower"],
];

/** The words of the leaderboard filter. */
const FILTER_WORDS = {
  any: "Any layout",
};

/**
 * The boards (layout names or ROWSxCOLS) this player has results on in `game`/`mode`,
 * from the bests rows, in the order given, each once.
 * @param {{game: string, mode: string, board: string}[]} bests
 * @param {string} game
 * @param {string} mode
 */
export function boardsPlayed(bests, game, mode) {
  const seen = new Set();
  for (const b of bests) if (b.game === game && b.mode === mode && b.board) seen.add(b.board);
  return [...seen];
}

/** Whom a duel was played against, from its variant ("player", "rival-sharp", "…/gravity"). */
function duelOpponent(variant) {
  const [who, extra] = String(variant || "").split("/");
  const against = who.startsWith("rival-") ? `vs computer (${who.slice(6)})` : "vs a player";
  return extra ? `${against}, ${extra}` : against;
}

function when(value) {
  if (value == null) return "";
  const date = new Date(typeof value === "number" ? value * 1000 : value);
  return Number.isNaN(date.getTime()) ? String(value) : date.toLocaleString(undefined, { dateStyle: "short", timeStyle: "short" });
}

export default async function results(main) {
  main.innerHTML = `<div class="results-page">
    <section class="card"><h1>Your results</h1><div class="mine"><p class="loading">Loading…</p></div></section>
    <section class="card"><h2>Leaderboards</h2>
      <form class="lb-form">
        <label>Game and mode <select name="board">${BOARDS.map(
          ([g, m]) => `<option value="${g}/${m}">${GAME_NAMES[g]} · ${MODE_NAMES[m]}</option>`,
        ).join("")}</select></label>
        <label>Layout <select name="layout"><option value="">${esc(FILTER_WORDS.any)}</option></select></label>
      </form>
      <div class="leaders"></div>
    </section>
    <section class="card"><h2>Your name</h2>
      <form class="name-form"><label>Shown on leaderboards <input name="name" maxlength="24" required></label>
      <button type="submit">Save</button> <span class="name-status" role="status"></span></form>
    </section></div>`;

  const [mine, bests] = await Promise.all([
    api.results().catch((e) => ({ error: e.message })),
    api.bests().catch(() => []),
  ]);
  const list = Array.isArray(mine) ? mine : [];
  const bestTable = bests.length
    ? `<h2>Your bests</h2><div class="table-scroll"><table class="bests-table"><thead><tr><th>Game</th><th>Board</th><th class="num">Played</th><th class="num">Won</th><th class="num">Best score</th><th class="num">Best time</th></tr></thead><tbody>${bests
        .map(
          (b) =>
            `<tr><td>${esc(GAME_NAMES[b.game] || b.game)} · ${esc(MODE_NAMES[b.mode] || b.mode)}</td><td>${esc(b.board ? boardTitle(b.board) : "")}${
              b.variant ? ` <span class="muted">${esc(b.variant)}</span>` : ""
            }</td><td class="num">${esc(b.played)}</td><td class="num">${esc(b.won)}</td><td class="num">${esc(
              b.best_score ?? "–",
            )}</td><td class="num">${esc(b.best_time != null ? clock(b.best_time) : "–")}</td></tr>`,
        )
        .join("")}</tbody></table></div>`
    : "";
  main.querySelector(".mine").innerHTML = mine.error
    ? `<p class="error-box">${esc(mine.error)}</p>`
    : list.length
      ? `<div class="table-scroll"><table class="results-table"><thead><tr><th>Game</th><th>Result</th><th class="num">Score</th><th class="num">Time</th><th class="num">Hints</th><th class="num">Undos</th><th>Finished</th></tr></thead><tbody>${list
          .map((r) => {
            const board = r.daily_date || (r.level ? `level ${r.level}` : r.board ? boardTitle(r.board) : "");
            const game = `${GAME_NAMES[r.game] || r.game} · ${MODE_NAMES[r.mode] || r.mode}${board ? ` · ${board}` : ""}`;
            const stars = r.stars ? ` ${"★".repeat(r.stars)}` : "";
            // a duel is won or lost against someone; a solo game is cleared
            const duel = r.mode === "duel";
            const words = duel ? { won: "won", lost: "lost", draw: "draw" } : { won: "cleared", lost: "lost", given_up: "gave up" };
            // stored and shown, but kept off the leaderboards: say why
            const outcome = `${words[r.outcome] || r.outcome || ""}${r.unranked ? ` · not ranked: ${r.unranked}` : ""}`;
            const variant = duel ? duelOpponent(r.variant) : r.variant;
            return `<tr class="result-row${duel ? " is-duel" : ""}" data-id="${esc(r.game_id)}"><td>${esc(game)}${
              variant ? ` <span class="muted">${esc(variant)}</span>` : ""
            }</td><td>${esc(outcome)}${esc(stars)}</td><td class="num">${esc(r.score ?? "")}</td><td class="num">${esc(
              clock(r.time),
            )}</td><td class="num">${esc(r.hints ?? "")}</td><td class="num">${esc(r.undos ?? "")}</td><td>${esc(when(r.finished))}</td></tr>`;
          })
          .join("")}</tbody></table></div>${bestTable}`
      : `<p class="muted">No finished games yet. <a href="/" data-link>Play one!</a></p>`;

  const form = main.querySelector(".lb-form");
  /** Fill the layout list with the boards played in the chosen game and mode. */
  function fillLayouts() {
    const [game, mode] = form.board.value.split("/");
    const chosen = form.layout.value;
    const boards = boardsPlayed(bests, game, mode);
    form.layout.innerHTML = [`<option value="">${esc(FILTER_WORDS.any)}</option>`]
      .concat(boards.map((b) => `<option value="${esc(b)}"${b === chosen ? " selected" : ""}>${esc(boardTitle(b))}</option>`))
      .join("");
    form.layout.disabled = boards.length === 0;
  }
  async function drawLeaders() {
    const [game, mode] = form.board.value.split("/");
    const box = main.querySelector(".leaders");
    try {
      const rows = await api.leaderboards({ game, mode, layout: form.layout.value });
      box.innerHTML = rows.length
        ? `<div class="table-scroll"><table><thead><tr><th class="num">#</th><th>Name</th><th>Board</th><th class="num">Score</th><th class="num">Time</th></tr></thead><tbody>${rows
            .map(
              (r) =>
                `<tr${r.you ? ' class="is-you"' : ""}><td class="num">${esc(r.rank)}</td><td>${esc(r.name)}${r.you ? " (you)" : ""}</td><td>${esc(
                  [r.board && boardTitle(r.board), r.variant].filter(Boolean).join(" "),
                )}</td><td class="num">${esc(r.score)}</td><td class="num">${esc(
                  clock(r.time),
                )}</td></tr>`,
            )
            .join("")}</tbody></table></div>`
        : `<p class="muted">No results on this board yet.</p>`;
    } catch (error) {
      box.innerHTML = `<p class="error-box">${esc(/** @type {Error} */ (error).message)}</p>`;
    }
  }
  form.addEventListener("change", (event) => {
    if (event.target === form.board) fillLayouts();
    drawLeaders();
  });
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    drawLeaders();
  });
  fillLayouts();
  drawLeaders();

  const nameForm = main.querySelector(".name-form");
  api.me().then((me) => {
    if (!nameForm.name.value) nameForm.name.value = me.name || ""; // never over what was typed
  }).catch(() => {});
  nameForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    const status = nameForm.querySelector(".name-status");
    try {
      const me = await api.setName(nameForm.name.value.trim());
      status.textContent = `Saved: ${me.name}`;
      drawLeaders();
    } catch (error) {
      status.textContent = /** @type {Error} */ (error).message;
    }
  });
}
