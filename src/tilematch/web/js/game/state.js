// @ts-check
// The game's state as plain data, apart from the DOM: the last view the server sent,
// the first tile of a pair, what the board outlines. No DOM, no network, no sound,
// no storage, and no rule: every answer comes from the view.
//
//   const state = createState({ learn: false, zoom: "fit" });
//   applyView(state, view, performance.now());
//   const outcome = pick(state, spot);   // {intent, ...} to send, or {message, ...} to show

import { blockerSpots, describeBlocked } from "../board/board.js";
import { clock } from "../dom.js";

/** @typedef {import("../types.js").View} View */
/** @typedef {import("../types.js").Tile} Tile */
/** @typedef {import("../types.js").Intent} Intent */

/**
 * @typedef {object} GameState
 * @property {View | null} view the server's last view
 * @property {number} receivedAt when it arrived (a `performance.now()` time)
 * @property {number | null} selected the first tile of a pair
 * @property {number | null} explained a blocked tile just picked: it and its blockers are outlined
 * @property {number} pending match intents sent and not answered yet
 * @property {boolean} learn Learn Mode
 * @property {string} zoom "auto", "fit" or "readable"
 * @property {Set<number>} freed tiles the last match freed
 * @property {string | null} lastStatus the status of the view drawn before
 * @property {string | null} dismissed the status whose dialog the player closed to look
 * @property {Set<number>} matching tiles of pairs sent and not answered yet
 */

/**
 * @typedef {{message: string, kind: string, draw: boolean, refused: number | null}} PickMessage
 * @typedef {{intent: Intent & {a: number, b: number}, answered: boolean, first: Tile, second: Tile}} PickIntent
 */

export const FINISHED = new Set(["won", "lost", "given_up"]);

/**
 * A fresh state, with the player's Learn Mode and zoom.
 * @param {{learn: boolean, zoom: string}} settings
 * @returns {GameState}
 */
export function createState({ learn, zoom }) {
  return {
    view: null,
    receivedAt: 0,
    selected: null,
    explained: null,
    pending: 0,
    learn,
    zoom,
    freed: new Set(),
    lastStatus: null,
    dismissed: null,
    matching: new Set(),
  };
}

/**
 * Take a view from the server (`now` is when it arrived). A view of another game
 * clears the selection, the outlines and the dialog state; a selected tile that left
 * the board is deselected.
 * @param {GameState} state
 * @param {View} view
 * @param {number} now
 * @returns {{newGame: boolean, previousStatus: string | null}} whether it is another
 *   game, and the status drawn before it (null for another game)
 */
export function applyView(state, view, now) {
  const newGame = !state.view || state.view.id !== view.id;
  state.view = view;
  state.receivedAt = now;
  if (newGame) {
    state.selected = null;
    state.explained = null;
    state.freed = new Set();
    state.lastStatus = null;
    state.dismissed = null;
  }
  if (state.selected != null && !view.tiles.some((t) => t.spot === state.selected)) state.selected = null;
  const previousStatus = state.lastStatus;
  state.lastStatus = view.status;
  return { newGame, previousStatus };
}

/**
 * The tile at `spot` in the current view.
 * @param {GameState} state
 * @param {number | null} spot
 * @returns {Tile | null}
 */
export function tileAt(state, spot) {
  if (!state.view || spot == null) return null;
  return state.view.tiles.find((t) => t.spot === spot) || null;
}

/**
 * The tiles that form one of the server's legal pairs with `spot`.
 * @param {GameState} state
 * @param {number | null} spot
 * @returns {Set<number>}
 */
export function partnersOf(state, spot) {
  /** @type {Set<number>} */
  const out = new Set();
  if (spot == null || !state.view) return out;
  for (const [a, b] of state.view.pairs || []) {
    if (a === spot) out.add(b);
    else if (b === spot) out.add(a);
  }
  return out;
}

/**
 * The tiles the view names as blocking `spot` (none when it can be picked).
 * @param {GameState} state
 * @param {number | null} spot
 * @returns {Set<number>}
 */
export function blockersOf(state, spot) {
  const t = tileAt(state, spot);
  if (!t || t.selectable !== false) return new Set();
  return new Set(blockerSpots(t));
}

/**
 * What the board draws besides the view (the `ui` of `board.set`).
 * @param {GameState} state
 * @param {{partners: boolean}} settings whether the player shows a tile's partners
 */
