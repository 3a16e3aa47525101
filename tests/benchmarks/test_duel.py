"""The Speed Duel latency benchmark on one and on two server processes."""

from __future__ import annotations

from tilematch.benchmarks import duel


def _assert_played(samples: duel.Samples, duels: int) -> None:
    assert samples.errors == []
    assert samples.finished == duels
    assert samples.broadcast and samples.confirm
    assert all(ms > 0 for ms in samples.broadcast + samples.confirm)


def test_duels_on_one_process_are_played_to_the_end() -> None:
    samples = duel.measure(2, 20.0, pin=False)
    _assert_played(samples, 2)
    assert samples.cpu is not None and samples.cpu.servers and samples.cpu.redis is None
    spent = samples.cpu_per_claim()
    assert spent is not None and spent > 0
    lines = duel.table([duel.DuelRun("sqlite", 1, 2, samples)]).splitlines()
    assert len(lines) == 3
    assert lines[2].startswith("| sqlite | 1 | 2 | 2 | ")
    assert lines[2].count("|") == lines[0].count("|")


def test_duels_split_over_two_processes_are_played_to_the_end() -> None:
    _assert_played(duel.measure(2, 20.0, processes=2, pin=False), 2)


def test_the_cross_process_target_is_judged_only_on_clean_runs() -> None:
    fast = duel.Samples(broadcast=[3.0] * 95 + [30.0] * 5, confirm=[2.0] * 100, finished=50)
    slow = duel.Samples(broadcast=[3.0] * 90 + [30.0] * 10, finished=50)
    broken = duel.Samples(broadcast=[3.0] * 100, errors=["4404 there is no open duel room"])
    lines = duel.targets(
        [
            duel.DuelRun("sqlite", 1, 50, slow),  # one process: not judged
            duel.DuelRun("postgresql", 2, 50, fast),
            duel.DuelRun("sqlite", 2, 50, slow),
            duel.DuelRun("postgresql", 2, 5, broken),
        ]
    )
    assert len(lines) == 3
    assert "3.00 ms over 100 claims, 0 errors" in lines[0] and lines[0].endswith(": met")
    assert "30.00 ms" in lines[1] and lines[1].endswith(": not met")
    assert lines[2].endswith("not met (at 5 duels, not 50: indicative only)")
    assert "not measured in this run" in duel.targets([duel.DuelRun("sqlite", 1, 50, fast)])[0]
    row = duel.table([duel.DuelRun("sqlite", 2, 5, duel.Samples())]).splitlines()[2]
    assert row == "| sqlite | 2 | 5 | 0 | n/a | n/a | n/a | n/a | n/a | 0 | 0 | n/a | 0 | 1 |"


def test_repeated_passes_are_judged_by_the_median_of_their_p95s() -> None:
    def run(p95: float, round_: int, errors: list[str] | None = None) -> duel.DuelRun:
        samples = duel.Samples(broadcast=[2.0] * 90 + [p95] * 10, errors=errors or [])
        return duel.DuelRun("postgresql", 2, 50, samples, round_)

    three = [run(10.0, 1), run(40.0, 2), run(20.0, 3)]  # one slow pass of three
    [line] = duel.targets(three)
    assert "median of 3 passes 20.00 ms (10.00–40.00) over 300 claims, 0 errors" in line
    assert line.endswith(": met")
    [line] = duel.targets([run(30.0, 1), run(40.0, 2), run(10.0, 3)])
    assert "median of 3 passes 30.00 ms" in line and line.endswith(": not met")
    [line] = duel.targets([run(10.0, 1), run(10.0, 2, ["a socket closed"])])
    assert "1 errors" in line and line.endswith(": not met")  # an error in any pass
    header, _, row = duel.summary(three).splitlines()
    assert row == "| postgresql | 2 | 50 | 3 | 2.00 | 20.00 (10.00–40.00) | 20.00 | n/a | 0 |"
    assert row.count("|") == header.count("|")
