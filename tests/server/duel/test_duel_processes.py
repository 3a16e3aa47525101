"""Duels across real ``tilematch serve`` processes sharing one SQLite file and Redis:
players split between processes, the decider killed or stopped, Redis restarted,
and the single server without Redis stopping."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.support.duelists import Duelist, new_player, open_room
from tests.support.processes import ServeProcess
from tilematch.benchmarks.services import Redis

SIZE = (6, 8)
TILES = SIZE[0] * SIZE[1]


@pytest.fixture
def pair(tmp_path: Path, redis_url: str) -> Iterator[tuple[ServeProcess, ServeProcess]]:
    """Two server processes on one database and one Redis."""
    db = tmp_path / "shared.sqlite3"
    first = ServeProcess(db, redis=redis_url, log=tmp_path / "first.log").start()
    second = ServeProcess(db, redis=redis_url, log=tmp_path / "second.log").start()
    try:
        yield first, second
    finally:
        first.close()
        second.close()


def _split(first: ServeProcess, second: ServeProcess) -> tuple[Duelist, Duelist, str]:
    """A room opened on ``first``: its host on ``first``, the guest on ``second``."""
    host, guest = new_player(first.url), new_player(second.url)
    room = open_room(first.url, host, size=list(SIZE), seed=11)
    code = room["code"]
    # the room is visible from the other process at once
    seen = httpx.get(f"{second.url}/api/duels/{code}", headers={"Authorization": f"Bearer {guest}"})
    assert seen.status_code == 200, seen.text
    return Duelist(host, code, SIZE), Duelist(guest, code, SIZE), code


async def _start(a: Duelist, b: Duelist, url_a: str, url_b: str) -> None:
    await a.connect(url_a)
    await b.connect(url_b)
    await asyncio.wait_for(asyncio.gather(a.playing.wait(), b.playing.wait()), 20)
    while not (a.tiles and b.tiles):  # the board comes in the state after the start
        await asyncio.sleep(0.01)


def _check_agreement(a: Duelist, b: Duelist) -> None:
    """Both saw the same accepted claims; each spot taken once; scores add up."""
    assert a.of("end")[-1]["reason"] == "cleared", [
        (f.get("seq"), f["type"], f.get("player"), f.get("you")) for f in b.frames[:40]
    ]
    assert a.claims() == b.claims()
    spots = [spot for _, _, x, y in a.claims() for spot in (x, y)]
    assert len(spots) == len(set(spots)) == TILES
    end = a.of("end")[-1]
    assert b.of("end")[-1]["scores"] == end["scores"]
    assert sum(end["scores"]) == TILES
    for seat in (0, 1):
        won = sum(1 for _, player, _, _ in a.claims() if player == seat)
        assert end["scores"][seat] == 2 * won


def _stored_duels(db: Path) -> int:
    with sqlite3.connect(db) as conn:
        (count,) = conn.execute("SELECT count(*) FROM results WHERE mode = 'duel'").fetchone()
    return int(count)


def test_players_on_two_processes_race_and_agree(
    pair: tuple[ServeProcess, ServeProcess], tmp_path: Path
) -> None:
    first, second = pair
    a, b, _ = _split(first, second)

    async def run() -> None:
        await _start(a, b, first.ws_url, second.ws_url)
        # the same pair from both at once: exactly one wins
        pair = a.pick()
        assert pair is not None and pair == b.pick()
        claim = json.dumps({"type": "claim", "a": pair[0], "b": pair[1]})
        assert a.ws is not None and b.ws is not None
        await asyncio.gather(a.ws.send(claim), b.ws.send(claim))
        # claims 2 ms apart, each on the board as last seen: the same pair, often
        await asyncio.wait_for(asyncio.gather(a.play(wait=0.002), b.play(wait=0.002)), 60)
        await asyncio.wait_for(asyncio.gather(a.ended.wait(), b.ended.wait()), 10)
        await a.close()
        await b.close()

    asyncio.run(run())
    _check_agreement(a, b)
    taken = sum(1 for f in a.of("refused") + b.of("refused") if f["reason"] == "taken")
    assert taken > 0, [f["reason"] for f in a.of("refused") + b.of("refused")]
    assert _stored_duels(tmp_path / "shared.sqlite3") == 2  # one row per player, once


async def _resume_elsewhere(player: Duelist, url: str, seconds: float = 15.0) -> None:
    """Reconnect ``player`` to ``url`` with its last ``seq`` (retrying while the room
    is being taken over)."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            await player.connect(url, resume=True)
            await asyncio.sleep(0.3)
            if player.closed_with is None:
                return
        except OSError:
            pass
        if time.monotonic() > deadline:
            raise AssertionError(f"could not rejoin: closed with {player.closed_with}")
        await asyncio.sleep(0.2)