export function uiState(state, { partners }) {
  const view = state.view;
  return {
    selected: state.selected,
    partners: partners ? partnersOf(state, state.selected) : new Set(),
    hinted: new Set(view && view.hint ? view.hint : []),
    freed: state.learn ? state.freed : new Set(),
    blockers: blockersOf(state, state.explained),
    explained: state.explained,
    matching: state.matching,
    learn: state.learn,
    showFree: state.learn || (partners && state.selected != null),
    zoom: state.zoom,
  };
}

/**
 * Whether `a` and `b` are one of the server's legal pairs.
 * @param {View} view
 * @param {number} a
 * @param {number} b
 */
function listed(view, a, b) {
  const lo = Math.min(a, b);
  const hi = Math.max(a, b);
  return (view.pairs || []).some(([x, y]) => Math.min(x, y) === lo && Math.max(x, y) === hi);
}

/**
 * A click on `spot`: a message to show, or, for the second tile of a pair, the match
 * intent to send. A pair in the view's legal pairs is `answered` at once: its tiles
 * join `state.matching` until the server answers. With `partners` off the message
 * does not count the selected tile's partners (that would be a hint).
 * @param {GameState} state
 * @param {number} spot
 * @param {{partners?: boolean}} [options]
 * @returns {PickMessage | PickIntent | null} null when there is no view or no such tile
 */
export function pick(state, spot, { partners: counting = true } = {}) {
  const view = state.view;
  if (!view) return null;
  if (view.status === "paused") {
    return message("The game is paused. Press Resume to go on.", "warn", false);
  }
  if (FINISHED.has(view.status)) {
    return message("This game is over. Start a new game or replay the board.", "warn", false);
  }
  const t = tileAt(state, spot);
  if (!t) return null;
  state.explained = null;
  if (state.selected === spot) {
    state.selected = null;
    return message(`${t.name} deselected.`, "info", true);
  }
  if (t.selectable === false) {
    // the board frames the tiles named, so the message leaves out their positions
    const why = describeBlocked(t).replace(/ at \(\d+, \d+, \d+\)/g, "");
    state.explained = spot;
    const lead = state.learn ? "Learn Mode: " : "";
    return { ...message(`${lead}${t.name} cannot be selected: ${why.replace(/\.$/, "")}.`, "error", true), refused: spot };
  }
  if (state.selected == null) {
    state.selected = spot;
    if (!counting) return message(`${t.name} selected.`, "info", true);
    const partners = partnersOf(state, spot).size;
    return message(
      `${t.name} selected. ${
        partners ? `${partners} possible ${partners === 1 ? "partner" : "partners"}.` : "No partner can be taken now."
      }`,
      "info",
      true,
    );
  }
  const a = state.selected;
  const first = /** @type {Tile} */ (tileAt(state, a));
  state.selected = null;
  const answered = listed(view, a, spot);
  if (answered) {
    state.matching.add(a);
    state.matching.add(spot);
  }
  return { intent: { type: "match", a, b: spot }, answered, first, second: t };
}

/**
 * @param {string} text
 * @param {string} kind
 * @param {boolean} draw
 * @returns {PickMessage}
 */
function message(text, kind, draw) {
  return { message: text, kind, draw, refused: null };
}

/**
 * Whether a pick now must first start the game's clock: the server starts it at the
 * first pick, and opening or looking at a game never does.
 * @param {GameState} state
 */
export function clockWaits(state) {
  const view = state.view;
  return Boolean(view && view.status === "playing" && view.clock && view.clock.started === false);
}

/**
 * The clock as the HUD shows it `now`: the view's figures plus the time since it came.
 * @param {GameState} state
 * @param {number} now
 * @returns {{elapsed: number, remaining: number | null, running: boolean}}
 */
export function clockAt(state, now) {
  const view = /** @type {View} */ (state.view);
  const c = view.clock || {};
  // a ranked game's clock runs on in a pause (the server says so: clock.paused is false)
  const counting = view.status === "playing" ? !c.paused : view.status === "paused" && c.paused === false;
  const running = counting && c.started !== false;
  const delta = running ? (now - state.receivedAt) / 1000 : 0;
  const elapsed = (c.elapsed ?? view.counters?.time ?? 0) + delta;
  const remaining = c.remaining == null ? null : Math.max(0, c.remaining - delta);
  return { elapsed, remaining, running };
}

