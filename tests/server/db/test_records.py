"""Results, bests, leaderboards, Daily Challenge history and streaks, replay verification."""

from __future__ import annotations

import pytest

from tests.support.server import new_game, play_out
from tests.support.stored import Stored

TINY = {"game": "shisensho", "mode": "classic", "size": [4, 4]}


def win(client, clock, seed=1, **extra):
    game = new_game(client, **{**TINY, "seed": seed, **extra})
    return play_out(client, game, clock, step=1.0)


def test_results_and_bests(client, clock):
    first = win(client, clock, seed=1)
    second = win(client, clock, seed=2)
    given_up = new_game(client, **TINY, seed=3)
    client.post(f"/api/games/{given_up['id']}/actions", json={"type": "give_up"})
    results = client.get("/api/results").json()
    assert [r["game_id"] for r in results] == [given_up["id"], second["id"], first["id"]]
    assert results[0]["outcome"] == "given_up"
    assert all(r["verified"] for r in results)
    best = client.get("/api/results/best").json()
    assert len(best) == 1
    row = best[0]
    assert (row["game"], row["mode"], row["board"], row["played"]) == (
        "shisensho",
        "classic",
        "4x4",
        3,
    )
    # these 4x4 seeds are cleared by the first-pair player, so both count as wins
    assert first["status"] == second["status"] == "won"
    assert row["won"] == 2
    assert row["best_score"] == max(first["score"], second["score"])
    assert row["best_time"] == min(first["summary"]["time"], second["summary"]["time"])
    assert row["best_time"] == min(r["time"] for r in results[1:])
    assert client.get("/api/results?limit=1").json()[0]["game_id"] == given_up["id"]


def test_leaderboard_ranks_each_players_best(make_client, clock):
    alice = make_client()
    alice.put("/api/me", json={"name": "Alice"})
    bob = make_client(alice.app)
    bob.put("/api/me", json={"name": "Bob"})
    a1 = win(alice, clock, seed=1)
    a2 = win(alice, clock, seed=2)
    b1 = win(bob, clock, seed=3)
    params = {"game": "shisensho", "mode": "classic", "layout": "4x4"}
    board = alice.get("/api/leaderboards", params=params).json()
    assert a1["status"] == a2["status"] == b1["status"] == "won"
    alice_best = max((a1, a2), key=lambda g: (g["score"], -g["summary"]["time"]))
    expected = [
        ("Alice", alice_best["score"], alice_best["summary"]["time"]),
        ("Bob", b1["score"], b1["summary"]["time"]),
    ]
    expected.sort(key=lambda e: (-e[1], e[2]))
    assert [(r["name"], r["score"], r["time"]) for r in board] == expected  # one line each
    assert [r["rank"] for r in board] == [1, 2]
    assert {r["name"]: r["you"] for r in board} == {"Alice": True, "Bob": False}
    seen_by_bob = bob.get("/api/leaderboards", params=params).json()
    assert {r["name"]: r["you"] for r in seen_by_bob} == {"Alice": False, "Bob": True}
    assert alice.get("/api/leaderboards", params={**params, "variant": "gravity"}).json() == []
    assert alice.get("/api/leaderboards", params={**params, "variant": ""}).json() == board
    assert alice.get("/api/leaderboards", params={**params, "layout": "8x17"}).json() == []
    assert alice.get("/api/leaderboards", params={**params, "limit": 1}).json() == board[:1]


def test_a_result_whose_replay_disagrees_is_not_ranked(client, clock):
    server = client.app.state.server
    real = server.games.replay
    server.games.replay = lambda *args: {**real(*args), "score": -1}
    ended = win(client, clock, seed=1)
    assert ended["status"] in ("won", "lost")
    result = client.get("/api/results").json()[0]
    assert result["verified"] is False
    board = client.get("/api/leaderboards", params={"game": "shisensho", "mode": "classic"}).json()
    assert board == []


@pytest.mark.parametrize(
    "value",
    [
        "2026-13-01",
        "2026-1-01",
        "yesterday",
        "2026-12-01",
        "1999-12-31",
        "2026-02-30",
        "2026-11-29T00:00",
    ],
)
def test_daily_refuses_bad_dates(client, db_path, value):
    for answer in (
        client.get(f"/api/daily/{value}"),
        client.post(f"/api/daily/{value}"),
        client.post(f"/api/daily/{value}/restart"),
    ):
        assert answer.status_code == 422
        assert answer.json()["error"]["code"] == "bad_date"
    with Stored(db_path) as db:
        assert db.value("SELECT COUNT(*) FROM games") == 0


