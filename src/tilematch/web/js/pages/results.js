// @ts-check
// Results: this player's finished games and the leaderboards.

import { api } from "../api.js";
import { boardTitle, clock, esc, GAME_NAMES, MODE_NAMES } from "../dom.js";
import { t } from "../i18n.js";
import { dayWords, momentWords } from "./words.js";

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
  get any() {
    return t("pages.results.any_layout");
  },
};

// i18n-ids: pages.shared.game pages.shared.board pages.shared.played pages.shared.won
// i18n-ids: pages.shared.name pages.shared.score pages.shared.time pages.shared.hints
// i18n-ids: pages.shared.undos pages.results.best_score pages.results.best_time
/**
 * Header cells of the shared column names (`pages.shared.<name>` or `pages.results.<name>`):
 * the first `words` hold words, the others figures.
 * @param {string[]} ids
 * @param {number} words
 */
function head(ids, words) {
  return ids.map((id, i) => `<th${i >= words ? ' class="num"' : ""}>${esc(t(`pages.${id}`))}</th>`).join("");
}

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
  const against = who.startsWith("rival-") ? t("pages.results.vs_computer", { rival: who.slice(6) }) : t("pages.results.vs_player");
  return extra ? `${against}, ${extra}` : against;
}

const when = (value) => momentWords(value);

export default async function results(main) {
  main.innerHTML = `<div class="results-page">
    <section class="card"><h1>${esc(t("pages.results.title"))}</h1><div class="mine"><p class="loading">${esc(t("pages.shared.loading"))}</p></div></section>
    <section class="card"><h2>${esc(t("pages.results.leaderboards"))}</h2>
      <form class="lb-form">
        <label>${esc(t("pages.shared.game_and_mode"))} <select name="board">${BOARDS.map(
          ([g, m]) => `<option value="${g}/${m}">${esc(GAME_NAMES[g])} · ${esc(MODE_NAMES[m])}</option>`,
        ).join("")}</select></label>
        <label>${esc(t("pages.shared.layout"))} <select name="layout"><option value="">${esc(FILTER_WORDS.any)}</option></select></label>
      </form>
      <div class="leaders"></div>
    </section>
    <section class="card"><h2>${esc(t("pages.results.your_name"))}</h2>
      <form class="name-form"><label>${esc(t("pages.results.name_field"))} <input name="name" maxlength="24" required></label>
      <button type="submit">${esc(t("pages.results.save"))}</button> <span class="name-status" role="status"></span></form>
    </section></div>`;

  const [mine, bests] = await Promise.all([
    api.results().catch((e) => ({ error: e.message })),
    api.bests().catch(() => []),
  ]);
  const list = Array.isArray(mine) ? mine : [];
  const bestTable = bests.length
    ? `<h2>${esc(t("pages.results.bests"))}</h2><div class="table-scroll"><table class="bests-table"><thead><tr>${head(
        ["shared.game", "shared.board", "shared.played", "shared.won", "results.best_score", "results.best_time"],
        2,
      )}</tr></thead><tbody>${bests
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
  // i18n-ids: pages.results.result pages.results.finished
  main.querySelector(".mine").innerHTML = mine.error
    ? `<p class="error-box">${esc(mine.error)}</p>`
    : list.length
      ? `<div class="table-scroll"><table class="results-table"><thead><tr>${head(["shared.game", "results.result"], 2)}${head(
          ["shared.score", "shared.time", "shared.hints", "shared.undos"],
          0,
        )}${head(["results.finished"], 1)}</tr></thead><tbody>${list
          .map((r) => {
            const board = r.daily_date
              ? dayWords(r.daily_date)
              : r.level
                ? t("pages.shared.level", { level: r.level })
                : r.board
                  ? boardTitle(r.board)
                  : "";
            const game = `${GAME_NAMES[r.game] || r.game} · ${MODE_NAMES[r.mode] || r.mode}${board ? ` · ${board}` : ""}`;
            const stars = r.stars ? ` ${"★".repeat(r.stars)}` : "";
            // a duel is won or lost against someone; a solo game is cleared
            const duel = r.mode === "duel";
            const words = duel ? { won: "won", lost: "lost", draw: "draw" } : { won: "cleared", lost: "lost", given_up: "given_up" };
            // i18n-ids: pages.results.outcome.won pages.results.outcome.lost pages.results.outcome.draw
            // i18n-ids: pages.results.outcome.cleared pages.results.outcome.given_up
            const said = words[r.outcome] ? t(`pages.results.outcome.${words[r.outcome]}`) : r.outcome || "";
            // stored and shown, but kept off the leaderboards: say why
            const outcome = r.unranked ? t("pages.results.unranked", { outcome: said, reason: r.unranked }) : said;
            const variant = duel ? duelOpponent(r.variant) : r.variant;
            return `<tr class="result-row${duel ? " is-duel" : ""}" data-id="${esc(r.game_id)}"><td>${esc(game)}${
              variant ? ` <span class="muted">${esc(variant)}</span>` : ""
            }</td><td>${esc(outcome)}${esc(stars)}</td><td class="num">${esc(r.score ?? "")}</td><td class="num">${esc(
              clock(r.time),
            )}</td><td class="num">${esc(r.hints ?? "")}</td><td class="num">${esc(r.undos ?? "")}</td><td>${esc(when(r.finished))}</td></tr>`;
          })
          .join("")}</tbody></table></div>${bestTable}`
      : `<p class="muted">${esc(t("pages.results.none"))} <a href="/" data-link>${esc(t("pages.results.play_one"))}</a></p>`;

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
        ? `<div class="table-scroll"><table><thead><tr><th class="num">#</th>${head(["shared.name", "shared.board", "shared.score", "shared.time"], 2)}</tr></thead><tbody>${rows
            .map(
              (r) =>
                `<tr${r.you ? ' class="is-you"' : ""}><td class="num">${esc(r.rank)}</td><td>${esc(r.you ? t("pages.results.you", { name: r.name }) : r.name)}</td><td>${esc(
                  [r.board && boardTitle(r.board), r.variant].filter(Boolean).join(" "),
                )}</td><td class="num">${esc(r.score)}</td><td class="num">${esc(
                  clock(r.time),
                )}</td></tr>`,
            )
            .join("")}</tbody></table></div>`
        : `<p class="muted">${esc(t("pages.results.no_leaders"))}</p>`;
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
      status.textContent = t("pages.results.saved", { name: me.name });
      drawLeaders();
    } catch (error) {
      status.textContent = /** @type {Error} */ (error).message;
    }
  });
}
