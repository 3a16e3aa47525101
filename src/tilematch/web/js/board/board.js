// @ts-check
// The board: draws the tiles of a view and reports picks. No rule lives here:
// which tiles are free, selectable, hinted or partners is data passed in.
//
//   const board = createBoard(viewportElement, { onPick(spot) {} });
//   board.set(view, ui);            // ui: {selected, partners, hinted, freed, blockers, learn, showFree}
//   board.flashPath(path); board.shake([a, b]); board.fit(); board.destroy();
//   board.banner(text); board.celebrate(); board.urgent(on);   // moments (motion.js)

import { frameFor, hiddenSpots, TILE_W, TILE_H, CELL_W } from "./geometry.js";
import { moveFocus, navPoint, readingOrder } from "./navigation.js";
import { faceMarkup, tileName, variantClass } from "./tiles.js";
import { animationsOn } from "../storage.js";
import { FALL_MS, LEAVE_MS, fallKey, stoneChange, turnDelay } from "./motion.js";
import { boardScale } from "./zoom.js";

/** A board narrower than this many times its height is "tall". */
const TALL = 1.25;
import { boardMove, offerSkipTo } from "../keyboard.js";
import { t } from "../i18n.js";

/**
 * What the board draws besides the view.
 * @typedef {object} BoardUi
 * @property {number | null} selected
 * @property {Set<number>} partners
 * @property {Set<number>} hinted
 * @property {Set<number>} freed
 * @property {Set<number>} blockers
 * @property {number | null} explained
 * @property {Set<number>} matching
 * @property {boolean} learn
 * @property {boolean} showFree
 * @property {string} zoom
 */

/** @type {Readonly<BoardUi>} */
const EMPTY_UI = Object.freeze({
  selected: null,
  partners: new Set(),
  hinted: new Set(),
  freed: new Set(),
  blockers: new Set(),
  explained: null,
  matching: new Set(),
  learn: false,
  showFree: false,
  zoom: "fit",
});

/** Classes of a running animation, kept when the tile's classes are written again. */
const KEPT_CLASSES = ["is-shaking", "is-focus", "is-falling", "is-turning", "is-arriving", "is-cracking", "is-cracked-open"];

/**
 * What a tile's name needs to know about its board: whether it is a grid, how
 * many layers the layout has, and the tiles by spot (to tell cover from sides).
 * @typedef {object} LabelContext
 * @property {boolean} grid
 * @property {number} depth
 * @property {Map<number, import("../types.js").Tile>} tiles
 */

/**
 * The context `tileLabel` needs for the tiles of `view`.
 * @param {View} view
 * @returns {LabelContext}
 */
export function labelContext(view) {
  const grid = view.geometry === "grid" || view.game === "shisensho";
  let depth = (view.bounds && view.bounds.depth) || 0;
  for (const t of view.tiles) depth = Math.max(depth, ((t.pos && t.pos[2]) || 0) + 1);
  return { grid, depth, tiles: new Map(view.tiles.map((t) => [t.spot, t])) };
}

/** The words of tile names, in one place (each from the catalogue, `game.tile.*`). */
export const LABEL_WORDS = Object.freeze({
  row: (n) => t("game.tile.row", { n }),
  column: (n) => t("game.tile.column", { n }),
  get topLayer() {
    return t("game.tile.top_layer");
  },
  get bottomLayer() {
    return t("game.tile.bottom_layer");
  },
  layer: (n) => t("game.tile.layer", { n }),
  get selected() {
    return t("game.tile.selected");
  },
  get free() {
    return t("game.tile.free");
  },
  blocked: (why) => t("game.tile.blocked", { why }),
  get covered() {
    return t("game.tile.covered");
  },
  get notFree() {
    return t("game.tile.not_free");
  },
  get sides() {
    return t("game.tile.sides");
  },
  stone: (n) => t("game.tile.stone", { count: n }),
  get hinted() {
    return t("game.tile.hinted");
  },
  get partner() {
    return t("game.tile.partner");
  },
  get freed() {
    return t("game.tile.freed");
  },
  get gap() {
    return t("game.tile.gap");
  },
});

