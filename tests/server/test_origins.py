"""Cross-site requests: a page of another site may not act with the victim's cookie,
over the duel websocket or a state-changing request; the server's own page, a listed
origin and programs with their own token still may."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from tests.support.stored import Stored
from tilematch.cli import main
from tilematch.server.duel.protocol import CLOSE_BAD_ORIGIN
from tilematch.server.origins import origin_allowed, parse_origins
from tilematch.server.settings import Settings, SettingsError

EVIL = "https://evil.example"
LISTED = "https://play.example.org"


def _room(client: Any) -> str:
    """A waiting room opened by a host of its own; returns its code."""
    host = client.get("/api/me").json()["token"]
    answer = client.post(
        "/api/duels", json={"size": [4, 6]}, headers={"Authorization": f"Bearer {host}"}
    )
    assert answer.status_code == 201, answer.text
    client.cookies.clear()
    code: str = answer.json()["code"]
    return code


def _seat(client: Any, code: str, **headers: str) -> dict[str, Any] | int:
    """The ``hello`` frame of a websocket to room ``code``, or its close code."""
    try:
        with client.websocket_connect(f"/ws/duels/{code}", headers=headers) as ws:
            frame: dict[str, Any] = ws.receive_json()
            return frame
    except WebSocketDisconnect as closed:
        return closed.code


def test_a_foreign_origin_with_the_victims_cookie_is_refused(make_client):
    client = make_client()
    code = _room(client)
    client.get("/api/me")  # the victim: the browser now holds their cookie
    assert "tilematch_token" in client.cookies
    assert _seat(client, code, origin=EVIL) == CLOSE_BAD_ORIGIN
    assert _seat(client, code, origin="null") == CLOSE_BAD_ORIGIN
    assert client.get(f"/api/duels/{code}").json()["players"][1] is None  # nobody seated
    hello = _seat(client, code, origin="http://testserver")  # the page's own origin
    assert isinstance(hello, dict) and hello["role"] == "player" and hello["you"] == 1


def test_a_listed_origin_and_token_clients_are_seated(make_client):
    client = make_client(origins=(LISTED,))
    code = _room(client)
    client.get("/api/me")
    hello = _seat(client, code, origin=LISTED)
    assert isinstance(hello, dict) and hello["you"] == 1
    assert _seat(client, code, origin=EVIL) == CLOSE_BAD_ORIGIN

    program = make_client(client.app)
    token = program.get("/api/me").json()["token"]
    program.cookies.clear()
    other = _room(program)
    hello = _seat(program, other, authorization=f"Bearer {token}")  # no Origin, no cookie
    assert isinstance(hello, dict) and hello["you"] == 1


def test_cross_site_state_changes_with_the_cookie_are_refused(make_client, db_path):
    client = make_client()
    client.get("/api/me")
    body = {"game": "shisensho", "mode": "classic", "size": [4, 4], "seed": 1}
    answer = client.post("/api/games", json=body, headers={"origin": EVIL})
    assert answer.status_code == 403 and answer.json()["error"]["code"] == "bad_origin"
    assert "evil.example" in answer.json()["error"]["message"]
    with Stored(db_path) as stored:
        assert stored.value("SELECT COUNT(*) FROM games") == 0  # nothing was done
    renamed = client.put("/api/me", json={"name": "Mallory"}, headers={"origin": EVIL})
    assert renamed.status_code == 403 and client.get("/api/me").json()["name"] is None
    assert client.get("/api/games", headers={"origin": EVIL}).status_code == 200  # a read
    own = client.post("/api/games", json=body, headers={"origin": "http://testserver"})
    assert own.status_code == 201
    bearer = make_client(client.app)
    bearer_token = bearer.get("/api/me").json()["token"]
    bearer.cookies.clear()
    answer = bearer.post(
        "/api/games", json=body, headers={"origin": EVIL, "authorization": f"Bearer {bearer_token}"}
    )
    assert answer.status_code == 201  # a program's own token is no forgery


def test_origins_are_compared_by_scheme_host_and_port():
    assert origin_allowed("http://Game.Example:80", "game.example", ())
    assert origin_allowed("https://game.example", "game.example:443", ())
    assert not origin_allowed("https://game.example.evil", "game.example", ())
    assert not origin_allowed("http://game.example:8001", "game.example:8000", ())
    assert not origin_allowed("null", "game.example", ())
    assert origin_allowed("https://PLAY.example.org:443/", "internal:8000", parse_origins([LISTED]))


@pytest.mark.parametrize(
    "value", ["play.example.org", "https://play.example.org/page", "ftp://x", "https://a:99999"]
)
def test_bad_origins_are_a_clear_start_error(value, tmp_path, capsys, monkeypatch):
    with pytest.raises(SettingsError, match="TILEMATCH_ORIGINS"):
        Settings.from_env({"TILEMATCH_ORIGINS": f"{LISTED},{value}"})
    monkeypatch.delenv("TILEMATCH_REDIS", raising=False)
    code = main(["serve", "--db", str(tmp_path / "x.sqlite3"), "--origins", value])
    err = capsys.readouterr().err
    assert code == 2 and "TILEMATCH_ORIGINS" in err and repr(value) in err
    assert not (tmp_path / "x.sqlite3").exists()
