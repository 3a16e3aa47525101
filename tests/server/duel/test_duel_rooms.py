"""The room registry without a network: stand-in connections, a fake clock, and an
event loop per test. Covers settings, codes, seats, spectators, expiry, the computer
rival against a scripted player, and a property test of racing claims against a
reference that replays the claim frames on its own board."""

from __future__ import annotations

import asyncio
import itertools
import json
import random
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support.clock import FakeClock
from tilematch.engine.grid.board import GridBoard
from tilematch.modes.duel import RIVAL_PACE, DuelGame
from tilematch.server.db import Storage
from tilematch.server.duel import (
    CLOSE_EXPIRED,
    CLOSE_FULL,
    CODE_ALPHABET,
    CODE_LENGTH,
    Client,
    DuelConfig,
    DuelError,
    DuelRooms,
    Room,
)
from tilematch.server.players import Player, create_player

#: The fixed time the room tests start at.
ROOMS_START = 1_000_000.0


def make_rooms(database: Path | str, **config: Any) -> tuple[DuelRooms, FakeClock, Storage]:
    """Rooms on ``database`` (the test's: a SQLite path or a PostgreSQL URL; a folder
    gets a SQLite file in it)."""
    clock = FakeClock(ROOMS_START)
    if isinstance(database, Path) and database.is_dir():
        database = database / "rooms.sqlite3"
    storage = Storage(database, now=ROOMS_START)
    options: dict[str, Any] = {"countdown": 0.0, "recheck": 0.01}
    options.update(config)
    return DuelRooms(storage, clock, DuelConfig(**options)), clock, storage


def run(scenario: Callable[[], Awaitable[None]]) -> None:
    asyncio.run(scenario())


async def started(rooms: DuelRooms, room: Room) -> None:
    """Wait until the room's board is dealt (in a worker thread) and play has begun.

    Waits for the deal itself, not for a number of polls: on a busy machine the
    worker thread may take its time."""
    rooms.poke()
    if room.dealing is not None:
        await asyncio.wait_for(asyncio.shield(room.dealing), timeout=120)
    await asyncio.sleep(0)  # let the deal's own callback run
    rooms.poke()
    assert room.phase == "playing", f"the room did not start: {room.phase}"


async def ended(room: Room, client: Client) -> dict[str, Any]:
    """Wait for the results to be stored, then return the ``end`` frame sent after them."""
    if room.storing is not None:
        await asyncio.wait_for(asyncio.shield(room.storing), timeout=120)
    await asyncio.sleep(0)  # let the store's callback (the announcement) run
    found = frames_of(client, "end")
    assert found, "no end frame"
    return found[-1]


def player(storage: Storage, name: str) -> Player:
    made = create_player(storage, ROOMS_START)
    return Player(made.id, name)


def frames_of(client: Client, kind: str) -> list[dict[str, Any]]:
    return [json.loads(text) for text in client.frames if json.loads(text)["type"] == kind]


def send(rooms: DuelRooms, room: Room, client: Client, **frame: Any) -> None:
    rooms.receive(room, client, json.dumps(frame))


# --------------------------------------------------------------------------- settings


def test_room_codes_are_short_unambiguous_and_found_in_any_case(database: Path | str) -> None:
    async def scenario() -> None:
        rooms, _, storage = make_rooms(database)
        host = player(storage, "Host")
        codes = {rooms.create(host).code for _ in range(50)}
        assert len(codes) == 50
        for code in codes:
            assert len(code) == CODE_LENGTH and set(code) <= set(CODE_ALPHABET)
            assert not set(code) & set("01OIL")
            found = rooms.find(f"  {code.lower()} ")
            assert found is not None and found.code == code
        assert rooms.find("NOPE42") is None

    run(scenario)


@pytest.mark.parametrize(
    ("options", "code"),
    [
        ({"rival": "genius"}, "bad_rival"),
        ({"size": (3, 3)}, "bad_settings"),
        ({"size": (1, 4)}, "bad_settings"),
        ({"size": (10, 16)}, "bad_settings"),  # 160 tiles: over the duel limit
        ({"seed": -1}, "bad_settings"),
    ],
)
def test_bad_settings_are_refused(database: Path | str, options: dict[str, Any], code: str) -> None:
    async def scenario() -> None:
        rooms, _, storage = make_rooms(database)
        with pytest.raises(DuelError) as caught:
            rooms.create(player(storage, "Host"), **options)
        assert caught.value.status == 422 and caught.value.code == code
        assert rooms.rooms == {}

    run(scenario)


