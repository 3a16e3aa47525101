// @ts-check
// Settings: theme, high contrast, number marks, partner highlighting, board size,
// sound, ambient, animations.

import { getSettings, setSettings } from "../storage.js";
import { snap } from "../sound.js";
import { tilePicture } from "../board/tiles.js";
import { TILE_SETS } from "../board/tilesets.js";
import { api } from "../api.js";
import { languagePickerMarkup, mountLanguagePicker } from "../language.js";

/** Help lines under the settings that need one. */
export const SETTINGS_HELP = {
  shisenPartners:
    "Off by default. Finding a pair's line is the game, so this counts as a hint: a game where it is on has no Perfect Clear and is listed with its hints.",
};

export default async function settings(main) {
  const s = getSettings();
  const me = await api.me().catch(() => ({ locale: null }));
  const radio = (name, value, label) =>
    `<label class="radio"><input type="radio" name="${name}" value="${value}"${s[name] === value ? " checked" : ""}> ${label}</label>`;
  const check = (name, label, help) =>
    `<label class="check"><input type="checkbox" name="${name}"${s[name] ? " checked" : ""}> ${label}</label>${
      help ? `<p class="help muted">${help}</p>` : ""
    }`;
  main.innerHTML = `<div class="settings-page"><h1>Settings</h1>${languagePickerMarkup(me.locale)}
    <form class="card settings-form">
      <fieldset><legend>Theme</legend>${radio("theme", "auto", "Follow the system")}${radio("theme", "light", "Light")}${radio("theme", "dark", "Dark")}</fieldset>
      <fieldset class="tileset-choice"><legend>Tile set</legend>${Object.entries(TILE_SETS)
        .map(([id, set]) => `${radio("tileset", id, set.name)}<p class="help muted">${set.about}</p>`)
        .join("")}</fieldset>
      <fieldset><legend>Tiles</legend>
        ${check("contrast", "High contrast", "Pure white faces, saturated colours and strong outlines.")}
        ${check("marks", "Number and letter marks on every tile", "5B = 5 of Bamboo, 3D = 3 of Dots, 7C = 7 of Characters, E S W N winds, R G Wh dragons, F1–F4 flowers, Sp Su Au Wi seasons, ● black and ○ white.")}
        ${check("partners", "Highlight possible partners and free tiles when a tile is selected (Mahjong Solitaire, Black &amp; White)")}
        ${check("shisenPartners", "Highlight possible partners in Shisen-Sho", SETTINGS_HELP.shisenPartners)}
        <div class="preview" aria-label="Preview">${["5s", "3p", "7m", "1z", "6z", "2f", "b9p", "w9p"].map((c) => tilePicture(c)).join("")}</div>
      </fieldset>
      <fieldset><legend>Board size</legend>${radio("zoom", "auto", "Choose for me: the whole board while tiles stay readable, else Readable Zoom")}${radio(
        "zoom",
        "fit",
        "Fit the whole board to the screen",
      )}${radio("zoom", "readable", "Readable Zoom: large tiles, the board scrolls")}</fieldset>
      <fieldset><legend>Sound</legend>
        ${check("sound", "Snap sound on a match")}
        ${check("ambient", "Calm ambient background", "Off by default; starts after your next click or key press.")}
        <button type="button" class="test-sound">Play the snap</button>
      </fieldset>
      <fieldset><legend>Animations</legend>${radio("animations", "system", "Follow the system (reduced motion respected)")}${radio(
        "animations",
        "on",
        "On",
      )}${radio("animations", "off", "Off")}</fieldset>
      <p class="saved muted" role="status"></p>
    </form><p class="card"><a href="/devices" data-link>My player: use it on another device, download or delete its history</a></p></div>`;
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
    form.querySelector(".saved").textContent = "Saved in this browser.";
  });
  form.querySelector(".test-sound").addEventListener("click", () => snap());
  mountLanguagePicker(main);
}
