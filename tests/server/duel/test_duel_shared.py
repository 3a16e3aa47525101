"""The pieces of rooms shared through Redis, on a real Redis: the room snapshot and
the shift of its clocks, the fenced write and renewal scripts, two registries of
one Redis passing a room between them, and results stored once."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import redis

from tests.support.clock import FakeClock
from tests.support.stored import Stored
from tilematch.modes.duel import FORFEIT_SECONDS, DuelGame, Rival
from tilematch.server import shared
from tilematch.server.db import Storage
from tilematch.server.duel import Client, DuelRooms, results, snapshot, streams
from tilematch.server.duel.room import Room
from tilematch.server.duel.shared import SharedRooms
from tilematch.server.duel.streams import Keys
from tilematch.server.players import Player, create_player

START = 2_000_000.0


def _legal(game: DuelGame) -> tuple[int, int]:
    """The first legal pair of the duel's board, as the engine finds it."""
    return min((m.a, m.b) for m in game.board.legal_pairs())


def _room_in_play(tmp_path: Path, rival: str | None = "sharp") -> tuple[DuelRooms, Room]:
    clock = FakeClock(START)
    storage = Storage(tmp_path / "rooms.sqlite3", now=START)
    rooms = DuelRooms(storage, clock)
    room = rooms.create(Player("p1", "Ann"), size=(4, 6), seed=5, rival=rival)
    room.uid = "u1"
    room.phase = "playing"
    room.game = DuelGame(5, START, size=(4, 6), rival=Rival(rival, 5) if rival else None)
    a, b = _legal(room.game)
    room.game.claim(0, a, b, START + 1.0)
    room.game.claim(0, a, b, START + 1.5)  # taken: no penalty, but recorded
    room.game.away(0, START + 2.0)
    room.version, room.seq = 1, 9
    room.changed = {a: 1, b: 1}
    return rooms, room


def test_a_snapshot_rebuilds_the_room_and_its_duel(tmp_path: Path) -> None:
    _, room = _room_in_play(tmp_path)
    text = json.dumps(snapshot.dump(room))
    again = snapshot.load(json.loads(text))
    assert again.summary("p1") == room.summary("p1")
    assert (again.version, again.seq, again.changed, again.uid) == (1, 9, room.changed, "u1")
    assert again.game is not None and room.game is not None
    assert again.game.board.occupied == room.game.board.occupied
    assert again.game.players[0].away_since == START + 2.0
    assert again.faces == {s: room.game.board.face(s) for s in room.game.board.spots()}


def test_a_bad_snapshot_is_refused_by_name(tmp_path: Path) -> None:
    _, room = _room_in_play(tmp_path)
    data = snapshot.dump(room)
    with pytest.raises(snapshot.SnapshotError, match="format 1"):
        snapshot.load({**data, "format": 2})
    with pytest.raises(snapshot.SnapshotError, match="malformed"):
        snapshot.load({**data, "seats": 3})
    with pytest.raises(snapshot.SnapshotError, match="no phase"):
        snapshot.load({**data, "phase": "dancing"})


def test_a_shift_moves_every_clock_and_replays(tmp_path: Path) -> None:
    _, room = _room_in_play(tmp_path)
    game = room.game
    assert game is not None
    rival_at = game.next_event_at()
    forfeit_at = START + 2.0 + FORFEIT_SECONDS
    snapshot.shift(room, 7.5)
    assert game.started == START + 7.5
    assert game.players[0].away_since == START + 9.5
    assert game.next_event_at() == min(forfeit_at, rival_at or forfeit_at) + 7.5
    # no forfeit where there would have been one without the shift
    assert all(event["type"] != "end" for event in game.tick(forfeit_at + 1.0))
    assert not game.finished
    replayed = DuelGame.from_json(json.loads(json.dumps(game.to_json())))
    assert replayed.started == game.started
    assert replayed.players[0].away_since == game.players[0].away_since
    assert replayed.scores == game.scores


