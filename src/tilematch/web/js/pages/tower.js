// @ts-check
// Emperor's Tower: the campaign map — 150 levels, locks and stars.

import { api } from "../api.js";
import { esc, layoutTitle } from "../dom.js";
import { formatNumber, t } from "../i18n.js";

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
  main.innerHTML = `<div class="tower-page"><h1>${esc(t("pages.tower.title"))}</h1>
    <p class="muted">${esc(t("pages.tower.intro"))}
    ${esc(t("pages.tower.stars"))}
    ${esc(t("pages.tower.look_ahead"))}</p>
    <div class="tower-summary"></div><div class="tower-map"><p class="loading">${esc(t("pages.shared.loading"))}</p></div></div>`;
  const data = await api.campaign();
  const levels = data.levels || [];
  const earned = levels.reduce((sum, l) => sum + (l.stars || 0), 0);
  const cleared = levels.filter((l) => (l.stars || 0) > 0).length;
  main.querySelector(".tower-summary").innerHTML = `<dl class="stat-row">
      <div><dt>${esc(t("pages.tower.cleared"))}</dt><dd>${formatNumber(cleared)} / ${formatNumber(levels.length)}</dd></div>
      <div><dt>${esc(t("pages.tower.stars_earned"))}</dt><dd>${formatNumber(earned)} / ${formatNumber(levels.length * 3)}</dd></div></dl>`;
  const floors = [];
  for (let i = 0; i < levels.length; i += 10) floors.push(levels.slice(i, i + 10));
  main.querySelector(".tower-map").innerHTML = floors
    .map((floor, index) => {
      const from = floor[0].level;
      const to = floor[floor.length - 1].level;
      const floorNumber = { floor: index + 1, from, to };
      return `<section class="floor" aria-label="${esc(t("pages.tower.floor_label", floorNumber))}">
        <h2>${esc(t("pages.tower.floor", floorNumber))} <span class="muted">${esc(t("pages.tower.floor_levels", floorNumber))}</span></h2>
        <ol class="levels">${floor
          .map((l) => {
            const label = [
              t("pages.shared.level", { level: l.level }),
              layoutTitle(l.layout),
              // i18n-ids: pages.shared.difficulty.relaxed pages.shared.difficulty.standard
              // i18n-ids: pages.shared.difficulty.zen_master
              t(`pages.shared.difficulty.${l.difficulty}`),
              ...(l.stones ? [t("pages.tower.stones", { count: l.stones })] : []),
              l.unlocked ? (l.stars ? t("pages.tower.stars_of", { count: l.stars }) : t("pages.tower.not_cleared")) : t("pages.tower.locked"),
            ].join(t("pages.tower.label_separator"));
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
