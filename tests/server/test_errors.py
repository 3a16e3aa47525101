"""Bad input of every kind: a 4xx JSON error naming the problem, never a 500,
never a change to stored data."""

from __future__ import annotations

import pytest

from tests.support.server import new_game, table_dump

SMALL = {"game": "shisensho", "mode": "classic", "size": [4, 4], "seed": 11}


def error_of(answer, status):
    assert answer.status_code == status, answer.text
    body = answer.json()
    assert set(body) == {"error"} and set(body["error"]) == {"code", "message"}
    assert body["error"]["message"].strip()
    return body["error"]["code"]


@pytest.mark.parametrize(
    ("raw", "status", "code"),
    [
        (b"{", 400, "malformed_json"),
        (b"{'type': 'undo'}", 400, "malformed_json"),
        (b"\xff\xfe", 400, "malformed_json"),
        (b'{"type": "undo",}', 400, "malformed_json"),
        (b"nul", 400, "malformed_json"),
        (b"[" * 8000 + b"]" * 8000, 400, "malformed_json"),  # deeper than json.loads goes
        (b'{"type": "\xff"}', 400, "malformed_json"),  # not UTF-8
        (b'{"a": NaN}', 422, "missing_field"),  # parsed (as Python does), but no 'type'
    ],
)
def test_malformed_json(client, db_path, raw, status, code):
    game = new_game(client, **SMALL)
    before = table_dump(db_path)
    answer = client.post(
        f"/api/games/{game['id']}/actions",
        content=raw,
        headers={"content-type": "application/json"},
    )
    assert error_of(answer, status) == code
    assert table_dump(db_path) == before


@pytest.mark.parametrize("content_type", [None, "text/plain", "application/x-www-form-urlencoded"])
def test_a_body_not_sent_as_json_is_415_naming_the_content_type(client, db_path, content_type):
    game = new_game(client, **SMALL)
    before = table_dump(db_path)
    headers = {"content-type": content_type} if content_type else {}
    for path in (f"/api/games/{game['id']}/actions", "/api/games"):
        answer = client.post(path, content=b'{"type": "hint"}', headers=headers)
        assert error_of(answer, 415) == "unsupported_media_type"
        assert "application/json" in answer.json()["error"]["message"]
    assert table_dump(db_path) == before
    # the JSON types FastAPI reads are accepted, with or without a charset
    for json_type in ("application/json; charset=utf-8", "application/problem+json"):
        answer = client.post(
            f"/api/games/{game['id']}/actions",
            content=b'{"type": "hint"}',
            headers={"content-type": json_type},
        )
        assert answer.status_code == 200 and answer.json()["ok"] is True


def test_storage_failures_are_503_and_store_nothing(client, db_path):
    import sqlite3
    from contextlib import contextmanager

    client.get("/api/me")
    client.put("/api/me", json={"name": "Kept"})
    before = table_dump(db_path)
    server = client.app.state.server
    real = server.storage.transaction

    @contextmanager
    def failing():
        with real() as conn:
            yield conn
            raise sqlite3.OperationalError("database or disk is full")

    server.storage.transaction = failing
    try:
        created = client.post("/api/games", json=SMALL)
        renamed = client.put("/api/me", json={"name": "Lost"})
    finally:
        server.storage.transaction = real
    for answer in (created, renamed):
        assert error_of(answer, 503) == "storage_failed"
        assert answer.headers["retry-after"] == "1"
    assert table_dump(db_path) == before
    assert client.get("/api/games").json() == []
    assert client.get("/api/me").json()["name"] == "Kept"


def test_oversized_body_by_length_and_by_stream(make_client, db_path):
    client = make_client(max_body_bytes=1024)
    game = new_game(client, **SMALL)
    before = table_dump(db_path)
    big = b'{"type": "undo", "pad": "' + b"x" * 5000 + b'"}'
    answer = client.post(
        f"/api/games/{game['id']}/actions",
        content=big,
        headers={"content-type": "application/json"},
    )
    assert error_of(answer, 413) == "body_too_large"

    def chunks():
        for _ in range(10):
            yield b"x" * 500

    streamed = client.post(
        f"/api/games/{game['id']}/actions",
        content=chunks(),
        headers={"content-type": "application/json"},
    )
    assert error_of(streamed, 413) == "body_too_large"
    assert table_dump(db_path) == before

    # a small chunked body still goes through
    def small():
        yield b'{"type": '
        yield b'"hint"}'

    ok = client.post(
        f"/api/games/{game['id']}/actions",
        content=small(),
        headers={"content-type": "application/json"},
    )
    assert ok.status_code == 200 and ok.json()["ok"] is True


def test_bad_content_length(client):
    answer = client.post("/api/games", content=b"{}", headers={"content-length": "abc"})
    assert error_of(answer, 400) == "bad_request"