def test_too_many_rooms_is_a_503(database: Path | str) -> None:
    async def scenario() -> None:
        rooms, _, storage = make_rooms(database, max_rooms=3)
        host = player(storage, "Host")
        for _ in range(3):
            rooms.create(host)
        with pytest.raises(DuelError) as caught:
            rooms.create(host)
        assert caught.value.status == 503

    run(scenario)


# --------------------------------------------------------------------------- seats and time


def test_a_room_nobody_joins_expires(database: Path | str) -> None:
    async def scenario() -> None:
        rooms, clock, storage = make_rooms(database, waiting_ttl=60.0)
        host = player(storage, "Host")
        room = rooms.create(host)
        me = Client(host)
        rooms.join(room, me)
        clock.now += 59.0
        rooms.poke()
        assert rooms.find(room.code) is room
        clock.now += 1.0
        rooms.poke()
        assert rooms.find(room.code) is None
        assert frames_of(me, "expired")
        assert me.closing == (CLOSE_EXPIRED, "nobody joined this room in time")

    run(scenario)


def test_a_guest_who_leaves_before_the_start_frees_the_seat(database: Path | str) -> None:
    async def scenario() -> None:
        rooms, _, storage = make_rooms(database, countdown=100.0)
        host, guest, other = (player(storage, n) for n in ("Host", "Guest", "Other"))
        room = rooms.create(host)
        guest_client = Client(guest)
        assert rooms.join(room, guest_client) == 1
        # the host is not connected yet: nothing starts; the guest leaves
        assert room.phase == "waiting"
        rooms.leave(room, guest_client)
        assert room.seats[1] is None
        assert rooms.join(room, Client(other)) == 1
        seat = room.seats[1]
        assert seat is not None and seat.name == "Other"
        # a third person becomes a spectator, and cannot claim
        watcher = Client(player(storage, "Watcher"))
        assert rooms.join(room, watcher) is None
        send(rooms, room, watcher, type="claim", a=0, b=1)
        assert frames_of(watcher, "error")[-1]["code"] == "not_a_player"

    run(scenario)


def test_spectators_are_limited(database: Path | str) -> None:
    async def scenario() -> None:
        rooms, _, storage = make_rooms(database, max_spectators=2)
        room = rooms.create(player(storage, "Host"))
        watchers = [Client(None) for _ in range(3)]
        for watcher in watchers:
            rooms.join(room, watcher, watch=True)
        assert [w.closing for w in watchers[:2]] == [None, None]
        assert watchers[2].closing is not None and watchers[2].closing[0] == CLOSE_FULL
        assert len(room.spectators) == 2

    run(scenario)


def test_a_finished_room_closes_after_a_while(database: Path | str) -> None:
    async def scenario() -> None:
        rooms, clock, storage = make_rooms(database, finished_ttl=120.0)
        host, guest = player(storage, "Host"), player(storage, "Guest")
        room = rooms.create(host, size=(2, 2))
        a, b = Client(host), Client(guest)
        rooms.join(room, a)
        rooms.join(room, b)
        await started(rooms, room)
        assert room.game is not None
        while not room.game.finished:
            pair = next(iter(room.game.board.legal_pairs()))
            send(rooms, room, a, type="claim", a=pair.a, b=pair.b)
        assert room.phase == "over"
        await ended(room, a)
        clock.now += 119.0
        rooms.poke()
        assert rooms.find(room.code) is room
        clock.now += 2.0
        rooms.poke()
        assert rooms.find(room.code) is None

    run(scenario)


# --------------------------------------------------------------------------- the rival