def _insert_daily(
    db_path, player_id, date, outcome, time, verified=1, hints=0, undos=0, solved_on=None
):
    """A finished Daily game and its result, written straight to the database; the
    score is what the Daily's hints cost, the local date of the end ``date`` itself."""
    game_id = f"g-{date}-{outcome}-{time}"
    with Stored(db_path) as db:
        db.execute(
            "INSERT INTO games (id, player_id, game, mode, board, seed, settings, state,"
            " status, created, updated, daily_date) VALUES (?, ?, 'solitaire', 'daily',"
            " 'turtle', 1, '{}', '{}', ?, 0, 0, ?)",
            (game_id, player_id, outcome, date),
        )
        db.execute(
            "INSERT INTO results (game_id, player_id, game, mode, board, outcome, score, time,"
            " hints, undos, verified, finished, daily_date, solved_on) VALUES (?, ?,"
            " 'solitaire', 'daily', 'turtle', ?, ?, ?, ?, ?, ?, 0, ?, ?)",
            (
                game_id,
                player_id,
                outcome,
                7200 - 100 * hints,
                time,
                hints,
                undos,
                verified,
                date,
                solved_on or date,
            ),
        )


def test_daily_history_and_streaks(client, db_path):
    me = client.get("/api/me").json()
    for date, outcome, time in [
        ("2026-11-20", "won", 300.0),
        ("2026-11-21", "won", 250.0),
        ("2026-11-21", "won", 200.0),
        ("2026-11-22", "won", 400.0),
        ("2026-11-23", "given_up", 10.0),
        ("2026-11-27", "won", 500.0),
        ("2026-11-28", "won", 450.0),
    ]:
        _insert_daily(db_path, me["id"], date, outcome, time, hints=int(time) // 100)
    _insert_daily(db_path, me["id"], "2026-11-29", "won", 1.0, verified=0)
    history = client.get("/api/daily", params={"today": "2026-11-29"}).json()
    assert history["streak"] == 2 and history["best_streak"] == 3
    days = {d["date"]: d for d in history["days"]}
    assert days["2026-11-21"] == {
        "date": "2026-11-21",
        "solved": True,
        "on_day": True,
        "score": 7000,
        "time": 200.0,
        "hints": 2,
        "undos": 0,
        "shuffles": 0,
    }
    assert days["2026-11-23"]["solved"] is False
    assert days["2026-11-29"]["solved"] is False  # an unverified result does not count
    later = client.get("/api/daily", params={"today": "2026-11-30"}).json()
    assert later["streak"] == 0
    assert client.get("/api/daily", params={"today": "nonsense"}).status_code == 422


def test_daily_game_is_created_once_then_continued(client, clock):
    first = client.post("/api/daily/2026-11-29")
    assert first.status_code == 201, first.text
    game = first.json()
    assert game["mode"] == "daily" and game["layout"] == "turtle"
    assert game["daily_date"] == "2026-11-29" and len(game["tiles"]) == 144
    again = client.post("/api/daily/2026-11-29")
    assert again.status_code == 200 and again.json()["id"] == game["id"]
    assert client.get("/api/daily/2026-11-29").json()["id"] == game["id"]
    restarted = client.post("/api/daily/2026-11-29/restart")
    assert restarted.status_code == 201
    fresh = restarted.json()
    assert fresh["id"] != game["id"] and fresh["tiles"] == game["tiles"]
    assert client.get("/api/daily/2026-11-29").json()["id"] == fresh["id"]
    other_day = client.post("/api/daily/2026-11-28").json()
    assert other_day["tiles"] != game["tiles"]
    history = client.get("/api/daily").json()
    assert history["days"] == []  # opened, not played
    assert history["streak"] == 0


def test_the_result_is_rederived_from_the_stored_move_log(client, clock, db_path):
    """A log that no longer leads to the played game (here: a move row lost from the
    database) does not verify, so the result is kept but never ranked."""
    game = new_game(client, **TINY, seed=1)
    first = game["pairs"][0]
    clock.advance(1)
    view = client.post(
        f"/api/games/{game['id']}/actions", json={"type": "match", "a": first[0], "b": first[1]}
    ).json()["game"]
    with Stored(db_path) as db:
        db.execute("DELETE FROM moves WHERE game_id = ? AND seq = 1", (game["id"],))
    ended = play_out(client, view, clock, step=1.0)  # the live game plays on to the end
    assert ended["status"] == "won"
    result = client.get("/api/results").json()[0]
    assert result["game_id"] == game["id"] and result["score"] == ended["score"]
    assert result["verified"] is False
    board = client.get("/api/leaderboards", params={"game": "shisensho", "mode": "classic"})
    assert board.json() == []
    # the same game with its log intact is verified and ranked
    win(client, clock, seed=1)
    assert client.get("/api/results").json()[0]["verified"] is True
    assert (
        len(client.get("/api/leaderboards", params={"game": "shisensho", "mode": "classic"}).json())
        == 1
    )
