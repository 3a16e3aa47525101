"""Hints, smart hints and the winnable check."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.engine.test_solve import exhaustive, grid_board, layered_board, snapshot, stack

from tilematch.engine.grid.board import GridBoard
from tilematch.engine.hints import Advice, advise, hint, is_winnable, smart_hint

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def boards() -> st.SearchStrategy[Any]:
    seeds = st.integers(0, 10**9)
    return st.one_of(
        seeds.map(lambda s: grid_board(s, False)),
        seeds.map(lambda s: grid_board(s, True)),
        seeds.map(layered_board),
        seeds.map(lambda s: layered_board(s, game="blackwhite", stones=True)),
    )


@SETTINGS
@given(board=boards())
def test_hint_is_a_legal_pair_or_none_when_stuck(board: Any) -> None:
    before = snapshot(board)
    move = hint(board)
    assert snapshot(board) == before
    if move is None:
        assert board.is_deadlocked() or board.is_cleared()
    else:
        assert board.match(move.a, move.b) == move


@SETTINGS
@given(board=boards())
def test_smart_hint_keeps_the_board_winnable(board: Any) -> None:
    before = snapshot(board)
    winnable = exhaustive(board.copy())
    move = smart_hint(board, seconds=None)
    assert snapshot(board) == before
    assert is_winnable(board, seconds=None) == winnable
    if not winnable or board.is_cleared():
        assert move is None
        return
    assert move is not None
    assert board.match(move.a, move.b) == move
    after = board.copy()
    after.push(move)
    assert exhaustive(after)


def test_smart_hint_avoids_the_losing_pair() -> None:
    # Three 1m are free; pairing the two on the left leaves the last 1m on top of
    # the fourth, so only pairs with the top tile keep the board winnable.
    board = stack(
        [
            (0, 0, 0, "1m"),
            (4, 0, 0, "1m"),
            (8, 0, 0, "1m"),
            (8, 0, 1, "1m"),
        ]
    )
    top = board.spot_at((8, 0, 1))
    losing = [m for m in board.legal_pairs() if top not in (m.a, m.b)]
    assert losing, "the trap exists"
    move = smart_hint(board)
    assert move is not None
    assert top in (move.a, move.b)


def test_unwinnable_board_gets_a_warning_but_still_a_plain_hint() -> None:
    board = stack(
        [
            (0, 0, 0, "1m"),
            (0, 0, 1, "2m"),
            (6, 0, 0, "2m"),
            (6, 0, 1, "1m"),
            (12, 0, 0, "3m"),
            (16, 0, 0, "3m"),
        ]
    )
    assert not is_winnable(board)
    assert smart_hint(board) is None
    assert hint(board) is not None
    assert advise(board) == Advice(None, False)


def test_cleared_and_deadlocked_boards() -> None:
    empty = GridBoard(2, 2, {})
    assert hint(empty) is None
    assert smart_hint(empty) is None
    assert is_winnable(empty)
    assert advise(empty).proven
    stuck = GridBoard([["1m", "2m"], ["2m", "1m"]])
    assert stuck.is_deadlocked()
    assert hint(stuck) is None
    assert smart_hint(stuck) is None
    assert not is_winnable(stuck)


def test_out_of_time_gives_a_plain_hint_without_a_verdict() -> None:
    board = grid_board(5, gravity=False)
    advice = advise(board, seconds=0)
    assert advice.winnable is None
    assert not advice.proven
    assert advice.move is not None
    assert board.match(advice.move.a, advice.move.b) == advice.move
    assert is_winnable(board, seconds=0)  # no warning without proof


def test_a_game_along_a_known_solution_needs_no_new_search(monkeypatch: Any) -> None:
    from tests.engine.test_solve import assert_replays

    from tilematch.engine import hints

    board = GridBoard(
        [
            ["1m", "2m", "3m", "1m"],
            ["3m", "2m", "2m", "3m"],
            ["1m", "4m", "4m", "2m"],
            ["4m", "1m", "3m", "4m"],
        ]
    )
    memory = hints.Memory()
    first = smart_hint(board, memory=memory)
    assert first is not None

    def no_search(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("searched again")

    monkeypatch.setattr(hints, "solve", no_search)
    played = []
    while not board.is_cleared():
        move = smart_hint(board, memory=memory)
        assert move is not None
        assert is_winnable(board, memory=memory)
        assert board.match(move.a, move.b) == move
        board.push(move)
        played.append(move)
    start = board.copy()
    for _ in played:
        start.pop()
    assert_replays(start, played)


def test_memory_is_not_fooled_by_another_board_with_the_same_spots(monkeypatch: Any) -> None:
    one = GridBoard([["1m", "1m", "2m", "2m"]])
    other = GridBoard([["1m", "2m", "1m", "2m"], [None, None, None, None]])
    from tilematch.engine import hints

    memory = hints.Memory()
    assert smart_hint(one, memory=memory) is not None
    move = smart_hint(other, memory=memory)
    assert move is not None
    assert other.match(move.a, move.b) == move


def test_without_a_memory_every_answer_comes_from_the_board_alone(monkeypatch: Any) -> None:
    from tilematch.engine import hints

    board = GridBoard([["1m", "2m", "2m", "1m"], ["3m", "4m", "4m", "3m"]])
    calls = []
    from tilematch.engine.solver import solve as real

    def counting(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(hints, "solve", counting)
    first = smart_hint(board)
    assert first is not None
    board.push(first)
    assert smart_hint(board) is not None
    assert len(calls) == 2  # nothing was kept from the first call


def test_a_memory_needs_room_for_one_solution() -> None:
    from tilematch.engine import hints

    with pytest.raises(ValueError, match="size"):
        hints.Memory(0)
