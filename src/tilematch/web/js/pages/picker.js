// @ts-check
// The layout picker: a sheet of every built-in layout with its picture, figures and my
// results, filtered by family, size and difficulty, searched by name, or picked at random.
//
//   attachPicker(select, layouts, { game })   // turns a <select name="layout"> into a field
//
// The server sends the layouts (GET /api/layouts), their pictures and my results per
// layout (GET /api/results/layouts); this module only filters what it was sent and
// reports the chosen name back into the form's <select>. The pure functions below (filters,
// moves, words) carry no DOM and are tested under Node.

import { api } from "../api.js";
import { announce, clock, esc } from "../dom.js";
import { formatNumber, t } from "../i18n.js";

/**
 * A layout as GET /api/layouts lists it.
 * @typedef {object} PickerLayout
 * @property {string} name
 * @property {string} [title]
 * @property {string} family
 * @property {number} tiles
 * @property {number | null} [solvable_share]
 * @property {number | null} [difficulty]
 * @property {string | null} [difficulty_label]
 * @property {string} [picture]
 */
/**
 * My games on one layout, as GET /api/results/layouts answers.
 * @typedef {{layout: string, played: number, wins: number, best_time: number | null}} LayoutRecord
 */
/**
 * What the sheet shows: a search text and three filters ("" is any).
 * @typedef {{search: string, family: string, size: string, difficulty: string}} Filters
 */

// i18n-ids: pages.picker.size.small pages.picker.size.medium pages.picker.size.large
// i18n-ids: pages.picker.size.huge
/** Size bands by tile count: key, words (in the page's language), the smallest and largest count in it. */
export const SIZE_BANDS = [
  { key: "small", min: 0, max: 72 },
  { key: "medium", min: 73, max: 120 },
  { key: "large", min: 121, max: 160 },
  { key: "huge", min: 161, max: Infinity },
].map((band) => ({
  ...band,
  get words() {
    return t(`pages.picker.size.${band.key}`);
  },
}));

/** The difficulty labels the server measures, in order, with their words. */
export const DIFFICULTY_WORDS = {
  get easy() {
    return t("pages.picker.difficulty.easy");
  },
  get normal() {
    return t("pages.picker.difficulty.normal");
  },
  get hard() {
    return t("pages.picker.difficulty.hard");
  },
};

/** Every sentence the picker shows, read from the catalogue (`pages.picker.*`) when used. */
export const PICKER_WORDS = {
  get field() {
    return t("pages.picker.field");
  },
  get change() {
    return t("pages.picker.change");
  },
  get title() {
    return t("pages.picker.title");
  },
  get close() {
    return t("pages.picker.close");
  },
  get search() {
    return t("pages.picker.search");
  },
  get family() {
    return t("pages.picker.family");
  },
  get size() {
    return t("pages.picker.size");
  },
  get difficulty() {
    return t("pages.picker.difficulty");
  },
  get any() {
    return t("pages.picker.any");
  },
  get anyFamily() {
    return t("pages.picker.any_family");
  },
  get random() {
    return t("pages.picker.random");
  },
  get clear() {
    return t("pages.picker.clear");
  },
  get list() {
    return t("pages.picker.list");
  },
  get none() {
    return t("pages.picker.none");
  },
  get notPlayed() {
    return t("pages.picker.not_played");
  },
  get keys() {
    return t("pages.picker.keys");
  },
  get legend() {
    return t("pages.picker.legend");
  },
  /** @param {number} shown @param {number} total */
  count: (shown, total) => t("pages.picker.count", { shown, count: total }),
  /** @param {string} title */
  chosen: (title) => t("pages.picker.chosen", { title }),
  /** @param {string} title */
  randomChosen: (title) => t("pages.picker.random_chosen", { title }),
  /** @param {number} share */
  solvable: (share) => t("pages.picker.solvable", { share: formatNumber(Math.round(share * 100) / 100, { style: "percent" }) }),
  /** @param {number} played */
  noWin: (played) => t("pages.picker.no_win", { played }),
  /** @param {number} wins @param {string} time */
  won: (wins, time) => t("pages.picker.won", { wins, time }),
};

