"""``tilematch bench --quick`` keeps its harness alive (figures are not judged here)."""

from __future__ import annotations

import pytest

from tilematch.benchmarks import HEADER
from tilematch.cli import main


@pytest.mark.parametrize("topic", ["grid", "stack", "hints", "generate"])
def test_quick_bench_prints_a_table_row_per_measurement(
    topic: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    if topic == "generate":
        from tilematch.benchmarks import generate

        # one board per row is enough to run every code path
        original = generate._per_seed

        def once(name: str, make: object, runs: int, target: str = "", note: str = "") -> object:
            return original(name, make, 1, target, note)  # type: ignore[arg-type]

        monkeypatch.setattr(generate, "_per_seed", once)
    assert main(["bench", topic, "--quick"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == HEADER.splitlines()[0]
    rows = [line for line in lines if line.startswith("| ") and "---" not in line][1:]
    assert rows, "no measurement printed"
    for row in rows:
        cells = [cell.strip() for cell in row.strip("|").split("|")]
        assert float(cells[1]) >= 0  # a median in milliseconds
