"""The pseudo-locale ``en-XA``: English made visibly foreign for testing the layout.

Every letter carries an accent, every text is 40 % longer and stands in brackets
(``⟦Šéţţîñĝš····⟧``), so a text cut off or left untranslated shows at once. It is
made from the English catalogue on the fly (``catalogue.pseudo_catalogue``) and
offered only when the server's ``pseudo_locale`` setting is on
(``TILEMATCH_PSEUDO_LOCALE=1``) and the browser asks for it first; players never see
it in the picker.
"""

from __future__ import annotations

import math
import re

PSEUDO_LOCALE = "en-XA"
#: How much longer a pseudo text is than its English (German runs about this long).
GROWTH = 0.4

_ACCENTED = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "àƀçđéƒĝĥîĵķĺɱñöþǫŕšţûṽŵẋýžÀƁÇĐÉƑĜĤÎĴĶĹṀÑÖÞǪŔŠŢÛṼŴẊÝŽ",
)
_PLACEHOLDER = re.compile(r"(\{[a-z_][a-z0-9_]*\})")


def pseudo_text(text: str) -> str:
    """``text`` with accented letters (placeholders kept), padded 40 % longer with
    ``·`` and bracketed.

    >>> pseudo_text("Play {n}")
    '⟦Þĺàý {n}····⟧'
    """
    parts = _PLACEHOLDER.split(text)
    accented = "".join(
        part if _PLACEHOLDER.fullmatch(part) else part.translate(_ACCENTED) for part in parts
    )
    padding = "·" * math.ceil(len(text) * GROWTH)
    return f"⟦{accented}{padding}⟧"
