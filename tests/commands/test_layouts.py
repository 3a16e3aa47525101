"""``tilematch layouts``: listing, checking and exporting layouts."""

import io
import json
import sys
from pathlib import Path

import pytest

from tilematch.cli import main
from tilematch.commands.layouts import load_layout_arg
from tilematch.engine import layouts
from tilematch.engine.layouts.layout import LayoutError

DATA = Path(__file__).parents[1] / "engine" / "layouts" / "data"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["layouts", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_lists_the_builtin_layouts_as_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys)
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].split() == ["name", "title", "family", "tiles", "layers", "size"]
    assert len(lines) == 1 + len(layouts.builtin())
    assert lines[1].split() == ["turtle", "Turtle", "Turtle", "144", "5", "15", "x", "8"]


def test_lists_as_json_lines(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--json")
    rows = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and [r["name"] for r in rows] == layouts.names()
    assert rows[0] == {
        "name": "turtle",
        "title": "Turtle",
        "family": "Turtle",
        "tiles": 144,
        "layers": [87, 36, 16, 4, 1],
        "width": 30,
        "height": 16,
        "depth": 5,
    }


def test_summary_of_a_builtin(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "Great Pyramid")
    assert code == 0
    assert "Great Pyramid (pyramid)" in out and "tiles:  120" in out


def test_checks_a_file(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(DATA / "layout_two_maps.map")
    code, out, _ = run(capsys, path)
    assert code == 0 and "Alpha (alpha)" in out and "tiles:  10" in out
    assert "layers: 3 (6 + 3 + 1)" in out
    code, out, _ = run(capsys, path, "--map", "beta", "--json")
    assert code == 0 and json.loads(out)["tiles"] == 2


def test_bad_file_exits_2_with_the_reason(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bad = tmp_path / "bad.layout"
    bad.write_text("kmahjongg-layout-v1.1\nw2\nh2\nd1\n12\n4x\n")
    code, out, err = run(capsys, str(bad))
    assert code == 2 and out == ""
    assert err == f"tilematch: error: {bad}: line 6, column 2: unexpected character 'x' " + (
        "(only '.', '1', '2', '3', '4' may appear)\n"
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["no/such/file.lay"], "no/such/file.lay: cannot read"),
        (["turtel"], "unknown layout 'turtel'"),
        (["--export", "gnome"], "--map and --export need a layout"),
        (["yin-yang", "--export", "kyodai"], "does not fit a Kyodai file"),
        (["export", "turtle"], "layouts export needs a layout and --format"),
        (["export", "--format", "gnome"], "layouts export needs a layout and --format"),
        (["export", "turtel", "--format", "gnome"], "unknown layout 'turtel'"),
        (["turtle", "pyramid"], "only go with 'export'"),
        (["turtle", "--map", "x"], "turtle: a map name only applies"),
    ],
)
def test_errors_exit_2(capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2 and out == ""
    assert err.startswith("tilematch: error: ")
    assert any(part in err for part in message.split("|"))


@pytest.mark.parametrize(
    ("fmt", "filename"),
    [
        ("kmahjongg", "t.layout"),
        ("kmahjongg-1.0", "t.layout"),
        ("gnome", "t.map"),
        ("kyodai", "t.lay"),
    ],
)
def test_export_reads_back(capsys: pytest.CaptureFixture[str], fmt: str, filename: str) -> None:
    code, out, _ = run(capsys, "turtle", "--export", fmt)
    assert code == 0
    assert layouts.read_layout(out, filename).positions == layouts.get("turtle").positions


def test_export_svg(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "bridge", "--export", "svg")
    assert code == 0 and out.startswith("<svg") and "Bridge" in out


def test_load_layout_arg(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert load_layout_arg("TURTLE").name == "turtle"
    path = tmp_path / "mine.lay"
    path.write_text(layouts.write_kyodai(layouts.get("little-pyramid")))
    assert load_layout_arg(str(path)).positions == layouts.get("little-pyramid").positions
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(path.read_bytes())))
    assert load_layout_arg("-").positions == layouts.get("little-pyramid").positions
    big = tmp_path / "big.map"
    big.write_bytes(b" " * (layouts.MAX_BYTES + 1))
    with pytest.raises(LayoutError, match=r"big\.map: file is larger than"):
        load_layout_arg(str(big))
    with pytest.raises(LayoutError, match="unknown layout"):
        load_layout_arg("nothing-like-this")


def test_layout_files_that_are_not_utf8(tmp_path: Path) -> None:
    # Kyodai files come from Windows: names in Windows-1252
    text = layouts.write_kyodai(layouts.get("little-pyramid"))
    path = tmp_path / "chateau.lay"
    path.write_bytes(text.replace("Little Pyramid", "Château “Nord”").encode("cp1252"))
    layout = load_layout_arg(str(path))
    assert layout.title == "Château “Nord”"
    assert layout.positions == layouts.get("little-pyramid").positions
    # bytes Windows-1252 leaves undefined still read (as Latin-1)
    path.write_bytes(text.replace("Little Pyramid", "Odd").encode().replace(b"Odd", b"Odd\x81"))
    assert load_layout_arg(str(path)).title == "Odd\x81"
    # and a UTF-8 byte order mark is not part of the header
    path.write_bytes(b"\xef\xbb\xbf" + text.encode())
    assert load_layout_arg(str(path)).title == "Little Pyramid"


def test_measure_writes_the_figures_module(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tilematch.commands import layouts as command
    from tilematch.engine.deal.figures import measure_layout

    chosen = [layouts.get("whirlpool"), layouts.get("dragon-pearl")]
    monkeypatch.setattr(command.layouts, "builtin", lambda: chosen)
    out = tmp_path / "figures.py"
    code, stdout, _ = run(capsys, "measure", "--deals", "3", "--out", str(out))
    assert code == 0
    lines = [json.loads(line) for line in stdout.splitlines()]
    assert [(line["name"], line["deals"]) for line in lines] == [
        ("whirlpool", 3),
        ("dragon-pearl", 3),
    ]
    stored: dict[str, object] = {}
    exec(out.read_text(encoding="utf-8"), stored)
    figures = stored["FIGURES"]
    assert isinstance(figures, dict) and list(figures) == ["whirlpool", "dragon-pearl"]
    expected = measure_layout(chosen[0], deals=3)
    assert figures["whirlpool"][:3] == (expected.deals, expected.solvable, expected.undecided)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--deals", "0"], "--deals must be at least 1, not 0"),
        (["--nodes", "0"], "--nodes must be at least 1, not 0"),
        (["--jobs", "0"], "--jobs must be at least 1, not 0"),
    ],
)
def test_measure_refuses_bad_counts(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    code, _, err = run(capsys, "measure", *args)
    assert code == 2 and message in err


@pytest.mark.parametrize(
    ("fmt", "ending"), [("kmahjongg", "layout"), ("gnome", "map"), ("kyodai", "lay")]
)
def test_export_command_writes_stdout_a_file_or_into_a_folder(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, fmt: str, ending: str
) -> None:
    turtle = layouts.get("turtle")
    code, out, _ = run(capsys, "export", "Turtle", "--format", fmt)
    assert code == 0 and layouts.read_layout(out, f"t.{ending}").positions == turtle.positions
    code, out, _ = run(capsys, "export", "turtle", "--format", fmt, "--out", str(tmp_path))
    written = tmp_path / f"turtle.{ending}"
    assert code == 0 and out == f"{written}\n"
    assert layouts.read_layout(written.read_text(), written.name).positions == turtle.positions
    code, _, err = run(capsys, "export", "turtle", "--format", fmt, "--out", str(tmp_path / "no/x"))
    assert code == 2 and "cannot write" in err


def test_a_folder_is_checked_file_by_file_and_map_by_map(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    folder = tmp_path / "peers"
    (folder / "deeper").mkdir(parents=True)
    for name in ("kmahjongg_stray_marks.layout", "layout_small.lay", "layout_two_maps.map"):
        (folder / "deeper" / name).write_bytes((DATA / name).read_bytes())
    (folder / "notes.txt").write_text("not a layout", encoding="utf-8")
    code, out, err = run(capsys, str(folder))
    assert code == 0 and err == ""
    assert out.splitlines() == [
        "ok     deeper/kmahjongg_stray_marks.layout: kmahjongg_stray_marks, 4 tiles, 2 warnings",
        "ok     deeper/layout_small.lay: Hand Made, 4 tiles",
        "ok     deeper/layout_two_maps.map [Alpha]: Alpha, 10 tiles",
        "ok     deeper/layout_two_maps.map [Beta]: Beta, 2 tiles",
        "3 files: all load",
    ]


def test_a_folder_with_a_broken_file_names_it_and_exits_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    (tmp_path / "good.lay").write_bytes((DATA / "layout_small.lay").read_bytes())
    text = (DATA / "kmahjongg_stray_marks.layout").read_text(encoding="utf-8")
    (tmp_path / "odd.layout").write_text(text.replace(".12.2.", "...2.."), encoding="utf-8")
    (tmp_path / "broken.map").write_text("<mahjongg><map name='x'>", encoding="utf-8")
    code, out, _ = run(capsys, str(tmp_path), "--json")
    rows = [json.loads(line) for line in out.splitlines()]
    assert code == 2
    assert [(r["file"], r["ok"]) for r in rows] == [
        ("broken.map", False),
        ("good.lay", True),
        ("odd.layout", False),
    ]
    assert "broken XML" in rows[0]["error"] and "odd number of tiles (3)" in rows[2]["error"]
    assert rows[1] == {"file": "good.lay", "map": None, "ok": True, "tiles": 4, "warnings": []}


def test_a_folder_without_layouts_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    (tmp_path / "readme.txt").write_text("hello", encoding="utf-8")
    code, out, err = run(capsys, str(tmp_path))
    assert code == 2 and out == ""
    assert (
        err
        == f"tilematch: error: {tmp_path}: no layout file in this folder (.layout, .map, .lay)\n"
    )
    code, _, err = run(capsys, str(tmp_path), "--export", "gnome")
    assert code == 2 and "--map and --export take one layout, not a folder" in err


def test_a_reader_that_stops_early_ends_the_command_quietly() -> None:
    import subprocess

    child = subprocess.run(
        f"{sys.executable} -m tilematch.cli layouts --json | head -c 10",
        shell=True,
        capture_output=True,
        text=True,
        timeout=120,
        executable="/bin/bash",
    )
    assert child.stdout == '{"name": "'
    assert child.stderr == ""
