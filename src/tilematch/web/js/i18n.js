// @ts-check
// The player's language: every sentence on the page comes from the catalogue of the
// chosen locale (GET /api/locales/<locale>), by message id. The server reads the same
// catalogues for the sentences it composes. Dates, relative times, clocks and lists of
// names go through Intl with the page's locale.

/** @typedef {string | Record<string, string>} Text */

/** The locales players can choose, in the picker's order. */
export const LOCALES = ["en", "ja", "zh-Hans", "zh-Hant", "ko", "de", "fr", "es"];

let current = "en";
/** @type {Record<string, Text>} */
let messages = {};
/** @type {Intl.PluralRules} */
let plurals = new Intl.PluralRules("en");
/** @type {Intl.NumberFormat} */
let numbers = new Intl.NumberFormat("en");

/** The locale the page speaks. */
export function locale() {
  return current;
}

/**
 * Use `catalogue` for locale `code` from now on.
 * @param {string} code
 * @param {Record<string, Text>} catalogue
 */
export function useCatalogue(code, catalogue) {
  current = code;
  messages = catalogue;
  plurals = new Intl.PluralRules(code);
  numbers = new Intl.NumberFormat(code);
  if (typeof document !== "undefined") document.documentElement.lang = code;
}

/**
 * Fetch and use the catalogue of `code`.
 * @param {string} code
 */
export async function loadLocale(code) {
  const response = await fetch(`/api/locales/${encodeURIComponent(code)}`, {
    headers: { Accept: "application/json" },
    credentials: "same-origin",
  });
  if (!response.ok) throw new Error(`locale ${code}: ${response.status}`);
  const data = await response.json();
  useCatalogue(data.locale, data.messages);
}

/**
 * The catalogue of `code` without using it (the start page's offer is written in the
 * language it offers).
 * @param {string} code
 * @returns {Promise<Record<string, Text>>}
 */
export async function fetchCatalogue(code) {
  const response = await fetch(`/api/locales/${encodeURIComponent(code)}`, {
    headers: { Accept: "application/json" },
    credentials: "same-origin",
  });
  if (!response.ok) throw new Error(`locale ${code}: ${response.status}`);
  return (await response.json()).messages;
}

/**
 * Our locale that a browser language tag names ("ja-JP" is "ja", "zh-TW" is "zh-Hant"),
 * or null. The server's negotiation reads tags the same way.
 * @param {string} tag
 * @returns {string | null}
 */
export function matchLocale(tag) {
  const lower = String(tag || "").toLowerCase().replace(/_/g, "-");
  const exact = LOCALES.find((code) => code.toLowerCase() === lower);
  if (exact) return exact;
  const parts = lower.split("-");
  if (parts[0] === "zh") {
    if (parts.includes("hant") || ["tw", "hk", "mo"].includes(parts[1])) return "zh-Hant";
    if (parts.includes("hans") || parts.length === 1 || ["cn", "sg", "my"].includes(parts[1])) return "zh-Hans";
    return null;
  }
  return LOCALES.find((code) => code === parts[0]) ?? null;
}

/** Tell the page that the language changed (it re-renders the shell and the current page). */
export const LOCALE_CHANGED = "tilematch:locale";

/**
 * Load `code` and re-render: the shell's marked texts at once, then the current page
 * (the app listens for {@link LOCALE_CHANGED} and puts the promise of its re-rendering
 * in `event.detail.rendering`); resolves once the page is drawn again.
 * @param {string} code
 */
export async function switchLocale(code) {
  await loadLocale(code);
  translateShell();
  /** @type {{ locale: string, rendering: Promise<unknown>[] }} */
  const detail = { locale: code, rendering: [] };
  window.dispatchEvent(new CustomEvent(LOCALE_CHANGED, { detail }));
  await Promise.all(detail.rendering); // the listeners' re-rendering
}

/**
 * Translate the texts the shell marks with `data-i18n` (an element's text) and
 * `data-i18n-label` (its aria-label); the server renders the same marks on first paint.
 * @param {ParentNode} [root]
 */
export function translateShell(root = document) {
  for (const element of root.querySelectorAll("[data-i18n]")) {
    element.textContent = t(/** @type {string} */ (element.getAttribute("data-i18n")));
  }
  for (const element of root.querySelectorAll("[data-i18n-label]")) {
    element.setAttribute("aria-label", t(/** @type {string} */ (element.getAttribute("data-i18n-label"))));
  }
}

/**
 * A date (or a moment in milliseconds) written for the page's locale.
 * @param {Date | number} date
 * @param {Intl.DateTimeFormatOptions} [options] the default is a medium date
 */
export function formatDate(date, options = { dateStyle: "medium" }) {
  return new Intl.DateTimeFormat(current, options).format(date);
}

/**
 * How long ago (negative) or from now (positive) `seconds` is, in the largest fitting
 * unit: "3 minutes ago", "vor 3 Minuten", "3分前".
 * @param {number} seconds
 */
export function formatRelative(seconds) {
  const format = new Intl.RelativeTimeFormat(current, { numeric: "auto" });
  const size = Math.abs(seconds);
  /** @type {[Intl.RelativeTimeFormatUnit, number][]} */
  const units = [
    ["day", 86400],
    ["hour", 3600],
    ["minute", 60],
  ];
  for (const [unit, length] of units) {
    if (size >= length) return format.format(Math.round(seconds / length), unit);
  }
  return format.format(Math.round(seconds), "second");
}

/**
 * A game clock: seconds as m:ss, or h:mm:ss from an hour on (digits are the same in
 * every locale of ours; a missing time is "–").
 * @param {number | null | undefined} seconds
 */
export function formatClock(seconds) {
  if (seconds == null || Number.isNaN(seconds)) return "–";
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const r = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${r}` : `${m}:${r}`;
}

/**
 * Names joined as the locale joins them: "Ann, Bo and Cy", "Ann、Bo、Cy", "Ann, Bo und Cy".
 * @param {string[]} names
 * @param {"conjunction" | "disjunction"} [type]
 */
export function formatList(names, type = "conjunction") {
  return new Intl.ListFormat(current, { style: "long", type }).format(names);
}

/**
 * A number written for the page's locale (grouped thousands, local decimal mark).
 * @param {number} n
 * @param {Intl.NumberFormatOptions} [options]
 */
export function formatNumber(n, options) {
  return options ? new Intl.NumberFormat(current, options).format(n) : numbers.format(n);
}

/**
 * The text of message `id` with `params` filled in: numbers are written for the
 * locale, and a plural text picks its form by `params.count`. An id the catalogue
 * lacks shows as the id itself, so a missing text is seen, never silent.
 * @param {string} id
 * @param {Record<string, string | number>} [params]
 * @returns {string}
 */
export function t(id, params = {}) {
  let text = messages[id];
  if (text === undefined) return id;
  if (typeof text !== "string") {
    const count = typeof params.count === "number" ? params.count : 0;
    text = text[plurals.select(count)] ?? text.other;
  }
  return text.replace(/\{([a-z_][a-z0-9_]*)\}/g, (whole, name) => {
    if (!(name in params)) return whole;
    const value = params[name];
    return typeof value === "number" ? numbers.format(value) : String(value);
  });
}