/** @param {number} tiles @returns {string} the key of the size band holding `tiles` */
export function sizeBand(tiles) {
  const band = SIZE_BANDS.find((b) => tiles >= b.min && tiles <= b.max);
  return band ? band.key : "huge";
}

/** @param {PickerLayout} layout */
export function titleOf(layout) {
  return layout.title || layout.name;
}

/** Text folded for search: lowercase, accents dropped, "×" and dashes read as spaces. */
export function fold(text) {
  return String(text)
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[×\-_]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** @returns {Filters} no filter at all */
export function noFilters() {
  return { search: "", family: "", size: "", difficulty: "" };
}

/**
 * Whether `layout` passes `filters`: every word of the search in its title or name,
 * its family, size band and difficulty label as chosen ("" is any).
 * @param {PickerLayout} layout
 * @param {Filters} filters
 */
export function passes(layout, filters) {
  if (filters.family && layout.family !== filters.family) return false;
  if (filters.size && sizeBand(layout.tiles) !== filters.size) return false;
  if (filters.difficulty && layout.difficulty_label !== filters.difficulty) return false;
  const words = fold(filters.search).split(" ").filter(Boolean);
  if (!words.length) return true;
  const haystack = `${fold(titleOf(layout))} ${fold(layout.name)}`;
  return words.every((word) => haystack.includes(word));
}

/**
 * The layouts that pass `filters`, in the server's order.
 * @param {PickerLayout[]} layouts
 * @param {Filters} filters
 */
export function visible(layouts, filters) {
  return layouts.filter((layout) => passes(layout, filters));
}

/** @param {PickerLayout[]} layouts @returns {string[]} the families in order of first appearance */
export function familiesOf(layouts) {
  return [...new Set(layouts.map((l) => l.family))];
}

/**
 * Where a key moves the active option of a grid of `count` options laid out in
 * `columns` columns: arrows by one or a row, Home/End, PageUp/PageDown by three rows.
 * Returns null for a key that does not move.
 * @param {number} index
 * @param {string} key
 * @param {number} count
 * @param {number} columns
 * @returns {number | null}
 */
export function moveIndex(index, key, count, columns) {
  if (count <= 0) return null;
  const cols = Math.max(1, columns);
  const steps = {
    ArrowRight: 1,
    ArrowLeft: -1,
    ArrowDown: cols,
    ArrowUp: -cols,
    PageDown: 3 * cols,
    PageUp: -3 * cols,
  };
  if (key === "Home") return 0;
  if (key === "End") return count - 1;
  if (!(key in steps)) return null;
  const next = index + steps[/** @type {keyof typeof steps} */ (key)];
  return Math.min(count - 1, Math.max(0, next));
}

/**
 * Type-ahead: the first layout after `from` (wrapping) whose title starts with `prefix`,
 * or -1 when none does.
 * @param {PickerLayout[]} items
 * @param {string} prefix
 * @param {number} from
 */
export function typeAhead(items, prefix, from) {
  const wanted = fold(prefix);
  if (!wanted) return -1;
  for (let step = 0; step < items.length; step += 1) {
    const i = (from + step) % items.length;
    if (fold(titleOf(items[i])).startsWith(wanted)) return i;
  }
  return -1;
}

/**
 * A random layout of `items` (null when there is none).
 * @param {PickerLayout[]} items
 * @param {() => number} [random]
 */
export function randomPick(items, random = Math.random) {
  if (!items.length) return null;
  return items[Math.min(items.length - 1, Math.floor(random() * items.length))];
}

/** @param {PickerLayout} layout @returns {string} tiles, difficulty and solvable share in words */
export function figureWords(layout) {
  const parts = [t("common.count.tiles", { count: layout.tiles })];
  const label = layout.difficulty_label;
  if (label && label in DIFFICULTY_WORDS) parts.push(DIFFICULTY_WORDS[/** @type {keyof typeof DIFFICULTY_WORDS} */ (label)]);
  if (typeof layout.solvable_share === "number") parts.push(PICKER_WORDS.solvable(layout.solvable_share));
  return parts.join(" · ");
}

/** @param {LayoutRecord | undefined} record @returns {string} my wins and best time in words */
export function recordWords(record) {
  if (!record || !record.played) return PICKER_WORDS.notPlayed;
  if (!record.wins || record.best_time == null) return PICKER_WORDS.noWin(record.played);
  return PICKER_WORDS.won(record.wins, clock(record.best_time));
}

/** @param {LayoutRecord[]} records @returns {Map<string, LayoutRecord>} the records by layout */
export function recordsByLayout(records) {
  return new Map(records.map((r) => [r.layout, r]));
}

// ---------------------------------------------------------------- the sheet (DOM)

let sheets = 0;
/** Keys typed within this many milliseconds of each other make one type-ahead search. */
const TYPE_AHEAD_MS = 700;

function selectOptions(pairs, chosen) {
  return pairs
    .map(([value, words]) => `<option value="${esc(value)}"${value === chosen ? " selected" : ""}>${esc(words)}</option>`)
    .join("");
}

/**
 * The markup of one option of the sheet.
 * @param {PickerLayout} layout
 * @param {string} id
 * @param {boolean} selected
 * @param {LayoutRecord | undefined} record
 */
function optionMarkup(layout, id, selected, record) {
  const picture = layout.picture || `/api/layouts/${encodeURIComponent(layout.name)}/picture.svg`;
  return `<li role="option" id="${esc(id)}" class="picker-option" data-name="${esc(layout.name)}" aria-selected="${selected}">
      <img src="${esc(picture)}" alt="" loading="lazy" decoding="async">
      <span class="picker-name">${esc(titleOf(layout))}</span>
      <span class="picker-figures">${esc(figureWords(layout))}</span>
      <span class="picker-record">${esc(recordWords(record))}</span>
    </li>`;
}

/**
 * Open the sheet over the page. Resolves with the chosen layout's name, or null when it
 * was closed without a choice; focus goes back to `opener` either way.
 * @param {PickerLayout[]} layouts
 * @param {{current: string, game?: string, opener?: HTMLElement | null}} options
 * @returns {Promise<{name: string, random: boolean} | null>}
 */
export function openPicker(layouts, { current, game, opener = null }) {
  const n = ++sheets;
  const dialog = document.createElement("dialog");
  dialog.className = "picker";
  dialog.setAttribute("aria-labelledby", `picker-title-${n}`);
  const families = familiesOf(layouts);
  const W = PICKER_WORDS;
  dialog.innerHTML = `
    <div class="picker-head">
      <h2 id="picker-title-${n}">${esc(W.title)}</h2>
      <button type="button" class="picker-close" aria-label="${esc(W.close)}">×</button>
    </div>
    <div class="picker-filters">
      <label class="picker-search">${esc(W.search)}
        <input type="search" name="search" autocomplete="off" spellcheck="false" aria-controls="picker-list-${n}"></label>
      <label>${esc(W.family)} <select name="family">${selectOptions([["", W.anyFamily], ...families.map((f) => [f, f])], "")}</select></label>
      <label>${esc(W.size)} <select name="size">${selectOptions([["", W.any], ...SIZE_BANDS.map((b) => [b.key, b.words])], "")}</select></label>
      <label>${esc(W.difficulty)} <select name="difficulty">${selectOptions([["", W.any], ...Object.entries(DIFFICULTY_WORDS)], "")}</select></label>
      <button type="button" class="picker-random">${esc(W.random)}</button>
    </div>
    <p class="picker-count muted"><span aria-live="polite"></span> <span class="picker-legend">${esc(W.legend)}</span></p>
    <p class="sr-only" id="picker-keys-${n}">${esc(W.keys)}</p>
    <ul class="picker-list" id="picker-list-${n}" role="listbox" tabindex="0" aria-label="${esc(W.list)}" aria-describedby="picker-keys-${n}"></ul>
    <div class="picker-empty" hidden><p>${esc(W.none)}</p><button type="button" class="picker-clear">${esc(W.clear)}</button></div>`;
  document.body.append(dialog);

  const $ = (selector) => /** @type {HTMLElement} */ (dialog.querySelector(selector));
  const list = /** @type {HTMLUListElement} */ ($(".picker-list"));
  const search = /** @type {HTMLInputElement} */ ($('input[name="search"]'));
  const selects = /** @type {HTMLSelectElement[]} */ ([...dialog.querySelectorAll("select")]);
  const filters = noFilters();
  /** @type {Map<string, LayoutRecord>} */
  let records = new Map();
  /** @type {PickerLayout[]} */
  let shown = [];
  let active = 0;
  let typed = "";
  let typedAt = 0;

  const optionId = (layout) => `picker-${n}-${layout.name}`;
  const columns = () => {
    const options = /** @type {HTMLElement[]} */ ([...list.children]);
    if (options.length < 2) return 1;
    const top = options[0].offsetTop;
    const row = options.findIndex((o) => o.offsetTop !== top);
    return row === -1 ? options.length : row;
  };

  function setActive(index, scroll = true) {
    const previous = list.querySelector(".is-active");
    if (previous) previous.classList.remove("is-active");
    active = index;
    const layout = shown[index];
    if (!layout) {
      list.removeAttribute("aria-activedescendant");
      return;
    }
    const option = /** @type {HTMLElement | null} */ (document.getElementById(optionId(layout)));
    if (!option) return;
    option.classList.add("is-active");
    list.setAttribute("aria-activedescendant", option.id);
    if (scroll) option.scrollIntoView({ block: "nearest" });
  }

  function render() {
    const before = shown[active]?.name ?? current;
    shown = visible(layouts, filters);
    const keep = shown.findIndex((l) => l.name === before);
    list.innerHTML = shown.map((l) => optionMarkup(l, optionId(l), l.name === current, records.get(l.name))).join("");
    $(".picker-count span").textContent = W.count(shown.length, layouts.length);
    $(".picker-empty").hidden = shown.length > 0;
    list.hidden = shown.length === 0;
    const start = shown.findIndex((l) => l.name === current);
    setActive(keep >= 0 ? keep : Math.max(0, start), false);
  }

  /** @type {(value: {name: string, random: boolean} | null) => void} */
  let finish = () => {};
  const done = new Promise((resolve) => {
    finish = resolve;
  });
  let answer = /** @type {{name: string, random: boolean} | null} */ (null);

  function choose(name, random = false) {
    answer = { name, random };
    dialog.close();
  }

  dialog.addEventListener("close", () => {
    dialog.remove();
    if (opener) opener.focus();
    finish(answer);
  });
  $(".picker-close").addEventListener("click", () => dialog.close());
  search.addEventListener("input", () => {
    filters.search = search.value;
    render();
  });
  search.addEventListener("keydown", (event) => {
    if (event.key === "ArrowDown" && shown.length) {
      event.preventDefault();
      list.focus();
    } else if (event.key === "Enter") {
      event.preventDefault();
      if (shown[active]) choose(shown[active].name);
    }
  });
  for (const select of selects) {
    select.addEventListener("change", () => {
      filters[/** @type {"family" | "size" | "difficulty"} */ (select.name)] = select.value;
      render();
    });
  }
  $(".picker-random").addEventListener("click", () => {
    const pick = randomPick(shown);
    if (pick) choose(pick.name, true);
  });
  $(".picker-clear").addEventListener("click", () => {
    Object.assign(filters, noFilters());
    search.value = "";
    for (const select of selects) select.value = "";
    render();
    search.focus();
  });
  list.addEventListener("click", (event) => {
    const option = /** @type {HTMLElement} */ (event.target).closest(".picker-option");
    if (option instanceof HTMLElement && option.dataset.name) choose(option.dataset.name);
  });
  list.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const moved = moveIndex(active, event.key, shown.length, columns());
    if (moved !== null) {
      event.preventDefault();
      setActive(moved);
      return;
    }
    const now = Date.now();
    const typing = typed !== "" && now - typedAt <= TYPE_AHEAD_MS;
    if (event.key === "Enter" || (event.key === " " && !typing)) {
      event.preventDefault();
      if (shown[active]) choose(shown[active].name);
      return;
    }
    if (event.key.length === 1 && (typing || /\S/.test(event.key))) {
      typed = typing ? typed + event.key : event.key;
      typedAt = now;
      const from = typed.length === 1 ? active + 1 : active;
      const found = typeAhead(shown, typed, from);
      if (found >= 0) setActive(found);
      event.preventDefault();
    }
  });

  render();
  dialog.showModal();
  list.focus();
  setActive(active);
  if (game) {
    api
      .layoutRecords(game)
      .then((/** @type {LayoutRecord[]} */ found) => {
        if (!dialog.isConnected) return;
        records = recordsByLayout(found);
        for (const option of list.querySelectorAll(".picker-option")) {
          const name = /** @type {HTMLElement} */ (option).dataset.name || "";
          const line = option.querySelector(".picker-record");
          if (line) line.textContent = recordWords(records.get(name));
        }
      })
      .catch(() => {
        /* without my results the sheet still picks: every layout reads "Not played yet" */
      });
  }
  return done;
}

