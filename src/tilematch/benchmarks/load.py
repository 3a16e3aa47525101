"""Load across server processes: moves/s, move latency and CPU per move, per database.

For each database (SQLite, PostgreSQL) and each number of ``tilematch serve``
processes, a :class:`~tilematch.benchmarks.cluster.Cluster` is started on
loopback (with Redis when more than one process runs, unless told otherwise),
and each level of simulated players (:mod:`tilematch.benchmarks.players`)
plays against it, round robin per request as a load balancer spreads them, so
that one game's moves reach different processes. Measured per level: moves/s,
p50/p95/p99 of a move, and the CPU seconds per move of the server processes,
of PostgreSQL and of Redis (each apart, from ``/proc``). Then the database is
read directly: it must hold, for every game, exactly the moves the servers
acknowledged (none lost, none doubled).

The servers (and PostgreSQL and Redis) are pinned to one core and the load
client to the others where the system allows, so the client does not measure
itself. :func:`targets` judges the figures against the targets.

Besides ``sqlite`` and ``postgresql``, the database ``sqlite-full`` is SQLite
with ``TILEMATCH_SYNC=FULL``: each commit flushed to the disk before the answer,
as PostgreSQL does by default, so that the cost of more processes can be told
apart from the cost of a flush per move. CPU time per move varies by about
15 % from one run to the next on a shared machine, so ``benchmarks/load.py
--repeat`` runs the whole set of deployments again, alternating (each run's
``round`` says which pass), and :func:`summary` and :func:`targets` take the
medians.
"""

from __future__ import annotations

import asyncio
import statistics
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import TypeVar

from tilematch.benchmarks import Row
from tilematch.benchmarks.cluster import Cluster
from tilematch.benchmarks.machine import pinned, split_cores
from tilematch.benchmarks.players import Level, run_level
from tilematch.benchmarks.server import load, ms, percentile, share

T = TypeVar("T")

#: When the servers get a Redis of their own: ``auto`` is with more than one process.
REDIS_CHOICES = ("auto", "on", "off")
#: The databases a load run takes: ``sqlite-full`` is SQLite flushing every commit.
DATABASES = ("sqlite", "sqlite-full", "postgresql")
#: SQLite flushing each commit to the disk, as PostgreSQL does: the same durability.
FULL_SQLITE = "sqlite-full"
#: moves per server CPU-second, 2 processes on PostgreSQL against 1 on SQLite (at least).
EFFICIENCY_TARGET = 0.8
#: p95 of a move at 100 players on PostgreSQL (milliseconds, at most).
MOVE_P95_TARGET = 10.0


@dataclass(frozen=True)
class Audit:
    """The database against what the servers acknowledged, over one level."""

    games: int  # games that received a move
    acknowledged: int  # moves answered 200 with ``ok: true``
    stored: int  # moves the database holds for those games
    lost: int  # acknowledged moves the database does not hold
    doubled: int  # stored moves beyond the acknowledged and the unanswered ones


def audit(level: Level, before: dict[str, int], after: dict[str, int]) -> Audit:
    """Compare ``level``'s acknowledged moves with the moves stored per game
    between the snapshots ``before`` and ``after`` (game id -> stored moves)."""
    games = set(level.acked) | set(level.unsure) | {g for g in after if after[g] != before.get(g)}
    lost = doubled = stored = 0
    for game in games:
        count = after.get(game, 0) - before.get(game, 0)
        stored += count
        lost += max(0, level.acked[game] - count)
        doubled += max(0, count - level.acked[game] - level.unsure[game])
    return Audit(len(games), level.acknowledged(), stored, lost, doubled)


@dataclass(frozen=True)
class LoadRun:
    """One level on one cluster: what was measured and what the database holds."""

    db: str
    processes: int
    redis: bool
    level: Level
    audit: Audit
    logged_errors: int  # error lines in the servers' output during the level
    workers: int = 1  # ``tilematch serve --workers`` of each process
    sticky: bool = False  # each player kept to one process (not round robin)
    round: int = 1  # which pass over the deployments (``load.py --repeat``)

    def judged(self) -> bool:
        """Whether the latency target applies: single-worker processes, round robin (one
        process is either)."""
        return self.workers == 1 and (not self.sticky or self.processes == 1)

    def label(self) -> str:
        """The deployment in a few words: database, Redis, balancing."""
        return (
            ("sqlite, FULL" if self.db == FULL_SQLITE else self.db)
            + (" + Redis" if self.redis else "")
            + (f", --workers {self.workers}" if self.workers > 1 else "")
            + (", sticky" if self.sticky else "")
        )

    def total_cpu_per_move(self) -> float | None:
        """CPU milliseconds per move of every server-side part together."""
        parts = [self.level.cpu_per_move(p) for p in ("servers", "postgresql", "redis")]
        if parts[0] is None:
            return None
        return sum(part for part in parts if part is not None)

    def moves_per_cpu_second(self, *, servers_only: bool = False) -> float | None:
        """Moves per CPU second of every server-side part together (``servers_only``: of
        the tilematch processes alone, without PostgreSQL's and Redis's own)."""
        total = self.level.cpu_per_move("servers") if servers_only else self.total_cpu_per_move()
        return 1000 / total if total else None


