"""``tilematch deal GAME --seed N``: print a generated board in its file format.

Shisen-Sho boards come out in the text format (one line per row; comment
lines name the deal), layered boards as JSON with the deal's facts as extra
keys. Both read back with ``tilematch moves`` / ``tilematch solve``. With
``--solution`` the recorded solution follows: as ``# {"a": ..., "b": ...,
"path": ...}`` comment lines on a grid, as a ``"solution"`` key in JSON.
Exit 0, or 2 with a message on stderr for bad options.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import re
import sys
from typing import Any

from tilematch.commands import fail
from tilematch.engine.deal.game import deal_game
from tilematch.engine.deal.record import GENERATORS, LAYOUT_DIFFICULTIES, Deal, GenerationError
from tilematch.engine.deal.versions import GENERATOR_VERSION
from tilematch.engine.grid.board import GridBoard, format_grid
from tilematch.engine.grid.outlines import Outline, ShapeError, get_shape, parse_shape
from tilematch.engine.grid.outlines import names as shape_names
from tilematch.engine.layouts.layout import Layout, LayoutError
from tilematch.engine.stack.json import format_stack_json as format_stack
from tilematch.modes.daily import check_daily_date, daily_deal
from tilematch.modes.settings import GRID_COLUMNS, GRID_ROWS, ModeError, check_grid_size
from tilematch.modes.share import share_code

GAMES = ("shisensho", "solitaire", "blackwhite")
_SIZE = re.compile(r"(\d{1,20})\s*[x×]\s*(\d{1,20})")


def add_parser(sub: Any) -> None:
    parser = sub.add_parser(
        "deal",
        help="print a generated board (with its solution on request)",
        description=(
            "Print a solvable board dealt from a seed: Shisen-Sho as text, Mahjong "
            "Solitaire and Black & White as JSON. The same options always print the "
            "same board."
        ),
    )
    parser.add_argument("game", metavar="GAME", choices=GAMES, help=" | ".join(GAMES))
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--seed", type=int, metavar="N", help="the deal's seed (0 or more)")
    where.add_argument(
        "--daily", metavar="YYYY-MM-DD", help="the Daily Challenge of that date (solitaire)"
    )
    parser.add_argument(
        "--size",
        metavar="COLSxROWS",
        help=(
            "Shisen-Sho board size, columns x rows: 17x8 (the default) is 17 columns and"
            f" 8 rows; {GRID_COLUMNS[0]} to {GRID_COLUMNS[1]} columns,"
            f" {GRID_ROWS[0]} to {GRID_ROWS[1]} rows"
        ),
    )
    parser.add_argument(
        "--shape",
        metavar="NAME|FILE",
        help="Shisen-Sho board shape: a built-in name or a file of '#'/'.' rows",
    )
    parser.add_argument(
        "--layout", metavar="NAME|FILE", help="built-in layout or layout file (default turtle)"
    )
    parser.add_argument("--generator", choices=GENERATORS, default="reverse")
    parser.add_argument("--difficulty", choices=LAYOUT_DIFFICULTIES, default=None)
    parser.add_argument("--gravity", action="store_true", help="Shisen-Sho with gravity")
    parser.add_argument("--stones", type=int, default=0, metavar="N", help="stone tiles")
    parser.add_argument(
        "--generator-version",
        dest="gen_version",
        type=int,
        default=None,
        metavar="V",
        help=(
            f"generator version (default {GENERATOR_VERSION}; with --daily the version"
            " the game deals that date with)"
        ),
    )
    parser.add_argument("--solution", action="store_true", help="also print the solution")


def parse_size(text: str) -> tuple[int, int]:
    """``(rows, cols)`` of a ``--size`` written columns x rows (``17x8``), in the range
    the game modes deal; raises :class:`ValueError` naming the format or the range."""
    found = _SIZE.fullmatch(text.strip().lower())
    if not found:
        raise ValueError(f"--size is COLSxROWS (columns x rows) such as 17x8, not {text!r}")
    cols, rows = int(found.group(1)), int(found.group(2))
    try:
        return check_grid_size(rows, cols)
    except ModeError as error:
        raise ValueError(f"--size {text.strip()}: {error}") from None


def _load_shape(arg: str) -> Outline:
    """A built-in shape by name, else the shape file ``arg``."""
    if arg.strip().lower() in shape_names():
        return get_shape(arg)
    from pathlib import Path

    from tilematch.commands import read_input

    if not Path(arg).exists() and "/" not in arg and "." not in arg:
        raise ShapeError(f"no shape called {arg!r}; choose one of {', '.join(shape_names())}")
    text = read_input(arg)
    try:
        return parse_shape(text)
    except ShapeError as error:
        raise ShapeError(f"{arg}: {error}") from None


def _deal(args: argparse.Namespace) -> Deal:
    if args.daily is not None:
        if args.game != "solitaire":
            raise ValueError("--daily deals the Mahjong Solitaire Daily Challenge (GAME solitaire)")
        if args.layout is not None or args.generator != "reverse":
            raise ValueError("--daily always uses the Turtle and reverse placement")
        today = dt.datetime.now(dt.UTC).date()
        return daily_deal(check_daily_date(args.daily, today), args.gen_version)
    version = GENERATOR_VERSION if args.gen_version is None else args.gen_version
    if args.seed < 0:
        raise ValueError(f"--seed must be 0 or more, not {args.seed}")
    if args.game == "shisensho":
        for option, given in (
            ("--layout", args.layout is not None),
            ("--difficulty", args.difficulty is not None),
            ("--stones", args.stones != 0),
        ):
            if given:
                raise ValueError(f"{option} is for the layered games, not shisensho")
        if args.shape is not None and args.size is not None:
            raise ValueError("give --size or --shape, not both")
        return deal_game(
            "shisensho",
            seed=args.seed,
            size=parse_size(args.size) if args.size else None,
            shape=_load_shape(args.shape) if args.shape is not None else None,
            gravity=args.gravity,
            generator=args.generator,
            version=version,
        )
    for option in ("size", "shape"):
        if getattr(args, option) is not None:
            raise ValueError(f"--{option} is for shisensho; {args.game} takes --layout")
    if args.gravity:
        raise ValueError(f"--gravity is for shisensho, not {args.game}")
    layout: Layout | str = "turtle"
    if args.layout is not None:
        from tilematch.commands.layouts import load_layout_arg

        layout = load_layout_arg(args.layout)
    return deal_game(
        args.game,
        seed=args.seed,
        layout=layout,
        generator=args.generator,
        difficulty=args.difficulty or "normal",
        stones=args.stones,
        version=version,
    )


def _move_json(deal: Deal, a: int, b: int, path: tuple[tuple[int, int], ...]) -> dict[str, Any]:
    board = deal.board
    item: dict[str, Any] = {"a": list(board.coords(a)), "b": list(board.coords(b))}
    if isinstance(board, GridBoard):
        item["path"] = [list(point) for point in path]
    return item


def render(deal: Deal, *, solution: bool = False) -> str:
    """The text ``tilematch deal`` prints for ``deal``."""
    facts: dict[str, Any] = {
        "seed": deal.seed,
        "generator": deal.generator,
        "version": deal.version,
    }
    if not deal.custom:
        facts["share"] = share_code(deal)
    moves = [_move_json(deal, m.a, m.b, m.path) for m in deal.solution]
    if isinstance(deal.board, GridBoard):
        head = f"# tilematch deal shisensho {deal.board.cols}x{deal.board.rows}"
        if deal.shape is not None:
            head += f" shape={deal.shape}"
        head += "".join(f" {key}={value}" for key, value in facts.items())
        text = format_grid(deal.board)
        if text.startswith("# gravity\n"):  # the header must stay before the rows
            text = "# gravity\n" + head + "\n" + text[len("# gravity\n") :]
        else:
            text = head + "\n" + text
        if solution:
            text += "# solution\n" + "".join(f"# {json.dumps(m)}\n" for m in moves)
        return text
    extra: dict[str, Any] = {"layout": deal.layout, **facts}
    if deal.difficulty is not None:
        extra["difficulty"] = deal.difficulty
    if solution:
        extra["solution"] = moves
    return format_stack(deal.board, extra=extra)


def run(args: argparse.Namespace) -> int:
    try:
        deal = _deal(args)
    except LayoutError as error:
        return fail(str(error))
    except (ValueError, TypeError, GenerationError) as error:
        return fail(str(error))
    sys.stdout.write(render(deal, solution=args.solution))
    sys.stdout.flush()
    return 0
