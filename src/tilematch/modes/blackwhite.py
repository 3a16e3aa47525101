"""Black & White Mahjong: Zen, Countdown Challenge and Emperor's Tower (docs/rules.md §4).

Scoring (Countdown and Tower): 100 per pair; a *rapid* match (at most 2.0 s
of playing time after the previous one) is step ``k >= 2`` of a chain and
earns +50 x (k - 1) more; on a clear, +20 per whole second left on the
countdown; -500 per shuffle, voluntary or automatic. Each rapid match adds the
difficulty's bonus seconds to the countdown; every 5th rapid match of a chain
recharges a hint, every 10th a shuffle (each store capped at 9).

==================== ======== ======== ==========
difficulty           relaxed  standard zen_master
==================== ======== ======== ==========
countdown per tile   8 s      5 s      3 s
bonus per rapid      +3 s     +2 s     +1 s
hints/shuffles/undos 5/3/5    3/2/3    1/1/1
deadlock             -500     -500     -500, -30 s
deal                 easy     normal   hard
==================== ======== ======== ==========

Zen: no countdown, unlimited hints, shuffles and undos, no penalties; pairs
and combo steps score as above and a deadlock shuffles automatically for free.
Emperor's Tower plays a level of :mod:`tilematch.modes.tower` by the
Countdown rules of its difficulty (dealt as the level says) and awards 1-3 stars.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any, ClassVar, Final

from tilematch.engine.tiles import match_group, split_code, tile_name
from tilematch.modes import deals, tower
from tilematch.modes.session import Session
from tilematch.modes.settings import (
    ModeError,
    Settings,
    refuse_custom,
    refuse_date,
    refuse_difficulty,
    refuse_grid,
    refuse_level,
    settle_layout,
)
from tilematch.modes.views import Event, ModeCounters, ModeSummary

PAIR_POINTS: Final = 100
COMBO_STEP_POINTS: Final = 50
SECOND_LEFT_POINTS: Final = 20
SHUFFLE_PENALTY: Final = -500
STORE_CAP: Final = 9
HINT_EVERY: Final = 5
SHUFFLE_EVERY: Final = 10


@dataclass(frozen=True)
class CountdownLevel:
    """One column of the difficulty table of docs/rules.md §4."""

    name: str
    seconds_per_tile: int
    bonus_seconds: int
    hints: int
    shuffles: int
    undos: int
    deadlock_seconds: int
    deal: str


DIFFICULTY_TABLE: Final[dict[str, CountdownLevel]] = {
    "relaxed": CountdownLevel("relaxed", 8, 3, 5, 3, 5, 0, "easy"),
    "standard": CountdownLevel("standard", 5, 2, 3, 2, 3, 0, "normal"),
    "zen_master": CountdownLevel("zen_master", 3, 1, 1, 1, 1, -30, "hard"),
}
#: The difficulties of Countdown and Emperor's Tower, easiest first.
COUNTDOWN_DIFFICULTIES: Final = tuple(DIFFICULTY_TABLE)


class Zen(Session):
    """Black & White Zen: no clock pressure, nothing limited, nothing lost."""

    GAME: ClassVar[str] = "blackwhite"
    MODE: ClassVar[str] = "zen"
    #: Zen is unhurried: never ranked, so its pause stops the clock for as long as it lasts.
    RANKED: ClassVar[bool] = False

    @classmethod
    def settle(cls, settings: Settings) -> Settings:
        """Black & White settings checked: a built-in layout (:meth:`default_layout`
        when none is named), no size or shape, what the mode fixes
        (:meth:`pin`) and its difficulty (:meth:`settle_difficulty`)."""
        refuse_grid(settings)
        fixed = cls.settle_difficulty(cls.pin(settings))
        return settle_layout(fixed, cls.default_layout())

    @classmethod
    def pin(cls, settings: Settings) -> Settings:
        """The settings with what the mode fixes filled in (nothing: no level, no date)."""
        refuse_level(settings)
        refuse_date(settings)
        return settings

    @classmethod
    def settle_difficulty(cls, settings: Settings) -> Settings:
        """The settings with the mode's difficulty (none in Zen)."""
        refuse_difficulty(settings)
        return settings

    @staticmethod
    def default_layout() -> str:
        """The layout played when none is named: the first of Pyramid, Yin-Yang and
        Tower that is built in, else the Turtle."""
        names = deals.layout_names()
        return next((n for n in ("pyramid", "yin-yang", "tower") if n in names), "turtle")

    def _refusal_words(self, reason: str, a: int, b: int) -> str | None:
        if reason != "not a match":
            return None
        face_a, face_b = self.board.face(a), self.board.face(b)
        return pair_refusal(face_a, face_b) if face_a and face_b else None

    def _stones(self) -> int:
        return 0

    def _deal_difficulty(self) -> str:
        return "normal"

    def _deal(self, index: int) -> deals.Dealt:
        s = self.settings
        return deals.deal(
            s.game,
            seed=deals.stream_seed(s.seed or 0, deals.SALT_BOARD, index),
            layout=s.layout,
            positions=s.positions,
            generator=s.generator,
            difficulty=self._deal_difficulty(),
            stones=self._stones(),
            version=s.version,
        )

    def _score_match(self, at: float, events: list[Event]) -> dict[str, Any]:
        step = self.chain.length
        self.ledger.add("ledger.pair", PAIR_POINTS, kind="pair", at=at)
        if step >= 2:
            bonus = COMBO_STEP_POINTS * (step - 1)
            self.ledger.add("ledger.combo_step", bonus, kind="combo", at=at, step=step)
        return self._rapid_effects(step, events)

    def _rapid_effects(self, step: int, events: list[Event]) -> dict[str, Any]:
        """Bonus seconds and recharges of a rapid match (none in Zen)."""
        return {}

    def _on_deadlock(self, now: float, events: list[Event]) -> None:
        events.append({"type": "deadlock", "offer": []})
        self._shuffle(now, False, events)


