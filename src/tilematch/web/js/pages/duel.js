// @ts-check
// Speed Duel: /duel opens a room (a friend by link or code, or the computer);
// /duel?room=CODE is the room itself, played over one websocket.
// The server decides every claim; this page draws the frames it receives
// (docs/duel.md) and sends the player's claims. The first tile of a pair is
// local UI state, nothing else is.

import { api, ApiError } from "../api.js";
import { createBoard } from "../board/board.js";
import { clock, esc } from "../dom.js";
import { formatNumber, t } from "../i18n.js";
import { snap, refuse } from "../sound.js";
import { getSettings } from "../storage.js";

/** The board sizes a duel offers, as `[rows x columns, message id of its label]`. */
const SIZES = [
  ["4x6", "duel.lobby.size.quick"],
  ["6x8", "duel.lobby.size.small"],
  ["8x12", "duel.lobby.size.medium"],
  ["8x17", "duel.lobby.size.standard"],
];

/** The board sizes a duel offers, as `[rows x columns, label]` in the page's language. */
export function duelSizes() {
  return SIZES.map(([value, id]) => {
    const [rows, cols] = value.split("x").map(Number);
    return [value, t(id, { cols, rows, count: rows * cols })];
  });
}

/** The close words after which the page does not reconnect, with their sentences' ids. */
const FINAL_CLOSES = {
  replaced: "duel.close.replaced",
  unauthorized: "duel.close.unauthorized",
  bad_origin: "duel.close.bad_origin",
  rate_limited: "duel.close.rate_limited",
  no_room: "duel.close.no_room",
  expired: "duel.close.expired",
  full: "duel.close.full",
  policy: "duel.close.policy",
  shutdown: "duel.close.shutdown",
  too_big: "duel.close.too_big",
};

/** Refusal reasons of a claim (the server's words) with the ids of the page's sentences. */
const REFUSALS = {
  locked: "duel.refused.locked",
  taken: "duel.refused.taken",
  "game over": "duel.refused.game_over",
  away: "duel.refused.away",
  stale: "duel.refused.stale",
  empty: "duel.refused.empty",
  same: "duel.refused.same",
  "not a match": "duel.refused.not_a_match",
  "no path": "duel.refused.no_path",
};

/**
 * What the page says for a refused claim: the sentence of its `reason` in the page's
 * language, else the server's own words.
 * @param {{reason?: string | null, message?: string}} frame
 */
export function refusalText(frame) {
  const id = REFUSALS[String(frame.reason || "")];
  if (id) return t(id);
  return frame.message || t("duel.refused.other", { reason: String(frame.reason || "") });
}

/** Error codes of a refused frame with the ids of the page's sentences. */
const ERRORS = {
  rate_limited: "duel.error.rate_limited",
  bad_frame: "duel.error.bad_frame",
  bad_json: "duel.error.bad_json",
  not_a_player: "duel.error.not_a_player",
  not_started: "duel.error.not_started",
  not_over: "duel.error.not_over",
};

/**
 * What the page says for an `error` frame: the sentence of its `code`, else the server's.
 * @param {{code?: string, message?: string}} frame
 */
export function errorText(frame) {
  const id = ERRORS[String(frame.code || "")];
  return id ? t(id) : frame.message || "";
}

/** The computer rivals' names by level. */
const RIVAL_NAMES = { relaxed: "duel.rival.relaxed", steady: "duel.rival.steady", sharp: "duel.rival.sharp" };

/** The computer rivals as `[level, name, pace]` words, from the server's duel facts. */
export function rivalChoices(facts) {
  return facts.rivals.map(({ level, seconds_per_pair }) => [
    level,
    RIVAL_NAMES[level] ? t(RIVAL_NAMES[level]) : level,
    t("duel.rival.pace", { seconds: seconds_per_pair }),
  ]);
}

/** The sentence for a websocket close code after which the page stays closed, else null. */
export function finalClose(facts, code) {
  for (const [word, value] of Object.entries(facts.close_codes)) {
    if (value === code && word in FINAL_CLOSES) return t(FINAL_CLOSES[word]);
  }
  return null;
}

