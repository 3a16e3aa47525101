"""Concurrent moves on one game from two clients keep the game consistent."""

from __future__ import annotations

import asyncio
import random

import httpx

from tests.support.server import act, new_game
from tests.support.stored import Stored
from tilematch.server.games import CATCH_UP


async def _player(app, token, game_id, seed, rounds):
    rng = random.Random(seed)
    transport = httpx.ASGITransport(app=app)
    headers = {"Authorization": f"Bearer {token}"}
    oks = 0
    async with httpx.AsyncClient(transport=transport, base_url="http://t", headers=headers) as c:
        for _ in range(rounds):
            view = (await c.get(f"/api/games/{game_id}")).json()
            if view["status"] != "playing" or not view["pairs"]:
                break
            a, b = rng.choice(view["pairs"][:3])
            answer = await c.post(
                f"/api/games/{game_id}/actions", json={"type": "match", "a": a, "b": b}
            )
            assert answer.status_code in (200, 409), answer.text
            if answer.status_code == 200 and answer.json()["ok"]:
                oks += 1
    return oks


def test_two_clients_racing_on_one_game(make_client, db_path):
    client = make_client()
    token = client.get("/api/me").json()["token"]
    game = new_game(client, game="shisensho", mode="classic", size=[4, 6], seed=4)

    async def race():
        return await asyncio.gather(
            *(_player(client.app, token, game["id"], seed, 12) for seed in range(3))
        )

    accepted = sum(asyncio.run(race()))
    final = client.get(f"/api/games/{game['id']}").json()
    removed = 24 - final["counters"]["tiles_left"]
    assert accepted >= 1
    # every accepted move removed exactly one pair, and every pair removed was accepted once
    assert removed == 2 * accepted == 2 * final["counters"]["moves"]
    with Stored(db_path) as db:
        seqs = [
            row[0]
            for row in db.rows(
                "SELECT seq FROM moves WHERE game_id = ? ORDER BY seq", (game["id"],)
            )
        ]
    assert seqs == list(range(1, accepted + 1))
    # the stored game replays to exactly what the players saw
    fresh = make_client()
    fresh.headers["Authorization"] = f"Bearer {token}"
    restored = fresh.get(f"/api/games/{game['id']}").json()
    for key in ("tiles", "score", "ledger", "counters"):
        assert restored[key] == final[key], key


def test_racing_first_visits_of_a_daily_start_one_game(make_client, db_path):
    client = make_client()
    token = client.get("/api/me").json()["token"]

    async def race():
        transport = httpx.ASGITransport(app=client.app)
        headers = {"Authorization": f"Bearer {token}"}
        async with httpx.AsyncClient(
            transport=transport, base_url="http://t", headers=headers
        ) as c:
            return await asyncio.gather(*(c.post("/api/daily/2026-11-25") for _ in range(3)))

    answers = asyncio.run(race())
    assert sorted(a.status_code for a in answers) == [200, 200, 201]
    assert len({a.json()["id"] for a in answers}) == 1
    with Stored(db_path) as db:
        assert db.value("SELECT COUNT(*) FROM games") == 1


def _stored_seqs(client, game_id):
    """The seqs of a game's stored moves, read through the app's own storage."""
    storage = client.app.state.server.storage
    rows = storage.rows("SELECT seq FROM moves WHERE game_id = ? ORDER BY seq", (game_id,))
    return [row["seq"] for row in rows]


def _stored(client, sql, *params):
    """The first column of the first row of a query, through the app's own storage."""
    row = client.app.state.server.storage.row(sql, params)
    return next(iter(row.values())) if row is not None else None


def _two_apps(make_client):
    """Two apps on one database (as two server processes would be), one player."""
    one = make_client()
    token = one.get("/api/me").json()["token"]
    two = make_client()
    for client in (one, two):
        client.headers["Authorization"] = f"Bearer {token}"
    return one, two


def _skip_freshness_once(monkeypatch, client):
    """Make ``client``'s server trust its session in memory once, as if the other app's
    move landed between its freshness read and its write."""
    games = client.app.state.server.games
    real = games._fresh

    def stale_once(game_id):
        monkeypatch.setattr(games, "_fresh", real)
        with games._cache_lock:
            return games._cache.get(game_id)

    monkeypatch.setattr(games, "_fresh", stale_once)


