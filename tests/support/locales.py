"""The browser language tag that asks for each of the catalogue's locales (what a
browser of that country sends), for the tests that speak to the server or the page as
such a browser."""

from __future__ import annotations

#: Locale of the catalogue → the language tag of a browser asking for it.
BROWSER_LANGUAGE = {
    "en": "en-GB",
    "ja": "ja-JP",
    "zh-Hans": "zh-CN",
    "zh-Hant": "zh-TW",
    "ko": "ko-KR",
    "de": "de-DE",
    "fr": "fr-FR",
    "es": "es-ES",
}