def measure(
    dbs: Iterable[str],
    processes: Iterable[int],
    players: Iterable[int],
    *,
    think: float = 1.0,
    seconds: float = 20.0,
    max_requests: int = 50_000,
    redis: str = "auto",
    pin: bool = True,
    synchronous_commit: bool = True,
    workers: int = 1,
    server_args: list[str] | None = None,
    server_env: dict[str, str] | None = None,
    sticky: bool = False,
    progress: Callable[[LoadRun], None] | None = None,
) -> list[LoadRun]:
    """Run every level of ``players`` on a fresh cluster for each database and
    number of processes; returns one :class:`LoadRun` per level (``progress`` is
    called with each as it is done).

    Each process runs ``workers`` worker processes; ``server_env`` and
    ``server_args`` go to every server process; ``sticky`` keeps each player to
    one process instead of round robin.

    Raises :class:`~tilematch.benchmarks.services.ServiceError` when a server
    cannot be started (or takes no PostgreSQL URL), ``ValueError`` for an unknown
    database or ``redis`` choice."""
    if redis not in REDIS_CHOICES:
        raise ValueError(f"redis must be one of {', '.join(REDIS_CHOICES)}")
    dbs, processes, players = list(dbs), list(processes), list(players)
    unknown = [db for db in dbs if db not in DATABASES]
    if unknown:
        raise ValueError(f"unknown database {unknown[0]!r} (one of {', '.join(DATABASES)})")
    split = split_cores() if pin else None
    runs: list[LoadRun] = []
    for db in dbs:
        env = dict(server_env or {})
        if db == FULL_SQLITE:
            env["TILEMATCH_SYNC"] = "FULL"
        for count in processes:
            use_redis = redis == "on" or (redis == "auto" and count > 1)
            cluster = Cluster(
                "sqlite" if db == FULL_SQLITE else db,
                count,
                redis=use_redis,
                cores=split[0] if split else None,
                synchronous_commit=synchronous_commit,
                workers=workers,
                env=env,
                args=server_args,
            )
            with cluster, pinned(split[1] if split else None):
                for n in players:
                    run_ = _level(cluster, n, think, seconds, max_requests, sticky)
                    runs.append(replace(run_, db=db))
                    if progress is not None:
                        progress(runs[-1])
    return runs


def _level(
    cluster: Cluster, players: int, think: float, seconds: float, most: int, sticky: bool
) -> LoadRun:
    before, errors = cluster.stored_moves(), cluster.logged_errors()
    level = asyncio.run(
        run_level(
            cluster.urls, players, think, seconds, most, cluster.cpu, bare=False, sticky=sticky
        )
    )
    checked = audit(level, before, cluster.stored_moves())
    logged = cluster.logged_errors() - errors
    return LoadRun(
        cluster.db,
        cluster.processes,
        cluster.redis,
        level,
        checked,
        logged,
        cluster.workers,
        sticky,
    )


HEADER = (
    "| db | processes | players | moves | moves/s | p50 ms | p95 ms | p99 ms"
    " | CPU ms/move: tilematch | PostgreSQL | Redis | all | moves per CPU-s"
    " | acknowledged / sent | lost | doubled | errors | client CPU | load avg | pass |\n"
    "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
)


