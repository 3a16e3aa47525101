// @ts-check
// The player's language: every sentence on the page comes from the catalogue of the
// chosen locale (GET /api/locales/<locale>), by message id. The server reads the same
// catalogues for the sentences it composes.

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
  document.documentElement.lang = code;
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