# --------------------------------------------------------------------------- scripts


@pytest.fixture
def sync_redis(redis_url: str) -> Any:
    client = redis.Redis.from_url(redis_url)
    yield client
    client.close()


def _write(client: Any, code: str, me: str, rev: int, frames: list[str]) -> int:
    keys = Keys(code)
    args: list[Any] = [me, rev, 3000, 60, '{"phase":"playing"}', 1.0, 100, len(frames)]
    for seq, text in enumerate(frames, 1):
        args += [seq, text]
    keys_ = [keys.lease, keys.rev, keys.room, keys.out, keys.alive]
    written = client.eval(streams.WRITE, len(keys_), *keys_, *args)
    if not written:
        return 0
    ids = [entry_id for entry_id, _ in client.xrange(keys.out)][-len(frames) :] if frames else []
    assert written[1:] == ids  # the ids of the entries it added
    return int(written[0])


def test_only_the_lease_holder_with_the_latest_revision_writes(sync_redis: Any) -> None:
    assert _write(sync_redis, "AAAAAA", "one", 0, ['{"to":null,"text":"x"}']) == 1
    assert sync_redis.get(Keys("AAAAAA").lease) == b"one"
    # another process while the lease is held
    assert _write(sync_redis, "AAAAAA", "two", 1, []) == 0
    sync_redis.delete(Keys("AAAAAA").lease)  # the lease ran out
    # a process that missed a write may not take the room back
    assert _write(sync_redis, "AAAAAA", "two", 0, []) == 0
    assert _write(sync_redis, "AAAAAA", "two", 1, ['{"to":null,"text":"y"}']) == 2
    entries = sync_redis.xrange(Keys("AAAAAA").out)
    assert [fields[b"e"] for _, fields in entries] == [
        b'{"to":null,"text":"x"}',
        b'{"to":null,"text":"y"}',
    ]
    keys = Keys("AAAAAA")
    renew = [keys.lease, keys.rev, keys.alive]
    assert sync_redis.eval(streams.RENEW, 3, *renew, "one", 1, 3000, 2.0, 60) == 0
    assert sync_redis.eval(streams.RENEW, 3, *renew, "two", 2, 3000, 2.0, 60) == 1
    release = [keys.lease, keys.alive]
    assert sync_redis.eval(streams.RELEASE, 2, *release, "one", 3.0, 60) == 0
    assert sync_redis.eval(streams.RELEASE, 2, *release, "two", 3.0, 60) == 1
    assert sync_redis.get(keys.lease) is None


def test_stream_positions_compare_as_numbers() -> None:
    assert streams.after("10-0", "9-5") and streams.after("9-10", "9-9")
    assert not streams.after("9-9", "9-9") and not streams.after("0-0", "0-0")
    assert streams.after("1-0", "0-0") and not streams.after("100-1", "1000-0")


# --------------------------------------------------------------------------- registries


