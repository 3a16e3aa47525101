"""The Emperor's Tower campaign: 150 fixed levels, unlocks and stars (docs/rules.md §4).

Each tower version is a table of 150 levels that never changes: level ``n``
of a version is always the same layout, difficulty, stone count, seed and
deal, so every player climbs the same tower, and a saved game keeps playing
the level of its own version (:func:`version_of`: a save names its tower
version, or, saved before tower versions were written down, its generator
version does). :data:`LEVELS` is the table of the current version
:data:`VERSION`.

Version 3 climbs the layouts of version 2, but from level :data:`HARD_FROM` on
every level is dealt *hard* (few open pairs, rarely cleared by random play),
whatever its difficulty: a player who takes the first open pair every time
runs into deadlocks and earns at most two stars there, often none, while a
player who reads the board still earns three. Levels 1-4 keep the gentle deal
of their difficulty.

Version 2 climbs 150 different layouts of the catalogue, one per level: by
tile count in five stages of 30 (the smallest first), and within each stage
by the difficulty measured on the layout (``tilematch layouts measure``),
the easiest first. Difficulty halves and stones rise as in version 1.

Version 1 reused a dozen layouts of the Pyramid, Tower, Dragon, Spiral and
Yin-Yang families; its curve is gentle to hard in five stages of 30 levels:

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

>>> LEVELS[0].level, LEVELS[0].difficulty, LEVELS[0].stones, LEVELS[4].deal
(1, 'relaxed', 0, 'hard')
>>> stars(cleared=True, time_left=60.0, countdown=100.0, shuffles=0)
3
>>> sorted(unlocked({1, 2}))
[1, 2, 3]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Final

#: The tower version new games climb; a changed row means a new version, and old
#: saves keep their own.
VERSION: Final = 3
#: The engine generator version that deals every level of each tower version, so
#: that a new generator never changes a level's board.
GENERATOR_VERSIONS: Final[dict[int, int]] = {1: 1, 2: 3, 3: 3}
#: The tower version of a save that names no tower version (saved before they were
#: written down), by the generator version it was dealt with.
UNNAMED_TOWERS: Final[dict[int, int]] = {1: 1, 3: 2}
#: From this level on, every level of version 3 is dealt hard.
HARD_FROM: Final = 5
#: The generator version of the current tower.
GENERATOR_VERSION: Final = GENERATOR_VERSIONS[VERSION]
LEVEL_COUNT: Final = 150


@dataclass(frozen=True)
class Level:
    """One campaign level: number (1-150), layout name, difficulty, stones, seed,
    and the deal (``"easy"``, ``"normal"``, ``"hard"``) when the level fixes one
    (``None``: the deal of its difficulty)."""

    level: int
    layout: str
    difficulty: str
    stones: int
    seed: int
    deal: str | None = None

    def to_json(self) -> dict[str, object]:
        """The level as a JSON object (``deal`` only when the level fixes one)."""
        data: dict[str, object] = {
            "level": self.level,
            "layout": self.layout,
            "difficulty": self.difficulty,
            "stones": self.stones,
            "seed": self.seed,
        }
        if self.deal is not None:
            data["deal"] = self.deal
        return data


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
#: Levels in each of the five stages (the statistics count stars per stage).
STAGE_LENGTH: Final = _STAGE_LENGTH


def _seed(number: int) -> int:
    return (number * 2_654_435_761 + 97_531) % 1_000_000_007


def _level(number: int, layout: str) -> Level:
    stage, i = divmod(number - 1, _STAGE_LENGTH)
    halves, _, (low, high) = _STAGES[stage]
    difficulty = halves[0] if i < _STAGE_LENGTH // 2 else halves[1]
    stones = low + (high - low) * i // (_STAGE_LENGTH - 1)
    return Level(number, layout, difficulty, stones, _seed(number))


def _build_v1() -> tuple[Level, ...]:
    levels: list[Level] = []
    for stage, (_, layouts, _) in enumerate(_STAGES):
        for i in range(_STAGE_LENGTH):
            number = stage * _STAGE_LENGTH + i + 1
            levels.append(_level(number, layouts[i * len(layouts) // _STAGE_LENGTH]))
    return tuple(levels)


def _build_v2() -> tuple[Level, ...]:
    return tuple(_level(number, name) for number, name in enumerate(LAYOUTS_V2, start=1))


def _build_v3() -> tuple[Level, ...]:
    return tuple(
        replace(lvl, deal="hard") if lvl.level >= HARD_FROM else lvl for lvl in _build_v2()
    )


#: The layouts of tower version 2, level 1 first (frozen: see the module text).
LAYOUTS_V2: Final[tuple[str, ...]] = (
    "pinwheel-4",
    "pinwheel-5",
    "dragon-pearl",
    "whirlpool",
    "lighthouse",
    "yin-yang-7",
    "hourglass",
    "bird",
    "shan",
    "dragon-20-18-4-1",
    "shou",
    "keep-8x6-3",
    "yin-yang-7-rim",
    "zhong-tall",
    "lighthouse-tall",
    "dragon-15-14-4-1",
    "da-tall",
    "bridge-arch",
    "dragon-15-14-2-1",
    "tian",
    "dragon-20-14-3-2",
    "mu",
    "mu-tall",
    "little-pyramid",
    "dragon",
    "shan-tall",
    "wang",
    "dragon-10-14-2-1",
    "dragon-20-18-2-1",
    "dragon-10-14-4-1",
    "pinwheel-7",
    "fish-tall",
    "yin-yang-8-rim",
    "turtle-small",
    "star",
    "spiral-9-2",
    "house",
    "fish",
    "bat-tall",
    "rhombus-8x8-4",
    "rhombus-12x8-3",
    "star-8x8-4",
    "frog",
    "keep-10x6-2",
    "crab-tall",
    "turtle-small-tall",
    "butterfly-small",
    "elephant",
    "corner-8x6-2",
    "bat",
    "gate-8x6-3",
    "dragon-15-18-3-2",
    "tian-tall",
    "crab",
    "elephant-tall",
    "dragon-10-18-3-2",
    "walls-10",
    "kou",
    "pyramid-6x6-3-1",
    "fortress",
    "pagoda",
    "balance",
    "mound-8x8-3",
    "dragon-20-26-4-1",
    "butterfly",
    "rings-13",
    "diamond",
    "owl",
    "spiral-10-2",
    "cat",
    "ziggurat",
    "pyramid-10x6-3-2",
    "star-10x10-3",
    "spiral",
    "tower",
    "twin-spiral-9",
    "gate-10x8-2",
    "spiral-11-2",
    "star-12x8-4",
    "gate-10x6-3",
    "pagoda-tall",
    "dragon-20-22-3-2",
    "house-tall",
    "rhombus-10x8-5",
    "gate",
    "lotus-10x10-3",
    "lotus-8x8-5",
    "kou-tall",
    "bridge",
    "watchtowers",
    "saltire-6",
    "cat-tall",
    "yin-yang-9-rim",
    "lattice-10",
    "rhombus-12x12-3",
    "spiral-12-3",
    "mound-10x8-4",
    "yin-yang-10",
    "twin-spiral-11",
    "spiral-13-3",
    "pyramid-8x8-3-2",
    "pyramid",
    "yin-yang-10-rim",
    "castle-10x8-2",
    "rhombus-12x10-4",
    "cushion-8x8-5",
    "star-12x12-3",
    "keep-12x8-4",
    "gate-12x8-4",
    "keep-14x8-3",
    "cross",
    "turtle",
    "arena",
    "castle-8x6-4",
    "pyramid-12x6-3-2",
    "corner-14x8-2",
    "twin-spiral-10",
    "corner-10x8-4",
    "castle-10x6-3",
    "corner-12x8-3",
    "ziggurat-12x12-3",
    "yin-yang",
    "ziggurat-10x10-3",
    "spiral-14-3",
    "yin-yang-13",
    "yin-yang-12",
    "ziggurat-12x10-3",
    "cushion-12x10-3",
    "spiral-15-2",
    "yin-yang-14",
    "yin-yang-11-rim",
    "ziggurat-12x8-3",
    "mound-12x10-3",
    "yin-yang-12-rim",
    "pyramid-10x8-4-2",
    "cushion-12x12-3",
    "spiral-15-3",
    "cushion-10x10-3",
    "lotus-12x12-3",
    "mound-14x10-4",
    "yin-yang-14-rim",
    "pyramid-14x8-3-2",
    "mound-10x10-5",
    "lotus-12x8-5",
    "twin-spiral-12",
    "cushion-12x8-3",
    "ziggurat-8x8-5",
    "lotus-12x10-5",
    "star-12x10-5",
    "twin-spiral-13",
)

#: Every tower version's 150 levels; ``TOWERS[v][n - 1]`` is level ``n`` of version ``v``.
TOWERS: Final[dict[int, tuple[Level, ...]]] = {
    1: _build_v1(),
    2: _build_v2(),
    3: _build_v3(),
}
#: The 150 levels of the current version, ``LEVELS[n - 1]`` is level ``n``.
LEVELS: Final[tuple[Level, ...]] = TOWERS[VERSION]


def version_of(generator_version: int | None, tower_version: int | None = None) -> int:
    """The tower version of a game: ``tower_version`` when given (it must be known
    and dealt with ``generator_version``, if that is given too); else the one a
    save without a tower version was dealt with by ``generator_version``; else
    (both ``None``) the current one. Raises ``ValueError`` naming the problem."""
    if tower_version is not None:
        if isinstance(tower_version, bool) or tower_version not in TOWERS:
            known = ", ".join(map(str, TOWERS))
            raise ValueError(f"unknown tower version {tower_version!r}; known: {known}")
        wanted = GENERATOR_VERSIONS[tower_version]
        if generator_version is not None and generator_version != wanted:
            raise ValueError(
                f"tower version {tower_version} is dealt with generator version {wanted}, "
                f"not {generator_version!r}"
            )
        return tower_version
    if generator_version is None:
        return VERSION
    if generator_version in UNNAMED_TOWERS and not isinstance(generator_version, bool):
        return UNNAMED_TOWERS[generator_version]
    known = ", ".join(str(g) for g in UNNAMED_TOWERS)
    raise ValueError(
        f"no tower version deals with generator version {generator_version!r}; known: {known}"
    )


def level(number: int, version: int = VERSION) -> Level:
    """Level ``number`` (1-150) of tower ``version``; raises ``ValueError`` for any
    other number or an unknown version."""
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= LEVEL_COUNT:
        raise ValueError(f"a tower level is 1-{LEVEL_COUNT}, not {number!r}")
    if version not in TOWERS:
        raise ValueError(f"unknown tower version {version!r}; known: {', '.join(map(str, TOWERS))}")
    return TOWERS[version][number - 1]


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
