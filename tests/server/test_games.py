"""Games through the API: create, show, play, refuse, list, replay."""

from __future__ import annotations

import pytest

from tests.support.server import act, new_game, start_clock, table_dump

SMALL = {"game": "shisensho", "mode": "classic", "size": [4, 4], "seed": 11}


def test_create_returns_everything_the_page_draws(client):
    answer = client.post("/api/games", json=SMALL)
    assert answer.status_code == 201
    game = answer.json()
    for key in (
        "id",
        "tiles",
        "pairs",
        "open_pairs",
        "last_match",
        "counters",
        "clock",
        "score",
        "ledger",
        "status",
        "summary",
        "bounds",
        "geometry",
    ):
        assert key in game, key
    assert game["status"] == "playing"
    assert len(game["tiles"]) == 16
    tile = game["tiles"][0]
    assert {"spot", "code", "name", "pos", "free", "selectable"} <= set(tile)
    assert game["open_pairs"] == len(game["pairs"]) > 0
    assert game["counters"]["tiles_left"] == 16
    assert client.get(f"/api/games/{game['id']}").json()["tiles"] == game["tiles"]


def test_a_game_on_a_named_shape(client):
    from tilematch.engine.grid.outlines import get_shape

    outline = get_shape("diamond")
    answer = client.post(
        "/api/games", json={"game": "shisensho", "mode": "classic", "shape": "diamond", "seed": 3}
    )
    assert answer.status_code == 201, answer.text
    game = answer.json()
    assert game["shape"] == "diamond" and game["size"] == [outline.rows, outline.cols]
    assert game["bounds"] == {"rows": outline.rows, "cols": outline.cols}
    spots = {tile["spot"] for tile in game["tiles"]}
    assert spots == {r * outline.cols + c for r, c in outline.cells()}
    listed = client.get("/api/games").json()
    assert any(item["id"] == game["id"] for item in listed)


def test_same_seed_same_board_and_random_seed_when_omitted(client):
    one = new_game(client, **SMALL)
    two = new_game(client, **SMALL)
    assert one["tiles"] == two["tiles"] and one["id"] != two["id"]
    seeds = {
        new_game(client, game="shisensho", mode="classic", size=[4, 4])["seed"] for _ in range(3)
    }
    assert len(seeds) == 3


def test_a_match_is_played_and_stored(client, clock, db_path):
    game = start_clock(client, new_game(client, **SMALL))  # the first pick
    a, b = game["pairs"][0]
    clock.advance(3)
    answer = act(client, game["id"], type="match", a=a, b=b)
    assert answer["ok"] is True
    view = answer["game"]
    assert view["counters"]["tiles_left"] == 14
    assert view["last_match"]["a"] == min(a, b) and view["last_match"]["path"]
    assert view["clock"]["elapsed"] == pytest.approx(3.0)
    assert view["score"] > 0
    moves = [row for row in table_dump(db_path) if row[0] == "moves"]
    assert len(moves) == 2 and '"start"' in moves[0][4] and '"match"' in moves[1][4]


def test_refused_move_is_ok_false_and_changes_nothing(client, db_path):
    game = new_game(client, **SMALL)
    codes = {t["spot"]: t["code"] for t in game["tiles"]}
    a, b = next((x, y) for x in codes for y in codes if x < y and codes[x] != codes[y])
    before = table_dump(db_path)
    answer = act(client, game["id"], type="match", a=a, b=b)
    assert answer["ok"] is False
    assert answer["reason"] == "not a match" and answer["message"]
    assert answer["game"]["counters"]["tiles_left"] == 16
    assert table_dump(db_path) == before