@pytest.mark.parametrize("level", ["relaxed", "steady", "sharp"])
def test_the_computer_rival_finishes_a_game_against_a_scripted_player(
    database: Path | str, level: str
) -> None:
    async def scenario() -> None:
        rooms, clock, storage = make_rooms(database)
        human = player(storage, "Human")
        room = rooms.create(human, size=(4, 6), seed=21, rival=level)
        me = Client(human)
        rooms.join(room, me)
        await started(rooms, room)
        game = room.game
        assert game is not None
        dealt = game.board.occupied.bit_count()
        rival_times: list[float] = []
        step = 0
        while not game.finished:
            step += 1
            clock.now += 0.25
            rooms.poke()
            for frame in me.take():
                if frame["type"] == "claim" and frame["player"] == 1:
                    rival_times.append(clock.now)
            if step % 20 == 0 and not game.finished:  # the scripted player: a pair every 5 s
                pair = next(iter(game.board.legal_pairs()), None)
                if pair is not None:
                    send(rooms, room, me, type="claim", a=pair.a, b=pair.b)
            assert step < 10_000
        result = game.result()
        assert (await ended(room, me))["scores"] == result["scores"]
        assert result["reason"] == "cleared"
        assert sum(result["scores"]) == dealt
        assert game.players[1].bad_claims == 0
        # the rival keeps its pace: never two pairs closer than its level says
        gaps = [b - a for a, b in itertools.pairwise(rival_times)]
        assert all(gap >= RIVAL_PACE[level] - 1e-9 for gap in gaps)
        assert len(rival_times) == result["scores"][1] // 2
        stored = storage.rows("SELECT outcome, variant, score FROM results")
        assert [tuple(r.values()) for r in stored] == [
            (
                "won" if result["winner"] == 0 else "lost" if result["winner"] == 1 else "draw",
                f"rival-{level}",
                result["scores"][0],
            )
        ]

    run(scenario)


# --------------------------------------------------------------------------- racing claims


class Reference:
    """An independent copy of the board that replays the claim frames and checks
    each claimed pair was a legal match at that moment (slow and simple)."""

    def __init__(self, tiles: list[dict[str, Any]], size: tuple[int, int]) -> None:
        self.size = size
        self.board = GridBoard(size[0], size[1], {t["spot"]: t["code"] for t in tiles})

    def apply(self, frame: dict[str, Any]) -> None:
        if frame["type"] == "claim":
            move = self.board.match(frame["a"], frame["b"])
            assert move is not None, f"claimed pair {frame['a']}/{frame['b']} was not legal"
            self.board.push(move)
        elif frame["type"] == "reshuffle":
            tiles = {t["spot"]: t["code"] for t in frame["tiles"]}
            assert set(tiles) == set(self.board.spots()), "a reshuffle moved tiles"
            self.board = GridBoard(self.size[0], self.size[1], tiles)


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    seed=st.integers(0, 10_000),
    script=st.lists(
        st.tuples(st.sampled_from([0, 1]), st.floats(0.0, 0.6), st.integers(0, 99)),
        min_size=1,
        max_size=120,
    ),
)
def test_racing_claims_never_both_win_and_always_add_up(
    tmp_path: Path, seed: int, script: list[tuple[int, float, int]]
) -> None:
    async def scenario() -> None:
        rooms, clock, storage = make_rooms(tmp_path / str(random.random()))
        host, guest = player(storage, "Host"), player(storage, "Guest")
        room = rooms.create(host, size=(4, 6), seed=seed)
        clients = [Client(host), Client(guest)]
        for client in clients:
            rooms.join(room, client)
        await started(rooms, room)
        game = room.game
        assert game is not None
        dealt = game.board.occupied.bit_count()
        state = frames_of(clients[0], "state")[-1]
        assert "pairs" not in state  # finding a pair is the race: the server never lists them
        reference = Reference(state["tiles"], (4, 6))
        rng = random.Random(seed)
        for who, wait, pick in script:
            clock.now += wait
            pairs = sorted((m.a, m.b) for m in game.board.legal_pairs())
            spots = list(game.board.spots()) or [0]
            if pairs and pick < 70:
                a, b = pairs[pick % len(pairs)]  # a legal pair, often the other's too
            else:
                a, b = rng.choice(spots), rng.choice(spots)  # anything at all
            send(rooms, room, clients[who], type="claim", a=a, b=b)
            if pick % 3 == 0:  # the other player claims the same pair right after
                send(rooms, room, clients[1 - who], type="claim", a=b, b=a)
        # both connections received the same claim frames, in order
        seen = [
            [
                json.loads(t)
                for t in c.frames
                if json.loads(t)["type"] in ("claim", "reshuffle", "end", "lockout")
            ]
            for c in clients
        ]
        assert seen[0] == seen[1]
        claimed: set[int] = set()
        for frame in seen[0]:
            reference.apply(frame)
            if frame["type"] == "claim":
                assert not {frame["a"], frame["b"]} & claimed, "a tile was claimed twice"
                claimed |= {frame["a"], frame["b"]}
        assert set(reference.board.spots()) == set(game.board.spots())
        assert all(reference.board.face(s) == game.board.face(s) for s in game.board.spots())
        assert sum(game.scores) + game.board.occupied.bit_count() == dealt
        for index in (0, 1):
            assert game.scores[index] == 2 * sum(
                1 for f in seen[0] if f["type"] == "claim" and f["player"] == index
            )

    run(scenario)


