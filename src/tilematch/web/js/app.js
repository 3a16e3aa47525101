// @ts-check
// The page shell: settings, tile sprite, and a small client-side router.

import { applySettings } from "./storage.js";
import { installSprite } from "./board/tiles.js";
import { initSound } from "./sound.js";
import { announce, showError } from "./dom.js";
import { api } from "./api.js";
import { mountNav } from "./nav.js";
import { loadLocale } from "./i18n.js";
import home from "./pages/home.js";
import play from "./pages/play.js";
import daily from "./pages/daily.js";
import tower from "./pages/tower.js";
import results from "./pages/results.js";
import stats from "./pages/stats.js";
import guide from "./pages/guide.js";
import learn from "./pages/learn.js";
import settings from "./pages/settings.js";
import duel from "./pages/duel.js";
import devices from "./pages/devices.js";
import link from "./pages/link.js";
import editor, { shared as sharedLayout } from "./pages/editor.js";

/** @typedef {import("./types.js").Page} Page */

/** @type {[RegExp, Page, string, string][]} */
const ROUTES = [
  [/^\/$/, home, "Play", "/"],
  [/^\/play\/([a-z]+)\/([a-z]+)\/?$/, play, "Game", "/"],
  [/^\/daily\/?$/, daily, "Daily Challenge", "/daily"],
  [/^\/tower\/?$/, tower, "Emperor's Tower", "/tower"],
  [/^\/results\/?$/, results, "Results", "/results"],
  [/^\/stats\/?$/, stats, "Statistics", "/stats"],
  [/^\/guide\/?$/, guide, "Tile Guide", "/guide"],
  [/^\/learn\/?$/, learn, "Why can't I select this tile?", "/learn"],
  [/^\/settings\/?$/, settings, "Settings", "/settings"],
  [/^\/duel\/?$/, duel, "Speed Duel", "/duel"],
  [/^\/devices\/?$/, devices, "My player", "/settings"],
  [/^\/link\/?$/, link, "Use my player on this device", "/settings"],
  [/^\/editor(?:\/([A-Za-z0-9]+))?\/?$/, editor, "Layout Editor", "/editor"],
  [/^\/layouts\/shared\/([A-Za-z0-9]+)\/?$/, sharedLayout, "Shared layout", "/editor"],
];

const main = /** @type {HTMLElement} */ (document.getElementById("main"));
/** @type {(() => void) | null} */
let cleanup = null;
let generation = 0;

/** Go to a page of the app without reloading. @type {import("./types.js").Navigate} */
export function navigate(url, { replace = false } = {}) {
  if (replace) history.replaceState(null, "", url);
  else history.pushState(null, "", url);
  route();
}

async function route() {
  const gen = ++generation;
  if (cleanup) {
    try {
      cleanup();
    } catch {
      /* a page that failed to clean up must not block the next one */
    }
    cleanup = null;
  }
  const path = location.pathname;
  const query = new URLSearchParams(location.search);
  /** @type {RegExpMatchArray | null} */
  let match = null;
  /** @type {[RegExp, Page, string, string] | null} */
  let entry = null;
  for (const candidate of ROUTES) {
    match = path.match(candidate[0]);
    if (match) {
      entry = candidate;
      break;
    }
  }
  for (const a of document.querySelectorAll(".site-header nav a")) {
    const active = entry && a.getAttribute("href") === entry[3];
    if (active) a.setAttribute("aria-current", "page");
    else a.removeAttribute("aria-current");
  }
  main.innerHTML = "";
  if (!entry) {
    document.title = "Not found · tilematch";
    main.innerHTML = `<div class="card"><h1>Page not found</h1><p><a href="/" data-link>Back to the start page</a></p></div>`;
    return;
  }
  document.title = `${entry[2]} · tilematch`;
  try {
    const result = await entry[1](main, { params: /** @type {RegExpMatchArray} */ (match).slice(1), query, navigate });
    if (gen !== generation) {
      if (typeof result === "function") result();
      return;
    }
    cleanup = typeof result === "function" ? /** @type {() => void} */ (result) : null;
    if (gen > 1) announce(document.title.replace(" · tilematch", ""));
  } catch (error) {
    if (gen === generation) showError(main, error);
  }
}

document.addEventListener("click", (event) => {
  if (event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const a = /** @type {HTMLAnchorElement | null} */ (/** @type {Element} */ (event.target).closest("a[href]"));
  if (!a || a.target || a.hasAttribute("download")) return;
  if ((a.getAttribute("href") || "").startsWith("#")) return; // a place on this page (the skip links)
  const url = new URL(a.href, location.href);
  if (url.origin !== location.origin || url.pathname.startsWith("/api") || url.pathname.startsWith("/docs")) return;
  event.preventDefault();
  navigate(url.pathname + url.search);
  main.focus({ preventScroll: true });
});
window.addEventListener("popstate", route);

applySettings();
mountNav();
installSprite();
initSound();
// One request first, so that a new visitor gets exactly one player cookie before
// the page fires its parallel requests (each would otherwise create a player).
// The catalogue of the page's language (set on <html lang> by the server) comes first,
// so that the first screen is already in the player's language.
api
  .me()
  .catch(() => null)
  .then(() => loadLocale(document.documentElement.lang || "en"))
  .catch(() => loadLocale("en"))
  .catch(() => null)
  .finally(route);