def table(runs: list[LoadRun]) -> str:
    """The runs as a Markdown table (one row per level)."""
    lines = [HEADER]
    for run_ in runs:
        level = run_.level
        efficiency = run_.moves_per_cpu_second()
        lines.append(
            f"| {run_.label()} | {run_.processes} | "
            f"{level.players} | {len(level.moves)} | {level.rate():.0f} | "
            f"{percentile(level.moves, 0.50):.2f} | {percentile(level.moves, 0.95):.2f} | "
            f"{percentile(level.moves, 0.99):.2f} | {ms(level.cpu_per_move())} | "
            f"{ms(level.cpu_per_move('postgresql'))} | {ms(level.cpu_per_move('redis'))} | "
            f"{ms(run_.total_cpu_per_move())} | "
            f"{'n/a' if efficiency is None else f'{efficiency:.0f}'} | "
            f"{run_.audit.acknowledged} / {level.sent()} | {run_.audit.lost} | "
            f"{run_.audit.doubled} | {level.errors + level.failed} | "
            f"{share(level.client_share())} | {load(level.load)} | {run_.round} |"
        )
    return "\n".join(lines)


def _runs_of(
    runs: list[LoadRun], db: str, processes: int, players: int, sticky: bool = False
) -> list[LoadRun]:
    """The runs of ``db`` with ``processes`` single-worker processes at ``players``,
    round robin (or with each player on one process when ``sticky``; one process is
    either), in the order they ran."""
    return [
        run_
        for run_ in runs
        if run_.workers == 1
        and (run_.sticky == sticky or processes == 1)
        and (run_.db, run_.processes, run_.level.players) == (db, processes, players)
    ]


def _median(values: list[float]) -> float:
    return float(statistics.median(values))


def _spread(values: list[float], digits: int) -> str:
    """`` (runs a–b)`` for more than one value, else nothing."""
    if len(values) < 2:
        return ""
    return f" (runs {min(values):.{digits}f}–{max(values):.{digits}f})"


def _efficiency(runs: list[LoadRun], servers_only: bool) -> list[float]:
    values = [r.moves_per_cpu_second(servers_only=servers_only) for r in runs]
    return [v for v in values if v is not None]


def _ratio_line(
    base: list[LoadRun],
    scaled: list[LoadRun],
    *,
    players: str,
    servers_only: bool,
    balance: str,
    against: str,
) -> str | None:
    """One verdict on the moves per CPU-second of ``scaled`` against ``base`` (medians
    when repeated, with the ratios of the passes that ran both)."""
    a, b = _efficiency(base, servers_only), _efficiency(scaled, servers_only)
    if not a or not b:
        return None
    ratio = _median(b) / _median(a)
    mine = {r.round: r.moves_per_cpu_second(servers_only=servers_only) for r in scaled}
    passes = [
        m / t
        for r in base
        if (t := r.moves_per_cpu_second(servers_only=servers_only))
        and (m := mine.get(r.round)) is not None
    ]
    whose = "tilematch" if servers_only else "tilematch + PostgreSQL + Redis"
    medians = f", medians of {len(b)} runs" if len(b) > 1 else ""
    verdict = "met" if ratio >= EFFICIENCY_TARGET else "not met"
    return (
        f"moves per CPU-second ({whose}), {players}{medians}: "
        f"2 processes on PostgreSQL {_median(b):.0f} ({balance}), 1 on {against} "
        f"{_median(a):.0f}, ratio {ratio:.2f}{_spread(passes, 2)} "
        f"(target >= {EFFICIENCY_TARGET:.2f}): {verdict}"
    )