/**
 * The page's copy of a room, built from frames only.
 * @typedef {object} Duel
 * @property {string} code
 * @property {number | null} you the viewer's seat (null: a spectator)
 * @property {string | null} role
 * @property {string} phase
 * @property {number[]} size
 * @property {boolean} gravity
 * @property {Map<number, any>} tiles
 * @property {number} version
 * @property {number[]} scores
 * @property {any[]} players
 * @property {boolean[]} away
 * @property {{player: number, a: number, b: number, path: number[][], fell: number[][]} | null} last the claim drawn last (`fell`: where gravity moved tiles)
 * @property {{status: string, reason: string, winner: number | null, scores: number[]} | null} result
 * @property {{votes: boolean[], code: string | null}} rematch
 * @property {any} figures the server's duel figures once the duel is over (null before)
 * @property {number | null} startsAt
 * @property {number | null} seed
 * @property {string | null} rival
 */

/**
 * A fresh client-side copy of a room, built from frames only.
 * @param {string} code
 * @returns {Duel}
 */
export function emptyDuel(code) {
  return {
    code,
    you: null,
    role: null,
    phase: "waiting",
    size: [0, 0],
    gravity: false,
    tiles: new Map(),
    version: -1,
    scores: [0, 0],
    players: [null, null],
    away: [false, false],
    last: null,
    result: null,
    rematch: { votes: [false, false], code: null },
    figures: null,
    startsAt: null,
    seed: null,
    rival: null,
  };
}

function setTiles(duel, tiles) {
  duel.tiles = new Map(tiles.map((t) => [t.spot, t]));
}

/**
 * Apply one server frame to the client copy `duel` (mutated and returned).
 * Pure data: no DOM, so the reducer can be tested on its own.
 */
export function applyFrame(duel, frame) {
  switch (frame.type) {
    case "hello":
      duel.you = frame.you;
      duel.role = frame.role;
      break;
    case "room":
      duel.phase = frame.phase;
      duel.players = frame.players;
      duel.size = frame.size;
      duel.gravity = frame.gravity;
      duel.seed = frame.seed;
      duel.rival = frame.rival;
      duel.startsAt = frame.starts_at;
      if (frame.result) duel.result = frame.result;
      break;
    case "state":
      duel.phase = frame.phase;
      duel.size = frame.size;
      duel.gravity = frame.gravity;
      if (frame.tiles) {
        setTiles(duel, frame.tiles);
        duel.last = null; // the whole board, drawn as it stands
        duel.version = frame.version;
        duel.scores = frame.scores;
        duel.away = frame.away;
        duel.result = frame.result;
        duel.figures = frame.figures || null;
      }
      break;
    case "countdown":
      duel.phase = "countdown";
      break;
    case "start":
      duel.phase = "playing";
      break;
    case "claim":
      if (frame.tiles) setTiles(duel, frame.tiles);
      else {
        duel.tiles.delete(frame.a);
        duel.tiles.delete(frame.b);
      }
      duel.version = frame.version;
      duel.scores = frame.scores;
      duel.last = { player: frame.player, a: frame.a, b: frame.b, path: frame.path, fell: frame.fell || [] };
      break;
    case "reshuffle":
      setTiles(duel, frame.tiles);
      duel.version = frame.version;
      duel.last = null; // a new board: nothing falls on it
      break;
    case "away":
      duel.away[frame.player] = true;
      break;
    case "back":
      duel.away[frame.player] = false;
      break;
    case "end":
      duel.phase = "over";
      duel.result = { status: frame.status, reason: frame.reason, winner: frame.winner, scores: frame.scores };
      duel.scores = frame.scores;
      duel.figures = frame.figures || null;
      break;
    case "rematch":
      duel.rematch = { votes: frame.votes, code: frame.code };
      break;
    default:
      break;
  }
  return duel;
}

/** The board view that board.js draws, from the client copy. */
export function boardView(duel) {
  const [rows, cols] = duel.size;
  return {
    id: `duel:${duel.code}`,
    game: "shisensho",
    mode: "duel",
    geometry: "grid",
    bounds: { rows, cols },
    tiles: [...duel.tiles.values()]
      .sort((a, b) => a.spot - b.spot)
      .map((t) => ({ ...t, free: true, selectable: true, blocked: null, stone: 0 })),
    pairs: [],
    // the claim's falls, keyed by the board's version, so that board.js slides each
    // fallen tile down once (board/motion.js) instead of redrawing it at its new spot
    counters: { moves: duel.version },
    last_match: duel.last ? { a: duel.last.a, b: duel.last.b, path: duel.last.path || [], freed: [], fell: duel.last.fell } : null,
  };
}

