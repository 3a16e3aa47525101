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
import { formatNumber, locale, t } from "../i18n.js";
import { difficultyName, tileName } from "./names.js";

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
    return message(t("game.pick.paused"), "warn", false);
  }
  if (FINISHED.has(view.status)) {
    return message(t("game.pick.over"), "warn", false);
  }
  const tile = tileAt(state, spot);
  if (!tile) return null;
  state.explained = null;
  if (state.selected === spot) {
    state.selected = null;
    return message(t("game.pick.deselected", { tile: tileName(tile) }), "info", true);
  }
  if (tile.selectable === false) {
    // the board frames the tiles named, so the message leaves out their positions
    const why = describeBlocked(tile)
      .replace(/ at \(\d+, \d+, \d+\)/g, "")
      .replace(/[.。]$/, "");
    state.explained = spot;
    const id = state.learn ? "game.pick.blocked_learn" : "game.pick.blocked";
    return { ...message(t(id, { tile: tileName(tile), why }), "error", true), refused: spot };
  }
  if (state.selected == null) {
    state.selected = spot;
    if (!counting) return message(t("game.pick.selected", { tile: tileName(tile) }), "info", true);
    const partners = partnersOf(state, spot).size;
    const id = partners ? "game.pick.selected_partners" : "game.pick.selected_no_partner";
    return message(t(id, { tile: tileName(tile), count: partners }), "info", true);
  }
  const a = state.selected;
  const first = /** @type {Tile} */ (tileAt(state, a));
  state.selected = null;
  const answered = listed(view, a, spot);
  if (answered) {
    state.matching.add(a);
    state.matching.add(spot);
  }
  return { intent: { type: "match", a, b: spot }, answered, first, second: tile };
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

// i18n-ids: game.summary.time game.summary.score game.summary.moves game.summary.hints
// i18n-ids: game.summary.undos game.summary.shuffles game.summary.tiles_left game.summary.tokens_left
// i18n-ids: game.summary.boards_cleared game.summary.stars game.summary.perfect game.summary.time_left
// i18n-ids: game.summary.difficulty
/** The end summary's keys, in order; each is named `game.summary.<key>`, and shares
 * its words with the HUD where the HUD shows the same thing. */
const SUMMARY_KEYS = [
  "time",
  "score",
  "moves",
  "hints",
  "undos",
  "shuffles",
  "tiles_left",
  "tokens_left",
  "boards_cleared",
  "stars",
  "perfect",
  "time_left",
  "difficulty",
];

/**
 * The end summary's rows, in a fixed order, as `[label, value]` words; keys the
 * summary lacks or holds as null are left out.
 * @param {Record<string, unknown>} summary
 * @returns {[string, string][]}
 */
