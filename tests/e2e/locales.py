"""What of a page is still English in another locale: the harness of the per-locale
sweep (``test_page_locales.py``).

:func:`english_left` reads the page's visible text (and its title) and returns what
reads as English there:

* in Japanese, Chinese and Korean, every Latin word of three letters or more that
  :data:`LATIN_ALLOWED` does not name (the game's name, keys, units);
* in German, French and Spanish, every English catalogue text of two words or more that
  shows verbatim while that locale's text for the same id differs, and every phrase
  with one of the English words of :data:`ENGLISH_WORDS` (the words no sentence of
  those languages uses).
"""

from __future__ import annotations

import re
from typing import Any

from tilematch.server.i18n import catalogue

#: Latin words that may stand in a CJK page: the game's name, key caps, technical names,
#: and program and file-format names (KMahjongg, .layout), the same in every language.
LATIN_ALLOWED = frozenset(
    {
        "tilematch",
        "English",
        "Deutsch",
        "Français",
        "Español",
        "Cookie",
        "GNOME",
        "Mahjongg",
        "KMahjongg",
        "Kyodai",
        "lay",
        "layout",
        "map",
        "JavaScript",
        "Ctrl",
        "Shift",
        "Esc",
        "Escape",
        "Enter",
        "Space",
        "Tab",
        "Home",
        "End",
        "Page",
        "Down",
        "SVG",
        "JSON",
        "CSV",
        "URL",
    }
)
#: English words that no German, French or Spanish sentence uses.
ENGLISH_WORDS = ("the", "and", "with", "your", "you", "this", "tiles", "board", "game", "games")
CJK = ("ja", "zh-Hans", "zh-Hant", "ko")
_PLACEHOLDER = re.compile(r"\{[a-z_][a-z0-9_]*\}")

VISIBLE_TEXT = """() => {
  const parts = [document.title, document.body.innerText];
  for (const dialog of document.querySelectorAll('dialog[open]')) parts.push(dialog.innerText);
  return parts.join('\\n');
}"""


def visible_text(page: Any, selector: str | None = None) -> str:
    """The text a player sees: the whole page and its title, or one part of it."""
    if selector is None:
        return str(page.evaluate(VISIBLE_TEXT))
    return "\n".join(page.locator(selector).all_inner_texts())


def _english_phrases(locale: str) -> list[str]:
    """English texts of two words or more (split at placeholders) whose text in ``locale``
    is another one, longest first."""
    local = catalogue(locale)
    phrases: set[str] = set()
    for msg_id, text in catalogue("en").items():
        english = [text] if isinstance(text, str) else list(text.values())
        theirs = local.get(msg_id)
        theirs_text = " ".join(
            [theirs] if isinstance(theirs, str) else list((theirs or {}).values())
        )
        for form in english:
            for piece in _PLACEHOLDER.split(form):
                piece = piece.strip(" .,:;!?·–—()")
                if len(piece.split()) >= 2 and piece not in theirs_text:
                    phrases.add(piece)
    return sorted(phrases, key=len, reverse=True)


def english_in(text: str, locale: str) -> list[str]:
    """The English in ``text`` (what a player of ``locale`` reads), as found pieces."""
    if locale == "en":
        return []
    if locale in CJK:
        words = re.findall(r"[A-Za-zÀ-ÿ][A-Za-zÀ-ÿ'’]{2,}", text)
        return sorted({word for word in words if word not in LATIN_ALLOWED})
    found = {phrase for phrase in _english_phrases(locale) if phrase in text}
    pattern = r"(?<![\w-])(?:" + "|".join(ENGLISH_WORDS) + r")(?![\w-])"
    for line in text.splitlines():
        if re.search(pattern, line, re.IGNORECASE) and not any(p in line for p in found):
            found.add(line.strip()[:80])
    return sorted(found)


def english_left(page: Any, locale: str, selector: str | None = None) -> list[str]:
    """The English a player of ``locale`` sees on ``page`` (or in its ``selector`` part)."""
    return english_in(visible_text(page, selector), locale)
