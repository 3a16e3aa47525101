// The page's catalogues for module tests without a page: `useLocale("en")` reads
// src/tilematch/locales/<locale>/*.json as GET /api/locales/<locale> serves them and
// hands them to i18n.js, so the modules speak as they do in the browser.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

import { useCatalogue } from "../../src/tilematch/web/js/i18n.js";

const LOCALES = fileURLToPath(new URL("../../src/tilematch/locales/", import.meta.url));

/** Every message of `locale`, merged from its domain files. */
export function catalogue(locale) {
  const folder = join(LOCALES, locale);
  const messages = {};
  for (const file of readdirSync(folder).filter((f) => f.endsWith(".json")).sort()) {
    Object.assign(messages, JSON.parse(readFileSync(join(folder, file), "utf8")));
  }
  return messages;
}

/** Make the page's modules speak `locale`. */
export function useLocale(locale) {
  // i18n.js marks <html lang>; Node has no document, so it gets a stand-in
  globalThis.document ??= /** @type {any} */ ({ documentElement: {} });
  useCatalogue(locale, catalogue(locale));
}

useLocale("en");
