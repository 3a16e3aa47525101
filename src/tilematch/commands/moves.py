"""``tilematch moves FILE``: print every legal pair of a board, one JSON object a line.

Shisen-Sho: ``{"a": [row, col], "b": [row, col], "path": [[row, col], ...]}``,
where ``path`` lists the points where the line starts, bends and ends (row
``-1`` / ``rows`` and column ``-1`` / ``cols`` are the ring around the board).
Layered boards: ``{"a": [x, y, z], "b": [x, y, z]}``. Exit 0, or 2 with a
message on stderr for a file that cannot be read or is not a board.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from tilematch.commands import InputError, fail, read_input
from tilematch.engine.board import Match
from tilematch.engine.boardfile import parse_board


def add_parser(sub: Any) -> None:
    parser = sub.add_parser(
        "moves",
        help="list every legal pair of a board file",
        description="Print every legal pair of a board, one JSON object per line.",
    )
    parser.add_argument(
        "file", metavar="FILE", help="board file (Shisen-Sho text or JSON), - for stdin"
    )


def move_json(board: Any, move: Match) -> dict[str, Any]:
    """The JSON object of one move: coordinates of both tiles, and the path on a grid."""
    item: dict[str, Any] = {"a": list(board.coords(move.a)), "b": list(board.coords(move.b))}
    if board.game == "shisensho":
        item["path"] = [list(point) for point in move.path]
    return item


def run(args: argparse.Namespace) -> int:
    try:
        board = parse_board(read_input(args.file))
    except (InputError, ValueError) as error:
        name = "<stdin>" if args.file == "-" else args.file
        message = str(error)
        return fail(message if isinstance(error, InputError) else f"{name}: {message}")
    out = sys.stdout
    try:
        for move in board.legal_pairs():
            out.write(json.dumps(move_json(board, move)) + "\n")
        out.flush()
    except BrokenPipeError:  # the reader stopped early (``| head``): not an error
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, out.fileno())
    return 0
