"""The statistics of a scripted set of games, finished through the API, against figures
computed here from what the games showed when they ended (a brute-force reference);
and the charts: labelled, their axes and marks matching their tables. On SQLite and
PostgreSQL."""

from __future__ import annotations

import datetime as dt
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from tests.support.clock import FakeClock
from tests.support.server import TestClient, act, new_game, play_out, start_clock
from tilematch.modes import daily

DAY = 24 * 3600
SVG = "{http://www.w3.org/2000/svg}"


def _ended(client: TestClient, game: dict[str, Any], log: list[dict[str, Any]]) -> None:
    """Note what a finished game showed: its figures as the player saw them."""
    assert game["status"] in ("won", "lost", "given_up"), game["status"]
    log.append(
        {
            "id": game["id"],
            "game": game["game"],
            "mode": game["mode"],
            "outcome": game["status"],
            "score": game["score"],
            "time": float(game["clock"]["elapsed"]),
            "hints": int(game["counters"].get("hints", 0)),
            "undos": int(game["counters"].get("undos", 0)),
        }
    )


def _script(client: TestClient, clock: FakeClock) -> list[dict[str, Any]]:
    """Eight games over five weeks: wins at known paces, one given up after a hint and an
    undo, an arcade run out on the clock, a Tower level, a Daily; and one left open."""
    log: list[dict[str, Any]] = []
    for seed, step in ((3, 1.5), (4, 3.0), (6, 2.0)):
        game = new_game(client, game="shisensho", mode="classic", size=[4, 6], seed=seed)
        _ended(client, play_out(client, game, clock, step=step, smart=True), log)
        clock.advance(2 * DAY)
    game = start_clock(
        client, new_game(client, game="shisensho", mode="classic", size=[4, 6], seed=5)
    )
    clock.advance(7)
    pair = game["pairs"][0]
    act(client, game["id"], type="match", a=pair[0], b=pair[1])
    clock.advance(3)
    act(client, game["id"], type="hint")
    clock.advance(4)
    act(client, game["id"], type="undo")
    clock.advance(5)
    _ended(client, act(client, game["id"], type="give_up")["game"], log)
    clock.advance(9 * DAY)
    game = new_game(client, game="shisensho", mode="classic", size=[4, 4], seed=8, gravity=True)
    _ended(client, play_out(client, game, clock, step=2.5, smart=True), log)
    game = new_game(client, game="shisensho", mode="arcade", size=[4, 4], seed=2)
    for _ in range(3):
        clock.advance(1)
        pair = game["pairs"][0]
        game = act(client, game["id"], type="match", a=pair[0], b=pair[1])["game"]
    clock.advance(400)
    _ended(client, client.get(f"/api/games/{game['id']}").json(), log)
    clock.advance(8 * DAY)
    game = new_game(client, game="blackwhite", mode="tower", level=1)
    _ended(client, play_out(client, game, clock, step=0.7), log)
    today = daily.local_date(clock.now, 0)
    game = client.post(f"/api/daily/{today}", json={}).json()
    for move in daily.daily_deal(today).solution:
        clock.advance(1.5)
        game = act(client, game["id"], type="match", a=move.a, b=move.b)["game"]
    _ended(client, game, log)
    new_game(client, game="solitaire", mode="regular", layout="turtle", seed=1)  # left open
    return log


