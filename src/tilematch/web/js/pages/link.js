// @ts-check
// The other device: type (or bring from the QR code's link) a one-time code, and this
// browser plays as that player from now on. The server checks the code.

import { api } from "../api.js";
import { announce, esc } from "../dom.js";

/** Every sentence of the page, in one place. */
const WORDS = {
  title: "Use my player on this device",
  help: "On the device that has your player, open My player (Settings) and make a code. Type it here: this browser then plays as that player. Its own earlier games stay behind.",
  field: "Code (8 letters and digits)",
  submit: "Use this code",
  working: "Checking the code…",
  /** @param {string | null} name */
  done: (name) => (name ? `This browser now plays as ${name}.` : "This browser now plays as your player."),
  next: "Your results and Daily streaks are here now:",
  results: "Results",
  daily: "Daily Challenge",
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
