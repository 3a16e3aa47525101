"""The duel endpoints over HTTP (test client): creating rooms, bad bodies in the
standard error shape, the lobby state, the page route, and the leaderboard."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient

from tests.support.rival import duel_the_rival
from tilematch.server.duel import CODE_ALPHABET


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    answer = client.post("/api/duels", json=body)
    assert answer.status_code == 201, answer.text
    data: dict[str, Any] = answer.json()
    return data


def test_create_a_room_and_read_it(client: TestClient) -> None:
    room = create(client, size=[4, 6], seed=9, gravity=True)
    assert set(room["code"]) <= set(CODE_ALPHABET) and len(room["code"]) == 10
    assert room["link"] == f"http://testserver/duel?room={room['code']}"
    assert room["phase"] == "waiting"
    assert (room["size"], room["seed"], room["gravity"], room["rival"]) == ([4, 6], 9, True, None)
    assert room["you"] == 0
    assert room["players"][1] is None
    again = client.get(f"/api/duels/{room['code'].lower()}")
    assert again.status_code == 200
    assert again.json()["code"] == room["code"] and again.json()["you"] == 0
    # another player sees the room but holds no seat in it
    other = TestClient(client.app)
    seen = other.get(f"/api/duels/{room['code']}").json()
    assert seen["you"] is None
    assert seen["players"][0]["you"] is False
    other.close()


def test_defaults_and_a_rival(client: TestClient) -> None:
    room = create(client, rival="steady")
    assert room["size"] == [8, 12]
    assert isinstance(room["seed"], int)
    assert room["rival"] == "steady"
    assert room["players"][1]["rival"] == "steady"


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"rival": "genius"}, 422, "bad_value"),
        ({"size": [4]}, 422, "bad_value"),
        ({"size": [3, 3]}, 422, "bad_settings"),
        ({"size": [12, 24]}, 422, "bad_settings"),
        ({"seed": -5}, 422, "bad_value"),
        ({"gravity": "yes"}, 422, "wrong_type"),
        ({"colour": "red"}, 422, "unknown_field"),
    ],
)
def test_bad_bodies_answer_in_the_error_shape(
    client: TestClient, body: dict[str, Any], status: int, code: str
) -> None:
    answer = client.post("/api/duels", json=body)
    assert answer.status_code == status, answer.text
    error = answer.json()["error"]
    assert error["code"] == code
    assert error["message"]


def test_malformed_json_and_unknown_rooms(client: TestClient) -> None:
    answer = client.post(
        "/api/duels", content=b"{nope", headers={"Content-Type": "application/json"}
    )
    assert answer.status_code == 400
    assert answer.json()["error"]["code"] == "malformed_json"
    missing = client.get("/api/duels/ABCDEF")
    assert missing.status_code == 404
    assert missing.json()["error"]["code"] == "duel_not_found"
    too_long = client.get("/api/duels/" + "A" * 40)
    assert too_long.status_code == 422


def test_room_creation_is_rate_limited(make_client: Any) -> None:
    client = make_client(create_per_minute=1.0, create_burst=2)
    assert client.post("/api/duels", json={}).status_code == 201
    assert client.post("/api/duels", json={}).status_code == 201
    limited = client.post("/api/duels", json={})
    assert limited.status_code == 429
    assert limited.json()["error"]["code"] == "rate_limited"


def test_the_leaderboard_starts_empty_and_checks_its_query(client: TestClient) -> None:
    assert client.get("/api/duels/leaderboard").json() == []
    assert client.get("/api/duels/leaderboard?against=sharp").json() == []
    bad = client.get("/api/duels/leaderboard?against=everyone")
    assert bad.status_code == 422


def test_the_websocket_of_the_test_client_plays_a_tiny_duel(client: TestClient) -> None:
    """The same app through Starlette's in-process websocket (no network)."""
    from tilematch.server.duel import DuelConfig, DuelRooms

    server = client.app.state.server  # type: ignore[attr-defined]
    rooms = DuelRooms(server.storage, server.settings.clock, DuelConfig(countdown=0.0))
    client.app.state.duels = rooms  # type: ignore[attr-defined]
    room = create(client, size=[2, 2], seed=1, rival="sharp")
    with client.websocket_connect(f"/ws/duels/{room['code']}") as ws:
        kinds = []
        state: dict[str, Any] = {}
        while True:
            frame = ws.receive_json()
            kinds.append(frame["type"])
            if frame["type"] == "state" and frame["phase"] == "playing":
                state = frame
                break
        tiles = {t["spot"]: t["code"] for t in state["tiles"]}
        assert len(tiles) == 4
        assert kinds[0] == "hello"
        assert "countdown" in kinds and "start" in kinds
        ws.send_text("{}")
        assert ws.receive_json()["code"] == "bad_frame"
        ws.send_json({"type": "ping", "id": 7})
        pong = ws.receive_json()
        assert pong["type"] == "pong" and pong["id"] == 7


def test_the_room_link_opens_the_page(client: TestClient) -> None:
    room = create(client)
    page = client.get(room["link"].replace("http://testserver", ""))
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")


def test_a_finished_duel_is_in_the_history_and_its_board_replays(client: TestClient) -> None:
    room, first, frame = duel_the_rival(client)
    assert frame["scores"] == [8, 0] and frame["winner"] == 0
    assert frame["names"] == ["", ""]  # no name chosen, and the rival: the page names them
    figures = frame["figures"]
    assert figures["lead"] == 8 and figures["players"][0]["pairs"] == 4
    assert figures["players"][1]["pairs"] == 0 and figures["players"][1]["pace"] is None
    rows = client.get("/api/results").json()
    assert [(r["mode"], r["outcome"], r["score"], r["variant"], r["board"]) for r in rows] == [
        ("duel", "won", 8, "rival-relaxed", "2x4")
    ]
    # the stored duel reads as a finished duel, never as a game to continue
    game_id = rows[0]["game_id"]
    stored = client.get(f"/api/games/{game_id}")
    assert stored.status_code == 200, stored.text
    summary = stored.json()
    assert (summary["mode"], summary["status"], summary["finished"]) == ("duel", "won", True)
    assert (summary["size"], summary["seed"], summary["score"]) == ([2, 4], 3, 8)
    assert "tiles" not in summary and "pairs" not in summary
    duel = summary["duel"]
    assert (duel["room"], duel["seat"], duel["winner"], duel["reason"]) == (
        room["code"],
        0,
        0,
        "cleared",
    )
    assert duel["scores"] == [8, 0] and duel["claims"] == 4
    assert duel["opponent"] is None and duel["opponent_kind"] == "rival-relaxed"
    hint = client.post(f"/api/games/{game_id}/actions", json={"type": "hint"})
    assert hint.status_code == 409 and hint.json()["error"]["code"] == "duel_game"
    assert client.get("/api/games?status=unfinished").json() == []
    finished = client.get("/api/games?status=finished").json()
    assert [(g["id"], g["mode"], g["status"]) for g in finished] == [(game_id, "duel", "won")]
    # "replay" deals the duel's first board again, as a solo Classic game
    again = client.post(f"/api/games/{rows[0]['game_id']}/replay")
    assert again.status_code == 201, again.text
    solo = again.json()
    assert (solo["mode"], solo["seed"], solo["size"]) == ("classic", 3, [2, 4])
    assert {t["spot"]: t["code"] for t in solo["tiles"]} == first
    board = client.get("/api/duels/leaderboard?against=relaxed").json()
    assert [(r["wins"], r["losses"], r["tiles"], r["you"]) for r in board] == [(1, 0, 8, True)]
    assert client.get("/api/duels/leaderboard?against=player").json() == []
