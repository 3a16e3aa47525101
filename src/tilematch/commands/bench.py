"""``tilematch bench``: run the benchmarks and print the README's table."""

from __future__ import annotations

import argparse
import sys
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
from tilematch.benchmarks.needs import Dropped, RowsDropped, missing
from tilematch.commands.progress import Progress
from tilematch.engine.words import counted

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
    """Print the table of ``args.topics`` (all by default). Rows a topic cannot measure
    are named on stderr with what they need and how to install it, as they happen and
    again at the end; they do not change the exit code (0). On a terminal a progress
    line on stderr says which topic runs (:mod:`tilematch.commands.progress`)."""
    topics = args.topics or list(TOPICS)
    print(HEADER, flush=True)
    dropped: list[Dropped] = []
    with Progress("bench", len(topics)) as progress:
        for topic in topics:
            progress.show(topic)
            lacking = missing(topic)
            try:
                if lacking is not None:
                    raise RowsDropped(lacking)
                with progress.ticking():
                    rows = TOPICS[topic](quick=args.quick)
                for row in rows:
                    progress.print(row.markdown())
            except RowsDropped as error:
                dropped.append(error.dropped)
                progress.print(f"tilematch bench: {error.dropped.sentence()}", file=sys.stderr)
            progress.step()
    if dropped:
        names = ", ".join(item.topic for item in dropped)
        print(
            f"tilematch bench: {counted(len(dropped), 'topic')} dropped ({names});"
            " the lines above say what to install",
            file=sys.stderr,
        )
    return 0