def targets(runs: list[LoadRun]) -> list[str]:
    """One line per target about moves: the figure, the target and ``met``, ``not met``
    or ``not measured in this run`` (runs of single-worker processes; the ratio is given
    for round robin and for each player kept on one process, whichever were run, counting
    the CPU of every server-side part, then of the tilematch processes alone; then, when
    ``sqlite-full`` ran, against SQLite flushing every commit as PostgreSQL does). When
    a level and its double both ran, the ratio is also given at as many players a
    process: 2 processes at the double against 1 at the level.

    Repeated deployments are judged by their medians."""
    lines = []
    levels = sorted({run_.level.players for run_ in runs})
    pairs = [(n, n) for n in levels] + [(n, 2 * n) for n in levels if 2 * n in levels]
    compared = False
    bases = (("sqlite", "SQLite"), (FULL_SQLITE, "SQLite flushing every commit (FULL)"))
    for (db, against), (players, scaled_players), sticky in (
        (b, pair, s) for b in bases for pair in pairs for s in (False, True)
    ):
        base = _runs_of(runs, db, 1, players)
        scaled = _runs_of(runs, "postgresql", 2, scaled_players, sticky)
        if not base or not scaled:
            continue
        balance = "each player on one process" if sticky else "round robin"
        only = (False, True) if db == "sqlite" else (False,)
        if scaled_players == players:
            who = f"{players} players"
        else:  # as many players on each process: the second process serves more of them
            who = f"{players} players a process ({scaled_players} on 2 processes)"
        for servers_only in only:
            line = _ratio_line(
                base,
                scaled,
                players=who,
                servers_only=servers_only,
                balance=balance,
                against=against,
            )
            if line is not None:
                compared = True
                lines.append(line)
    if not compared:
        lines.append(
            "moves per CPU-second, 2 processes on PostgreSQL within 20 % of 1 on SQLite: "
            "not measured in this run (needs --db sqlite postgresql --processes 1 2)"
        )
    judged = [r for r in runs if r.judged() and r.db == "postgresql" and r.level.players == 100]
    for count in sorted({r.processes for r in judged}):
        p95s = [percentile(r.level.moves, 0.95) for r in judged if r.processes == count]
        p95 = _median(p95s)
        medians = f", median of {len(p95s)} runs" if len(p95s) > 1 else ""
        lines.append(
            f"move p95 at 100 players on PostgreSQL, {count} process(es){medians}: "
            f"{p95:.2f} ms{_spread(p95s, 1)} (target <= {MOVE_P95_TARGET:.0f} ms): "
            f"{'met' if p95 <= MOVE_P95_TARGET else 'not met'}"
        )
    if not judged:
        lines.append(
            "move p95 at 100 players on PostgreSQL <= 10 ms: not measured in this run "
            "(needs --db postgresql --players 100)"
        )
    return lines


SUMMARY_HEADER = (
    "| deployment | processes | players | runs | moves/s | move p95 ms"
    " | CPU ms/move: tilematch | PostgreSQL | Redis | all | moves per CPU-s |\n"
    "|---|---|---|---|---|---|---|---|---|---|---|"
)


def in_turn(items: Sequence[T], round_: int) -> list[T]:
    """``items`` in their order on odd passes (``round_`` 1, 3, ...) and backwards on
    even ones, so that a machine slowing down or warming up over a pass is not
    charged to whichever deployment always comes last."""
    return list(items) if round_ % 2 else list(reversed(items))


def summary(runs: list[LoadRun]) -> str:
    """One row per deployment and level: the medians of its runs (with their range
    for moves per CPU-second), as a Markdown table."""
    groups: dict[tuple[str, int, int], list[LoadRun]] = {}
    for run_ in runs:  # the label names the database, Redis, workers and balance
        groups.setdefault((run_.label(), run_.processes, run_.level.players), []).append(run_)
    lines = [SUMMARY_HEADER]
    for (label, processes, players), group in groups.items():

        def part(name: str, group: list[LoadRun] = group) -> str:
            values = [v for r in group if (v := r.level.cpu_per_move(name)) is not None]
            return ms(_median(values)) if values else "n/a"

        totals = [t for r in group if (t := r.total_cpu_per_move()) is not None]
        efficiency = _efficiency(group, servers_only=False)
        lines.append(
            f"| {label} | {processes} | {players} | {len(group)} | "
            f"{_median([r.level.rate() for r in group]):.0f} | "
            f"{_median([percentile(r.level.moves, 0.95) for r in group]):.1f} | "
            f"{part('servers')} | {part('postgresql')} | {part('redis')} | "
            f"{ms(_median(totals)) if totals else 'n/a'} | "
            + (f"{_median(efficiency):.0f}{_spread(efficiency, 0)}" if efficiency else "n/a")
            + " |"
        )
    return "\n".join(lines)


def run(quick: bool = False) -> list[Row]:
    """Rows for ``tilematch bench load``: 1 and 2 server processes on SQLite
    (quick: 10 players for 3 s; else 100 players for 15 s)."""
    players, seconds = ((10,), 3.0) if quick else ((100,), 15.0)
    rows = []
    for run_ in measure(["sqlite"], [1, 2], players, seconds=seconds):
        level, samples = run_.level, run_.level.moves or [0.0]
        rows.append(
            Row(
                f"load: {run_.processes} process(es) on SQLite, {level.players} players",
                percentile(samples, 0.50),
                percentile(samples, 0.95),
                max(samples),
                len(level.moves),
                "",
                f"{level.rate():.0f} moves/s; CPU {ms(run_.total_cpu_per_move())} ms/move; "
                f"{run_.audit.acknowledged} acknowledged, {run_.audit.lost} lost, "
                f"{level.errors + level.failed} errors",
            )
        )
    return rows