def test_undo_hint_shuffle_pause_resume(client, clock):
    game = new_game(client, **SMALL)
    gid = game["id"]
    a, b = game["pairs"][0]
    act(client, gid, type="match", a=a, b=b)
    undone = act(client, gid, type="undo")
    assert undone["ok"] and undone["game"]["counters"]["tiles_left"] == 16
    assert undone["game"]["counters"]["undos"] == 1
    hinted = act(client, gid, type="hint")
    assert hinted["ok"] and hinted["game"]["hint"] in hinted["game"]["pairs"]
    smart = act(client, gid, type="smart_hint")
    assert smart["ok"] and smart["game"]["hint"] in smart["game"]["pairs"]
    shuffled = act(client, gid, type="shuffle")
    assert shuffled["ok"] and shuffled["game"]["counters"]["shuffles"] == 1
    # A pause hides the board; in a ranked mode the server's clock runs on.
    pair = shuffled["game"]["pairs"][0]
    elapsed = act(client, gid, type="pause")["game"]["clock"]["elapsed"]
    clock.advance(100)
    paused = client.get(f"/api/games/{gid}").json()
    assert paused["status"] == "paused" and paused["clock"]["paused"] is False
    assert paused["clock"]["elapsed"] == pytest.approx(elapsed + 100)
    assert paused["tiles"] == [] and paused["pairs"] == []  # a paused board is hidden
    refused = act(client, gid, type="match", a=pair[0], b=pair[1])
    assert refused["ok"] is False and refused["reason"] == "paused"
    resumed = act(client, gid, type="resume")["game"]
    clock.advance(2)
    assert client.get(f"/api/games/{gid}").json()["clock"]["elapsed"] == pytest.approx(
        resumed["clock"]["elapsed"] + 2
    )


def test_give_up_ends_the_game_and_later_moves_are_409(client, db_path):
    game = new_game(client, **SMALL)
    ended = act(client, game["id"], type="give_up")["game"]
    assert ended["status"] == "given_up" and ended["summary"]["result"] == "given_up"
    before = table_dump(db_path)
    for intent in ({"type": "undo"}, {"type": "match", "a": 0, "b": 1}, {"type": "give_up"}):
        answer = client.post(f"/api/games/{game['id']}/actions", json=intent)
        assert answer.status_code == 409
        assert answer.json()["error"]["code"] == "game_over"
    assert table_dump(db_path) == before


def test_list_unfinished_and_finished_games(client, clock):
    first = new_game(client, **SMALL)
    clock.advance(1)
    second = new_game(client, **SMALL)
    act(client, first["id"], type="give_up")
    unfinished = client.get("/api/games").json()
    assert [g["id"] for g in unfinished] == [second["id"]]
    assert unfinished[0]["tiles_left"] == 16 and unfinished[0]["board"] == "4x4"
    finished = client.get("/api/games", params={"status": "finished"}).json()
    assert [g["id"] for g in finished] == [first["id"]]
    everything = client.get("/api/games", params={"status": "all"}).json()
    assert {g["id"] for g in everything} == {first["id"], second["id"]}
    assert client.get("/api/games", params={"status": "bogus"}).status_code == 422


