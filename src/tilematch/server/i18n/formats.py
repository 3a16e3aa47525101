"""CLDR plural categories and number formats for the eight locales, as the page's
``Intl.PluralRules`` and ``Intl.NumberFormat`` give them (a test compares the two)."""

from __future__ import annotations

#: Thousands separator, decimal separator and the fewest digits before grouping starts.
_NUMBERS: dict[str, tuple[str, str, int]] = {
    "en": (",", ".", 1),
    "ja": (",", ".", 1),
    "zh-Hans": (",", ".", 1),
    "zh-Hant": (",", ".", 1),
    "ko": (",", ".", 1),
    "de": (".", ",", 1),
    "fr": ("\u202f", ",", 1),
    "es": (".", ",", 2),
}


def _language(locale: str) -> str:
    return locale.split("-")[0]


def plural_category(locale: str, n: float) -> str:
    """The CLDR plural category (``"one"``, ``"many"`` or ``"other"``) of ``n`` in
    ``locale``; Japanese, Chinese and Korean have only ``"other"``."""
    language = _language(locale)
    whole = float(n).is_integer()
    i = int(abs(n))
    if language in ("ja", "zh", "ko"):
        return "other"
    if language in ("en", "de"):
        return "one" if whole and i == 1 else "other"
    if language == "fr":
        if i in (0, 1):
            return "one"
        return "many" if whole and i % 1_000_000 == 0 else "other"
    if language == "es":
        if whole and i == 1:
            return "one"
        return "many" if whole and i != 0 and i % 1_000_000 == 0 else "other"
    return "one" if whole and i == 1 else "other"


def format_number(locale: str, n: float, *, decimals: int | None = None) -> str:
    """``n`` written for ``locale``: grouped thousands and the locale's decimal mark
    (``1,234.5`` in English, ``1.234,5`` in German, ``1 234,5`` in French). Integers
    keep no decimals; other numbers keep ``decimals`` places (up to 3 when not given,
    trailing zeros dropped)."""
    group, point, min_grouping = _NUMBERS.get(locale, _NUMBERS["en"])
    negative = n < 0
    n = abs(n)
    if isinstance(n, int) or (decimals is None and float(n).is_integer()):
        whole, fraction = str(int(n)), ""
    else:
        text = f"{n:.{3 if decimals is None else decimals}f}"
        whole, fraction = text.split(".")
        if decimals is None:
            fraction = fraction.rstrip("0")
    if len(whole) >= 4 + (min_grouping - 1):
        groups: list[str] = []
        while len(whole) > 3:
            groups.insert(0, whole[-3:])
            whole = whole[:-3]
        whole = group.join([whole, *groups])
    text = whole + (point + fraction if fraction else "")
    return "-" + text if negative else text
