"""Anonymous players: tokens, cookies, names, and who may see what."""

from __future__ import annotations

import pytest

from tests.support.server import new_game
from tests.support.stored import Stored


def test_first_visit_creates_a_player_with_a_cookie(client):
    answer = client.get("/api/me")
    assert answer.status_code == 200
    body = answer.json()
    assert body["name"] is None
    assert len(body["token"]) >= 40
    cookie = answer.headers["set-cookie"]
    assert (
        "tilematch_token=" in cookie and "HttpOnly" in cookie and "samesite=lax" in cookie.lower()
    )
    again = client.get("/api/me").json()  # the cookie is sent back: same player, no new token
    assert again == {"id": body["id"], "name": None, "locale": None}


def test_bearer_token_identifies_the_player(make_client):
    first = make_client()
    me = first.get("/api/me").json()
    other = make_client(first.app)
    answer = other.get("/api/me", headers={"Authorization": f"Bearer {me['token']}"})
    assert answer.json() == {"id": me["id"], "name": None, "locale": None}
    assert "set-cookie" not in answer.headers


@pytest.mark.parametrize(
    ("header", "code"),
    [
        ("Bearer not-a-token", "unknown_token"),
        ("Basic dXNlcjpwYXNz", "bad_authorization"),
        ("Bearer ", "bad_authorization"),
        ("Bearer " + "x" * 5000, "unknown_token"),
    ],
)
def test_bad_tokens_are_refused(client, header, code):
    answer = client.get("/api/me", headers={"Authorization": header})
    assert answer.status_code == 401
    assert answer.json()["error"]["code"] == code


def test_unknown_cookie_gets_a_fresh_player(client):
    client.cookies.set("tilematch_token", "forged")
    body = client.get("/api/me").json()
    assert "token" in body and body["token"] != "forged"


def test_tokens_are_random_and_stored_only_as_hashes(make_client, db_path):
    client = make_client()
    players = [make_client(client.app).get("/api/me").json() for _ in range(5)]
    tokens = {p["token"] for p in players}
    ids = {p["id"] for p in players}
    assert len(tokens) == 5 and len(ids) == 5
    for player in players:
        assert player["token"] not in player["id"] and player["id"] not in player["token"]
    with Stored(db_path) as db:
        stored = " ".join(str(row) for row in db.rows("SELECT * FROM players"))
    assert not any(token in stored for token in tokens)


def test_set_display_name(client):
    client.get("/api/me")
    answer = client.put("/api/me", json={"name": "  Ada   Lovelace "})
    assert answer.status_code == 200
    assert answer.json()["name"] == "Ada Lovelace"
    assert client.get("/api/me").json()["name"] == "Ada Lovelace"


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"name": ""}, "bad_name"),
        ({"name": "   "}, "bad_name"),
        ({"name": "x" * 25}, "bad_name"),
        ({"name": "Ada" + " " * 20 + "Lovelace"}, "bad_name"),  # the schema's maxLength as sent
        ({"name": "bell\x07"}, "bad_name"),
        ({"name": 42}, "wrong_type"),
        ({"name": "Ada", "admin": True}, "unknown_field"),
        ({}, "missing_field"),
    ],
)
def test_bad_names_are_refused_and_change_nothing(client, body, code):
    client.put("/api/me", json={"name": "Kept"})
    answer = client.put("/api/me", json=body)
    assert answer.status_code == 422
    assert answer.json()["error"]["code"] == code
    assert client.get("/api/me").json()["name"] == "Kept"


def test_another_players_game_is_invisible(make_client, db_path):
    from tests.support.server import table_dump

    alice = make_client()
    game = new_game(alice, game="shisensho", mode="classic", size=[4, 4], seed=5)
    bob = make_client(alice.app)
    bob.get("/api/me")
    before = table_dump(db_path)
    assert bob.get(f"/api/games/{game['id']}").status_code == 404
    pair = game["pairs"][0]
    refused = bob.post(
        f"/api/games/{game['id']}/actions", json={"type": "match", "a": pair[0], "b": pair[1]}
    )
    assert refused.status_code == 404
    assert refused.json()["error"]["code"] == "game_not_found"
    assert bob.post(f"/api/games/{game['id']}/replay").status_code == 404
    assert bob.get("/api/games").json() == []
    assert table_dump(db_path) == before
    # Alice's own token still works.
    assert alice.get(f"/api/games/{game['id']}").status_code == 200
