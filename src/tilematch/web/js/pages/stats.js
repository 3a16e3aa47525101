// @ts-check
// Statistics: the player's figures and the charts the server draws from them.
// Every figure and every chart comes from GET /api/statistics; the page only lays
// them out: each chart's SVG beside the table of the same figures.

import { api } from "../api.js";
import { esc } from "../dom.js";
import { formatNumber, t } from "../i18n.js";
import { boardRows, filterPath, hasFigures, percent } from "./stats-rows.js";

/** Every sentence of the page, in one place, read from the catalogue when used. */
const WORDS = {
  get title() { return t("pages.stats.title"); },
  get intro() { return t("pages.stats.intro"); },
  get filter() { return t("pages.shared.game_and_mode"); },
  get all() { return t("pages.stats.all"); },
  get loading() { return t("pages.shared.loading"); },
  get played() { return t("pages.shared.played"); },
  get won() { return t("pages.shared.won"); },
  get rate() { return t("pages.stats.rate"); },
  get open() { return t("pages.stats.open"); },
  get boards() { return t("pages.stats.boards"); },
  get boardColumns() {
    return [
      "pages.shared.board", "pages.shared.game", "pages.shared.played", "pages.shared.won",
      "pages.stats.rate", "pages.results.best_time", "pages.stats.median_time",
      "pages.results.best_score", "pages.stats.hints_a_game", "pages.stats.undos_a_game",
    ].map((id) => t(id));
  },
  get charts() { return t("pages.stats.charts"); },
  get table() { return t("pages.stats.table"); },
  get daily() { return t("pages.stats.daily"); },
  get streak() { return t("pages.stats.streak"); },
  get bestStreak() { return t("pages.stats.best_streak"); },
  get daysPlayed() { return t("pages.stats.days_played"); },
  get tower() { return t("pages.stats.tower"); },
  // i18n-ids: pages.stats.stage pages.stats.levels pages.stats.cleared pages.stats.stars
  get towerColumns() { return ["stage", "levels", "cleared", "stars"].map((id) => t(`pages.stats.${id}`)); },
  get emptyTitle() { return t("pages.stats.empty_title"); },
  get empty() { return t("pages.stats.empty"); },
  get emptyFiltered() { return t("pages.stats.empty_filtered"); },
  get play() { return t("pages.stats.play"); },
  get playDaily() { return t("pages.stats.play_daily"); },
  get showAll() { return t("pages.stats.show_all"); },
  /** @param {number} count */
  unverified: (count) => t("pages.stats.unverified", { count }),
};

/**
 * A table of rows of texts, scrolling inside its box on a narrow screen.
 * @param {string[]} columns
 * @param {string[][]} rows
 * @param {string} label
 * @param {number} [words] how many columns from the left hold words (the rest figures)
 */
function table(columns, rows, label, words = 1) {
  const kind = (i) => (i >= words ? ' class="num"' : "");
  const head = columns.map((c, i) => `<th scope="col"${kind(i)}>${esc(c)}</th>`).join("");
  const cell = (text, i) => (i ? `<td${kind(i)}>${esc(text)}</td>` : `<th scope="row">${esc(text)}</th>`);
  const body = rows.map((row) => `<tr>${row.map(cell).join("")}</tr>`).join("");
  return `<div class="table-scroll" tabindex="0" role="region" aria-label="${esc(label)}"><table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>`;
}

/**
 * The server's SVG of a chart, parsed as SVG (never as HTML) and adopted by the page.
 * @param {string} svg
 * @returns {Node | null}
 */
function parseSvg(svg) {
  const doc = new DOMParser().parseFromString(svg, "image/svg+xml");
  const root = doc.documentElement;
  if (root.nodeName !== "svg" || doc.getElementsByTagName("parsererror").length) return null;
  return document.importNode(root, true);
}

/**
 * One chart: a figure with its caption, the SVG and the same figures as a table.
 * @param {{name: string, title: string, description: string, columns: string[], rows: string[][], text_columns: number, svg: string}} chart
 */
function figure(chart) {
  const box = document.createElement("figure");
  box.className = `chart-figure chart-figure-${chart.name}`;
  box.dataset.chart = chart.name;
  box.innerHTML = `<figcaption><h3>${esc(chart.title)}</h3></figcaption><div class="chart-box"></div>
    <details><summary>${esc(WORDS.table)}</summary>${table(chart.columns, chart.rows, chart.title, chart.text_columns)}</details>`;
  const svg = parseSvg(chart.svg);
  if (svg) box.querySelector(".chart-box")?.append(svg);
  return box;
}

function summary(totals) {
  return `<dl class="stat-row stats-totals">
    <div><dt>${esc(WORDS.played)}</dt><dd>${esc(totals.played)}</dd></div>
    <div><dt>${esc(WORDS.won)}</dt><dd>${esc(totals.won)}</dd></div>
    <div><dt>${esc(WORDS.rate)}</dt><dd>${percent(totals.win_rate)}</dd></div>
    <div><dt>${esc(WORDS.open)}</dt><dd>${esc(totals.open)}</dd></div></dl>${
      totals.unverified ? `<p class="muted">${esc(WORDS.unverified(totals.unverified))}</p>` : ""
    }`;
}

