"""The name a reader sees for a player who chose none, in the reader's language.

The server stores no name for such a player (``players.name`` is ``NULL``); a
leaderboard line is named at the edge, where the reader's locale is known.

>>> anonymous("ja"), anonymous("de")
('名無し', 'Anonym')
"""

from __future__ import annotations

from typing import Any

from tilematch.server.i18n import translate


def anonymous(locale: str) -> str:
    """The name of a player without one (``Anonymous``) in ``locale``."""
    return translate(locale, "common.player.anonymous")


def named(locale: str, entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``entries`` with each missing ``name`` said in ``locale``."""
    return [{**entry, "name": entry["name"] or anonymous(locale)} for entry in entries]