def test_kill_of_the_decider_loses_nothing_acknowledged(
    pair: tuple[ServeProcess, ServeProcess], tmp_path: Path
) -> None:
    first, second = pair  # first decides the room: it was opened there
    a, b, _ = _split(first, second)
    timing: dict[str, float] = {}

    async def run() -> None:
        await _start(a, b, first.ws_url, second.ws_url)
        timing["start"] = time.monotonic()
        await asyncio.gather(a.play(claims=4), b.play(claims=4))
        acknowledged = [(s, p, x, y) for s, p, x, y in a.claims() if p == a.you]
        first.kill()
        timing["killed"] = time.monotonic()
        while a.closed_with is None:  # its server died
            await asyncio.sleep(0.05)
        await _resume_elsewhere(a, second.ws_url)
        await asyncio.wait_for(asyncio.gather(a.play(), b.play()), 60)
        await asyncio.wait_for(asyncio.gather(a.ended.wait(), b.ended.wait()), 10)
        timing["end"] = time.monotonic()
        for claim in acknowledged:
            assert claim in a.claims()
        await a.close()
        await b.close()

    asyncio.run(run())
    _check_agreement(a, b)
    end = a.of("end")[-1]
    assert end["reason"] == "cleared"
    wall = timing["end"] - timing["start"]
    # the takeover gap (the lease running out, about 3 s) is not on the duel's clock
    assert end["elapsed"] <= wall - 1.5, (end["elapsed"], wall)
    assert _stored_duels(tmp_path / "shared.sqlite3") == 2


def test_sigterm_of_the_decider_hands_the_room_over(
    pair: tuple[ServeProcess, ServeProcess], tmp_path: Path
) -> None:
    first, second = pair
    a, b, _ = _split(first, second)

    async def run() -> None:
        await _start(a, b, first.ws_url, second.ws_url)
        await asyncio.gather(a.play(claims=3), b.play(claims=3))
        before = a.claims()
        stopping = asyncio.get_running_loop().run_in_executor(None, first.stop)
        while a.closed_with is None:
            await asyncio.sleep(0.05)
        assert a.closed_with == 1012  # reconnect at once
        handed = time.monotonic()
        await _resume_elsewhere(a, second.ws_url)
        assert time.monotonic() - handed < 3.0  # no lease had to run out
        await stopping
        await asyncio.wait_for(asyncio.gather(a.play(), b.play()), 60)
        await asyncio.wait_for(asyncio.gather(a.ended.wait(), b.ended.wait()), 10)
        assert a.claims()[: len(before)] == before
        await a.close()
        await b.close()

    asyncio.run(run())
    _check_agreement(a, b)
    assert not [f for f in b.of("end") if f["reason"] == "forfeit"]


def test_redis_restart_pauses_the_duel_then_it_goes_on(
    pair: tuple[ServeProcess, ServeProcess], redis_server: Redis, tmp_path: Path
) -> None:
    first, second = pair
    a, b, code = _split(first, second)
    during: dict[str, object] = {}

    async def run() -> None:
        await _start(a, b, first.ws_url, second.ws_url)
        await asyncio.gather(a.play(claims=3), b.play(claims=3))
        redis_server.stop()
        await asyncio.sleep(3.5)  # longer than a lease: the leases run out meanwhile
        answer = httpx.get(
            f"{second.url}/api/duels/{code}", headers={"Authorization": f"Bearer {b.token}"}
        )
        during["status"], during["retry"] = answer.status_code, answer.headers.get("retry-after")
        late = Duelist(b.token, code, SIZE)  # a new connection while Redis is gone
        await late.connect(second.ws_url)
        while late.closed_with is None:
            await asyncio.sleep(0.05)
        during["late"] = (late.closed_with, [f["type"] for f in late.frames])
        during["answered"] = await b.claim_once(timeout=3)
        during["frames"] = [
            (f.get("seq"), f["type"], f.get("player"), f.get("reason")) for f in b.frames
        ]
        during["a"] = [
            (f.get("seq"), f["type"], f.get("player"), f.get("reason")) for f in a.frames
        ]
        redis_server.start()
        await asyncio.sleep(1.5)
        await asyncio.wait_for(asyncio.gather(a.play(), b.play()), 60)
        await asyncio.wait_for(asyncio.gather(a.ended.wait(), b.ended.wait()), 10)
        await a.close()
        await b.close()

    asyncio.run(run())
    assert during["status"] == 503 and during["retry"] is not None
    assert during["late"] == (1013, ["paused"])
    assert a.of("paused") and b.of("paused")
    assert [f for f in b.frames if f["type"] == "error" and f["code"] == "paused"], during
    assert a.of("resumed") and b.of("resumed")
    _check_agreement(a, b)


def test_one_server_without_redis_tells_its_players_when_it_stops(tmp_path: Path) -> None:
    server = ServeProcess(tmp_path / "one.sqlite3", log=tmp_path / "one.log").start()
    try:
        host = new_player(server.url)
        code = open_room(server.url, host, size=list(SIZE), seed=3, rival="relaxed")["code"]
        player = Duelist(host, code, SIZE)

        async def run() -> None:
            await player.connect(server.ws_url)
            await asyncio.wait_for(player.playing.wait(), 20)
            await asyncio.get_running_loop().run_in_executor(None, server.stop)
            while player.closed_with is None:
                await asyncio.sleep(0.05)

        asyncio.run(run())
        assert player.closed_with == 4503
        (closing,) = player.of("closing")
        assert "without a result" in closing["message"]
    finally:
        server.close()
