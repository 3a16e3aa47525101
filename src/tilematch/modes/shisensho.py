"""Shisen-Sho modes: Classic and Arcade Time Attack (docs/rules.md §2).

Classic: 3 reshuffle tokens; +100 x chain multiplier (capped at 4) per pair;
speed bonus +15 per whole second under 600 s x tiles / 136; -500 per
reshuffle; +2,000 for a perfect clear (no reshuffle, hint or undo). A deadlock
offers a reshuffle while tokens remain and loses the game when none do.

Arcade Time Attack: 180 s countdown, +2 s per match, Feather multiplier
(chain capped at 8), +1,000 and a new board per clear, automatic reshuffle
costing 5 s on deadlock; when the time runs out the score stands.
"""

from __future__ import annotations

import math
from typing import Any, ClassVar

from tilematch.modes.session import Session
from tilematch.modes.settings import Settings, settle_grid
from tilematch.modes.views import Event, ModeCounters, ModeSummary

TOKENS = 3
PAIR_POINTS = 100
CLASSIC_CAP = 4
SPEED_BONUS_PER_SECOND = 15
TARGET_SECONDS_PER_136 = 600.0
RESHUFFLE_PENALTY = -500
PERFECT_BONUS = 2_000

ARCADE_SECONDS = 180.0
ARCADE_SECONDS_PER_MATCH = 2.0
ARCADE_CAP = 8
ARCADE_CLEAR_BONUS = 1_000
ARCADE_RESHUFFLE_SECONDS = -5.0


def target_time(tiles: int) -> float:
    """The Classic target time in seconds for a board of ``tiles`` tiles."""
    return TARGET_SECONDS_PER_136 * tiles / 136


class ShisenSho(Session):
    """What the Shisen-Sho modes share: a board of a size or a shape."""

    GAME: ClassVar[str] = "shisensho"
    #: Shisen-Sho adds partner highlighting, an unlimited hint counted as one.
    OFFERS: ClassVar[tuple[str, ...]] = (*Session.OFFERS, "partners")

    @classmethod
    def settle(cls, settings: Settings) -> Settings:
        """Shisen-Sho settings checked (:func:`~tilematch.modes.settings.settle_grid`)."""
        return settle_grid(settings)

    def _add_pair(self, at: float) -> None:
        """The ``Pair xN`` line of a match at playing time ``at`` (N: the chain's multiplier)."""
        multiplier = self.chain.multiplier()
        self.ledger.add(
            "ledger.pair_times", PAIR_POINTS * multiplier, kind="pair", at=at, multiplier=multiplier
        )


class Classic(ShisenSho):
    """Shisen-Sho Classic."""

    MODE: ClassVar[str] = "classic"
    CHAIN_CAP: ClassVar[int | None] = CLASSIC_CAP

    def _setup(self) -> None:
        self.tokens = TOKENS

    def _score_match(self, at: float, events: list[Event]) -> dict[str, Any]:
        self._add_pair(at)
        return {}

    def _on_deadlock(self, now: float, events: list[Event]) -> None:
        if self.tokens > 0:
            self.status = "deadlock"
            events.append({"type": "deadlock", "offer": ["shuffle", "undo", "give_up"]})
            return
        events.append({"type": "deadlock", "offer": []})
        self._finish("lost", now, events)

    def _check_shuffle(self) -> str | None:
        return "no tokens" if self.tokens <= 0 else None

    def _shuffle_cost(self, at: float, voluntary: bool, events: list[Event]) -> None:
        self.tokens -= 1
        self.ledger.add("ledger.reshuffle", RESHUFFLE_PENALTY, kind="reshuffle", at=at)

    def perfect(self) -> bool:
        """True while the game qualifies for the perfect clear bonus."""
        return self.shuffles == 0 and self.hints == 0 and self.undos == 0

    def _on_finish(self, status: str, now: float, events: list[Event]) -> None:
        if status != "won":
            return
        at = self.clock.elapsed(now)
        under = math.floor(target_time(self.tiles_total) - at + 1e-9)
        if under > 0:
            self.ledger.add(
                "ledger.speed_bonus",
                SPEED_BONUS_PER_SECOND * under,
                kind="speed",
                at=at,
                count=under,
            )
        if self.perfect():
            self.ledger.add("ledger.perfect", PERFECT_BONUS, kind="perfect", at=at)

    def _extra_counters(self, now: float) -> ModeCounters:
        return {"tokens": self.tokens, "target": round(target_time(self.tiles_total), 3)}

    def _extra_summary(self, now: float) -> ModeSummary:
        return {
            "tokens_left": self.tokens,
            "perfect": self.status == "won" and self.perfect(),
            "partner_help": self.partner_help,
        }


class Arcade(ShisenSho):
    """Shisen-Sho Arcade Time Attack."""

    MODE: ClassVar[str] = "arcade"
    CHAIN_CAP: ClassVar[int | None] = ARCADE_CAP
    #: Time Attack has no undo, redo or voluntary shuffle.
    OFFERS: ClassVar[tuple[str, ...]] = ("hint", "smart_hint", "partners")

    def _limit(self) -> float | None:
        return ARCADE_SECONDS

    def _score_match(self, at: float, events: list[Event]) -> dict[str, Any]:
        self._add_pair(at)
        self.clock.adjust(ARCADE_SECONDS_PER_MATCH)
        events.append({"type": "time", "seconds": ARCADE_SECONDS_PER_MATCH})
        return {}

    def _on_clear(self, now: float, events: list[Event]) -> None:
        at = self.clock.elapsed(now)
        self.boards += 1
        self.ledger.add("ledger.cleared", ARCADE_CLEAR_BONUS, kind="clear", at=at)
        self._adopt(self._deal(self.boards))
        self._forget_moves()
        events.append({"type": "new_board", "board": self.boards + 1})

    def _on_deadlock(self, now: float, events: list[Event]) -> None:
        events.append({"type": "deadlock", "offer": []})
        self._shuffle(now, False, events)

    def _shuffle_cost(self, at: float, voluntary: bool, events: list[Event]) -> None:
        self.clock.adjust(ARCADE_RESHUFFLE_SECONDS)
        events.append({"type": "time", "seconds": ARCADE_RESHUFFLE_SECONDS})

    def _check_undo(self) -> str | None:
        return "not allowed"

    def _check_shuffle(self) -> str | None:
        return "not allowed"

    def _on_expire(self, end: float, events: list[Event]) -> None:
        events.append({"type": "time_up"})
        self._finish("won", end, events)

    def _extra_counters(self, now: float) -> ModeCounters:
        return {"boards_cleared": self.boards}

    def _extra_summary(self, now: float) -> ModeSummary:
        reason = "time" if self.status == "won" else self.status
        return {"boards_cleared": self.boards, "reason": reason, "partner_help": self.partner_help}
