"""Generator versions: frozen generators and the golden boards they deal."""

from __future__ import annotations

from pathlib import Path

import pytest

from tilematch.engine import deal as generate
from tilematch.engine.boardfile import format_board
from tilematch.engine.deal.grid import deal_grid
from tilematch.engine.deal.layout import deal_layout
from tilematch.engine.deal.placement import replay
from tilematch.engine.deal.record import Deal
from tilematch.engine.stack.board import StackBoard
from tilematch.modes.daily import daily_deal

GOLDEN = Path(__file__).parent / "golden"


def test_versions_dispatch_to_frozen_generators(monkeypatch: pytest.MonkeyPatch) -> None:
    """A new version must leave the boards of the old one unchanged."""
    old = format_board(deal_grid(seed=1, version=1).board)

    def newer(*args: object) -> object:
        raise AssertionError("version 2 must not be used for version=1")

    monkeypatch.setitem(generate.GRID_VERSIONS, 2, newer)  # type: ignore[arg-type]
    assert format_board(deal_grid(seed=1, version=1).board) == old
    with pytest.raises(AssertionError):
        deal_grid(seed=1, version=2)


GOLDEN_DEALS = {
    "grid-17x8-reverse-seed1.txt": lambda: deal_grid(8, 17, seed=1, version=1),
    "grid-17x8-checked-seed1.txt": lambda: deal_grid(8, 17, seed=1, generator="checked", version=1),
    "grid-12x8-gravity-seed1.txt": lambda: deal_grid(8, 12, seed=1, gravity=True, version=1),
    "turtle-reverse-seed1.json": lambda: deal_layout("turtle", seed=1, version=1),
    "daily-2026-01-01.json": lambda: daily_deal("2026-01-01"),
    "bw-turtle-hard-seed1.json": lambda: deal_layout(
        "turtle", "blackwhite", seed=1, difficulty="hard", version=1
    ),
    "bw-pyramid-stones4-seed1.json": lambda: deal_layout(
        "pyramid", "blackwhite", seed=1, stones=4, version=1
    ),
    # version 2: solver-checked layered deals proven with the repair search first;
    # the recorded solution places the stones, so it is part of the board here
    "turtle-checked-stones4-seed1-v2.json": lambda: deal_layout(
        "turtle", seed=1, generator="checked", stones=4, version=2
    ),
    # version 3: proven with the nogoods the exact search learns as well
    "turtle-checked-stones4-seed1-v3.json": lambda: deal_layout(
        "turtle", seed=1, generator="checked", stones=4, version=3
    ),
}


def golden_text(deal: Deal) -> str:
    from tilematch.commands.deal import render

    return render(deal, solution=True)


@pytest.mark.parametrize("name", sorted(GOLDEN_DEALS))
def test_golden_boards(name: str) -> None:
    """Boards of a generator version are fixed forever: any change here breaks saved,
    shared and daily games.

    A solver-checked deal's board is fixed, but its solution is whichever one the
    solver finds (a faster solver may find another): there only the board part of
    the file is compared, and the solution must clear the board."""
    expected = (GOLDEN / name).read_text(encoding="utf-8")
    deal = GOLDEN_DEALS[name]()
    text = golden_text(deal)
    stones = isinstance(deal.board, StackBoard) and bool(deal.board.stones())
    if deal.generator == "checked" and not stones:
        assert text.split("# solution")[0] == expected.split("# solution")[0]
        assert replay(deal.board, [(m.a, m.b) for m in deal.solution]) is not None
    else:
        assert text == expected


@pytest.mark.parametrize("newer", [2, 3])
def test_later_versions_change_only_solver_checked_layered_deals(newer: int) -> None:
    """Reverse placement and grids deal the same boards in versions 1, 2 and 3."""
    for seed in (1, 2):
        for make in (
            lambda v, s=seed: deal_grid(8, 17, seed=s, generator="checked", version=v),
            lambda v, s=seed: deal_layout("turtle", seed=s, version=v),
            lambda v, s=seed: deal_layout("pyramid", "blackwhite", seed=s, stones=4, version=v),
        ):
            one, two = make(1), make(newer)
            assert two.version == newer
            text = golden_text(one).replace("version=1", f"version={newer}")
            assert text.replace('"version": 1', f'"version": {newer}') == golden_text(two)
