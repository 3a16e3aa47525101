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


def test_rows_that_cannot_run_are_named_with_what_to_install(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import sys

    # as on a machine without the test extra: httpx and Playwright cannot be imported
    monkeypatch.setitem(sys.modules, "httpx", None)
    monkeypatch.setitem(sys.modules, "playwright", None)
    monkeypatch.setitem(sys.modules, "playwright.sync_api", None)
    assert main(["bench", "duel", "page", "--quick"]) == 0
    captured = capsys.readouterr()
    assert captured.out.strip() == HEADER  # no row, and none made up
    lines = captured.err.splitlines()
    assert any(
        "dropped the duel claim latency rows (duel): needs the Python package httpx" in line
        and "pip install -e '.[test]'" in line
        for line in lines
    ), lines
    assert any(
        "dropped the page load rows (page): needs Playwright for Python" in line
        and "pip install -e '.[test]'" in line
        for line in lines
    ), lines
    assert lines[-1].startswith("tilematch bench: 2 topics dropped (duel, page)")


def test_a_missing_chromium_is_named_too(monkeypatch: pytest.MonkeyPatch) -> None:
    from tilematch.benchmarks import live, needs

    monkeypatch.setattr(live, "CHROMIUM", "/nowhere/chromium")
    dropped = needs.missing("page")
    assert dropped is not None and "needs Chromium" in dropped.reason
    assert "apt-get install chromium" in dropped.sentence()
    assert needs.missing("grid") is None
