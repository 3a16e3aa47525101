"""Which session class plays each game and mode.

Every :class:`~tilematch.modes.session.Session` subclass that names a game and
a mode adds itself to :data:`SESSION_TYPES` when it is defined;
:meth:`Settings.validate <tilematch.modes.settings.Settings.validate>`, the
package's ``new_session`` and saved-game replays look modes up here, so the
base classes import no mode.
"""

from __future__ import annotations

from typing import Any, Final

#: The games and their modes, in the order they are offered
#: (``shisensho/duel`` is :mod:`tilematch.modes.duel`).
MODES: Final[dict[str, tuple[str, ...]]] = {
    "shisensho": ("classic", "arcade"),
    "solitaire": ("regular", "daily"),
    "blackwhite": ("zen", "countdown", "tower"),
}

#: ``(game, mode)`` -> the session class that plays it.
SESSION_TYPES: Final[dict[tuple[str, str], Any]] = {}


def register(cls: type[Any], game: str, mode: str) -> None:
    """Record ``cls`` as the session class of ``game``/``mode``; raises
    ``ValueError`` for a game or mode not in :data:`MODES`, or one taken."""
    if mode not in MODES.get(game, ()):
        raise ValueError(f"{game}/{mode} is not a mode of tilematch")
    if (game, mode) in SESSION_TYPES:
        raise ValueError(f"{game}/{mode} already has a session class")
    SESSION_TYPES[(game, mode)] = cls


def session_type(game: str, mode: str) -> Any:
    """The session class of ``game``/``mode``; raises ``KeyError`` when there is none."""
    return SESSION_TYPES[(game, mode)]
