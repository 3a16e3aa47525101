// @ts-check
// Letter shortcuts for the main buttons. Arrow keys inside the board live in board.js.

/**
 * Call `actions[key]()` for single-letter keys pressed outside text fields,
 * without Ctrl/Alt/Meta. Keys are lower-case letters, or "H" for Shift+H.
 * Returns a function that removes the listener.
 */
export function bindShortcuts(actions) {
  function onKey(event) {
    if (event.ctrlKey || event.altKey || event.metaKey || event.repeat) return;
    const target = event.target;
    if (target && target.closest && target.closest("input, textarea, select, [contenteditable]")) return;
    if (document.querySelector("dialog[open]") && !(target && target.closest && target.closest("dialog"))) return;
    const key = event.key.length === 1 ? event.key : event.key === "Escape" ? "Escape" : null;
    if (!key) return;
    const action = actions[key] || actions[key.toLowerCase()];
    if (!action) return;
    event.preventDefault();
    action(event);
  }
  document.addEventListener("keydown", onKey);
  return () => document.removeEventListener("keydown", onKey);
}