def test_replay_same_board(client):
    game = new_game(client, **SMALL)
    a, b = game["pairs"][0]
    act(client, game["id"], type="match", a=a, b=b)
    answer = client.post(f"/api/games/{game['id']}/replay")
    assert answer.status_code == 201
    again = answer.json()
    assert again["id"] != game["id"] and again["tiles"] == game["tiles"]
    assert again["counters"]["moves"] == 0


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"game": "chess", "mode": "classic"}, 422, "bad_value"),
        ({"game": "shisensho", "mode": "nonsense"}, 422, "bad_settings"),
        ({"game": "shisensho", "mode": "classic", "size": [3, 3]}, 422, "bad_settings"),
        ({"game": "shisensho", "mode": "classic", "size": [99, 99]}, 422, "bad_settings"),
        ({"game": "shisensho", "mode": "classic", "size": "8x17"}, 422, "wrong_type"),
        ({"game": "shisensho", "mode": "classic", "size": [8]}, 422, "missing_field"),
        ({"game": "shisensho", "mode": "classic", "shape": "moon"}, 422, "bad_settings"),
        ({"game": "shisensho", "mode": "classic", "shape": "Cross"}, 422, "bad_value"),
        (
            {"game": "shisensho", "mode": "classic", "shape": "cross", "size": [8, 17]},
            422,
            "bad_settings",
        ),
        ({"game": "solitaire", "mode": "regular", "shape": "cross"}, 422, "bad_settings"),
        ({"game": "shisensho", "mode": "classic", "gravity": "yes"}, 422, "wrong_type"),
        ({"game": "shisensho", "mode": "classic", "seed": -1}, 422, "bad_value"),
        ({"game": "shisensho", "mode": "classic", "seed": 2**70}, 422, "bad_value"),
        ({"game": "shisensho", "mode": "classic", "seed": 2**53}, 422, "bad_value"),
        ({"game": "shisensho", "mode": "classic", "seed": "7"}, 422, "wrong_type"),
        ({"game": "shisensho", "mode": "classic", "colour": "red"}, 422, "unknown_field"),
        ({"game": "shisensho", "mode": "classic", "start": 0}, 422, "unknown_field"),
        ({"game": "shisensho", "mode": "classic", "score": 10}, 422, "unknown_field"),
        ({"game": "shisensho"}, 422, "missing_field"),
        ({"game": "solitaire", "mode": "daily"}, 422, "use_daily"),
        ({"game": "shisensho", "mode": "duel"}, 422, "use_duels"),
        ({"game": "blackwhite", "mode": "tower"}, 422, "missing_field"),
        ([1, 2, 3], 422, "wrong_type"),
    ],
)
def test_bad_new_game_requests(client, db_path, body, status, code):
    client.get("/api/me")
    before = table_dump(db_path)
    answer = client.post("/api/games", json=body)
    assert answer.status_code == status, answer.text
    error = answer.json()["error"]
    assert error["code"] == code and error["message"]
    assert table_dump(db_path) == before


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"type": "match", "a": 0, "b": 999}, "bad_spot"),
        ({"type": "match", "a": 16, "b": 0}, "bad_spot"),
        ({"type": "match", "a": -1, "b": 0}, "bad_value"),
        ({"type": "match", "a": 5000, "b": 0}, "bad_value"),
        ({"type": "match", "a": "0", "b": 1}, "wrong_type"),
        ({"type": "match", "a": 1.5, "b": 1}, "wrong_type"),
        ({"type": "match", "a": True, "b": 1}, "wrong_type"),
        ({"type": "match", "a": 0}, "missing_field"),
        ({"type": "teleport"}, "bad_value"),
        ({"type": "undo", "a": 1}, "unknown_field"),
        # the client never sends a time or a score
        ({"type": "match", "a": 0, "b": 1, "t": 0.5}, "unknown_field"),
        ({"type": "hint", "time": 1.0}, "unknown_field"),
        ({"type": "give_up", "score": 99999}, "unknown_field"),
        ({}, "missing_field"),
        ("undo", "wrong_type"),
        (None, "missing_body"),
    ],
)
def test_bad_moves_are_4xx_and_change_nothing(client, db_path, body, code):
    game = new_game(client, **SMALL)
    before = table_dump(db_path)
    if body is None:
        answer = client.post(f"/api/games/{game['id']}/actions")
    else:
        answer = client.post(f"/api/games/{game['id']}/actions", json=body)
    assert 400 <= answer.status_code < 500, answer.text
    assert answer.json()["error"]["code"] == code, answer.text
    assert table_dump(db_path) == before
    assert client.get(f"/api/games/{game['id']}").json()["counters"]["tiles_left"] == 16


def test_unknown_game_ids(client):
    client.get("/api/me")
    for gid in ("nope", "x" * 300, "%00"):
        answer = client.get(f"/api/games/{gid}")
        assert answer.status_code == 404
        assert answer.json()["error"]["code"] == "game_not_found"
    answer = client.get("/api/games/..%2F..%2Fetc")  # not a game id at all: no route
    assert answer.status_code == 404 and answer.json()["error"]["code"] == "not_found"
    answer = client.post("/api/games/nope/actions", json={"type": "undo"})
    assert answer.status_code == 404 and answer.json()["error"]["code"] == "game_not_found"


def test_replay_keeps_the_daily_date_and_the_tower_level(client):
    daily = client.post("/api/daily/2026-11-20").json()
    again = client.post(f"/api/games/{daily['id']}/replay")
    assert again.status_code == 201
    fresh = again.json()
    assert fresh["id"] != daily["id"] and fresh["daily_date"] == "2026-11-20"
    assert fresh["mode"] == "daily" and fresh["tiles"] == daily["tiles"]
    assert client.get("/api/daily/2026-11-20").json()["id"] == fresh["id"]
    tower = new_game(client, game="blackwhite", mode="tower", level=1)
    replayed = client.post(f"/api/games/{tower['id']}/replay").json()
    assert replayed["level"] == 1 and replayed["tiles"] == tower["tiles"]
    listed = {g["id"]: g for g in client.get("/api/games").json()}
    assert listed[replayed["id"]]["level"] == 1
    assert listed[fresh["id"]]["daily_date"] == "2026-11-20"
