"""The load benchmark across processes: a short real run, its report and its checks.

Figures are not judged here (targets live in the benchmark's output); what is
asserted is that the harness plays real games on one and two processes, that
every move it sent was acknowledged and is in the database exactly once, and
that the report and the verdicts have their shape.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from tilematch.benchmarks import load
from tilematch.benchmarks.cluster import Cluster, Cpu
from tilematch.benchmarks.players import Level

#: Columns of the load table.
COLUMNS = load.HEADER.splitlines()[0].count("|") - 1


@pytest.fixture(scope="module")
def quick_runs() -> list[load.LoadRun]:
    """1 and 2 ``tilematch serve`` processes on one SQLite file, 6 players, 3 s each."""
    return load.measure(["sqlite"], [1, 2], [6], think=0.2, seconds=3.0, pin=False)


def _assert_every_move_acknowledged(run: load.LoadRun) -> None:
    level = run.level
    assert level.sent() > 10
    assert (level.errors, level.failed, level.refused) == (0, 0, 0), level.statuses
    assert run.audit.acknowledged == level.sent() == len(level.moves)
    assert run.audit.stored == run.audit.acknowledged
    assert (run.audit.lost, run.audit.doubled) == (0, 0)
    assert run.audit.games == level.players


def test_the_quick_run_reports_one_row_per_level(quick_runs: list[load.LoadRun]) -> None:
    assert [(r.db, r.processes, r.redis, r.level.players) for r in quick_runs] == [
        ("sqlite", 1, False, 6),
        ("sqlite", 2, True, 6),
    ]
    lines = load.table(quick_runs).splitlines()
    assert lines[:2] == load.HEADER.splitlines()
    assert len(lines) == 4
    for line in lines[2:]:
        assert line.count("|") - 1 == COLUMNS
    for run in quick_runs:
        assert run.level.rate() > 0
        assert run.level.cpu is not None and run.level.cpu.servers
        assert run.level.cpu.postgresql is None
        assert (run.level.cpu.redis is not None) == run.redis
        assert run.total_cpu_per_move() == pytest.approx(
            sum(run.level.cpu_per_move(p) or 0 for p in ("servers", "postgresql", "redis"))
        )


def test_one_process_acknowledges_every_move(quick_runs: list[load.LoadRun]) -> None:
    _assert_every_move_acknowledged(quick_runs[0])


def test_two_processes_acknowledge_every_move(quick_runs: list[load.LoadRun]) -> None:
    _assert_every_move_acknowledged(quick_runs[1])


def _level(players: int, moves: int, servers: float, postgresql: float | None = None) -> Level:
    level = Level(players, 1.0, 10.0, moves=[4.0] * moves, move_seconds=10.0)
    level.cpu = Cpu(servers, postgresql, 0.0 if postgresql is not None else None)
    return level


def _run(db: str, processes: int, level: Level) -> load.LoadRun:
    return load.LoadRun(db, processes, processes > 1, level, load.audit(level, {}, {}), 0)


def test_the_audit_finds_lost_and_doubled_moves() -> None:
    level = Level(3, 1.0, 1.0)
    level.acked = Counter({"a": 5, "b": 3, "c": 2})
    level.unsure = Counter({"c": 1})
    before = {"a": 1, "old": 7}
    after = {"a": 6, "b": 2, "c": 3, "d": 1, "old": 7}
    checked = load.audit(level, before, after)
    # a: 5 stored of 5; b: one lost; c: 3 stored for 2 acknowledged + 1 unanswered;
    # d: a game nobody was told about got a move
    assert checked == load.Audit(games=4, acknowledged=10, stored=11, lost=1, doubled=1)


def test_targets_compare_two_processes_on_postgresql_with_one_on_sqlite() -> None:
    base = _run("sqlite", 1, _level(100, 1000, servers=3.0))  # 3 ms a move
    near = _run("postgresql", 2, _level(100, 1000, servers=2.5, postgresql=1.0))  # 3.5 ms
    far = _run("postgresql", 2, _level(100, 1000, servers=3.0, postgresql=1.0))  # 4 ms
    met = load.targets([base, near])
    assert "(tilematch + PostgreSQL + Redis)" in met[0]
    assert "ratio 0.86" in met[0] and met[0].endswith(": met")
    # the tilematch processes alone: 3.0 against 2.5 ms a move
    assert "(tilematch)," in met[1] and "ratio 1.20" in met[1] and met[1].endswith(": met")
    assert "100 players on PostgreSQL, 2 process(es): 4.00 ms" in met[2]
    assert met[2].endswith(": met")
    behind = load.targets([base, far])
    assert behind[0].endswith("ratio 0.75 (target >= 0.80): not met")
    assert behind[1].endswith("ratio 1.00 (target >= 0.80): met")
    slow = _level(100, 100, servers=1.0, postgresql=0.1)
    slow.moves = [4.0] * 90 + [12.0] * 10
    assert load.targets([_run("postgresql", 1, slow)])[1].endswith(
        "12.00 ms (target <= 10 ms): not met"
    )


def test_the_ratio_is_judged_for_each_balance_that_was_run() -> None:
    base = _run("sqlite", 1, _level(100, 1000, servers=3.0))
    spread = _run("postgresql", 2, _level(100, 1000, servers=5.0, postgresql=1.0))  # 6 ms
    kept = _run("postgresql", 2, _level(100, 1000, servers=2.5, postgresql=1.0))
    kept = replace(kept, sticky=True)  # 3.5 ms, each player on one process
    lines = load.targets([base, spread, kept])
    assert "(round robin)" in lines[0] and lines[0].endswith("ratio 0.50 (target >= 0.80): not met")
    assert "(round robin)" in lines[1] and lines[1].endswith("ratio 0.60 (target >= 0.80): not met")
    assert "(each player on one process)" in lines[2] and lines[2].endswith(": met")
    assert "ratio 0.86" in lines[2] and "ratio 1.20" in lines[3]


def test_targets_say_what_this_run_did_not_measure() -> None:
    lines = load.targets([_run("sqlite", 1, _level(100, 10, servers=0.03))])
    assert len(lines) == 2
    assert all("not measured in this run" in line for line in lines)


def test_a_cluster_refuses_what_it_cannot_run() -> None:
    with pytest.raises(ValueError, match="unknown database 'mysql'"):
        Cluster("mysql", 1)
    with pytest.raises(ValueError, match="at least one server process and one worker"):
        Cluster("sqlite", 0)
    with pytest.raises(ValueError, match="redis must be one of auto, on, off"):
        load.measure(["sqlite"], [1], [1], redis="maybe")


def test_runs_of_many_workers_are_not_judged_and_sticky_ones_are_named() -> None:
    base = _run("sqlite", 1, _level(100, 1000, servers=3.0))
    level = _level(100, 1000, servers=2.5, postgresql=1.0)
    sticky = load.LoadRun("postgresql", 2, True, level, load.audit(level, {}, {}), 0, sticky=True)
    workers = load.LoadRun("postgresql", 2, True, level, load.audit(level, {}, {}), 0, workers=2)
    assert sticky.label() == "postgresql + Redis, sticky"
    assert workers.label() == "postgresql + Redis, --workers 2"
    assert all("not measured in this run" in line for line in load.targets([base, workers]))
    ratio, servers_only, p95 = load.targets([base, sticky, workers])
    assert "(each player on one process)" in ratio and ratio.endswith(
        "ratio 0.86 (target >= 0.80): met"
    )
    assert servers_only.endswith("ratio 1.20 (target >= 0.80): met")
    assert "not measured in this run" in p95  # latency is judged on round robin only
    alone = _run("postgresql", 1, _level(100, 1000, servers=2.5, postgresql=1.0))
    assert load.targets([replace(alone, sticky=True)])[1].startswith(
        "move p95 at 100 players on PostgreSQL, 1 process(es): 4.00 ms"
    )  # one process: sticky or round robin is the same
    assert "| postgresql + Redis, sticky | 2 | 100 |" in load.table([sticky])


def test_repeated_runs_are_judged_by_their_medians() -> None:
    def run(db: str, processes: int, servers: float, pg: float | None, round_: int) -> load.LoadRun:
        return replace(_run(db, processes, _level(100, 1000, servers, pg)), round=round_)

    # SQLite 2.0, 2.5, 4.0 ms a move (median 2.5); PostgreSQL 2.5, 3.0, 3.5 (median 3.0)
    runs = [
        run("sqlite", 1, 2.0, None, 1),
        run("postgresql", 2, 2.0, 0.5, 1),
        run("sqlite", 1, 2.5, None, 2),
        run("postgresql", 2, 2.5, 0.5, 2),
        run("sqlite", 1, 4.0, None, 3),
        run("postgresql", 2, 3.0, 0.5, 3),
    ]
    every_part, servers_only, p95 = load.targets(runs)
    assert "100 players, medians of 3 runs: 2 processes on PostgreSQL 333" in every_part
    assert "1 on SQLite 400, ratio 0.83" in every_part
    # each pass's own ratio: 2.0/2.5, 2.5/3.0 and 4.0/3.5
    assert "(runs 0.80–1.14) (target >= 0.80): met" in every_part
    assert "ratio 1.00 (runs 1.00–1.33)" in servers_only
    assert "2 process(es), median of 3 runs: 4.00 ms (runs 4.0–4.0)" in p95
    summary = load.summary(runs).splitlines()
    assert summary[:2] == load.SUMMARY_HEADER.splitlines()
    assert (
        summary[2]
        == "| sqlite | 1 | 100 | 3 | 100 | 4.0 | 2.50 | n/a | n/a | 2.50 | 400 (runs 250–500) |"
    )
    assert summary[3] == (
        "| postgresql + Redis | 2 | 100 | 3 | 100 | 4.0 | 2.50 | 0.50 | 0.00 | 3.00"
        " | 333 (runs 286–400) |"
    )


def test_sqlite_flushing_every_commit_is_the_durable_baseline() -> None:
    base = _run("sqlite", 1, _level(100, 1000, servers=2.0))
    full = _run(load.FULL_SQLITE, 1, _level(100, 1000, servers=2.6))
    scaled = _run("postgresql", 2, _level(100, 1000, servers=2.5, postgresql=0.5))  # 3 ms
    lines = load.targets([base, full, scaled])
    assert lines[0].endswith("1 on SQLite 500, ratio 0.67 (target >= 0.80): not met")
    assert "(tilematch)," in lines[1]
    assert "(tilematch + PostgreSQL + Redis)" in lines[2]
    assert lines[2].endswith(
        "1 on SQLite flushing every commit (FULL) 385, ratio 0.87 (target >= 0.80): met"
    )
    assert full.label() == "sqlite, FULL"
    assert "| sqlite, FULL | 1 | 100 |" in load.table([full])


def test_a_level_and_its_double_are_also_compared_at_as_many_players_a_process() -> None:
    base = _run("sqlite", 1, _level(100, 1000, servers=3.0))  # 3 ms a move
    busier = _run("sqlite", 1, _level(200, 2000, servers=5.0))  # 2.5 ms: a busier process
    scaled = _run("postgresql", 2, _level(100, 1000, servers=3.5, postgresql=0.5))  # 4 ms
    doubled = _run("postgresql", 2, _level(200, 2000, servers=6.0, postgresql=1.0))  # 3.5 ms
    lines = load.targets([base, busier, scaled, doubled])
    every_part = [line for line in lines if "(tilematch + PostgreSQL + Redis)" in line]
    assert [line.split(": ", 1)[0] for line in every_part] == [
        "moves per CPU-second (tilematch + PostgreSQL + Redis), 100 players",
        "moves per CPU-second (tilematch + PostgreSQL + Redis), 200 players",
        "moves per CPU-second (tilematch + PostgreSQL + Redis), "
        "100 players a process (200 on 2 processes)",
    ]
    assert every_part[0].endswith("ratio 0.75 (target >= 0.80): not met")
    assert every_part[1].endswith("ratio 0.71 (target >= 0.80): not met")
    # 2 processes at 200 players (3.5 ms a move) against 1 at 100 (3 ms a move)
    assert every_part[2].endswith(
        "2 processes on PostgreSQL 286 (round robin), 1 on SQLite 333, ratio 0.86"
        " (target >= 0.80): met"
    )
    # no double of a level: no such line
    assert not any("players a process" in line for line in load.targets([base, scaled, busier]))


def test_a_load_run_refuses_an_unknown_database_before_starting_any() -> None:
    with pytest.raises(ValueError, match="unknown database 'mysql'"):
        load.measure(["sqlite", "mysql"], [1], [1])


def test_every_other_pass_runs_the_deployments_backwards() -> None:
    deployments = [("sqlite", 1), ("sqlite", 2), ("postgresql", 1), ("postgresql", 2)]
    assert load.in_turn(deployments, 1) == deployments
    assert load.in_turn(deployments, 2) == deployments[::-1]
    assert load.in_turn(deployments, 3) == deployments
    assert load.in_turn((100, 200), 4) == [200, 100]