def test_the_in_process_benchmark_plays_whole_boards() -> None:
    from tilematch.benchmarks.duel import SIZE, decide

    samples = decide(1)
    assert len(samples) >= SIZE[0] * SIZE[1] // 2  # every pair of the board, reshuffles aside
    assert all(sample >= 0 for sample in samples)


def first_pair_deadlock_seed() -> int:
    """A seed whose 4x6 board, always taking the first legal pair, runs into a
    deadlock (found with the rules themselves, so a new generator cannot quietly
    turn the test below into one without a reshuffle)."""
    for seed in range(21, 400):
        game = DuelGame(seed, 0.0, size=(4, 6))
        while not game.finished and not game.reshuffles:
            move = next(iter(game.board.legal_pairs()))
            game.claim(0, move.a, move.b, 1.0)
        if game.reshuffles:
            return seed
    raise AssertionError("no 4x6 seed runs into a deadlock")


def test_a_deadlock_is_reshuffled_for_both_players(database: Path | str) -> None:
    seed = first_pair_deadlock_seed()

    async def scenario() -> None:
        rooms, clock, storage = make_rooms(database)
        host, guest = player(storage, "Host"), player(storage, "Guest")
        room = rooms.create(host, size=(4, 6), seed=seed)
        clients = [Client(host), Client(guest)]
        for client in clients:
            rooms.join(room, client)
        await started(rooms, room)
        game = room.game
        assert game is not None
        stale_checked = False
        while not game.finished:
            clock.now += 0.5
            faces = {s: game.board.face(s) for s in game.board.spots()}
            move = next(iter(game.board.legal_pairs()))
            send(rooms, room, clients[0], type="claim", a=move.a, b=move.b, version=room.version)
            if game.reshuffles and not stale_checked:
                # the guest saw the claim (version - 1) but not the reshuffle after it:
                # a pair it finds on that board, claimed now, is stale (no win, no penalty)
                stale_checked = True
                claimed = frames_of(clients[1], "claim")[-1]
                assert claimed["version"] == room.version - 1
                changed = [s for s in game.board.spots() if game.board.face(s) != faces[s]]
                pair = next(m for m in game.board.legal_pairs() if m.a in changed or m.b in changed)
                left = game.board.occupied
                send(
                    rooms,
                    room,
                    clients[1],
                    type="claim",
                    a=pair.a,
                    b=pair.b,
                    version=claimed["version"],
                )
                refused = frames_of(clients[1], "refused")[-1]
                assert refused["reason"] == "stale" and refused["locked"] == 0
                assert game.board.occupied == left and game.locked(1, clock.now) == 0
        assert game.reshuffles >= 1 and stale_checked
        await ended(room, clients[0])
        shuffles = [frames_of(client, "reshuffle") for client in clients]
        assert shuffles[0] == shuffles[1] and len(shuffles[0]) == game.reshuffles
        # the reshuffle kept the tiles' places and came with no penalty
        assert game.players[0].bad_claims == 0 and game.players[1].bad_claims == 0
        assert frames_of(clients[0], "lockout") == []
        assert frames_of(clients[0], "end")[-1]["scores"] == [24, 0]

    run(scenario)


def gravity_case() -> tuple[int, int]:
    """A seed and the index of a first pair on its 4x6 gravity board after which
    another legal pair touches a tile that fell, and a third touches none."""
    for seed in range(1, 200):
        probe = DuelGame(seed, 0.0, size=(4, 6), gravity=True)
        for index, first in enumerate(list(probe.board.legal_pairs())):
            game = DuelGame(seed, 0.0, size=(4, 6), gravity=True)
            before = {s: game.board.face(s) for s in game.board.spots()}
            assert game.claim(0, first.a, first.b, 1.0).ok
            moved = {s for s in game.board.spots() if game.board.face(s) != before.get(s)}
            pairs = list(game.board.legal_pairs())
            if any({m.a, m.b} & moved for m in pairs) and any(
                not {m.a, m.b} & moved for m in pairs
            ):
                return seed, index
    raise AssertionError("no 4x6 gravity seed has both kinds of pair")


