// The page's catalogues for the module tests: `useLocale("ja")` reads every domain file
// of src/tilematch/locales/ja and gives it to web/js/i18n.js, as the page does after
// GET /api/locales/ja. Node has no document, so a bare <html> stands in for its `lang`.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { useCatalogue } from "../../src/tilematch/web/js/i18n.js";

const LOCALES = join(dirname(fileURLToPath(import.meta.url)), "../../src/tilematch/locales");

/** Every message of `code`, merged from its domain files. @param {string} code */
export function messagesOf(code) {
  const folder = join(LOCALES, code);
  const messages = {};
  for (const name of readdirSync(folder).filter((n) => n.endsWith(".json")).sort()) {
    Object.assign(messages, JSON.parse(readFileSync(join(folder, name), "utf-8")));
  }
  return messages;
}

/** Make the page's modules speak `code`. @param {string} code */
export function useLocale(code) {
  if (typeof globalThis.document === "undefined") globalThis.document = { documentElement: { lang: "" } };
  useCatalogue(code, messagesOf(code));
}

useLocale("en");
