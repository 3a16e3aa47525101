// @ts-check
// Pure: the statistics page's figures as the texts of its tables, and where a filter
// choice leads. No DOM, network or storage; every figure comes from the server.

import { clock, GAME_NAMES } from "../dom.js";
import { formatNumber } from "../i18n.js";

/** A share (0 to 1) as a whole percentage written for the locale; "–" for none. */
export const percent = (value) => (value == null ? "–" : formatNumber(Math.round(value * 100) / 100, { style: "percent" }));

/** A figure with at most one decimal, written for the locale; "–" for none. */
export const decimal = (value) => (value == null ? "–" : formatNumber(Math.round(value * 10) / 10, { maximumFractionDigits: 1 }));

/**
 * The rows of the by-board table: label, game, played, won, win rate, best and median
 * time, best score, hints and undos a game.
 * @param {any[]} boards the `boards` of GET /api/statistics
 * @returns {string[][]}
 */
export function boardRows(boards) {
  return boards.map((b) => [
    b.label,
    GAME_NAMES[b.game] || b.game,
    formatNumber(b.played),
    formatNumber(b.won),
    percent(b.win_rate),
    clock(b.best_time),
    clock(b.median_time),
    b.best_score == null ? "–" : formatNumber(b.best_score),
    decimal(b.hints_per_game),
    decimal(b.undos_per_game),
  ]);
}

/**
 * Whether the player has any figure to show (else the page says how to get some).
 * @param {any} data GET /api/statistics
 */
export function hasFigures(data) {
  return data.totals.played > 0 || Boolean(data.daily && data.daily.days.length) || Boolean(data.tower && data.tower.cleared);
}

/**
 * The address of the page for a filter choice ("game/mode", or "" for all games).
 * @param {string} choice
 */
export function filterPath(choice) {
  const [game, mode] = String(choice || "").split("/");
  return game && mode ? `/stats?game=${encodeURIComponent(game)}&mode=${encodeURIComponent(mode)}` : "/stats";
}
