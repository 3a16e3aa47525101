// @ts-check
// My player: use it on another device (a one-time code and its QR code), keep its
// history (export files) and delete it (after typing the confirmation word).
// The server makes and checks the codes and does the deleting; this page shows them.

import { api } from "../api.js";
import { announce, esc } from "../dom.js";
import { locale, t } from "../i18n.js";

/** Every sentence of the page, in one place, read from the catalogue when used. */
const WORDS = {
  get title() {
    return t("pages.devices.title");
  },
  get intro() {
    return t("pages.devices.intro");
  },
  get devicesTitle() {
    return t("pages.devices.link_title");
  },
  get devicesHelp() {
    return t("pages.devices.link_help");
  },
  get makeCode() {
    return t("pages.devices.make_code");
  },
  get makeAnother() {
    return t("pages.devices.make_another");
  },
  get codeLabel() {
    return t("pages.devices.code_label");
  },
  get qrAlt() {
    return t("pages.devices.qr_alt");
  },
  get typeAt() {
    return t("pages.devices.type_at");
  },
  get exportTitle() {
    return t("pages.devices.export_title");
  },
  get exportHelp() {
    return t("pages.devices.export_help");
  },
  get exportJson() {
    return t("pages.devices.export_json");
  },
  get exportCsv() {
    return t("pages.devices.export_csv");
  },
  get deleteTitle() {
    return t("pages.devices.delete_title");
  },
  get deleteHelp() {
    return t("pages.devices.delete_help");
  },
  get deleteOpen() {
    return t("pages.devices.delete_open");
  },
  get dialogTitle() {
    return t("pages.devices.dialog_title");
  },
  get dialogField() {
    return t("pages.devices.dialog_field");
  },
  get dialogConfirm() {
    return t("pages.devices.dialog_confirm");
  },
  get dialogCancel() {
    return t("pages.devices.dialog_cancel");
  },
  get deleted() {
    return t("pages.devices.deleted");
  },
  get working() {
    return t("pages.devices.working");
  },
  get backHome() {
    return t("pages.devices.back_home");
  },
  /** @param {string} until @param {number} minutes */
  codeRule: (until, minutes) => t("pages.devices.code_rule", { until, count: minutes }),
  /** @param {string} word */
  dialogAsk: (word) => t("pages.devices.dialog_ask", { word }),
};

/** The word the server takes as the confirmation (docs/api.md). */
const CONFIRM_WORD = "delete";

/** A code shown in two groups of four, easier to read and type. @param {string} code */
export function groupCode(code) {
  return code.length === 8 ? `${code.slice(0, 4)} ${code.slice(4)}` : code;
}

/** An SVG document as an image address (the page's policy allows data: images). @param {string} svg */
function svgImage(svg) {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** @param {HTMLElement} box @param {any} made */
function showCode(box, made) {
  const until = new Date(Date.now() + made.lifetime * 1000).toLocaleTimeString(locale(), { timeStyle: "short" });
  const address = new URL("/link", location.href).href;
  box.innerHTML = `<div class="link-code">
      <img class="link-qr" src="${svgImage(made.qr_svg)}" alt="${esc(WORDS.qrAlt)}" width="148" height="148">
      <div><p class="muted">${esc(WORDS.codeLabel)}</p>
        <p class="code-text" aria-label="${esc(made.code.split("").join(" "))}">${esc(groupCode(made.code))}</p>
        <p>${esc(WORDS.codeRule(until, Math.round(made.lifetime / 60)))}</p>
        <p class="muted">${esc(WORDS.typeAt)} <a href="/link" data-link>${esc(address)}</a></p></div>
    </div>`;
}

/** @param {HTMLElement} main */
export default async function devices(main) {
  main.innerHTML = `<div class="devices-page"><h1>${esc(WORDS.title)}</h1>
    <p class="muted">${esc(WORDS.intro)}</p>
    <section class="card" aria-labelledby="devices-title"><h2 id="devices-title">${esc(WORDS.devicesTitle)}</h2>
      <p>${esc(WORDS.devicesHelp)}</p>
      <button type="button" class="primary make-code">${esc(WORDS.makeCode)}</button>
      <p class="code-status" role="status"></p>
      <div class="code-box" aria-live="polite"></div>
    </section>
    <section class="card" aria-labelledby="export-title"><h2 id="export-title">${esc(WORDS.exportTitle)}</h2>
      <p>${esc(WORDS.exportHelp)}</p>
      <p class="export-links"><a class="button" href="/api/me/export.json" download>${esc(WORDS.exportJson)}</a>
        <a class="button" href="/api/me/export.csv" download>${esc(WORDS.exportCsv)}</a></p>
    </section>
    <section class="card danger-zone" aria-labelledby="delete-title"><h2 id="delete-title">${esc(WORDS.deleteTitle)}</h2>
      <p>${esc(WORDS.deleteHelp)}</p>
      <button type="button" class="danger open-delete">${esc(WORDS.deleteOpen)}</button>
    </section>
    <dialog class="delete-dialog" aria-labelledby="delete-dialog-title">
      <form method="dialog" class="delete-form">
        <h2 id="delete-dialog-title">${esc(WORDS.dialogTitle)}</h2>
        <p>${esc(WORDS.dialogAsk(CONFIRM_WORD))}</p>
        <label>${esc(WORDS.dialogField)} <input name="confirm" autocomplete="off" autocapitalize="off" spellcheck="false" required></label>
        <p class="delete-status" role="alert"></p>
        <div class="actions"><button type="submit" class="danger confirm-delete" value="delete" disabled>${esc(WORDS.dialogConfirm)}</button>
          <button type="button" class="cancel-delete">${esc(WORDS.dialogCancel)}</button></div>
      </form>
    </dialog></div>`;
  const q = (/** @type {string} */ selector) => /** @type {HTMLElement} */ (main.querySelector(selector));
  const make = /** @type {HTMLButtonElement} */ (q(".make-code"));
  make.addEventListener("click", async () => {
    make.disabled = true;
    q(".code-status").textContent = WORDS.working;
    try {
      const made = await api.linkCode();
      showCode(q(".code-box"), made);
      q(".code-status").textContent = "";
      make.textContent = WORDS.makeAnother;
    } catch (error) {
      q(".code-status").textContent = /** @type {Error} */ (error).message;
    } finally {
      make.disabled = false;
    }
  });

  const dialog = /** @type {HTMLDialogElement} */ (q(".delete-dialog"));
  const form = /** @type {HTMLFormElement} */ (q(".delete-form"));
  const field = /** @type {HTMLInputElement} */ (form.elements.namedItem("confirm"));
  const confirm = /** @type {HTMLButtonElement} */ (q(".confirm-delete"));
  q(".open-delete").addEventListener("click", () => {
    field.value = "";
    confirm.disabled = true;
    q(".delete-status").textContent = "";
    dialog.showModal();
    field.focus();
  });
  field.addEventListener("input", () => {
    confirm.disabled = field.value.trim().toLowerCase() !== CONFIRM_WORD;
  });
  q(".cancel-delete").addEventListener("click", () => dialog.close());
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    confirm.disabled = true;
    try {
      await api.deleteMe(field.value.trim());
      dialog.close();
      main.innerHTML = `<div class="card" role="status"><h1>${esc(WORDS.deleteTitle)}</h1><p>${esc(WORDS.deleted)}</p>
        <p><a href="/" data-link>${esc(WORDS.backHome)}</a></p></div>`;
      announce(WORDS.deleted);
    } catch (error) {
      q(".delete-status").textContent = /** @type {Error} */ (error).message;
      confirm.disabled = false;
    }
  });
}
