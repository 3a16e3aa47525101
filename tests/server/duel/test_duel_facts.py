"""``GET /api/duels/facts``: the numbers of the duel rules the page shows, from the server."""

from __future__ import annotations

from collections.abc import Callable

from starlette.testclient import TestClient

FACTS = {
    "rivals": [
        {"level": "relaxed", "seconds_per_pair": 4.0},
        {"level": "steady", "seconds_per_pair": 2.5},
        {"level": "sharp", "seconds_per_pair": 1.5},
    ],
    "forfeit_seconds": 30.0,
    "lockout_seconds": 1.0,
    "close_codes": {
        "replaced": 4000,
        "unauthorized": 4401,
        "bad_origin": 4403,
        "rate_limited": 4420,
        "no_room": 4404,
        "expired": 4410,
        "full": 4429,
        "too_slow": 4413,
        "policy": 1008,
        "too_big": 1009,
        "restart": 1012,
        "shutdown": 4503,
    },
}


def test_the_facts_are_the_rules_numbers(make_client: Callable[..., TestClient]) -> None:
    client = make_client()
    answer = client.get("/api/duels/facts")
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "application/json"
    assert answer.text == (
        '{"rivals":[{"level":"relaxed","seconds_per_pair":4.0},'
        '{"level":"steady","seconds_per_pair":2.5},{"level":"sharp","seconds_per_pair":1.5}],'
        '"forfeit_seconds":30.0,"lockout_seconds":1.0,"close_codes":{"replaced":4000,'
        '"unauthorized":4401,"bad_origin":4403,"rate_limited":4420,"no_room":4404,"expired":4410,"full":4429,"too_slow":4413,'
        '"policy":1008,"too_big":1009,"restart":1012,"shutdown":4503}}'
    )
    assert answer.json() == FACTS


def test_the_facts_need_no_player(make_client: Callable[..., TestClient]) -> None:
    client = make_client()
    answer = client.get("/api/duels/facts")
    assert answer.status_code == 200
    assert "set-cookie" not in answer.headers
    assert client.get("/api/duels/facts").json() == answer.json()


def test_facts_is_not_taken_for_a_room_code(make_client: Callable[..., TestClient]) -> None:
    client = make_client()
    room = client.post("/api/duels", json={"size": [4, 6]}).json()
    assert client.get(f"/api/duels/{room['code']}").json()["code"] == room["code"]
    assert "code" not in client.get("/api/duels/facts").json()
