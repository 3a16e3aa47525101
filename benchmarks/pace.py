"""The fastest pace of pairs the real page allows, and a pace at the human floor.

Usage: python benchmarks/pace.py

Drives the page in headless Chromium (Debian's ``/usr/bin/chromium``) with
gliding mouse movements on a 17 x 8 Classic board and prints, per run, the gaps
between two pairs as the server recorded them and whether the plausibility rule
ranks the result (:mod:`tilematch.benchmarks.pace`; figures in docs/modes.md).
"""

from __future__ import annotations

import sys

from tilematch.benchmarks.pace import main

if __name__ == "__main__":
    sys.exit(main())
