"""The page speed benchmark: its measurements run against the real page."""

from __future__ import annotations

from typing import Any

import pytest

from tilematch.benchmarks import page as bench

pytestmark = pytest.mark.e2e


def test_measure_rows(page: Any, live_server: Any) -> None:
    rows = bench._measure(page, live_server.url, 1)
    assert [r.name for r in rows] == [
        "page: load → board drawn",
        "page: board render (JS)",
        "page: click → tile selected",
        "page: click → pair answered",
        "page: click → pair removed",
    ]
    for row in rows:
        assert row.runs >= 1
        assert 0 < row.median_ms <= row.worst_ms < 30_000, row
    load, render = rows[0], rows[1]
    assert render.median_ms <= load.median_ms  # the render is part of the load
    answered, removed = rows[3], rows[4]
    assert answered.median_ms <= removed.median_ms


def test_no_rows_without_chromium_and_it_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    from tilematch.benchmarks import live
    from tilematch.benchmarks.needs import RowsDropped

    monkeypatch.setattr(live, "CHROMIUM", "/nonexistent/chromium")
    with pytest.raises(RowsDropped, match=r"needs Chromium .*apt-get install chromium"):
        bench.run(quick=True)
