"""Mahjong Solitaire: the regular game and the Daily Challenge (SPEC §3).

Regular play offers New Game and Replay Same Board (new sessions with a new
or the same seed), Undo, Hint and Shuffle without limit, and the counters
Time, Tiles left, Moves, Pairs open, Hints and Undos. When no pair is left the
game waits in the ``"deadlock"`` status, offering Undo, Shuffle, Replay and
Give up; it is won when the board is empty. Each pair scores 100 points.

The Daily Challenge is the same game on the Turtle dealt from the date's seed;
its summary carries the date so results can be kept per day
(:mod:`tilematch.modes.daily`).
"""

from __future__ import annotations

from typing import Any, ClassVar

from tilematch.modes import deals
from tilematch.modes.session import Session, Settings


class Regular(Session):
    """Mahjong Solitaire on any layout."""

    GAME: ClassVar[str] = "solitaire"
    MODE: ClassVar[str] = "regular"

    def _on_deadlock(self, now: float, events: list[dict[str, Any]]) -> None:
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
            seed=seed,
            generator=self.settings.generator,
        )


class Daily(Regular):
    """The Daily Challenge of one date."""

    MODE: ClassVar[str] = "daily"

    def _deal(self, index: int) -> deals.Dealt:
        s = self.settings
        assert s.date is not None and s.version is not None  # filled in by validate()
        return deals.daily_deal(s.date, s.version)

    def _extra_summary(self, now: float) -> dict[str, Any]:
        return {"date": self.settings.date, "solved": self.status == "won"}

    def result(self) -> dict[str, Any] | None:
        """``{"date", "solved", "time", "hints", "undos"}`` once the game is over."""
        if self.summary is None:
            return None
        return {
            "date": self.settings.date,
            "solved": self.status == "won",
            "time": self.summary["time"],
            "hints": self.hints,
            "undos": self.undos,
        }
