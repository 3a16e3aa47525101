// The game controller: one board, its toolbar, HUD, message line and dialogs.
// It turns clicks into intents for the server and draws the views that come back.
// The first tile of a pair is local UI state; everything else is the server's word.
//
//   const game = mountGame(element, { load, newGame, newLabel, onView, shareUrl, extraEnd });
//   game.destroy();

import { api } from "../api.js";
import { blockerSpots, createBoard, describeBlocked } from "../board/board.js";
import { bindShortcuts } from "../keyboard.js";
import { hudItems, renderHud } from "./hud.js";
import { snap, refuse } from "../sound.js";
import { getSettings, setSettings, onSettings } from "../storage.js";
import { clock, esc, GAME_NAMES, MODE_NAMES, layoutTitle } from "../dom.js";

const FINISHED = new Set(["won", "lost", "given_up"]);

const BUTTONS = [
  // [action, label, key, key label]
  ["new", "New Game", "n", "N"],
  ["replay", "Replay Same Board", "r", "R"],
  ["undo", "Undo", "u", "U"],
  ["hint", "Hint", "h", "H"],
  ["smart_hint", "Smart Hint", "H", "⇧H"],
  ["shuffle", "Shuffle", "s", "S"],
  ["learn", "Learn Mode", "l", "L"],
  ["pause", "Pause", "p", "P"],
  ["fit", "Fit Board", "f", "F"],
  ["zoom", "Readable Zoom", "z", "Z"],
  ["give_up", "Give Up", "g", "G"],
];

/** Share link (game, layout, seed and the other settings) for a view. */
export function shareLink(view, origin = location.origin) {
  if (view.mode === "daily" && view.date) return `${origin}/daily?date=${view.date}`;
  const params = new URLSearchParams();
  if (view.mode === "tower" && view.level != null) params.set("level", view.level);
  else {
    if (view.layout) params.set("layout", view.layout);
    if (view.shape) params.set("shape", view.shape);
    else if (view.size) params.set("size", `${view.size[0]}x${view.size[1]}`);
    if (view.seed != null) params.set("seed", view.seed);
    if (view.difficulty) params.set("difficulty", view.difficulty);
    if (view.gravity) params.set("gravity", "1");
  }
  return `${origin}/play/${view.game}/${view.mode}?${params}`;
}

