"""The difficulty measure of a deal."""

from __future__ import annotations

import pytest

from tests.support.deals import clears
from tilematch.engine import deal as generate
from tilematch.engine.deal.layout import deal_layout
from tilematch.engine.grid.board import GridBoard
from tilematch.engine.layouts.layout import Layout
from tilematch.engine.stack.board import StackBoard


def test_measure_difficulty_fields_and_determinism() -> None:
    deal = deal_layout("turtle", seed=1)
    a = generate.measure_difficulty(deal.board, playouts=10, seed=3, solution=deal.solution)
    b = generate.measure_difficulty(deal.board, playouts=10, seed=3, solution=deal.solution)
    assert a == b
    assert 0.0 <= a.clear_rate <= 1.0 and 0.0 <= a.score <= 1.0
    assert a.label in ("easy", "normal", "hard")
    assert a.open_pairs == deal.board.legal_pairs().count()
    assert a.min_open_pairs is not None and 1 <= a.min_open_pairs <= a.open_pairs
    with pytest.raises(ValueError):
        generate.measure_difficulty(deal.board, playouts=0)


def test_measure_difficulty_on_grids_and_trivial_boards() -> None:
    easy = GridBoard(1, 2, ["1m", "1m"])
    result = generate.measure_difficulty(easy, playouts=3)
    assert result.clear_rate == 1.0 and result.label == "easy"
    stuck = StackBoard(Layout("s", ((0, 0, 0), (0, 0, 1))), ["1m", "1m"])
    assert generate.measure_difficulty(stuck, playouts=3).clear_rate == 0.0


def test_easy_deals_measure_easier_than_hard_on_average() -> None:
    def mean_score(level: str) -> float:
        scores = []
        for seed in range(4):
            deal = deal_layout("turtle", "blackwhite", seed=seed, difficulty=level)
            assert deal.difficulty == level and clears(deal)
            scores.append(
                generate.measure_difficulty(
                    deal.board, playouts=16, seed=99, solution=deal.solution
                ).score
            )
        return sum(scores) / len(scores)

    assert mean_score("easy") < mean_score("hard")
