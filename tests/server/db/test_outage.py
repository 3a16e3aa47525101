"""PostgreSQL going away while the server runs: 503 with Retry-After, nothing
half-written, and the server recovers by itself when the database is back."""

from __future__ import annotations

import time

import pytest

from tests.support.server import act, new_game
from tests.support.stored import Stored

ON_POSTGRES = pytest.mark.parametrize("database", ["postgresql"], indirect=True)
SMALL = {"game": "shisensho", "mode": "classic", "size": [4, 6], "seed": 4}


def _move(client, game):
    a, b = game["pairs"][0]
    return client.post(f"/api/games/{game['id']}/actions", json={"type": "match", "a": a, "b": b})


def _until_answered(call, seconds=20.0):
    """Repeat ``call()`` until it answers something else than 503; returns that answer."""
    deadline = time.monotonic() + seconds
    while True:
        answer = call()
        if answer.status_code != 503 or time.monotonic() > deadline:
            return answer
        time.sleep(0.1)


def _stored_moves(database, game_id):
    with Stored(database) as db:
        return db.rows("SELECT seq FROM moves WHERE game_id = ? ORDER BY seq", (game_id,))


@ON_POSTGRES
def test_a_killed_database_answers_503_then_recovers(client, clock, postgres_server, database):
    game = new_game(client, **SMALL)
    for _ in range(2):
        clock.advance(1)
        game = act(client, game["id"], type="match", a=game["pairs"][0][0], b=game["pairs"][0][1])[
            "game"
        ]
    try:
        postgres_server.kill()
        for _ in range(3):  # the first meets a dead connection, the next ones fail at once
            clock.advance(1)
            answer = _move(client, game)
            assert answer.status_code == 503, answer.text
            assert answer.json()["error"]["code"] == "storage_failed"
            assert answer.headers["Retry-After"] == "1"
        started = time.monotonic()
        listing = client.get("/api/games")  # a read fails as fast, with the same answer
        assert listing.status_code == 503 and listing.headers["Retry-After"] == "1"
        assert time.monotonic() - started < 1.0
        new = client.post("/api/games", json=SMALL)
        assert new.status_code == 503
    finally:
        postgres_server.start()
    answer = _until_answered(lambda: _move(client, game))
    assert answer.status_code == 200 and answer.json()["ok"], answer.text
    # the two acknowledged moves and the one after the return; none of the refused ones
    assert _stored_moves(database, game["id"]) == [(1,), (2,), (3,)]
    view = client.get(f"/api/games/{game['id']}").json()
    assert view["counters"]["moves"] == 3 and view["counters"]["tiles_left"] == 24 - 6
    with Stored(database) as db:
        assert db.value("SELECT COUNT(*) FROM games") == 1


@ON_POSTGRES
def test_a_database_turned_read_only_refuses_writes_then_recovers(
    client, clock, postgres_server, database
):
    name = database.rsplit("/", 1)[1]
    game = new_game(client, **SMALL)

    def sessions_now(read_only: str) -> None:
        with Stored(postgres_server.url) as admin:
            admin.execute(
                f'ALTER DATABASE "{name}" SET default_transaction_read_only = {read_only}'
            )
            # the server's sessions started before: end them, as a failover would
            admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = ?",
                (name,),
            )

    try:
        sessions_now("on")
        listing = _until_answered(lambda: client.get("/api/games"))  # reconnected, read-only
        assert listing.status_code == 200 and len(listing.json()) == 1
        clock.advance(1)
        refused = _move(client, game)
        assert refused.status_code == 503, refused.text
        assert refused.headers["Retry-After"] == "1"
        assert client.post("/api/games", json=SMALL).status_code == 503
    finally:
        sessions_now("off")
    answer = _until_answered(lambda: _move(client, game))
    assert answer.status_code == 200 and answer.json()["ok"], answer.text
    assert _stored_moves(database, game["id"]) == [(1,)]
    with Stored(database) as db:
        assert db.value("SELECT COUNT(*) FROM games") == 1
