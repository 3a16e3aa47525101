"""The Daily Challenge over HTTP: looking is not playing, clocks start at the first pick,
help costs in the score and the ranking, and a streak counts only days solved on the
day of the player's own calendar."""

from __future__ import annotations

from typing import Any

from tests.support.clock import START, FakeClock
from tests.support.server import TestClient, act, table_dump
from tilematch.modes import daily

TODAY = "2026-11-29"  # the fake clock's date (UTC): 12:00
DAY = 24 * 3600


def start(client: TestClient, date: str, offset: int | None = None) -> dict[str, Any]:
    """Open a date's Daily as the page does (asserting a new game); its view."""
    body = {} if offset is None else {"utc_offset": offset}
    answer = client.post(f"/api/daily/{date}", json=body)
    assert answer.status_code == 201, answer.text
    game: dict[str, Any] = answer.json()
    return game


def solve_unaided(client: TestClient, clock: FakeClock, game: dict[str, Any], step: float = 2.0):
    """Play the date's board to the end by its dealt solution, without any help."""
    for move in daily.daily_deal(game["daily_date"]).solution:
        clock.advance(step)
        game = act(client, game["id"], type="match", a=move.a, b=move.b)["game"]
    assert game["status"] == "won"
    return game


def solve_by_smart_hints(client: TestClient, clock: FakeClock, game: dict[str, Any]):
    """The exploit of the issue: press Smart Hint, take its pair, until the board is clear."""
    while game["status"] == "playing":
        clock.advance(0.6)  # a person's pace: faster play is not ranked at all
        game = act(client, game["id"], type="smart_hint")["game"]
        a, b = game["hint"]
        game = act(client, game["id"], type="match", a=a, b=b)["game"]
    return game


def history(client: TestClient, today: str = TODAY) -> dict[str, Any]:
    answer = client.get("/api/daily", params={"today": today})
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    return data


def test_looking_at_a_daily_changes_nothing_and_its_clock_waits(client, clock, db_path):
    client.get("/api/me")  # the player exists before the looks
    before = table_dump(db_path)
    for _ in range(2):
        missing = client.get(f"/api/daily/{TODAY}")
        assert missing.status_code == 404
        assert missing.json()["error"]["code"] == "daily_not_started"
        assert client.get("/api/daily").status_code == 200
    assert table_dump(db_path) == before
    game = start(client, TODAY)
    assert game["clock"] == {"elapsed": 0.0, "remaining": None, "paused": False, "started": False}
    opened = table_dump(db_path)
    clock.advance(600)  # ten minutes studying the board
    looks = [client.get(f"/api/daily/{TODAY}") for _ in range(2)]
    assert [look.status_code for look in looks] == [200, 200]
    assert looks[0].json() == looks[1].json()
    assert looks[0].json()["id"] == game["id"]
    assert looks[0].json()["clock"]["elapsed"] == 0.0
    assert looks[0].json()["clock"]["started"] is False
    assert table_dump(db_path) == opened
    # the first pick starts the clock
    assert act(client, game["id"], type="start")["ok"]
    clock.advance(7)
    view = client.get(f"/api/daily/{TODAY}").json()
    assert view["clock"]["elapsed"] == 7.0 and view["clock"]["started"] is True
    again = act(client, game["id"], type="start")
    assert (again["ok"], again["reason"]) == (False, "started")


def test_every_mode_starts_its_clock_at_the_first_pick(client, clock):
    for body in (
        {"game": "shisensho", "mode": "arcade", "size": [4, 4], "seed": 1},
        {"game": "solitaire", "mode": "regular", "seed": 1},
    ):
        created = client.post("/api/games", json=body)
        assert created.status_code == 201
        game = created.json()
        clock.advance(500)  # longer than Arcade's 180 s countdown
        waited = client.get(f"/api/games/{game['id']}").json()
        assert waited["status"] == "playing" and waited["clock"] == game["clock"]
        a, b = waited["pairs"][0]
        played = act(client, game["id"], type="match", a=a, b=b)["game"]  # the first move
        clock.advance(3)
        view = client.get(f"/api/games/{game['id']}").json()
        assert view["clock"]["elapsed"] == 3.0, body
        assert played["counters"]["moves"] == 1


