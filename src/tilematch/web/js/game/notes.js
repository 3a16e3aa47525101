// @ts-check
// First-time notes on the board: a sentence of NOTES (state.js) shown on the
// board's top edge the first time what it explains appears, until the player
// closes it or picks a tile; remembered in this browser so that it is said once.

import { t } from "../i18n.js";
import { NOTES, notesFor } from "./state.js";

const KEY = "tilematch.noted";

function noted() {
  try {
    return new Set(JSON.parse(localStorage.getItem(KEY) || "[]"));
  } catch {
    return new Set();
  }
}

function remember(name) {
  const names = noted();
  names.add(name);
  try {
    localStorage.setItem(KEY, JSON.stringify([...names]));
  } catch {
    /* private mode: the note may come again */
  }
}

/**
 * Show in `host` the first note `view` calls for that this browser has not seen.
 * Returns the note's name, or null when there is none to show.
 * @param {HTMLElement} host the board area
 * @param {import("../types.js").View} view
 */
export function showNotes(host, view) {
  if (host.querySelector(".board-note")) return null;
  const seen = noted();
  const name = notesFor(view).find((n) => !seen.has(n));
  if (!name) return null;
  remember(name);
  const note = document.createElement("div");
  note.className = "board-note";
  note.setAttribute("role", "note");
  note.dataset.note = name;
  note.innerHTML = `<p></p><button type="button" class="primary"></button>`;
  /** @type {HTMLElement} */ (note.querySelector("p")).textContent = NOTES[name];
  /** @type {HTMLElement} */ (note.querySelector("button")).textContent = t("game.note.got_it");
  const close = () => {
    note.remove();
    host.removeEventListener("click", onPick);
    window.dispatchEvent(new Event("resize")); // the board may fit larger now
  };
  /** @param {Event} event */
  const onPick = (event) => {
    if (/** @type {HTMLElement} */ (event.target).closest(".tile")) close();
  };
  note.querySelector("button")?.addEventListener("click", close);
  host.addEventListener("click", onPick);
  host.prepend(note);
  return name;
}
