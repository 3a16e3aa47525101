// @ts-check
// The game's two dialogs: the end of a game (summary, score ledger, share link) and
// "no moves left" (undo, shuffle, replay or look). Their buttons carry `data-action`
// and are run by the controller.
//
//   const dialogs = createDialogs(endDialog, noMovesDialog, { say, shareUrl, newLabel, extraEnd });
//   dialogs.openEnd(view); dialogs.openNoMoves(view, refused); dialogs.close();

import { api } from "../api.js";
import { esc } from "../dom.js";
import { formatNumber, t } from "../i18n.js";
import { shuffleWord } from "./hud.js";
import { gameLine } from "./names.js";
import { END_WORDS, endTitle, groupLedger, standingWords, summaryRows, unrankedWords } from "./state.js";

/** @typedef {import("../types.js").View} View */

/**
 * @typedef {object} DialogOptions
 * @property {(text: string, kind?: string) => void} say writes the message line
 * @property {(view: View) => string} shareUrl the share link of a finished view
 * @property {string} [newLabel] the label of the New Game button
 * @property {(view: View) => string} [extraEnd] markup of extra end-dialog buttons
 * @property {(id: string) => Promise<any>} [standing] how a finished game compares
 *   with the player's others (default: the server's answer)
 */

/**
 * The ledger's markup: equal lines grouped into one ("72 × Pair x1", 100 each, 7200).
 * @param {{label: string, points: number}[]} ledger
 * @param {number | undefined} score
 */
function ledgerMarkup(ledger, score) {
  const groups = groupLedger(ledger);
  const rows = groups
    .map(
      (g) =>
        `<tr><td>${esc(END_WORDS.grouped(g.label, g.count))}${
          g.count > 1 ? ` <span class="muted">${esc(END_WORDS.each(g.points))}</span>` : ""
        }</td><td class="num">${esc(formatNumber(g.total))}</td></tr>`,
    )
    .join("");
  return `<details class="ledger"${groups.length <= 12 ? " open" : ""}><summary>${esc(
    END_WORDS.ledger(groups.length, ledger.length),
  )}</summary>
    <table><thead><tr><th>${esc(t("game.end.ledger_item"))}</th><th class="num">${esc(t("game.end.ledger_points"))}</th></tr></thead><tbody>${rows}
    <tr class="total"><th>${esc(t("game.end.ledger_total"))}</th><td class="num">${esc(number(score))}</td></tr></tbody></table></details>`;
}

/** A number of the page's locale, or nothing. @param {number | undefined | null} n */
function number(n) {
  return n == null ? "" : formatNumber(n);
}

/** The markup of the no-moves dialog, to be placed once in the game's section. */
export function noMovesMarkup() {
  return `
    <dialog class="nomoves-dialog" aria-labelledby="nomoves-title">
      <h2 id="nomoves-title">${esc(t("game.nomoves.title"))}</h2>
      <p class="nomoves-text">${esc(t("game.nomoves.text"))}</p>
      <div class="actions">
        <button type="button" data-action="undo">${esc(t("game.control.undo"))}</button>
        <button type="button" data-action="shuffle" class="primary">${esc(t("game.control.shuffle"))}</button>
        <button type="button" data-action="replay">${esc(t("game.control.replay"))}</button>
        <button type="button" data-action="look">${esc(t("game.control.look"))}</button>
      </div>
    </dialog>`;
}

/**
 * @param {HTMLDialogElement} endDialog
 * @param {HTMLDialogElement} noMovesDialog
 * @param {DialogOptions} options
 */
