"""The page's shell (``index.html``) in one locale: ``<html lang>`` and the texts marked
``data-i18n="<id>"`` (an element's text) or ``data-i18n-label="<id>"`` (its
``aria-label``), so that the first paint is already in the player's language. The page
translates the same marks again when the player changes the language."""

from __future__ import annotations

import html
import re
from functools import lru_cache

from tilematch.server.i18n.catalogue import translate

_TEXT = re.compile(r'(<[^<>]*\bdata-i18n="([a-z0-9_.]+)"[^<>]*>)([^<]*)(<)')
_LABEL = re.compile(r'\baria-label="[^"]*"(\s+data-i18n-label="([a-z0-9_.]+)")')


def shell_ids(source: str) -> list[str]:
    """The message ids that ``source`` (the shell's HTML) marks, in order."""
    return [m.group(2) for m in _TEXT.finditer(source)] + [
        m.group(2) for m in _LABEL.finditer(source)
    ]


@lru_cache(maxsize=32)
def render_shell(source: str, locale: str) -> str:
    """``source`` with ``<html lang>`` set to ``locale`` and every marked text translated
    (escaped for HTML). Kept per source and locale, so each locale is rendered once."""

    def text(found: re.Match[str]) -> str:
        words = html.escape(translate(locale, found.group(2)), quote=False)
        return found.group(1) + words + found.group(4)

    def label(found: re.Match[str]) -> str:
        words = html.escape(translate(locale, found.group(2)), quote=True)
        return f'aria-label="{words}"' + found.group(1)

    rendered = source.replace('<html lang="en">', f'<html lang="{locale}">', 1)
    return _LABEL.sub(label, _TEXT.sub(text, rendered))
