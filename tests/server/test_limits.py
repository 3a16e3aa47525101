"""Token buckets against a brute-force check of what a bucket promises."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tilematch.server.errors import ApiError
from tilematch.server.limits import RateLimiter

events = st.lists(st.tuples(st.floats(0, 3, allow_nan=False), st.sampled_from("ab")), max_size=60)


@settings(max_examples=60, deadline=None)
@given(events=events, rate=st.sampled_from([0.5, 1.0, 4.0]), burst=st.integers(1, 5))
def test_bucket_never_allows_more_than_burst_plus_refill(events, rate, burst):
    now = [0.0]
    limiter = RateLimiter("t", rate, burst, clock=lambda: now[0])
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
