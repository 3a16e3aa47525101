"""The ``tilematch`` command line.

Each sub-command lives in its own module under :mod:`tilematch.commands`,
which defines ``add_parser(subparsers)`` and ``run(args) -> int``;
:data:`COMMANDS` lists them.
Exit codes: 0 success, 1 a negative answer (e.g. a board proven unsolvable),
2 bad input or usage, 141 when the reader of standard output closed it early.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from types import ModuleType

import tilematch
from tilematch.commands import bench, db, deal, layouts, moves, serve, solve

#: Sub-commands in the order ``tilematch --help`` lists them.
COMMANDS: tuple[ModuleType, ...] = (serve, db, deal, moves, solve, layouts, bench)


def build_parser() -> tuple[argparse.ArgumentParser, dict[str, ModuleType]]:
    """The argument parser and the module behind each sub-command."""
    parser = argparse.ArgumentParser(
        prog="tilematch",
        description="Shisen-Sho, Mahjong Solitaire and Black & White Mahjong.",
    )
    parser.add_argument("--version", action="version", version=f"tilematch {tilematch.__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    handlers: dict[str, ModuleType] = {}
    for module in COMMANDS:
        name = module.__name__.rsplit(".", 1)[1]
        module.add_parser(sub)
        handlers[name] = module
    return parser, handlers


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    parser, handlers = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 2
    try:
        code: int = handlers[args.command].run(args)
        sys.stdout.flush()
    except BrokenPipeError:
        # the reader went away (``tilematch moves board.txt | head -2``): stop quietly,
        # as a Unix tool killed by SIGPIPE does, with nothing more to write to it
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141  # 128 + SIGPIPE, what a shell reports for such a tool
    return code


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
