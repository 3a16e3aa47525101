"""``GET /api/results/{game_id}/standing``: how a finished game compares with my others."""

from __future__ import annotations

import pytest

from tests.support.server import new_game, play_out
from tilematch.server.standing import compare


def _finish(client, clock, seed: int, step: float) -> dict:
    game = new_game(client, game="shisensho", mode="classic", size=[4, 6], seed=seed)
    ended = play_out(client, game, clock, step=step, smart=True)
    assert ended["status"] == "won"
    return ended


def test_each_game_is_placed_among_my_games_on_its_board(client, clock) -> None:
    first = _finish(client, clock, seed=3, step=3.0)
    figures = client.get(f"/api/results/{first['id']}/standing").json()
    assert figures["verified"] is True
    assert (figures["games"], figures["rank"], figures["first"], figures["best"]) == (
        1,
        1,
        True,
        False,
    )
    assert figures["previous_best"] is None and figures["median_delta"] is None

    faster = _finish(client, clock, seed=4, step=2.0)
    figures = client.get(f"/api/results/{faster['id']}/standing").json()
    assert (figures["games"], figures["rank"], figures["best"]) == (2, 1, True)
    assert figures["previous_best"]["score"] == first["score"]
    assert figures["median_time"] == pytest.approx(first["summary"]["time"], abs=0.1)
    assert figures["median_delta"] < 0  # faster than the median of the others

    slower = _finish(client, clock, seed=5, step=6.0)
    figures = client.get(f"/api/results/{slower['id']}/standing").json()
    assert (figures["games"], figures["rank"], figures["best"], figures["first"]) == (
        3,
        3,
        False,
        False,
    )
    assert figures["median_delta"] > 0
    other = client.get("/api/results/best").json()
    assert other[0]["played"] == 3  # the query counts the same games as the bests


def test_games_on_other_boards_are_not_compared(client, clock) -> None:
    _finish(client, clock, seed=3, step=2.0)
    game = new_game(client, game="shisensho", mode="classic", size=[4, 4], seed=2)
    ended = play_out(client, game, clock, step=3.0, smart=True)
    figures = client.get(f"/api/results/{ended['id']}/standing").json()
    assert figures["games"] == 1 and figures["first"] is True


def test_an_unknown_or_unfinished_game_is_404_and_a_bad_id_422(client, clock) -> None:
    answer = client.get("/api/results/nope/standing")
    assert answer.status_code == 404 and answer.json()["error"]["code"] == "result_not_found"
    assert "nope" in answer.json()["error"]["message"]
    playing = new_game(client, game="shisensho", mode="classic", size=[4, 6], seed=3)
    assert client.get(f"/api/results/{playing['id']}/standing").status_code == 404
    assert client.get("/api/results/bad%20id/standing").status_code == 422


def test_another_players_game_is_not_mine(client, make_client, clock) -> None:
    mine = _finish(client, clock, seed=3, step=2.0)
    stranger = make_client(app=client.app)
    assert stranger.get(f"/api/results/{mine['id']}/standing").status_code == 404


def test_compare_orders_wins_then_score_then_time() -> None:
    lost = {"outcome": "lost", "score": 5000, "time": 10.0}
    won = {"outcome": "won", "score": 100, "time": 90.0}
    assert compare(lost, [won])["rank"] == 2  # any win beats a loss
    tie = compare(dict(won), [won])
    assert tie["rank"] == 1 and tie["best"] is False  # equal to the best is no new best
    assert compare(lost, [won])["median_delta"] is None  # a loss has no time to compare
    quick = {"outcome": "won", "score": 100, "time": 60.0}
    assert compare(quick, [won, {**won, "time": 70.0}])["median_delta"] == -20.0