/** The sentences of the duel's end screen, in one place (`game.duel_end.*`). */
export const END_DUEL_WORDS = {
  won: (who, lead, time, score) => t("game.duel_end.won", { who, count: lead, time, score }),
  lost: (lead, time, score) => t("game.duel_end.lost", { count: lead, time, score }),
  get you() {
    return t("game.duel_end.you");
  },
  get pairs() {
    return t("game.duel_end.pairs");
  },
  get pace() {
    return t("game.duel_end.pace");
  },
  get fastest() {
    return t("game.duel_end.fastest");
  },
  get wrong() {
    return t("game.duel_end.wrong");
  },
  perPair: (seconds) => t("game.duel_end.per_pair", { seconds }),
  seconds: (seconds) => t("game.duel_end.seconds", { seconds }),
  none: "–",
  best: (won, played, fastest) =>
    fastest != null
      ? t("game.duel_end.best_fastest", { won, count: played, fastest: clock(fastest) })
      : t("game.duel_end.best", { won, count: played }),
  player: (n) => t("game.duel_end.player", { n }),
};

/** The name of seat `p` when the player has none. @param {number} p */
const seatName = (p) => t("duel.room.player", { number: p + 1 });

/**
 * The name seat `p` shows: the player's own, else "Player 2" or "Computer (Sharp)" in
 * the page's language (the server sends `""` for a seat without a name).
 * @param {{name: string, rival?: string | null} | null | undefined} seat
 * @param {number} p
 */
export function seatLabel(seat, p) {
  if (seat && seat.name) return seat.name;
  if (seat && seat.rival) return t("duel.room.rival", { name: RIVAL_NAMES[seat.rival] ? t(RIVAL_NAMES[seat.rival]) : seat.rival });
  return seatName(p);
}

/**
 * The words of the end screen for the player in seat `you` (null: a spectator); with the
 * server's `figures` the text says by how much and in what time.
 * @param {{winner: number | null, scores: number[], reason: string}} result
 * @param {number | null} you
 * @param {string[]} names
 * @param {number} forfeitSeconds
 * @param {{seconds: number, lead: number} | null} [figures]
 */
export function endWords(result, you, names, forfeitSeconds, figures = null) {
  const [a, b] = result.scores;
  const score = t("game.duel_end.score", { a, b });
  const forfeit = result.reason === "forfeit";
  if (result.winner == null) return { title: t("game.duel_end.draw"), text: t("game.duel_end.draw_text", { score }) };
  const winner = names[result.winner] || END_DUEL_WORDS.player(result.winner + 1);
  let title;
  if (you == null) title = t("game.duel_end.wins", { who: winner });
  else title = result.winner === you ? t("game.duel_end.you_win") : t("game.duel_end.you_lose");
  let text;
  if (forfeit) {
    const who = result.winner === you ? "rival" : you == null ? "other" : "you";
    // i18n-ids: game.duel_end.forfeit_rival game.duel_end.forfeit_other game.duel_end.forfeit_you
    text = t(`game.duel_end.forfeit_${who}`, { count: forfeitSeconds, score });
  } else if (figures) {
    const time = clock(figures.seconds);
    text =
      you != null && result.winner !== you
        ? END_DUEL_WORDS.lost(figures.lead, time, score)
        : END_DUEL_WORDS.won(result.winner === you ? END_DUEL_WORDS.you : winner, figures.lead, time, score);
  } else text = t("game.duel_end.tiles", { score });
  return { title, text };
}

/**
 * The end screen's table: a header of the two names (the viewer's own as "You") and
 * rows of `[label, seat 0, seat 1]` words from the server's duel figures.
 */
export function figureRows(figures, you, names) {
  const head = [0, 1].map((p) => (p === you ? END_DUEL_WORDS.you : names[p] || END_DUEL_WORDS.player(p + 1)));
  const [p0, p1] = figures.players;
  const both = (pick) => [pick(p0), pick(p1)];
  const or = (value, words) => (value == null ? END_DUEL_WORDS.none : words(value));
  return {
    head,
    rows: [
      [END_DUEL_WORDS.pairs, ...both((p) => formatNumber(p.pairs))],
      [END_DUEL_WORDS.pace, ...both((p) => or(p.pace, END_DUEL_WORDS.perPair))],
      [END_DUEL_WORDS.fastest, ...both((p) => or(p.fastest, END_DUEL_WORDS.seconds))],
      [END_DUEL_WORDS.wrong, ...both((p) => formatNumber(p.bad_claims))],
    ],
  };
}

