"""Layout files of other programs load the way those programs load them.

The files KMahjongg and GNOME Mahjongg ship are GPL and are not part of this
project (``tilematch layouts FOLDER`` checks a folder of them, see
tests/commands/test_layouts.py); these tests use small files written here that
reproduce each deviation the programs tolerate.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tilematch.engine import layouts
from tilematch.engine.layouts.layout import LayoutError

DATA = Path(__file__).parent / "data"


def test_shifted_marks_load_as_kmahjongg_reads_them() -> None:
    name = "kmahjongg_shifted_marks.layout"
    layout = layouts.read_layout((DATA / name).read_text(encoding="utf-8"), name)
    assert set(layout.positions) == {(0, 0, 0), (2, 0, 0), (4, 0, 0), (1, 2, 0)}
    assert any(
        "line 10, column 2: the tile at (1, 2, 0) needs '3' in column 3 of the next row (line 11)"
        in w
        for w in layout.warnings
    )
    assert all(w.startswith(name + ": line ") for w in layout.warnings)
    assert any("line 11, column 1: '3' belongs to no tile" in w for w in layout.warnings)


def test_stray_marks_are_ignored_with_a_warning() -> None:
    name = "kmahjongg_stray_marks.layout"
    layout = layouts.read_layout((DATA / name).read_text(encoding="utf-8"), name)
    assert set(layout.positions) == {(0, 0, 0), (2, 0, 0), (4, 0, 0), (1, 2, 0)}
    assert [re.sub(r".*?: (line \d+, column \d+).*", r"\1", w) for w in layout.warnings] == [
        "line 9, column 5",
        "line 10, column 4",
    ]


def test_a_clean_file_has_no_warnings() -> None:
    name = "layout_small_v11.layout"
    assert layouts.read_layout((DATA / name).read_text(encoding="utf-8"), name).warnings == ()


def test_the_warnings_reach_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    from tilematch.commands.layouts import load_layout_arg

    load_layout_arg(str(DATA / "kmahjongg_stray_marks.layout"))
    err = capsys.readouterr().err
    assert "tilematch: warning: " in err and "line 9, column 5: '2' belongs to no tile" in err


def test_really_broken_files_keep_their_errors() -> None:
    text = (DATA / "kmahjongg_stray_marks.layout").read_text(encoding="utf-8")
    with pytest.raises(LayoutError, match=r"line 9, column 2: unexpected character 'x'"):
        layouts.read_layout(text.replace(".12.2.", ".x2.2."), "k.layout")
    with pytest.raises(LayoutError, match=r"odd number of tiles \(3\)"):
        layouts.read_layout(text.replace(".12.2.", "...2.."), "k.layout")
