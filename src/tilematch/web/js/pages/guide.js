// @ts-check
// Tile Guide: every face with its name and what it matches (from /api/tiles, which
// names the tiles in the page's language; the words around them are the guide domain).

import { api } from "../api.js";
import { esc } from "../dom.js";
import { t } from "../i18n.js";
import { tilePicture } from "../board/tiles.js";

/**
 * @typedef {object} GuideTile
 * @property {string} code
 * @property {string} name
 * @property {string} [symbol_name]
 * @property {string} [suit]
 * @property {string | null} [colour]
 * @property {string[]} [partners]
 */

/**
 * The catalogue text `id` as markup, with `{slot}` placeholders replaced by markup
 * (`slots` is already escaped; the text itself is escaped here).
 * @param {string} id
 * @param {Record<string, string>} slots
 * @param {Record<string, string | number>} [params]
 */
function withMarkup(id, slots, params = {}) {
  return esc(t(id, params)).replace(/\{([a-z_][a-z0-9_]*)\}/g, (whole, name) => slots[name] ?? whole);
}

/**
 * The names of `codes`, joined the locale's way.
 * @param {string[]} codes
 * @param {Map<string, GuideTile>} byCode
 */
function nameList(codes, byCode) {
  return codes.map((c) => byCode.get(c)?.name || c).join(t("guide.list_separator"));
}

/**
 * " and 3 more" after a shortened list, or nothing.
 * @param {number} hidden
 */
function more(hidden) {
  return hidden > 0 ? ` ${t("guide.more", { count: hidden })}` : "";
}

/**
 * @param {GuideTile} tile
 * @param {Map<string, GuideTile>} byCode
 */
function card(tile, byCode) {
  const partners = tile.partners || [];
  const same = partners.length === 1 && partners[0] === tile.code;
  const shown = partners.slice(0, 8);
  const pictures = `<span class="partner-pics">${shown.map((c) => tilePicture(c, byCode.get(c)?.name || c)).join("")}</span>`;
  return `<li class="guide-tile" data-code="${esc(tile.code)}">
    ${tilePicture(tile.code, tile.name)}
    <div><strong>${esc(tile.name)}</strong> <code>${esc(tile.code)}</code>
    <div class="matches">${
      same
        ? esc(t("guide.matches_identical"))
        : `${withMarkup("guide.matches", { tiles: pictures })}${esc(more(partners.length - shown.length))}
          <span class="sr-only">${esc(nameList(shown, byCode))}</span>`
    }</div></div></li>`;
}

/**
 * The sections of plain tiles: suit, heading and the rule under it.
 * @param {Map<string, GuideTile>} byCode
 * @returns {[string, string, string][]}
 */
function sections(byCode) {
  const name = (/** @type {string} */ code) => byCode.get(code)?.symbol_name || byCode.get(code)?.name || code;
  const identical = t("guide.rule.identical");
  const gap = t("guide.sentence_separator");
  const bird = t("guide.rule.bird", { tile: name("1s") });
  const frame = t("guide.rule.frame", { white: name("5z"), frame: t("tiles.face.frame_dragon") });
  return [
    ["m", t("tiles.suit.m"), identical],
    ["p", t("tiles.suit.p"), identical],
    ["s", t("tiles.suit.s"), identical + gap + bird],
    ["z", t("guide.section.honours"), identical + gap + frame],
    ["f", t("tiles.suit.f"), t("guide.rule.bonus")],
  ];
}

export default async function guide(main) {
  const settings = `<a href="/settings" data-link>${esc(t("guide.settings_link"))}</a>`;
  main.innerHTML = `<div class="guide-page"><h1>${esc(t("guide.title"))}</h1>
    <p class="muted">${esc(t("guide.intro") + t("guide.sentence_separator"))}${withMarkup("guide.marks", { settings })}</p>
    <div class="guide-body"><p class="loading">${esc(t("guide.loading"))}</p></div></div>`;
  /** @type {GuideTile[]} */
  const tiles = await api.tiles();
  const byCode = new Map(tiles.map((tile) => [tile.code, tile]));
  const plain = tiles.filter((tile) => !tile.colour);
  const bw = tiles.filter((tile) => tile.colour);
  let html = sections(byCode)
    .map(
      ([suit, title, text]) => `<section class="guide-section"><h2>${esc(title)}</h2><p class="muted">${esc(text)}</p>
      <ul class="guide-grid">${plain
        .filter((tile) => (tile.suit || tile.code[1]) === suit)
        .map((tile) => card(tile, byCode))
        .join("")}</ul></section>`,
    )
    .join("");
  if (bw.length) {
    const symbols = [...new Set(bw.map((tile) => tile.code.slice(1)))];
    html += `<section class="guide-section"><h2>${esc(t("guide.bw.title"))}</h2>
      <p class="muted">${esc(t("guide.bw.text"))}</p>
      <ul class="guide-grid bw-grid">${symbols
        .map((sym) => {
          const black = byCode.get(`b${sym}`);
          const white = byCode.get(`w${sym}`);
          const one = black || white;
          if (!one) return "";
          const partners = one.partners || [];
          const sentence = t("guide.bw.matches", { tile: one.name, partners: nameList(partners.slice(0, 4), byCode) });
          return `<li class="guide-tile bw-pair">${black ? tilePicture(black.code, black.name) : ""}${white ? tilePicture(white.code, white.name) : ""}
            <div><strong>${esc(one.symbol_name || one.name)}</strong>
            <div class="matches">${esc(sentence + more(partners.length - 4))}</div></div></li>`;
        })
        .join("")}</ul></section>`;
  }
  const body = main.querySelector(".guide-body");
  if (body) body.innerHTML = html;
}