class Countdown(Zen):
    """Black & White Countdown Challenge."""

    MODE: ClassVar[str] = "countdown"
    RANKED: ClassVar[bool] = True

    @classmethod
    def settle_difficulty(cls, settings: Settings) -> Settings:
        """The settings with a difficulty of :data:`COUNTDOWN_DIFFICULTIES`
        (``"standard"`` when none is named); raises :class:`ModeError`."""
        difficulty = settings.difficulty if settings.difficulty is not None else "standard"
        if difficulty not in COUNTDOWN_DIFFICULTIES:
            choices = ", ".join(COUNTDOWN_DIFFICULTIES)
            raise ModeError(f"unknown difficulty {difficulty!r}; choose one of {choices}")
        return replace(settings, difficulty=difficulty)

    def _setup(self) -> None:
        table = self.table
        self.hints_left = table.hints
        self.shuffles_left = table.shuffles
        self.undos_left = table.undos

    @property
    def table(self) -> CountdownLevel:
        """The difficulty row in play."""
        return DIFFICULTY_TABLE[self.settings.difficulty or "standard"]

    def _deal_difficulty(self) -> str:
        return self.table.deal

    def countdown(self) -> float:
        """The starting countdown: seconds per tile x tiles."""
        return float(self.table.seconds_per_tile * self.tiles_total)

    def _limit(self) -> float | None:
        return self.countdown()

    def _rapid_effects(self, step: int, events: list[Event]) -> dict[str, Any]:
        if step < 2:
            return {}
        seconds = self.table.bonus_seconds
        self.clock.adjust(seconds)
        events.append({"type": "time", "seconds": seconds})
        rapid = step - 1
        gained_hint = gained_shuffle = 0
        if rapid % HINT_EVERY == 0 and self.hints_left < STORE_CAP:
            self.hints_left += 1
            gained_hint = 1
            events.append({"type": "recharge", "store": "hints"})
        if rapid % SHUFFLE_EVERY == 0 and self.shuffles_left < STORE_CAP:
            self.shuffles_left += 1
            gained_shuffle = 1
            events.append({"type": "recharge", "store": "shuffles"})
        return {"seconds": seconds, "hints": gained_hint, "shuffles": gained_shuffle}

    def _revert(self, effects: dict[str, Any]) -> None:
        self.clock.adjust(-float(effects.get("seconds", 0)))
        self.hints_left = max(0, self.hints_left - int(effects.get("hints", 0)))
        self.shuffles_left = max(0, self.shuffles_left - int(effects.get("shuffles", 0)))

    def _check_undo(self) -> str | None:
        return "no undos" if self.undos_left <= 0 else None

    def _spend_undo(self) -> None:
        self.undos_left -= 1

    def _check_hint(self) -> str | None:
        return "no hints" if self.hints_left <= 0 else None

    def _spend_hint(self) -> None:
        self.hints_left -= 1

    def _check_shuffle(self) -> str | None:
        return "no shuffles" if self.shuffles_left <= 0 else None

    def _shuffle_cost(self, at: float, voluntary: bool, events: list[Event]) -> None:
        if voluntary:
            self.shuffles_left -= 1
            self.ledger.add("ledger.shuffle", SHUFFLE_PENALTY, kind="shuffle", at=at)
            return
        self.ledger.add("ledger.auto_shuffle", SHUFFLE_PENALTY, kind="shuffle", at=at)
        if self.table.deadlock_seconds:
            self.clock.adjust(self.table.deadlock_seconds)
            events.append({"type": "time", "seconds": self.table.deadlock_seconds})

    def _on_finish(self, status: str, now: float, events: list[Event]) -> None:
        if status != "won":
            return
        left = self.clock.whole_seconds_left(now)
        if left > 0:
            self.ledger.add(
                "ledger.time_left",
                time_bonus(left),
                kind="time",
                at=self.clock.elapsed(now),
                count=left,
            )

    def _extra_counters(self, now: float) -> ModeCounters:
        return {
            "hints_left": self.hints_left,
            "shuffles_left": self.shuffles_left,
            "undos_left": self.undos_left,
            "countdown": self.countdown(),
        }

    def _extra_summary(self, now: float) -> ModeSummary:
        remaining = self.clock.remaining(now)
        return {
            "difficulty": self.table.name,
            "time_left": 0.0 if remaining is None else round(remaining, 3),
        }


