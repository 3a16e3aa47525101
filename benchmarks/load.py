"""Load test of the tilematch server over loopback HTTP.

Usage: python benchmarks/load.py [--players 10 100 500] [--think 1.0] [--seconds 20]
                                 [--max-requests 50000] [--sync NORMAL|FULL] [--no-pin]
                                 [--quick]

Starts ``tilematch serve`` on 127.0.0.1 with a temporary database, runs each
level of simulated players (each playing games move by move with a think time
between moves), then the same players against the bare ``/api/ping`` endpoint,
and prints moves per second and latency percentiles as a Markdown table.
The server is pinned to one core and this load client to the others (unless
``--no-pin``), so that the client does not take the server's CPU.
"""

from __future__ import annotations

import argparse
import sys

from tilematch.benchmarks.server import measure, table


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[10, 100, 500])
    parser.add_argument("--think", type=float, default=1.0, help="mean seconds between moves")
    parser.add_argument("--seconds", type=float, default=20.0, help="length of each level")
    parser.add_argument("--max-requests", type=int, default=50_000, help="cap per level")
    parser.add_argument("--sync", choices=["NORMAL", "FULL"], help="the server's TILEMATCH_SYNC")
    parser.add_argument("--no-pin", action="store_true", help="do not pin server and client")
    parser.add_argument("--quick", action="store_true", help="10 players for 3 s")
    args = parser.parse_args(argv)
    if args.quick:
        args.players, args.seconds = [10], 3.0
    if any(n < 1 or n > 2000 for n in args.players) or not 0 < args.seconds <= 300:
        parser.error("players must be 1-2000 and seconds 0-300")
    results = measure(
        tuple(args.players),
        args.think,
        args.seconds,
        args.max_requests,
        args.sync,
        pin=not args.no_pin,
    )
    print(table(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
