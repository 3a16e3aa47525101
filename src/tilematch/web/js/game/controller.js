// @ts-check
// The game controller: one board, its toolbar, HUD, message line and dialogs.
// It wires the DOM, the network, sound and storage around the pure state of
// state.js: clicks become intents for the server, and the views that come back
// are drawn.
//
//   const game = mountGame(element, { load, newGame, newLabel, onView, shareUrl, extraEnd });
//   await game.ready; game.view; game.destroy();

import { api } from "../api.js";
import { createBoard } from "../board/board.js";
import { bindShortcuts, keyHelpMarkup, mountKeyHelp } from "../keyboard.js";
import { hudItems, renderHud, shuffleWord } from "./hud.js";
import { CONFIRM_MARKUP, createConfirm, LEAVE_WORDS } from "./confirm.js";
import { createDialogs, noMovesMarkup } from "./dialogs.js";
import { applyView, clockAt, clockWaits, createState, FINISHED, matchedWords, pausedWords, pick as pickTile, tileAt, uiState } from "./state.js";
import { boardClearedWords, stoneWords } from "./state.js";
import { showNotes } from "./notes.js";
import { bindMenu } from "./menu.js";
import { chime, crack, snap, refuse } from "../sound.js";
import { getSettings, setSettings, onSettings } from "../storage.js";
import { boardTitle, esc, layoutTitle } from "../dom.js";
import { locale, t } from "../i18n.js";
import { difficultyName, gameLine, tileName } from "./names.js";

/** @typedef {import("../types.js").View} View */

// The controls: [action, key, key label]; each is named `game.control.<action>`. The
// first group is always in sight; the second sits in the "More" menu on a phone (and in
// the toolbar on a wide screen).
const PRIMARY = [
  ["hint", "h", "H"],
  ["undo", "u", "U"],
  ["redo", "y", "Y"],
  ["shuffle", "s", "S"],
  ["pause", "p", "P"],
];
const SECONDARY = [
  ["new", "n", "N"],
  ["replay", "r", "R"],
  ["smart_hint", "H", "⇧H"],
  ["learn", "l", "L"],
  ["partners", "a", "A"],
  ["fit", "f", "F"],
  ["zoom", "z", "Z"],
  ["give_up", "g", "G"],
];
const BUTTONS = [...PRIMARY, ...SECONDARY];
/** Buttons that switch something on and off (aria-pressed). */
const TOGGLES = new Set(["learn", "zoom", "fit", "pause", "partners"]);
/** Controls a mode may not offer (the view's `offers`): hidden where it lacks them. */
const OFFERED = ["undo", "redo", "shuffle", "partners", "hint", "smart_hint"];

/** What the page says after a control; one place for the sentences. */
const SAID = {
  redo: () => t("game.said.redo"),
  undo: () => t("game.said.undo"),
  shuffled: (game) => (game === "shisensho" ? t("game.said.reshuffled") : t("game.said.shuffled")),
  partnersOn: () => t("game.said.partners_on"),
  partnersOff: () => t("game.said.partners_off"),
  fit: () => t("game.said.fit"),
  readable: () => t("game.said.readable"),
};

// i18n-ids: game.control.hint game.control.undo game.control.redo game.control.shuffle
// i18n-ids: game.control.pause game.control.new game.control.replay game.control.smart_hint
// i18n-ids: game.control.learn game.control.partners game.control.fit game.control.zoom
// i18n-ids: game.control.give_up
/** A control's button markup. @param {string[]} control */
function buttonMarkup([action, , keyLabel]) {
  const keys = keyLabel === "⇧H" ? "Shift+H" : keyLabel;
  const pressed = TOGGLES.has(action) ? ' aria-pressed="false"' : "";
  return `<button type="button" data-action="${action}" aria-keyshortcuts="${keys}"${pressed}><span class="label">${esc(
    t(`game.control.${action}`),
  )}</span> <kbd>${keyLabel}</kbd></button>`;
}

