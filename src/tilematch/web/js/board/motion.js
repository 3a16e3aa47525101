// @ts-check
// How long the board's motions last and what they answer to: pure functions of
// the views (no rule), shared by the board and its tests.

/** A matched pair's leaving animation, in ms (the line stays at least this long). */
export const LEAVE_MS = 300;
/** A gravity tile's fall, after the pair has left. */
export const FALL_MS = 240;

/**
 * The key of the last match of a view, so that its falls are drawn once.
 * @param {any} view
 */
export function fallKey(view) {
  const lm = view.last_match;
  return `${view.id}|${view.counters?.moves ?? ""}|${lm.a},${lm.b}`;
}

/**
 * What a stone did between two drawings, from its crack counts as written on the
 * tile ("" when not a stone): "crack" (one fewer to go), "open" (it can be picked
 * now) or "" (nothing).
 * @param {string} before
 * @param {string} after
 */
export function stoneChange(before, after) {
  if (!before) return "";
  if (!after) return "open";
  return Number(after) < Number(before) ? "crack" : "";
}

/** A small delay per spot, so a shuffle ripples over the board instead of blinking. */
export function turnDelay(spot) {
  return (spot * 37) % 160;
}
