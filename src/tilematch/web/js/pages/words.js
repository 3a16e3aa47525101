// @ts-check
// The pages' words in the player's language: catalogue texts that carry a little markup
// (a name in bold, a key), lists joined the way the language joins them, and dates and
// moments written for the locale. Every text comes from the catalogue (`pages.*`).

import { esc } from "../dom.js";
import { locale, t } from "../i18n.js";

/**
 * The text of message `id` as HTML: the text itself escaped, and each placeholder named
 * in `html` replaced by that markup (which the caller builds and escapes).
 * @param {string} id
 * @param {Record<string, string | number>} [params] plain parameters
 * @param {Record<string, string>} [html] parameters given as markup
 * @returns {string}
 */
export function marked(id, params = {}, html = {}) {
  const tokens = Object.fromEntries(Object.keys(html).map((name) => [name, `\u0001${name}\u0001`]));
  return esc(t(id, { ...params, ...tokens })).replace(/\u0001([a-z_][a-z0-9_]*)\u0001/g, (_, name) => html[name] ?? "");
}

/**
 * Items joined as a list the way the page's language does ("a, b and c", "a、b、c").
 * @param {string[]} items
 * @returns {string}
 */
export function listWords(items) {
  return new Intl.ListFormat(locale(), { type: "conjunction" }).format(items);
}

/**
 * A calendar date ("2026-03-01") written for the locale; anything else as it came.
 * @param {string} iso
 * @param {Intl.DateTimeFormatOptions} [options] the default is a medium date
 * @returns {string}
 */
export function dayWords(iso, options = { dateStyle: "medium" }) {
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(String(iso));
  if (!parts) return String(iso);
  const date = new Date(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3]));
  return new Intl.DateTimeFormat(locale(), options).format(date);
}

/**
 * A moment (seconds since 1970, or a date string) written for the locale; "" for none.
 * @param {number | string | null | undefined} value
 * @param {Intl.DateTimeFormatOptions} [options] the default is a short date and time
 * @returns {string}
 */
export function momentWords(value, options = { dateStyle: "short", timeStyle: "short" }) {
  if (value == null) return "";
  const date = new Date(typeof value === "number" ? value * 1000 : value);
  return Number.isNaN(date.getTime()) ? String(value) : new Intl.DateTimeFormat(locale(), options).format(date);
}

/**
 * A month ("März 2026", "2026年3月") written for the locale.
 * @param {number} year
 * @param {number} month 0 for January
 * @returns {string}
 */
export function monthWords(year, month) {
  return new Intl.DateTimeFormat(locale(), { year: "numeric", month: "long" }).format(new Date(year, month, 1));
}

/**
 * The short names of the week's days, Monday first ("Mo", "月", "lun.").
 * @returns {string[]}
 */
export function weekdayWords() {
  const format = new Intl.DateTimeFormat(locale(), { weekday: "short" });
  // 2024-01-01 was a Monday
  return Array.from({ length: 7 }, (_, i) => format.format(new Date(2024, 0, 1 + i)));
}