def test_two_apps_on_one_database_alternate_moves(make_client, clock):
    one, two = _two_apps(make_client)
    game = new_game(one, game="shisensho", mode="classic", size=[4, 6], seed=4)
    gid = game["id"]
    assert two.get(f"/api/games/{gid}").json()["tiles"] == game["tiles"]  # both hold it now
    for turn in range(6):
        client = (one, two)[turn % 2]
        clock.advance(1)
        view = client.get(f"/api/games/{gid}").json()
        assert view["counters"]["moves"] == turn  # never an older session than the database
        a, b = view["pairs"][0]
        answer = client.post(f"/api/games/{gid}/actions", json={"type": "match", "a": a, "b": b})
        assert answer.status_code == 200 and answer.json()["ok"], answer.text
    assert _stored_seqs(one, gid) == [1, 2, 3, 4, 5, 6]
    final = [c.get(f"/api/games/{gid}").json() for c in (one, two)]
    for key in ("tiles", "score", "ledger", "counters"):
        assert final[0][key] == final[1][key], key


def test_a_writer_that_loses_the_race_plays_the_intent_on_the_stored_game(
    make_client, clock, monkeypatch
):
    one, two = _two_apps(make_client)
    game = new_game(one, game="shisensho", mode="classic", size=[4, 6], seed=4)
    gid = game["id"]
    two.get(f"/api/games/{gid}")
    first = game["pairs"][0]
    second = next(pair for pair in game["pairs"] if not set(pair) & set(first))
    clock.advance(1)
    played = one.post(
        f"/api/games/{gid}/actions", json={"type": "match", "a": first[0], "b": first[1]}
    )
    assert played.json()["ok"]
    # the same pair from the other app, on its session from before that move
    _skip_freshness_once(monkeypatch, two)
    same = two.post(
        f"/api/games/{gid}/actions", json={"type": "match", "a": first[0], "b": first[1]}
    )
    assert same.status_code == 200 and same.json()["ok"] is False
    assert same.json()["game"]["counters"]["moves"] == 1
    assert _stored_seqs(one, gid) == [1]
    # now the first app is behind (a hint was stored by the other): its different pair
    # is played on the stored game, after the hint
    assert two.post(f"/api/games/{gid}/actions", json={"type": "hint"}).json()["ok"]
    _skip_freshness_once(monkeypatch, one)
    other = one.post(
        f"/api/games/{gid}/actions", json={"type": "match", "a": second[0], "b": second[1]}
    ).json()
    assert other["ok"] is True
    assert other["game"]["counters"]["moves"] == 2 and other["game"]["counters"]["hints"] == 1
    assert _stored_seqs(one, gid) == [1, 2, 3]


def test_the_last_pair_raced_by_two_apps_ends_the_game_once(make_client, clock, monkeypatch):
    one, two = _two_apps(make_client)
    game = new_game(one, game="shisensho", mode="classic", size=[2, 2], seed=1)
    gid = game["id"]
    while game["counters"]["tiles_left"] > 2:
        a, b = game["pairs"][0]
        game = one.post(f"/api/games/{gid}/actions", json={"type": "match", "a": a, "b": b})
        game = game.json()["game"]
    two.get(f"/api/games/{gid}")
    a, b = game["pairs"][0]
    clock.advance(1)
    won = one.post(f"/api/games/{gid}/actions", json={"type": "match", "a": a, "b": b}).json()
    assert won["ok"] and won["game"]["status"] == "won"
    _skip_freshness_once(monkeypatch, two)
    late = two.post(f"/api/games/{gid}/actions", json={"type": "match", "a": a, "b": b})
    assert late.status_code == 409 and late.json()["error"]["code"] == "game_over"
    assert _stored(one, "SELECT COUNT(*) FROM results WHERE game_id = ?", gid) == 1
    assert _stored_seqs(one, gid) == list(range(1, won["game"]["counters"]["moves"] + 1))


def test_first_visits_of_a_daily_on_two_apps_start_one_game(make_client, monkeypatch):
    from tilematch.server.routes import daily

    one, two = _two_apps(make_client)
    first = one.post("/api/daily/2026-11-25")
    assert first.status_code == 201
    real = daily.latest_daily_game
    calls = []

    def not_seen_yet(storage, player_id, day):
        calls.append(day)
        return None if len(calls) == 1 else real(storage, player_id, day)

    # the other app looks before the first game is committed, and deals one of its own
    monkeypatch.setattr(daily, "latest_daily_game", not_seen_yet)
    second = two.post("/api/daily/2026-11-25")
    assert second.status_code == 200 and len(calls) == 2
    assert second.json()["id"] == first.json()["id"]
    assert _stored(one, "SELECT COUNT(*) FROM games") == 1


