"""My player on another device: one-time codes that work once, for ten minutes, at a
limited rate, and never reach a log; the other browser then sees the same history."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import httpx
import pytest

from tests.support.processes import ServeProcess
from tests.support.server import new_game, play_out, start_clock, table_dump
from tilematch.server.account import limits, links
from tilematch.server.redaction import HIDDEN

SMALL = {"game": "shisensho", "mode": "classic", "size": [2, 4]}


def _code(client) -> dict:
    answer = client.post("/api/me/link-codes")
    assert answer.status_code == 201, answer.text
    return answer.json()


def test_a_code_signs_another_browser_in_as_the_same_player(make_client, clock, db_path):
    first = make_client()
    me = first.get("/api/me").json()
    play_out(first, start_clock(first, new_game(first, **SMALL, seed=1)), clock)
    assert first.post("/api/daily/2026-11-29", json={}).status_code == 201
    made = _code(first)
    code = made["code"]
    assert len(code) == links.LENGTH and set(code) <= set(links.ALPHABET)
    assert made["link"] == f"http://testserver/link?code={code}"
    assert made["expires"] == clock.now + 600 and made["lifetime"] == 600
    svg = ET.fromstring(made["qr_svg"])
    assert svg.tag == "{http://www.w3.org/2000/svg}svg" and int(svg.get("width")) >= 100
    assert not any(code in str(row) for row in table_dump(db_path))  # stored hashed only

    second = make_client(first.app)
    own = second.get("/api/me").json()  # the other browser had a player of its own
    answer = second.post("/api/link", json={"code": code.lower()[:4] + "-" + code[4:]})
    assert answer.status_code == 200, answer.text
    assert answer.json()["id"] == me["id"] and answer.json()["token"] != me["token"]
    assert "tilematch_token=" in answer.headers["set-cookie"]
    assert second.get("/api/me").json() == {"id": me["id"], "name": None, "locale": None}
    assert second.get("/api/results").json() == first.get("/api/results").json()
    daily = "/api/daily?today=2026-11-29"
    assert second.get(daily).json() == first.get(daily).json()
    assert own["id"] != me["id"]
    # both browsers play on as one player: a game of the second is in the first's list
    game = new_game(second, **SMALL, seed=5)
    assert game["id"] in {g["id"] for g in first.get("/api/games?status=all").json()}
    assert first.get("/api/me").json()["id"] == me["id"]  # the first is still signed in


def test_a_code_works_once(make_client, db_path):
    first = make_client()
    code = _code(first)["code"]
    assert make_client(first.app).post("/api/link", json={"code": code}).status_code == 200
    before = table_dump(db_path)
    again = make_client(first.app).post("/api/link", json={"code": code})
    assert again.status_code == 410 and again.json()["error"]["code"] == "code_used"
    assert "set-cookie" not in again.headers
    assert table_dump(db_path) == before


def test_a_late_code_is_refused(make_client, clock, db_path):
    first = make_client()
    code = _code(first)["code"]
    clock.advance(600)
    before = table_dump(db_path)
    late = make_client(first.app).post("/api/link", json={"code": code})
    assert late.status_code == 410 and late.json()["error"]["code"] == "code_expired"
    assert "10 minutes" in late.json()["error"]["message"]
    assert table_dump(db_path) == before


def test_a_code_just_in_time_works(make_client, clock):
    first = make_client()
    code = _code(first)["code"]
    clock.advance(599.5)
    assert make_client(first.app).post("/api/link", json={"code": code}).status_code == 200


@pytest.mark.parametrize(
    ("code", "status", "word"),
    [
        ("ABCDEFGH", 404, "code_unknown"),
        ("ABC", 422, "bad_code"),
        ("ABCD!FGH", 422, "bad_code"),
        ("", 422, "bad_code"),
    ],
)
def test_a_wrong_code_gets_a_clear_refusal(make_client, db_path, code, status, word):
    first = make_client()
    _code(first)
    before = table_dump(db_path)
    answer = make_client(first.app).post("/api/link", json={"code": code})
    assert (answer.status_code, answer.json()["error"]["code"]) == (status, word)
    assert answer.json()["error"]["message"]
    assert table_dump(db_path) == before


def test_a_new_code_replaces_the_unused_one(make_client):
    first = make_client()
    old = _code(first)["code"]
    new = _code(first)["code"]
    other = make_client(first.app)
    assert other.post("/api/link", json={"code": old}).json()["error"]["code"] == "code_unknown"
    assert other.post("/api/link", json={"code": new}).status_code == 200


def test_a_flood_of_tries_is_refused_even_with_the_right_code(make_client, clock):
    first = make_client()
    code = _code(first)["code"]
    guesser = make_client(first.app)
    for _ in range(limits.TRIES_BURST):
        assert guesser.post("/api/link", json={"code": "ZZZZZZZZ"}).status_code == 404
    flood = guesser.post("/api/link", json={"code": code})
    assert flood.status_code == 429 and flood.json()["error"]["code"] == "rate_limited"
    assert int(flood.headers["retry-after"]) >= 1
    clock.advance(60 / limits.TRIES_PER_MINUTE)
    assert guesser.post("/api/link", json={"code": code}).status_code == 200


def test_making_codes_is_limited_per_player(make_client, clock):
    first = make_client()
    for _ in range(limits.CODES_BURST):
        _code(first)
    refused = first.post("/api/me/link-codes")
    assert refused.status_code == 429 and "codes made" in refused.json()["error"]["message"]
    clock.advance(60)
    _code(first)


def test_the_limits_are_shared_through_redis(make_client, redis_url):
    one = make_client(redis_url=redis_url)
    two = make_client(redis_url=redis_url)  # another app: another server process
    for index in range(limits.TRIES_BURST):
        client = one if index % 2 else two
        assert client.post("/api/link", json={"code": "ZZZZZZZZ"}).status_code == 404
    assert one.post("/api/link", json={"code": "ZZZZZZZZ"}).status_code == 429
    assert two.post("/api/link", json={"code": "ZZZZZZZZ"}).status_code == 429


def test_a_code_from_another_sites_page_is_refused(make_client, db_path):
    first = make_client()
    code = _code(first)["code"]
    victim = make_client(first.app)  # a fresh browser, no cookie: login forgery
    before = table_dump(db_path)
    answer = victim.post(
        "/api/link", json={"code": code}, headers={"Origin": "https://evil.example"}
    )
    assert answer.status_code == 403 and answer.json()["error"]["code"] == "bad_origin"
    assert table_dump(db_path) == before
    own = victim.post("/api/link", json={"code": code}, headers={"Origin": "http://testserver"})
    assert own.status_code == 200


def test_codes_never_reach_the_log_of_a_real_server(tmp_path: Path) -> None:
    log = tmp_path / "serve.log"
    server = ServeProcess(tmp_path / "db.sqlite3", args=["--log-level", "info"], log=log)
    try:
        server.start()
        with httpx.Client(base_url=server.url, timeout=10) as first:
            made = first.post("/api/me/link-codes")
            assert made.status_code == 201
            code = made.json()["code"]
            assert first.get(f"/link?code={code}").status_code == 200  # the page of the QR link
        with httpx.Client(base_url=server.url, timeout=10) as second:
            assert second.get(f"/link?code={code.lower()}&from=qr").status_code == 200
            assert second.post("/api/link", json={"code": code}).status_code == 200
            assert second.post("/api/link", json={"code": code}).status_code == 410
    finally:
        server.close()
    text = log.read_text()
    assert f"/link?code={HIDDEN}" in text and f"/link?code={HIDDEN}&from=qr" in text
    assert "POST /api/link" in text
    assert code not in text and code.lower() not in text


def test_codes_are_hidden_in_any_record():
    from tilematch.server.redaction import hide_secrets

    assert hide_secrets("GET /link?code=ABCD1234 HTTP/1.1") == f"GET /link?code={HIDDEN} HTTP/1.1"
    assert hide_secrets("GET /link?from=qr&code=abcd-1234") == f"GET /link?from=qr&code={HIDDEN}"
    assert hide_secrets("GET /link%3Fcode=ABCD1234") == f"GET /link%3Fcode={HIDDEN}"
    assert hide_secrets("GET /ws/duels/ABCDEFGHJK?watch=1") == "GET /ws/duels/ABCDEFGHJK?watch=1"
    assert hide_secrets("postcode=12345 barcode") == "postcode=12345 barcode"
