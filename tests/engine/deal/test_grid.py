"""Grid deals: solvable by their own solution, reproducible, checked against the solver."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.support.deals import FAST, clears, faces_of
from tilematch.engine.boardfile import format_board
from tilematch.engine.deal import placement
from tilematch.engine.deal.grid import deal_grid
from tilematch.engine.deal.versions import GENERATOR_VERSION
from tilematch.engine.grid.board import GridBoard
from tilematch.engine.grid.shape import GridShape
from tilematch.engine.solver import solve
from tilematch.engine.tiles import standard_set
from tilematch.modes.share import share_code


@FAST
@given(
    seed=st.integers(0, 2**40),
    size=st.sampled_from([(8, 17), (8, 12), (6, 14), (2, 3), (4, 4), (1, 2)]),
    gravity=st.booleans(),
)
def test_reverse_grid_deals_clear_by_their_solution(
    seed: int, size: tuple[int, int], gravity: bool
) -> None:
    rows, cols = size
    deal = deal_grid(rows, cols, seed=seed, gravity=gravity)
    assert isinstance(deal.board, GridBoard)
    assert (deal.board.rows, deal.board.cols, deal.board.gravity) == (rows, cols, gravity)
    assert len(deal.solution) * 2 == rows * cols == deal.board.occupied.bit_count()
    assert clears(deal)
    assert deal.version == GENERATOR_VERSION and deal.generator == "reverse"


@FAST
@given(
    seed=st.integers(0, 2**40),
    rows=st.integers(1, 4),
    cols=st.integers(1, 6),
    gravity=st.booleans(),
    generator=st.sampled_from(["reverse", "checked"]),
)
def test_small_grids_solver_agrees(
    seed: int, rows: int, cols: int, gravity: bool, generator: str
) -> None:
    if rows * cols % 2:
        cols += 1
    deal = deal_grid(rows, cols, seed=seed, gravity=gravity, generator=generator)
    assert clears(deal)
    assert solve(deal.board, nodes=20_000).status == "solved"


def test_grid_tile_sets() -> None:
    assert faces_of(deal_grid(seed=3).board) == Counter(standard_set("136"))
    assert faces_of(deal_grid(8, 18, seed=3).board) == Counter(standard_set("144"))
    small = faces_of(deal_grid(8, 12, seed=3).board)
    assert sum(small.values()) == 96
    # whole groups of four: every ordinary face 4 times; flowers/seasons as groups
    assert all(n == 4 for face, n in small.items() if not face.endswith("f"))


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_solver_agrees_reverse_grids_are_solvable(seed: int) -> None:
    deal = deal_grid(8, 12, seed=seed)
    assert solve(deal.board, nodes=50_000).status == "solved"


@pytest.mark.parametrize(("size", "gravity"), [((8, 17), False), ((6, 8), True)])
def test_checked_grid_deals(size: tuple[int, int], gravity: bool) -> None:
    deal = deal_grid(*size, seed=5, generator="checked", gravity=gravity)
    assert deal.generator == "checked"
    assert clears(deal)


def test_grid_mask_keeps_tiles_inside() -> None:
    cells = {(r, c) for r in range(6) for c in range(6) if (r + c) % 3}
    cells = set(sorted(cells)[: len(cells) // 2 * 2])
    deal = deal_grid(6, 6, seed=9, mask=cells)
    assert {deal.board.coords(s) for s in deal.board.spots()} == cells
    assert deal.custom and clears(deal)
    with pytest.raises(ValueError, match="custom"):
        share_code(deal)


def test_same_arguments_same_board_different_seed_different_board() -> None:
    a, b = deal_grid(seed=42), deal_grid(seed=42)
    assert format_board(a.board) == format_board(b.board)
    assert [(m.a, m.b) for m in a.solution] == [(m.a, m.b) for m in b.solution]
    assert format_board(deal_grid(seed=43).board) != format_board(a.board)
    assert format_board(deal_grid(seed=42, generator="checked").board) != format_board(a.board)


def test_boards_do_not_depend_on_the_hash_seed() -> None:
    """String hashing differs between processes; the boards must not."""
    import subprocess
    import sys

    outputs = set()
    for hash_seed in ("1", "2"):
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "tilematch.cli",
                "deal",
                "blackwhite",
                "--seed",
                "5",
                "--layout",
                "pyramid",
                "--stones",
                "2",
                "--solution",
            ],
            env={"PYTHONHASHSEED": hash_seed, "PATH": ""},
            capture_output=True,
            text=True,
            check=True,
        )
        outputs.add(done.stdout)
    assert len(outputs) == 1


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"seed": -1}, ValueError),
        ({"seed": "1"}, TypeError),
        ({"seed": True}, TypeError),
        ({"seed": 1, "generator": "magic"}, ValueError),
        ({"seed": 1, "rows": 3, "cols": 3}, ValueError),
        ({"seed": 1, "rows": 0, "cols": 4}, ValueError),
        ({"seed": 1, "rows": 99, "cols": 4}, ValueError),
        ({"seed": 1, "version": 99}, ValueError),
        ({"seed": 1, "version": True}, ValueError),
        ({"seed": 1, "tileset": "bw144"}, ValueError),
        ({"seed": 1, "rows": 2, "cols": 2, "mask": [(5, 5), (0, 0)]}, ValueError),
        ({"seed": 1, "rows": 2, "cols": 2, "mask": 1 << 9}, ValueError),
    ],
)
def test_deal_grid_refuses_bad_arguments(kwargs: dict[str, object], error: type) -> None:
    with pytest.raises(error):
        deal_grid(**kwargs)  # type: ignore[arg-type]


def test_grid_removal_paths_connect_by_the_board_rule() -> None:
    """Every step of a removal path connects on a board holding exactly the tiles
    left at that step (the generator asks the engine's own connection function)."""
    rng = random.Random(7)
    for _ in range(40):
        rows, cols = rng.randint(1, 6), rng.randint(1, 7)
        cells = [s for s in range(rows * cols) if rng.random() < 0.6]
        cells = cells[: len(cells) // 2 * 2]
        if not cells:
            continue
        found = placement._grid_removal_path(GridShape(rows, cols), cells, rng)
        if found is None:  # a dead end is allowed; the deal then tries the next sub-seed
            continue
        moves, tiles = found
        assert moves == tiles
        board = GridBoard(rows, cols, dict.fromkeys(cells, "1m"))
        for a, b in moves:
            move = board.match(a, b)
            assert move is not None, (rows, cols, cells, a, b)
            board.push(move)
        assert board.is_cleared()
