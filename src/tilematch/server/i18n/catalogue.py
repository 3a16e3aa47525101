"""The message catalogues: one JSON file per locale and domain, read once."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

from tilematch.server.i18n.formats import format_number, plural_category
from tilematch.server.i18n.pseudo import pseudo_text

#: The locales players can choose, in the order the picker shows them.
LOCALES = ("en", "ja", "zh-Hans", "zh-Hant", "ko", "de", "fr", "es")
DEFAULT_LOCALE = "en"
#: Where the catalogues live: ``<locale>/<domain>.json``.
LOCALES_DIR = Path(__file__).resolve().parent.parent.parent / "locales"

Text = str | dict[str, str]
_PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*)\}")


class MissingMessage(KeyError):
    """A message id that the English catalogue does not have (a programming error)."""


@cache
def catalogue(locale: str) -> dict[str, Text]:
    """Every message of ``locale``, id to text, merged from its domain files; raises
    ``ValueError`` for a locale that is not one of :data:`LOCALES`."""
    if locale not in LOCALES:
        raise ValueError(f"unknown locale {locale!r}; choose one of {', '.join(LOCALES)}")
    messages: dict[str, Text] = {}
    folder = LOCALES_DIR / locale
    for path in sorted(folder.glob("*.json")):
        domain = path.stem
        data = json.loads(path.read_text(encoding="utf-8"))
        for msg_id, text in data.items():
            if not msg_id.startswith(domain + "."):
                raise ValueError(f"{path}: id {msg_id!r} does not start with {domain!r}.")
            messages[msg_id] = text
    return messages


def _fill(locale: str, template: str, params: dict[str, object]) -> str:
    def value(found: re.Match[str]) -> str:
        name = found.group(1)
        if name not in params:
            return found.group(0)
        item = params[name]
        if isinstance(item, bool):
            return str(item)
        if isinstance(item, (int, float)):
            return format_number(locale, item)
        return str(item)

    return _PLACEHOLDER.sub(value, template)


@cache
def pseudo_catalogue() -> dict[str, Text]:
    """Every English message made pseudo (:mod:`tilematch.server.i18n.pseudo`), a plural
    text form by form."""
    made: dict[str, Text] = {}
    for msg_id, text in catalogue(DEFAULT_LOCALE).items():
        if isinstance(text, str):
            made[msg_id] = pseudo_text(text)
        else:
            made[msg_id] = {form: pseudo_text(words) for form, words in text.items()}
    return made


def translate(locale: str, msg_id: str, /, **params: object) -> str:
    """The text of ``msg_id`` in ``locale`` with ``params`` filled in (numbers written
    for the locale; a plural text picks its form by ``count``). A locale without the id
    falls back to English; raises :class:`MissingMessage` when English lacks it too."""
    if locale == "en-XA":  # the pseudo-locale, made from English (i18n.pseudo)
        text = pseudo_catalogue().get(msg_id)
    else:
        text = catalogue(locale).get(msg_id) if locale in LOCALES else None
    if text is None:
        locale_used = DEFAULT_LOCALE
        text = catalogue(DEFAULT_LOCALE).get(msg_id)
        if text is None:
            raise MissingMessage(msg_id)
    else:
        locale_used = locale
    if isinstance(text, dict):
        count = params.get("count", 0)
        number = count if isinstance(count, (int, float)) else 0
        text = text.get(plural_category(locale_used, number)) or text["other"]
    return _fill(locale_used, text, params)