/** My record on this duel's board and opponent kind, from the bests rows (null: none). */
export function myDuelBest(bests, size, rival, gravity) {
  const board = `${size[0]}x${size[1]}`;
  const variant = (rival ? `rival-${rival}` : "player") + (gravity ? "/gravity" : "");
  const row = (bests || []).find((b) => b.game === "shisensho" && b.mode === "duel" && b.board === board && b.variant === variant);
  return row ? END_DUEL_WORDS.best(row.won, row.played, row.best_time) : null;
}

function wsUrl(code, seq) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  // with the last frame seen, the server sends only the frames missed meanwhile
  const resume = seq ? `?seq=${seq}` : "";
  return `${scheme}://${location.host}/ws/duels/${encodeURIComponent(code)}${resume}`;
}

// ------------------------------------------------------------------ the lobby
async function lobby(main, navigate, me, facts) {
  const rivals = rivalChoices(facts);
  main.innerHTML = `
    <div class="duel-lobby-page">
      <form class="card duel-create" aria-labelledby="duel-create-h">
        <h1 id="duel-create-h">${esc(t("duel.title"))}</h1>
        <p class="muted">${esc(t("duel.lobby.intro"))}</p>
        <label>${esc(t("duel.lobby.your_name"))} <input name="name" maxlength="24" autocomplete="nickname" value="${esc(me.name || "")}" placeholder="${esc(t("duel.lobby.name_hint"))}"></label>
        <label>${esc(t("duel.lobby.board"))} <select name="size">${duelSizes().map(
          ([v, label]) => `<option value="${v}"${v === "6x8" ? " selected" : ""}>${esc(label)}</option>`,
        ).join("")}</select></label>
        <label class="check"><input type="checkbox" name="gravity" value="1"> ${esc(t("duel.lobby.gravity"))}</label>
        <label>${esc(t("duel.lobby.seed"))} <input name="seed" inputmode="numeric" pattern="[0-9]*" autocomplete="off"></label>
        <fieldset class="duel-opponent">
          <legend>${esc(t("duel.lobby.opponent"))}</legend>
          <label class="check"><input type="radio" name="rival" value="" checked> ${esc(t("duel.lobby.friend"))}</label>
          ${rivals.map(
            ([v, name, pace]) => `<label class="check"><input type="radio" name="rival" value="${v}"> ${esc(t("duel.lobby.computer", { name, pace }))}</label>`,
          ).join("")}
        </fieldset>
        <button class="primary" type="submit">${esc(t("duel.lobby.open"))}</button>
        <p class="duel-form-error error-box" role="alert" hidden></p>
      </form>
      <form class="card duel-join" aria-labelledby="duel-join-h">
        <h2 id="duel-join-h">${esc(t("duel.join.title"))}</h2>
        <label>${esc(t("duel.join.code"))} <input name="code" autocomplete="off" maxlength="12" placeholder="${esc(t("duel.join.code_hint", { code: "K7PX2MQ9RT" }))}"></label>
        <button type="submit">${esc(t("duel.join.join"))}</button>
      </form>
      <section class="card duel-board-list" aria-labelledby="duel-lb-h">
        <h2 id="duel-lb-h">${esc(t("duel.board.title"))}</h2>
        <div class="duel-lb">${esc(t("duel.board.loading"))}</div>
      </section>
    </div>`;
  const create = main.querySelector(".duel-create");
  const errorEl = main.querySelector(".duel-form-error");
  create.addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = new FormData(create);
    const body = { size: String(data.get("size")).split("x").map(Number), gravity: data.get("gravity") === "1" };
    const seed = String(data.get("seed") || "").trim();
    if (seed) body.seed = Number(seed);
    if (data.get("rival")) body.rival = data.get("rival");
    const name = String(data.get("name") || "").trim();
    try {
      if (name && name !== (me.name || "")) await api.setName(name);
      const room = await api.createDuel(body);
      navigate(`/duel?room=${encodeURIComponent(room.code)}`);
    } catch (error) {
      errorEl.hidden = false;
      errorEl.textContent = /** @type {Error} */ (error).message;
    }
  });
  main.querySelector(".duel-join").addEventListener("submit", (event) => {
    event.preventDefault();
    const code = String(new FormData(event.target).get("code") || "").trim().toUpperCase();
    if (code) navigate(`/duel?room=${encodeURIComponent(code)}`);
  });
  try {
    const rows = await api.duelLeaderboard();
    const host = main.querySelector(".duel-lb");
    host.innerHTML = rows.length
      ? `<table><thead><tr><th>#</th>${["duel.board.player", "duel.board.wins", "duel.board.losses", "duel.board.draws", "duel.board.tiles"].map((id) => `<th>${esc(t(id))}</th>`).join("")}</tr></thead><tbody>${rows
          .map(
            (r) =>
              `<tr${r.you ? ' class="is-you"' : ""}><td>${r.rank}</td><td>${esc(r.name)}</td><td>${r.wins}</td><td>${r.losses}</td><td>${r.draws}</td><td>${r.tiles}</td></tr>`,
          )
          .join("")}</tbody></table>`
      : `<p class="muted">${esc(t("duel.board.none"))}</p>`;
  } catch {
    main.querySelector(".duel-lb").textContent = t("duel.board.unavailable");
  }
  return () => {};
}

