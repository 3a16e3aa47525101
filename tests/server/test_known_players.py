"""Players kept by token between requests: what is kept, for how long, and how a change
made by one process reaches the others (over Redis) before their next answer."""

from __future__ import annotations

import threading
import time

import pytest

from tests.support.clock import FakeClock
from tilematch.server import shared
from tilematch.server.known_players import KnownPlayers
from tilematch.server.players import Player

ANN = Player("p1", "Ann")
BOB = Player("p2", "Bob")


class Lookups:
    """A stand-in for the database: answers from ``rows`` and counts the reads."""

    def __init__(self, **rows: Player) -> None:
        self.rows = dict(rows)
        self.reads = 0

    def __call__(self, key: str):
        def read() -> Player | None:
            self.reads += 1
            return self.rows.get(key)

        return read


def test_a_found_player_is_read_once_until_it_changes() -> None:
    known, db = KnownPlayers(), Lookups(a=ANN, b=BOB)
    assert [known.find("a", db("a")) for _ in range(5)] == [ANN] * 5
    assert known.find("b", db("b")) == BOB
    assert db.reads == 2
    db.rows["a"] = Player("p1", "Annie")
    known.forget("p1")  # a rename, committed: the next request reads it
    assert known.find("a", db("a")) == Player("p1", "Annie")
    assert known.find("b", db("b")) == BOB  # another player stays kept
    assert db.reads == 3


def test_every_token_of_a_player_is_forgotten_together() -> None:
    known, db = KnownPlayers(), Lookups(phone=ANN, laptop=ANN, other=BOB)
    for key in ("phone", "laptop", "other"):
        known.find(key, db(key))
    del db.rows["phone"], db.rows["laptop"]  # the player deleted
    known.forget("p1")
    assert known.find("phone", db("phone")) is None
    assert known.find("laptop", db("laptop")) is None
    assert known.find("other", db("other")) == BOB
    assert db.reads == 5


def test_an_unknown_token_is_asked_each_time() -> None:
    known, db = KnownPlayers(), Lookups()
    assert [known.find("new", db("new")) for _ in range(3)] == [None] * 3
    db.rows["new"] = ANN  # a device linked meanwhile: known at once
    assert known.find("new", db("new")) == ANN and db.reads == 4


def test_a_player_is_kept_for_a_bounded_time() -> None:
    clock = FakeClock(100.0)
    known, db = KnownPlayers(clock=clock, keep_seconds=10.0), Lookups(a=ANN)
    known.find("a", db("a"))
    clock.advance(9.9)
    known.find("a", db("a"))
    assert db.reads == 1
    clock.advance(0.2)
    known.find("a", db("a"))
    assert db.reads == 2


def test_a_read_that_overlaps_a_change_is_not_kept() -> None:
    """The read began before the rename was committed and returns the old name: it is
    answered, but not kept, so the next request reads the new name."""
    known = KnownPlayers()
    names = iter(["Ann", "Annie"])

    def read() -> Player:
        name = next(names)
        if name == "Ann":
            known.forget("p1")  # the rename lands while this read is under way
        return Player("p1", name)

    assert known.find("a", read) == Player("p1", "Ann")
    assert known.find("a", read) == Player("p1", "Annie")


def test_the_most_kept_is_bounded() -> None:
    known = KnownPlayers(keep_most=100)
    for n in range(1000):
        known.find(f"k{n}", lambda n=n: Player(f"p{n}", None))
    db = Lookups(k999=Player("p999", None), k0=Player("p0", None))
    known.find("k999", db("k999"))
    known.find("k0", db("k0"))
    assert db.reads == 1  # the newest is still kept, the oldest was dropped


def _wait(condition, seconds: float = 5.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "not reached in time"
        time.sleep(0.01)


@pytest.fixture
def redis(redis_url):
    client = shared.connect(redis_url)
    yield client
    client.close()


def test_a_change_in_one_process_reaches_the_others_over_redis(redis) -> None:
    one, two = KnownPlayers(redis), KnownPlayers(redis)
    try:
        _wait(lambda: one.live and two.live)
        db = Lookups(a=ANN)
        one.find("a", db("a"))
        two.find("a", db("a"))
        assert db.reads == 2
        db.rows["a"] = Player("p1", "Annie")
        one.forget("p1")
        _wait(lambda: two.find("a", db("a")).name == "Annie")
    finally:
        one.close()
        two.close()


def test_without_a_subscription_nothing_is_kept(redis, redis_server) -> None:
    """Until Redis confirms the subscription, and from the moment it fails, every
    request reads the database: a change announced meanwhile cannot be missed."""
    known = KnownPlayers(redis)
    try:
        _wait(lambda: known.live)
        db = Lookups(a=ANN)
        known.find("a", db("a"))
        known.find("a", db("a"))
        assert db.reads == 1
        redis.client_kill_filter(_type="pubsub")  # the subscription's connection drops
        _wait(lambda: known.find("a", db("a")) is not None and db.reads >= 2)
        _wait(lambda: known.live)  # subscribed again by itself, with nothing kept
        reads = db.reads
        known.find("a", db("a"))
        known.find("a", db("a"))
        assert db.reads == reads + 1
    finally:
        known.close()


def test_many_requests_and_changes_at_once_end_with_the_last_name(redis) -> None:
    one, two = KnownPlayers(redis), KnownPlayers(redis)
    try:
        _wait(lambda: one.live and two.live)
        db = Lookups(a=ANN)
        stop = threading.Event()

        def read_all_the_time() -> None:
            while not stop.is_set():
                two.find("a", db("a"))

        reader = threading.Thread(target=read_all_the_time)
        reader.start()
        for n in range(200):
            db.rows["a"] = Player("p1", f"name {n}")
            one.forget("p1")
        stop.set()
        reader.join()
        _wait(lambda: two.find("a", db("a")).name == "name 199")
    finally:
        one.close()
        two.close()


def _me(client, token):
    return client.get("/api/me", headers={"Authorization": f"Bearer {token}"})


def test_two_processes_answer_a_rename_a_language_and_a_delete_at_once(make_client, redis_url):
    one = make_client(redis_url=redis_url)
    two = make_client(redis_url=redis_url)
    for client in (one, two):
        _wait(lambda client=client: client.app.state.server.known.live)
    token = one.get("/api/me").json()["token"]
    auth = {"Authorization": f"Bearer {token}"}
    assert _me(two, token).json()["name"] is None  # now kept by both
    assert _me(one, token).json()["name"] is None
    assert one.put("/api/me", json={"name": "Ann"}, headers=auth).status_code == 200
    _wait(lambda: _me(two, token).json()["name"] == "Ann")
    assert two.patch("/api/me", json={"locale": "ja"}, headers=auth).status_code == 200
    _wait(lambda: _me(one, token).json()["locale"] == "ja")
    gone = one.request("DELETE", "/api/me", json={"confirm": "Ann"}, headers=auth)
    assert gone.status_code == 200, gone.text
    _wait(lambda: _me(two, token).status_code == 401)
