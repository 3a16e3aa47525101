"""``tilematch moves``: every legal pair as JSON lines, clear errors on bad input."""

from __future__ import annotations

import contextlib
import io
import itertools
import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

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


# ----------------------------------------------------------------- against a brute-force reference

Cell = tuple[int, int]


def segment_clear(cells: dict[Cell, str], p: Cell, q: Cell) -> bool:
    """Every cell strictly between p and q (on one row or column) is empty or off the board."""
    if p[0] != q[0] and p[1] != q[1]:
        return False
    dr, dc = (q[0] > p[0]) - (q[0] < p[0]), (q[1] > p[1]) - (q[1] < p[1])
    r, c = p[0] + dr, p[1] + dc
    while (r, c) != q:
        if (r, c) in cells:
            return False
        r, c = r + dr, c + dc
    return True


def line_clear(cells: dict[Cell, str], points: list[Cell]) -> bool:
    """The corners between the ends are empty and every segment is clear."""
    corners_empty = all(p not in cells for p in points[1:-1])
    return corners_empty and all(segment_clear(cells, p, q) for p, q in itertools.pairwise(points))


def reference_bends(cells: dict[Cell, str], rows: int, cols: int, a: Cell, b: Cell) -> int | None:
    """Fewest bends of a line a -> b through empty cells and the ring, by trying every corner."""
    if line_clear(cells, [a, b]):
        return 0
    if any(line_clear(cells, [a, corner, b]) for corner in ((a[0], b[1]), (b[0], a[1]))):
        return 1
    through_rows = a[1] != b[1] and any(
        line_clear(cells, [a, (r, a[1]), (r, b[1]), b]) for r in range(-1, rows + 1)
    )
    through_cols = a[0] != b[0] and any(
        line_clear(cells, [a, (a[0], c), (b[0], c), b]) for c in range(-1, cols + 1)
    )
    return 2 if through_rows or through_cols else None


