"""The quick ways a move is answered give the same answers as the long ways.

* The game view remembers per board what does not change while it is played
  (names, positions, why a tile is blocked): every view equals the view of the
  same game rebuilt from its record, whatever was played before.
* Moves answered on the event loop keep the per-game lock: when a worker holds
  a game's lock, a move on that game waits for it in a worker thread, without
  stopping the event loop, and then lands in order.
"""

from __future__ import annotations

import asyncio
import random
import threading

import pytest

from tests.support.server import new_game
from tests.support.stored import Stored
from tilematch.modes import Session, Settings, new_session
from tilematch.server.players import Player

GAMES = [
    Settings(game="solitaire", mode="regular", layout="turtle", seed=11),
    Settings(game="blackwhite", mode="tower", level=16),
    Settings(game="shisensho", mode="classic", size=(6, 8), seed=5, gravity=True),
]


@pytest.mark.parametrize("settings", GAMES, ids=lambda s: f"{s.game}-{s.mode}")
def test_every_view_equals_the_view_of_the_rebuilt_game(settings: Settings) -> None:
    rng = random.Random(3)
    session = new_session(settings, now=0.0)
    now = 0.0
    for _ in range(40):
        now += 1.0
        view = session.view(now)
        fresh = Session.from_json(session.to_json()).view(now)
        assert view["tiles"] == fresh["tiles"]
        assert view["pairs"] == fresh["pairs"]
        if view["status"] not in ("playing", "deadlock"):
            break
        roll = rng.random()
        if view["status"] == "deadlock" or not view["pairs"]:
            intent: dict[str, object] = {"type": "shuffle"}
        elif roll < 0.15:
            intent = {"type": "undo"}
        elif roll < 0.2:
            intent = {"type": "shuffle"}
        else:
            a, b = rng.choice(view["pairs"])
            intent = {"type": "match", "a": a, "b": b}
        session.act(intent, now)


def test_a_view_can_be_changed_by_its_reader_without_changing_the_next(client) -> None:
    session = new_session(GAMES[0], now=0.0)
    first = session.view(1.0)
    blocked = next(tile for tile in first["tiles"] if tile["blockers"])
    blocked["pos"].append(99)
    blocked["blockers"].append(99)
    again = next(t for t in session.view(1.0)["tiles"] if t["spot"] == blocked["spot"])
    assert 99 not in again["pos"] and 99 not in again["blockers"]


def test_a_move_waits_for_a_lock_held_elsewhere_without_stopping_the_loop(client, db_path) -> None:
    game = new_game(client, game="shisensho", mode="classic", size=[4, 6], seed=4)
    server = client.app.state.server
    player_id = client.get("/api/me").json()["id"]
    player = Player(player_id, None)
    lock = server.games._lock_for(game["id"])
    a, b = game["pairs"][0]
    lock.acquire()  # a worker thread busy with this game
    # A move that blocked the loop on the lock would wait for the watchdog, then be
    # found done too early: the test fails instead of hanging.
    watchdog = threading.Timer(20, lock.release)
    watchdog.start()

    async def scenario() -> dict[str, object]:
        move = asyncio.create_task(
            server.games.act_async(player, game["id"], {"type": "match", "a": a, "b": b})
        )
        for _ in range(20):  # the loop keeps running while the move waits
            await asyncio.sleep(0)
        assert not move.done()
        watchdog.cancel()
        lock.release()
        return await move

    answer = asyncio.run(scenario())
    assert answer["ok"] is True
    with Stored(db_path) as db:
        seqs = [row[0] for row in db.rows("SELECT seq FROM moves WHERE game_id = ?", (game["id"],))]
    assert seqs == [1]
    view = client.get(f"/api/games/{game['id']}").json()
    assert view["counters"]["moves"] == 1 and [a, b] not in view["pairs"]
