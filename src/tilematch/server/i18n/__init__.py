"""The player's language: message catalogues, plural rules and number formats.

Every sentence a player reads has a message id (``game.hud.hints_left``) and one text
per locale in ``tilematch/locales/<locale>/<domain>.json``; the domain is the id's first
word. A text is a string with named ``{placeholders}``, or, for a count, an object with
one string per CLDR plural category (``{"one": "{count} tile", "other": "{count} tiles"}``)
chosen by the ``count`` parameter. The page reads the same files (``/locales/<locale>.json``),
so the server and the page say one thing one way.

>>> translate("en", "common.count.tiles", count=1_200)
'1,200 tiles'
>>> translate("de", "common.count.tiles", count=1_200)
'1.200 Steine'
>>> plural_category("fr", 0), plural_category("en", 0), plural_category("ja", 1)
('one', 'other', 'other')
"""

from __future__ import annotations

from tilematch.server.i18n.catalogue import (
    DEFAULT_LOCALE,
    LOCALES,
    MissingMessage,
    catalogue,
    translate,
)
from tilematch.server.i18n.formats import format_number, plural_category
from tilematch.server.i18n.negotiation import negotiate
from tilematch.server.i18n.requests import request_locale

__all__ = [
    "DEFAULT_LOCALE",
    "LOCALES",
    "MissingMessage",
    "catalogue",
    "format_number",
    "negotiate",
    "plural_category",
    "request_locale",
    "translate",
]
