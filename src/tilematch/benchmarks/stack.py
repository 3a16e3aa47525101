"""Benchmarks of the layered rules engine on a full Turtle (144 tiles).

* free tiles and all legal pairs of a fresh board (target: median <= 1 ms);
* the same after a push (the incremental free-tile update the solver relies on);
* one push + pop (make/unmake);
* a random game played to the end and undone, per move;
* building a board on a cached layout.
"""

from __future__ import annotations

import importlib
import random

from tilematch.benchmarks import Row, timed
from tilematch.engine.layouts.layout import Layout, Position
from tilematch.engine.stack.board import StackBoard
from tilematch.engine.tiles import deal_faces


def classic_turtle_positions() -> tuple[Position, ...]:
    """The 144 positions of the classic Turtle (87 + 36 + 16 + 4 + 1 tiles), used only
    when the built-in layouts are not available."""
    tiles: list[Position] = []
    widths = (12, 8, 10, 12, 12, 10, 8, 12)
    for row, width in enumerate(widths):
        first = 1 + (12 - width) // 2
        tiles += [(2 * col, 2 * row, 0) for col in range(first, first + width)]
    tiles += [(0, 7, 0), (26, 7, 0), (28, 7, 0)]
    for z, (first, size) in enumerate(((4, 6), (5, 4), (6, 2)), start=1):
        tiles += [
            (2 * col, 2 * row, z)
            for row in range(first - 3, first - 3 + size)
            for col in range(first, first + size)
        ]
    tiles.append((13, 7, 4))
    return tuple(tiles)


def turtle() -> Layout:
    """The built-in Turtle, or the classic shape when the layouts package is missing."""
    try:
        found = importlib.import_module("tilematch.engine.layouts").get("turtle")
    except (ImportError, AttributeError, KeyError, ValueError):
        found = None
    if isinstance(found, Layout):
        return found
    return Layout("turtle", classic_turtle_positions(), family="Turtle")


def full_board(game: str = "solitaire", seed: int = 1) -> StackBoard:
    """A full Turtle with faces shuffled by ``seed`` (not necessarily solvable)."""
    layout = turtle()
    faces = deal_faces(layout.size, "144" if game == "solitaire" else "bw144", random.Random(seed))
    random.Random(seed).shuffle(faces)
    return StackBoard(layout, faces, game=game)


def run(quick: bool) -> list[Row]:
    """The stack benchmark rows; ``quick`` runs fewer repetitions."""
    runs = 50 if quick else 1000
    rows: list[Row] = []
    board = full_board()
    pairs_found = len(list(board.legal_pairs()))

    def fresh_free_and_pairs() -> object:
        board._free_occ = -1  # measure the full computation, not the cache
        board.free_spots()
        return list(board.legal_pairs())

    rows.append(
        timed(
            "stack: free tiles + all legal pairs, full Turtle",
            fresh_free_and_pairs,
            runs,
            target="<= 1 ms",
            note=f"{board.free_spots().bit_count()} free, {pairs_found} pairs",
        )
    )

    first = next(iter(board.legal_pairs()))

    def push_pairs_pop() -> object:
        board.push(first)
        found = list(board.legal_pairs())
        board.pop()
        return found

    board.free_spots()
    rows.append(timed("stack: push + all legal pairs + pop", push_pairs_pop, runs))

    def push_pop() -> object:
        board.push(first)
        return board.pop()

    rows.append(timed("stack: push + pop", push_pop, runs * 4))

    stony = full_board("blackwhite", seed=2)
    stony = StackBoard(
        stony.layout,
        [stony.face(s) for s in range(stony.layout.size)],
        game="blackwhite",
        stones=[s for s in stony.spots() if stony.coords(s)[2] == 0][::8],
    )
    stony_move = next(iter(stony.legal_pairs()))

    def stones_pairs_push_pop() -> object:
        found = list(stony.legal_pairs())
        stony.push(stony_move)
        key = stony.key()
        stony.pop()
        return found, key

    rows.append(
        timed(
            "stack: B&W Turtle with stones: pairs + push + key + pop",
            stones_pairs_push_pop,
            runs,
            note=f"{len(stony.stones())} stones",
        )
    )

    rng = random.Random(7)
    games = [full_board(seed=s) for s in range(5)]

    def random_game() -> object:
        played = 0
        for start in games:
            game = start.copy()
            while True:
                pairs = list(game.legal_pairs())
                if not pairs:
                    break
                game.push(rng.choice(pairs))
                played += 1
            while game.move_stack:
                game.pop()
        return played

    rows.append(
        timed(
            "stack: 5 random Turtle games played and undone",
            random_game,
            max(3, runs // 50),
            note="pairs listed before every move",
        )
    )
    layout = turtle()
    faces = deal_faces(144, "144", random.Random(3))
    rows.append(
        timed(
            "stack: build a board on a cached layout",
            lambda: StackBoard(layout, faces),
            runs,
        )
    )
    return rows
