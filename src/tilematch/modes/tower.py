"""The Emperor's Tower campaign: 150 fixed levels, unlocks and stars (docs/rules.md §4).

:data:`LEVELS` is a versioned table (:data:`VERSION`): level ``n`` is always
the same layout, difficulty, stone count and seed, so every player climbs the
same tower. The curve is gentle to hard in five stages of 30 levels:

====== ================ ====================================== ========
levels difficulty       layouts                                stones
====== ================ ====================================== ========
1-30   relaxed          small (36-92 tiles)                    0-2
31-60  relaxed/standard small and middle (50-104)              1-4
61-90  standard         middle (80-112)                        2-6
91-120 standard/zen     middle and large (92-120)              3-8
121-150 zen master      large (106-206)                        4-10
====== ================ ====================================== ========

Within a stage the layouts grow and the stones are added step by step.
Level 1 is open; a level unlocks when the one before is cleared. Stars: 1 for
a clear, 2 with at least 25 % of the countdown left, 3 with at least 50 % left
and no shuffle.

>>> LEVELS[0].level, LEVELS[0].difficulty, LEVELS[0].stones
(1, 'relaxed', 0)
>>> stars(cleared=True, time_left=60.0, countdown=100.0, shuffles=0)
3
>>> sorted(unlocked({1, 2}))
[1, 2, 3]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

#: Bump when any row of :data:`LEVELS` changes; old saves keep their own version.
VERSION: Final = 1
#: The engine generator version that deals every level of this table, so that a
#: new generator never changes a level's board.
GENERATOR_VERSION: Final = 1
LEVEL_COUNT: Final = 150


@dataclass(frozen=True)
class Level:
    """One campaign level: number (1-150), layout name, difficulty, stones, seed."""

    level: int
    layout: str
    difficulty: str
    stones: int
    seed: int

    def to_json(self) -> dict[str, object]:
        """The level as a JSON object."""
        return {
            "level": self.level,
            "layout": self.layout,
            "difficulty": self.difficulty,
            "stones": self.stones,
            "seed": self.seed,
        }


#: The five stages: (difficulty of each half, layouts from small to large,
#: (fewest, most) stones). Layouts are built-in names of the Pyramid, Tower,
#: Dragon, Spiral and Yin-Yang families.
_STAGES: Final = (
    (
        ("relaxed", "relaxed"),
        ("dragon-pearl", "whirlpool", "little-pyramid", "dragon", "twin-towers", "tower"),
        (0, 2),
    ),
    (
        ("relaxed", "standard"),
        ("little-pyramid", "dragon", "twin-towers", "tower", "watchtowers", "balance"),
        (1, 4),
    ),
    (
        ("standard", "standard"),
        ("twin-towers", "tower", "watchtowers", "balance", "spiral", "ziggurat", "twin-pyramids"),
        (2, 6),
    ),
    (
        ("standard", "zen_master"),
        ("tower", "watchtowers", "spiral", "ziggurat", "twin-pyramids", "pyramid"),
        (3, 8),
    ),
    (
        ("zen_master", "zen_master"),
        ("spiral", "ziggurat", "twin-pyramids", "pyramid", "yin-yang"),
        (4, 10),
    ),
)
_STAGE_LENGTH: Final = 30


def _build() -> tuple[Level, ...]:
    levels: list[Level] = []
    for stage, (halves, layouts, (low, high)) in enumerate(_STAGES):
        for i in range(_STAGE_LENGTH):
            number = stage * _STAGE_LENGTH + i + 1
            difficulty = halves[0] if i < _STAGE_LENGTH // 2 else halves[1]
            layout = layouts[i * len(layouts) // _STAGE_LENGTH]
            stones = low + (high - low) * i // (_STAGE_LENGTH - 1)
            seed = (number * 2_654_435_761 + 97_531) % 1_000_000_007
            levels.append(Level(number, layout, difficulty, stones, seed))
    return tuple(levels)


#: The 150 levels, ``LEVELS[n - 1]`` is level ``n``.
LEVELS: Final[tuple[Level, ...]] = _build()


def level(number: int) -> Level:
    """Level ``number`` (1-150); raises ``ValueError`` for any other number."""
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= LEVEL_COUNT:
        raise ValueError(f"a tower level is 1-{LEVEL_COUNT}, not {number!r}")
    return LEVELS[number - 1]


def stars(*, cleared: bool, time_left: float, countdown: float, shuffles: int) -> int:
    """Stars earned: 0 unless ``cleared``; 1 for a clear; 2 with at least 25 % of
    ``countdown`` left; 3 with at least 50 % left and no shuffle (voluntary or
    automatic)."""
    if not cleared:
        return 0
    share = time_left / countdown if countdown > 0 else 0.0
    if share >= 0.5 - 1e-12 and shuffles == 0:
        return 3
    if share >= 0.25 - 1e-12:
        return 2
    return 1


def unlocked(cleared_levels: Iterable[int]) -> set[int]:
    """The levels a player may play: level 1, every cleared level and every level
    whose predecessor is cleared."""
    cleared = {n for n in cleared_levels if isinstance(n, int) and 1 <= n <= LEVEL_COUNT}
    open_levels = {1} | cleared
    open_levels |= {n + 1 for n in cleared if n < LEVEL_COUNT}
    return open_levels


def campaign(best_stars: dict[int, int]) -> list[dict[str, object]]:
    """The campaign view: every level with ``unlocked`` and ``stars`` (best so far),
    given the best stars per cleared level (0 or missing: not cleared)."""
    cleared = {n for n, count in best_stars.items() if count > 0}
    allowed = unlocked(cleared)
    return [
        {
            "level": lvl.level,
            "layout": lvl.layout,
            "difficulty": lvl.difficulty,
            "stones": lvl.stones,
            "unlocked": lvl.level in allowed,
            "stars": best_stars.get(lvl.level, 0),
        }
        for lvl in LEVELS
    ]
