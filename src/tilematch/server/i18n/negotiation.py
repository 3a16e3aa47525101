"""Which locale a request is answered in: the player's setting, else the best match of
the browser's ``Accept-Language``, else English."""

from __future__ import annotations

import re

from tilematch.server.i18n.catalogue import DEFAULT_LOCALE, LOCALES

#: Language tags that name one of our locales without a script subtag.
_ALIASES = {
    "zh": "zh-Hans",
    "zh-cn": "zh-Hans",
    "zh-sg": "zh-Hans",
    "zh-my": "zh-Hans",
    "zh-tw": "zh-Hant",
    "zh-hk": "zh-Hant",
    "zh-mo": "zh-Hant",
}


def match(tag: str) -> str | None:
    """The locale of ours that a BCP 47 tag names (``"ja-JP"`` is ``"ja"``, ``"zh-TW"``
    is ``"zh-Hant"``), or ``None``."""
    tag = tag.strip().replace("_", "-").lower()
    if not tag or tag == "*":
        return None
    for locale in LOCALES:
        if tag == locale.lower():
            return locale
    parts = tag.split("-")
    if parts[0] == "zh":
        for size in range(len(parts), 0, -1):
            prefix = "-".join(parts[:size])
            if prefix in ("zh-hans", "zh-hant"):
                return "zh-Hans" if prefix == "zh-hans" else "zh-Hant"
            if prefix in _ALIASES:
                return _ALIASES[prefix]
        return None
    for locale in LOCALES:
        if parts[0] == locale.lower():
            return locale
    return None


#: A quality value as RFC 9110 writes it: 0 to 1 with at most three decimals.
_QUALITY = re.compile(r"(?:0(?:\.[0-9]{0,3})?|1(?:\.0{0,3})?)")
#: The most of a header that is read (a longer one is cut, never an error).
HEADER_MAX = 1024


def parse_accept_language(header: str, *, limit: int = 32) -> list[str]:
    """Our locales named by an ``Accept-Language`` header, best first. Only the first
    :data:`HEADER_MAX` characters and ``limit`` entries are read, so a hostile header
    costs bounded time; a malformed entry (a quality that is not RFC 9110's ``0`` to
    ``1`` with up to three decimals) is skipped, never an error."""
    weighted: list[tuple[float, int, str]] = []
    for position, item in enumerate(header[:HEADER_MAX].split(",", limit)[:limit]):
        tag, _, rest = item.partition(";")
        quality = 1.0
        name, _, value = rest.partition("=")
        if rest.strip():
            if name.strip().lower() != "q" or not _QUALITY.fullmatch(value.strip()):
                continue
            quality = float(value)
        if quality == 0:
            continue
        locale = match(tag)
        if locale is not None:
            weighted.append((-quality, position, locale))
    seen: list[str] = []
    for _, _, locale in sorted(weighted):
        if locale not in seen:
            seen.append(locale)
    return seen


def negotiate(setting: str | None, accept_language: str | None) -> str:
    """The locale to answer in: ``setting`` when it is one of ours, else the best of
    ``accept_language``, else :data:`DEFAULT_LOCALE`."""
    if setting:
        chosen = match(setting)
        if chosen is not None:
            return chosen
    if accept_language:
        offered = parse_accept_language(accept_language)
        if offered:
            return offered[0]
    return DEFAULT_LOCALE
