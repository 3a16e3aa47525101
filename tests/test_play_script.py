"""``scripts/play`` installs only when it must: on the first start, after pyproject.toml
(the dependencies) changes, or when tilematch can no longer be imported; every other
start goes straight to ``tilematch serve`` with the options given.

The script runs for real on a copy of itself beside a pyproject.toml, with a ``.venv``
whose ``python`` and ``tilematch`` are small stand-in scripts that write down how they
were called (a real install would take a minute and the network)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

FAKE_PYTHON = """#!/bin/sh
here="$(dirname "$0")"
case "$1" in
  --version) echo "Python 3.11.7" ;;
  -c) [ -e "$here/../broken" ] && exit 1; exit 0 ;;
  -m) echo "install $*" >> "$here/../calls" ;;
esac
"""
FAKE_TILEMATCH = """#!/bin/sh
echo "tilematch $*" >> "$(dirname "$0")/../calls"
"""


def checkout(tmp_path: Path) -> Path:
    (tmp_path / "scripts").mkdir()
    shutil.copy(ROOT / "scripts" / "play", tmp_path / "scripts" / "play")
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "tilematch"\n')
    bin_dir = tmp_path / ".venv" / "bin"
    bin_dir.mkdir(parents=True)
    for name, text in (("python", FAKE_PYTHON), ("tilematch", FAKE_TILEMATCH)):
        (bin_dir / name).write_text(text)
        (bin_dir / name).chmod(0o755)
    return tmp_path


def play(root: Path, *args: str) -> list[str]:
    """Run scripts/play; returns the calls it made this time."""
    calls = root / ".venv" / "calls"
    calls.write_text("")
    done = subprocess.run(
        ["bash", str(root / "scripts" / "play"), *args],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return calls.read_text().splitlines()


def test_play_installs_once_then_only_when_something_changed(tmp_path: Path) -> None:
    root = checkout(tmp_path)
    install = "install -m pip install -q -e ."
    assert play(root, "--port", "9000") == [install, "tilematch serve --port 9000"]
    assert play(root) == ["tilematch serve"]  # the second start installs nothing
    assert play(root, "--open") == ["tilematch serve --open"]
    with (root / "pyproject.toml").open("a") as handle:
        handle.write('dependencies = ["fastapi>=1"]\n')  # the dependencies changed
    assert play(root) == [install, "tilematch serve"]
    assert play(root) == ["tilematch serve"]
    (root / ".venv" / "broken").write_text("")  # tilematch or a dependency cannot be imported
    assert play(root) == [install, "tilematch serve"]
