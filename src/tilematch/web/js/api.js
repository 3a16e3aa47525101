// @ts-check
// The JSON API client: one function per endpoint of docs/api.md.

import { t } from "./i18n.js";

/** A refusal or failure of the server: its HTTP status and machine word. */
export class ApiError extends Error {
  /**
   * @param {number} status
   * @param {string} code
   * @param {string} message
   */
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/**
 * One call of the API: the answer's JSON, or an ApiError for an answer that is not 2xx.
 * @param {string} method
 * @param {string} path
 * @param {unknown} [body]
 * @returns {Promise<any>}
 */
async function request(method, path, body) {
  /** @type {Record<string, string>} */
  const headers = { Accept: "application/json" };
  /** @type {RequestInit} */
  const init = { method, credentials: "same-origin", headers };
  if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(`/api${path}`, init);
  /** @type {any} */
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const error = data && data.error ? data.error : {};
    const detail = data && typeof data.detail === "string" ? data.detail : null;
    throw new ApiError(
      response.status,
      error.code || "http",
      error.message || detail || t("common.error.server_status", { status: String(response.status) }),
    );
  }
  return data;
}

/** @param {Record<string, unknown>} params */
const q = (params) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== "") search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
};

export const api = {
  me: () => request("GET", "/me"),
  setName: (name) => request("PUT", "/me", { name }),
  setLocale: (locale) => request("PATCH", "/me", { locale }),
  deleteMe: (confirm) => request("DELETE", "/me", { confirm }),
  linkCode: () => request("POST", "/me/link-codes"),
  link: (code) => request("POST", "/link", { code }),
  createGame: (options) => request("POST", "/games", options),
  unfinished: () => request("GET", "/games?status=unfinished"),
  game: (id) => request("GET", `/games/${encodeURIComponent(id)}`),
  act: (id, action) => request("POST", `/games/${encodeURIComponent(id)}/actions`, action),
  replay: (id) => request("POST", `/games/${encodeURIComponent(id)}/replay`),
  daily: (date) => request("GET", `/daily/${date}`),
  startDaily: (date, utcOffset) => request("POST", `/daily/${date}`, { utc_offset: utcOffset }),
  restartDaily: (date, utcOffset) => request("POST", `/daily/${date}/restart`, { utc_offset: utcOffset }),
  dailyHistory: (today) => request("GET", `/daily${q({ today })}`),
  campaign: () => request("GET", "/campaign"),
  results: (limit = 100) => request("GET", `/results${q({ limit })}`),
  bests: () => request("GET", "/results/best"),
  layoutRecords: (game) => request("GET", `/results/layouts${q({ game })}`),
  standing: (id) => request("GET", `/results/${encodeURIComponent(id)}/standing`),
  statistics: (params) => request("GET", `/statistics${q(params)}`),
  leaderboards: (params) => request("GET", `/leaderboards${q(params)}`),
  layouts: () => request("GET", "/layouts"),
  shapes: () => request("GET", "/shapes"),
  tiles: () => request("GET", "/tiles"),
  learn: () => request("GET", "/learn"),
  duelFacts: () => request("GET", "/duels/facts"),
  createDuel: (body) => request("POST", "/duels", body),
  duel: (code) => request("GET", `/duels/${encodeURIComponent(code)}`),
  duelLeaderboard: (against = "player") => request("GET", `/duels/leaderboard?against=${against}`),
  checkLayout: (board) => request("POST", "/layouts/check", board),
  myLayouts: () => request("GET", "/my/layouts"),
  myLayout: (id) => request("GET", `/my/layouts/${encodeURIComponent(id)}`),
  saveLayout: (body) => request("POST", "/my/layouts", body),
  changeLayout: (id, body) => request("PATCH", `/my/layouts/${encodeURIComponent(id)}`, body),
  deleteLayout: (id) => request("DELETE", `/my/layouts/${encodeURIComponent(id)}`),
  sharedLayout: (code) => request("GET", `/layouts/shared/${encodeURIComponent(code)}`),
  copyShared: (code) => request("POST", `/layouts/shared/${encodeURIComponent(code)}/copy`),
  importLayout: (filename, text) => request("POST", "/layouts/import", { filename, text }),
};
