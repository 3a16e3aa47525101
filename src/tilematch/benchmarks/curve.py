"""The Emperor's Tower curve: the stars simulated players earn on each level.

Three players climb the tower through real :class:`~tilematch.modes.session.Session`
objects, one pair every ``think`` seconds of game time (never a rapid match
at the default 3 s, so no bonus seconds):

* ``greedy`` takes the first legal pair the board lists, every time;
* ``random`` takes a uniformly random legal pair (seeded, reproducible);
* ``solver`` follows the solution the level was dealt with (a perfect player).

None of them asks for a hint, an undo or a shuffle: a deadlock is reshuffled by
the mode itself. :func:`measure` returns a :class:`Climb` per level, and
:func:`table` the Markdown table of ``docs/modes.md`` (``python -m
tilematch.benchmarks.curve`` prints it for levels 1-30).

>>> climb = play(1, "solver")
>>> climb.stars
3
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Final

from tilematch.engine.board import Board, Match
from tilematch.modes import Settings, new_session, tower
from tilematch.modes.blackwhite import Tower

#: Seconds of game time between two pairs (above the 2 s of a rapid match).
THINK: Final = 3.0
PLAYERS: Final = ("greedy", "random", "solver")

Chooser = Callable[[Board, list[Match]], Match]


@dataclass(frozen=True)
class Climb:
    """One player's game of one level: stars (0 when lost), status, shuffles the
    mode made, seconds left of the countdown and the final score."""

    level: int
    player: str
    stars: int
    status: str
    shuffles: int
    time_left: float
    score: int


def _greedy(board: Board, solution: list[Match]) -> Match:
    return next(iter(board.legal_pairs()))


def _solver(board: Board, solution: list[Match]) -> Match:
    pairs = list(board.legal_pairs())
    while solution:
        wanted = solution.pop(0)
        for move in pairs:
            if {move.a, move.b} == {wanted.a, wanted.b}:
                return move
    return pairs[0]


def _chooser(player: str, seed: int) -> Chooser:
    if player == "greedy":
        return _greedy
    if player == "solver":
        return _solver
    if player == "random":
        rng = random.Random(seed)
        return lambda board, solution: rng.choice(list(board.legal_pairs()))
    raise ValueError(f"unknown player {player!r}; choose one of {', '.join(PLAYERS)}")


def play(number: int, player: str, *, think: float = THINK, version: int = tower.VERSION) -> Climb:
    """Play tower level ``number`` of ``version`` as ``player`` (one of
    :data:`PLAYERS`), a pair every ``think`` seconds; returns the :class:`Climb`.
    Raises ``ValueError`` for an unknown player, level or version."""
    settings = Settings(game="blackwhite", mode="tower", level=number, tower=version)
    game = new_session(settings, 0.0)
    if not isinstance(game, Tower):  # pragma: no cover - the registry maps it so
        raise TypeError(f"a tower level was dealt as {type(game).__name__}")
    choose = _chooser(player, number)
    solution = list(game.solution)
    now = 0.0
    game.act({"type": "start"}, now)
    while not game.finished:
        shuffles = game.shuffles
        move = choose(game.board, solution)
        now += think
        game.act({"type": "match", "a": move.a, "b": move.b}, now)
        if game.shuffles != shuffles:
            solution = []  # a reshuffled board: the dealt solution no longer applies
    remaining = game.clock.remaining(now) or 0.0
    return Climb(
        level=number,
        player=player,
        stars=game.stars(now),
        status=game.status,
        shuffles=game.shuffles,
        time_left=round(remaining, 1),
        score=game.score,
    )


def measure(
    levels: Iterable[int], players: Iterable[str] = PLAYERS, *, think: float = THINK
) -> dict[str, list[Climb]]:
    """Every player's :class:`Climb` of each of ``levels`` (current tower version)."""
    chosen = tuple(levels)
    return {p: [play(n, p, think=think) for n in chosen] for p in players}


def _cell(climb: Climb) -> str:
    if climb.status == "lost":
        return "lost"
    shuffles = f" ({climb.shuffles} sh.)" if climb.shuffles else ""
    return "★" * climb.stars + shuffles


def table(levels: Iterable[int]) -> list[str]:
    """The Markdown table of ``docs/modes.md``: per level its layout, the greedy
    player's stars on tower version 2 and the three players' on the current one."""
    chosen = tuple(levels)
    now = measure(chosen)
    before = [play(n, "greedy", version=2) for n in chosen]
    lines = [
        "| level | layout | greedy, v2 | greedy, v3 | random, v3 | solution, v3 |",
        "|---:|---|---|---|---|---|",
    ]
    for i, number in enumerate(chosen):
        cells = [_cell(before[i]), *(_cell(now[p][i]) for p in PLAYERS)]
        lines.append(f"| {number} | {tower.level(number).layout} | {' | '.join(cells)} |")
    return lines


if __name__ == "__main__":  # pragma: no cover
    print("\n".join(table(range(1, 31))))
