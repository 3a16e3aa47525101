"""The tiles of a view, drawn from what the view keeps per board, stay the board's
own: after tiles slide with gravity, after a shuffle and on a layered board."""

from __future__ import annotations

from tilematch.engine.tiles import tile_name
from tilematch.modes import Settings, new_session
from tilematch.modes.session import Session


def _drawn_fresh(s: Session) -> list[tuple[int, str, str, list[int]]]:
    board = s.board
    return [
        (spot, board.face(spot) or "", tile_name(board.face(spot) or ""), list(board.coords(spot)))
        for spot in board.spots()
    ]


def _drawn(s: Session, now: float) -> list[tuple[int, str, str, list[int]]]:
    return [(t["spot"], t["code"], t["name"], t["pos"]) for t in s.view(now)["tiles"]]


def _play_and_compare(s: Session, moves: int) -> int:
    """Play up to ``moves`` moves, comparing every view with a fresh drawing; returns
    how many tiles changed face at a spot that stayed occupied (gravity)."""
    now, slid = 1.0, 0
    before = dict((spot, code) for spot, code, _, _ in _drawn(s, now))
    for _ in range(moves):
        view = s.view(now)
        if view["status"] not in ("playing", "deadlock"):
            break
        if not view["pairs"]:
            assert s.act({"type": "shuffle"}, now).ok
        else:
            a, b = view["pairs"][-1]
            assert s.act({"type": "match", "a": a, "b": b}, now).ok
        now += 1.0
        drawn = _drawn(s, now)
        assert drawn == _drawn_fresh(s)
        slid += sum(1 for spot, code, _, _ in drawn if before.get(spot, code) != code)
        before = {spot: code for spot, code, _, _ in drawn}
    return slid


def test_names_follow_tiles_that_slide_with_gravity() -> None:
    s = new_session(Settings(game="shisensho", mode="classic", gravity=True, seed=3), 0.0)
    assert _play_and_compare(s, 40) > 0  # tiles did land on spots drawn before


def test_a_shuffle_draws_the_new_faces() -> None:
    s = new_session(Settings(game="shisensho", mode="classic", seed=5), 0.0)
    s.view(0.5)
    assert s.act({"type": "shuffle"}, 1.0).ok
    assert _drawn(s, 1.5) == _drawn_fresh(s)


def test_a_layered_board_is_drawn_as_it_stands() -> None:
    s = new_session(Settings(game="solitaire", mode="regular", seed=2), 0.0)
    _play_and_compare(s, 30)