// ------------------------------------------------------------------ the room
function roomPage(main, code, navigate, facts) {
  const rivals = rivalChoices(facts);
  const duel = emptyDuel(code);
  const link = `${location.origin}/duel?room=${encodeURIComponent(code)}`;
  main.innerHTML = `
    <section class="duel" aria-label="${esc(t("duel.title"))}" data-phase="waiting">
      <div class="game-head">
        <h1 class="game-title">${esc(t("duel.title"))}</h1>
        <p class="game-sub muted duel-sub">${esc(t("duel.room.code", { code }))}</p>
      </div>
      <div class="duel-scores" aria-label="${esc(t("duel.room.scores"))}">
        ${[0, 1]
          .map(
            (p) => `
          <div class="duel-player duel-p${p}" data-player="${p}">
            <span class="duel-swatch" aria-hidden="true"></span>
            <span class="duel-name">${esc(p === 0 ? seatName(0) : t("duel.room.waiting_player"))}</span>
            <span class="duel-score" aria-label="${esc(t("duel.room.tiles"))}">0</span>
            <span class="duel-state muted" data-locked="${esc(t("duel.room.locked_out"))}"></span>
            <span class="duel-lock" hidden>${esc(t("duel.room.locked"))}</span>
          </div>`,
          )
          .join(`<span class="duel-vs" aria-hidden="true">${esc(t("duel.room.versus"))}</span>`)}
      </div>
      <div class="card duel-waiting" hidden>
        <p><strong>${esc(t("duel.room.send_link"))}</strong> ${esc(t("duel.room.or_code"))} <strong class="duel-code">${esc(code)}</strong></p>
        <div class="duel-link-row"><input class="duel-link" readonly value="${esc(link)}" aria-label="${esc(t("duel.room.link"))}">
          <button type="button" class="duel-copy">${esc(t("duel.room.copy_link"))}</button></div>
        <div class="duel-rivals">
          <p>${esc(t("duel.room.race_computer"))}</p>
          ${rivals.map(([v, t, d]) => `<button type="button" data-rival="${v}" title="${d}">${t}</button>`).join(" ")}
        </div>
      </div>
      <p class="message duel-message" role="status" aria-live="polite" data-idle="${esc(t("duel.message.waiting"))}"></p>
      <div class="board-area">
        <div class="board-host"></div>
        <div class="duel-countdown" hidden aria-live="assertive"></div>
      </div>
    </section>
    <dialog class="duel-end" aria-labelledby="duel-end-title">
      <h2 id="duel-end-title"></h2>
      <p class="duel-end-text"></p>
      <table class="duel-figures" hidden><thead></thead><tbody></tbody></table>
      <p class="duel-best muted" hidden></p>
      <p class="duel-rematch-note muted"></p>
      <div class="actions">
        <button type="button" class="primary" data-action="rematch">${esc(t("duel.end.rematch"))}</button>
        <a class="button" href="/duel" data-link>${esc(t("duel.end.new_duel"))}</a>
        <button type="button" data-action="close">${esc(t("duel.end.look"))}</button>
      </div>
    </dialog>`;

  const $ = (sel) => main.querySelector(sel);
  const section = $(".duel");
  const message = $(".duel-message");
  const countdownEl = $(".duel-countdown");
  const endDialog = $(".duel-end");
  const host = $(".board-host");
  const board = createBoard(host, { onPick: pick });
  /** @type {WebSocket | null} */
  let socket = null;
  let destroyed = false;
  let selected = null;
  let retry = 0;
  let lastSeq = 0; // the seq of the last frame seen, to resume from
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let retryTimer;
  /** @type {ReturnType<typeof setInterval> | undefined} */
  let countdownTimer;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let lockTimer;
  let lockedUntil = 0;
  let shownEnd = false;

  function say(text, kind = "info", player = null) {
    message.textContent = text || "";
    message.dataset.kind = kind;
    if (player == null) delete message.dataset.player;
    else message.dataset.player = String(player);
  }

  function nameOf(p) {
    const seat = duel.players[p];
    if (!seat) return seatName(p);
    return duel.you === p ? t("duel.room.name_you", { name: seatLabel(seat, p) }) : seatLabel(seat, p);
  }

  function draw() {
    section.dataset.phase = duel.phase;
    section.dataset.you = duel.you == null ? "" : String(duel.you);
    section.classList.toggle("is-spectator", duel.role === "spectator");
    const sub = [t("duel.room.code", { code })];
    if (duel.size[0]) sub.push(`${duel.size[1]} × ${duel.size[0]}`);
    if (duel.gravity) sub.push(t("duel.room.gravity"));
    if (duel.seed != null) sub.push(t("duel.room.seed", { seed: String(duel.seed) }));
    if (duel.role === "spectator") sub.push(t("duel.room.watching"));
    $(".duel-sub").textContent = sub.join(" · ");
    for (const p of [0, 1]) {
      const card = main.querySelector(`.duel-player[data-player="${p}"]`);
      const seat = duel.players[p];
      card.classList.toggle("is-you", duel.you === p);
      card.classList.toggle("is-empty", !seat);
      card.querySelector(".duel-name").textContent = seat ? nameOf(p) : p === 1 ? t("duel.room.waiting_player") : seatName(0);
      card.querySelector(".duel-score").textContent = String(duel.scores[p]);
      let status = "";
      if (seat && seat.rival) status = t("duel.room.computer");
      else if (duel.away[p] || (seat && !seat.connected)) status = t("duel.room.away");
      card.querySelector(".duel-state").textContent = status;
      card.classList.toggle("is-winner", duel.result != null && duel.result.winner === p);
    }
    const waiting = duel.phase === "waiting";
    $(".duel-waiting").hidden = !waiting || duel.role !== "player";
    $(".duel-rivals").hidden = !(waiting && duel.you === 0 && !duel.players[1]);
    if (duel.tiles.size || duel.phase === "playing" || duel.phase === "over") {
      if (selected != null && !duel.tiles.has(selected)) selected = null;
      // the player's zoom: on a phone the race board is drawn readable, not fitted
      board.set(boardView(duel), { selected, zoom: getSettings().zoom });
    }
    const voteNote = $(".duel-rematch-note");
    const votes = duel.rematch.votes;
    const other = duel.you == null ? null : 1 - duel.you;
    voteNote.textContent =
      other != null && votes[other] && !votes[/** @type {number} */ (duel.you)] ? t("duel.end.wants_rematch", { name: nameOf(other) }) :
      duel.you != null && votes[duel.you] ? t("duel.end.waiting_accept") : "";
    const rematchButton = endDialog.querySelector('[data-action="rematch"]');
    rematchButton.style.display = duel.role === "player" ? "" : "none";
    rematchButton.disabled = duel.you != null && votes[duel.you];
  }

  function startCountdown(seconds) {
    clearInterval(countdownTimer);
    const ends = performance.now() + seconds * 1000;
    countdownEl.hidden = false;
    const tick = () => {
      const left = Math.ceil((ends - performance.now()) / 1000);
      if (left <= 0 || duel.phase === "playing") {
        clearInterval(countdownTimer);
        countdownEl.hidden = true;
        return;
      }
      countdownEl.textContent = String(left);
    };
    tick();
    countdownTimer = setInterval(tick, 100);
  }

  function showLock(seconds) {
    lockedUntil = performance.now() + seconds * 1000;
    const card = main.querySelector(`.duel-player[data-player="${duel.you}"]`);
    const lock = card.querySelector(".duel-lock");
    section.classList.add("is-locked");
    card.classList.add("is-locked");
    lock.hidden = false;
    lock.style.setProperty("--lock-ms", `${Math.round(seconds * 1000)}ms`);
    lock.classList.remove("is-running");
    void lock.offsetWidth;
    lock.classList.add("is-running");
    clearTimeout(lockTimer);
    lockTimer = setTimeout(() => {
      section.classList.remove("is-locked");
      card.classList.remove("is-locked");
      lock.hidden = true;
    }, seconds * 1000);
  }

  function showEnd() {
    if (!duel.result || shownEnd) return;
    shownEnd = true;
    const names = [0, 1].map((p) => seatLabel(duel.players[p], p));
    const words = endWords(duel.result, duel.you, names, facts.forfeit_seconds, duel.figures);
    endDialog.querySelector("#duel-end-title").textContent = words.title;
    endDialog.querySelector(".duel-end-text").textContent = words.text;
    const table = endDialog.querySelector(".duel-figures");
    if (duel.figures) {
      const { head, rows } = figureRows(duel.figures, duel.you, names);
      table.querySelector("thead").innerHTML = `<tr><td></td>${head
        .map((name, p) => `<th scope="col" data-player="${p}">${esc(name)}</th>`)
        .join("")}</tr>`;
      table.querySelector("tbody").innerHTML = rows
        .map(([label, a, b]) => `<tr><th scope="row">${esc(label)}</th><td class="num">${esc(a)}</td><td class="num">${esc(b)}</td></tr>`)
        .join("");
      table.hidden = false;
    }
    if (duel.role === "player") {
      api.bests().then((bests) => {
        const best = endDialog.querySelector(".duel-best");
        const text = myDuelBest(bests, duel.size, duel.rival, duel.gravity);
        best.textContent = text || "";
        best.hidden = !text;
      }).catch(() => {});
    }
    endDialog.dataset.winner = duel.result.winner == null ? "" : String(duel.result.winner);
    if (!endDialog.open) endDialog.showModal();
    say(`${words.title} ${words.text}`, "ok");
  }

  function onFrame(frame) {
    if (typeof frame.seq === "number" && frame.seq > lastSeq) lastSeq = frame.seq;
    const taken = frame.type === "claim" ? duel.tiles.get(frame.a) : null;
    applyFrame(duel, frame);
    switch (frame.type) {
      case "hello":
        retry = 0;
        break;
      case "countdown":
        say(t("duel.say.get_ready"));
        startCountdown(frame.seconds);
        break;
      case "start":
        countdownEl.hidden = true;
        say(duel.role === "player" ? t("duel.say.go") : t("duel.say.started"));
        break;
      case "claim": {
        const mine = frame.player === duel.you;
        host.dataset.claimer = String(frame.player);
        if (frame.path) board.flashPath(frame.path);
        section.dataset.lastClaim = String(frame.player);
        const card = main.querySelector(`.duel-player[data-player="${frame.player}"]`);
        card.classList.remove("is-scoring");
        void card.offsetWidth;
        card.classList.add("is-scoring");
        if (mine) snap(1);
        const took = taken && taken.name
          ? t("duel.say.took_named", { name: nameOf(frame.player), tile: taken.name })
          : t("duel.say.took", { name: nameOf(frame.player) });
        say(took, "claim", frame.player);
        break;
      }
      case "reshuffle":
        selected = null;
        say(t("duel.say.reshuffled"), "hint");
        break;
      case "lockout":
        if (frame.player === duel.you) showLock(frame.seconds);
        break;
      case "refused":
        if (frame.reason === "taken" || frame.reason === "stale") say(refusalText(frame), "warn");
        else {
          board.shake([frame.a, frame.b]);
          refuse();
          say(refusalText(frame), "error");
        }
        break;
      case "away":
        say(t("duel.say.away", { name: nameOf(frame.player), count: facts.forfeit_seconds }), "warn");
        break;
      case "back":
        say(t("duel.say.back", { name: nameOf(frame.player) }));
        break;
      case "end":
        shownEnd = false;
        showEnd();
        break;
      case "rematch":
        if (frame.code) navigate(`/duel?room=${encodeURIComponent(frame.code)}`);
        break;
      case "expired":
        say(t("duel.close.expired"), "error");
        break;
      case "closing":
        say(duel.phase === "over" ? t("duel.say.closing_finished") : t("duel.say.closing"), "error");
        break;
      case "paused":
        say(t("duel.say.paused"), "warn");
        break;
      case "resumed":
        say(frame.message, "ok");
        break;
      case "error":
        say(errorText(frame), "error");
        break;
      case "state":
        if (frame.phase === "countdown" && frame.starts_at != null) {
          startCountdown(Math.max(0, frame.starts_at - frame.now));
        }
        if (duel.result) showEnd();
        break;
      default:
        break;
    }
    draw();
  }

  function pick(spot) {
    if (duel.role !== "player") {
      say(t("duel.say.watching"), "warn");
      return;
    }
    if (duel.phase !== "playing") {
      say(duel.phase === "over" ? t("duel.refused.game_over") : t("duel.say.wait_start"), "warn");
      return;
    }
    if (performance.now() < lockedUntil) {
      say(t("duel.refused.locked"), "error");
      return;
    }
    if (selected === spot) selected = null;
    else if (selected == null) selected = spot;
    else {
      const a = selected;
      selected = null;
      // the version says which board the pair was found on: a claim the board has
      // changed under (a reshuffle, a fall) is refused without penalty
      send({ type: "claim", a, b: spot, version: duel.version });
    }
    draw();
  }

  function send(frame) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(frame));
    else say(t("duel.say.not_connected"), "warn");
  }

  function connect() {
    if (destroyed) return;
    socket = new WebSocket(wsUrl(code, lastSeq));
    const mine = socket;
    mine.addEventListener("message", (event) => {
      if (mine !== socket) return;
      let frame = null;
      try {
        frame = JSON.parse(event.data);
      } catch {
        return;
      }
      onFrame(frame);
    });
    mine.addEventListener("close", (event) => {
      if (mine !== socket || destroyed) return;
      section.dataset.connected = "false";
      const final = finalClose(facts, event.code);
      if (final) {
        say(final, "error");
        return;
      }
      if (duel.phase === "over") return; // a finished room closes after a while: nothing to resume
      if (event.code === facts.close_codes.restart) {
        // the server is stopping or the room moved: another server goes on at once
        say(t("duel.say.restarting"), "warn");
        retryTimer = setTimeout(connect, 100);
        return;
      }
      retry += 1;
      const wait = Math.min(5000, 500 * retry);
      say(t("duel.say.reconnecting", { count: Math.ceil(wait / 1000) }), "warn");
      retryTimer = setTimeout(connect, wait);
    });
    mine.addEventListener("open", () => {
      section.dataset.connected = "true";
    });
  }

  main.querySelector(".duel-copy").addEventListener("click", async () => {
    const input = $(".duel-link");
    try {
      await navigator.clipboard.writeText(input.value);
      say(t("duel.say.copied"), "ok");
    } catch {
      input.select();
      say(t("duel.say.copy_keys"));
    }
  });
  for (const button of main.querySelectorAll("[data-rival]")) {
    button.addEventListener("click", () => send({ type: "rival", level: button.dataset.rival }));
  }
  endDialog.addEventListener("click", (event) => {
    const action = event.target.closest("[data-action]")?.dataset.action;
    if (action === "rematch") send({ type: "rematch" });
    if (action === "close") endDialog.close();
  });

  draw();
  connect();
  return () => {
    destroyed = true;
    clearTimeout(retryTimer);
    clearInterval(countdownTimer);
    clearTimeout(lockTimer);
    if (endDialog.open) endDialog.close();
    if (socket) socket.close(1000, "page closed");
    board.destroy();
  };
}

export default async function duelPage(main, { query, navigate }) {
  const code = (query.get("room") || "").trim().toUpperCase();
  // make sure this browser has a player (and its cookie) before the websocket opens
  const me = await api.me();
  const facts = await api.duelFacts();
  if (!code) return lobby(main, navigate, me, facts);
  try {
    await api.duel(code);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      main.innerHTML = `<div class="card error-box" role="alert"><h1>${esc(t("duel.missing.title"))}</h1><p>${esc(
        error.message,
      )}</p><p><a href="/duel" data-link>${esc(t("duel.missing.open"))}</a></p></div>`;
      return () => {};
    }
    throw error;
  }
  return roomPage(main, code, navigate, facts);
}
