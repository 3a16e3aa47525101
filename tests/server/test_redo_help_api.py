"""Redo and partner highlighting over HTTP: both are stored like every move, a game
reloaded from the database keeps them, and a game played with partners shown counts
the help wherever hints count (the result, the leaderboard line, no Perfect Clear)."""

from __future__ import annotations

from tests.support.server import act, new_game


def test_redo_is_stored_and_survives_a_reload(make_client, clock):
    client = make_client()
    game = new_game(client, game="solitaire", mode="regular", layout="turtle", seed=5)
    a, b = game["pairs"][0]
    clock.advance(1)
    act(client, game["id"], type="match", a=a, b=b)
    clock.advance(1)
    undone = act(client, game["id"], type="undo")["game"]
    assert undone["redo"] == 1
    clock.advance(1)
    redone = act(client, game["id"], type="redo")
    assert redone["ok"] is True
    assert redone["events"][0] == {"type": "redo", "a": a, "b": b}
    assert redone["game"]["redo"] == 0 and redone["game"]["counters"]["moves"] == 1
    refused = client.post(f"/api/games/{game['id']}/actions", json={"type": "redo"}).json()
    assert (refused["ok"], refused["reason"]) == (False, "nothing to redo")
    # a new server on the same database replays the stored log, redo included
    other = make_client()
    other.cookies = client.cookies
    again = other.get(f"/api/games/{game['id']}").json()
    assert again["tiles"] == redone["game"]["tiles"]
    assert again["counters"]["undos"] == 1


def test_arcade_refuses_redo_and_offers_no_undo(client, clock):
    game = new_game(client, game="shisensho", mode="arcade", size=[4, 4], seed=2)
    assert game["offers"] == ["hint", "smart_hint", "partners"]
    refused = client.post(f"/api/games/{game['id']}/actions", json={"type": "redo"}).json()
    assert (refused["ok"], refused["reason"]) == (False, "not allowed")


def test_partners_shown_count_as_a_hint_in_the_result(client, clock):
    game = new_game(client, game="shisensho", mode="classic", size=[4, 4], seed=8)
    assert game["partner_help"] is False
    shown = act(client, game["id"], type="partners")["game"]
    assert shown["partner_help"] is True and shown["counters"]["hints"] == 1
    assert shown["clock"]["started"] is False
    while shown["status"] == "playing":
        clock.advance(2)
        a, b = shown["pairs"][0]
        shown = act(client, game["id"], type="match", a=a, b=b)["game"]
    assert shown["status"] == "won"
    assert shown["summary"]["perfect"] is False and shown["summary"]["hints"] == 1
    assert all(line["kind"] != "perfect" for line in shown["ledger"])
    result = client.get("/api/results").json()[0]
    assert result["game_id"] == game["id"] and result["hints"] == 1 and result["verified"]
    board = client.get(
        "/api/leaderboards", params={"game": "shisensho", "mode": "classic", "layout": "4x4"}
    ).json()
    assert board[0]["hints"] == 1


def test_partners_is_refused_where_the_mode_has_none(client, clock):
    game = new_game(client, game="solitaire", mode="regular", layout="turtle", seed=5)
    answer = client.post(f"/api/games/{game['id']}/actions", json={"type": "partners"}).json()
    assert (answer["ok"], answer["reason"]) == (False, "not allowed")
    bad = client.post(f"/api/games/{game['id']}/actions", json={"type": "partners", "on": 1})
    assert bad.status_code == 422
