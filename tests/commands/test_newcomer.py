"""What a newcomer meets first on the command line: ``--version``, board sizes written
columns x rows with a range error that names the range, the Daily Challenge dates the
server also deals, and counts in the singular when there is one."""

from __future__ import annotations

import datetime as dt

import pytest

import tilematch
from tilematch.cli import main
from tilematch.engine.boardfile import parse_board as parse_stack
from tilematch.engine.grid.outlines import ShapeError, parse_shape
from tilematch.engine.words import counted
from tilematch.modes import Settings
from tilematch.modes.daily import check_daily_date
from tilematch.modes.settings import ModeError


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as done:  # argparse's own exits (--version, --help)
        code = int(done.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = run(capsys, "--version")
    assert code == 0 and out.strip() == f"tilematch {tilematch.__version__}"


@pytest.mark.parametrize("size", ["100x100", "40x8", "17x21", "1x2", "99999999999x8"])
def test_a_size_out_of_range_names_the_range(capsys: pytest.CaptureFixture[str], size: str) -> None:
    code, out, err = run(capsys, "deal", "shisensho", "--seed", "1", "--size", size)
    assert code == 2 and out == ""
    assert "out of range: 2 to 30 columns and 2 to 20 rows" in err, err
    assert "COLSxROWS" not in err  # not a format error


def test_sizes_read_and_print_columns_then_rows(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = run(capsys, "deal", "shisensho", "--seed", "3", "--size", "6x4")
    assert code == 0
    assert out.startswith("# tilematch deal shisensho 6x4 ")
    rows = [line for line in out.splitlines() if not line.startswith("#")]
    assert len(rows) == 4 and all(len(row.split()) == 6 for row in rows)
    code, _out, err = run(capsys, "deal", "shisensho", "--seed", "3", "--size", "5x3")
    assert code == 2 and "a board of 5 x 3 has an odd number of tiles (15)" in err


def test_the_api_names_sizes_columns_then_rows() -> None:
    with pytest.raises(ModeError, match=r"a board of 40 x 8 \(columns x rows\) is out of range"):
        Settings(game="shisensho", mode="classic", seed=1, size=(8, 40)).validate()


def test_the_cli_deals_no_daily_the_server_refuses(capsys: pytest.CaptureFixture[str]) -> None:
    today = dt.datetime.now(dt.UTC).date()
    later = (today + dt.timedelta(days=2)).isoformat()
    code, out, err = run(capsys, "deal", "solitaire", "--daily", later)
    assert code == 2 and out == ""
    assert f"The Daily Challenge of {later} is not out yet." in err
    with pytest.raises(ModeError, match="not out yet"):
        check_daily_date(later, today)  # the server's rule, word for word
    tomorrow = (today + dt.timedelta(days=1)).isoformat()
    code, out, _err = run(capsys, "deal", "solitaire", "--daily", tomorrow)
    assert code == 0 and out.startswith("{")
    code, _out, err = run(capsys, "deal", "solitaire", "--daily", "1999-12-31")
    assert code == 2 and "Daily Challenges start on 2000-01-01." in err


def test_counts_of_one_are_singular() -> None:
    assert [counted(n, "tile") for n in (0, 1, 2)] == ["0 tiles", "1 tile", "2 tiles"]
    with pytest.raises(ShapeError, match="the shape has 1 tile: "):
        parse_shape("#.\n..\n")
    with pytest.raises(ValueError, match="has 1 tile: an odd count"):
        parse_stack(
            '{"game": "solitaire", "tiles": [[0, 0, 0, "1m"], [2, 0, 0, "1m"], [4, 0, 0, "2m"]]}'
        )
