// @ts-check
// The board page for every single-player mode: /play/<game>/<mode>?id=… continues a
// game; other query parameters (layout, board=COLSxROWS or shape, seed, difficulty, gravity,
// level) deal a new one, which is how share links work. Links made before the board
// parameter say size=ROWSxCOLS, which is still read.

import { api, ApiError } from "../api.js";
import { mountGame, shareLink } from "../game/controller.js";
import { rememberGame } from "../storage.js";
import { esc } from "../dom.js";
import { t } from "../i18n.js";
import { showLockedLevel } from "./tower.js";

/** The create-game body for a mode and the page's query. */
export function gameOptions(game, mode, query) {
  /** @type {Record<string, unknown>} */
  const body = { game, mode };
  if (query.get("layout")) body.layout = query.get("layout");
  const board = query.get("board"); // columns x rows, as people write sizes: 17x8
  const size = query.get("size"); // rows x columns, the API's order (older links)
  if (board && /^\d+x\d+$/.test(board)) body.size = board.split("x").map(Number).reverse();
  else if (size && /^\d+x\d+$/.test(size)) body.size = size.split("x").map(Number);
  if (query.get("shape")) body.shape = query.get("shape");
  if (query.get("seed") != null && query.get("seed") !== "") body.seed = Number(query.get("seed"));
  if (query.get("difficulty")) body.difficulty = query.get("difficulty");
  if (query.get("gravity") === "1") body.gravity = true;
  if (query.get("level")) body.level = Number(query.get("level"));
  if (query.get("shared_layout")) body.shared_layout = query.get("shared_layout"); // a player's own layout
  return body;
}

export default async function play(main, { params, query, navigate }) {
  const [game, mode] = params;
  if (mode === "daily") {
    // the Daily Challenge has its own page (its board comes from the date)
    navigate(`/daily${query.get("date") ? `?date=${encodeURIComponent(query.get("date"))}` : ""}`, { replace: true });
    return undefined;
  }
  const options = gameOptions(game, mode, query);
  const id = query.get("id");
  const freshOptions = { ...options };
  delete freshOptions.seed;

  const host = document.createElement("div");
  main.appendChild(host);

  async function first() {
    if (id) {
      try {
        return await api.game(id);
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 404) throw error;
      }
    }
    return api.createGame(options);
  }

  const controller = mountGame(host, {
    load: first,
    newGame: () => api.createGame(freshOptions),
    newLabel: mode === "tower" ? t("game.control.play_again") : undefined,
    // a game on a player's own layout is shared by the layout's link (a seed cannot carry it)
    shareUrl: (view) =>
      view.layout === "custom" || view.shape === "custom"
        ? `${location.origin}${options.shared_layout ? `/layouts/shared/${options.shared_layout}` : "/editor"}`
        : shareLink(view),
    onView(view) {
      rememberGame(view.game, view.mode, view.id);
      const url = `/play/${view.game}/${view.mode}?id=${encodeURIComponent(view.id)}`;
      if (location.pathname + location.search !== url) history.replaceState(null, "", url);
    },
    extraEnd(view) {
      if (view.mode !== "tower") return "";
      const next = view.status === "won" && view.level ? view.level + 1 : null;
      return (
        (next
          ? `<a class="button primary" href="/play/blackwhite/tower?level=${next}" data-link>${esc(t("game.end.next_level"))}</a>`
          : "") + `<a class="button" href="/tower" data-link>${esc(t("game.end.tower_map"))}</a>`
      );
    },
  });
  controller.ready.catch((error) => {
    if (error instanceof ApiError && error.code === "level_locked" && options.level) {
      controller.destroy();
      showLockedLevel(host, Number(options.level), error.message);
      return;
    }
    host.insertAdjacentHTML(
      "afterbegin",
      `<div class="error-box card" role="alert"><p>${esc(error.message)}</p><p><a href="/" data-link>${esc(t("game.error.choose_another"))}</a></p></div>`,
    );
  });
  return () => controller.destroy();
}
