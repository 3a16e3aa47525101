"""``tilematch solve FILE``: print a solution of a board, one JSON move a line.

The moves come in playing order in the same form as ``tilematch moves``:
Shisen-Sho ``{"a": [row, col], "b": [row, col], "path": [[row, col], ...]}``
(each path valid at the time of its move, gravity included), layered boards
``{"a": [x, y, z], "b": [x, y, z]}``.

Exit codes: 0 solved (the moves are printed), 1 proven unsolvable, 2 bad
input, 3 the ``--nodes`` / ``--seconds`` budget ran out before a verdict.
Messages for 1, 2 and 3 go to stderr. A search that runs for more than a second
shows on a terminal how long it has run (stderr, wiped when it ends).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import TYPE_CHECKING, Any, cast

from tilematch.commands import InputError, fail, read_input
from tilematch.commands.progress import Progress

if TYPE_CHECKING:
    from tilematch.engine.board import Board

#: Exit code when the search budget ran out before a verdict.
EXIT_BUDGET = 3
#: Seconds of search before the progress line appears (on a terminal).
SHOW_AFTER = 1.0


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"must be a positive number of seconds, not {text}")
    return value


def add_parser(sub: Any) -> None:
    parser = sub.add_parser(
        "solve",
        help="solve a board file exactly and print the moves",
        description=(
            "Print a solution of a board in playing order, one JSON move per line. "
            "Exit 0 solved, 1 proven unsolvable, 2 bad input, 3 budget ran out."
        ),
    )
    parser.add_argument(
        "file", metavar="FILE", help="board file (Shisen-Sho text or JSON), - for stdin"
    )
    parser.add_argument(
        "--nodes", type=_positive_int, default=None, help="stop after this many search positions"
    )
    parser.add_argument(
        "--seconds", type=_positive_float, default=None, help="stop after this many seconds"
    )


def run(args: argparse.Namespace) -> int:
    from tilematch.commands.moves import move_json
    from tilematch.engine.boardfile import parse_board
    from tilematch.engine.solver import solve

    name = "<stdin>" if args.file == "-" else args.file
    try:
        board = parse_board(read_input(args.file))
    except InputError as error:
        return fail(str(error))
    except ValueError as error:
        return fail(f"{name}: {error}")
    # (StackBoard declares ``game`` as a Literal, which mypy will not match to the
    # protocol's plain ``str`` attribute; the board follows the protocol all the same)
    # a search that runs long shows how long so far (on a terminal, after a second)
    searching = Progress(f"solving {name}", stream=sys.stderr, delay=SHOW_AFTER, keep=False)
    searching.note = "searching"
    with searching, searching.ticking():
        result = solve(cast("Board", board), nodes=args.nodes, seconds=args.seconds)
    if result.status == "unsolvable":
        print(
            f"tilematch: {name}: the board cannot be cleared "
            f"(proven after {result.nodes} search positions)",
            file=sys.stderr,
        )
        return 1
    if result.status == "budget":
        print(
            f"tilematch: {name}: no verdict within the budget "
            f"({result.nodes} search positions, {result.seconds:.2f} s)",
            file=sys.stderr,
        )
        return EXIT_BUDGET
    replay = board.copy()
    out = sys.stdout
    try:
        for move in result.moves:
            out.write(json.dumps(move_json(replay, move)) + "\n")
            replay.push(move)
        out.flush()
    except BrokenPipeError:  # the reader stopped early (``| head``): not an error
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, out.fileno())
    return 0
