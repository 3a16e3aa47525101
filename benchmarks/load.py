"""Load test of tilematch across server processes, on SQLite or PostgreSQL, over loopback.

Usage: python benchmarks/load.py [--db sqlite sqlite-full postgresql] [--processes 1 2]
                                 [--players 100 500] [--think 1.0] [--seconds 20]
                                 [--max-requests 50000] [--redis auto|on|off]
                                 [--pg-commit sync|async] [--sqlite-sync NORMAL|FULL]
                                 [--balance round-robin|sticky] [--workers N]
                                 [--duels 50] [--duel-seconds 40]
                                 [--repeat N] [--no-pin] [--quick]

For each database and number of processes it starts the real servers in a
temporary folder (PostgreSQL and Redis when asked; Redis with more than one
process unless ``--redis off``), then ``tilematch serve`` processes, and plays
each level of simulated players against them, round robin per request as a
load balancer would. It prints moves/s, p50/p95/p99 of a move, the CPU
milliseconds per move of the servers, PostgreSQL and Redis, whether the
database holds every acknowledged move (none lost, none doubled), then the
Speed Duel claim latencies with both players on one process and on different
processes, and the targets beside the figures. ``sqlite-full`` is SQLite
flushing every commit to the disk (``TILEMATCH_SYNC=FULL``), PostgreSQL's
durability. ``--repeat N`` runs every deployment N times, alternating (the
moves, then the duels; every other pass in the reverse order, so that a drift of
the machine's speed over a pass falls on each deployment alike), and adds tables
of medians; the targets are then judged on the medians. The servers are pinned
to one core and this load client to the others (unless ``--no-pin``). It stops
everything it started.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys

from tilematch.benchmarks import duel, load
from tilematch.benchmarks.machine import describe_cores, load_average, split_cores
from tilematch.benchmarks.services import ServiceError


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", nargs="+", choices=load.DATABASES, default=["sqlite"])
    parser.add_argument("--processes", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--players", type=int, nargs="+", default=[100, 500])
    parser.add_argument("--think", type=float, default=1.0, help="mean seconds between moves")
    parser.add_argument("--seconds", type=float, default=20.0, help="length of each level")
    parser.add_argument("--max-requests", type=int, default=50_000, help="moves per level, most")
    parser.add_argument("--redis", choices=load.REDIS_CHOICES, default="auto")
    parser.add_argument(
        "--pg-commit",
        choices=["sync", "async"],
        default="sync",
        help="PostgreSQL synchronous_commit on (sync, loses nothing) or off",
    )
    parser.add_argument(
        "--balance",
        choices=["round-robin", "sticky"],
        default="round-robin",
        help="each request to the next process (default), or each player to one process",
    )
    parser.add_argument("--workers", type=int, default=1, help="tilematch serve --workers")
    parser.add_argument(
        "--sqlite-sync", "--sync", choices=["NORMAL", "FULL"], help="TILEMATCH_SYNC"
    )
    parser.add_argument("--duels", type=int, default=50, help="concurrent duels (0: none)")
    parser.add_argument("--duel-seconds", type=float, default=40.0, help="duel run, most")
    parser.add_argument(
        "--repeat", type=int, default=1, help="passes over the deployments, alternating"
    )
    parser.add_argument("--no-pin", action="store_true", help="do not pin servers and client")
    parser.add_argument("--quick", action="store_true", help="10 players for 3 s, 5 duels")
    return parser


def _check(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    if args.quick:
        args.players, args.seconds, args.duels, args.duel_seconds = [10], 3.0, 5, 20.0
    if any(n < 1 or n > 2000 for n in args.players):
        parser.error("--players takes 1 to 2000 players a level")
    if any(n < 1 or n > 8 for n in args.processes):
        parser.error("--processes takes 1 to 8 processes")
    if not 0 < args.seconds <= 300 or not 0 < args.duel_seconds <= 300:
        parser.error("--seconds and --duel-seconds take 0 to 300 seconds")
    if not 1 <= args.repeat <= 20:
        parser.error("--repeat takes 1 to 20 passes")
    if not 1 <= args.workers <= 16:
        parser.error("--workers takes 1 to 16 worker processes")
    if not 0 <= args.duels <= 500 or not 0 < args.think <= 60 or args.max_requests < 1:
        parser.error("--duels takes 0 to 500, --think 0 to 60 s, --max-requests at least 1")


def _progress(run: load.LoadRun) -> None:
    print(
        f"done: {run.label()}, {run.processes} process(es), {run.level.players} players,"
        f" pass {run.round}",
        file=sys.stderr,
        flush=True,
    )


def _deployments(args: argparse.Namespace, dbs: list[str], round_: int) -> list[tuple[str, int]]:
    return load.in_turn([(db, count) for db in dbs for count in args.processes], round_)


def _moves(args: argparse.Namespace) -> list[load.LoadRun]:
    """Every level on every database and number of processes, ``--repeat`` times over
    (alternating, every other pass backwards); a cluster that cannot start is reported
    and skipped, the others still run."""
    runs: list[load.LoadRun] = []
    for round_ in range(1, args.repeat + 1):
        for db, count in _deployments(args, args.db, round_):
            try:
                measured = load.measure(
                    [db],
                    [count],
                    load.in_turn(args.players, round_),
                    think=args.think,
                    seconds=args.seconds,
                    max_requests=args.max_requests,
                    redis=args.redis,
                    pin=not args.no_pin,
                    synchronous_commit=args.pg_commit == "sync",
                    server_env={"TILEMATCH_SYNC": args.sqlite_sync} if args.sqlite_sync else None,
                    workers=args.workers,
                    sticky=args.balance == "sticky",
                )
            except ServiceError as error:
                print(f"not measured: {db}, {count} process(es): {error}", file=sys.stderr)
                continue
            for run_ in measured:
                runs.append(dataclasses.replace(run_, round=round_))
                _progress(runs[-1])
    return runs


def _duels(args: argparse.Namespace) -> list[duel.DuelRun]:
    """The duels on every database and number of processes, ``--repeat`` times over
    (alternating, every other pass backwards)."""
    runs: list[duel.DuelRun] = []
    dbs = [db for db in args.db if db != load.FULL_SQLITE] if args.duels else []
    for round_ in range(1, args.repeat + 1):
        for db, count in _deployments(args, dbs, round_):
            where = f"{db}, {count} process(es)"
            try:
                samples = duel.measure(
                    args.duels, args.duel_seconds, count, db, pin=not args.no_pin
                )
            except ServiceError as error:
                print(f"duels not measured: {where}: {error}", file=sys.stderr)
                continue
            runs.append(duel.DuelRun(db, count, args.duels, samples, round_))
            print(f"done: duels, {where}, pass {round_}", file=sys.stderr, flush=True)
            for error in sorted(set(samples.errors))[:3]:
                print(f"duel error ({where}): {error}", file=sys.stderr)
    return runs


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    _check(parser, args)
    split = None if args.no_pin else split_cores()
    print(f"machine: {os.cpu_count()} cores; {describe_cores(split)}")
    print(f"load average before: {_load()}", flush=True)
    runs = _moves(args)
    print("\n" + load.table(runs), flush=True)
    if args.repeat > 1:
        print("\nmedians:\n" + load.summary(runs), flush=True)
    duels = _duels(args)
    if duels:
        print("\n" + duel.table(duels))
        if args.repeat > 1:
            print("\nduel medians:\n" + duel.summary(duels))
    print("\ntargets:")
    for line in load.targets(runs) + duel.targets(duels):
        print(f"- {line}")
    print(f"\nload average after: {_load()}")
    return 0


def _load() -> str:
    value = load_average()
    return "n/a" if value is None else " ".join(f"{v:.2f}" for v in value)


if __name__ == "__main__":
    sys.exit(main())
