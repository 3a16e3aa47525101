// @ts-check
// Every sentence the layout editors show, in one table (a later catalogue translates them).

import { counted } from "../dom.js";

export const TEXT = {
  title: "Layout Editor",
  outlineTitle: "Shisen-Sho Outline Editor",
  intro:
    "Click or tap a half-tile step to place a tile on the layer shown; click a tile to remove it. " +
    "With the keyboard: arrow keys move the cursor (Shift for a whole tile), Space or Enter places or removes, Page Up and Page Down change the layer.",
  outlineIntro:
    "Click or tap cells to paint them; click a painted cell to clear it. With the keyboard: arrow keys move, Space or Enter paints or clears.",
  boardLabel: "Layout board",
  outlineLabel: "Outline grid",
  layer: (z) => `Layer ${z + 1}`,
  viewLayer: "This layer",
  viewAll: "All layers",
  mirrorLeftRight: "Mirror left–right",
  mirrorTopBottom: "Mirror top–bottom",
  undo: "Undo",
  redo: "Redo",
  clear: "Clear",
  up: "Layer up",
  down: "Layer down",
  name: "Name",
  defaultName: "My layout",
  defaultOutline: "My outline",
  save: "Save",
  saved: "Saved.",
  delete: "Delete",
  confirmDelete: (name) => `Delete “${name}”? Games already played on it keep their board.`,
  deleted: "Deleted.",
  share: "Share link",
  copyLink: "Copy link",
  copied: "Link copied.",
  shareFirst: "Save the layout to share it.",
  testPlay: "Test-play",
  playAs: "Play as",
  importFile: "Import a file",
  dropHere: "or drop a KMahjongg, GNOME Mahjongg or Kyodai file here",
  imported: (name, n) => `Imported “${name}”: ${counted(n, "tile")}.`,
  exportAs: "Export as",
  exportButton: "Export",
  myLayouts: "My layouts",
  none: "No layouts saved yet.",
  newLayout: "New layout",
  newOutline: "New outline",
  outlineEditor: "Shisen-Sho outline editor",
  layoutEditor: "Layout editor",
  checking: "Checking…",
  ready: (n) => `Ready to play: ${counted(n, "tile")}.`,
  problemsHeading: (n) => counted(n, "problem"),
  tiles: (n) => counted(n, "tile"),
  perLayer: (counts) => counts.map((n, z) => `${z + 1}: ${n}`).join(" · "),
  goTo: "Show",
  rows: "Rows",
  cols: "Columns",
  resize: "Resize",
  across: "Tiles across",
  tallness: "Tiles down",
  cursorAt: (x, y, z) => `Cursor at ${x}, ${y} on layer ${z + 1}`,
  cellAt: (r, c) => `Cursor at row ${r + 1}, column ${c + 1}`,
  placed: (n) => `${counted(n, "tile")} placed`,
  sharedBy: (owner) => (owner ? `Shared by ${owner}` : "Shared by an unnamed player"),
  copyToMine: "Copy to my layouts",
  editMine: "Edit",
  readOnly: "This layout is read-only; copy it to change it.",
  unsaved: "Unsaved changes",
  quota: (n, most) => `${n} of ${most} kept`,
};

/** Names of the games a layout is played in. */
export const PLAY_CHOICES = {
  stack: [
    ["solitaire", "regular", "Mahjong Solitaire"],
    ["blackwhite", "zen", "Black & White Zen"],
  ],
  grid: [["shisensho", "classic", "Shisen-Sho Classic"]],
};

/** The layout file formats export writes. */
export const FORMATS = [
  ["kmahjongg", "KMahjongg (.layout)"],
  ["gnome", "GNOME Mahjongg (.map)"],
  ["kyodai", "Kyodai (.lay)"],
];
