"""Game modes: sessions, clocks, score ledgers and replays (pure, no I/O).

>>> from tilematch.modes import Settings, new_session
>>> session = new_session(Settings(game="shisensho", mode="classic", seed=7), now=0.0)
>>> session.view(now=0.0)["counters"]["tiles_left"]
136

Every mode of SPEC §2-§4 is a :class:`Session` subclass registered in
:data:`SESSION_TYPES`; :mod:`tilematch.modes.duel` holds the Speed Duel core,
:mod:`tilematch.modes.daily` the Daily Challenge calendar and
:mod:`tilematch.modes.tower` the Emperor's Tower table.
"""

from __future__ import annotations

from typing import Any, Final

from tilematch.modes.blackwhite import Countdown, Tower, Zen
from tilematch.modes.ledger import Chain, Ledger, Line
from tilematch.modes.session import MODES, ModeError, Outcome, Session, Settings
from tilematch.modes.shisensho import Arcade, Classic
from tilematch.modes.solitaire import Daily, Regular

#: ``(game, mode)`` -> the session class that plays it.
SESSION_TYPES: Final[dict[tuple[str, str], type[Session]]] = {
    (cls.GAME, cls.MODE): cls for cls in (Classic, Arcade, Regular, Daily, Zen, Countdown, Tower)
}


def new_session(settings: Settings, now: float) -> Session:
    """A new game of ``settings`` whose clock starts at ``now``.

    Raises :class:`ModeError` when the settings are invalid (the message names
    the problem).
    """
    fixed = settings.validate()
    return SESSION_TYPES[(fixed.game, fixed.mode)](fixed, now)


def load_session(data: Any) -> Session:
    """A session rebuilt from :meth:`Session.to_json` output; raises :class:`ModeError`."""
    return Session.from_json(data)


__all__ = [
    "MODES",
    "SESSION_TYPES",
    "Chain",
    "Ledger",
    "Line",
    "ModeError",
    "Outcome",
    "Session",
    "Settings",
    "load_session",
    "new_session",
]