def test_smart_hints_until_solved_do_not_buy_first_place(make_client, clock):
    """Pressing Smart Hint 72 times solves the board faster, but scores nothing, ranks
    below the slower unaided solve, and extends no streak."""
    alice = make_client()
    alice.put("/api/me", json={"name": "Alice"})
    bob = make_client(alice.app)
    bob.put("/api/me", json={"name": "Bob"})
    hinted = solve_by_smart_hints(alice, clock, start(alice, TODAY))
    unaided = solve_unaided(bob, clock, start(bob, TODAY), step=5.0)
    assert hinted["summary"]["hints"] == 72 and hinted["score"] == 0
    assert unaided["summary"]["hints"] == 0 and unaided["score"] == daily.UNAIDED_SCORE
    assert hinted["summary"]["time"] < unaided["summary"]["time"]
    hint_lines = [line for line in hinted["ledger"] if line["kind"] == "help"]
    assert len(hint_lines) == 72 and {line["points"] for line in hint_lines} == {-100}
    board = alice.get(
        "/api/leaderboards", params={"game": "solitaire", "mode": "daily", "date": TODAY}
    ).json()
    assert [(r["rank"], r["name"], r["score"], r["hints"]) for r in board] == [
        (1, "Bob", daily.UNAIDED_SCORE, 0),
        (2, "Alice", 0, 72),
    ]
    mine = alice.get("/api/results").json()[0]
    assert (mine["score"], mine["hints"], mine["outcome"]) == (0, 72, "won")
    alice_days = history(alice)
    assert (alice_days["streak"], alice_days["best_streak"]) == (0, 0)
    assert alice_days["days"][0] | {"time": None} == {
        "date": TODAY,
        "solved": True,
        "on_day": False,
        "score": 0,
        "time": None,
        "hints": 72,
        "undos": 0,
        "shuffles": 0,
    }
    assert history(bob)["streak"] == 1 and history(bob)["days"][0]["on_day"] is True


def test_a_thirty_day_streak_cannot_be_built_in_one_sitting(client, clock):
    """Thirty past boards solved today are recorded as solved, and only today's counts;
    no UTC offset in range moves a solve more than a day."""
    dates = [daily.local_date(START - back * DAY, 0) for back in range(29, -1, -1)]
    assert dates[-1] == TODAY and len(dates) == 30
    for number, date in enumerate(dates):
        offset = (0, -720, 840)[(29 - number) % 3]  # both ends of the range; today at UTC
        solve_unaided(client, clock, start(client, date, offset), step=0.1)
    record = history(client)
    assert [d["date"] for d in record["days"]] == dates
    assert all(d["solved"] for d in record["days"])
    assert [d["date"] for d in record["days"] if d["on_day"]] == [TODAY]
    assert (record["streak"], record["best_streak"]) == (1, 1)


def test_a_streak_grows_by_solving_each_board_on_its_own_day(client, clock):
    """Day by day on the player's calendar (here UTC+13, where the next date starts at
    11:00 UTC), each board solved on its date extends the streak."""
    offset = 13 * 60
    for number in range(3):
        date = daily.local_date(clock.now, offset)
        solve_unaided(client, clock, start(client, date, offset), step=0.1)
        assert history(client, date)["streak"] == number + 1
        clock.advance(DAY)
    # a board started on its date and solved after local midnight is late: no streak
    date = daily.local_date(clock.now, offset)
    game = start(client, date, offset)
    clock.advance(DAY)
    solve_unaided(client, clock, game, step=0.1)
    later = history(client, daily.local_date(clock.now, offset))
    assert later["days"][-1]["date"] == date and later["days"][-1]["on_day"] is False
    assert later["best_streak"] == 3


def test_opening_a_date_is_not_playing_it(client, clock):
    game = start(client, TODAY)
    assert history(client)["days"] == []
    act(client, game["id"], type="start")  # a pick
    act(client, game["id"], type="hint")
    assert history(client)["days"] == []
    a, b = game["pairs"][0]
    act(client, game["id"], type="match", a=a, b=b)
    days = history(client)["days"]
    assert [(d["date"], d["solved"], d["on_day"]) for d in days] == [(TODAY, False, False)]


def test_the_offset_is_checked_and_kept_with_the_attempt(client, clock, db_path):
    client.get("/api/me")
    before = table_dump(db_path)
    for body, code in (
        ({"utc_offset": 841}, "bad_value"),
        ({"utc_offset": -721}, "bad_value"),
        ({"utc_offset": "60"}, "wrong_type"),
        ({"utc_offset": 1.5}, "wrong_type"),
        ({"offset": 60}, "unknown_field"),
    ):
        for path in (f"/api/daily/{TODAY}", f"/api/daily/{TODAY}/restart"):
            answer = client.post(path, json=body)
            assert answer.status_code == 422, (body, answer.text)
            assert answer.json()["error"]["code"] == code, answer.text
            assert "utc_offset" in answer.json()["error"]["message"] or code == "unknown_field"
    assert table_dump(db_path) == before
    game = start(client, TODAY, 840)
    # opened again from another zone: the same attempt, with the new offset
    again = client.post(f"/api/daily/{TODAY}", json={"utc_offset": -300})
    assert again.status_code == 200 and again.json()["id"] == game["id"]
    solve_unaided(client, clock, game, step=0.1)
    result = client.get("/api/results").json()[0]
    assert result["game_id"] == game["id"]
    # 12:00 UTC at UTC-5 is still the 29th: the solve counts
    assert history(client)["days"][0]["on_day"] is True
