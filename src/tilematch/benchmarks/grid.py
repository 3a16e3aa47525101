"""Benchmarks of the Shisen-Sho grid engine.

* every legal pair of a full 8 x 17 board (136 tiles), target <= 3 ms;
* every legal pair in the middle of a game (68 tiles left);
* one connection query that needs two bends round the outside;
* a full random playout: legal pairs, pick one, push, until cleared or stuck;
* the same playout with gravity.

Boards are random deals of the 136-tile set from fixed seeds.
"""

from __future__ import annotations

import random

from tilematch.benchmarks import Row, timed
from tilematch.engine.grid.board import GridBoard
from tilematch.engine.tiles import standard_set


def random_board(seed: int, *, gravity: bool = False, rows: int = 8, cols: int = 17) -> GridBoard:
    """A full board of ``rows`` x ``cols`` with a shuffled standard set (``rows * cols``
    must be 136 for the default set)."""
    faces: list[str | None] = list(standard_set("136"))
    random.Random(seed).shuffle(faces)
    return GridBoard(rows, cols, faces, gravity=gravity)


def playout(board: GridBoard, rng: random.Random) -> int:
    """Play random legal pairs until the board is cleared or stuck; undo them all.
    Returns the number of pairs played."""
    played = 0
    while True:
        moves = list(board.legal_pairs())
        if not moves:
            break
        board.push(rng.choice(moves))
        played += 1
    for _ in range(played):
        board.pop()
    return played


def half_played(seed: int) -> GridBoard:
    """A board with 34 random pairs removed (or as many as the deal allows)."""
    board = random_board(seed)
    rng = random.Random(seed)
    for _ in range(34):
        moves = list(board.legal_pairs())
        if not moves:
            break
        board.push(rng.choice(moves))
    return board


def run(quick: bool) -> list[Row]:
    """The grid rows of the benchmark table; ``quick`` is the short CI run."""
    runs = 20 if quick else 300
    full = random_board(1)
    middle = half_played(3)
    query = GridBoard(
        3,
        4,
        ["5s", "1z", "1z", "5s", "2z", "2z", "2z", "2z", "5s", "1z", "1z", "5s"],
    )
    rng = random.Random(7)
    pairs = full.legal_pairs().count()
    left = middle.occupied.bit_count()
    return [
        timed(
            "grid: all legal pairs, full 8x17",
            lambda: list(full.legal_pairs()),
            runs,
            "<= 3 ms",
            f"{pairs} pairs",
        ),
        timed(
            "grid: all legal pairs, 8x17 mid-game",
            lambda: list(middle.legal_pairs()),
            runs,
            note=f"{left} tiles left",
        ),
        timed(
            "grid: one connection query (two bends)",
            lambda: query.match(0, 3),
            runs * 10,
        ),
        timed(
            "grid: random playout 8x17",
            lambda: playout(full, rng),
            max(5, runs // 10),
            note="list pairs + push each step, then undo",
        ),
        timed(
            "grid: random playout 8x17, gravity",
            lambda: playout(random_board(2, gravity=True), rng),
            max(5, runs // 10),
        ),
    ]
