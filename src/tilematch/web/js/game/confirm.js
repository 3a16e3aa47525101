// @ts-check
// The page's own "are you sure?" dialog: a modal <dialog> with a title, a sentence
// and two buttons, the safe one focused. Escape, the safe button or a click outside
// answer no. Screen readers hear the title and the sentence (aria-labelledby and
// aria-describedby).
//
//   const ask = createConfirm(dialogElement);
//   if (await ask(LEAVE_WORDS.new("New Game"))) { ... }

import { esc } from "../dom.js";
import { t } from "../i18n.js";

/** @typedef {{title: string, text: string, yes: string, no: string}} Question */

/** What the page asks before it leaves or ends a game in progress. */
export const LEAVE_WORDS = {
  /** @param {string} label the button's own words ("New Game", "Restart Today") */
  new: (label) => ({
    title: t("game.confirm.new_title", { label }),
    text: t("game.confirm.new_text"),
    yes: label,
    no: t("game.confirm.keep_playing"),
  }),
  replay: () => ({
    title: t("game.confirm.replay_title"),
    text: t("game.confirm.replay_text"),
    yes: t("game.control.replay"),
    no: t("game.confirm.keep_playing"),
  }),
  give_up: () => ({
    title: t("game.confirm.give_up_title"),
    text: t("game.confirm.give_up_text"),
    yes: t("game.control.give_up"),
    no: t("game.confirm.keep_playing"),
  }),
};

export const CONFIRM_MARKUP =
  '<dialog class="confirm-dialog" aria-labelledby="confirm-title" aria-describedby="confirm-text"></dialog>';

/**
 * An asker bound to `dialog`: `ask(question)` opens it and resolves true for yes.
 * @param {HTMLDialogElement} dialog
 * @returns {((question: Question) => Promise<boolean>) & {readonly open: boolean}}
 */
export function createConfirm(dialog) {
  /** @type {((yes: boolean) => void) | null} */
  let answer = null;
  const finish = (yes) => {
    const done = answer;
    answer = null;
    if (dialog.open) dialog.close();
    if (done) done(yes);
  };
  dialog.addEventListener("click", (event) => {
    const target = /** @type {HTMLElement} */ (event.target);
    const button = target.closest("[data-answer]");
    event.stopPropagation();
    if (button) finish(button.getAttribute("data-answer") === "yes");
    else if (target === dialog) finish(false); // the backdrop
  });
  dialog.addEventListener("close", () => finish(false));
  // Escape answers no even when a page shortcut has taken the key's default action
  dialog.addEventListener("keydown", (event) => {
    if (/** @type {KeyboardEvent} */ (event).key === "Escape") finish(false);
  });
  /** @param {Question} q */
  function ask(q) {
    if (answer) finish(false);
    dialog.innerHTML = `<h2 id="confirm-title">${esc(q.title)}</h2><p id="confirm-text">${esc(q.text)}</p>
      <div class="actions"><button type="button" data-answer="no" class="primary">${esc(q.no)}</button>
      <button type="button" data-answer="yes">${esc(q.yes)}</button></div>`;
    return new Promise((resolve) => {
      answer = resolve;
      dialog.showModal();
      /** @type {HTMLElement} */ (dialog.querySelector('[data-answer="no"]')).focus();
    });
  }
  Object.defineProperty(ask, "open", { get: () => dialog.open });
  return /** @type {any} */ (ask);
}
