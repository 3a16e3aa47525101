// @ts-check
// Player settings, kept in this browser's localStorage and applied as
// attributes on <html> so that the themes stay pure CSS.

const KEY = "tilematch.settings";

/**
 * @typedef {object} Settings
 * @property {"auto" | "light" | "dark"} theme
 * @property {boolean} contrast
 * @property {boolean} marks
 * @property {boolean} sound
 * @property {boolean} ambient
 * @property {"system" | "on" | "off"} animations
 * @property {boolean} partners
 * @property {boolean} shisenPartners
 * @property {boolean} learn
 * @property {"auto" | "fit" | "readable"} zoom
 * @property {string} tileset
 */

/** @type {Readonly<Settings>} */
export const DEFAULTS = Object.freeze({
  theme: "auto", // "auto" | "light" | "dark"
  contrast: false, // high contrast tiles
  marks: false, // numeric/letter marks on every tile
  sound: true, // snap on a match
  ambient: false, // calm background sound
  animations: "system", // "system" | "on" | "off"
  partners: true, // highlight possible partners of the selected tile (Mahjong Solitaire, Black & White)
  shisenPartners: false, // the same in Shisen-Sho, where it is help: counted as a hint
  learn: false, // Learn Mode
  zoom: "auto", // "auto" (fit while tiles stay readable) | "fit" | "readable"
  tileset: "classic", // a key of TILE_SETS (board/tilesets.js)
});

const listeners = new Set();

function readStore() {
  try {
    return JSON.parse(localStorage.getItem(KEY) || "{}") || {};
  } catch {
    return {};
  }
}

/** All settings (defaults filled in). @returns {Settings} */
export function getSettings() {
  const stored = readStore();
  const out = { ...DEFAULTS };
  for (const key of Object.keys(DEFAULTS)) {
    if (key in stored && typeof stored[key] === typeof DEFAULTS[key]) out[key] = stored[key];
  }
  return out;
}

/** Change some settings, store them, apply them and tell the listeners. */
export function setSettings(patch) {
  const next = { ...getSettings(), ...patch };
  try {
    localStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    /* private mode: settings last for this page only */
  }
  applySettings(next);
  for (const listener of listeners) listener(next);
  return next;
}

/** Call `listener(settings)` after every change; returns an unsubscribe function. */
export function onSettings(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True when animations should run (setting, or the system's reduced-motion wish).
 * @param {Settings} [settings] */
export function animationsOn(settings = getSettings()) {
  if (settings.animations === "on") return true;
  if (settings.animations === "off") return false;
  return !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** Reflect settings on <html>: data-theme, data-contrast, data-marks, data-motion, data-tileset. */
export function applySettings(settings = getSettings()) {
  const root = document.documentElement;
  root.dataset.theme = settings.theme;
  root.dataset.contrast = settings.contrast ? "high" : "normal";
  root.dataset.marks = settings.marks ? "on" : "off";
  root.dataset.motion = animationsOn(settings) ? "on" : "off";
  root.dataset.tileset = settings.tileset;
}

/** Remember the last game id per game/mode, to continue after a reload. */
export function rememberGame(game, mode, id) {
  try {
    localStorage.setItem(`tilematch.last.${game}.${mode}`, id);
  } catch {
    /* ignore */
  }
}

export function lastGame(game, mode) {
  try {
    return localStorage.getItem(`tilematch.last.${game}.${mode}`);
  } catch {
    return null;
  }
}
