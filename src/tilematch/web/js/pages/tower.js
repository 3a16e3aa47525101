// @ts-check
// Emperor's Tower: the campaign map — 150 levels, locks and stars.

import { api } from "../api.js";
import { counted, esc, layoutTitle } from "../dom.js";
import { t } from "../i18n.js";

const LOCK =
  '<svg class="lock" viewBox="0 0 16 16" width="13" height="13" aria-hidden="true" focusable="false">' +
  '<rect x="3" y="7" width="10" height="8" rx="1.5" fill="currentColor"/>' +
  '<path d="M5 7V5a3 3 0 0 1 6 0v2" fill="none" stroke="currentColor" stroke-width="1.8"/></svg>';
const stars = (n) => `${"★".repeat(n || 0)}${"☆".repeat(Math.max(0, 3 - (n || 0)))}`;

/** The sentences of a locked level opened by its address. */
export const LOCKED_WORDS = {
  title: (level) => t("game.locked.title", { level }),
  get map() {
    return t("game.locked.map");
  },
  next: (level) => t("game.locked.next", { level }),
};

/** The highest unlocked level not yet cleared (the one to play next), or null. */
export function nextToPlay(levels) {
  const open = (levels || []).filter((l) => l.unlocked && !(l.stars > 0));
  return open.length ? open[open.length - 1].level : null;
}

/**
 * Show, in place of the board, that a level opened by its address is locked: the
 * server's sentence once, a way back to the map and the level to play next.
 * @param {HTMLElement} host
 * @param {number} level
 * @param {string} reason the server's sentence ("Level 7 unlocks when level 6 is cleared.")
 */
export async function showLockedLevel(host, level, reason) {
  host.innerHTML = `<section class="card locked-level" role="alert" aria-labelledby="locked-title">
    <h1 id="locked-title">${esc(LOCKED_WORDS.title(level))}</h1>
    <p>${esc(reason)}</p>
    <p class="actions"><a class="button primary" href="/tower" data-link>${esc(LOCKED_WORDS.map)}</a></p></section>`;
  try {
    const next = nextToPlay((await api.campaign()).levels);
    const actions = host.querySelector(".locked-level .actions");
    if (actions && next != null && next !== level) {
      actions.insertAdjacentHTML(
        "beforeend",
        ` <a class="button" href="/play/blackwhite/tower?level=${next}" data-link>${esc(LOCKED_WORDS.next(next))}</a>`,
      );
    }
  } catch {
    // the map link is enough when the campaign cannot be read
  }
}

export default async function tower(main) {
  main.innerHTML = `<div class="tower-page"><h1>Emperor's Tower</h1>
    <p class="muted">150 Black &amp; White levels. Clear a level to unlock the next one.
    ★ cleared · ★★ cleared with a quarter of the time left · ★★★ half the time left and no shuffle. ◆ stone tiles on the board.
    From level 5 on, taking the first pair you see leads into dead ends: look ahead.</p>
    <div class="tower-summary"></div><div class="tower-map"><p class="loading">Loading…</p></div></div>`;
  const data = await api.campaign();
  const levels = data.levels || [];
  const earned = levels.reduce((sum, l) => sum + (l.stars || 0), 0);
  const cleared = levels.filter((l) => (l.stars || 0) > 0).length;
  main.querySelector(".tower-summary").innerHTML = `<dl class="stat-row">
      <div><dt>Cleared</dt><dd>${cleared} / ${levels.length}</dd></div>
      <div><dt>Stars</dt><dd>${earned} / ${levels.length * 3}</dd></div></dl>`;
  const floors = [];
  for (let i = 0; i < levels.length; i += 10) floors.push(levels.slice(i, i + 10));
  main.querySelector(".tower-map").innerHTML = floors
    .map((floor, index) => {
      const from = floor[0].level;
      const to = floor[floor.length - 1].level;
      return `<section class="floor" aria-label="Floor ${index + 1}, levels ${from} to ${to}">
        <h2>Floor ${index + 1} <span class="muted">levels ${from}–${to}</span></h2>
        <ol class="levels">${floor
          .map((l) => {
            const label = `Level ${l.level}, ${layoutTitle(l.layout)}, ${String(l.difficulty).replace("_", " ")}${l.stones ? `, ${counted(l.stones, "stone")}` : ""}, ${
              l.unlocked ? (l.stars ? `${l.stars} of 3 stars` : "not cleared yet") : "locked"
            }`;
            const body = `<span class="lv-num">${l.level}</span><span class="lv-stars" aria-hidden="true">${
              l.unlocked ? stars(l.stars) : LOCK
            }</span><span class="lv-info">${esc(layoutTitle(l.layout))}${l.stones ? ` · ${l.stones}◆` : ""}</span>`;
            return l.unlocked
              ? `<li><a class="level is-open${l.stars ? " is-cleared" : ""}" href="/play/blackwhite/tower?level=${l.level}" data-link aria-label="${esc(
                  label,
                )}">${body}</a></li>`
              : `<li><span class="level is-locked" role="img" aria-label="${esc(label)}">${body}</span></li>`;
          })
          .join("")}</ol></section>`;
    })
    .join("");
}
