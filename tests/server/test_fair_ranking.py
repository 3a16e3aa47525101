"""Fair leaderboards over HTTP: a pause cannot shorten a ranked time, and a result
no person can play is stored and shown to its player but never ranked."""

from __future__ import annotations

import pytest

from tests.support.server import act, new_game
from tilematch.modes import Settings, fairness, new_session

CLASSIC = {"game": "shisensho", "mode": "classic", "size": [8, 17], "seed": 21}
BOARD = {"game": "shisensho", "mode": "classic", "layout": "8x17"}


def solution() -> list[tuple[int, int]]:
    """The pairs that clear the board of :data:`CLASSIC`, as the public engine deals
    them from the seed the view shows (what the bot of issue 21 did)."""
    settings = Settings(game="shisensho", mode="classic", size=(8, 17), seed=CLASSIC["seed"])
    return [(move.a, move.b) for move in new_session(settings, 0.0).solution]


def play(client, clock, *, think: float, click: float = 0.0, pause: bool = False):
    """Clear :data:`CLASSIC` on the server's clock: ``think`` seconds before each pair
    (inside a pause when ``pause``), then ``click`` seconds to take it. Returns the
    last view."""
    game = new_game(client, **CLASSIC)
    for a, b in solution():
        if pause:
            assert act(client, game["id"], type="pause")["ok"]
        clock.advance(think)
        if pause:
            assert act(client, game["id"], type="resume")["ok"]
        clock.advance(click)
        answer = act(client, game["id"], type="match", a=a, b=b)
        assert answer["ok"], answer
        game = answer["game"]
    assert game["status"] == "won"
    return game


def named(make_client, name):
    client = make_client()
    assert client.put("/api/me", json={"name": name}).status_code == 200
    return client


def leaderboard(client):
    return client.get("/api/leaderboards", params=BOARD).json()


def test_pausing_around_every_thought_gets_no_short_time_and_no_first_place(
    client, make_client, clock
):
    # issue 21: 68 pairs, each thought out in a pause, 34.8 s of play recorded as 0.49 s
    pauser = client
    assert pauser.put("/api/me", json={"name": "Pauser"}).status_code == 200
    paused = play(pauser, clock, think=0.505, click=0.007, pause=True)
    assert paused["summary"]["time"] == pytest.approx(34.8, abs=0.05)
    honest = named(make_client, "Steady")
    # no pause, half a second a pair; the clock starts at the first pick: 33.5 s
    steady = play(honest, clock, think=0.5)
    assert steady["summary"]["time"] == pytest.approx(33.5, abs=0.01)
    board = leaderboard(honest)
    assert [(line["name"], line["time"]) for line in board] == [
        ("Steady", pytest.approx(33.5, abs=0.01)),
        ("Pauser", pytest.approx(34.8, abs=0.05)),
    ]
    assert board[0]["score"] > board[1]["score"]  # the speed bonus follows the real time


def test_a_solver_bot_is_stored_shown_to_its_player_and_left_off_the_leaderboard(
    client, make_client, clock
):
    human = named(make_client, "Person")
    play(human, clock, think=1.2)
    bot = client
    assert bot.put("/api/me", json={"name": "Bot"}).status_code == 200
    won = play(bot, clock, think=0.015)  # 68 pairs in about 1 s
    assert won["counters"]["time"] < 1.1 and "perfect" in won["summary"]
    assert won["summary"]["unranked"] == fairness.TOO_FAST
    again = bot.get(f"/api/games/{won['id']}").json()
    assert again["summary"]["unranked"] == fairness.TOO_FAST
    mine = bot.get("/api/results").json()
    assert mine[0]["game_id"] == won["id"] and mine[0]["score"] == won["score"]
    assert mine[0]["verified"] is True and mine[0]["unranked"] == fairness.TOO_FAST
    board = leaderboard(bot)
    assert [line["name"] for line in board] == ["Person"]
    assert board[0]["score"] < won["score"]  # ranked below a score it could not beat
    assert human.get("/api/results").json()[0]["unranked"] is None


def test_a_game_at_a_human_pace_is_ranked(client, clock):
    won = play(client, clock, think=0.8)
    assert won["summary"]["unranked"] is None
    board = leaderboard(client)
    assert [(line["score"], line["you"]) for line in board] == [(won["score"], True)]


def test_an_arcade_countdown_runs_on_over_a_pause(client, clock):
    game = new_game(client, game="shisensho", mode="arcade", size=[4, 4], seed=2)
    paused = act(client, game["id"], type="pause")["game"]
    remaining = paused["clock"]["remaining"]
    clock.advance(3)
    resumed = act(client, game["id"], type="resume")["game"]
    assert resumed["clock"]["remaining"] == pytest.approx(remaining - 3)
    act(client, game["id"], type="pause")
    clock.advance(400)  # the countdown runs out while the board is hidden
    ended = client.get(f"/api/games/{game['id']}").json()
    assert ended["status"] == "won" and ended["clock"]["remaining"] == 0
    assert ended["summary"]["time"] == pytest.approx(180.0)


def test_zen_is_stored_and_never_ranked(client, clock):
    game = new_game(client, game="blackwhite", mode="zen", layout="pyramid", seed=3)
    act(client, game["id"], type="pause")
    clock.advance(3600)
    held = client.get(f"/api/games/{game['id']}").json()
    assert held["clock"]["paused"] is True and held["clock"]["elapsed"] == 0
    act(client, game["id"], type="resume")
    ended = act(client, game["id"], type="give_up")["game"]
    assert ended["summary"]["unranked"] == fairness.ZEN
    assert client.get("/api/results").json()[0]["unranked"] == fairness.ZEN
