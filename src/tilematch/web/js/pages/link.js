// @ts-check
// The other device: type (or bring from the QR code's link) a one-time code, and this
// browser plays as that player from now on. The server checks the code.

import { api } from "../api.js";
import { announce, esc } from "../dom.js";
import { t } from "../i18n.js";

/** Every sentence of the page, in one place, read from the catalogue when used. */
const WORDS = {
  get title() {
    return t("pages.link.title");
  },
  get help() {
    return t("pages.link.help");
  },
  get field() {
    return t("pages.link.field");
  },
  get submit() {
    return t("pages.link.submit");
  },
  get working() {
    return t("pages.link.working");
  },
  get next() {
    return t("pages.link.next");
  },
  get results() {
    return t("pages.link.results");
  },
  get daily() {
    return t("pages.link.daily");
  },
  /** @param {string | null} name */
  done: (name) => (name ? t("pages.link.done_named", { name }) : t("pages.link.done")),
};

/** @param {HTMLElement} main @param {{query: URLSearchParams}} context */
export default async function link(main, { query }) {
  const given = query.get("code") || "";
  if (given) history.replaceState(null, "", "/link"); // the code leaves the address bar and history
  main.innerHTML = `<div class="link-page"><section class="card"><h1>${esc(WORDS.title)}</h1>
    <p>${esc(WORDS.help)}</p>
    <form class="link-form"><label>${esc(WORDS.field)}
      <input name="code" class="code-input" value="${esc(given)}" maxlength="20" autocomplete="one-time-code"
        autocapitalize="characters" spellcheck="false" required></label>
      <button type="submit" class="primary">${esc(WORDS.submit)}</button></form>
    <p class="link-status" role="status"></p></section></div>`;
  const form = /** @type {HTMLFormElement} */ (main.querySelector(".link-form"));
  const status = /** @type {HTMLElement} */ (main.querySelector(".link-status"));
  const input = /** @type {HTMLInputElement} */ (form.elements.namedItem("code"));
  if (!given) input.focus();
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const button = /** @type {HTMLButtonElement} */ (form.querySelector("button"));
    button.disabled = true;
    status.textContent = WORDS.working;
    try {
      const player = await api.link(input.value);
      form.remove();
      status.innerHTML = `${esc(WORDS.done(player.name))} ${esc(WORDS.next)}
        <a href="/results" data-link>${esc(WORDS.results)}</a> · <a href="/daily" data-link>${esc(WORDS.daily)}</a>`;
      announce(WORDS.done(player.name));
    } catch (error) {
      status.textContent = /** @type {Error} */ (error).message;
      button.disabled = false;
    }
  });
}