def _filed(client: TestClient, log: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The log with where each result is filed and when it ended, from the stored results
    (the results must agree with what the games showed)."""
    stored = {row["game_id"]: row for row in client.get("/api/results").json()}
    assert set(stored) == {entry["id"] for entry in log}
    out = []
    for entry in log:
        row = stored[entry["id"]]
        assert row["verified"] is True
        for key in ("outcome", "score", "hints", "undos"):
            assert row[key] == entry[key], (key, row, entry)
        assert row["time"] == pytest.approx(entry["time"])
        out.append(
            {**entry, "board": row["board"], "variant": row["variant"], "finished": row["finished"]}
        )
    return out


def _median(values: list[float]) -> float:
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def _reference_boards(log: list[dict[str, Any]]) -> list[dict[str, Any]]:
    keys = sorted({(e["game"], e["mode"], e["board"], e["variant"]) for e in log})
    lines = []
    for key in keys:
        mine = [e for e in log if (e["game"], e["mode"], e["board"], e["variant"]) == key]
        wins = [e["time"] for e in mine if e["outcome"] == "won"]
        scores = [e["score"] for e in mine if e["score"] is not None]
        lines.append(
            {
                "game": key[0],
                "mode": key[1],
                "board": key[2],
                "variant": key[3],
                "played": len(mine),
                "won": len(wins),
                "win_rate": len(wins) / len(mine),
                "best_time": min(wins) if wins else None,
                "median_time": _median(wins) if wins else None,
                "best_score": max(scores) if scores else None,
                "hints_per_game": sum(e["hints"] for e in mine) / len(mine),
                "undos_per_game": sum(e["undos"] for e in mine) / len(mine),
            }
        )
    return lines


def _reference_weeks(log: list[dict[str, Any]], now: float) -> list[dict[str, Any]]:
    def monday(at: float) -> dt.date:
        day = dt.datetime.fromtimestamp(at, dt.UTC).date()
        while day.weekday():
            day -= dt.timedelta(days=1)
        return day

    week, last, out = min(monday(e["finished"]) for e in log), monday(now), []
    while week <= last:
        mine = [e for e in log if monday(e["finished"]) == week]
        won = sum(1 for e in mine if e["outcome"] == "won")
        out.append({"week": week.isoformat(), "played": len(mine), "won": won})
        week += dt.timedelta(days=7)
    return out


def test_the_figures_of_a_scripted_set_of_games(client, clock):
    log = _filed(client, _script(client, clock))
    data = client.get("/api/statistics").json()
    boards = [{k: v for k, v in line.items() if k != "label"} for line in data["boards"]]
    assert boards == _reference_boards(log)
    won = sum(1 for e in log if e["outcome"] == "won")
    assert data["totals"] == {
        "played": len(log),
        "won": won,
        "win_rate": pytest.approx(won / len(log)),
        "open": 1,
        "unverified": 0,
    }
    assert data["weeks"] == _reference_weeks(log, clock.now)
    ordered = sorted(log, key=lambda e: e["finished"])
    times = [e["time"] for e in ordered]
    assert [p["time"] for p in data["history"]] == pytest.approx(times)
    assert [p["median_time"] for p in data["history"]] == pytest.approx(
        [_median(times[max(0, i - 4) : i + 1]) for i in range(len(times))]
    )
    assert data["daily"]["streak"] == data["daily"]["best_streak"] == 1
    solved = [d for d in data["daily"]["calendar"] if d["played"]]
    assert [(d["date"], d["solved"], d["time"]) for d in solved] == [
        (daily.local_date(clock.now, 0), True, pytest.approx(log[-1]["time"]))
    ]
    tower = next(e for e in log if e["mode"] == "tower")
    stars = client.get("/api/results").json()
    stars = next(r["stars"] for r in stars if r["game_id"] == tower["id"])
    assert data["tower"]["stages"][0] == {
        "stage": 1,
        "first": 1,
        "last": 30,
        "cleared": 1,
        "stars": stars,
        "most": 90,
    }
    assert [s["cleared"] for s in data["tower"]["stages"][1:]] == [0, 0, 0, 0]
    names = [chart["name"] for chart in data["charts"]]
    assert names == ["time", "score", "weeks", "best-times", "daily"]
    for chart in data["charts"]:
        _check_chart(chart)


def test_a_filter_narrows_every_figure_and_bad_filters_are_named(client, clock):
    log = _filed(client, _script(client, clock))
    data = client.get("/api/statistics", params={"game": "shisensho", "mode": "classic"}).json()
    classic = [e for e in log if e["mode"] == "classic"]
    assert data["totals"]["played"] == len(classic) and data["totals"]["open"] == 0
    assert {line["mode"] for line in data["boards"]} == {"classic"}
    assert data["daily"] is None and data["tower"] is None
    assert [c["name"] for c in data["charts"]] == ["time", "score", "weeks", "best-times"]
    assert {(c["game"], c["mode"]) for c in data["filters"]["choices"]} == {
        (e["game"], e["mode"]) for e in log
    }
    for params, word in (
        ({"game": "chess"}, "'game'"),
        ({"game": "solitaire", "mode": "classic"}, "'mode'"),
        ({"today": "2026-02-30"}, "2026-02-30"),
    ):
        answer = client.get("/api/statistics", params=params)
        assert answer.status_code == 422 and word in answer.json()["error"]["message"]


def test_a_new_player_has_no_charts_and_each_chart_has_its_svg(client, clock):
    empty = client.get("/api/statistics").json()
    assert empty["charts"] == [] and empty["boards"] == [] and empty["totals"]["played"] == 0
    missing = client.get("/api/statistics/charts/time.svg")
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "no_figures"
    unknown = client.get("/api/statistics/charts/pie.svg")
    assert unknown.status_code == 404 and "best-times" in unknown.json()["error"]["message"]
    game = new_game(client, game="shisensho", mode="classic", size=[4, 6], seed=3)
    play_out(client, game, clock, smart=True)
    charts = {c["name"]: c for c in client.get("/api/statistics").json()["charts"]}
    alone = client.get("/api/statistics/charts/best-times.svg")
    assert alone.status_code == 200 and alone.headers["content-type"].startswith("image/svg+xml")
    assert alone.text == charts["best-times"]["svg"]


# -- the charts ---------------------------------------------------------------


def _axis(root: ET.Element, attribute: str) -> tuple[float, float]:
    """``(value per unit, coordinate of 0)`` of the axis whose ticks carry ``attribute``."""
    ticks = [
        (float(t.get("data-tick", "")), float(t.get(attribute, "")))
        for t in root.iter(f"{SVG}text")
        if "tick" in (t.get("class") or "").split()
        and "tick-x" not in (t.get("class") or "")
        and t.get("data-tick") is not None
    ]
    assert len(ticks) >= 2, "an axis needs at least two ticks"
    (v0, c0), (v1, c1) = ticks[0], ticks[-1]
    per = (v1 - v0) / (c1 - c0)
    return per, c0 - v0 / per


def _check_chart(chart: dict[str, Any]) -> None:
    root = ET.fromstring(chart["svg"])
    assert root.get("role") == "img"
    title, desc = root.find(f"{SVG}title"), root.find(f"{SVG}desc")
    assert title is not None and title.text == chart["title"]
    assert desc is not None and desc.text == chart["description"]
    assert root.get("aria-labelledby") == f"{title.get('id')} {desc.get('id')}"
    marks = [m for m in root.iter() if m.get("data-label") is not None]
    rows = chart["rows"]
    assert [m.get("data-label") for m in marks if chart["name"] != "daily"] == (
        [row[0] for row in rows] if chart["name"] != "daily" else []
    )
    if chart["name"] == "daily":
        assert [m.get("data-label") for m in marks] == [row[0] for row in rows]
        return
    column = {"time": 4, "score": 4, "weeks": 2, "best-times": 2}[chart["name"]]
    assert [m.get("data-text") for m in marks] == [row[column] for row in rows]
    for mark in marks:
        value = float(mark.get("data-value", ""))
        tip = mark.find(f"{SVG}title")
        assert tip is not None and tip.text == f"{mark.get('data-label')}: {mark.get('data-text')}"
        _check_geometry(chart["name"], root, mark, value)


def _check_geometry(name: str, root: ET.Element, mark: ET.Element, value: float) -> None:
    """The mark sits where its axis puts its value."""
    if name in ("time", "score"):
        per, zero = _axis(root, "y")
        drawn = (float(mark.get("cy", "")) - zero) * per
    elif name == "weeks":
        per, zero = _axis(root, "y")
        drawn = (float(mark.get("y", "")) - zero) * per
        assert float(mark.get("y", "")) + float(mark.get("height", "")) == pytest.approx(
            zero, abs=0.02
        )
    else:
        per, zero = _axis(root, "x")
        drawn = (float(mark.get("x", "")) + float(mark.get("width", "")) - zero) * per
        assert float(mark.get("x", "")) == pytest.approx(zero, abs=0.02)
    assert drawn == pytest.approx(value, rel=0.01, abs=abs(per) * 0.05)
