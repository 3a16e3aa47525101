// @ts-check
// Tile Guide: every face with its name and what it matches (from /api/tiles).

import { api } from "../api.js";
import { esc } from "../dom.js";
import { tilePicture } from "../board/tiles.js";

const SECTIONS = [
  ["m", "Characters", "Match the identical tile."],
  ["p", "Dots", "Match the identical tile."],
  ["s", "Bamboo", "Match the identical tile. The 1 of Bamboo is drawn as a bird (as a 1 in the high-legibility set)."],
  ["z", "Winds and Dragons", "Match the identical tile. The White Dragon is an empty frame; in Black & White it is called the Frame Dragon."],
  ["f", "Flowers and Seasons", "Any flower matches any flower, any season any season — never a flower with a season."],
];

function card(tile, byCode) {
  const partners = tile.partners || [];
  const same = partners.length === 1 && partners[0] === tile.code;
  const shown = partners.slice(0, 8);
  return `<li class="guide-tile" data-code="${esc(tile.code)}">
    ${tilePicture(tile.code, tile.name)}
    <div><strong>${esc(tile.name)}</strong> <code>${esc(tile.code)}</code>
    <div class="matches">${
      same
        ? "matches an identical tile"
        : `matches <span class="partner-pics">${shown
            .map((c) => tilePicture(c, byCode.get(c)?.name || c))
            .join("")}</span> ${shown.length < partners.length ? `and ${partners.length - shown.length} more` : ""}
          <span class="sr-only">${esc(shown.map((c) => byCode.get(c)?.name || c).join(", "))}</span>`
    }</div></div></li>`;
}

export default async function guide(main) {
  main.innerHTML = `<div class="guide-page"><h1>Tile Guide</h1>
    <p class="muted">Every face, its name and what it pairs with. Turn on number marks in
    <a href="/settings" data-link>Settings</a> to see a short code on every tile.</p><div class="guide-body"><p class="loading">Loading…</p></div></div>`;
  const tiles = await api.tiles();
  const byCode = new Map(tiles.map((t) => [t.code, t]));
  const plain = tiles.filter((t) => !t.colour);
  const bw = tiles.filter((t) => t.colour);
  let html = SECTIONS.map(
    ([suit, title, text]) => `<section class="guide-section"><h2>${title}</h2><p class="muted">${text}</p>
      <ul class="guide-grid">${plain.filter((t) => (t.suit || t.code[1]) === suit).map((t) => card(t, byCode)).join("")}</ul></section>`,
  ).join("");
  if (bw.length) {
    const symbols = [...new Set(bw.map((t) => t.code.slice(1)))];
    html += `<section class="guide-section"><h2>Black &amp; White complements</h2>
      <p class="muted">In Black &amp; White Mahjong every symbol comes as a black-faced and a white-faced tile; a pair is the same
      symbol in opposite colours. Any black flower or season matches any white one.</p>
      <ul class="guide-grid bw-grid">${symbols
        .map((sym) => {
          const black = byCode.get(`b${sym}`);
          const white = byCode.get(`w${sym}`);
          const one = black || white;
          const partners = (one.partners || []).map((c) => byCode.get(c)?.name || c);
          return `<li class="guide-tile bw-pair">${black ? tilePicture(black.code, black.name) : ""}${white ? tilePicture(white.code, white.name) : ""}
            <div><strong>${esc(one.name.replace(/^(black|white) /, ""))}</strong>
            <div class="matches">${esc(one.name)} matches ${esc(partners.slice(0, 4).join(", "))}${partners.length > 4 ? ` and ${partners.length - 4} more` : ""}</div></div></li>`;
        })
        .join("")}</ul></section>`;
  }
  main.querySelector(".guide-body").innerHTML = html;
}
