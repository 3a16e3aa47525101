// @ts-check
// The site menu on a narrow screen: the Menu button opens and closes the site's
// links (on a wide screen they are always in sight and the button is hidden).
// A link followed, Escape or a click elsewhere closes it.

/** Wire the site header's Menu button (`.nav-toggle`) to its `<nav>`. */
export function mountNav(header = /** @type {HTMLElement | null} */ (document.querySelector(".site-header"))) {
  if (!header) return;
  const toggle = /** @type {HTMLButtonElement | null} */ (header.querySelector(".nav-toggle"));
  if (!toggle) return;
  const set = (open) => {
    header.classList.toggle("is-open", open);
    toggle.setAttribute("aria-expanded", open ? "true" : "false");
  };
  toggle.addEventListener("click", (event) => {
    event.stopPropagation();
    set(!header.classList.contains("is-open"));
  });
  header.addEventListener("click", (event) => {
    if (/** @type {Element} */ (event.target).closest("nav a")) set(false);
  });
  header.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && header.classList.contains("is-open")) {
      set(false);
      toggle.focus();
    }
  });
  document.addEventListener("click", (event) => {
    if (header.classList.contains("is-open") && !header.contains(/** @type {Node} */ (event.target))) set(false);
  });
}
