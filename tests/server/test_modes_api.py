"""Every single-player mode played to its end over HTTP; each result replays to the
same score and enters the history and the leaderboards."""

from __future__ import annotations

import pytest

from tests.support.server import ACTIVE, act, new_game, play_out, start_clock


@pytest.fixture
def small_layout(client):
    layouts = client.get("/api/layouts").json()
    return min(layouts, key=lambda layout: (layout["tiles"], layout["name"]))["name"]


def finish_and_check(client, game, clock, **play):
    ended = play_out(client, game, clock, **play)
    assert ended["status"] not in ACTIVE and ended["summary"]
    results = client.get("/api/results").json()
    assert results[0]["game_id"] == game["id"]
    assert results[0]["outcome"] == ended["status"]
    assert results[0]["score"] == ended["score"]
    assert results[0]["verified"] is True
    after = client.post(f"/api/games/{game['id']}/actions", json={"type": "undo"})
    assert after.status_code == 409
    return ended


def test_shisensho_classic(client, clock):
    game = new_game(client, game="shisensho", mode="classic", size=[4, 6], seed=3)
    ended = finish_and_check(client, game, clock, smart=True)
    assert ended["status"] == "won"
    board = client.get(
        "/api/leaderboards", params={"game": "shisensho", "mode": "classic", "layout": "4x6"}
    ).json()
    assert board[0]["score"] == ended["score"] and board[0]["you"] is True


def test_shisensho_classic_with_gravity(client, clock):
    game = new_game(client, game="shisensho", mode="classic", size=[4, 4], seed=8, gravity=True)
    assert game["gravity"] is True
    finish_and_check(client, game, clock, smart=True)
    best = client.get("/api/results/best").json()
    assert best[0]["variant"] == "gravity"


def test_shisensho_arcade_ends_on_the_clock(client, clock):
    game = new_game(client, game="shisensho", mode="arcade", size=[4, 4], seed=2)
    for _ in range(3):
        clock.advance(1)
        pair = game["pairs"][0]
        game = act(client, game["id"], type="match", a=pair[0], b=pair[1])["game"]
    clock.advance(400)  # no request while the countdown runs out
    ended = client.get(f"/api/games/{game['id']}").json()
    assert ended["status"] not in ACTIVE and ended["clock"]["remaining"] == 0
    results = client.get("/api/results").json()
    assert results[0]["verified"] is True and results[0]["score"] == ended["score"] > 0
    board = client.get("/api/leaderboards", params={"game": "shisensho", "mode": "arcade"}).json()
    assert board and board[0]["score"] == ended["score"]
    assert client.post(f"/api/games/{game['id']}/actions", json={"type": "hint"}).status_code == 409


def test_solitaire_regular(client, clock, small_layout):
    game = new_game(client, game="solitaire", mode="regular", layout=small_layout, seed=5)
    assert game["geometry"] == "stack" and game["layout"] == small_layout
    finish_and_check(client, game, clock)


@pytest.mark.parametrize("mode", ["zen", "countdown"])
def test_black_and_white(client, clock, small_layout, mode):
    body = {"game": "blackwhite", "mode": mode, "layout": small_layout, "seed": 9}
    if mode == "countdown":
        body["difficulty"] = "relaxed"
    game = new_game(client, **body)
    assert all(t["code"][0] in "bw" for t in game["tiles"])
    finish_and_check(client, game, clock)


def test_countdown_lost_on_time_is_stored_once(client, clock, small_layout):
    game = new_game(
        client,
        game="blackwhite",
        mode="countdown",
        layout=small_layout,
        seed=1,
        difficulty="zen_master",
    )
    start_clock(client, game)  # the first pick
    clock.advance(10_000)
    ended = client.get(f"/api/games/{game['id']}").json()
    assert ended["status"] == "lost"
    assert client.get(f"/api/games/{game['id']}").json()["status"] == "lost"
    results = client.get("/api/results").json()
    assert len(results) == 1 and results[0]["verified"] is True
    assert client.get("/api/games").json() == []


def test_tower_level_one(client, clock):
    campaign = client.get("/api/campaign").json()
    assert len(campaign["levels"]) == 150
    assert campaign["levels"][0]["unlocked"] is True and campaign["levels"][1]["unlocked"] is False
    locked = client.post("/api/games", json={"game": "blackwhite", "mode": "tower", "level": 2})
    assert locked.status_code == 403 and locked.json()["error"]["code"] == "level_locked"
    game = new_game(client, game="blackwhite", mode="tower", level=1)
    assert game["level"] == 1
    ended = finish_and_check(client, game, clock, step=0.2)
    assert ended["status"] == "won"  # level 1 is a fixed, gentle board
    campaign = client.get("/api/campaign").json()
    assert campaign["levels"][1]["unlocked"] is True and campaign["cleared"] == 1
    assert campaign["levels"][0]["stars"] == ended["summary"]["stars"] >= 1
    assert client.get("/api/results").json()[0]["stars"] == ended["summary"]["stars"]
    assert new_game(client, game="blackwhite", mode="tower", level=2)["level"] == 2


def test_solitaire_daily_played_to_the_end(client, clock):
    answer = client.post("/api/daily/2026-11-28")
    assert answer.status_code == 201
    game = answer.json()
    ended = finish_and_check(client, game, clock, step=3.0)
    assert ended["status"] == "won"  # this date's Turtle is cleared by the first-pair player
    history = client.get("/api/daily", params={"today": "2026-11-28"}).json()
    # solved on the 29th of the player's calendar (UTC, the default): no streak
    assert history["streak"] == 0 and history["best_streak"] == 0
    day = history["days"][0]
    assert day["date"] == "2026-11-28" and day["solved"] is True and day["on_day"] is False
    assert day["score"] == 7200
    assert day["time"] == ended["summary"]["time"] and day["hints"] == 0
    board = client.get(
        "/api/leaderboards", params={"game": "solitaire", "mode": "daily", "date": "2026-11-28"}
    ).json()
    assert board[0]["you"] is True and board[0]["time"] == ended["summary"]["time"]
    other_day = client.get(
        "/api/leaderboards", params={"game": "solitaire", "mode": "daily", "date": "2026-11-27"}
    ).json()
    assert other_day == []


def test_a_countdown_that_ran_out_leaves_the_unfinished_list(client, clock, small_layout):
    game = new_game(
        client,
        game="blackwhite",
        mode="countdown",
        layout=small_layout,
        seed=1,
        difficulty="zen_master",
    )
    start_clock(client, game)  # the first pick
    other = new_game(client, game="shisensho", mode="classic", size=[4, 4], seed=1)
    assert {g["id"] for g in client.get("/api/games").json()} == {game["id"], other["id"]}
    clock.advance(10_000)  # no request on the game itself
    unfinished = client.get("/api/games").json()
    assert [g["id"] for g in unfinished] == [other["id"]]
    finished = client.get("/api/games", params={"status": "finished"}).json()
    assert [(g["id"], g["status"]) for g in finished] == [(game["id"], "lost")]
    results = client.get("/api/results").json()
    assert [(r["game_id"], r["outcome"], r["verified"]) for r in results] == [
        (game["id"], "lost", True)
    ]
    assert client.get(f"/api/games/{game['id']}").json()["status"] == "lost"
    assert len(client.get("/api/results").json()) == 1