export function summaryRows(summary) {
  /** @type {[string, string][]} */
  const rows = [];
  for (const key of SUMMARY_KEYS) {
    if (!(key in summary) || summary[key] == null) continue;
    const value = summary[key];
    let text;
    if (key === "time" || key === "time_left") text = clock(Number(value));
    else if (key === "difficulty") text = difficultyName(String(value));
    else if (key === "stars") text = `${"★".repeat(Number(value))}${"☆".repeat(Math.max(0, 3 - Number(value)))}`;
    else if (typeof value === "boolean") text = value ? t("game.summary.yes") : t("game.summary.no");
    else if (typeof value === "number") text = formatNumber(value);
    else text = String(value);
    rows.push([t(`game.summary.${key}`), text]);
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
  ledger: (lines, items) =>
    lines === items ? t("game.end.ledger_lines", { count: lines }) : t("game.end.ledger_grouped", { count: items, lines }),
  grouped: (label, count) => (count > 1 ? t("game.end.ledger_times", { count, label }) : label),
  each: (points) => t("game.end.ledger_each", { points }),
  get first() {
    return t("game.standing.first");
  },
  best: (previous) => (previous ? t("game.standing.best_before", { previous }) : t("game.standing.best")),
  place: (rank, games) => t("game.standing.place", { rank: ordinal(rank), count: games }),
  faster: (seconds) => t("game.standing.faster", { count: seconds }),
  slower: (seconds) => t("game.standing.slower", { count: seconds }),
  get median() {
    return t("game.standing.median");
  },
  get unchecked() {
    return t("game.standing.unchecked");
  },
  points: (score) => t("game.standing.points", { count: score }),
};

// i18n-ids: game.ordinal.one game.ordinal.two game.ordinal.few game.ordinal.other
/** A rank as the page's language writes it: 1st, 2nd, 3rd … 21st in English. */
export function ordinal(n) {
  const form = new Intl.PluralRules(locale(), { type: "ordinal" }).select(n);
  const text = t(`game.ordinal.${form}`, { n });
  return text.startsWith("game.") ? t("game.ordinal.other", { n }) : text;
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
  const place = END_WORDS.place(Number(standing.rank), Number(standing.games));
  const delta = standing.median_delta;
  if (delta == null) return t("game.standing.sentence", { place });
  const seconds = Math.round(Math.abs(delta));
  const pace = seconds === 0 ? END_WORDS.median : delta < 0 ? END_WORDS.faster(seconds) : END_WORDS.slower(seconds);
  return t("game.standing.sentence_pace", { place, pace });
}

/**
 * What the page says when a game is paused: whether its clock stopped (Zen) or runs on.
 * @param {View} view the paused game's view
 */
export function pausedWords(view) {
  return view.clock && view.clock.paused ? t("game.pause.stopped") : t("game.pause.runs_on");
}

/**
 * Why a finished game is not ranked, as the page says it ("" when it is ranked).
 * @param {View} view
 */
export function unrankedWords(view) {
  const reason = view.summary && view.summary.unranked;
  return reason ? t("game.end.unranked", { reason: String(reason).replace(/[.。]$/, "") }) : "";
}

/**
 * The end dialog's title for a finished view.
 * @param {View} view
 */
export function endTitle(view) {
  const s = view.summary || {};
  if (view.mode === "arcade" && view.status === "won") return t("game.end.time_up");
  if (view.status === "won") return view.mode === "tower" ? t("game.end.level_cleared", { level: view.level ?? "" }) : t("game.end.cleared");
  if (view.status === "given_up") return t("game.end.game_over");
  if (s.reason === "time" || (view.clock && view.clock.remaining === 0)) return t("game.end.time_up");
  return t("game.nomoves.title");
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
  const words = [t("game.match.matched", { first: tileName(first), second: tileName(second) })];
  if (gained > 0) words.push(t("game.match.points", { count: gained }));
  if ((view.combo ?? 0) > 1) words.push(t("game.match.combo", { multiplier: view.combo ?? 0 }));
  if (state.learn && state.freed.size) {
    const names = [...state.freed].map((s) => tileAt(state, s)).filter(Boolean).map(tileName);
    words.push(t("game.match.now_free", { tiles: listWords(names) }));
  }
  if (view.status === "won") words.push(t("game.end.cleared"));
  if (unrankedWords(view)) words.push(unrankedWords(view));
  return words.join(t("game.sentence_gap"));
}

/** A list of names joined the way the page's language joins them ("a, b and c"). */
export function listWords(names) {
  try {
    return new Intl.ListFormat(locale(), { type: "conjunction" }).format(names);
  } catch {
    return names.join(", ");
  }
}

/** Sentences the board says once, the first time what they explain appears. */
export const NOTES = {
  get stones() {
    return t("game.note.stones");
  },
  get bonus() {
    return t("game.note.bonus");
  },
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
    if (!t.stone) opened.push(tileName(t));
    else if (t.stone < old) {
      cracked += 1;
      least = Math.min(least, t.stone);
    }
  }
  const words = [];
  if (opened.length) words.push(t("game.stone.opened", { tiles: listWords(opened) }));
  if (cracked === 1) words.push(t("game.stone.cracked", { count: least }));
  else if (cracked > 1) words.push(t("game.stone.many_cracked", { count: cracked }));
  return words.join(t("game.sentence_gap"));
}

/**
 * The line the board shows when an Arcade board is cleared and the next one dealt.
 * @param {number} gained the points the clearing pair earned, the clear's bonus included
 */
export function boardClearedWords(gained) {
  return gained > 0 ? t("game.banner.cleared_points", { points: gained }) : t("game.banner.cleared");
}
