"""Where the modes meet the engine: dealing, reshuffling and hints.

Every board a session plays comes from :func:`deal`, every re-deal from
:func:`redeal` and every hint from :func:`hint` (the engine's) / :func:`smart_hint`, so the
modes depend on the engine contract (``docs/architecture.md``) in one place.
All results are reproducible from the seed passed in.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from tilematch.engine import deal as generate
from tilematch.engine import layouts
from tilematch.engine.board import Board, Match
from tilematch.engine.deal.game import deal_game
from tilematch.engine.grid.outlines import Outline, get_shape, parse_shape
from tilematch.engine.grid.outlines import names as outline_names
from tilematch.engine.hints import Memory, advise, hint

#: Salts that keep the random streams of one game apart.
SALT_BOARD = 1
SALT_SHUFFLE = 2
SALT_RIVAL = 3


def stream_seed(seed: int, salt: int, index: int) -> int:
    """A seed for the ``index``-th draw of stream ``salt`` of a game with ``seed``.

    Index 0 of :data:`SALT_BOARD` is the game seed itself, so the first board of
    every game is exactly the board ``tilematch deal`` prints for that seed.
    """
    if salt == SALT_BOARD and index == 0:
        return seed
    return (seed * 1_000_003 + salt * 7_919 + index * 104_729) % (1 << 62)


@dataclass
class Dealt:
    """A board handed to a session, with the facts the session records."""

    board: Board
    solution: list[Match] = field(default_factory=list)
    version: int | None = None
    layout_name: str | None = None


def custom_layout(positions: tuple[tuple[int, int, int], ...]) -> layouts.Layout:
    """A player's own layout from its checked ``(x, y, z)`` positions."""
    return layouts.Layout("custom", positions, family="Custom", title="Custom")


def custom_outline(rows: tuple[str, ...]) -> Outline:
    """A player's own Shisen-Sho outline from its rows; raises ``ValueError``
    (a :class:`~tilematch.engine.grid.outlines.ShapeError`) for one that is not."""
    return parse_shape("\n".join(rows), "custom", "Custom")


def deal(
    game: str,
    *,
    seed: int,
    size: tuple[int, int] | None = None,
    layout: str | None = None,
    gravity: bool = False,
    shape: str | None = None,
    generator: str = "reverse",
    difficulty: str = "normal",
    stones: int = 0,
    version: int | None = None,
    positions: tuple[tuple[int, int, int], ...] | None = None,
    outline: tuple[str, ...] | None = None,
) -> Dealt:
    """Deal a board of ``game`` from ``seed``.

    Shisen-Sho uses ``size`` (rows, cols) or ``shape`` (a built-in outline) and
    ``gravity``; the layered games
    use ``layout`` (a built-in name), ``difficulty`` (``"easy"``, ``"normal"``,
    ``"hard"``) and ``stones``. ``positions`` (a player's own layout) and
    ``outline`` (own Shisen-Sho rows) replace ``layout`` and ``shape``. Raises
    ``KeyError`` for an unknown layout.
    """
    made = deal_game(
        game,
        seed=seed,
        size=size,
        shape=custom_outline(outline) if outline is not None else shape,
        layout=custom_layout(positions) if positions is not None else layout,
        gravity=gravity,
        generator=generator,
        difficulty=difficulty,
        stones=stones,
        version=version,
    )
    return Dealt(made.board, list(made.solution), made.version, made.layout)


def grid_shape(name: str) -> Outline:
    """The built-in Shisen-Sho outline ``name`` (any case); raises ``ValueError``
    listing the names when there is none."""
    return get_shape(name)


def grid_shape_names() -> list[str]:
    """The names of the built-in Shisen-Sho outlines."""
    return outline_names()


def generator_version() -> int:
    """The engine's current generator version."""
    return generate.GENERATOR_VERSION


def layout_names() -> list[str]:
    """The names of the built-in layouts."""
    return list(layouts.names())


def layout_key(name: str) -> str:
    """The key of the built-in layout ``name`` (any case, or its display name);
    raises ``KeyError`` when there is no such layout."""
    return layouts.get(name).name


def layout_size(name: str) -> int:
    """How many tiles the built-in layout ``name`` holds; ``KeyError`` if unknown."""
    return len(layouts.get(name).positions)


def redeal(board: Board, seed: int) -> Board:
    """The remaining faces re-dealt on the remaining positions.

    Solvable when the engine can make it so; otherwise a plain random re-deal,
    which is still a fair shuffle of what is left.
    """
    fresh = generate.reshuffle(board, random.Random(seed))
    if fresh is not None:
        return fresh
    spots = list(board.spots())
    faces = [board.face(spot) or "" for spot in spots]
    random.Random(seed).shuffle(faces)
    return board.with_faces(dict(zip(spots, faces, strict=True)))


def shuffle_hopeless(board: Board) -> bool:
    """True when no re-deal of the faces left could ever be cleared: the positions
    themselves block each other (say, the last two tiles stacked)."""
    return generate.positions_hopeless(board)


#: Search budget of a smart hint, in solver nodes (not seconds, so that a hint
#: never depends on the speed of the machine and every game replays the same).
#: Beyond it the hint is a plain legal pair and no warning is given; a game's
#: hints follow the deal's own solution first, with no search (see smart_hint).
SMART_HINT_NODES = 2_000


def hint_memory(board: Board, solution: list[Match]) -> Memory:
    """A game's memory of solutions for :func:`smart_hint`, holding ``solution``
    (the one ``board`` was dealt with). Boards with gravity or stones keep none."""
    memory = Memory()
    memory.remember(board, solution)
    return memory


def smart_hint(board: Board, memory: Memory | None = None) -> tuple[Match | None, bool | None]:
    """``(pair, winnable)``: :func:`tilematch.engine.hints.advise` bounded by
    :data:`SMART_HINT_NODES` solver nodes.

    ``winnable`` is ``True`` with a pair after which the board can still be
    cleared, ``False`` when the board is proven unwinnable (the pair is then
    any legal pair, or ``None``), ``None`` when the search ran out of budget
    (the pair is any legal pair). ``memory`` (:func:`hint_memory`, one per game)
    answers without a search while the game follows a remembered solution.
    """
    advice = advise(board, seconds=None, nodes=SMART_HINT_NODES, memory=memory)
    if advice.winnable is False:
        return hint(board), False
    return advice.move, advice.winnable


__all__ = [
    "SALT_BOARD",
    "SALT_RIVAL",
    "SALT_SHUFFLE",
    "SMART_HINT_NODES",
    "Dealt",
    "deal",
    "generator_version",
    "grid_shape",
    "grid_shape_names",
    "hint",
    "hint_memory",
    "layout_key",
    "layout_names",
    "layout_size",
    "redeal",
    "shuffle_hopeless",
    "smart_hint",
    "stream_seed",
]
