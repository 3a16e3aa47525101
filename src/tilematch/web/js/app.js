// @ts-check
// The page shell: settings, tile sprite, and a small client-side router.

import { applySettings } from "./storage.js";
import { installSprite } from "./board/tiles.js";
import { initSound } from "./sound.js";
import { announce, showError } from "./dom.js";
import { api } from "./api.js";
import { mountNav } from "./nav.js";
import { LOCALE_CHANGED, loadLocale, t, translateShell } from "./i18n.js";
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

/** Each page: its path, its module, the message id of its title, the nav link it lights. */
/** @type {[RegExp, Page, string, string][]} */
const ROUTES = [
  [/^\/$/, home, "common.title.play", "/"],
  [/^\/play\/([a-z]+)\/([a-z]+)\/?$/, play, "common.title.game", "/"],
  [/^\/daily\/?$/, daily, "common.title.daily", "/daily"],
  [/^\/tower\/?$/, tower, "common.title.tower", "/tower"],
  [/^\/results\/?$/, results, "common.title.results", "/results"],
  [/^\/stats\/?$/, stats, "common.title.stats", "/stats"],
  [/^\/guide\/?$/, guide, "common.title.guide", "/guide"],
  [/^\/learn\/?$/, learn, "common.title.learn", "/learn"],
  [/^\/settings\/?$/, settings, "common.title.settings", "/settings"],
  [/^\/duel\/?$/, duel, "common.title.duel", "/duel"],
  [/^\/devices\/?$/, devices, "common.title.devices", "/settings"],
  [/^\/link\/?$/, link, "common.title.link", "/settings"],
  [/^\/editor(?:\/([A-Za-z0-9]+))?\/?$/, editor, "common.title.editor", "/editor"],
  [/^\/layouts\/shared\/([A-Za-z0-9]+)\/?$/, sharedLayout, "common.title.shared_layout", "/editor"],
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
    document.title = `${t("common.title.not_found")} · tilematch`;
    const card = document.createElement("div");
    card.className = "card";
    card.innerHTML = `<h1></h1><p><a href="/" data-link></a></p>`;
    /** @type {HTMLElement} */ (card.querySelector("h1")).textContent = t("common.page.not_found");
    /** @type {HTMLElement} */ (card.querySelector("a")).textContent = t("common.page.back_home");
    main.append(card);
    return;
  }
  document.title = `${t(entry[2])} · tilematch`;
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
// A new language: the shell is translated by switchLocale, the current page is drawn
// again from the server's state (a game keeps its board, its clock and its moves).
window.addEventListener(LOCALE_CHANGED, (event) => {
  /** @type {CustomEvent<{ rendering: Promise<unknown>[] }>} */ (event).detail.rendering.push(route());
});

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
  .then(() => translateShell())
  .finally(route);