function dailySection(daily) {
  return `<section class="card stats-daily" aria-labelledby="stats-daily-title"><h2 id="stats-daily-title">${esc(WORDS.daily)}</h2>
    <dl class="stat-row"><div><dt>${esc(WORDS.streak)}</dt><dd>${esc(daily.streak)}</dd></div>
    <div><dt>${esc(WORDS.bestStreak)}</dt><dd>${esc(daily.best_streak)}</dd></div>
    <div><dt>${esc(WORDS.daysPlayed)}</dt><dd>${esc(daily.days.length)}</dd></div></dl><div class="daily-chart"></div></section>`;
}

function towerSection(tower) {
  const rows = tower.stages.map((s) => [formatNumber(s.stage), `${formatNumber(s.first)}–${formatNumber(s.last)}`, `${formatNumber(s.cleared)} / ${formatNumber(s.last - s.first + 1)}`, `${formatNumber(s.stars)} / ${formatNumber(s.most)}`]);
  return `<section class="card stats-tower" aria-labelledby="stats-tower-title"><h2 id="stats-tower-title">${esc(WORDS.tower)}</h2>
    ${table(WORDS.towerColumns, rows, WORDS.tower)}</section>`;
}

function emptyState(filtered) {
  return `<section class="card stats-empty"><h2>${esc(WORDS.emptyTitle)}</h2><p>${esc(filtered ? WORDS.emptyFiltered : WORDS.empty)}</p>
    <p>${filtered ? `<a class="button" href="/stats" data-link>${esc(WORDS.showAll)}</a> ` : ""}<a class="button primary" href="/" data-link>${esc(WORDS.play)}</a>
    <a class="button" href="/daily" data-link>${esc(WORDS.playDaily)}</a></p></section>`;
}

function filterForm(data) {
  const current = data.filters.game && data.filters.mode ? `${data.filters.game}/${data.filters.mode}` : "";
  const options = [`<option value="">${esc(WORDS.all)}</option>`]
    .concat(
      data.filters.choices.map((c) => {
        const value = `${c.game}/${c.mode}`;
        return `<option value="${esc(value)}"${value === current ? " selected" : ""}>${esc(c.title)}</option>`;
      }),
    )
    .join("");
  return `<form class="stats-filter"><label>${esc(WORDS.filter)} <select name="board">${options}</select></label></form>`;
}

/**
 * The /stats page (its filter in ?game=&mode=).
 * @param {HTMLElement} main
 * @param {import("../types.js").PageContext} context
 */
export default async function stats(main, { query, navigate }) {
  main.innerHTML = `<div class="stats-page"><header><h1>${esc(WORDS.title)}</h1><p class="muted">${esc(WORDS.intro)}</p></header>
    <div class="stats-body"><p class="loading">${esc(WORDS.loading)}</p></div></div>`;
  const today = new Date(Date.now() - new Date().getTimezoneOffset() * 60000).toISOString().slice(0, 10);
  const game = query.get("game") || undefined;
  const mode = query.get("mode") || undefined;
  const data = await api.statistics({ game, mode, today });
  const body = /** @type {HTMLElement} */ (main.querySelector(".stats-body"));
  const filtered = Boolean(game || mode);
  const head = data.filters.choices.length ? filterForm(data) : "";
  if (!hasFigures(data)) {
    body.innerHTML = head + emptyState(filtered);
  } else {
    body.innerHTML = `${head}<section class="card" aria-label="${esc(WORDS.played)}">${summary(data.totals)}</section>
      <section class="card stats-charts" aria-labelledby="stats-charts-title"><h2 id="stats-charts-title">${esc(WORDS.charts)}</h2><div class="chart-grid"></div></section>
      ${data.daily && data.daily.days.length ? dailySection(data.daily) : ""}
      ${data.boards.length ? `<section class="card"><h2>${esc(WORDS.boards)}</h2>${table(WORDS.boardColumns, boardRows(data.boards), WORDS.boards, 2)}</section>` : ""}
      ${data.tower && data.tower.cleared ? towerSection(data.tower) : ""}`;
    const grid = /** @type {HTMLElement} */ (body.querySelector(".chart-grid"));
    for (const chart of data.charts) {
      const where = chart.name === "daily" ? body.querySelector(".daily-chart") : grid;
      (where || grid).append(figure(chart));
    }
    if (!grid.children.length) grid.closest("section")?.remove();
  }
  const form = /** @type {HTMLFormElement | null} */ (body.querySelector(".stats-filter"));
  form?.addEventListener("change", () => navigate(filterPath(String(new FormData(form).get("board") || "")), { replace: true }));
}
