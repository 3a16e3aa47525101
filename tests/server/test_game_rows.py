"""A game's row keeps its start record; its moves are its log: what is written a
move stays the same size, and a game is restored by replaying its moves."""

from __future__ import annotations

import json

from tests.support.server import act, new_game, start_clock, table_dump
from tests.support.stored import Stored

SMALL = {"game": "shisensho", "mode": "classic", "size": [4, 6], "seed": 5}


def _state(db_path, game_id):
    with Stored(db_path) as db:
        return db.rows("SELECT state, seq FROM games WHERE id = ?", [game_id])[0]


def _same_player(make_client, token):
    """A client of a new app on the same database (another process), as ``token``'s player."""
    again = make_client()
    again.headers["Authorization"] = f"Bearer {token}"
    return again


def _match(client, clock, game, pairs, gap):
    """Clear ``pairs`` pairs of ``game``, ``gap`` seconds apart; returns its view."""
    for _ in range(pairs):
        a, b = game["pairs"][0]
        clock.advance(gap)
        game = act(client, game["id"], type="match", a=a, b=b)["game"]
    return game


def _brief(view):
    return (
        view["status"],
        view["score"],
        view["counters"],
        sorted(tile["spot"] for tile in view["tiles"]),
    )


def test_the_row_keeps_the_start_record_while_the_game_is_played(client, clock, db_path):
    game = start_clock(client, new_game(client, **SMALL))
    start, _ = _state(db_path, game["id"])
    assert json.loads(start)["log"] == []
    for intent in ({"type": "hint"}, "match", {"type": "undo"}, "match", "match"):
        if intent == "match":
            a, b = game["pairs"][0]
            intent = {"type": "match", "a": a, "b": b}
        clock.advance(2)
        answer = act(client, game["id"], **intent)
        assert answer["ok"], answer
        game = answer["game"]
    state, seq = _state(db_path, game["id"])
    assert state == start  # written once
    assert seq == 6  # the first pick and five more


def test_a_restarted_server_replays_the_stored_moves(client, make_client, clock, db_path):
    token = client.get("/api/me").json()["token"]
    game = _match(client, clock, start_clock(client, new_game(client, **SMALL)), 3, 1.5)
    game = act(client, game["id"], type="shuffle")["game"]
    again = _same_player(make_client, token)
    restored = again.get(f"/api/games/{game['id']}")
    assert restored.status_code == 200
    assert _brief(restored.json()) == _brief(game)
    # and it plays on from there
    a, b = restored.json()["pairs"][0]
    assert act(again, game["id"], type="match", a=a, b=b)["ok"]


def test_a_log_left_in_an_older_row_is_not_read(client, make_client, clock, db_path):
    """Rows written before the log left them hold a copy of it; the moves decide."""
    token = client.get("/api/me").json()["token"]
    game = _match(client, clock, start_clock(client, new_game(client, **SMALL)), 2, 1)
    start, _ = _state(db_path, game["id"])
    stale = {**json.loads(start), "log": [{"type": "start", "t": 0.0}]}
    with Stored(db_path) as db:
        db.execute("UPDATE games SET state = ? WHERE id = ?", [json.dumps(stale), game["id"]])
    again = _same_player(make_client, token)
    assert _brief(again.get(f"/api/games/{game['id']}").json()) == _brief(game)


def test_a_stored_move_that_is_not_json_is_a_damaged_game(client, make_client, db_path):
    token = client.get("/api/me").json()["token"]
    game = start_clock(client, new_game(client, **SMALL))
    with Stored(db_path) as db:
        db.execute("UPDATE moves SET intent = '{broken' WHERE game_id = ?", [game["id"]])
    before = table_dump(db_path)
    again = _same_player(make_client, token)
    answer = again.get(f"/api/games/{game['id']}")
    assert answer.status_code == 409
    assert answer.json()["error"]["code"] == "game_damaged"
    moved = again.post(f"/api/games/{game['id']}/actions", json={"type": "hint"})
    assert moved.status_code == 409 and moved.json()["error"]["code"] == "game_damaged"
    assert table_dump(db_path) == before  # nothing stored, nothing changed
