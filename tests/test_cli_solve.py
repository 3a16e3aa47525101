"""``tilematch solve FILE``: output, exit codes and bad input."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from tilematch.cli import main
from tilematch.engine.boardfile import format_board, parse_board
from tilematch.engine.grid.board import GridBoard
from tilematch.engine.tiles import standard_set


def write(tmp_path: Path, text: str, name: str = "board.txt") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str], str]:
    code = main(["solve", *argv])
    out, err = capsys.readouterr()
    return code, out.splitlines(), err


def replay_lines(board: Any, lines: list[str]) -> None:
    """Each printed move is legal at its turn (with that very path) and all of them
    clear the board."""
    for line in lines:
        item = json.loads(line)
        a, b = board.spot_at(item["a"]), board.spot_at(item["b"])
        move = board.match(a, b)
        assert move is not None, line
        if board.game == "shisensho":
            assert item["path"] == [list(p) for p in move.path]
        else:
            assert set(item) == {"a", "b"}
        board.push(move)
    assert board.is_cleared()


def test_grid_solution_is_printed_in_playing_order(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = "# a small board\n1m 2m 3m 1m\n3m 2m 2m 3m\n1m 4m 4m 2m\n4m 1m 3m 4m\n"
    code, lines, err = run(capsys, write(tmp_path, text))
    assert code == 0, err
    assert len(lines) == 8
    replay_lines(parse_board(text), lines)


def test_gravity_header_is_honoured(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # solvable without gravity, not with it
    assert run(capsys, write(tmp_path, "1m 2m\n3m 3m\n2m 1m\n"))[0] == 0
    code, lines, err = run(capsys, write(tmp_path, "# gravity\n1m 2m\n3m 3m\n2m 1m\n"))
    assert code == 1
    assert lines == []
    assert "cannot be cleared" in err


def test_gravity_solution_replays(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = "# gravity\n1m 2m 1m\n2m 3m 3m\n"
    code, lines, err = run(capsys, write(tmp_path, text))
    assert code == 0, err
    replay_lines(parse_board(text), lines)


def test_layered_solution(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = json.dumps(
        {
            "game": "solitaire",
            "tiles": [
                [0, 0, 0, "1m"],
                [2, 0, 0, "2m"],
                [4, 0, 0, "2m"],
                [6, 0, 0, "1m"],
                [2, 0, 1, "1f"],
                [10, 0, 0, "4f"],
            ],
        }
    )
    code, lines, err = run(capsys, write(tmp_path, text, "board.json"))
    assert code == 0, err
    replay_lines(parse_board(text), lines)


def test_unsolvable_layered_board_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = json.dumps(
        {
            "game": "solitaire",
            "tiles": [[0, 0, 0, "1m"], [0, 0, 1, "2m"], [6, 0, 0, "2m"], [6, 0, 1, "1m"]],
        }
    )
    code, lines, err = run(capsys, write(tmp_path, text, "board.json"))
    assert (code, lines) == (1, [])
    assert "cannot be cleared" in err


def test_budget_exit_3(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rng = random.Random(3)
    faces = standard_set("136")
    rng.shuffle(faces)
    path = write(tmp_path, format_board(GridBoard(8, 17, faces)))
    code, lines, err = run(capsys, path, "--nodes", "1")
    assert (code, lines) == (3, [])
    assert "budget" in err


def test_stdin(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import io
    import sys

    class Stdin:
        buffer = io.BytesIO(b"5s 5s\n")

    monkeypatch.setattr(sys, "stdin", Stdin())
    code, lines, _ = run(capsys, "-")
    assert code == 0
    assert [json.loads(line) for line in lines] == [
        {"a": [0, 0], "b": [0, 1], "path": [[0, 0], [0, 1]]}
    ]


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("1m 2m\n", ""),
        ("1m zz\n", "zz"),
        ('{"game": "solitaire", "tiles": [[0, 0, 0, "1m"]]}', ""),
        ("{not json", ""),
        ("", ""),
    ],
)
def test_bad_input_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, needle: str
) -> None:
    path = write(tmp_path, text)
    code, lines, err = run(capsys, path)
    assert code == 2
    assert lines == []
    assert err.startswith("tilematch: error: ")
    assert path in err
    assert needle in err


def test_missing_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, str(tmp_path / "nope.txt"))
    assert code == 2
    assert "cannot read" in err


@pytest.mark.parametrize("option", [["--nodes", "0"], ["--nodes", "x"], ["--seconds", "-1"]])
def test_bad_budget_options_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], option: list[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["solve", write(tmp_path, "5s 5s\n"), *option])
    assert stop.value.code == 2