/**
 * A tile's place in words: "top layer, row 3, column 7" on a layered board (rows
 * and columns counted in whole tiles from the top left, as the arrow keys move),
 * "row 2, column 5" on a Shisen-Sho grid.
 * @param {import("../types.js").Tile} tile
 * @param {LabelContext} context
 */
export function tilePlace(tile, context) {
  const W = LABEL_WORDS;
  const [a = 0, b = 0, z = 0] = tile.pos || [];
  if (context.grid) return [W.row(a + 1), W.column(b + 1)].join(W.gap);
  const rowCol = [W.row(Math.floor(b / 2) + 1), W.column(Math.floor(a / 2) + 1)].join(W.gap);
  if (context.depth <= 1) return rowCol;
  const layer = z >= context.depth - 1 ? W.topLayer : z === 0 ? W.bottomLayer : W.layer(z + 1);
  return [layer, rowCol].join(W.gap);
}

/**
 * Why a layered tile cannot be picked, in a few words: covered, both sides
 * closed, or a stone (from the view's `blockers` and `stone`).
 * @param {import("../types.js").Tile} tile
 * @param {LabelContext} context
 */
function blockedWords(tile, context) {
  const W = LABEL_WORDS;
  const z = (tile.pos && tile.pos[2]) || 0;
  const blockers = (tile.blockers || []).map((s) => context.tiles.get(s)).filter((t) => t && t.pos);
  const reasons = [];
  if (blockers.some((t) => (t?.pos?.[2] || 0) > z)) reasons.push(W.covered);
  if (blockers.some((t) => (t?.pos?.[2] || 0) === z)) reasons.push(W.sides);
  if (tile.stone) reasons.push(W.stone(tile.stone));
  return W.blocked(reasons.length ? reasons.join(W.gap) : W.notFree);
}

/**
 * The words a screen reader hears for a tile, each said once: its name, its
 * place, then its state ("Plum, top layer, row 4, column 7, free"; "East Wind,
 * row 2, column 5" on a Shisen-Sho grid, where every tile can be picked).
 * @param {import("../types.js").Tile} tile
 * @param {Partial<BoardUi>} ui
 * @param {LabelContext} [context] (by default: a one-layer board)
 */
export function tileLabel(tile, ui, context = { grid: false, depth: 1, tiles: new Map() }) {
  const W = LABEL_WORDS;
  const parts = [tileName(tile), tilePlace(tile, context)];
  if (ui.selected === tile.spot) parts.push(W.selected);
  if (!context.grid) {
    if (tile.selectable === false) parts.push(blockedWords(tile, context));
    else if (tile.stone) parts.push(W.stone(tile.stone));
    else parts.push(W.free);
  }
  if (ui.hinted && ui.hinted.has(tile.spot)) parts.push(W.hinted);
  if (ui.partners && ui.partners.has(tile.spot)) parts.push(W.partner);
  if (ui.freed && ui.freed.has(tile.spot)) parts.push(W.freed);
  return parts.join(W.gap);
}

/** Why a tile cannot be picked, in words: the view's `blocked` sentence, else its stone. */
export function describeBlocked(tile) {
  if (typeof tile.blocked === "string" && tile.blocked) return tile.blocked;
  if (tile.stone) return t("game.tile.stone_needs", { count: tile.stone });
  return t("game.tile.not_free");
}

/** The spots that block a tile (to outline them when it is explained): the view's `blockers`. */
export function blockerSpots(tile) {
  return (tile.blockers || []).filter((s) => s !== tile.spot);
}

/** @typedef {import("../types.js").View} View */
/** @typedef {ReturnType<typeof frameFor>} Frame */

/**
 * Draw boards into `viewport`; `onPick(spot, element)` hears a click or Enter on a tile.
 * @param {HTMLElement} viewport
 * `onZoom(readable)` hears whether the board was drawn readable (scrolling) or fitted.
 * @param {{onPick?: (spot: number, element: HTMLElement) => void, onFocusChange?: (spot: number) => void, onZoom?: (readable: boolean) => void}} [handlers]
 */
