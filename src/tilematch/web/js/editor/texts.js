// @ts-check
// Every sentence the layout editors show, by message id of the `editor` domain
// (src/tilematch/locales/<locale>/editor.json). Each entry reads the catalogue when it is
// used, so the page speaks the locale it was opened in.

import { t } from "../i18n.js";

/**
 * The editors' words: plain texts are read as properties (`TEXT.save`), texts with
 * figures are functions (`TEXT.tiles(12)`).
 */
export const TEXT = {
  /** @param {number} z */
  layer: (z) => t("editor.layer", { number: z + 1 }),
  /** @param {string} name */
  confirmDelete: (name) => t("editor.confirm_delete", { name }),
  /** @param {string} name @param {number} count */
  imported: (name, count) => t("editor.imported", { name, count }),
  /** @param {number} count */
  ready: (count) => t("editor.check.ready", { count }),
  /** @param {number} count */
  problemsHeading: (count) => t("editor.check.problems", { count }),
  /** @param {number} count */
  tiles: (count) => t("editor.count.tiles", { count }),
  /** @param {number[]} counts tiles per layer, from the lowest */
  perLayer: (counts) => counts.map((count, z) => t("editor.count.on_layer", { layer: z + 1, count })).join(" · "),
  /** @param {number} x @param {number} y @param {number} z */
  cursorAt: (x, y, z) => t("editor.cursor.layout", { x, y, layer: z + 1 }),
  /** @param {number} r @param {number} c */
  cellAt: (r, c) => t("editor.cursor.outline", { row: r + 1, column: c + 1 }),
  /** @param {number} count */
  placed: (count) => t("editor.count.placed", { count }),
  /** @param {string | null} owner */
  sharedBy: (owner) => (owner ? t("editor.shared.by", { owner }) : t("editor.shared.by_unnamed")),
  /** @param {number} count @param {number} most */
  quota: (count, most) => t("editor.mine.quota", { count, most }),
  /** @param {string} name @param {number} size */
  tooLarge: (name, size) => t("editor.file.too_large", { name, size }),
  /** @param {number} status */
  serverAnswered: (status) => t("editor.file.server_answered", { status }),
  get title() {
    return t("editor.title");
  },
  get outlineTitle() {
    return t("editor.outline.title");
  },
  get intro() {
    return t("editor.intro");
  },
  get outlineIntro() {
    return t("editor.outline.intro");
  },
  get boardLabel() {
    return t("editor.board_label");
  },
  get outlineLabel() {
    return t("editor.outline.grid_label");
  },
  get viewLayer() {
    return t("editor.view.layer");
  },
  get viewAll() {
    return t("editor.view.all");
  },
  get mirrorLeftRight() {
    return t("editor.mirror.left_right");
  },
  get mirrorTopBottom() {
    return t("editor.mirror.top_bottom");
  },
  get undo() {
    return t("editor.undo");
  },
  get redo() {
    return t("editor.redo");
  },
  get clear() {
    return t("editor.clear");
  },
  get up() {
    return t("editor.layer_up");
  },
  get down() {
    return t("editor.layer_down");
  },
  get name() {
    return t("editor.name");
  },
  get defaultName() {
    return t("editor.default_name");
  },
  get defaultOutline() {
    return t("editor.outline.default_name");
  },
  get save() {
    return t("editor.save");
  },
  get saved() {
    return t("editor.saved");
  },
  get delete() {
    return t("editor.delete");
  },
  get deleted() {
    return t("editor.deleted");
  },
  get share() {
    return t("editor.share.link");
  },
  get copyLink() {
    return t("editor.share.copy");
  },
  get copied() {
    return t("editor.share.copied");
  },
  get shareFirst() {
    return t("editor.share.save_first");
  },
  get testPlay() {
    return t("editor.test_play");
  },
  get playAs() {
    return t("editor.play_as");
  },
  get importFile() {
    return t("editor.file.import");
  },
  get dropHere() {
    return t("editor.file.drop_here");
  },
  get exportAs() {
    return t("editor.file.export_as");
  },
  get exportButton() {
    return t("editor.file.export");
  },
  get myLayouts() {
    return t("editor.mine.title");
  },
  get none() {
    return t("editor.mine.none");
  },
  get newLayout() {
    return t("editor.mine.new_layout");
  },
  get newOutline() {
    return t("editor.mine.new_outline");
  },
  get outlineEditor() {
    return t("editor.outline.link");
  },
  get layoutEditor() {
    return t("editor.layout_link");
  },
  get checking() {
    return t("editor.check.checking");
  },
  get goTo() {
    return t("editor.check.show");
  },
  get rows() {
    return t("editor.outline.rows");
  },
  get cols() {
    return t("editor.outline.columns");
  },
  get resize() {
    return t("editor.resize");
  },
  get across() {
    return t("editor.size.across");
  },
  get tallness() {
    return t("editor.size.down");
  },
  get copyToMine() {
    return t("editor.shared.copy");
  },
  get editMine() {
    return t("editor.shared.edit");
  },
  get readOnly() {
    return t("editor.shared.read_only");
  },
  get unsaved() {
    return t("editor.unsaved");
  },
};

/**
 * The games a layout is played in, as `[game, mode, name]`, for the kind of board.
 * @param {"stack" | "grid"} kind
 * @returns {[string, string, string][]}
 */
export function playChoices(kind) {
  if (kind === "grid") return [["shisensho", "classic", t("editor.play.shisensho_classic")]];
  return [
    ["solitaire", "regular", t("editor.play.solitaire")],
    ["blackwhite", "zen", t("editor.play.blackwhite_zen")],
  ];
}

/** The layout file formats export writes (their own names, the same in every language). */
export const FORMATS = [
  ["kmahjongg", "KMahjongg (.layout)"],
  ["gnome", "GNOME Mahjongg (.map)"],
  ["kyodai", "Kyodai (.lay)"],
];
