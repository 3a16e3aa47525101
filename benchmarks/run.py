"""Run every benchmark and print the README's table.

Usage: ``python benchmarks/run.py [--quick] [TOPIC ...]`` — the same as
``tilematch bench``. Topics live in ``src/tilematch/benchmarks/``.
"""

from __future__ import annotations

import sys

from tilematch.cli import main

if __name__ == "__main__":
    sys.exit(main(["bench", *sys.argv[1:]]))