export function createBoard(viewport, { onPick, onFocusChange, onZoom } = {}) {
  viewport.classList.add("board-viewport");
  viewport.innerHTML =
    `<div class="board-scaler"><div class="board" role="group" aria-label="${t("game.aria.board")}">` +
    `<svg class="path-layer" aria-hidden="true"></svg></div></div>`;
  const scaler = /** @type {HTMLElement} */ (viewport.firstElementChild);
  const boardEl = /** @type {HTMLElement} */ (scaler.firstElementChild);
  const pathLayer = /** @type {SVGSVGElement} */ (boardEl.querySelector(".path-layer"));
  /** @type {Map<number, HTMLButtonElement & {_place?: string, _label?: string}>} */
  const elements = new Map();
  /** @type {View | null} */
  let view = null;
  /** @type {BoardUi} */
  let ui = EMPTY_UI;
  /** @type {Frame | null} */
  let frame = null;
  /** @type {string | null} */
  let frameFor_ = null;
  /** @type {number | null} */
  let focused = null;
  let scheduled = false;
  let points = [];
  let scale = 1;
  let destroyed = false;
  let lastFit = "";
  /** the board size a readable board was last centred for ("" when fitted) */
  let centredFor = "";
  /** the last match whose falls were drawn */
  let fallenFor = "";
  let focusLost = false;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let pathTimer;

  function schedule() {
    if (scheduled || destroyed) return;
    scheduled = true;
    requestAnimationFrame(() => {
      scheduled = false;
      if (!destroyed) render();
    });
  }

  function render() {
    if (!view) return;
    const start = performance.now();
    const sameGame = frameFor_ === view.id;
    if (!sameGame) frame = null;
    const drawn = frameFor(view, frame);
    frame = drawn;
    frameFor_ = view.id;
    boardEl.style.width = `${frame.width}px`;
    boardEl.style.height = `${frame.height}px`;
    boardEl.style.setProperty("--tw", `${TILE_W}px`);
    boardEl.style.setProperty("--th", `${TILE_H}px`);
    boardEl.classList.toggle("learn", Boolean(ui.learn));
    boardEl.classList.toggle("show-free", Boolean(ui.showFree));
    const animate = animationsOn();
    boardEl.classList.toggle("no-anim", !animate);
    boardEl.classList.toggle("is-grid", frame.kind === "grid");
    boardEl.style.setProperty("--leave-ms", `${LEAVE_MS}ms`);
    viewport.classList.toggle("no-anim", !animate);
    const falling = applyFalls(animate);
    const present = new Set();
    const hidden = hiddenSpots(view);
    const labels = labelContext(view);
    const grid = frame.kind === "grid";
    points = [];
    /** @type {DocumentFragment | null} */
    let fragment = null;
    for (const tile of view.tiles) {
      present.add(tile.spot);
      let el = elements.get(tile.spot);
      if (!el || el.classList.contains("is-removing")) {
        if (el) el.remove();
        el = document.createElement("button");
        el.type = "button";
        el.className = "tile";
        el.dataset.spot = String(tile.spot);
        // a tile coming back (an undo) or dealt onto a board already drawn arrives
        if (animate && sameGame && elements.size) flash(el, "is-arriving", 420);
        elements.set(tile.spot, el);
        fragment = fragment || document.createDocumentFragment();
        fragment.appendChild(el);
      }
      if (el.dataset.code !== tile.code) {
        // a tile that stays while its face changes was shuffled (or dealt anew): it turns
        if (el.dataset.code && animate) turn(el, tile.spot);
        el.dataset.code = tile.code;
        el.innerHTML = faceMarkup(tile.code);
      }
      const box = frame.box(tile);
      const place = `${box.left}px,${box.top}px,${box.z}`;
      if (el._place !== place) {
        el._place = place;
        el.style.left = `${box.left}px`;
        el.style.top = `${box.top}px`;
        el.style.zIndex = String(box.z);
        if (box.shade) el.style.setProperty("--shade", box.shade);
      }
      // one class string per tile, written only when it changes
      const spot = tile.spot;
      let className = "tile";
      const variant = variantClass(tile.code);
      if (variant) className += ` ${variant}`;
      if (tile.free !== false) className += " is-free";
      if (tile.selectable === false || tile.free === false) className += " is-blocked";
      if (ui.selected === spot) className += " is-selected";
      if (ui.partners.has(spot)) className += " is-partner";
      if (ui.hinted.has(spot)) className += " is-hinted";
      if (ui.freed.has(spot)) className += " is-freed";
      if (ui.blockers.has(spot)) className += " is-blocker";
      if (ui.explained === spot) className += " is-explained";
      if (ui.matching.has(spot)) className += " is-matching";
      if (tile.stone) className += " is-stone";
      for (const kept of KEPT_CLASSES) if (el.classList.contains(kept)) className += ` ${kept}`;
      if (falling.has(spot) && !className.includes(" is-falling")) className += " is-falling";
      if (el.className !== className) el.className = className;
      const cracks = tile.stone ? String(tile.stone) : "";
      const change = stoneChange(el.dataset.cracks || "", cracks);
      if (change && animate) flash(el, change === "open" ? "is-cracked-open" : "is-cracking", 700);
      if ((el.dataset.cracks || "") !== cracks) {
        if (cracks) el.dataset.cracks = cracks;
        else delete el.dataset.cracks;
      }
      const label = tileLabel(tile, ui, labels);
      if (el._label !== label) {
        el._label = label;
        el.setAttribute("aria-label", label);
      }
      if (!hidden.has(tile.spot)) points.push(navPoint(tile, box, grid));
    }
    if (fragment) boardEl.insertBefore(fragment, pathLayer);
    let lostFocus = false;
    for (const [spot, el] of elements) {
      if (present.has(spot)) continue;
      elements.delete(spot);
      leave(el, animate);
    }
    if (focusLost) {
      lostFocus = true;
      focusLost = false;
    }
    // roving tab stop: keep it on a present tile, and keep keyboard focus in the board
    if (focused == null || !present.has(focused)) {
      focused = focused == null ? firstSpot() : nearestSpot(focused);
    }
    for (const [spot, el] of elements) {
      const index = spot === focused ? "0" : "-1";
      if (el.getAttribute("tabindex") !== index) el.setAttribute("tabindex", index);
    }
    if (lostFocus && focused != null) elements.get(focused)?.focus({ preventScroll: true });
    const fitKey = `${frame.key}|${ui.zoom}`;
    if (fitKey !== lastFit) {
      lastFit = fitKey;
      fit();
    }
    const end = performance.now();
    boardEl.dataset.renderMs = (end - start).toFixed(2);
    if (!boardEl.dataset.firstDrawn) boardEl.dataset.firstDrawn = end.toFixed(1);
    boardEl.dataset.rendered = String(view.tiles.length);
  }

  /**
   * Under gravity, move the drawn tiles of the last match's falls to their new spots
   * (once per match), so each tile slides down instead of a copy vanishing above and
   * another appearing below; the matched pair leaves first. Returns the spots that fall.
   * @param {boolean} animate
   * @returns {Set<number>}
   */
  function applyFalls(animate) {
    const lm = view && view.last_match;
    const key = view && lm ? fallKey(view) : "";
    if (!lm || !lm.fell || !lm.fell.length || key === fallenFor) return new Set();
    fallenFor = key;
    for (const spot of [lm.a, lm.b]) {
      const el = elements.get(spot);
      if (!el) continue;
      elements.delete(spot);
      leave(el, animate);
    }
    /** @type {Map<number, HTMLButtonElement & {_place?: string, _label?: string, _pressed?: string}>} */
    const moved = new Map();
    for (const [start, target] of lm.fell) {
      const el = elements.get(start);
      if (!el) continue;
      elements.delete(start);
      el.dataset.spot = String(target);
      moved.set(target, el);
    }
    for (const [spot, el] of moved) elements.set(spot, el);
    if (!animate) return new Set();
    const spots = new Set(moved.keys());
    setTimeout(() => {
      for (const spot of spots) elements.get(spot)?.classList.remove("is-falling");
    }, LEAVE_MS + FALL_MS + 60);
    return spots;
  }

  /** Let a tile that is no longer on the board leave (with its animation, if any). */
  function leave(el, animate) {
    if (el === document.activeElement) focusLost = true;
    if (animate && !el.classList.contains("is-removing")) {
      el.classList.remove("is-selected", "is-hinted", "is-partner");
      el.classList.add("is-removing");
      el.tabIndex = -1;
      setTimeout(() => el.remove(), LEAVE_MS + 20);
    } else {
      el.remove();
    }
  }

  /** Turn a tile whose face changed in place (a shuffle), a little after its neighbours. */
  function turn(el, spot) {
    el.style.setProperty("--turn-delay", `${turnDelay(spot)}ms`);
    flash(el, "is-turning", 420 + turnDelay(spot));
  }

  /** Give `el` the class `name` for `ms` milliseconds (its animation plays once). */
  function flash(el, name, ms) {
    el.classList.remove(name);
    void el.offsetWidth;
    el.classList.add(name);
    setTimeout(() => el.classList.remove(name), ms);
  }

  function clearPath() {
    clearTimeout(pathTimer);
    pathLayer.classList.remove("is-visible");
    pathLayer.innerHTML = "";
  }

  function firstSpot() {
    const [first] = readingOrder(points);
    return first ? first.spot : null;
  }

  function nearestSpot(spot) {
    const el = elementsCache.get(spot);
    if (!el || !points.length) return firstSpot();
    let best = null;
    let bestD = Infinity;
    for (const p of points) {
      const d = (p.x - el.x) ** 2 + (p.y - el.y) ** 2;
      if (d < bestD) {
        bestD = d;
        best = p.spot;
      }
    }
    return best;
  }

  // last known centres, for moving focus away from a removed tile
  const elementsCache = new Map();
  function cachePoints() {
    for (const p of points) elementsCache.set(p.spot, p);
  }

  function fit() {
    if (!frame) return;
    // a board taller than wide (or nearly): a wide screen sets the counters and
    // controls beside it, so that it can use the screen's height (game.css)
    viewport.dataset.shape = frame.width < frame.height * TALL ? "tall" : "wide";
    const availW = Math.max(200, viewport.clientWidth - 4);
    const top = viewport.getBoundingClientRect().top;
    // room kept free under the board (a toolbar fixed at the bottom of a phone)
    const below = Number.parseFloat(getComputedStyle(viewport).getPropertyValue("--room-below")) || 16;
    const availH = Math.max(200, window.innerHeight - Math.max(0, top) - below);
    const chosen = boardScale(frame, { width: availW, height: availH }, ui.zoom, TILE_W);
    scale = chosen.scale;
    scaler.style.width = `${frame.width * scale}px`;
    scaler.style.height = `${frame.height * scale}px`;
    boardEl.style.transform = `scale(${scale})`;
    viewport.classList.toggle("is-readable", chosen.readable);
    viewport.style.maxHeight = chosen.readable ? `${availH}px` : "";
    viewport.dataset.zoom = chosen.readable ? "readable" : "fit";
    // a board larger than its frame opens at its middle, the way people look at it,
    // each time its size changes (a scroll position of another size means nothing)
    const size = chosen.readable ? `${frame.key}|${scale.toFixed(4)}` : "";
    if (size && size !== centredFor) {
      viewport.scrollLeft = (viewport.scrollWidth - viewport.clientWidth) / 2;
      viewport.scrollTop = (viewport.scrollHeight - viewport.clientHeight) / 2;
    }
    centredFor = size;
    if (onZoom) onZoom(chosen.readable);
  }

  function focusSpot(spot) {
    if (spot == null) return;
    focused = spot;
    for (const [s, el] of elements) el.tabIndex = s === focused ? 0 : -1;
    const el = elements.get(spot);
    if (el) {
      el.focus({ preventScroll: false });
      if (viewport.classList.contains("is-readable")) el.scrollIntoView({ block: "nearest", inline: "nearest" });
    }
    if (onFocusChange) onFocusChange(spot);
  }

  /** Move the focus as `move` asks (see navigation.js); true when it moved. */
  function moveBy(move) {
    const next = moveFocus(points, focused, move);
    if (next == null) return false;
    focusSpot(next);
    return true;
  }

  function onKey(event) {
    const tileEl = /** @type {HTMLElement | null} */ (event.target.closest(".tile"));
    if (!tileEl) return;
    const move = boardMove(event);
    if (!move) return;
    focused = Number(tileEl.dataset.spot);
    // a key that moves nothing still belongs to the board (no page scroll, no shortcut)
    event.preventDefault();
    moveBy(move);
  }

  function onClick(event) {
    const tileEl = /** @type {HTMLElement | null} */ (event.target.closest(".tile"));
    if (!tileEl || tileEl.classList.contains("is-removing")) return;
    const spot = Number(tileEl.dataset.spot);
    focused = spot;
    if (onPick) onPick(spot, tileEl);
  }

  boardEl.addEventListener("keydown", onKey);
  boardEl.addEventListener("click", onClick);
  const forgetSkip = offerSkipTo(boardEl);
  const resize = new ResizeObserver(() => fit());
  resize.observe(viewport);
  window.addEventListener("resize", fit);

  return {
    element: boardEl,
    set(nextView, nextUi = {}) {
      cachePoints();
      view = nextView;
      ui = { ...EMPTY_UI, ...nextUi };
      schedule();
    },
    /** Draw the connecting line of a Shisen-Sho match for a moment. */
    flashPath(path, { hold = false } = {}) {
      const drawn = frame;
      if (!drawn || drawn.kind !== "grid" || !path || path.length < 2) return;
      const pts = path.map((p) => drawn.point(p).map((v) => v.toFixed(1)).join(",")).join(" ");
      pathLayer.setAttribute("viewBox", `0 0 ${drawn.width} ${drawn.height}`);
      pathLayer.innerHTML =
        `<polyline class="path-glow" points="${pts}"/><polyline class="path-line" points="${pts}"/>` +
        path.map((p) => `<circle class="path-dot" cx="${drawn.point(p)[0]}" cy="${drawn.point(p)[1]}" r="5"/>`).join("");
      pathLayer.dataset.points = JSON.stringify(path);
      pathLayer.classList.add("is-visible");
      clearTimeout(pathTimer);
      if (hold) return;
      // the line stays until both tiles have gone, and a moment more
      pathTimer = setTimeout(clearPath, Math.max(550, LEAVE_MS + 250));
    },
    /** Take the connecting line away at once (a new board came). */
    clearPath,
    /** Show a short line over the board ("Board cleared +1000"), for a moment. */
    banner(text) {
      viewport.querySelector(".board-banner")?.remove();
      const el = document.createElement("p");
      el.className = "board-banner";
      el.setAttribute("aria-hidden", "true");
      el.textContent = text;
      viewport.appendChild(el);
      setTimeout(() => el.remove(), 1500);
    },
    /** The moment of a won game: a sweep of light over the board. */
    celebrate() {
      flash(boardEl, "is-won", 1300);
    },
    /** Mark the last seconds of a clock on the board (or stop marking them). */
    urgent(on) {
      viewport.classList.toggle("is-urgent", Boolean(on));
    },
    /** Shake tiles to show a refused pick. */
    shake(spots) {
      for (const spot of spots) {
        const el = elements.get(spot);
        if (!el) continue;
        el.classList.remove("is-shaking");
        void el.offsetWidth;
        el.classList.add("is-shaking");
        setTimeout(() => el.classList.remove("is-shaking"), 400);
      }
    },
    focusSpot,
    /** Move the keyboard focus onto the board as `move` asks ("next-free", ...). */
    move: moveBy,
    fit,
    /** The on-screen scale of the board (1 = tiles 60 px wide). */
    get scale() {
      return scale;
    },
    destroy() {
      destroyed = true;
      forgetSkip();
      resize.disconnect();
      window.removeEventListener("resize", fit);
      viewport.innerHTML = "";
    },
  };
}
