"""The server's number formats and plural rules are the browser's: Python's
``format_number``/``plural_category`` against Chromium's ``Intl.NumberFormat`` and
``Intl.PluralRules`` for many numbers in every locale."""

from __future__ import annotations

from typing import Any

import pytest

from tilematch.server.i18n import LOCALES, format_number, plural_category

pytestmark = pytest.mark.e2e

NUMBERS: list[float] = [
    *range(0, 130),
    *range(990, 1_030),
    *(10**k for k in range(2, 10)),
    *(2 * 10**k for k in range(5, 9)),
    1_000_001,
    1_234_567,
    12_345,
    99_999,
    -1,
    -1_234,
    0.5,
    1.5,
    2.25,
    1234.5,
    0.125,
    1_000_000.5,
]

IN_BROWSER = """([locales, numbers]) => {
  const out = {};
  for (const locale of locales) {
    const format = new Intl.NumberFormat(locale);
    const plural = new Intl.PluralRules(locale);
    out[locale] = numbers.map((n) => [format.format(n), plural.select(n)]);
  }
  return out;
}"""


def test_numbers_and_plurals_match_the_browser(page: Any) -> None:
    page.goto("/api/ping")
    browser = page.evaluate(IN_BROWSER, [list(LOCALES), NUMBERS])
    wrong = []
    for locale in LOCALES:
        for n, (text, category) in zip(NUMBERS, browser[locale], strict=True):
            ours = (format_number(locale, n), plural_category(locale, n))
            if ours != (text, category):
                wrong.append(f"{locale} {n}: ours {ours}, browser {(text, category)}")
    assert len(NUMBERS) * len(LOCALES) > 1_500
    assert wrong == []