@st.composite
def grid_texts(draw: st.DrawFn) -> tuple[str, dict[Cell, str], int, int]:
    rows, cols = draw(st.integers(1, 6)), draw(st.integers(1, 7))
    spots = [(r, c) for r in range(rows) for c in range(cols)]
    chosen = draw(st.permutations(spots))[: draw(st.integers(0, len(spots) // 2)) * 2]
    faces = draw(st.lists(st.sampled_from(["1m", "9p", "7z", "1f", "4f", "5f"]), min_size=1))
    cells = {}
    for i in range(0, len(chosen), 2):
        face = faces[i // 2 % len(faces)]
        # flowers and seasons pair within their group, so the partner may be another flower
        partner = {"1f": "4f", "4f": "1f"}.get(face, face)
        cells[chosen[i]], cells[chosen[i + 1]] = face, partner
    text = "\n".join(" ".join(cells.get((r, c), ".") for c in range(cols)) for r in range(rows))
    return text + "\n", cells, rows, cols


@settings(max_examples=80, deadline=None)
@given(grid_texts())
def test_grid_moves_agree_with_brute_force(
    tmp_path_factory: pytest.TempPathFactory, case: tuple[str, dict[Cell, str], int, int]
) -> None:
    text, cells, rows, cols = case
    path = tmp_path_factory.mktemp("grid") / "board.txt"
    path.write_text(text)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["moves", str(path)]) == 0
    got = [json.loads(line) for line in out.getvalue().splitlines()]
    want = {}
    tiles = sorted(cells)
    groups = {"1f": "flower", "4f": "flower", "5f": "season"}
    for i, a in enumerate(tiles):
        for b in tiles[i + 1 :]:
            if groups.get(cells[a], cells[a]) == groups.get(cells[b], cells[b]):
                bends = reference_bends(cells, rows, cols, a, b)
                if bends is not None:
                    want[(a, b)] = bends
    assert [(tuple(m["a"]), tuple(m["b"])) for m in got] == sorted(want)
    for move in got:
        assert set(move) == {"a", "b", "path"}
        a, b = tuple(move["a"]), tuple(move["b"])
        corners = [tuple(point) for point in move["path"]]
        assert corners[0] == a and corners[-1] == b
        assert len(corners) - 2 == want[(a, b)]  # the fewest bends
        for p, q in itertools.pairwise(corners):
            assert segment_clear(cells, p, q)
        for p in corners[1:-1]:
            assert p not in cells and -1 <= p[0] <= rows and -1 <= p[1] <= cols


@st.composite
def layered_boards(draw: st.DrawFn) -> dict[tuple[int, int, int], str]:
    placed: list[tuple[int, int, int]] = []
    for x, y, z in sorted(
        draw(st.lists(st.tuples(st.integers(0, 10), st.integers(0, 4), st.integers(0, 2)))),
        key=lambda p: (p[2], p[1], p[0]),
    ):
        if any(q[2] == z and abs(q[0] - x) < 2 and abs(q[1] - y) < 2 for q in placed):
            continue
        if z and not any(q[2] == z - 1 and abs(q[0] - x) < 2 and abs(q[1] - y) < 2 for q in placed):
            continue
        placed.append((x, y, z))
    placed = placed[: len(placed) // 2 * 2]
    order = draw(st.permutations(placed))
    faces = draw(st.lists(st.sampled_from(["1m", "2m", "7z"]), min_size=len(order) // 2))
    return {p: faces[i // 2] for i, p in enumerate(order)}


@settings(max_examples=60, deadline=None)
@given(layered_boards())
def test_layered_moves_agree_with_brute_force(
    tmp_path_factory: pytest.TempPathFactory, tiles: dict[tuple[int, int, int], str]
) -> None:
    path = tmp_path_factory.mktemp("stack") / "board.json"
    path.write_text(json.dumps({"game": "solitaire", "tiles": [[*p, f] for p, f in tiles.items()]}))
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["moves", str(path)]) == 0

    def free(p: tuple[int, int, int]) -> bool:
        x, y, z = p
        if any(q[2] > z and abs(q[0] - x) <= 1 and abs(q[1] - y) <= 1 for q in tiles):
            return False
        side = {q[0] - x for q in tiles if q[2] == z and abs(q[1] - y) <= 1}
        return not (-2 in side and 2 in side)

    want = {
        frozenset((p, q))
        for p in tiles
        for q in tiles
        if p != q and tiles[p] == tiles[q] and free(p) and free(q)
    }
    got = [json.loads(line) for line in out.getvalue().splitlines()]
    assert all(set(move) == {"a", "b"} for move in got)
    pairs = [frozenset((tuple(m["a"]), tuple(m["b"]))) for m in got]
    assert len(pairs) == len(set(pairs)) and set(pairs) == want


def moves_of(tmp_path: Path, name: str, text: str) -> list[dict[str, list[int]]]:
    path = tmp_path / name
    path.write_text(text)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["moves", str(path)]) == 0
    return [json.loads(line) for line in out.getvalue().splitlines()]


@pytest.mark.parametrize("seed", [1, 2])
def test_moves_of_dealt_boards_agree_with_brute_force(tmp_path: Path, seed: int) -> None:
    from tilematch.engine.deal.grid import deal_grid
    from tilematch.engine.deal.layout import deal_layout
    from tilematch.engine.grid.board import format_grid
    from tilematch.engine.stack.json import format_stack_json as format_board

    deal = deal_grid(8, 17, seed=seed)  # the 136 set: plain faces only
    board = deal.board.copy()
    for played in (0, len(deal.solution) // 2 + seed):  # the full board, then mid-game
        for move in deal.solution[len(board.move_stack) : played]:
            board.push(move)
        cells = {board.coords(s): board.face(s) or "" for s in board.spots()}
        got = moves_of(tmp_path, "grid.txt", format_grid(board))  # type: ignore[arg-type]
        want = sorted(
            (a, b)
            for a in cells
            for b in cells
            if a < b and cells[a] == cells[b] and reference_bends(cells, 8, 17, a, b) is not None  # type: ignore[arg-type]
        )
        assert [(tuple(m["a"]), tuple(m["b"])) for m in got] == want
        assert want

    turtle = deal_layout("turtle", seed=seed).board
    got = moves_of(tmp_path, "turtle.json", format_board(turtle))  # type: ignore[arg-type]
    tiles = {turtle.coords(s): turtle.face(s) or "" for s in turtle.spots()}

    def free(p: tuple[int, ...]) -> bool:
        x, y, z = p
        if any(q[2] > z and abs(q[0] - x) <= 1 and abs(q[1] - y) <= 1 for q in tiles):
            return False
        side = {q[0] - x for q in tiles if q[2] == z and abs(q[1] - y) <= 1}
        return not (-2 in side and 2 in side)

    flower = {"1f", "2f", "3f", "4f"}
    season = {"5f", "6f", "7f", "8f"}

    def group(code: str) -> str:
        return "flower" if code in flower else "season" if code in season else code

    want_pairs = {
        frozenset((p, q))
        for p in tiles
        for q in tiles
        if p < q and group(tiles[p]) == group(tiles[q]) and free(p) and free(q)
    }
    assert {frozenset((tuple(m["a"]), tuple(m["b"]))) for m in got} == want_pairs
    assert len(got) == len(want_pairs) > 0
