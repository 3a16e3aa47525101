"""Mahjong Solitaire: the regular game and the Daily Challenge (docs/rules.md §3).

Regular play offers New Game and Replay Same Board (new sessions with a new
or the same seed), Undo, Hint and Shuffle without limit, and the counters
Time, Tiles left, Moves, Pairs open, Hints and Undos. When no pair is left the
game waits in the ``"deadlock"`` status, offering Undo, Shuffle, Replay and
Give up; it is won when the board is empty. Each pair scores 100 points.

The Daily Challenge is the same game on the Turtle dealt from the date's seed;
its summary carries the date so results can be kept per day
(:mod:`tilematch.modes.daily`). There help costs: every hint or smart hint
takes back a pair's worth (:data:`daily.HINT_COST`) and every shuffle
:data:`daily.SHUFFLE_COST`, so a board solved by pressing Smart Hint scores
nothing and an aided solve always ranks below every unaided one.
"""

from __future__ import annotations

from typing import Any, ClassVar

from tilematch.modes import daily, deals
from tilematch.modes.session import Outcome, Session
from tilematch.modes.settings import (
    ModeError,
    Settings,
    check_date,
    refuse_custom,
    refuse_date,
    refuse_difficulty,
    refuse_grid,
    refuse_level,
    settle_layout,
)
from tilematch.modes.views import Event, ModeSummary


class Regular(Session):
    """Mahjong Solitaire on any layout."""

    GAME: ClassVar[str] = "solitaire"
    MODE: ClassVar[str] = "regular"
    #: Every pair scores the same: no combo chain.
    COMBO: ClassVar[bool] = False

    @classmethod
    def settle(cls, settings: Settings) -> Settings:
        """Solitaire settings checked: a built-in layout (the Turtle by default),
        no size, shape, level, date or difficulty."""
        refuse_grid(settings)
        refuse_level(settings)
        fixed = cls.pin(settings)
        refuse_difficulty(fixed)
        return settle_layout(fixed, "turtle")

    @classmethod
    def pin(cls, settings: Settings) -> Settings:
        """The settings with what the mode fixes filled in (nothing, and no date)."""
        refuse_date(settings)
        return settings

    def _on_deadlock(self, now: float, events: list[Event]) -> None:
        self.status = "deadlock"
        events.append({"type": "deadlock", "offer": ["undo", "shuffle", "replay", "give_up"]})

    def replay_settings(self) -> Settings:
        """Settings of a new game on the same board (Replay Same Board)."""
        return self.settings

    def new_game_settings(self, seed: int) -> Settings:
        """Settings of a new game with the same layout and a new ``seed`` (New Game)."""
        if self.settings.mode == "daily":
            return Settings(game="solitaire", mode="regular", layout="turtle", seed=seed)
        return Settings(
            game=self.settings.game,
            mode=self.settings.mode,
            layout=self.settings.layout,
            positions=self.settings.positions,
            seed=seed,
            generator=self.settings.generator,
        )


class Daily(Regular):
    """The Daily Challenge of one date."""

    MODE: ClassVar[str] = "daily"

    @classmethod
    def pin(cls, settings: Settings) -> Settings:
        """The Turtle, the reverse generator, and the seed and generator version
        of the date (:mod:`tilematch.modes.daily`); raises :class:`ModeError` for
        a bad date or a field given with another value."""
        day = check_date(settings.date)
        refuse_custom(settings, "the Daily Challenge")
        if settings.layout not in (None, "turtle"):
            raise ModeError("the Daily Challenge is always played on the Turtle layout")
        if settings.generator != "reverse":
            raise ModeError("the Daily Challenge is always dealt by the reverse generator")
        return settings.pinned(
            f"the Daily Challenge of {day}",
            layout="turtle",
            seed=daily.daily_seed(day),
            version=daily.daily_version(day),
        )

    def _deal(self, index: int) -> deals.Dealt:
        s = self.settings
        assert s.date is not None and s.version is not None  # filled in by validate()
        made = daily.daily_deal(s.date, s.version)
        return deals.Dealt(made.board, list(made.solution), made.version, "turtle")

    def _hint(self, smart: bool) -> Outcome:
        """A hint or smart hint, paid with a ``Hint`` ledger line (``kind`` ``help``)."""
        outcome = super()._hint(smart)
        if outcome.ok:
            key = "ledger.smart_hint" if smart else "ledger.hint"
            at = self.clock.elapsed(self._now)
            self.ledger.add(key, -daily.HINT_COST, kind="help", at=at)
        return outcome

    def _shuffle_cost(self, at: float, voluntary: bool, events: list[Event]) -> None:
        self.ledger.add("ledger.shuffle", -daily.SHUFFLE_COST, kind="help", at=at)

    def _extra_summary(self, now: float) -> ModeSummary:
        return {"date": self.settings.date, "solved": self.status == "won"}

    def result(self) -> dict[str, Any] | None:
        """``{"date", "solved", "score", "time", "hints", "undos", "shuffles"}`` once the
        game is over."""
        if self.summary is None:
            return None
        return {
            "date": self.settings.date,
            "solved": self.status == "won",
            "score": self.score,
            "time": self.summary["time"],
            "hints": self.hints,
            "undos": self.undos,
            "shuffles": self.shuffles,
        }