def test_a_claim_on_a_board_that_changed_under_it_is_stale(database: Path | str) -> None:
    """Gravity: after one pair goes, the tiles above fall. A claim made on the board
    from before (version 0) that touches a tile that fell is refused as stale, with
    no penalty; a claim on version 0 whose tiles did not move counts, and on the
    current version the rules alone judge the pair."""
    seed, index = gravity_case()

    async def scenario() -> None:
        rooms, _clock, storage = make_rooms(database)
        host, guest = player(storage, "Host"), player(storage, "Guest")
        room = rooms.create(host, size=(4, 6), seed=seed, gravity=True)
        clients = [Client(host), Client(guest)]
        for client in clients:
            rooms.join(room, client)
        await started(rooms, room)
        game = room.game
        assert game is not None and room.version == 0
        before = {s: game.board.face(s) for s in game.board.spots()}
        first = list(game.board.legal_pairs())[index]
        send(rooms, room, clients[0], type="claim", a=first.a, b=first.b, version=0)
        assert room.version == 1 and game.scores == [2, 0]
        moved = {s for s in game.board.spots() if game.board.face(s) != before.get(s)}
        pairs = list(game.board.legal_pairs())
        stale = next(m for m in pairs if {m.a, m.b} & moved)
        send(rooms, room, clients[1], type="claim", a=stale.a, b=stale.b, version=0)
        refused = frames_of(clients[1], "refused")[-1]
        assert (refused["reason"], refused["locked"]) == ("stale", 0)
        assert game.scores == [2, 0] and game.players[1].bad_claims == 0
        still = next(m for m in pairs if not {m.a, m.b} & moved)
        send(rooms, room, clients[0], type="claim", a=still.a, b=still.b, version=0)
        assert game.scores == [4, 0]
        # on the version it was made on, a claim is judged by the rules alone
        seen = len(frames_of(clients[1], "refused"))
        send(rooms, room, clients[1], type="claim", a=stale.a, b=stale.b, version=room.version)
        assert all(f["reason"] != "stale" for f in frames_of(clients[1], "refused")[seen:])
        send(rooms, room, clients[0], type="claim", a=0, b=1, version="new")
        assert frames_of(clients[0], "error")[-1]["code"] == "bad_claim"

    run(scenario)


def test_a_gravity_claim_says_where_tiles_fell(database: Path | str) -> None:
    """A claim frame on a gravity board carries ``fell``: ``[start, target]`` of
    every tile that moved, so that screens slide those tiles down. Each tile said
    to fall is, in the frame's tiles, at its target with the face it had at its
    start; without gravity the frame has no ``fell``."""
    seed, index = gravity_case()

    async def scenario() -> None:
        rooms, _clock, storage = make_rooms(database)
        host, guest = player(storage, "Host"), player(storage, "Guest")
        room = rooms.create(host, size=(4, 6), seed=seed, gravity=True)
        clients = [Client(host), Client(guest)]
        for client in clients:
            rooms.join(room, client)
        await started(rooms, room)
        game = room.game
        assert game is not None
        before = {s: game.board.face(s) for s in game.board.spots()}
        first = list(game.board.legal_pairs())[index]
        send(rooms, room, clients[0], type="claim", a=first.a, b=first.b, version=0)
        frame = frames_of(clients[1], "claim")[-1]
        assert frame["fell"], "the seed's first pair lets tiles fall"
        assert game.last_match is not None and frame["fell"] == game.last_match["fell"]
        faces = {t["spot"]: t["code"] for t in frame["tiles"]}
        for start, target in frame["fell"]:
            assert start != target and faces[target] == before[start]
        moved = {target for _, target in frame["fell"]}
        # every tile whose face changed is one that fell (one may fall onto its twin)
        assert {s for s in faces if faces[s] != before.get(s)} <= moved

        plain = rooms.create(host, size=(4, 6), seed=seed, gravity=False)
        others = [Client(host), Client(guest)]
        for client in others:
            rooms.join(plain, client)
        await started(rooms, plain)
        assert plain.game is not None
        pair = next(iter(plain.game.board.legal_pairs()))
        send(rooms, plain, others[0], type="claim", a=pair.a, b=pair.b, version=0)
        assert "fell" not in frames_of(others[1], "claim")[-1]

    run(scenario)
