// The English catalogue in use, for the page's modules under Node (no server to fetch
// it from): `import "./english.mjs";` before the module under test.
import { readdirSync, readFileSync } from "node:fs";
import { useCatalogue } from "../../src/tilematch/web/js/i18n.js";

const folder = new URL("../../src/tilematch/locales/en/", import.meta.url);
const messages = {};
for (const name of readdirSync(folder)) {
  if (name.endsWith(".json")) Object.assign(messages, JSON.parse(readFileSync(new URL(name, folder), "utf-8")));
}
useCatalogue("en", messages);
