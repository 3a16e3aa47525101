// @ts-check
// Daily Challenge: today's Turtle board (the same board for the same date), Restart
// Today, a calendar of past results, streaks and best results. Opening a date starts
// (or continues) its game with this device's UTC offset: the server counts a streak
// day only when the board is solved on that date of the player's own calendar.

import { api } from "../api.js";
import { mountGame } from "../game/controller.js";
import { clock, esc, localDate, utcOffset } from "../dom.js";
import { t } from "../i18n.js";
import { dayWords, monthWords, weekdayWords } from "./words.js";

/** The weeks (arrays of 7 dates or null) of the month holding `iso` (Monday first). */
export function monthGrid(year, month) {
  const first = new Date(year, month, 1);
  const days = new Date(year, month + 1, 0).getDate();
  const lead = (first.getDay() + 6) % 7;
  const cells = Array(lead).fill(null);
  for (let d = 1; d <= days; d += 1) cells.push(localDate(new Date(year, month, d)));
  while (cells.length % 7) cells.push(null);
  const weeks = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** "1 hint", "3 hints", in the page's language. @param {number} count */
export function hintWords(count) {
  return t("pages.shared.hint_count", { count });
}

// i18n-ids: pages.shared.date pages.shared.score pages.shared.time pages.shared.hints
// i18n-ids: pages.shared.undos
/**
 * Header cells of the shared column names (`pages.shared.<name>`): the first `words`
 * hold words, the others figures.
 * @param {string[]} names
 * @param {number} words
 */
function head(names, words) {
  return names.map((n, i) => `<th${i >= words ? ' class="num"' : ""}>${esc(t(`pages.shared.${n}`))}</th>`).join("");
}

export default async function daily(main, { query, navigate }) {
  const today = localDate();
  const requested = query.get("date");
  const date = requested && /^\d{4}-\d{2}-\d{2}$/.test(requested) && requested <= today ? requested : today;
  const isToday = date === today;
  let shown = { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)) - 1 };
  /** @type {{streak: number, best_streak: number, days: any[]}} */
  let history = { streak: 0, best_streak: 0, days: [] };

  main.innerHTML = `
    <div class="daily-page">
      <div class="daily-game"></div>
      <aside class="daily-side card" aria-labelledby="daily-h">
        <h2 id="daily-h">${esc(t("pages.daily.title"))}</h2>
        <p class="muted">${esc(t("pages.daily.intro"))}</p>
        <div class="streaks"></div>
        <div class="calendar"></div>
        <h3>${esc(t("pages.daily.best"))}</h3>
        <div class="best"></div>
        <h3>${esc(t("pages.daily.leaderboard", { date: dayWords(date) }))}</h3>
        <div class="board-leaders"><p class="muted">${esc(t("pages.shared.loading"))}</p></div>
      </aside>
    </div>`;
  const side = main.querySelector(".daily-side");

  function drawStreaks() {
    side.querySelector(".streaks").innerHTML = `
      <dl class="stat-row">
        <div><dt>${esc(t("pages.daily.streak"))}</dt><dd class="streak-now">${esc(history.streak ?? 0)}</dd></div>
        <div><dt>${esc(t("pages.daily.best_streak"))}</dt><dd>${esc(history.best_streak ?? 0)}</dd></div>
        <div><dt>${esc(t("pages.daily.solved"))}</dt><dd>${esc((history.days || []).filter((d) => d.solved).length)}</dd></div>
      </dl>`;
  }

  function drawCalendar() {
    const byDate = new Map((history.days || []).map((d) => [d.date, d]));
    const weeks = monthGrid(shown.year, shown.month);
    const cal = side.querySelector(".calendar");
    const month = monthWords(shown.year, shown.month);
    cal.innerHTML = `
      <div class="cal-head">
        <button type="button" class="cal-prev" aria-label="${esc(t("pages.daily.previous_month"))}">‹</button>
        <h3 class="cal-title" aria-live="polite">${esc(month)}</h3>
        <button type="button" class="cal-next" aria-label="${esc(t("pages.daily.next_month"))}">›</button>
      </div>
      <table class="cal" role="grid" aria-label="${esc(t("pages.daily.calendar", { month }))}">
        <thead><tr>${weekdayWords().map((d) => `<th scope="col">${esc(d)}</th>`).join("")}</tr></thead>
        <tbody>${weeks
          .map(
            (week) =>
              `<tr>${week
                .map((iso) => {
                  if (!iso) return "<td></td>";
                  const day = byDate.get(iso);
                  const state = day ? (day.solved ? (day.on_day ? "solved" : "late") : "played") : iso > today ? "future" : "open";
                  // i18n-ids: pages.daily.day.solved pages.daily.day.late pages.daily.day.played
                  // i18n-ids: pages.daily.day.future pages.daily.day.open
                  const label = t(`pages.daily.day.${state}`, {
                    date: dayWords(iso),
                    time: day ? clock(day.time) : "",
                    score: day ? day.score : 0,
                    hints: day ? hintWords(day.hints) : "",
                    undos: day ? t("pages.shared.undo_count", { count: day.undos }) : "",
                  });
                  const cls = `cal-day is-${state}${iso === date ? " is-current" : ""}${iso === today ? " is-today" : ""}`;
                  const inner = iso > today ? `<span>${Number(iso.slice(8))}</span>` : `<a href="/daily?date=${iso}" data-link aria-label="${esc(label)}">${Number(iso.slice(8))}</a>`;
                  return `<td class="${cls}" title="${esc(label)}">${inner}</td>`;
                })
                .join("")}</tr>`,
          )
          .join("")}</tbody>
      </table>
      <p class="cal-key muted">${[
        ["is-solved", "pages.daily.key.solved"],
        ["is-late", "pages.daily.key.late"],
        ["is-played", "pages.daily.key.played"],
      ]
        .map(([kind, id]) => `<span class="cal-key-item"><span class="key ${kind}"></span> ${esc(t(id))}</span>`)
        .join(" ")}</p>`;
    cal.querySelector(".cal-prev").onclick = () => {
      shown = shown.month === 0 ? { year: shown.year - 1, month: 11 } : { year: shown.year, month: shown.month - 1 };
      drawCalendar();
    };
    cal.querySelector(".cal-next").onclick = () => {
      shown = shown.month === 11 ? { year: shown.year + 1, month: 0 } : { year: shown.year, month: shown.month + 1 };
      drawCalendar();
    };
  }

  function drawBest() {
    const solved = (history.days || []).filter((d) => d.solved && d.time != null);
    // the server's order of merit: points first (help costs points), then time
    const best = [...solved].sort((a, b) => b.score - a.score || a.time - b.time).slice(0, 5);
    side.querySelector(".best").innerHTML = best.length
      ? `<table><thead><tr>${head(["date", "score", "time", "hints", "undos"], 1)}</tr></thead><tbody>${best
          .map(
            (d) =>
              `<tr><td><a href="/daily?date=${esc(d.date)}" data-link>${esc(dayWords(d.date, { dateStyle: "short" }))}</a></td><td class="num">${esc(d.score)}</td><td class="num">${esc(clock(d.time))}</td><td class="num">${esc(
                d.hints,
              )}</td><td class="num">${esc(d.undos)}</td></tr>`,
          )
          .join("")}</tbody></table>`
      : `<p class="muted">${esc(t("pages.daily.no_best"))}</p>`;
  }

  async function refreshSide() {
    try {
      history = await api.dailyHistory(today);
    } catch {
      /* keep the last one */
    }
    drawStreaks();
    drawCalendar();
    drawBest();
    try {
      const rows = await api.leaderboards({ game: "solitaire", mode: "daily", date });
      side.querySelector(".board-leaders").innerHTML = rows.length
        ? `<table><thead><tr><th class="num">#</th><th>${esc(t("pages.shared.name"))}</th>${head(["score", "time"], 0)}<th>${esc(
            t("pages.daily.help"),
          )}</th></tr></thead><tbody>${rows
            .slice(0, 10)
            .map(
              (r) =>
                `<tr><td class="num">${esc(r.rank)}</td><td>${esc(r.name)}</td><td class="num">${esc(r.score)}</td><td class="num">${esc(
                  clock(r.time),
                )}</td><td class="help-mark">${r.hints ? `<span class="hinted">${esc(hintWords(r.hints))}</span>` : `<span class="muted">${esc(t("pages.daily.unaided"))}</span>`}</td></tr>`,
            )
            .join("")}</tbody></table>`
        : `<p class="muted">${esc(t("pages.daily.no_leaders"))}</p>`;
    } catch {
      side.querySelector(".board-leaders").innerHTML = `<p class="muted">${esc(t("pages.daily.no_leaderboard"))}</p>`;
    }
  }

  const controller = mountGame(main.querySelector(".daily-game"), {
    title: t("pages.daily.game_title", { date: dayWords(date) }),
    load: () => api.startDaily(date, utcOffset()),
    newGame: () => api.restartDaily(date, utcOffset()),
    replay: () => api.restartDaily(date, utcOffset()),
    newLabel: t(isToday ? "pages.daily.restart_today" : "pages.daily.restart_date"),
    onChange: () => refreshSide(),
  });
  drawStreaks();
  drawCalendar();
  drawBest();
  refreshSide();
  void navigate;
  return () => controller.destroy();
}
