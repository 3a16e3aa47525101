"""``tilematch bench``: run the benchmarks and print the README's table."""

from __future__ import annotations

import argparse
import importlib
from typing import Any

from tilematch.benchmarks import HEADER, TOPICS


def add_parser(sub: Any) -> None:
    parser = sub.add_parser("bench", help="measure the engine, solver, generators and server")
    parser.add_argument("topics", nargs="*", choices=[*TOPICS, []], help="which benchmarks")
    parser.add_argument("--quick", action="store_true", help="a short smoke run")


def run(args: argparse.Namespace) -> int:
    topics = args.topics or list(TOPICS)
    print(HEADER, flush=True)
    for topic in topics:
        try:
            module = importlib.import_module(f"tilematch.benchmarks.{topic}")
        except ModuleNotFoundError as error:
            if error.name == f"tilematch.benchmarks.{topic}":
                continue
            raise
        for row in module.run(quick=args.quick):
            print(row.markdown(), flush=True)
    return 0
