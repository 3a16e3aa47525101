"""``tilematch bench``: run the benchmarks and print the README's table."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from tilematch.benchmarks import (
    HEADER,
    Row,
    duel,
    generate,
    grid,
    hints,
    load,
    page,
    server,
    solve,
    stack,
)

#: The benchmarks ``tilematch bench`` runs, in this order.
TOPICS: dict[str, Callable[..., list[Row]]] = {
    "grid": grid.run,
    "stack": stack.run,
    "solve": solve.run,
    "hints": hints.run,
    "generate": generate.run,
    "server": server.run,
    "load": load.run,
    "duel": duel.run,
    "page": page.run,
}


def add_parser(sub: Any) -> None:
    parser = sub.add_parser("bench", help="measure the engine, solver, generators and server")
    parser.add_argument("topics", nargs="*", choices=[*TOPICS, []], help="which benchmarks")
    parser.add_argument("--quick", action="store_true", help="a short smoke run")


def run(args: argparse.Namespace) -> int:
    topics = args.topics or list(TOPICS)
    print(HEADER, flush=True)
    for topic in topics:
        for row in TOPICS[topic](quick=args.quick):
            print(row.markdown(), flush=True)
    return 0
