"""The shares of the limits in Redis: what a process keeps of what Redis granted (the
rest of a token share, idle in-flight slots) and the bounds that keeps."""

from __future__ import annotations

import pytest

from tilematch.server import shared
from tilematch.server.shared_limits import IDLE, TOKEN_SHARE, slots_kept, token_share


@pytest.fixture
def redis(redis_url):
    client = shared.connect(redis_url)
    yield client
    client.close()


def _calls(redis) -> int:
    """Scripts run by this Redis so far (every call of the limits but a slot given back)."""
    stats = redis.info("commandstats")
    return sum(stats.get(name, {}).get("calls", 0) for name in ("cmdstat_evalsha", "cmdstat_eval"))


def _me(client, token):
    return client.get("/api/me", headers={"Authorization": f"Bearer {token}"}).status_code


def test_share_sizes():
    assert [token_share(b) for b in (1, 6, 19, 20, 39, 60, 1000)] == [1, 1, 1, 2, 3, 5, 5]
    assert [slots_kept(n) for n in (1, 2, 3, 4, 8, 16)] == [0, 0, 0, 1, 2, 4]
    assert TOKEN_SHARE == 5


def test_requests_of_one_player_ask_redis_once_a_share(make_client, redis_url, redis):
    client = make_client(redis_url=redis_url, request_burst=60, max_in_flight=8)
    token = client.get("/api/me").json()["token"]
    before = _calls(redis)
    assert [_me(client, token) for _ in range(20)] == [200] * 20
    assert _calls(redis) - before == 20 // TOKEN_SHARE  # one script a share of 5 tokens


def test_two_processes_never_grant_more_than_the_bucket(make_client, redis_url, clock):
    """Every token a process spends was taken from the bucket in Redis first: over both
    processes no more than the burst is granted, and at most a share less than one per
    process stays unspent in the other."""
    one = make_client(redis_url=redis_url, requests_per_second=0.001, request_burst=60)
    two = make_client(redis_url=redis_url, requests_per_second=0.001, request_burst=60)
    token = one.get("/api/me").json()["token"]
    granted = 1
    for _ in range(40):
        granted += [_me(one, token), _me(two, token)].count(200)
    assert 60 - 2 * (TOKEN_SHARE - 1) <= granted <= 60
    assert [_me(one, token), _me(two, token)] == [429, 429]


def test_a_share_lasts_ten_seconds_on_the_clock(make_client, redis_url, redis, clock):
    client = make_client(redis_url=redis_url, request_burst=60)
    token = client.get("/api/me").json()["token"]  # takes a share of 5, spends 1
    clock.advance(11)
    before = _calls(redis)
    assert _me(client, token) == 200
    assert _calls(redis) - before == 1  # the 4 left were dropped: a new share was asked


def test_a_slot_kept_idle_counts_for_every_process_and_is_given_back(make_client, redis_url, clock):
    one = make_client(redis_url=redis_url, max_in_flight=4)  # keeps at most 1 idle
    two = make_client(redis_url=redis_url, max_in_flight=4)
    me = one.get("/api/me").json()
    slots = one.app.state.server.in_flight
    assert two.app.state.server.in_flight.count(me["id"]) == 1  # kept idle by one
    held = [two.app.state.server.in_flight.hold(me["id"]) for _ in range(4)]
    for hold in held[:3]:
        hold.__enter__()
    with pytest.raises(Exception, match="Too many requests at once"):
        held[3].__enter__()
    for hold in held[:3]:
        hold.__exit__(None, None, None)
    clock.advance(IDLE)
    assert slots.give_back(IDLE) == 1
    assert two.app.state.server.in_flight.count(me["id"]) == 0


def test_a_kept_slot_is_reused_until_half_its_lease(make_client, redis_url, redis, clock):
    client = make_client(redis_url=redis_url, max_in_flight=8)
    me = client.get("/api/me").json()
    name = f"tilematch:limits:in-flight:{me['id']}"
    first = redis.zrange(name, 0, -1)
    assert len(first) == 1
    assert _me(client, me["token"]) == 200
    assert redis.zrange(name, 0, -1) == first  # the same slot served the second request
    clock.advance(31)  # over half of its 60 s lease: a fresh slot, the old one given back
    assert _me(client, me["token"]) == 200
    client.app.state.server.in_flight.give_back(IDLE)
    now = redis.zrange(name, 0, -1)
    assert len(now) == 1 and now != first