const SUMMARY_LABELS = {
  time: "Time",
  score: "Score",
  moves: "Moves",
  // the HUD's names (hud.js), so that one thing has one name on the page
  hints: "Hints used",
  undos: "Undos used",
  shuffles: "Shuffles used",
  tiles_left: "Tiles left",
  tokens_left: "Reshuffles left",
  boards_cleared: "Boards cleared",
  stars: "Stars",
  perfect: "Perfect clear",
  time_left: "Time left",
  difficulty: "Difficulty",
};

/**
 * The end summary's rows, in a fixed order, as `[label, value]` words; keys the
 * summary lacks or holds as null are left out.
 * @param {Record<string, unknown>} summary
 * @returns {[string, string][]}
 */
export function summaryRows(summary) {
  /** @type {[string, string][]} */
  const rows = [];
  for (const [key, label] of Object.entries(SUMMARY_LABELS)) {
    if (!(key in summary) || summary[key] == null) continue;
    const value = summary[key];
    let text;
    if (key === "time" || key === "time_left") text = clock(Number(value));
    else if (key === "difficulty") text = String(value).replace("_", " ");
    else if (key === "stars") text = `${"★".repeat(Number(value))}${"☆".repeat(Math.max(0, 3 - Number(value)))}`;
    else if (typeof value === "boolean") text = value ? "yes" : "no";
    else text = String(value);
    rows.push([label, text]);
  }
  return rows;
}

/**
 * The score ledger with equal lines (same label, same points) grouped into one, in
 * the order each first appears: `{label, points, count, total}` per group.
 * @param {{label: string, points: number}[]} ledger
 * @returns {{label: string, points: number, count: number, total: number}[]}
 */
export function groupLedger(ledger) {
  /** @type {Map<string, {label: string, points: number, count: number, total: number}>} */
  const groups = new Map();
  for (const line of ledger || []) {
    const key = `${line.points}\u0000${line.label}`;
    const group = groups.get(key);
    if (group) {
      group.count += 1;
      group.total += line.points;
    } else groups.set(key, { label: line.label, points: line.points, count: 1, total: line.points });
  }
  return [...groups.values()];
}

/** The sentences of the end dialog's ledger and comparison, in one place. */
export const END_WORDS = {
  ledger: (lines, items) => `Score ledger (${lines === items ? `${lines} lines` : `${items} items in ${lines} lines`})`,
  grouped: (label, count) => (count > 1 ? `${count} × ${label}` : label),
  each: (points) => `${points} each`,
  first: "Your first game on this board.",
  best: (previous) => `New best! ${previous ? `Your best before: ${previous}.` : ""}`.trim(),
  place: (rank, games) => `${ordinal(rank)} of your ${games} games on this board`,
  faster: (seconds) => `${seconds} s faster than your median`,
  slower: (seconds) => `${seconds} s slower than your median`,
  median: "as fast as your median",
  unchecked: "This game could not be checked, so it is not compared with your others.",
  points: (score) => `${score} points`,
};

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th, 21st. */
export function ordinal(n) {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : { 1: "st", 2: "nd", 3: "rd" }[n % 10] || "th";
  return `${n}${suffix}`;
}

/**
 * How this game compares with my others on its board, as one sentence, from the
 * server's standing (`GET /api/results/{id}/standing`).
 * @param {{verified: boolean, games?: number, rank?: number, best?: boolean, first?: boolean,
 *   previous_best?: {score: number | null, time: number | null} | null,
 *   median_delta?: number | null}} standing
 */
export function standingWords(standing) {
  if (!standing.verified) return END_WORDS.unchecked;
  if (standing.first) return END_WORDS.first;
  if (standing.best) {
    const prev = standing.previous_best;
    const text = prev ? (prev.score != null ? END_WORDS.points(prev.score) : prev.time != null ? clock(prev.time) : "") : "";
    return END_WORDS.best(text);
  }
  let text = END_WORDS.place(Number(standing.rank), Number(standing.games));
  const delta = standing.median_delta;
  if (delta != null) {
    const seconds = Math.round(Math.abs(delta));
    text += `, ${seconds === 0 ? END_WORDS.median : delta < 0 ? END_WORDS.faster(seconds) : END_WORDS.slower(seconds)}`;
  }
  return `${text}.`;
}

