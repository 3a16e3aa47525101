"""``tilematch moves``: every legal pair as JSON lines, clear errors on bad input."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from tilematch.cli import main

GRID = "# two rows\n5s 1z 5s\n7z 1z 7z\n"
GRID_MOVES = [
    {"a": [0, 0], "b": [0, 2], "path": [[0, 0], [-1, 0], [-1, 2], [0, 2]]},
    {"a": [0, 1], "b": [1, 1], "path": [[0, 1], [1, 1]]},
    {"a": [1, 0], "b": [1, 2], "path": [[1, 0], [2, 0], [2, 2], [1, 2]]},
]


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_grid_moves_from_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    board = tmp_path / "board.txt"
    board.write_text(GRID)
    code, out, err = run(["moves", str(board)], capsys)
    assert (code, err) == (0, "")
    assert [json.loads(line) for line in out.splitlines()] == GRID_MOVES
    assert out.splitlines()[1] == '{"a": [0, 1], "b": [1, 1], "path": [[0, 1], [1, 1]]}'


def test_grid_moves_from_stdin(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(GRID.encode())))
    code, out, _ = run(["moves", "-"], capsys)
    assert code == 0
    assert [json.loads(line) for line in out.splitlines()] == GRID_MOVES


def test_no_moves_prints_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    board = tmp_path / "stuck.txt"
    board.write_text("9m 9m 9m 9m\n9m 1m 2m 9m\n9m 2m 1m 9m\n9m 9m 9m 9m\n")
    code, out, _ = run(["moves", str(board)], capsys)
    assert code == 0
    pairs = [(tuple(m["a"]), tuple(m["b"])) for m in map(json.loads, out.splitlines())]
    assert ((1, 1), (2, 2)) not in pairs and ((1, 2), (2, 1)) not in pairs
    board.write_text(". .\n. .\n")
    assert run(["moves", str(board)], capsys) == (0, "", "")


def test_layered_moves(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    board = tmp_path / "board.json"
    board.write_text(json.dumps({"game": "solitaire", "tiles": [[0, 0, 0, "1f"], [2, 0, 0, "4f"]]}))
    code, out, _ = run(["moves", str(board)], capsys)
    assert code == 0
    assert out == '{"a": [0, 0, 0], "b": [2, 0, 0]}\n'


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"1m 1m\n2m 2m 2m\n", "line 2, column 7: row 2 has 3 cells"),
        (b"1m qq\n", "line 1, column 4: unknown tile code 'qq'"),
        (b"1m 2m\n", "line 1, column 1: tile 1m cannot be paired: 1 tile of its kind"),
        (b"", "no rows"),
        (b"\xff\xfe1m", "not UTF-8"),
        (b'{"game": "solitaire", "tiles": 3}', "tiles"),
        (b'{"game": ', "not JSON"),
    ],
)
def test_bad_input_exits_2_with_a_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes, message: str
) -> None:
    board = tmp_path / "bad.txt"
    board.write_bytes(content)
    code, out, err = run(["moves", str(board)], capsys)
    assert (code, out) == (2, "")
    assert err.startswith("tilematch: error: ")
    assert message in err
    assert "Traceback" not in err


def test_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["moves", str(tmp_path / "nowhere.txt")], capsys)
    assert (code, out) == (2, "")
    assert "nowhere.txt: cannot read" in err


def test_the_installed_command() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "tilematch.cli", "moves", "-"],
        input=GRID,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert [json.loads(line) for line in done.stdout.splitlines()] == GRID_MOVES