async def _until(check: Callable[[], bool], seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError("timed out")
        await asyncio.sleep(0.02)


def _frames(client: Client, seen: list[dict[str, Any]]) -> list[dict[str, Any]]:
    seen.extend(client.take())
    return seen


@contextlib.asynccontextmanager
async def _registries(
    storage: Storage, redis_url: str, count: int = 2
) -> AsyncIterator[list[SharedRooms]]:
    """``count`` started registries of one Redis (as many processes), stopped at the
    end (one that was killed meanwhile only fails to hand its rooms over)."""
    started = [
        SharedRooms(storage, time.time, shared.connect_async(redis_url)) for _ in range(count)
    ]
    for rooms in started:
        rooms.start()
    try:
        yield started
    finally:
        for rooms in started:
            await rooms.stop()
            await rooms.redis.aclose()


def test_two_registries_share_a_room_and_one_takes_it_over(tmp_path: Path, redis_url: str) -> None:
    storage = Storage(tmp_path / "shared.sqlite3", now=time.time())
    ann, bob = create_player(storage, time.time()), create_player(storage, time.time())

    async def scenario() -> None:
        async with _registries(storage, redis_url) as (one, two):
            await one.reserve()
            await two.reserve()
            assert not set(one._codes) & set(two._codes)
            room = one.create(ann, size=(4, 6), seed=2)
            await one.written(room.code)
            view = await two.summary(room.code, bob.id)
            assert view is not None and view["you"] is None and view["phase"] == "waiting"
            host, guest = Client(ann), Client(bob)
            assert await one.attach(room.code, host, watch=False, seq=None)
            assert await two.attach(room.code, guest, watch=False, seq=None)
            seen: list[dict[str, Any]] = []
            await _until(lambda: any(f["type"] == "countdown" for f in _frames(guest, seen)))
            assert seen[0] == {"type": "hello", "role": "player", "you": 1, "seq": seen[0]["seq"]}
            # the deciding registry stops without a word (as if killed)
            for task in one._tasks:
                task.cancel()
            await _until(lambda: room.code in two.decided, seconds=8.0)
            await _until(lambda: any(f["type"] == "start" for f in _frames(guest, seen)))
            numbers = [f["seq"] for f in seen if "seq" in f]
            assert numbers == sorted(numbers) and len(numbers) == len(set(numbers))
            assert await two.summary("NOSUCH", bob.id) is None

    asyncio.run(asyncio.wait_for(scenario(), 60))


def test_a_room_watched_during_a_blocking_read_is_read_at_once(
    tmp_path: Path, redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each process reads every room's streams in one blocking read; a room it starts to
    decide or watch ends that read (through its wake stream) instead of waiting for it
    to time out: with reads that block for 1.9 s (just under the client's time-out of
    2 s), the guest on the other process gets its first frames well before any read
    began after the room was made would have ended."""
    monkeypatch.setattr(streams, "READ_BLOCK_MS", 1_900)
    storage = Storage(tmp_path / "wake.sqlite3", now=time.time())
    ann, bob = create_player(storage, time.time()), create_player(storage, time.time())

    async def scenario() -> None:
        async with _registries(storage, redis_url) as (one, two):
            await one.reserve()
            await asyncio.sleep(0.3)  # both readers are now blocked, reading no room
            assert one._reading is not None and two._reading is not None
            room = one.create(ann, size=(4, 6), seed=3)
            await one.written(room.code)
            host, guest = Client(ann), Client(bob)
            assert await one.attach(room.code, host, watch=False, seq=None)
            assert await two.attach(room.code, guest, watch=False, seq=None)
            seen: list[dict[str, Any]] = []
            # without the wake: at least 1.9 - 0.3 s for one's read, then two's
            await _until(lambda: any(f["type"] == "hello" for f in _frames(guest, seen)), 1.2)

    asyncio.run(asyncio.wait_for(scenario(), 30))


@dataclass
class _Split:
    """A room decided by registry ``one``, its host on ``one``, its guest on ``two``."""

    one: SharedRooms
    two: SharedRooms
    room: Room
    host: Client
    guest: Client


@contextlib.asynccontextmanager
async def _split_room(storage: Storage, redis_url: str, seed: int) -> AsyncIterator[_Split]:
    """Two registries of one Redis (two processes) and a room split between them;
    both are stopped at the end."""
    ann, bob = create_player(storage, time.time()), create_player(storage, time.time())
    async with _registries(storage, redis_url) as (one, two):
        await one.reserve()
        room = one.create(ann, size=(4, 6), seed=seed)
        await one.written(room.code)
        host, guest = Client(ann), Client(bob)
        assert await one.attach(room.code, host, watch=False, seq=None)
        assert await two.attach(room.code, guest, watch=False, seq=None)
        yield _Split(one, two, room, host, guest)


def test_the_decider_queues_its_frames_on_its_own_sockets_as_it_writes_them(
    tmp_path: Path, redis_url: str
) -> None:
    """The deciding process does not read its rooms' output streams back: its own
    sockets get each frame once the script has written it, in order, once; the
    other process's sockets get the same frames through the stream."""
    storage = Storage(tmp_path / "local.sqlite3", now=time.time())

    async def scenario() -> None:
        async with _split_room(storage, redis_url, 4) as split:
            code = split.room.code
            out, inputs = streams.stream_names(code)
            assert inputs in split.one._wanted() and out not in split.one._wanted()
            assert out in split.two._wanted() and inputs not in split.two._wanted()
            hosts: list[dict[str, Any]] = []
            guests: list[dict[str, Any]] = []
            await _until(lambda: any(f["type"] == "start" for f in _frames(split.host, hosts)))
            await _until(lambda: any(f["type"] == "start" for f in _frames(split.guest, guests)))
            stored = await split.one.redis.xrange(Keys(code).out)
            broadcast = [
                json.loads(json.loads(fields[b"e"])["text"])
                for _, fields in stored
                if json.loads(fields[b"e"]).get("to", "") is None
            ]
            seen = [f for f in hosts if f["type"] != "hello" and f["type"] != "state"]
            assert seen == broadcast[: len(seen)] and seen  # the stream's frames, once
            assert [f["seq"] for f in guests if f["type"] == "start"] == [
                f["seq"] for f in hosts if f["type"] == "start"
            ]

    asyncio.run(asyncio.wait_for(scenario(), 30))


def test_a_takeover_delivers_what_the_last_decider_wrote_once(
    tmp_path: Path, redis_url: str
) -> None:
    """A process taking a room over reads the frames its sockets have not had yet
    from the room's stream: a frame the dying decider wrote after the other
    process last read reaches its socket once, before the takeover's own frames."""
    storage = Storage(tmp_path / "taken.sqlite3", now=time.time())

    async def scenario() -> None:
        async with _split_room(storage, redis_url, 6) as split:
            one, two, room, guest = split.one, split.two, split.room, split.guest
            seen: list[dict[str, Any]] = []
            await _until(lambda: any(f["type"] == "room" for f in _frames(guest, seen)))
            await asyncio.sleep(0.2)
            for task in one._tasks + two._tasks:  # one dies; two stops reading
                task.cancel()
            await asyncio.gather(*one._tasks, *two._tasks, return_exceptions=True)
            one._tasks.clear()
            two._tasks.clear()
            _frames(guest, seen)
            one.broadcast(room, {"type": "last-words"})  # written, never read by two
            await one._flush()
            assert not any(f["type"] == "last-words" for f in _frames(guest, seen))
            await one.redis.delete(Keys(room.code).lease)  # its lease runs out
            assert await two._take(room.code) is not None
            assert any(f["type"] == "last-words" for f in _frames(guest, seen))
            two.start()  # from now on its reader reads the room's input stream only
            await _until(lambda: any(f["type"] == "start" for f in _frames(guest, seen)))
            words = [f for f in _frames(guest, seen) if f["type"] == "last-words"]
            assert len(words) == 1
            numbers = [f["seq"] for f in seen if "seq" in f]
            assert numbers == sorted(numbers) and len(numbers) == len(set(numbers))

    asyncio.run(asyncio.wait_for(scenario(), 30))


def test_a_room_is_written_on_after_redis_forgets_its_scripts(
    tmp_path: Path, redis_url: str
) -> None:
    """Rooms are written by the script's digest; when Redis no longer holds the
    script (restarted, or ``SCRIPT FLUSH``), the write loads it and goes on: the
    frame arrives once and the room stays decided here."""
    storage = Storage(tmp_path / "flush.sqlite3", now=time.time())
    ann = create_player(storage, time.time())

    async def scenario() -> None:
        async with _registries(storage, redis_url, 1) as (one,):
            await one.reserve()
            room = one.create(ann, size=(4, 6), seed=7)
            await one.written(room.code)
            host = Client(ann)
            assert await one.attach(room.code, host, watch=False, seq=None)
            seen: list[dict[str, Any]] = []
            await _until(lambda: any(f["type"] == "room" for f in _frames(host, seen)))
            revision = one.decided[room.code].rev
            await one.redis.script_flush()
            one.broadcast(room, {"type": "after-the-flush"})
            await _until(lambda: any(f["type"] == "after-the-flush" for f in _frames(host, seen)))
            assert room.code in one.decided and one.decided[room.code].rev > revision
            assert [f["type"] for f in seen].count("after-the-flush") == 1
            assert await one.redis.script_exists(one._write.sha) == [True]

    asyncio.run(asyncio.wait_for(scenario(), 30))


def test_a_duel_is_stored_once_by_two_writers(
    database: Path | str, caplog: pytest.LogCaptureFixture
) -> None:
    clock = FakeClock(START)
    storage = Storage(database, now=START)
    try:
        ann, bob = create_player(storage, START), create_player(storage, START)
        rooms = DuelRooms(storage, clock)
        room = rooms.create(ann, size=(2, 4), seed=3)
        room.uid = "same-room"
        seat = room.seats[0]
        assert seat is not None
        room.seats[1] = type(seat)(bob.id, "Bob")
        game = room.game = DuelGame(3, START, size=(2, 4))
        turn = 0
        while not game.finished:
            a, b = _legal(game)
            game.claim(turn, a, b, START + 1)
            turn = 1 - turn
        room.phase = "over"
        copy = snapshot.load(snapshot.dump(room))
        results.store(storage, room, clock)
        with caplog.at_level(logging.INFO, logger=results.log.name):
            results.store(storage, copy, clock)  # another process finishing the same duel
    finally:
        storage.close()
    with Stored(database) as stored:
        rows = stored.rows("SELECT player_id FROM results WHERE mode = 'duel'")
        games = stored.rows("SELECT id FROM games WHERE mode = 'duel'")
    assert sorted(r[0] for r in rows) == sorted([ann.id, bob.id])
    assert sorted(g[0] for g in games) == ["duel-same-room-0", "duel-same-room-1"]
    # the second writer is told the duel is stored already, not that storing failed
    said = [r for r in caplog.records if r.name == results.log.name]
    assert [r.levelname for r in said] == ["INFO"]
    assert "already stored" in said[0].getMessage()


def test_the_read_of_the_rooms_streams_answers_as_xread_does(
    tmp_path: Path, redis_url: str
) -> None:
    async def scenario() -> None:
        storage = Storage(tmp_path / "read.sqlite3", now=START)
        rooms = SharedRooms(storage, time.time, shared.connect_async(redis_url))
        try:
            first = await rooms.redis.xadd(Keys("RDA").out, {"seq": 1, "e": "{}"})
            await rooms.redis.xadd(Keys("RDA").out, {"seq": 2, "e": "{}"})
            await rooms.redis.xadd(Keys("RDB").inputs, {"m": "{}"})
            await rooms.redis.xadd(rooms._wake_key, {"w": "1"})
            wanted = {
                streams.stream_names("RDA")[0]: first.decode(),
                streams.stream_names("RDB")[1]: "0-0",
                Keys("RDC").out: "0-0",  # a room without entries yet
            }
            assert streams.stream_names("RDB") == (Keys("RDB").out, Keys("RDB").inputs)
            ours = await rooms.redis.execute_command(*rooms._read_command(wanted))
            theirs = await rooms.redis.xread(
                {**wanted, rooms._wake_key: rooms._wake_pos}, count=500, block=1
            )
            assert ours == theirs
            assert [key for key, _ in ours] == [
                Keys("RDA").out.encode(),
                Keys("RDB").inputs.encode(),
                rooms._wake_key.encode(),
            ]
            assert [fields[b"seq"] for _, fields in ours[0][1]] == [b"2"]  # after `first`
        finally:
            await rooms.redis.aclose()
            storage.close()

    asyncio.run(scenario())
