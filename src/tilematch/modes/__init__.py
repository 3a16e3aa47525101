"""Game modes: sessions, clocks, score ledgers and replays (pure, no I/O).

>>> from tilematch.modes import Settings, new_session
>>> session = new_session(Settings(game="shisensho", mode="classic", seed=7), now=0.0)
>>> session.view(now=0.0)["counters"]["tiles_left"]
136

Every mode of docs/rules.md §2-§4 is a :class:`Session` subclass that registers itself in
:data:`SESSION_TYPES` (:mod:`tilematch.modes.registry`) and checks its own
:class:`Settings`; :mod:`tilematch.modes.duel` holds the Speed Duel core,
:mod:`tilematch.modes.daily` the Daily Challenge calendar and
:mod:`tilematch.modes.tower` the Emperor's Tower table.
"""

from __future__ import annotations

from typing import Any

from tilematch.modes.blackwhite import Countdown, Tower, Zen
from tilematch.modes.ledger import Chain, Ledger, Line
from tilematch.modes.registry import MODES, SESSION_TYPES
from tilematch.modes.session import Outcome, Session, new_session
from tilematch.modes.settings import ModeError, Settings
from tilematch.modes.shisensho import Arcade, Classic
from tilematch.modes.solitaire import Daily, Regular


def load_session(data: Any) -> Session:
    """A session rebuilt from :meth:`Session.to_json` output; raises :class:`ModeError`."""
    return Session.from_json(data)


__all__ = [
    "MODES",
    "SESSION_TYPES",
    "Arcade",
    "Chain",
    "Classic",
    "Countdown",
    "Daily",
    "Ledger",
    "Line",
    "ModeError",
    "Outcome",
    "Regular",
    "Session",
    "Settings",
    "Tower",
    "Zen",
    "load_session",
    "new_session",
]