class Tower(Countdown):
    """Black & White Emperor's Tower: one campaign level."""

    MODE: ClassVar[str] = "tower"

    @classmethod
    def pin(cls, settings: Settings) -> Settings:
        """The layout, difficulty, seed and generator version of the tower level
        (of the tower version the settings' generator version names, the current
        one when none is given: a saved game keeps its own levels); raises
        :class:`ModeError` for a level out of range, a date, an unknown version,
        or a field given with another value."""
        refuse_date(settings)
        refuse_custom(settings, "a tower level")
        number = settings.level
        if (
            isinstance(number, bool)
            or not isinstance(number, int)
            or not 1 <= number <= tower.LEVEL_COUNT
        ):
            raise ModeError(f"a tower level is 1-{tower.LEVEL_COUNT}, not {number!r}")
        try:
            version = tower.version_of(settings.version, settings.tower)
        except ValueError as error:
            raise ModeError(str(error)) from None
        level = tower.level(number, version)
        return settings.pinned(
            f"tower level {level.level}",
            layout=level.layout,
            difficulty=level.difficulty,
            seed=level.seed,
            version=tower.GENERATOR_VERSIONS[version],
            tower=version,
        )

    @property
    def level(self) -> tower.Level:
        """The campaign level in play (of the tower version it was dealt for)."""
        version = tower.version_of(self.settings.version, self.settings.tower)
        return tower.level(self.settings.level or 1, version)

    def _stones(self) -> int:
        return self.level.stones

    def _deal_difficulty(self) -> str:
        return self.level.deal or self.table.deal

    def stars(self, now: float) -> int:
        """Stars this game earns (0 unless it is won)."""
        remaining = self.clock.remaining(now) or 0.0
        return tower.stars(
            cleared=self.status == "won",
            time_left=remaining,
            countdown=self.countdown(),
            shuffles=self.shuffles,
        )

    def _extra_summary(self, now: float) -> ModeSummary:
        return {
            **super()._extra_summary(now),
            "level": self.level.level,
            "stars": self.stars(now),
        }


def time_bonus(seconds_left: float) -> int:
    """Points for the countdown left at a clear: 20 per whole second."""
    return SECOND_LEFT_POINTS * max(0, math.floor(seconds_left + 1e-9))


#: The Black & White flower and season rule, said where it matters (docs/rules.md §4).
BONUS_RULE: Final = (
    "In Black & White any black flower or season pairs with any white flower or season."
)


def pair_refusal(a: str, b: str) -> str:
    """Why the Black & White faces ``a`` and ``b`` (codes such as ``"b5s"``) do not
    pair, in words: two tiles of one colour, or two different symbols. Raises
    :class:`~tilematch.engine.tiles.TileError` for a code that names no tile.

    >>> pair_refusal("b5s", "b5s")
    'Both tiles are black: pair a black tile with a white one.'
    >>> pair_refusal("b5s", "w6s")
    'A black 5 of Bamboo pairs only with a white 5 of Bamboo.'
    """
    colour_a, _ = split_code(a)
    colour_b, _ = split_code(b)
    bonus = match_group(a) == "bonus"
    if colour_a == colour_b:
        word = "black" if colour_a == "b" else "white"
        text = f"Both tiles are {word}: pair a black tile with a white one."
        return f"{text} {BONUS_RULE}" if bonus and match_group(b) == "bonus" else text
    if bonus:
        return BONUS_RULE
    other = "w" if colour_a == "b" else "b"
    return f"A {tile_name(a)} pairs only with a {tile_name(other + a[1:])}."
