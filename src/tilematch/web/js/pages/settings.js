// @ts-check
// Settings: theme, high contrast, number marks, partner highlighting, board size,
// sound, ambient, animations.

import { getSettings, setSettings } from "../storage.js";
import { snap } from "../sound.js";
import { tilePicture } from "../board/tiles.js";
import { TILE_SETS } from "../board/tilesets.js";
import { api } from "../api.js";
import { languagePickerMarkup, mountLanguagePicker } from "../language.js";
import { esc } from "../dom.js";
import { t } from "../i18n.js";

/** Help lines under the settings that need one. */
export const SETTINGS_HELP = {
  get shisenPartners() {
    return t("pages.settings.shisen_partners_help");
  },
};

// i18n-ids: pages.settings.title pages.settings.theme pages.settings.theme.auto
// i18n-ids: pages.settings.theme.light pages.settings.theme.dark pages.settings.tileset
// i18n-ids: pages.settings.tiles pages.settings.contrast pages.settings.contrast_help
// i18n-ids: pages.settings.marks pages.settings.marks_help pages.settings.partners
// i18n-ids: pages.settings.shisen_partners pages.settings.preview pages.settings.zoom
// i18n-ids: pages.settings.zoom.auto pages.settings.zoom.fit pages.settings.zoom.readable
// i18n-ids: pages.settings.sound pages.settings.snap pages.settings.ambient
// i18n-ids: pages.settings.ambient_help pages.settings.test_sound pages.settings.animations
// i18n-ids: pages.settings.animations.system pages.settings.animations.on
// i18n-ids: pages.settings.animations.off pages.settings.my_player
/** A setting's words (`pages.settings.<id>`), escaped for markup. @param {string} id */
const say = (id) => esc(t(`pages.settings.${id}`));

export default async function settings(main) {
  const s = getSettings();
  const me = await api.me().catch(() => ({ locale: null }));
  const radio = (name, value, label) =>
    `<label class="radio"><input type="radio" name="${name}" value="${value}"${s[name] === value ? " checked" : ""}> ${label}</label>`;
  const check = (name, label, help) =>
    `<label class="check"><input type="checkbox" name="${name}"${s[name] ? " checked" : ""}> ${label}</label>${
      help ? `<p class="help muted">${help}</p>` : ""
    }`;
  main.innerHTML = `<div class="settings-page"><h1>${say("title")}</h1>${languagePickerMarkup(me.locale)}
    <form class="card settings-form">
      <fieldset><legend>${say("theme")}</legend>${radio("theme", "auto", say("theme.auto"))}${radio("theme", "light", say("theme.light"))}${radio(
        "theme",
        "dark",
        say("theme.dark"),
      )}</fieldset>
      <fieldset class="tileset-choice"><legend>${say("tileset")}</legend>${Object.entries(TILE_SETS)
        .map(([id, set]) => `${radio("tileset", id, esc(set.name))}<p class="help muted">${esc(set.about)}</p>`)
        .join("")}</fieldset>
      <fieldset><legend>${say("tiles")}</legend>
        ${check("contrast", say("contrast"), say("contrast_help"))}
        ${check("marks", say("marks"), say("marks_help"))}
        ${check("partners", say("partners"))}
        ${check("shisenPartners", say("shisen_partners"), esc(SETTINGS_HELP.shisenPartners))}
        <div class="preview" aria-label="${say("preview")}">${["5s", "3p", "7m", "1z", "6z", "2f", "b9p", "w9p"].map((c) => tilePicture(c)).join("")}</div>
      </fieldset>
      <fieldset><legend>${say("zoom")}</legend>${radio("zoom", "auto", say("zoom.auto"))}${radio("zoom", "fit", say("zoom.fit"))}${radio(
        "zoom",
        "readable",
        say("zoom.readable"),
      )}</fieldset>
      <fieldset><legend>${say("sound")}</legend>
        ${check("sound", say("snap"))}
        ${check("ambient", say("ambient"), say("ambient_help"))}
        <button type="button" class="test-sound">${say("test_sound")}</button>
      </fieldset>
      <fieldset><legend>${say("animations")}</legend>${radio("animations", "system", say("animations.system"))}${radio(
        "animations",
        "on",
        say("animations.on"),
      )}${radio("animations", "off", say("animations.off"))}</fieldset>
      <p class="saved muted" role="status"></p>
    </form><p class="card"><a href="/devices" data-link>${say("my_player")}</a></p></div>`;
  const form = main.querySelector(".settings-form");
  form.addEventListener("change", () => {
    const data = new FormData(form);
    setSettings({
      theme: data.get("theme"),
      animations: data.get("animations"),
      tileset: data.get("tileset"),
      zoom: data.get("zoom"),
      contrast: form.contrast.checked,
      marks: form.marks.checked,
      partners: form.partners.checked,
      shisenPartners: form.shisenPartners.checked,
      sound: form.sound.checked,
      ambient: form.ambient.checked,
    });
    form.querySelector(".saved").textContent = t("pages.settings.saved");
  });
  form.querySelector(".test-sound").addEventListener("click", () => snap());
  mountLanguagePicker(main);
}