export function mountGame(root, options) {
  const settings = getSettings();
  const state = {
    view: null,
    receivedAt: 0,
    selected: null,
    explained: null, // a blocked tile just picked: it and its blockers are outlined
    pending: 0,
    learn: settings.learn,
    zoom: settings.zoom,
    freed: new Set(),
    lastStatus: null,
    dismissed: null,
    queue: Promise.resolve(),
    matching: new Set(),
  };

  // Intents go to the server one at a time, in click order, so that views come back
  // (and are drawn) in the order the player acted.
  function send(id, intent) {
    const result = state.queue.then(() => api.act(id, intent));
    state.queue = result.catch(() => null);
    return result;
  }

  root.innerHTML = `
    <section class="game" aria-label="Game">
      <div class="game-head">
        <h1 class="game-title"></h1>
        <p class="game-sub muted"></p>
      </div>
      <div class="toolbar" role="toolbar" aria-label="Game controls">
        ${BUTTONS.map(
          ([action, label, , keyLabel]) =>
            `<button type="button" data-action="${action}" aria-keyshortcuts="${keyLabel === "⇧H" ? "Shift+H" : keyLabel}"${
              action === "learn" || action === "zoom" || action === "pause" ? ' aria-pressed="false"' : ""
            }><span class="label">${label}</span> <kbd>${keyLabel}</kbd></button>`,
        ).join("")}
      </div>
      <dl class="hud" aria-label="Counters"></dl>
      <p class="message" role="status" aria-live="polite"></p>
      <div class="board-area">
        <div class="board-host"></div>
        <div class="pause-cover" hidden><p>Paused</p><button type="button" class="primary" data-action="pause">Resume <kbd>P</kbd></button></div>
      </div>
    </section>
    <dialog class="end-dialog" aria-labelledby="end-title"></dialog>
    <dialog class="nomoves-dialog" aria-labelledby="nomoves-title">
      <h2 id="nomoves-title">No moves left</h2>
      <p class="nomoves-text">Tiles remain but no pair can be removed.</p>
      <div class="actions">
        <button type="button" data-action="undo">Undo</button>
        <button type="button" data-action="shuffle" class="primary">Shuffle</button>
        <button type="button" data-action="replay">Replay Same Board</button>
        <button type="button" data-action="look">Look at the board</button>
      </div>
    </dialog>`;

  const $ = (sel) => root.querySelector(sel);
  const messageEl = $(".message");
  const hudEl = $(".hud");
  const titleEl = $(".game-title");
  const subEl = $(".game-sub");
  const endDialog = $(".end-dialog");
  const noMovesDialog = $(".nomoves-dialog");
  const pauseCover = $(".pause-cover");
  const board = createBoard($(".board-host"), { onPick: pick });
  const newButton = $('.toolbar [data-action="new"] .label');
  if (options.newLabel) newButton.textContent = options.newLabel;

  // ---------------------------------------------------------------- messages
  function say(text, kind = "info") {
    messageEl.textContent = text || "";
    messageEl.dataset.kind = kind;
  }

  // ---------------------------------------------------------------- derived UI
  function partnersOf(spot) {
    const out = new Set();
    if (spot == null || !state.view) return out;
    for (const [a, b] of state.view.pairs || []) {
      if (a === spot) out.add(b);
      else if (b === spot) out.add(a);
    }
    return out;
  }

  function blockersOf(spot) {
    const t = spot == null ? null : tile(spot);
    if (!t || t.selectable !== false) return new Set();
    return new Set(blockerSpots(t, new Map(state.view.tiles.map((x) => [x.spot, x]))));
  }

  function uiState() {
    const view = state.view;
    const s = getSettings();
    return {
      selected: state.selected,
      partners: s.partners ? partnersOf(state.selected) : new Set(),
      hinted: new Set(view && view.hint ? view.hint : []),
      freed: state.learn ? state.freed : new Set(),
      blockers: blockersOf(state.explained),
      explained: state.explained,
      matching: state.matching,
      learn: state.learn,
      showFree: state.learn || (s.partners && state.selected != null),
      zoom: state.zoom,
    };
  }

  function tile(spot) {
    return state.view ? state.view.tiles.find((t) => t.spot === spot) : null;
  }

  // ---------------------------------------------------------------- drawing
  function clockNow() {
    const view = state.view;
    const c = view.clock || {};
    const running = view.status === "playing" && !c.paused;
    const delta = running ? (performance.now() - state.receivedAt) / 1000 : 0;
    const elapsed = (c.elapsed ?? view.counters?.time ?? 0) + delta;
    const remaining = c.remaining == null ? null : Math.max(0, c.remaining - delta);
    return { elapsed, remaining, running };
  }

  function drawHud() {
    if (!state.view) return;
    const { elapsed, remaining } = clockNow();
    renderHud(hudEl, hudItems(state.view, elapsed, remaining));
  }

  function drawButtons() {
    const view = state.view;
    const finished = FINISHED.has(view.status);
    const paused = view.status === "paused";
    const set = (action, props) => {
      for (const b of root.querySelectorAll(`.toolbar [data-action="${action}"]`)) Object.assign(b, props);
    };
    const c = view.counters || {};
    const moves = c.moves ?? 1;
    // stores the server reports as empty disable their buttons (the server refuses anyway)
    set("undo", { disabled: finished || paused || moves === 0 || c.undos_left === 0 });
    set("hint", { disabled: finished || paused || c.hints_left === 0 });
    set("smart_hint", { disabled: finished || paused || c.hints_left === 0 });
    set("shuffle", { disabled: finished || paused || c.shuffles_left === 0 || c.tokens === 0 });
    set("pause", { disabled: finished });
    set("give_up", { disabled: finished });
    for (const b of root.querySelectorAll('[data-action="pause"]')) {
      if (b.closest(".toolbar")) {
        b.setAttribute("aria-pressed", paused ? "true" : "false");
        b.querySelector(".label").textContent = paused ? "Resume" : "Pause";
      }
    }
    $('.toolbar [data-action="learn"]').setAttribute("aria-pressed", state.learn ? "true" : "false");
    $('.toolbar [data-action="zoom"]').setAttribute("aria-pressed", state.zoom === "readable" ? "true" : "false");
    $('.toolbar [data-action="fit"]').setAttribute("aria-pressed", state.zoom === "fit" ? "true" : "false");
    $('.toolbar [data-action="shuffle"] .label').textContent =
      view.game === "shisensho" ? "Reshuffle" : "Shuffle";
  }

  function draw() {
    const view = state.view;
    if (!view) return;
    const gameName = GAME_NAMES[view.game] || view.game;
    const modeName = MODE_NAMES[view.mode] || view.mode;
    titleEl.textContent = options.title || `${gameName} · ${modeName}`;
    const bits = [];
    if (view.layout) bits.push(layoutTitle(view.layout));
    if (view.shape) bits.push(layoutTitle(view.shape));
    else if (view.size) bits.push(`${view.size[1]}×${view.size[0]}`);
    if (view.difficulty) bits.push(view.difficulty.replace("_", " "));
    if (view.level != null) bits.push(`Level ${view.level}`);
    if (view.date && !options.title) bits.push(view.date);
    if (view.gravity) bits.push("gravity");
    // A Daily board is named by its date; its seed is too large for a JS number.
    if (view.seed != null && view.mode !== "daily") bits.push(`seed ${view.seed}`);
    subEl.textContent = bits.join(" · ");
    pauseCover.hidden = view.status !== "paused";
    root.querySelector(".board-host").classList.toggle("is-paused", view.status === "paused");
    board.set(view, uiState());
    drawHud();
    drawButtons();
  }

  // ---------------------------------------------------------------- views
  function apply(view, { quiet = false } = {}) {
    const previous = state.view;
    const newGame = !previous || previous.id !== view.id;
    state.view = view;
    state.receivedAt = performance.now();
    if (newGame) {
      state.selected = null;
      state.explained = null;
      state.freed = new Set();
      state.lastStatus = null;
      state.dismissed = null;
      closeDialogs();
      if (options.onView) options.onView(view);
    }
    if (state.selected != null && !view.tiles.some((t) => t.spot === state.selected)) state.selected = null;
    draw();
    if (!quiet) checkStatus();
    if (options.onChange && state.lastStatus !== view.status) options.onChange(view);
    state.lastStatus = view.status;
  }

  function checkStatus() {
    const view = state.view;
    if (FINISHED.has(view.status) && state.lastStatus !== view.status) openEnd();
    if (view.status === "deadlock" && state.lastStatus !== "deadlock") openNoMoves();
    if (view.status === "playing" && noMovesDialog.open) noMovesDialog.close();
  }

  async function load(promise, { quiet = false } = {}) {
    try {
      const view = await promise;
      apply(view, { quiet });
      return view;
    } catch (error) {
      say(error.message, "error");
      throw error;
    }
  }

  // ---------------------------------------------------------------- picking
  async function pick(spot) {
    const view = state.view;
    if (!view) return;
    if (view.status === "paused") {
      say("The game is paused. Press Resume to go on.", "warn");
      return;
    }
    if (FINISHED.has(view.status)) {
      say("This game is over. Start a new game or replay the board.", "warn");
      return;
    }
    const t = tile(spot);
    if (!t) return;
    state.explained = null;
    if (state.selected === spot) {
      state.selected = null;
      say(`${t.name} deselected.`);
      draw();
      return;
    }
    if (t.selectable === false) {
      // the board frames the tiles named, so the message leaves out their positions
      const why = describeBlocked(t, new Map(view.tiles.map((x) => [x.spot, x]))).replace(/ at \(\d+, \d+, \d+\)/g, "");
      state.explained = spot;
      draw();
      board.shake([spot]);
      refuse();
      const lead = state.learn ? "Learn Mode: " : "";
      say(`${lead}${t.name} cannot be selected: ${why.replace(/\.$/, "")}.`, "error");
      return;
    }
    if (state.selected == null) {
      state.selected = spot;
      const partners = partnersOf(spot).size;
      say(
        `${t.name} selected. ${
          partners ? `${partners} possible ${partners === 1 ? "partner" : "partners"}.` : "No partner can be taken now."
        }`,
      );
      draw();
      return;
    }
    const a = state.selected;
    const first = tile(a);
    state.selected = null;
    // A pair in the server's list of legal pairs is answered at once (highlight and
    // sound); the tiles leave when the server's view arrives.
    const lo = Math.min(a, spot);
    const hi = Math.max(a, spot);
    const listed = (view.pairs || []).some(([x, y]) => Math.min(x, y) === lo && Math.max(x, y) === hi);
    if (listed) {
      state.matching.add(a);
      state.matching.add(spot);
      snap(view.combo ? view.combo + 1 : 1);
    }
    draw();
    try {
      await sendMatch(a, spot, first, t, listed);
    } finally {
      state.matching.delete(a);
      state.matching.delete(spot);
    }
  }

  async function sendMatch(a, b, first, second, answered) {
    const id = state.view.id;
    state.pending += 1;
    const started = performance.now();
    try {
      const result = await send(id, { type: "match", a, b });
      if (!state.view || state.view.id !== id) return;
      if (!result.ok) {
        state.matching.delete(a);
        state.matching.delete(b);
        board.shake([a, b]);
        refuse();
        apply(result.game);
        say(result.message || `That pair cannot be taken (${result.reason}).`, "error");
        return;
      }
      const view = result.game;
      const lm = view.last_match;
      state.freed = new Set(lm && lm.freed ? lm.freed : []);
      const gained = (view.score ?? 0) - (state.view.score ?? 0);
      apply(view);
      if (lm && lm.path && lm.path.length) board.flashPath(lm.path);
      if (!answered) snap(view.combo || 1);
      let text = `Matched ${first.name} and ${second.name}.`;
      if (gained > 0) text += ` +${gained} points.`;
      if (view.combo > 1) text += ` Combo ×${view.combo}.`;
      if (state.learn && state.freed.size) {
        const names = [...state.freed].map((s) => tile(s)?.name).filter(Boolean);
        text += ` Now free: ${names.join(", ")}.`;
      }
      if (view.status === "won") text += " Board cleared!";
      say(text, "ok");
      root.dataset.lastClickMs = (performance.now() - started).toFixed(1);
    } catch (error) {
      say(error.message, "error");
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
      if (state.view.status === "deadlock" && !noMovesDialog.open) {
        openNoMoves(result.ok ? null : { type, message: result.message || result.reason });
      }
      return result;
    } catch (error) {
      say(error.message, "error");
      return null;
    }
  }

  function describePair(pair) {
    if (!pair) return "";
    return pair.map((s) => tile(s)?.name || "a tile").join(" and ");
  }

  const handlers = {
    async new() {
      if (!options.newGame) return;
      say("Dealing a new board…");
      await load(options.newGame());
      say(options.newLabel === "Restart Today" ? "Today's board, from the start." : "A new board is dealt.");
    },
    async replay() {
      if (!state.view) return;
      await load(options.replay ? options.replay(state.view) : api.replay(state.view.id));
      say("The same board, from the start.");
    },
    async undo() {
      const r = await act("undo");
      if (r && r.ok) say("The last pair is back on the board.");
    },
    async hint() {
      state.selected = null;
      const r = await act("hint");
      if (r && r.ok) say(`Hint: ${describePair(state.view.hint)}.`, "hint");
    },
    async smart_hint() {
      state.selected = null;
      const r = await act("smart_hint");
      if (r && r.ok) {
        const warning = state.view.hint_warning ? ` ${state.view.hint_warning}` : " The board stays solvable after it.";
        say(`Smart hint: ${describePair(state.view.hint)}.${warning}`, "hint");
      }
    },
    async shuffle() {
      state.selected = null;
      const r = await act("shuffle");
      if (r && r.ok) say("The remaining tiles are shuffled.");
    },
    learn() {
      state.learn = !state.learn;
      setSettings({ learn: state.learn });
      say(
        state.learn
          ? "Learn Mode on: blocked tiles are dimmed; pick one to hear why, and newly freed tiles light up."
          : "Learn Mode off.",
      );
      draw();
    },
    async pause() {
      if (!state.view) return;
      const paused = state.view.status === "paused";
      const r = await act(paused ? "resume" : "pause");
      if (r && r.ok) say(paused ? "Resumed." : "Paused: the board is hidden and the clock stopped.");
    },
    fit() {
      state.zoom = "fit";
      setSettings({ zoom: "fit" });
      draw();
      say("The whole board fits the window.");
    },
    zoom() {
      state.zoom = state.zoom === "readable" ? "fit" : "readable";
      setSettings({ zoom: state.zoom });
      draw();
      say(state.zoom === "readable" ? "Readable zoom: larger tiles, scroll to see all." : "The whole board fits the window.");
    },
    async give_up() {
      if (!state.view || FINISHED.has(state.view.status)) return;
      if (!window.confirm("Give up this game? It ends now and the score stands.")) return;
      await act("give_up");
    },
    look() {
      state.dismissed = state.view && state.view.status;
      closeDialogs();
      say("Look at the board. Use Undo, Shuffle or Replay when you are ready.");
    },
    escape() {
      if (state.selected != null) {
        state.selected = null;
        say("Selection cleared.");
        draw();
      }
    },
  };

  function run(action) {
    const handler = handlers[action];
    if (!handler) return;
    if (action !== "look") closeDialogs();
    handler();
  }

  root.addEventListener("click", (event) => {
    const button = event.target.closest("[data-action]");
    if (!button || button.disabled || !root.contains(button)) return;
    run(button.dataset.action);
  });

  const unbind = bindShortcuts(
    Object.fromEntries([
      ...BUTTONS.map(([action, , key]) => [key, () => run(action)]),
      ["Escape", () => run("escape")],
    ]),
  );

  // ---------------------------------------------------------------- dialogs
  function closeDialogs() {
    if (endDialog.open) endDialog.close();
    if (noMovesDialog.open) noMovesDialog.close();
  }

  function summaryRows(summary) {
    const labels = {
      time: "Time",
      score: "Score",
      moves: "Moves",
      hints: "Hints",
      undos: "Undos",
      shuffles: "Shuffles",
      tiles_left: "Tiles left",
      tokens_left: "Tokens left",
      boards_cleared: "Boards cleared",
      stars: "Stars",
      perfect: "Perfect clear",
      time_left: "Time left",
      seconds_left: "Time left",
      remaining: "Time left",
      difficulty: "Difficulty",
    };
    const rows = [];
    for (const [key, label] of Object.entries(labels)) {
      if (!(key in summary) || summary[key] == null) continue;
      let value = summary[key];
      if (key === "time" || key === "remaining" || key === "time_left" || key === "seconds_left") value = clock(value);
      else if (key === "difficulty") value = String(value).replace("_", " ");
      else if (key === "stars") value = `${"★".repeat(value)}${"☆".repeat(Math.max(0, 3 - value))}`;
      else if (typeof value === "boolean") value = value ? "yes" : "no";
      rows.push(`<tr><th scope="row">${esc(label)}</th><td class="num">${esc(value)}</td></tr>`);
    }
    return rows.join("");
  }

  function endTitle(view) {
    const s = view.summary || {};
    if (view.mode === "arcade" && view.status === "won") return "Time's up";
    if (view.status === "won") return view.mode === "tower" ? `Level ${view.level} cleared!` : "Board cleared!";
    if (view.status === "given_up") return "Game over";
    if (s.reason === "time" || (view.clock && view.clock.remaining === 0)) return "Time's up";
    return "No moves left";
  }

  function openEnd() {
    const view = state.view;
    const s = view.summary || { score: view.score };
    const ledger = view.ledger || [];
    const link = (options.shareUrl || shareLink)(view);
    endDialog.innerHTML = `
      <h2 id="end-title">${esc(endTitle(view))}</h2>
      <p class="muted">${esc(GAME_NAMES[view.game] || view.game)} · ${esc(MODE_NAMES[view.mode] || view.mode)}</p>
      <table class="summary"><tbody>${summaryRows(s)}</tbody></table>
      ${
        ledger.length
          ? `<details class="ledger"${ledger.length <= 12 ? " open" : ""}><summary>Score ledger (${ledger.length} lines)</summary>
             <table><thead><tr><th>Item</th><th class="num">Points</th></tr></thead><tbody>
             ${ledger.map((l) => `<tr><td>${esc(l.label)}</td><td class="num">${esc(l.points)}</td></tr>`).join("")}
             <tr class="total"><th>Total</th><td class="num">${esc(view.score)}</td></tr></tbody></table></details>`
          : ""
      }
      <label class="share">Share this board
        <input type="text" readonly value="${esc(link)}" aria-label="Share link">
      </label>
      <div class="actions">
        ${options.extraEnd ? options.extraEnd(view) : ""}
        <button type="button" class="primary" data-action="new">${esc(options.newLabel || "New Game")}</button>
        <button type="button" data-action="replay">Replay Same Board</button>
        <button type="button" data-action="copy">Copy link</button>
        <button type="button" data-action="look">Look at the board</button>
        <a class="button" href="/results" data-link>Results</a>
      </div>`;
    endDialog.querySelector('[data-action="copy"]').addEventListener("click", async (e) => {
      e.stopPropagation();
      const input = endDialog.querySelector(".share input");
      input.select();
      try {
        await navigator.clipboard.writeText(input.value);
        say("Link copied.");
      } catch {
        say("Select the link and copy it.");
      }
    });
    if (!endDialog.open) endDialog.showModal();
    // on a short screen the dialog scrolls: keep its title in sight
    endDialog.querySelector(".primary").focus({ preventScroll: true });
    endDialog.scrollTop = 0;
    const score = view.score != null ? ` Score ${view.score}.` : "";
    say(`${endTitle(view)}${score}`, view.status === "won" ? "ok" : "warn");
  }

  function openNoMoves(refused = null) {
    const view = state.view;
    const tokens = view.counters ? view.counters.tokens : null;
    noMovesDialog.querySelector(".nomoves-text").textContent = refused
      ? refused.message
      : tokens != null
        ? `Tiles remain but no pair can be removed. Reshuffle tokens left: ${tokens}.`
        : "Tiles remain but no pair can be removed.";
    noMovesDialog.querySelector('[data-action="undo"]').disabled = !(view.counters && view.counters.moves > 0);
    const shuffle = noMovesDialog.querySelector('[data-action="shuffle"]');
    shuffle.textContent = view.game === "shisensho" ? "Reshuffle" : "Shuffle";
    shuffle.disabled = tokens === 0 || (refused != null && refused.type === "shuffle");
    if (!noMovesDialog.open) noMovesDialog.showModal();
    (shuffle.disabled ? noMovesDialog.querySelector('[data-action="undo"]') : shuffle).focus();
    say(refused ? refused.message : "No moves left: undo, shuffle, replay, or look at the board.", "warn");
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

  const unsubscribe = onSettings(() => draw());
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
      unsubscribe();
      document.removeEventListener("visibilitychange", onVisibility);
      board.destroy();
      closeDialogs();
      root.innerHTML = "";
    },
  };
}
