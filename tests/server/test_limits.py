"""Token buckets against a brute-force check of what a bucket promises, in memory and in
Redis; the limits shared by two apps on one Redis."""

from __future__ import annotations

import itertools
import signal
import time
from contextlib import ExitStack

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tilematch.server import shared
from tilematch.server.errors import ApiError
from tilematch.server.limits import RateLimiter
from tilematch.server.shared_limits import LEASE, PAUSE, SWEEP, TOKEN_SHARE, SharedLimits

events = st.lists(st.tuples(st.floats(0, 3, allow_nan=False), st.sampled_from("ab")), max_size=60)
_names = itertools.count()


@pytest.fixture(params=["memory", "redis"])
def make_limiter(request):
    """Token buckets in memory, or in the session's Redis (a new family each time)."""
    if request.param == "memory":
        yield lambda rate, burst, clock: RateLimiter("t", rate, burst, clock=clock)
        return
    client = shared.connect(request.getfixturevalue("redis_server").url)

    def make(rate, burst, clock):
        return SharedLimits(client, clock).rate(f"property-{next(_names)}", rate, burst)

    yield make
    client.close()


# each example makes a new family of buckets, so the fixture may serve them all
@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(events=events, rate=st.sampled_from([0.5, 1.0, 4.0]), burst=st.integers(1, 5))
def test_bucket_never_allows_more_than_burst_plus_refill(make_limiter, events, rate, burst):
    now = [0.0]
    limiter = make_limiter(rate, burst, lambda: now[0])
    allowed: dict[str, list[float]] = {"a": [], "b": []}
    refused: dict[str, list[float]] = {"a": [], "b": []}
    for gap, key in events:
        now[0] += gap
        (allowed if limiter.take(key) == 0.0 else refused)[key].append(now[0])
    for key in "ab":
        times = allowed[key]
        # every window [times[i], times[j]] holds at most burst + rate * length grants
        for i in range(len(times)):
            for j in range(i, len(times)):
                assert j - i + 1 <= burst + rate * (times[j] - times[i]) + 1e-9
        # a refusal only happens when the bucket had really run dry: the grants in the
        # window before it already used the burst and the refill
        for t in refused[key]:
            earlier = [g for g in times if g <= t]
            assert any(
                len(earlier) - k > burst + rate * (t - earlier[k]) - 1 - 1e-9
                for k in range(len(earlier))
            ), (t, earlier)


def test_wait_time_and_error():
    now = [100.0]
    limiter = RateLimiter("t", 0.5, 2, clock=lambda: now[0])
    assert limiter.take("k") == 0.0 and limiter.take("k") == 0.0
    assert limiter.take("k") == pytest.approx(2.0)
    with pytest.raises(ApiError) as caught:
        limiter.check("k", "tries")
    assert caught.value.status == 429 and caught.value.headers == {"Retry-After": "2"}
    now[0] += 2.0
    limiter.check("k", "tries")


def test_memory_stays_bounded():
    now = [0.0]
    limiter = RateLimiter("t", 1.0, 1, clock=lambda: now[0], max_keys=100)
    for n in range(1000):
        now[0] += 0.001
        limiter.take(f"key{n}")
    assert len(limiter._buckets) <= 101


def _statuses(clients, path, token=None, count=1):
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return [
        client.get(path, headers=headers).status_code for _ in range(count) for client in clients
    ]


def _pair(make_client, redis_url, **changes):
    """Two apps on one database and one Redis, as two server processes would be."""
    return make_client(redis_url=redis_url, **changes), make_client(redis_url=redis_url, **changes)


def test_two_apps_share_the_request_rate_limit(make_client, redis_url, clock):
    one, two = _pair(make_client, redis_url, requests_per_second=1.0, request_burst=6)
    token = one.get("/api/me").json()["token"]  # takes the first token
    assert _statuses([two, one], "/api/me", token, count=2) == [200] * 4
    assert _statuses([two], "/api/me", token) == [200]  # the sixth of the burst
    refused = one.get("/api/me", headers={"Authorization": f"Bearer {token}"})
    assert refused.status_code == 429 and refused.headers["Retry-After"] == "1"
    assert _statuses([two], "/api/me", token) == [429]
    clock.advance(1.0)  # one token back, for whichever process asks first
    assert _statuses([two, one], "/api/me", token) == [200, 429]


def test_two_apps_share_the_game_creation_limit(make_client, redis_url):
    one, two = _pair(make_client, redis_url, create_per_minute=0.01, create_burst=3)
    token = one.get("/api/me").json()["token"]
    body = {"game": "shisensho", "mode": "classic", "size": [4, 4], "seed": 1}
    headers = {"Authorization": f"Bearer {token}"}
    codes = [c.post("/api/games", json=body, headers=headers).status_code for c in (one, two) * 2]
    assert codes == [201, 201, 201, 429]
    assert two.post("/api/daily/2026-11-25", headers=headers).status_code == 429


