"""Where the modes meet the engine: dealing, reshuffling and hints.

Every board a session plays comes from :func:`deal`, every re-deal from
:func:`redeal` and every hint from :func:`hint` / :func:`smart_hint`, so the
modes depend on the engine contract (``docs/architecture.md``) in one place.
All results are reproducible from the seed passed in.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from tilematch.engine import deal as generate
from tilematch.engine.board import Board, Match
from tilematch.modes import daily_calendar

if TYPE_CHECKING:
    from tilematch.engine.hints import Memory

#: Salts that keep the random streams of one game apart.
SALT_BOARD = 1
SALT_SHUFFLE = 2
SALT_RIVAL = 3


def derive_seed(seed: int, salt: int, index: int) -> int:
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

    board: Any  # GridBoard | StackBoard (StackBoard.game is a Literal, so not a Board to mypy)
    solution: list[Match] = field(default_factory=list)
    version: int | None = None
    layout_name: str | None = None


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
) -> Dealt:
    """Deal a board of ``game`` from ``seed``.

    Shisen-Sho uses ``size`` (rows, cols) or ``shape`` (a built-in outline) and
    ``gravity``; the layered games
    use ``layout`` (a built-in name), ``difficulty`` (``"easy"``, ``"normal"``,
    ``"hard"``) and ``stones``. Raises ``KeyError`` for an unknown layout.
    """
    extra: dict[str, Any] = {} if version is None else {"version": version}
    if game == "shisensho" and shape is not None:
        made = generate.deal_shape(shape, seed=seed, generator=generator, gravity=gravity, **extra)
        return Dealt(made.board, list(made.solution), made.version)
    if game == "shisensho":
        rows, cols = size if size is not None else (8, 17)
        made = generate.deal_grid(
            rows, cols, seed=seed, generator=generator, gravity=gravity, **extra
        )
        return Dealt(made.board, list(made.solution), getattr(made, "version", None))
    from tilematch.engine import layouts

    plan = layouts.get(layout or "turtle")
    made = generate.deal_layout(
        plan, game, seed=seed, generator=generator, difficulty=difficulty, stones=stones, **extra
    )
    return Dealt(made.board, list(made.solution), getattr(made, "version", None), plan.name)


def grid_shape(name: str) -> Any:
    """The built-in Shisen-Sho outline ``name`` (any case); raises ``ValueError``
    listing the names when there is none."""
    from tilematch.engine.grid.outlines import get_shape

    return get_shape(name)


def grid_shape_names() -> list[str]:
    """The names of the built-in Shisen-Sho outlines."""
    from tilematch.engine.grid.outlines import names

    return names()


def generator_version() -> int | None:
    """The engine's current generator version (``None`` if it declares none)."""
    version = getattr(generate, "GENERATOR_VERSION", None)
    return version if isinstance(version, int) else None


def layout_names() -> list[str]:
    """The names of the built-in layouts."""
    from tilematch.engine import layouts

    return list(layouts.names())


def layout_key(name: str) -> str:
    """The key of the built-in layout ``name`` (any case, or its display name);
    raises ``KeyError`` when there is no such layout."""
    from tilematch.engine import layouts

    key: str = layouts.get(name).name
    return key


def layout_size(name: str) -> int:
    """How many tiles the built-in layout ``name`` holds; ``KeyError`` if unknown."""
    from tilematch.engine import layouts

    return len(layouts.get(name).positions)


def redeal(board: Board, seed: int) -> Board:
    """The remaining faces re-dealt on the remaining positions.

    Solvable when the engine can make it so; otherwise a plain random re-deal,
    which is still a fair shuffle of what is left.
    """
    fresh = generate.reshuffle(board, random.Random(seed))
    if fresh is not None:
        result: Board = fresh
        return result
    spots = list(board.spots())
    faces = [board.face(spot) or "" for spot in spots]
    random.Random(seed).shuffle(faces)
    plain: Board = board.with_faces(dict(zip(spots, faces, strict=True)))
    return plain


