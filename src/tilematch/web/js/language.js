// @ts-check
// Choosing the page's language: the picker of the settings page and the start page's
// offer on a first visit. The choice is stored for the player on the server (PATCH
// /api/me), which then serves every page and answer in it.

import { api } from "./api.js";
import { esc } from "./dom.js";
import { fetchCatalogue, LOCALES, locale, matchLocale, switchLocale, t } from "./i18n.js";

/** Each language named in itself, as players look for it in a list. */
export const LANGUAGE_NAMES = Object.freeze({
  en: "English",
  ja: "日本語",
  "zh-Hans": "简体中文",
  "zh-Hant": "繁體中文",
  ko: "한국어",
  de: "Deutsch",
  fr: "Français",
  es: "Español",
});

/** Where the start page remembers an offer the player turned down. */
const DISMISSED = "tilematch.languageOffer";

/** The first of the browser's languages that is one of ours, or null. */
export function browserLocale() {
  const tags = typeof navigator === "undefined" ? [] : navigator.languages || [navigator.language];
  for (const tag of tags) {
    const found = matchLocale(tag);
    if (found) return found;
  }
  return null;
}

/**
 * The language picker of the settings page, as HTML: its own small form, so that a
 * change is stored on the server and not among this browser's settings.
 * @param {string | null} saved the player's setting (null: follow the browser)
 */
export function languagePickerMarkup(saved) {
  const options = [
    `<option value=""${saved ? "" : " selected"}>${esc(t("common.language.follow"))}</option>`,
    ...LOCALES.map(
      (code) =>
        `<option value="${code}" lang="${code}"${saved === code ? " selected" : ""}>${esc(LANGUAGE_NAMES[code])}</option>`,
    ),
  ].join("");
  return `<form class="card language-form"><label>${esc(t("common.language.legend"))} <select name="locale">${options}</select></label>
    <p class="language-saved muted" role="status"></p></form>`;
}

/**
 * Wire the picker inside `root`: a choice is saved for the player, then the page is
 * shown in it at once (the current page is drawn again).
 * @param {ParentNode} root
 */
export function mountLanguagePicker(root) {
  const form = /** @type {HTMLFormElement | null} */ (root.querySelector(".language-form"));
  if (!form) return;
  const select = /** @type {HTMLSelectElement} */ (form.querySelector("select"));
  const status = /** @type {HTMLElement} */ (form.querySelector(".language-saved"));
  select.addEventListener("change", async () => {
    const chosen = select.value || null;
    try {
      await api.setLocale(chosen);
      await switchLocale(chosen || browserLocale() || "en");
      const after = /** @type {HTMLElement | null} */ (document.querySelector(".language-saved"));
      if (after) after.textContent = t("common.language.saved");
    } catch (error) {
      status.textContent = t("common.language.failed", { reason: String(/** @type {Error} */ (error).message || error) });
    }
  });
}

/**
 * On the start page: when the player has chosen no language, the browser names one of
 * ours and the page shows another, offer it in a small banner written in the offered
 * language. "Yes" stores it for the player; "No" is remembered in this browser.
 * @param {Element} where the start page's root (the banner goes first in it)
 * @param {string | null} saved the player's setting
 */
export async function offerLanguage(where, saved) {
  const offered = browserLocale();
  if (saved || !offered || offered === locale()) return;
  try {
    if (localStorage.getItem(DISMISSED) === offered) return;
  } catch {
    /* storage refused: offer anyway */
  }
  /** @type {Record<string, string | Record<string, string>>} */
  let texts;
  try {
    texts = await fetchCatalogue(offered);
  } catch {
    return;
  }
  const word = (id) => String(texts[id] ?? t(id));
  const banner = document.createElement("aside");
  banner.className = "language-offer card";
  banner.lang = offered;
  banner.innerHTML = `<p></p><button type="button" class="primary offer-yes"></button> <button type="button" class="offer-no"></button>`;
  /** @type {HTMLElement} */ (banner.querySelector("p")).textContent = word("common.language.offer");
  /** @type {HTMLElement} */ (banner.querySelector(".offer-yes")).textContent = word("common.language.offer_yes");
  /** @type {HTMLElement} */ (banner.querySelector(".offer-no")).textContent = word("common.language.offer_no");
  /** @type {HTMLElement} */ (banner.querySelector(".offer-yes")).addEventListener("click", async () => {
    banner.remove();
    await api.setLocale(offered);
    await switchLocale(offered);
  });
  /** @type {HTMLElement} */ (banner.querySelector(".offer-no")).addEventListener("click", () => {
    try {
      localStorage.setItem(DISMISSED, offered);
    } catch {
      /* storage refused: the banner goes for this visit */
    }
    banner.remove();
  });
  if (where.isConnected) where.prepend(banner); // not when the player has left the page
}
