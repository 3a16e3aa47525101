// @ts-check
// The shapes the server sends (docs/api.md), as JSDoc types for the type check.
// Nothing here runs.

/**
 * One tile of a view.
 * @typedef {object} Tile
 * @property {number} spot
 * @property {string} code
 * @property {string} [name]
 * @property {number[]} [pos]
 * @property {boolean} [free]
 * @property {boolean} [selectable]
 * @property {string | null} [blocked] why it cannot be picked, in words
 * @property {number[]} [blockers] the tiles that block it
 * @property {number} [stone] cracks a stone still needs
 */

/**
 * A game's clock in a view.
 * @typedef {object} Clock
 * @property {number} [elapsed]
 * @property {number | null} [remaining]
 * @property {boolean} [paused]
 * @property {boolean} [started] false until the first pick starts it
 */

/**
 * A game as the server sends it.
 * @typedef {object} View
 * @property {string} id
 * @property {string} game
 * @property {string} mode
 * @property {string} status
 * @property {string} [geometry]
 * @property {{rows?: number, cols?: number, width?: number, height?: number, depth?: number}} [bounds]
 * @property {Tile[]} tiles
 * @property {[number, number][]} [pairs] the legal pairs
 * @property {number[] | null} [hint]
 * @property {string | null} [hint_warning]
 * @property {number} [score]
 * @property {number} [combo]
 * @property {{length: number, multiplier: number, cap: number | null, window: number, left: number | null} | null} [chain]
 *   the combo chain still alive (null in a mode without combos)
 * @property {string[]} [offers] the controls the mode offers (undo, redo, hint, smart_hint, shuffle, partners)
 * @property {number} [redo] undone pairs Redo can take again
 * @property {boolean} [partner_help] partner highlighting was on in this game (counted as a hint)
 * @property {Clock} [clock]
 * @property {Record<string, number | null | undefined>} [counters]
 * @property {Record<string, any> | null} [summary]
 * @property {{label: string, points: number}[]} [ledger]
 * @property {{a: number, b: number, freed?: number[], path?: number[][], fell?: number[][]} | null} [last_match]
 * @property {string} [layout]
 * @property {string} [shape]
 * @property {number[]} [size]
 * @property {number | string | null} [seed]
 * @property {string} [difficulty]
 * @property {number | null} [level]
 * @property {string} [date]
 * @property {boolean} [gravity]
 */

/**
 * What the page asks of the server for a game.
 * @typedef {{type: string, a?: number, b?: number}} Intent
 */

/**
 * The numbers of the duel rules (`GET /api/duels/facts`).
 * @typedef {object} DuelFacts
 * @property {{level: string, seconds_per_pair: number}[]} rivals
 * @property {number} forfeit_seconds
 * @property {number} lockout_seconds
 * @property {Record<string, number>} close_codes
 */

/**
 * Go to a page of the app without reloading.
 * @typedef {(url: string, options?: {replace?: boolean}) => void} Navigate
 */

/**
 * What a page module's default function is given.
 * @typedef {{params: string[], query: URLSearchParams, navigate: Navigate}} PageContext
 */

/**
 * A page: draws itself into `main` and may return a function that cleans it up.
 * @typedef {(main: HTMLElement, context: PageContext) => Promise<unknown>} Page
 */

export {};