def _live(client, gid):
    with client.app.state.server.games._cache_lock:
        return client.app.state.server.games._cache.get(gid)


def test_a_session_a_few_moves_behind_catches_up_instead_of_restoring(make_client, clock):
    one, two = _two_apps(make_client)
    game = new_game(one, game="shisensho", mode="classic", size=[4, 6], seed=4)
    gid = game["id"]
    two.get(f"/api/games/{gid}")
    behind = _live(two, gid)
    session = behind.session
    for _ in range(3):  # three moves stored by the other process
        clock.advance(1.5)
        a, b = one.get(f"/api/games/{gid}").json()["pairs"][0]
        assert act(one, gid, type="match", a=a, b=b)["ok"]
    clock.advance(1)
    caught = two.get(f"/api/games/{gid}").json()
    assert _live(two, gid) is behind and behind.session is session  # played on, not rebuilt
    assert behind.seq == 3
    restored = make_client()
    restored.headers["Authorization"] = one.headers["Authorization"]
    fresh = restored.get(f"/api/games/{gid}").json()
    for key in ("tiles", "score", "ledger", "counters", "pairs", "clock"):
        assert caught[key] == fresh[key], key


def test_a_session_that_does_not_match_the_stored_game_is_restored(make_client, clock):
    one, two = _two_apps(make_client)
    game = new_game(one, game="shisensho", mode="classic", size=[4, 6], seed=4)
    gid = game["id"]
    two.get(f"/api/games/{gid}")
    behind = _live(two, gid)
    clock.advance(1)
    a, b = game["pairs"][0]
    assert act(one, gid, type="match", a=a, b=b)["ok"]
    # the stored game no longer is what its moves make (as if written by another release)
    with one.app.state.server.storage.transaction() as conn:
        conn.execute("UPDATE games SET score = score + 7 WHERE id = ?", (gid,))
    view = two.get(f"/api/games/{gid}").json()
    assert _live(two, gid) is not behind  # the stored state wins
    assert view["counters"]["moves"] == 1


def test_a_session_far_behind_or_behind_a_search_is_restored(make_client, clock):
    one, two = _two_apps(make_client)
    game = new_game(one, game="shisensho", mode="classic", size=[6, 8], seed=7)
    gid = game["id"]
    two.get(f"/api/games/{gid}")
    behind = _live(two, gid)
    clock.advance(1)
    assert act(one, gid, type="smart_hint")["ok"]  # a search: never replayed inline
    assert two.get(f"/api/games/{gid}").json()["counters"]["hints"] == 1
    assert _live(two, gid) is not behind
    behind = _live(two, gid)
    for _ in range(CATCH_UP + 1):
        clock.advance(1)
        a, b = one.get(f"/api/games/{gid}").json()["pairs"][0]
        assert act(one, gid, type="match", a=a, b=b)["ok"]
    assert two.get(f"/api/games/{gid}").json()["counters"]["moves"] == CATCH_UP + 1
    assert _live(two, gid) is not behind


def test_a_move_refused_on_an_older_state_is_played_on_the_stored_one(make_client, clock):
    one, two = _two_apps(make_client)
    for seed in range(40):  # a board where a match opens a pair that was closed before
        game = new_game(one, game="shisensho", mode="classic", size=[4, 6], seed=seed)
        gid = game["id"]
        two.get(f"/api/games/{gid}")  # two holds the game in memory, before the move
        clock.advance(1)
        first = act(one, gid, type="match", a=game["pairs"][0][0], b=game["pairs"][0][1])
        opened = [p for p in first["game"]["pairs"] if p not in game["pairs"]]
        if opened:
            break
    else:
        raise AssertionError("no board opened a pair")
    a, b = opened[0]
    clock.advance(1)
    answer = act(two, gid, type="match", a=a, b=b)  # refused on two's older state
    assert answer["ok"], answer
    assert answer["game"]["counters"]["moves"] == 2
    assert _stored_seqs(one, gid) == [1, 2]
