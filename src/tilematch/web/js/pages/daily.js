// @ts-check
// Daily Challenge: today's Turtle board (the same board for the same date), Restart
// Today, a calendar of past results, streaks and best results. Opening a date starts
// (or continues) its game with this device's UTC offset: the server counts a streak
// day only when the board is solved on that date of the player's own calendar.

import { api } from "../api.js";
import { mountGame } from "../game/controller.js";
import { clock, counted, esc, localDate, utcOffset } from "../dom.js";

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

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

/** "1 hint", "3 hints". */
export function hintWords(count) {
  return `${count} ${count === 1 ? "hint" : "hints"}`;
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
        <h2 id="daily-h">Daily Challenge</h2>
        <p class="muted">One Turtle board per calendar date — the same board for everyone, every time you open it.</p>
        <div class="streaks"></div>
        <div class="calendar"></div>
        <h3>Best results</h3>
        <div class="best"></div>
        <h3>Leaderboard · ${esc(date)}</h3>
        <div class="board-leaders"><p class="muted">Loading…</p></div>
      </aside>
    </div>`;
  const side = main.querySelector(".daily-side");

  function drawStreaks() {
    side.querySelector(".streaks").innerHTML = `
      <dl class="stat-row">
        <div><dt>Streak</dt><dd class="streak-now">${esc(history.streak ?? 0)}</dd></div>
        <div><dt>Best streak</dt><dd>${esc(history.best_streak ?? 0)}</dd></div>
        <div><dt>Solved</dt><dd>${esc((history.days || []).filter((d) => d.solved).length)}</dd></div>
      </dl>`;
  }

  function drawCalendar() {
    const byDate = new Map((history.days || []).map((d) => [d.date, d]));
    const weeks = monthGrid(shown.year, shown.month);
    const cal = side.querySelector(".calendar");
    cal.innerHTML = `
      <div class="cal-head">
        <button type="button" class="cal-prev" aria-label="Previous month">‹</button>
        <h3 class="cal-title" aria-live="polite">${MONTHS[shown.month]} ${shown.year}</h3>
        <button type="button" class="cal-next" aria-label="Next month">›</button>
      </div>
      <table class="cal" role="grid" aria-label="Daily results, ${MONTHS[shown.month]} ${shown.year}">
        <thead><tr>${["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"].map((d) => `<th scope="col">${d}</th>`).join("")}</tr></thead>
        <tbody>${weeks
          .map(
            (week) =>
              `<tr>${week
                .map((iso) => {
                  if (!iso) return "<td></td>";
                  const day = byDate.get(iso);
                  const state = day ? (day.solved ? (day.on_day ? "solved" : "late") : "played") : iso > today ? "future" : "open";
                  const late = state === "late" ? " (not on its day or with too much help: no streak)" : "";
                  const label = `${iso}: ${
                    day
                      ? day.solved
                        ? `solved in ${clock(day.time)}, ${day.score} points, ${hintWords(day.hints)}, ${counted(day.undos, "undo")}${late}`
                        : "played, not solved"
                      : iso > today
                        ? "not yet"
                        : "not played"
                  }`;
                  const cls = `cal-day is-${state}${iso === date ? " is-current" : ""}${iso === today ? " is-today" : ""}`;
                  const inner = iso > today ? `<span>${Number(iso.slice(8))}</span>` : `<a href="/daily?date=${iso}" data-link aria-label="${esc(label)}">${Number(iso.slice(8))}</a>`;
                  return `<td class="${cls}" title="${esc(label)}">${inner}</td>`;
                })
                .join("")}</tr>`,
          )
          .join("")}</tbody>
      </table>
      <p class="cal-key muted"><span class="key is-solved"></span> solved <span class="key is-late"></span> solved, no streak <span class="key is-played"></span> played</p>`;
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
      ? `<table><thead><tr><th>Date</th><th class="num">Score</th><th class="num">Time</th><th class="num">Hints</th><th class="num">Undos</th></tr></thead><tbody>${best
          .map(
            (d) =>
              `<tr><td><a href="/daily?date=${esc(d.date)}" data-link>${esc(d.date)}</a></td><td class="num">${esc(d.score)}</td><td class="num">${esc(clock(d.time))}</td><td class="num">${esc(
                d.hints,
              )}</td><td class="num">${esc(d.undos)}</td></tr>`,
          )
          .join("")}</tbody></table>`
      : `<p class="muted">Solve a daily board to see your best times here.</p>`;
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
        ? `<table><thead><tr><th class="num">#</th><th>Name</th><th class="num">Score</th><th class="num">Time</th><th>Help</th></tr></thead><tbody>${rows
            .slice(0, 10)
            .map(
              (r) =>
                `<tr><td class="num">${esc(r.rank)}</td><td>${esc(r.name)}</td><td class="num">${esc(r.score)}</td><td class="num">${esc(
                  clock(r.time),
                )}</td><td class="help-mark">${r.hints ? `<span class="hinted">${esc(hintWords(r.hints))}</span>` : `<span class="muted">unaided</span>`}</td></tr>`,
            )
            .join("")}</tbody></table>`
        : `<p class="muted">No one has solved this board yet.</p>`;
    } catch {
      side.querySelector(".board-leaders").innerHTML = `<p class="muted">No leaderboard available.</p>`;
    }
  }

  const controller = mountGame(main.querySelector(".daily-game"), {
    title: `Daily Challenge · ${date}`,
    load: () => api.startDaily(date, utcOffset()),
    newGame: () => api.restartDaily(date, utcOffset()),
    replay: () => api.restartDaily(date, utcOffset()),
    newLabel: isToday ? "Restart Today" : "Restart This Challenge",
    onChange: () => refreshSide(),
  });
  drawStreaks();
  drawCalendar();
  drawBest();
  refreshSide();
  void navigate;
  return () => controller.destroy();
}
