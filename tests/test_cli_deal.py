"""``tilematch deal``: boards in their file formats, solutions, bad options."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tilematch.cli import main
from tilematch.engine import layouts
from tilematch.engine.boardfile import format_board, parse_board
from tilematch.engine.deal.grid import deal_grid
from tilematch.engine.deal.layout import deal_layout
from tilematch.modes.daily import daily_deal
from tilematch.modes.share import parse_share_code


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_shisensho_default_board_and_solution(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "deal", "shisensho", "--seed", "1", "--solution")
    assert code == 0 and err == ""
    board = parse_board(out)
    expected = deal_grid(seed=1)
    assert format_board(board) == format_board(expected.board)
    moves = [json.loads(line[2:]) for line in out.splitlines() if line.startswith("# {")]
    assert len(moves) == 68
    for move in moves:
        a, b = board.spot_at(move["a"]), board.spot_at(move["b"])
        legal = board.match(a, b)
        assert legal is not None and [list(p) for p in legal.path] == move["path"]
        board.push(legal)
    assert board.is_cleared()
    share = next(line for line in out.splitlines() if "share=" in line).split("share=")[1]
    assert format_board(parse_share_code(share).deal().board) == format_board(expected.board)


def test_shisensho_size_gravity_and_generator(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "deal", "shisensho", "--seed", "3", "--size", "12x8", "--gravity")
    assert code == 0
    assert out.startswith("# gravity\n")
    board = parse_board(out)
    assert (board.rows, board.cols, board.gravity) == (8, 12, True)  # type: ignore[union-attr]
    code, out, _ = run(
        capsys, "deal", "shisensho", "--seed", "3", "--size", "6x4", "--generator", "checked"
    )
    assert code == 0
    expected = deal_grid(4, 6, seed=3, generator="checked").board
    assert format_board(parse_board(out)) == format_board(expected)


@pytest.mark.parametrize("game", ["solitaire", "blackwhite"])
def test_layered_json_with_solution(capsys: pytest.CaptureFixture[str], game: str) -> None:
    code, out, _ = run(
        capsys,
        "deal",
        game,
        "--seed",
        "2",
        "--layout",
        "pyramid",
        "--stones",
        "2",
        "--difficulty",
        "easy",
        "--solution",
    )
    assert code == 0
    data = json.loads(out)
    assert data["game"] == game and data["layout"] == "pyramid" and data["difficulty"] == "easy"
    assert len(data["stones"]) == 2
    board = parse_board(out)
    expected = deal_layout("pyramid", game, seed=2, stones=2, difficulty="easy")
    assert format_board(board) == format_board(expected.board)
    for move in data["solution"]:
        legal = board.match(board.spot_at(move["a"]), board.spot_at(move["b"]))
        assert legal is not None
        board.push(legal)
    assert board.is_cleared()


def test_layout_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "pyr.layout"
    path.write_text(layouts.write_kmahjongg(layouts.get("pyramid")), encoding="utf-8")
    code, out, _ = run(capsys, "deal", "solitaire", "--seed", "5", "--layout", str(path))
    assert code == 0
    data = json.loads(out)
    assert data["layout"] == "pyr"
    assert "share" not in data  # a file layout cannot travel in a share code
    positions = sorted(tuple(tile[:3]) for tile in data["tiles"])
    assert positions == sorted(layouts.get("pyramid").positions)


def test_daily(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "deal", "solitaire", "--daily", "2026-01-01")
    assert code == 0
    assert format_board(parse_board(out)) == format_board(daily_deal("2026-01-01").board)


@pytest.mark.parametrize("day", ["2026-01-01", "2026-11-29"])
def test_daily_board_is_the_games_daily_board(capsys: pytest.CaptureFixture[str], day: str) -> None:
    from tilematch.modes import daily, new_session

    code, out, _ = run(capsys, "deal", "solitaire", "--daily", day)
    assert code == 0
    printed = parse_board(out)
    session = new_session(daily.settings_for(day), 0.0)
    game = session.board
    assert format_board(printed) == format_board(game)
    assert json.loads(out)["version"] == session.settings.version


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["shisensho", "--seed", "1", "--layout", "turtle"], "--layout"),
        (["shisensho", "--seed", "1", "--stones", "2"], "--stones"),
        (["shisensho", "--seed", "1", "--difficulty", "hard"], "--difficulty"),
        (["shisensho", "--seed", "1", "--size", "17by8"], "COLSxROWS"),
        (["shisensho", "--seed", "1", "--size", "3x3"], "even"),
        (["shisensho", "--seed", "-4"], "--seed"),
        (["solitaire", "--seed", "1", "--size", "17x8"], "--size"),
        (["solitaire", "--seed", "1", "--gravity"], "--gravity"),
        (["solitaire", "--seed", "1", "--layout", "no-such-layout"], "no-such-layout"),
        (["solitaire", "--seed", "1", "--stones", "999"], "stones"),
        (["solitaire", "--seed", "1", "--generator-version", "9"], "version"),
        (["shisensho", "--daily", "2026-01-01"], "--daily"),
        (["solitaire", "--daily", "2026-02-30"], "calendar"),
    ],
)
def test_bad_options_exit_2_with_a_message(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, "deal", *argv)
    assert code == 2 and out == ""
    assert err.startswith("tilematch: error:") and message in err


@pytest.mark.parametrize(
    "argv",
    [
        ["chess", "--seed", "1"],
        ["solitaire"],
        ["solitaire", "--seed", "x"],
        ["solitaire", "--seed", "1", "--generator", "magic"],
    ],
)
def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["deal", *argv])
    assert exit_info.value.code == 2
    assert capsys.readouterr().err


def test_shapes_by_name_and_from_a_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, "deal", "shisensho", "--seed", "4", "--shape", "diamond")
    assert code == 0
    assert out.startswith("# tilematch deal shisensho 18x10 shape=diamond seed=4")
    assert "shape=diamond" in out.splitlines()[0].split("share=")[1]
    board = parse_board(out)
    assert board.occupied.bit_count() == 100
    outline = tmp_path / "ring.txt"
    outline.write_text("; a ring\n####\n#..#\n####\n", encoding="utf-8")
    code, out, _ = run(capsys, "deal", "shisensho", "--seed", "4", "--shape", str(outline))
    assert code == 0 and "share=" not in out
    assert parse_board(out).occupied.bit_count() == 10


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--shape", "moon"], "no shape called 'moon'"),
        (["--shape", "diamond", "--size", "17x8"], "--size or --shape, not both"),
        (["--shape", "missing-file.txt"], "missing-file.txt: cannot read"),
    ],
)
def test_bad_shapes_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, _, err = run(capsys, "deal", "shisensho", "--seed", "1", *argv)
    assert code == 2 and message in err


def test_a_shape_file_with_a_bad_cell_names_its_place(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    outline = tmp_path / "bad.txt"
    outline.write_text("##\n#?\n", encoding="utf-8")
    code, _, err = run(capsys, "deal", "shisensho", "--seed", "1", "--shape", str(outline))
    assert code == 2 and "bad.txt: line 2, column 2" in err
    code, _, err = run(capsys, "deal", "solitaire", "--seed", "1", "--shape", "diamond")
    assert code == 2 and "--shape is for shisensho" in err
