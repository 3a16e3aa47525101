"""The page's pure modules under Node's own test runner (``node --test tests/web``):
the game state and the duel reducer, without a browser."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]


def test_node_tests_pass() -> None:
    node = shutil.which("node")
    assert node is not None, "node is missing: the page's module tests need Node 20 or later"
    files = sorted(str(p.relative_to(ROOT)) for p in HERE.glob("*.test.mjs"))
    assert files, "no tests/web/*.test.mjs"
    run = subprocess.run(
        [node, "--test", *files], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 0, run.stdout + run.stderr
    passed = re.search(r"^# pass (\d+)$", run.stdout, re.MULTILINE)
    failed = re.search(r"^# fail (\d+)$", run.stdout, re.MULTILINE)
    assert passed is not None and failed is not None, run.stdout
    assert int(passed.group(1)) >= 16, run.stdout
    assert int(failed.group(1)) == 0, run.stdout