def test_two_apps_share_the_new_player_limit(make_client, redis_url):
    one, two = _pair(make_client, redis_url, players_per_minute=0.01, players_burst=3)
    codes = []
    for client in (one, two, one, two):
        client.cookies.clear()
        codes.append(client.get("/api/me").status_code)
    assert codes == [200, 200, 200, 429]


def test_two_apps_share_the_in_flight_slots_and_a_dead_holders_lapse(make_client, redis_url, clock):
    one, two = _pair(make_client, redis_url, max_in_flight=2)
    me = one.get("/api/me").json()
    headers = {"Authorization": f"Bearer {me['token']}"}
    slots = one.app.state.server.in_flight
    with ExitStack() as held:
        held.enter_context(slots.hold(me["id"]))
        assert two.get("/api/me", headers=headers).status_code == 200  # the second slot
        held.enter_context(slots.hold(me["id"]))
        busy = two.get("/api/me", headers=headers)
        assert busy.status_code == 429 and busy.json()["error"]["code"] == "rate_limited"
        assert two.app.state.server.in_flight.count(me["id"]) == 2
    assert two.get("/api/me", headers=headers).status_code == 200  # answered: freed
    # slots taken by a process that then died (never given back) lapse with their lease
    orphans = [slots.hold(me["id"]) for _ in range(2)]  # kept, so never closed
    for orphan in orphans:
        orphan.__enter__()
    assert two.get("/api/me", headers=headers).status_code == 429
    clock.advance(LEASE + 1)
    assert two.get("/api/me", headers=headers).status_code == 200
    assert len(orphans) == 2


def test_redis_gone_answers_503_and_the_server_recovers(make_client, redis_url, redis_server):
    one = make_client(redis_url=redis_url)
    token = one.get("/api/me").json()["token"]
    headers = {"Authorization": f"Bearer {token}"}
    redis_server.stop()
    # what Redis granted before (the rest of a token share, a kept slot) is spent
    # first; the first request that needs Redis answers 503, and so does every next one
    began = time.monotonic()
    granted = 0
    while (gone := one.get("/api/me", headers=headers)).status_code == 200:
        granted += 1
        assert granted < TOKEN_SHARE and time.monotonic() - began < SWEEP + 1
    assert gone.status_code == 503 and gone.headers["Retry-After"] == "2"
    assert gone.json()["error"]["code"] == "shared_unavailable"
    assert _statuses([one], "/api/me", token, count=3) == [503] * 3
    one.cookies.clear()
    assert one.get("/api/me").status_code == 503  # no player is created uncounted
    redis_server.start()
    deadline = time.monotonic() + PAUSE + 5
    while (answer := one.get("/api/me", headers=headers)).status_code == 503:
        assert time.monotonic() < deadline, "the server did not recover"
        time.sleep(0.05)
    assert answer.status_code == 200


def test_a_share_is_not_spent_once_the_sweep_finds_redis_gone(make_client, redis_url, redis_server):
    one = make_client(redis_url=redis_url)
    token = one.get("/api/me").json()["token"]  # leaves a token share and a kept slot
    redis_server.stop()
    time.sleep(SWEEP * 3)  # the sweep asks Redis while the process keeps anything
    assert _statuses([one], "/api/me", token) == [503]
    redis_server.start()


def test_a_redis_that_does_not_answer_holds_one_request_not_each(
    make_client, redis_url, redis_server
):
    # limits this small are counted in Redis request by request (no shares)
    one = make_client(redis_url=redis_url, request_burst=6, max_in_flight=2)
    token = one.get("/api/me").json()["token"]
    headers = {"Authorization": f"Bearer {token}"}
    redis_server.process.send_signal(signal.SIGSTOP)  # up, but answering nothing
    try:
        began = time.monotonic()
        assert one.get("/api/me", headers=headers).status_code == 503
        waited = time.monotonic() - began
        assert waited >= shared.TIMEOUT * 0.9  # this one waited for Redis's time-out
        began = time.monotonic()
        answers = [one.get("/api/me", headers=headers).status_code for _ in range(5)]
        assert answers == [503] * 5 and time.monotonic() - began < waited / 2
    finally:
        redis_server.process.send_signal(signal.SIGCONT)
    time.sleep(PAUSE)
    assert one.get("/api/me", headers=headers).status_code == 200


def test_an_unreachable_redis_is_refused_at_start(make_settings):
    from tilematch.benchmarks.services import free_port
    from tilematch.server import create_app
    from tilematch.server.shared import SharedError

    url = f"redis://127.0.0.1:{free_port()}/0"
    with pytest.raises(
        SharedError, match=f"cannot reach Redis at 127.0.0.1:{url.split(':')[2][:-2]}"
    ):
        create_app(make_settings(redis_url=url))
