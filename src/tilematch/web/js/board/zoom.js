// @ts-check
// How large the board is drawn: pure arithmetic on the room the page has, no DOM.
//
//   boardScale({width, height}, {width: 390, height: 600}, "auto", 56) → {scale, readable}
//
// "fit" shows the whole board; "readable" keeps every tile at least READABLE_TILE px
// wide and lets the board scroll (it still fills the width it has, up to twice the
// height it has); "auto", the
// default, fits the board when its tiles would stay at least FIT_FLOOR px wide and
// is readable otherwise.

/** Narrowest tile (px) in Readable Zoom: a comfortable touch target. */
export const READABLE_TILE = 44;
/** Narrowest tile (px) that "auto" still fits on the screen. */
export const FIT_FLOOR = 32;
/** No board is drawn larger than this. */
export const MAX_SCALE = 1.5;

/**
 * The scale to draw a board of `frame` size in `room`, and whether it is readable
 * (scrolls) rather than fitted.
 * @param {{width: number, height: number}} frame the board's size at scale 1
 * @param {{width: number, height: number}} room the space the page gives it
 * @param {string} zoom "auto", "fit" or "readable"
 * @param {number} tileWidth a tile's width at scale 1
 * @returns {{scale: number, readable: boolean}}
 */
export function boardScale(frame, room, zoom, tileWidth) {
  const fit = Math.min(room.width / frame.width, room.height / frame.height, MAX_SCALE);
  // filling the width, but never so large that the board is over twice the room's
  // height (a tall board on a phone held sideways showed two rows of 70 px tiles)
  const large = Math.max(
    Math.min(room.width / frame.width, 1.25, (2 * room.height) / frame.height),
    READABLE_TILE / tileWidth,
  );
  const readable = zoom === "readable" || (zoom === "auto" && fit * tileWidth < FIT_FLOOR);
  if (!readable) return { scale: fit, readable: false };
  const scale = Math.max(large, fit);
  // a board whose readable size fits anyway is simply fitted
  return { scale, readable: scale > fit + 1e-9 };
}
