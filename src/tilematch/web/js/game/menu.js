// @ts-check
// The More menu of the board's toolbar, as a menu button: where the secondary
// controls fold into it (a phone, portrait or landscape), the button says it opens
// a menu (aria-haspopup, aria-expanded), the controls are its items (menuitem, or
// menuitemcheckbox for the switches), and the keys are a menu's: Enter, Space or
// the arrow keys open it, the arrow keys, Home and End move in it, Escape closes it
// and gives the focus back to the button, Tab closes it and goes on. On a wide
// screen the same controls are plain toolbar buttons, and this changes nothing.
//
//   const menu = bindMenu(toolbar, button, list); menu.open(true); menu();  // unbind

/** Where the toolbar folds its secondary controls into More (as game.css says): a
 * phone, or a board column too narrow for one row (a container query there). */
export const FOLDED = "(max-width: 560px), (max-height: 500px) and (orientation: landscape)";

/**
 * Make `button` open `list` (inside `toolbar`) as a menu where the controls fold.
 * Returns a function that removes the listeners, with `open(on, {focus})` to open
 * (focusing the "first" or "last" item, or none) or close it (`{focus: "button"}`
 * gives the focus back to the button).
 * @param {HTMLElement} toolbar
 * @param {HTMLElement} button
 * @param {HTMLElement} list
 * @returns {(() => void) & {open: (on: boolean, how?: {focus?: "first" | "last" | "button" | null}) => void}}
 */
export function bindMenu(toolbar, button, list) {
  const media = window.matchMedia(FOLDED);
  /** whether the controls are folded now: the More button is shown */
  const folded = { get matches() { return button.getClientRects().length > 0; } };
  const groupLabel = list.getAttribute("aria-label") || "";

  /** The items one can move to: shown and enabled. */
  function items() {
    return /** @type {HTMLButtonElement[]} */ ([...list.querySelectorAll("button")]).filter((b) => !b.hidden && !b.disabled);
  }

  /** Give the controls the roles of a menu (folded) or of toolbar buttons. */
  function roles() {
    const asMenu = folded.matches;
    if (asMenu) {
      list.setAttribute("role", "menu");
      list.setAttribute("aria-labelledby", button.id);
      list.removeAttribute("aria-label");
    } else {
      list.setAttribute("role", "group");
      list.setAttribute("aria-label", groupLabel);
      list.removeAttribute("aria-labelledby");
    }
    for (const item of list.querySelectorAll("button")) {
      const pressed = item.getAttribute("aria-pressed");
      if (asMenu) {
        item.setAttribute("role", pressed == null ? "menuitem" : "menuitemcheckbox");
        if (pressed != null) item.setAttribute("aria-checked", pressed);
        item.tabIndex = -1;
      } else {
        item.removeAttribute("role");
        item.removeAttribute("aria-checked");
        item.removeAttribute("tabindex");
      }
    }
  }

  function isOpen() {
    return toolbar.classList.contains("is-open");
  }

  /** @param {boolean} on @param {{focus?: "first" | "last" | "button" | null}} [how] */
  function open(on, { focus = on ? "first" : null } = {}) {
    if (on) roles();
    toolbar.classList.toggle("is-open", on);
    button.setAttribute("aria-expanded", on ? "true" : "false");
    if (on) {
      const all = items();
      const target = focus === "last" ? all[all.length - 1] : focus === "first" ? all[0] : null;
      target?.focus();
    } else if (focus === "button") {
      button.focus();
    }
  }

  /** Move the focus `by` items (wrapping), or to the first or last. @param {number | "first" | "last"} by */
  function move(by) {
    const all = items();
    if (!all.length) return;
    const at = all.indexOf(/** @type {HTMLButtonElement} */ (document.activeElement));
    const next = by === "first" ? 0 : by === "last" ? all.length - 1 : (at + by + all.length) % all.length;
    all[next].focus();
  }

  /** @param {MouseEvent} event */
  function onButtonClick(event) {
    event.stopPropagation();
    open(!isOpen());
  }

  /** @param {KeyboardEvent} event */
  function onButtonKey(event) {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    event.preventDefault();
    event.stopPropagation();
    open(true, { focus: event.key === "ArrowUp" ? "last" : "first" });
  }

  /** @param {KeyboardEvent} event */
  function onMenuKey(event) {
    if (!isOpen()) return;
    /** @type {Record<string, number | "first" | "last">} */
    const moves = { ArrowDown: 1, ArrowUp: -1, Home: "first", End: "last" };
    if (event.key in moves) {
      event.preventDefault();
      event.stopPropagation();
      move(moves[event.key]);
    } else if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      open(false, { focus: "button" });
    } else if (event.key === "Tab") {
      open(false);
    }
  }

  /** @param {MouseEvent} event */
  function onOutside(event) {
    if (isOpen() && !toolbar.contains(/** @type {Node} */ (event.target))) open(false);
  }

  /** The switches' state follows aria-pressed, which the controller keeps. */
  const pressedWatch = new MutationObserver(() => {
    if (folded.matches) roles();
  });
  pressedWatch.observe(list, { subtree: true, attributes: true, attributeFilter: ["aria-pressed"] });

  /** Leaving the folded layout closes the menu and gives the controls back their roles. */
  function onLayout() {
    if (!folded.matches && isOpen()) open(false);
    roles();
  }

  roles();
  button.addEventListener("click", onButtonClick);
  button.addEventListener("keydown", onButtonKey);
  list.addEventListener("keydown", onMenuKey);
  document.addEventListener("click", onOutside);
  media.addEventListener("change", onLayout);
  const sizeWatch = new ResizeObserver(() => onLayout());
  sizeWatch.observe(toolbar);

  const unbind = () => {
    button.removeEventListener("click", onButtonClick);
    button.removeEventListener("keydown", onButtonKey);
    list.removeEventListener("keydown", onMenuKey);
    document.removeEventListener("click", onOutside);
    media.removeEventListener("change", onLayout);
    sizeWatch.disconnect();
    pressedWatch.disconnect();
  };
  return Object.assign(unbind, { open });
}