export function createDialogs(endDialog, noMovesDialog, options) {
  const { say } = options;

  /** @param {string} selector */
  function button(selector) {
    return /** @type {HTMLButtonElement} */ (noMovesDialog.querySelector(selector));
  }

  /** Ask the server how this game compares with my others, and say it under the title. */
  async function showStanding(view) {
    const line = /** @type {HTMLElement | null} */ (endDialog.querySelector(".standing"));
    if (!line || !view.id) return;
    try {
      const standing = await (options.standing || api.standing)(view.id);
      if (!endDialog.contains(line)) return; // the dialog was redrawn meanwhile
      line.textContent = standingWords(standing);
      line.hidden = false;
    } catch {
      // no stored result to compare with (or the server is away): say nothing
    }
  }

  return {
    get noMovesOpen() {
      return noMovesDialog.open;
    },

    close() {
      if (endDialog.open) endDialog.close();
      if (noMovesDialog.open) noMovesDialog.close();
    },

    closeNoMoves() {
      if (noMovesDialog.open) noMovesDialog.close();
    },

    /** @param {View} view */
    openEnd(view) {
      const s = view.summary || { score: view.score };
      const ledger = view.ledger || [];
      const link = options.shareUrl(view);
      const rows = summaryRows(s)
        .map(([label, value]) => `<tr><th scope="row">${esc(label)}</th><td class="num">${esc(value)}</td></tr>`)
        .join("");
      endDialog.innerHTML = `
      <h2 id="end-title">${esc(endTitle(view))}</h2>
      <p class="muted">${esc(gameLine(view))}</p>
      <p class="standing" aria-live="polite" hidden></p>
      <table class="summary"><tbody>${rows}</tbody></table>
      ${unrankedWords(view) ? `<p class="unranked">${esc(unrankedWords(view))}</p>` : ""}
      ${ledger.length ? ledgerMarkup(ledger, view.score) : ""}
      <label class="share">${esc(t("game.end.share"))}
        <input type="text" readonly value="${esc(link)}" aria-label="${esc(t("game.end.share_link"))}">
      </label>
      <div class="actions">
        ${options.extraEnd ? options.extraEnd(view) : ""}
        <button type="button" class="primary" data-action="new">${esc(options.newLabel || t("game.control.new"))}</button>
        <button type="button" data-action="replay">${esc(t("game.control.replay"))}</button>
        <button type="button" data-action="copy">${esc(t("game.end.copy"))}</button>
        <button type="button" data-action="look">${esc(t("game.control.look"))}</button>
        <a class="button" href="/results" data-link>${esc(t("game.end.results"))}</a>
      </div>`;
      const copy = /** @type {HTMLButtonElement} */ (endDialog.querySelector('[data-action="copy"]'));
      copy.addEventListener("click", async (e) => {
        e.stopPropagation();
        const input = /** @type {HTMLInputElement} */ (endDialog.querySelector(".share input"));
        input.select();
        try {
          await navigator.clipboard.writeText(input.value);
          say(t("game.end.copied"));
        } catch {
          say(t("game.end.copy_by_hand"));
        }
      });
      showStanding(view);
      if (!endDialog.open) endDialog.showModal();
      // on a short screen the dialog scrolls: keep its title in sight
      /** @type {HTMLButtonElement} */ (endDialog.querySelector(".primary")).focus({ preventScroll: true });
      endDialog.scrollTop = 0;
      const words = [endTitle(view)];
      if (view.score != null) words.push(t("game.end.said_score", { score: view.score }));
      if (unrankedWords(view)) words.push(unrankedWords(view));
      say(words.join(t("game.sentence_gap")), view.status === "won" ? "ok" : "warn");
    },

    /**
     * @param {View} view
     * @param {{type: string, message: string} | null} refused the action the server
     *   just refused, whose words the dialog shows
     */
    openNoMoves(view, refused = null) {
      const tokens = view.counters ? view.counters.tokens : null;
      /** @type {HTMLElement} */ (noMovesDialog.querySelector(".nomoves-text")).textContent = refused
        ? refused.message
        : tokens != null
          ? t("game.nomoves.text_tokens", { count: tokens })
          : t("game.nomoves.text");
      const undo = button('[data-action="undo"]');
      undo.disabled = !(view.counters && (view.counters.moves ?? 0) > 0);
      const shuffle = button('[data-action="shuffle"]');
      shuffle.textContent = shuffleWord(view.game);
      shuffle.disabled = tokens === 0 || (refused != null && refused.type === "shuffle");
      if (!noMovesDialog.open) noMovesDialog.showModal();
      (shuffle.disabled ? undo : shuffle).focus();
      say(refused ? refused.message : t("game.nomoves.said"), "warn");
    },
  };
}
