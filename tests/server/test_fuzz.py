"""Property: no sequence of requests, however wrong, gets a 5xx, and what is stored
always replays to exactly the game the player sees."""

from __future__ import annotations

import itertools

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support.clock import FakeClock
from tests.support.server import TestClient
from tilematch.server import Settings, create_app

KINDS = ["match", "undo", "hint", "shuffle", "pause", "resume", "give_up", "smart_hint"]

spots = st.one_of(
    st.integers(-3, 20),
    st.integers(),
    st.text(max_size=3),
    st.none(),
    st.booleans(),
    st.floats(allow_nan=False, allow_infinity=False),
)
intents = st.one_of(
    st.fixed_dictionaries({"type": st.just("match"), "a": spots, "b": spots}),
    st.fixed_dictionaries({"type": st.sampled_from(KINDS)}),
    st.dictionaries(st.text(max_size=5), st.integers() | st.text(max_size=5), max_size=3),
    st.lists(st.integers(), max_size=2),
    st.text(max_size=10),
)
#: (intent, seconds to wait before it, whether to drop the in-memory game first)
steps = st.lists(st.tuples(intents, st.floats(0, 5), st.booleans()), max_size=25)
legal = st.lists(st.integers(0, 3), max_size=10)

_counter = itertools.count()


@settings(
    max_examples=20,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(steps=steps, legal_choices=legal)
def test_random_requests_never_fail_the_server(database, tmp_path_factory, steps, legal_choices):
    clock = FakeClock()
    # each example a new SQLite file; on PostgreSQL the test's database (a new player each)
    path = database
    if not isinstance(database, str):
        path = tmp_path_factory.mktemp(f"fuzz{next(_counter)}") / "fuzz.sqlite3"
    app = create_app(
        Settings(
            db_path=path,
            clock=clock,
            web_dir=None,
            synchronous="OFF",
            requests_per_second=1e6,
            request_burst=10**6,
        )
    )
    server = app.state.server
    with TestClient(app) as client:
        game = client.post(
            "/api/games", json={"game": "shisensho", "mode": "classic", "size": [4, 4], "seed": 1}
        ).json()
        gid = game["id"]
        for choice in legal_choices:  # some real progress, so undo and the end get exercised
            pairs = client.get(f"/api/games/{gid}").json()["pairs"]
            if pairs:
                a, b = pairs[choice % len(pairs)]
                client.post(f"/api/games/{gid}/actions", json={"type": "match", "a": a, "b": b})
        for intent, wait, drop in steps:
            clock.advance(wait)
            if drop:
                server.games.forget(gid)
            answer = client.post(f"/api/games/{gid}/actions", json=intent)
            assert answer.status_code < 500, answer.text
            if answer.status_code != 200:
                assert set(answer.json()["error"]) == {"code", "message"}
        live = client.get(f"/api/games/{gid}").json()
        server.games.forget(gid)
        stored = client.get(f"/api/games/{gid}").json()
        for key in ("tiles", "counters", "score", "ledger", "status", "clock", "summary"):
            assert stored[key] == live[key], key
    server.storage.close()
