"""The server's door to the rules of solo games: :mod:`tilematch.modes`.

Routes never decide a rule. They build settings from a request, start and
restore sessions, and read the views the sessions produce, all through a
:class:`Rules` object. :class:`ModesRules` is the real one; tests may pass
another object with the same methods to :func:`tilematch.server.create_app`.

The rest of the server uses the rules' own modules where it needs their
concrete types: the duel package plays a :class:`tilematch.modes.duel.DuelGame`
per room, and the reference routes and Learn examples read the engine's
layouts, shapes, tiles and boards.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol


class RuleError(ValueError):
    """Settings the rules refuse; the message is for players. A refusal of a fixed
    ``kind`` carries it with its ``figures`` (those of the rules' own error)."""

    def __init__(self, message: str, kind: str | None = None, **figures: object) -> None:
        super().__init__(message)
        self.kind = kind
        self.figures = figures


class GameSession(Protocol):
    """The part of a ``tilematch.modes`` session the server uses."""

    def act(self, intent: dict[str, Any], now: float) -> Any: ...
    def view(self, now: float) -> dict[str, Any]: ...
    def tick(self, now: float) -> Any: ...
    def to_json(self) -> dict[str, Any]: ...


class Rules(Protocol):
    """Everything the server asks of the rules."""

    def settings(self, fields: Mapping[str, Any]) -> Any:
        """Validated settings from request fields; raises :class:`RuleError`."""
        ...

    def settings_to_json(self, settings: Any) -> dict[str, Any]: ...
    def settings_from_json(self, data: Mapping[str, Any]) -> Any: ...
    def new_session(self, settings: Any, now: float) -> GameSession: ...
    def restore(self, data: dict[str, Any]) -> GameSession: ...
    def spot_count(self, session: GameSession) -> int | None: ...
    def brief(self, session: GameSession) -> tuple[str, int, int | None]: ...
    def expired(self, session: GameSession, now: float) -> bool | None: ...
    def daily_settings(self, date: str) -> Any: ...
    def streaks(self, streak_days: Sequence[str], today: str) -> tuple[int, int]: ...
    def daily_history(self, results: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]: ...
    def check_offset(self, minutes: int) -> int: ...
    def local_date(self, at: float, offset: int) -> str: ...
    def tower_levels(self) -> list[dict[str, Any]]: ...
    def tower_unlocked(self, cleared: set[int]) -> set[int]: ...
    def tower_stars(self, view: Mapping[str, Any]) -> int: ...


class ModesRules:
    """:class:`Rules` backed by :mod:`tilematch.modes`."""

    def __init__(self) -> None:
        import tilematch.modes as modes
        import tilematch.modes.daily
        import tilematch.modes.tower  # noqa: F401  (loads the submodule onto ``modes``)

        self.modes: Any = modes

    def _error_types(self) -> tuple[type[BaseException], ...]:
        return (self.modes.ModeError, ValueError, KeyError, TypeError)

    def settings(self, fields: Mapping[str, Any]) -> Any:
        """Validated ``tilematch.modes.Settings`` (defaults filled in)."""
        kwargs = {k: (tuple(v) if isinstance(v, list) else v) for k, v in fields.items()}
        try:
            return self.modes.Settings(**kwargs).validate()
        except self._error_types() as error:
            raise _refusal(error) from None

    def settings_to_json(self, settings: Any) -> dict[str, Any]:
        data: dict[str, Any] = settings.to_json()
        return data

    def settings_from_json(self, data: Mapping[str, Any]) -> Any:
        return self.modes.Settings.from_json(dict(data))

    def new_session(self, settings: Any, now: float) -> GameSession:
        try:
            session: GameSession = self.modes.new_session(settings, now)
        except self._error_types() as error:
            raise _refusal(error) from None
        return session

    def restore(self, data: dict[str, Any]) -> GameSession:
        session: GameSession = self.modes.Session.from_json(data)
        return session

    def spot_count(self, session: GameSession) -> int | None:
        """How many spots the session's board has (occupied or not), if it says."""
        board = getattr(session, "board", None)
        positions = getattr(getattr(board, "layout", None), "positions", None)
        if positions is not None:
            return len(positions)
        rows, cols = getattr(board, "rows", None), getattr(board, "cols", None)
        if isinstance(rows, int) and isinstance(cols, int):
            return rows * cols
        return None

    def brief(self, session: GameSession) -> tuple[str, int, int | None]:
        """``(status, tiles_left, score)`` without building the whole view."""
        board = getattr(session, "board", None)
        occupied = getattr(board, "occupied", None)
        status = getattr(session, "status", None)
        score = getattr(session, "score", None)
        if isinstance(occupied, int) and isinstance(status, str):
            return status, occupied.bit_count(), score if isinstance(score, int) else None
        view = session.view(float(getattr(session, "_now", 0.0)))
        tiles = (view.get("counters") or {}).get("tiles_left", 0)
        return str(view.get("status")), int(tiles), view.get("score")

    def expired(self, session: GameSession, now: float) -> bool | None:
        """Whether ``session.tick(now)`` would end the game (its countdown ran out);
        ``None`` when the session does not say (then the caller ticks to find out)."""
        clock = getattr(session, "clock", None)
        check = getattr(clock, "expired", None)
        finished = getattr(session, "finished", None)
        if check is None or not isinstance(finished, bool):
            return None
        # a ranked game's clock runs on in a pause; a stopped one (Zen) never runs out
        return not finished and bool(check(now))

    def daily_settings(self, date: str) -> Any:
        try:
            return self.modes.daily.settings_for(date)
        except self._error_types() as error:
            raise _refusal(error) from None

    def streaks(self, streak_days: Sequence[str], today: str) -> tuple[int, int]:
        """``(current, best)`` runs of consecutive ``streak_days`` (dates with a streak
        solve, the ``on_day`` of :meth:`daily_history`) up to ``today``."""
        current, best = self.modes.daily.streaks(dict.fromkeys(streak_days, True), today)
        return int(current), int(best)

    def daily_history(self, results: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
        """One line per date of finished Daily results, with the best result of each
        and ``on_day`` (the date counts for a streak); see ``modes.daily.history``."""
        lines: list[dict[str, Any]] = self.modes.daily.history(results)
        return lines

    def check_offset(self, minutes: int) -> int:
        """A player's UTC offset in minutes east, checked; raises :class:`RuleError`."""
        try:
            return int(self.modes.daily.check_offset(minutes))
        except self._error_types() as error:
            raise _refusal(error) from None

    def local_date(self, at: float, offset: int) -> str:
        """The player's calendar date at Unix time ``at``, ``offset`` minutes east of UTC."""
        return str(self.modes.daily.local_date(at, offset))

    def tower_levels(self) -> list[dict[str, Any]]:
        return [dict(level.to_json()) for level in self.modes.tower.LEVELS]

    def tower_unlocked(self, cleared: set[int]) -> set[int]:
        return set(self.modes.tower.unlocked(cleared))

    def tower_stars(self, view: Mapping[str, Any]) -> int:
        summary = view.get("summary") or {}
        stars = summary.get("stars")
        return int(stars) if isinstance(stars, int) else 0


def _refusal(error: BaseException) -> RuleError:
    """``error`` of the rules as a :class:`RuleError`, keeping its kind and figures."""
    figures = getattr(error, "figures", None) or {}
    return RuleError(_message(error), getattr(error, "kind", None), **figures)


def _message(error: BaseException) -> str:
    text = str(error.args[0]) if error.args else str(error)
    return text or type(error).__name__