/**
 * What the page says when a game is paused: whether its clock stopped (Zen) or runs on.
 * @param {View} view the paused game's view
 */
export function pausedWords(view) {
  return view.clock && view.clock.paused
    ? "Paused: the board is hidden and the clock stopped."
    : "Paused: the board is hidden; the clock runs on, as a ranked game's time counts its pauses.";
}

/**
 * Why a finished game is not ranked, as the page says it ("" when it is ranked).
 * @param {View} view
 */
export function unrankedWords(view) {
  const reason = view.summary && view.summary.unranked;
  return reason ? `Not ranked: ${reason}.` : "";
}

/**
 * The end dialog's title for a finished view.
 * @param {View} view
 */
export function endTitle(view) {
  const s = view.summary || {};
  if (view.mode === "arcade" && view.status === "won") return "Time's up";
  if (view.status === "won") return view.mode === "tower" ? `Level ${view.level} cleared!` : "Board cleared!";
  if (view.status === "given_up") return "Game over";
  if (s.reason === "time" || (view.clock && view.clock.remaining === 0)) return "Time's up";
  return "No moves left";
}

/**
 * The message after a match the server took. Call it once `state` holds the new view
 * and the tiles it freed.
 * @param {GameState} state
 * @param {Tile} first
 * @param {Tile} second
 * @param {number} gained the points the match earned
 */
export function matchedWords(state, first, second, gained) {
  const view = /** @type {View} */ (state.view);
  let text = `Matched ${first.name} and ${second.name}.`;
  if (gained > 0) text += ` +${gained} points.`;
  if ((view.combo ?? 0) > 1) text += ` Combo ×${view.combo}.`;
  if (state.learn && state.freed.size) {
    const names = [...state.freed].map((s) => tileAt(state, s)?.name).filter(Boolean);
    text += ` Now free: ${names.join(", ")}.`;
  }
  if (view.status === "won") text += " Board cleared!";
  if (unrankedWords(view)) text += ` ${unrankedWords(view)}`;
  return text;
}

/** Sentences the board says once, the first time what they explain appears. */
export const NOTES = {
  stones:
    "Stone tiles (grey, with a number) cannot be picked until they crack open. Each pair you take beside a stone on its layer, or lying on it, cracks it once; the number is the cracks it still needs.",
  bonus:
    "In Black & White any black flower or season pairs with any white flower or season (in Solitaire a flower pairs with a flower and a season with a season).",
};

/**
 * The notes a view calls for: "stones" when it has a stone tile, "bonus" when a
 * Black & White board has flowers or seasons.
 * @param {View} view
 * @returns {(keyof typeof NOTES)[]}
 */
export function notesFor(view) {
  /** @type {(keyof typeof NOTES)[]} */
  const out = [];
  if (view.tiles.some((t) => t.stone)) out.push("stones");
  if (view.game === "blackwhite" && view.tiles.some((t) => /^[bw]\df$/.test(t.code))) out.push("bonus");
  return out;
}

/**
 * What the stones did between two views of one game, in words ("" when nothing):
 * which cracked open (and can be picked now) and how many cracked once more.
 * @param {View | null} before
 * @param {View} after
 */
export function stoneWords(before, after) {
  if (!before || before.id !== after.id) return "";
  const was = new Map(before.tiles.filter((t) => t.stone).map((t) => [t.spot, t.stone]));
  const opened = [];
  let cracked = 0;
  let least = Infinity;
  for (const t of after.tiles) {
    const old = was.get(t.spot);
    if (!old) continue;
    if (!t.stone) opened.push(t.name);
    else if (t.stone < old) {
      cracked += 1;
      least = Math.min(least, t.stone);
    }
  }
  const words = [];
  if (opened.length) words.push(`Cracked open: ${opened.join(", ")} can be picked now.`);
  if (cracked === 1) words.push(`A stone cracked: ${least} more ${least === 1 ? "crack" : "cracks"} to open it.`);
  else if (cracked > 1) words.push(`${cracked} stones cracked.`);
  return words.join(" ");
}

/**
 * The line the board shows when an Arcade board is cleared and the next one dealt.
 * @param {number} gained the points the clearing pair earned, the clear's bonus included
 */
export function boardClearedWords(gained) {
  return gained > 0 ? `Board cleared +${gained}` : "Board cleared";
}
