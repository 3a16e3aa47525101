"""Concurrent moves on one game from two clients keep the game consistent."""

from __future__ import annotations

import asyncio
import random

import httpx

from tests.support.server import new_game
from tests.support.stored import Stored


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
            return await asyncio.gather(*(c.get("/api/daily/2026-11-25") for _ in range(3)))

    answers = asyncio.run(race())
    assert [a.status_code for a in answers] == [200, 200, 200]
    assert len({a.json()["id"] for a in answers}) == 1
    with Stored(db_path) as db:
        assert db.value("SELECT COUNT(*) FROM games") == 1