/**
 * Turn a form's `<select name="layout">` into a layout field: the select stays (hidden)
 * and holds the value the form sends; a button beside it shows the chosen layout's
 * picture and name and opens the sheet.
 * @param {HTMLSelectElement} select
 * @param {PickerLayout[]} layouts
 * @param {{game?: string}} [options]
 */
export function attachPicker(select, layouts, { game } = {}) {
  if (!layouts.length || select.dataset.picker) return;
  select.dataset.picker = "1";
  const label = select.closest("label") || select;
  const field = document.createElement("div");
  field.className = "picker-field";
  const heading = `picker-field-${++sheets}`;
  field.innerHTML = `<span class="picker-field-label" id="${heading}">${esc(PICKER_WORDS.field)}</span>
    <button type="button" class="picker-open" aria-haspopup="dialog" aria-describedby="${heading}"></button>`;
  label.after(field);
  /** @type {HTMLElement} */ (label).hidden = true;
  const button = /** @type {HTMLButtonElement} */ (field.querySelector("button"));
  const show = () => {
    const layout = layouts.find((l) => l.name === select.value) || layouts[0];
    const picture = layout.picture || `/api/layouts/${encodeURIComponent(layout.name)}/picture.svg`;
    button.innerHTML = `<img src="${esc(picture)}" alt="" width="72" height="54">
      <span class="picker-open-text"><span class="picker-name">${esc(titleOf(layout))}</span>
      <span class="picker-figures">${esc(figureWords(layout))}</span></span>
      <span class="picker-open-change">${esc(PICKER_WORDS.change)}</span>`;
    button.setAttribute("aria-label", `${PICKER_WORDS.chosen(titleOf(layout))}. ${PICKER_WORDS.change}`);
  };
  show();
  button.addEventListener("click", async () => {
    const picked = await openPicker(layouts, { current: select.value, game, opener: button });
    if (!picked) return;
    select.value = picked.name;
    select.dispatchEvent(new Event("change", { bubbles: true }));
    show();
    const layout = layouts.find((l) => l.name === picked.name);
    if (layout) announce(picked.random ? PICKER_WORDS.randomChosen(titleOf(layout)) : PICKER_WORDS.chosen(titleOf(layout)));
  });
}
