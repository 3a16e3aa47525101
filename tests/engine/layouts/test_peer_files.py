"""Layout files of other programs load the way those programs load them.

The files KMahjongg and GNOME Mahjongg ship are GPL and are not part of this
project: :func:`test_every_peer_file_loads` reads them from the folder named by
``TILEMATCH_PEER_LAYOUTS`` (``*.layout``, ``*.map``, ``*.lay`` anywhere below
it) and skips, naming the variable, when it is not set. The other tests use
small files written here that reproduce each deviation the programs tolerate.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from tilematch.commands.layouts import read_layout_text
from tilematch.engine import layouts
from tilematch.engine.layouts.layout import LayoutError

DATA = Path(__file__).parent / "data"
PEERS = os.environ.get("TILEMATCH_PEER_LAYOUTS", "")


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


def _peer_files() -> list[Path]:
    root = Path(PEERS)
    return sorted(p for p in root.rglob("*") if p.suffix.lower() in (".layout", ".map", ".lay"))


def _kmahjongg_tiles(text: str) -> int:
    """How many tiles KMahjongg places: one per '1' in the rows of cells."""
    rows = [line for line in text.splitlines()[1:] if line and line[0] not in "#whd"]
    return sum(row.count("1") for row in rows)


def _gnome_maps(text: str) -> list[str]:
    return re.findall(r"<map\s[^>]*?\bname=\"([^\"]*)\"", text)


@pytest.mark.skipif(
    not PEERS, reason="set TILEMATCH_PEER_LAYOUTS to a folder of KMahjongg/GNOME/Kyodai files"
)
def test_every_peer_file_loads() -> None:
    files = _peer_files()
    assert files, f"TILEMATCH_PEER_LAYOUTS={PEERS} holds no .layout, .map or .lay file"
    for path in files:
        text = read_layout_text(str(path))
        if path.suffix == ".map":
            names = _gnome_maps(text)
            assert names, path
            for name in names:
                assert layouts.read_layout(text, str(path), map_name=name).size > 0, (path, name)
            continue
        layout = layouts.read_layout(text, str(path))
        if path.suffix == ".layout":
            assert layout.size == _kmahjongg_tiles(text), path
