// @ts-check
// Layout files in and out: read a dropped or chosen file and send it to the server to
// read (POST /api/layouts/import); ask the server for a file in a format and save it
// (POST /api/layouts/export). The page never parses a layout format itself.

import { api, ApiError } from "../api.js";
import { TEXT } from "./texts.js";

/** The largest file the page sends to be read, in characters. */
export const MAX_FILE = 1_000_000;

/**
 * What the server read from a layout file: name, title, format, positions, warnings.
 * @param {File} file
 */
export async function importFile(file) {
  if (file.size > MAX_FILE) throw new ApiError(413, "file_too_large", TEXT.tooLarge(file.name, MAX_FILE));
  const text = await file.text();
  return api.importLayout(file.name, text);
}

/**
 * Ask the server for the layout in `format` and save the file it sends.
 * @param {string} format @param {string} name @param {number[][]} positions
 */
export async function exportFile(format, name, positions) {
  const response = await fetch("/api/layouts/export", {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ format, name, positions }),
  });
  if (!response.ok) {
    let error = {};
    try {
      error = (await response.json()).error || {};
    } catch {
      /* no JSON body */
    }
    throw new ApiError(response.status, error.code || "http", error.message || TEXT.serverAnswered(response.status));
  }
  const disposition = response.headers.get("content-disposition") || "";
  const found = /filename="?([^";]+)"?/.exec(disposition);
  const filename = found ? found[1] : `${name}.${format}`;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return filename;
}
