"""Benchmarks of the smart hint asked after every move of a game.

A game here is a dealt board (reverse placement, seeds 0, 1, ...) played by
random legal pairs (``random.Random(seed)``) until it is cleared or no pair is
left. After every move :func:`tilematch.engine.hints.advise` answers with the
library's default bound (2 s) whether the board can still be cleared, and with
which pair: what a game asks that warns as soon as a board is lost. Its
``Memory`` starts with the deal's own solution, as the game's does. Random play
soon leaves that pairing, so most answers need a search, and once the board
can no longer be cleared the search has to prove it. Times are CPU time.
"""

from __future__ import annotations

import random
import time
from typing import cast

from tilematch.benchmarks import Row, summarize
from tilematch.engine.board import Board
from tilematch.engine.deal.grid import deal_grid
from tilematch.engine.deal.layout import deal_layout
from tilematch.engine.deal.record import Deal
from tilematch.engine.hints import Memory, advise

#: Games of each kind in the full run and in the quick run.
GAMES = 20
QUICK_GAMES = 1


def play(deal: Deal, seed: int) -> tuple[list[float], int, int, int]:
    """CPU milliseconds of each answer of one game, how many came from the
    memory, how many said the board was lost, and how many ran out of time."""
    board = cast(Board, deal.board.copy())
    memory = Memory()
    memory.remember(board, list(deal.solution))
    rng = random.Random(seed)
    samples: list[float] = []
    remembered = lost = undecided = 0
    while not board.is_cleared():
        pairs = list(board.legal_pairs())
        if not pairs:
            break
        board.push(rng.choice(pairs))
        known = memory.recall(board) is not None
        start = time.process_time()
        advice = advise(board, memory=memory)
        samples.append((time.process_time() - start) * 1000)
        remembered += known
        lost += advice.winnable is False
        undecided += advice.winnable is None
    return samples, remembered, lost, undecided


def _row(name: str, deals: list[Deal]) -> Row:
    samples: list[float] = []
    remembered = lost = undecided = 0
    for seed, deal in enumerate(deals):
        got, known, gone, open_ = play(deal, seed)
        samples += got
        remembered += known
        lost += gone
        undecided += open_
    return summarize(
        name,
        samples,
        note=(
            f"{len(deals)} games; {remembered} of {len(samples)} answers from the "
            f"remembered solution; {lost} said lost; {undecided} undecided within 2 s"
        ),
    )


def run(quick: bool) -> list[Row]:
    """One row per geometry: the Turtle and the 17 x 8 grid."""
    games = QUICK_GAMES if quick else GAMES
    return [
        _row(
            "smart hint after every move of a random game: Turtle, CPU",
            [deal_layout("turtle", seed=seed) for seed in range(games)],
        ),
        _row(
            "smart hint after every move of a random game: 17x8 Shisen-Sho, CPU",
            [deal_grid(seed=seed) for seed in range(games)],
        ),
    ]