def shuffle_hopeless(board: Board) -> bool:
    """True when no re-deal of the faces left could ever be cleared: the positions
    themselves block each other (say, the last two tiles stacked)."""
    return generate.positions_hopeless(board)


def hint(board: Board) -> Match | None:
    """Any legal pair, or ``None`` when there is none."""
    from tilematch.engine import hints

    found: Match | None = hints.hint(board)
    return found


#: Search budget of a smart hint, in solver nodes (not seconds, so that a hint
#: never depends on the speed of the machine and every game replays the same).
#: Mid-game Turtles and 17 x 8 grids need a median of 1-17 nodes and at most a
#: few hundred; a hard grid position costs a few milliseconds a node, and a
#: decision or conflict of the way search that decides hard layered positions
#: (engine/solve_ways.py) under one, so 2,000 keeps the slowest answer within
#: seconds (at the start of a random Turtle deal, 19 deals in 2,000 need more).
#: Beyond it the hint is a plain legal pair and no warning is given. (A game's
#: hints follow the deal's own solution first, with no search: see smart_hint.)
SMART_HINT_NODES = 2_000


def hint_memory(board: Board, solution: list[Match]) -> Memory:
    """A game's memory of solutions for :func:`smart_hint`, holding ``solution``
    (the one ``board`` was dealt with). Boards with gravity or stones keep none."""
    from tilematch.engine.hints import Memory

    memory = Memory()
    memory.remember(board, solution)
    return memory


def smart_hint(board: Board, memory: Memory | None = None) -> tuple[Match | None, bool | None]:
    """``(pair, winnable)`` from a remembered solution or one bounded solver search.

    ``winnable`` is ``True`` with a pair after which the board can still be
    cleared, ``False`` when the board is proven unwinnable (the pair is then
    any legal pair, or ``None``), ``None`` when the search ran out of budget
    (the pair is any legal pair).

    With a ``memory`` (:func:`hint_memory`, one per game): while every pair
    played is a pair of a remembered solution (the deal's own, or one found
    for an earlier hint), in any order, the rest of that solution still clears
    the board, so its next pair is the answer at once, without a search (and
    so without a budget to run out of); a solution the search finds is
    remembered.
    """
    from tilematch.engine.solver import solve

    if board.is_cleared():
        return None, True
    if memory is not None:
        known = memory.recall(board)
        if known is not None:
            return known, True
    result = solve(board, nodes=SMART_HINT_NODES)
    if result.status == "solved" and result.moves:
        if memory is not None:
            memory.remember(board, list(result.moves))
        first: Match = result.moves[0]
        return first, True
    return hint(board), False if result.status == "unsolvable" else None


def daily_seed(date: str) -> int:
    """The seed of the Daily Challenge of ``date`` (YYYY-MM-DD)."""
    seed: int = daily_calendar.daily_seed(date)
    return seed


#: The engine's date -> generator version table of the Daily Challenge
#: (:data:`tilematch.modes.daily_calendar.DAILY_VERSIONS`), so that the game and
#: ``tilematch deal --daily`` always deal the same board for a date.
DAILY_VERSIONS: Final[tuple[tuple[str, int], ...]] = daily_calendar.DAILY_VERSIONS


def daily_version(date: str) -> int:
    """The generator version of the Daily Challenge of ``date`` (YYYY-MM-DD), read
    from :data:`DAILY_VERSIONS` by :func:`~tilematch.modes.daily_calendar.daily_version`."""
    return daily_calendar.daily_version(date, DAILY_VERSIONS)


def daily_deal(date: str, version: int) -> Dealt:
    """The Daily Challenge board of ``date`` dealt by generator ``version`` (the
    engine's own daily deal: the Turtle, reverse placement, the date's seed)."""
    made = daily_calendar.daily_deal(date, version)
    return Dealt(made.board, list(made.solution), made.version, "turtle")