/** Share link (game, layout, seed and the other settings) for a view. */
export function shareLink(view, origin = location.origin) {
  if (view.mode === "daily" && view.date) return `${origin}/daily?date=${view.date}`;
  const params = new URLSearchParams();
  if (view.mode === "tower" && view.level != null) params.set("level", view.level);
  else {
    if (view.layout) params.set("layout", view.layout);
    if (view.shape) params.set("shape", view.shape);
    else if (view.size) params.set("board", `${view.size[1]}x${view.size[0]}`); // columns x rows
    if (view.seed != null) params.set("seed", view.seed);
    if (view.difficulty) params.set("difficulty", view.difficulty);
    if (view.gravity) params.set("gravity", "1");
  }
  return `${origin}/play/${view.game}/${view.mode}?${params}`;
}

let mounted = 0;

/**
 * A board's date (YYYY-MM-DD, a calendar day) written for the page's locale.
 * @param {string} date
 */
function dateWords(date) {
  const day = new Date(`${date}T12:00:00Z`);
  if (Number.isNaN(day.getTime())) return date;
  return new Intl.DateTimeFormat(locale(), { dateStyle: "medium", timeZone: "UTC" }).format(day);
}

export function mountGame(root, options) {
  const state = createState(getSettings());
  const menuId = `game-more-${(mounted += 1)}`;
  let queue = Promise.resolve(null);

  // Intents go to the server one at a time, in click order, so that views come back
  // (and are drawn) in the order the player acted.
  function send(id, intent) {
    const result = queue.then(() => api.act(id, intent));
    queue = result.catch(() => null);
    return result;
  }

  root.innerHTML = `
    <section class="game" aria-label="${esc(t("game.aria.game"))}">
      <div class="game-head">
        <h1 class="game-title"></h1>
        <p class="game-sub muted"></p>
        ${keyHelpMarkup()}
      </div>
      <dl class="hud" aria-label="${esc(t("game.aria.counters"))}"></dl>
      <div class="toolbar" role="toolbar" aria-label="${esc(t("game.aria.controls"))}">
        ${PRIMARY.map(buttonMarkup).join("")}
        <button type="button" class="more-button" aria-haspopup="menu" aria-expanded="false" aria-controls="${menuId}" id="${menuId}-button"><span class="label">${esc(t("game.control.more"))}</span></button>
        <div class="more-menu" id="${menuId}" role="group" aria-label="${esc(t("game.aria.more"))}">${SECONDARY.map(buttonMarkup).join("")}</div>
      </div>
      <div class="board-area">
        <p class="message" role="status" aria-live="polite" data-idle="${esc(t("game.message.idle"))}"></p>
        <div class="board-host"></div>
        <div class="pause-cover" hidden><p>${esc(t("game.pause.cover"))}</p><button type="button" class="primary" data-action="pause">${esc(
          t("game.control.resume"),
        )} <kbd>P</kbd></button></div>
      </div>
    </section>
    <dialog class="end-dialog" aria-labelledby="end-title"></dialog>${noMovesMarkup()}${CONFIRM_MARKUP}`;

  const $ = (sel) => root.querySelector(sel);
  const messageEl = $(".message");
  const hudEl = $(".hud");
  const titleEl = $(".game-title");
  const subEl = $(".game-sub");
  const endDialog = $(".end-dialog");
  const noMovesDialog = $(".nomoves-dialog");
  const pauseCover = $(".pause-cover");
  const toolbar = $(".toolbar");
  const moreButton = $(".more-button");
  const ask = createConfirm($(".confirm-dialog"));
  /** whether the board is drawn readable (scrolling) rather than fitted */
  let readable = false;
  const board = createBoard($(".board-host"), {
    onPick: pick,
    onZoom(isReadable) {
      readable = isReadable;
      if (state.view) drawToggles();
    },
  });
  const dialogs = createDialogs(endDialog, noMovesDialog, {
    say,
    shareUrl: options.shareUrl || shareLink,
    newLabel: options.newLabel,
    extraEnd: options.extraEnd,
  });
  const newButton = $('.toolbar [data-action="new"] .label');
  if (options.newLabel) newButton.textContent = options.newLabel;

  // ---------------------------------------------------------------- messages
  // On a phone the message is a toast over the board: it fades a while after it is said.
  let fade = 0;
  function say(text, kind = "info") {
    messageEl.textContent = text || "";
    messageEl.dataset.kind = kind;
    messageEl.classList.toggle("is-fresh", Boolean(text));
    clearTimeout(fade);
    if (text) fade = window.setTimeout(() => messageEl.classList.remove("is-fresh"), kind === "error" ? 6000 : 4000);
  }

  function tile(spot) {
    return tileAt(state, spot);
  }

  /** The view on the board, once the first one came. */
  function shown() {
    return /** @type {View} */ (state.view);
  }

  // ---------------------------------------------------------------- drawing
  function clockNow() {
    return clockAt(state, performance.now());
  }

  function drawHud() {
    if (!state.view) return;
    const { elapsed, remaining, running } = clockNow();
    renderHud(hudEl, hudItems(state.view, elapsed, remaining));
    board.urgent(running && remaining != null && remaining <= 10);
  }

  /** Show Partners is on for this game: Shisen-Sho has its own setting (it is help there). */
  function partnersOn() {
    const settings = getSettings();
    return state.view && state.view.game === "shisensho" ? settings.shisenPartners : settings.partners;
  }

  function drawButtons() {
    const view = shown();
    const finished = FINISHED.has(view.status);
    const paused = view.status === "paused";
    const set = (action, props) => {
      for (const b of root.querySelectorAll(`.toolbar [data-action="${action}"]`)) Object.assign(b, props);
    };
    const c = view.counters || {};
    const moves = c.moves ?? 1;
    const offers = view.offers || OFFERED;
    for (const action of OFFERED) set(action, { hidden: !offers.includes(action) });
    // stores the server reports as empty disable their buttons (the server refuses anyway)
    set("undo", { disabled: finished || paused || moves === 0 || c.undos_left === 0 });
    set("redo", { disabled: finished || paused || !view.redo });
    set("hint", { disabled: finished || paused || c.hints_left === 0 });
    set("smart_hint", { disabled: finished || paused || c.hints_left === 0 });
    set("shuffle", { disabled: finished || paused || c.shuffles_left === 0 || c.tokens === 0 });
    set("pause", { disabled: finished });
    set("give_up", { disabled: finished });
    for (const b of root.querySelectorAll('[data-action="pause"]')) {
      if (b.closest(".toolbar")) {
        b.setAttribute("aria-pressed", paused ? "true" : "false");
        b.querySelector(".label").textContent = paused ? t("game.control.resume") : t("game.control.pause");
      }
    }
    $('.toolbar [data-action="shuffle"] .label').textContent = shuffleWord(view.game);
    drawToggles();
  }

  function drawToggles() {
    const pressed = (action, on) => $(`.toolbar [data-action="${action}"]`).setAttribute("aria-pressed", on ? "true" : "false");
    pressed("learn", state.learn);
    pressed("zoom", readable);
    pressed("fit", !readable);
    pressed("partners", partnersOn());
  }

  function draw() {
    const view = state.view;
    if (!view) return;
    titleEl.textContent = options.title || gameLine(view);
    const bits = [];
    if (view.layout) bits.push(layoutTitle(view.layout));
    if (view.shape) bits.push(layoutTitle(view.shape));
    else if (view.size) bits.push(boardTitle(`${view.size[0]}x${view.size[1]}`));
    if (view.difficulty) bits.push(difficultyName(view.difficulty));
    if (view.level != null) bits.push(t("game.head.level", { level: view.level }));
    if (view.date && !options.title) bits.push(dateWords(view.date));
    if (view.gravity) bits.push(t("game.head.gravity"));
    // A Daily board is named by its date; its seed is too large for a JS number.
    if (view.seed != null && view.mode !== "daily") bits.push(t("game.head.seed", { seed: String(view.seed) }));
    subEl.textContent = bits.join(" · ");
    pauseCover.hidden = view.status !== "paused";
    root.querySelector(".board-host").classList.toggle("is-paused", view.status === "paused");
    board.set(view, uiState(state, { partners: partnersOn() }));
    drawHud();
    drawButtons();
  }

  // ---------------------------------------------------------------- views
  function apply(view, { quiet = false } = {}) {
    const { newGame, previousStatus } = applyView(state, view, performance.now());
    if (newGame) {
      dialogs.close();
      if (options.onView) options.onView(view);
    }
    draw();
    reportPartners();
    showNotes(root.querySelector(".board-area"), view);
    if (!quiet) checkStatus(previousStatus);
    if (options.onChange && previousStatus !== view.status) options.onChange(view);
  }

  function checkStatus(previousStatus) {
    const view = shown();
    if (FINISHED.has(view.status) && previousStatus !== view.status) {
      // a game won here and now has its moment on the board, around the dialog
      if (view.status === "won" && previousStatus != null) {
        board.celebrate();
        chime(5);
      }
      dialogs.openEnd(view);
    }
    if (view.status === "deadlock" && previousStatus !== "deadlock") dialogs.openNoMoves(view);
    if (view.status === "playing") dialogs.closeNoMoves();
  }

  async function load(promise, { quiet = false } = {}) {
    try {
      const view = await promise;
      apply(view, { quiet });
      return view;
    } catch (error) {
      say(/** @type {Error} */ (error).message, "error");
      throw error;
    }
  }

  // ---------------------------------------------------------------- picking
  async function pick(spot) {
    const waits = clockWaits(state);
    const outcome = pickTile(state, spot, { partners: partnersOn() });
    if (!outcome) return;
    if (waits) startClock();
    if ("message" in outcome) {
      if (outcome.refused != null) {
        draw();
        board.shake([outcome.refused]);
        refuse();
        say(outcome.message, outcome.kind);
      } else {
        say(outcome.message, outcome.kind);
        if (outcome.draw) draw();
      }
      return;
    }
    const { a, b } = outcome.intent;
    // A pair in the server's list of legal pairs is answered at once (highlight and
    // sound); the tiles leave when the server's view arrives.
    if (outcome.answered) snap((shown().combo || 0) + 1);
    draw();
    try {
      await sendMatch(outcome.intent, outcome.first, outcome.second, outcome.answered);
    } finally {
      state.matching.delete(a);
      state.matching.delete(b);
    }
  }

  // Partner highlighting in Shisen-Sho is help: the server hears when it is on in a
  // game (once; it counts it as a hint), so the result says so wherever hints count.
  /** @type {string | null} the game the partners intent was sent for */
  let reported = null;
  function reportPartners() {
    const view = state.view;
    if (!view || !partnersOn() || view.partner_help || view.status !== "playing") return;
    if (!(view.offers || []).includes("partners") || reported === view.id) return;
    reported = view.id;
    send(view.id, { type: "partners" })
      .then((result) => {
        if (state.view && state.view.id === view.id && state.pending === 0 && result.ok) apply(result.game, { quiet: true });
      })
      .catch(() => {
        reported = null;
      });
  }

  // The first pick starts the game's clock on the server (once: the view says so).
  /** @type {string | null} the game whose clock a start was sent for */
  let starting = null;
  function startClock() {
    const id = shown().id;
    if (starting === id) return;
    starting = id;
    send(id, { type: "start" })
      .then((result) => {
        if (state.view && state.view.id === id && state.pending === 0) apply(result.game, { quiet: true });
      })
      .catch(() => {
        starting = null;
      });
  }

  async function sendMatch(intent, first, second, answered) {
    const { a, b } = intent;
    const id = shown().id;
    state.pending += 1;
    const started = performance.now();
    try {
      const result = await send(id, intent);
      if (!state.view || state.view.id !== id) return;
      if (!result.ok) {
        state.matching.delete(a);
        state.matching.delete(b);
        board.shake([a, b]);
        refuse();
        apply(result.game);
        say(result.message || t("game.said.pair_refused", { reason: result.reason }), "error");
        return;
      }
      const view = result.game;
      const lm = view.last_match;
      state.freed = new Set(lm && lm.freed ? lm.freed : []);
      const before = state.view;
      const gained = (view.score ?? 0) - (before.score ?? 0);
      apply(view);
      // a cleared Arcade board is marked, and the old board's line is not drawn on the new one
      const newBoard = (result.events || []).some((e) => e.type === "new_board");
      if (newBoard) {
        board.clearPath();
        board.banner(boardClearedWords(gained));
        chime(3);
      } else if (lm && lm.path && lm.path.length) board.flashPath(lm.path);
      if (!answered) snap(view.combo || 1);
      const cracked = stoneWords(before, view);
      if (cracked) crack();
      const words = [matchedWords(state, first, second, gained), cracked];
      if (newBoard) words.push(t("game.said.new_board", { cleared: boardClearedWords(gained) }));
      say(words.filter(Boolean).join(t("game.sentence_gap")), "ok");
      root.dataset.lastClickMs = (performance.now() - started).toFixed(1);
    } catch (error) {
      say(/** @type {Error} */ (error).message, "error");
    } finally {
      state.pending -= 1;
    }
  }

  // ---------------------------------------------------------------- actions
  async function act(type) {
    const view = state.view;
    if (!view) return null;
    try {
      const result = await send(view.id, { type });
      if (!state.view || state.view.id !== view.id) return null;
      if (!result.ok) {
        refuse();
        apply(result.game);
        say(result.message || result.reason, "error");
      } else {
        apply(result.game);
      }
      // still stuck after an action (a shuffle that opened no pair, a refusal):
      // the dialog that closed for it offers the way out again, saying why
      if (state.view.status === "deadlock" && !dialogs.noMovesOpen) {
        dialogs.openNoMoves(shown(), result.ok ? null : { type, message: result.message || result.reason });
      }
      return result;
    } catch (error) {
      say(/** @type {Error} */ (error).message, "error");
      return null;
    }
  }

  function describePair(pair) {
    if (!pair) return "";
    const [a, b] = pair.map((s) => tileName(tile(s)));
    return t("game.said.pair", { first: a, second: b });
  }

  const handlers = {
    async new() {
      if (!options.newGame) return;
      const label = options.newLabel || t("game.control.new");
      if (inProgress() && !(await ask(LEAVE_WORDS.new(label)))) return;
      say(t("game.said.dealing"));
      await load(options.newGame());
      const today = options.restartsToday || options.newLabel === "Restart Today";
      say(today ? t("game.said.today_again") : t("game.said.dealt"));
    },
    async replay() {
      if (!state.view) return;
      if (inProgress() && !(await ask(LEAVE_WORDS.replay()))) return;
      await load(options.replay ? options.replay(state.view) : api.replay(state.view.id));
      say(t("game.said.replayed"));
    },
    async undo() {
      const r = await act("undo");
      if (r && r.ok) say(SAID.undo());
    },
    async redo() {
      const r = await act("redo");
      if (r && r.ok) say(SAID.redo(), "ok");
    },
    partners() {
      const key = state.view && state.view.game === "shisensho" ? "shisenPartners" : "partners";
      const on = !partnersOn();
      setSettings({ [key]: on });
      say(on ? SAID.partnersOn() : SAID.partnersOff());
    },
    async hint() {
      state.selected = null;
      const r = await act("hint");
      if (r && r.ok) say(t("game.said.hint", { pair: describePair(shown().hint) }), "hint");
    },
    async smart_hint() {
      state.selected = null;
      const r = await act("smart_hint");
      if (r && r.ok) {
        const words = [t("game.said.smart_hint", { pair: describePair(shown().hint) })];
        words.push(shown().hint_warning || t("game.said.stays_solvable"));
        say(words.join(t("game.sentence_gap")), "hint");
      }
    },
    async shuffle() {
      state.selected = null;
      const r = await act("shuffle");
      if (r && r.ok) say(SAID.shuffled(shown().game));
    },
    learn() {
      state.learn = !state.learn;
      setSettings({ learn: state.learn });
      say(state.learn ? t("game.said.learn_on") : t("game.said.learn_off"));
      draw();
    },
    async pause() {
      if (!state.view) return;
      const paused = state.view.status === "paused";
      const r = await act(paused ? "resume" : "pause");
      if (r && r.ok) say(paused ? t("game.said.resumed") : pausedWords(r.game));
    },
    fit() {
      state.zoom = "fit";
      setSettings({ zoom: "fit" });
      draw();
      say(SAID.fit());
    },
    zoom() {
      state.zoom = readable ? "fit" : "readable";
      setSettings({ zoom: state.zoom });
      draw();
      say(state.zoom === "readable" ? SAID.readable() : SAID.fit());
    },
    async give_up() {
      if (!state.view || FINISHED.has(state.view.status)) return;
      if (!(await ask(LEAVE_WORDS.give_up()))) return;
      await act("give_up");
    },
    look() {
      state.dismissed = state.view && state.view.status;
      closeDialogs();
      say(t("game.said.look"));
    },
    escape() {
      if (state.selected != null) {
        state.selected = null;
        say(t("game.said.selection_cleared"));
        draw();
      }
    },
  };

  /** A game a New Game or Replay would leave: a move made, or its clock started. */
  function inProgress() {
    const view = state.view;
    if (!view || FINISHED.has(view.status)) return false;
    return Boolean((view.counters && view.counters.moves) || (view.clock && view.clock.started));
  }

  function run(action) {
    const handler = handlers[action];
    if (!handler || ask.open) return;
    // a control the mode does not offer is hidden, and its shortcut does nothing
    const button = /** @type {HTMLButtonElement | null} */ (toolbar.querySelector(`[data-action="${action}"]`));
    if (button && button.hidden) return;
    if (action !== "look") closeDialogs();
    handler();
  }

  // ---------------------------------------------------------------- the More menu
  // Where the secondary controls fold into More (a phone), they are a menu: the
  // button opens it (Enter, Space, arrow keys), arrow keys, Home and End move in it,
  // Escape closes it and gives the focus back to the button, Tab leaves it.
  const menu = /** @type {HTMLElement} */ ($(".more-menu"));
  const stopMenu = bindMenu(toolbar, moreButton, menu);
  const openMenu = stopMenu.open;

  root.addEventListener("click", (event) => {
    const button = event.target.closest("[data-action]");
    if (!button || button.disabled || !root.contains(button)) return;
    // an item of the open menu closes it, and the focus goes back to its button
    if (button.closest(".more-menu") && toolbar.classList.contains("is-open")) openMenu(false, { focus: "button" });
    run(button.dataset.action);
  });

  const unbind = bindShortcuts(
    Object.fromEntries([
      ...BUTTONS.map(([action, key]) => [key, () => run(action)]),
      ["Escape", () => run("escape")],
      // from anywhere on the page: onto the board's next or previous free tile
      ["j", () => board.move("next-free")],
      ["k", () => board.move("previous-free")],
    ]),
  );

  const unmountKeyHelp = mountKeyHelp(root);

  // ---------------------------------------------------------------- dialogs
  function closeDialogs() {
    dialogs.close();
  }

  for (const dialog of [endDialog, noMovesDialog]) {
    dialog.addEventListener("click", (event) => {
      const button = event.target.closest("[data-action]");
      if (button && button.dataset.action !== "copy") {
        event.stopPropagation();
        run(button.dataset.action);
      }
    });
  }

  // ---------------------------------------------------------------- clock
  let refreshing = false;
  const timer = setInterval(async () => {
    if (!state.view) return;
    drawHud();
    const { remaining, running } = clockNow();
    if (running && remaining === 0 && !refreshing) {
      refreshing = true;
      try {
        await load(api.game(state.view.id));
      } finally {
        setTimeout(() => {
          refreshing = false;
        }, 1500);
      }
    }
  }, 250);

  const unsubscribe = onSettings(() => {
    draw();
    reportPartners();
  });
  const onVisibility = () => {
    if (document.hidden || !state.view) return;
    load(api.game(state.view.id), { quiet: false }).catch(() => {});
  };
  document.addEventListener("visibilitychange", onVisibility);

  const ready = load(options.load(), { quiet: false });

  return {
    ready,
    get view() {
      return state.view;
    },
    board,
    destroy() {
      clearInterval(timer);
      unbind();
      unmountKeyHelp();
      unsubscribe();
      document.removeEventListener("visibilitychange", onVisibility);
      stopMenu();
      clearTimeout(fade);
      board.destroy();
      closeDialogs();
      root.innerHTML = "";
    },
  };
}
