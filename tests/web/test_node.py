"""The page's pure modules under Node's own test runner (``node --test tests/web``):
the game state, the duel reducer and the keyboard's moves, without a browser.
The keyboard-reachability proof reads the positions
:mod:`tests.web.navigation_fixture` writes for it."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

from tests.web import navigation_fixture

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]


def test_node_tests_pass(tmp_path: Path) -> None:
    node = shutil.which("node")
    assert node is not None, "node is missing: the page's module tests need Node 20 or later"
    files = sorted(str(p.relative_to(ROOT)) for p in HERE.glob("*.test.mjs"))
    assert files, "no tests/web/*.test.mjs"
    positions = tmp_path / "navigation.json"
    counts = navigation_fixture.write(positions)
    assert counts["layouts"] >= 168 and counts["games"] >= 1000, counts
    env = {**os.environ, "TILEMATCH_NAVIGATION_FIXTURE": str(positions)}
    run = subprocess.run(
        [node, "--test", *files], cwd=ROOT, capture_output=True, text=True, timeout=240, env=env
    )
    assert run.returncode == 0, run.stdout + run.stderr
    passed = re.search(r"^# pass (\d+)$", run.stdout, re.MULTILINE)
    failed = re.search(r"^# fail (\d+)$", run.stdout, re.MULTILINE)
    assert passed is not None and failed is not None, run.stdout
    assert int(passed.group(1)) >= 25, run.stdout
    assert int(failed.group(1)) == 0, run.stdout