def test_unknown_paths_and_methods(client):
    assert error_of(client.get("/api/nothing"), 404) == "not_found"
    assert error_of(client.post("/api/me", json={}), 405) == "method_not_allowed"
    assert error_of(client.put("/api/games", json={}), 405) == "method_not_allowed"
    assert error_of(client.get("/api/games/x/actions"), 405) == "method_not_allowed"
    assert error_of(client.get("/api/leaderboards"), 422) == "missing_field"
    assert error_of(client.get("/api/games?limit=0"), 422) == "bad_value"
    assert error_of(client.get("/api/games?limit=abc"), 422) == "wrong_type"


def test_game_creation_is_rate_limited_per_player(make_client, clock, db_path):
    client = make_client(create_per_minute=6.0, create_burst=3)
    for _ in range(3):
        new_game(client, **SMALL)
    answer = client.post("/api/games", json=SMALL)
    assert error_of(answer, 429) == "rate_limited"
    assert int(answer.headers["retry-after"]) >= 1
    assert len([r for r in table_dump(db_path) if r[0] == "games"]) == 3
    # another player is not held back
    other = make_client(client.app)
    assert other.post("/api/games", json=SMALL).status_code == 201
    clock.advance(10)  # one token back at 6 per minute
    assert client.post("/api/games", json=SMALL).status_code == 201
    assert client.post("/api/games", json=SMALL).status_code == 429


def test_requests_are_rate_limited_per_player(make_client, clock):
    client = make_client(requests_per_second=5.0, request_burst=10)
    codes = [client.get("/api/me").status_code for _ in range(12)]
    assert codes[:10] == [200] * 10 and codes[10:] == [429, 429]
    clock.advance(1)
    assert client.get("/api/me").status_code == 200


def test_new_players_are_rate_limited_per_address(make_client):
    client = make_client(players_per_minute=3.0, players_burst=3)
    codes = [make_client(client.app).get("/api/me").status_code for _ in range(4)]
    assert codes == [200, 200, 200, 429]


def test_openapi_and_docs(client):
    spec = client.get("/openapi.json").json()
    for path in (
        "/api/games",
        "/api/games/{game_id}/actions",
        "/api/daily/{date}",
        "/api/leaderboards",
        "/api/me",
        "/api/campaign",
    ):
        assert path in spec["paths"], path
    assert client.get("/docs").status_code == 200


def test_page_placeholder_and_page_routes(make_client, tmp_path):
    client = make_client()
    assert "tilematch" in client.get("/").text
    web = tmp_path / "web"
    web.mkdir()
    (web / "index.html").write_text("<!doctype html><title>page</title>")
    (web / "app.js").write_text("console.log(1)")
    with_page = make_client(web_dir=web)
    for path in (
        "/",
        "/daily",
        "/tower",
        "/play/solitaire/turtle",
        "/guide",
        "/settings",
        "/results",
    ):
        answer = with_page.get(path)
        assert answer.status_code == 200 and "<title>page</title>" in answer.text, path
    assert with_page.get("/app.js").text == "console.log(1)"
    assert error_of(with_page.get("/missing.js"), 404) == "not_found"
    assert error_of(with_page.get("/api/nowhere"), 404) == "not_found"


def test_one_player_cannot_hold_every_worker(make_client):
    """Slow requests of one player (a long hint search, say) hold at most
    ``max_in_flight`` workers; more are 429 at once, and other players are served."""
    import asyncio
    import threading

    import httpx

    client = make_client(max_in_flight=2)
    token = client.get("/api/me").json()["token"]
    other = make_client(client.app).get("/api/me").json()["token"]
    game = new_game(client, **SMALL)
    server = client.app.state.server
    real_get = server.games.get
    release = threading.Event()
    entered = threading.Semaphore(0)

    def slow_get(player, game_id):
        entered.release()
        release.wait(10)
        return real_get(player, game_id)

    server.games.get = slow_get
    # Not in memory: restoring it is work for a worker thread, which slow_get holds.
    server.games.forget(game["id"])

    async def scenario():
        transport = httpx.ASGITransport(app=client.app)
        async with httpx.AsyncClient(transport=transport, base_url="http://t") as c:

            def as_(who):
                return {"Authorization": f"Bearer {who}"}

            slow = [
                asyncio.create_task(c.get(f"/api/games/{game['id']}", headers=as_(token)))
                for _ in range(2)
            ]
            for _ in range(2):
                while not entered.acquire(blocking=False):
                    await asyncio.sleep(0.01)
            third = await c.get("/api/me", headers=as_(token))
            someone_else = await c.get("/api/me", headers=as_(other))
            release.set()
            done = await asyncio.gather(*slow)
            after = await c.get("/api/me", headers=as_(token))
            return third, someone_else, done, after

    third, someone_else, done, after = asyncio.run(scenario())
    server.games.get = real_get
    assert error_of(third, 429) == "rate_limited" and third.headers["retry-after"] == "1"
    assert someone_else.status_code == 200
    assert [answer.status_code for answer in done] == [200, 200]
    assert after.status_code == 200  # the slots were given back
    assert server.in_flight.count(client.get("/api/me").json()["id"]) == 0
