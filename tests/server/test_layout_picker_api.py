"""What the layout picker reads: the layout list's figures, pictures and my results per layout."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from tests.support.server import new_game, play_out
from tests.support.stored import Stored
from tilematch.engine import layouts
from tilematch.engine.layouts import catalogue

OLD_FIELDS = {"name", "family", "tiles", "description", "bounds"}


def test_the_layout_list_carries_titles_figures_and_pictures(client) -> None:
    listed = client.get("/api/layouts").json()
    assert [item["name"] for item in listed] == layouts.names()
    assert len(listed) >= 150
    for item in listed:
        assert set(item) >= OLD_FIELDS
        assert item["picture"] == f"/api/layouts/{item['name']}/picture.svg"
    by_name = {item["name"]: item for item in listed}
    turtle = by_name["turtle"]
    figures = catalogue.figures("turtle")
    assert figures is not None
    assert turtle["title"] == "Turtle" and turtle["number"] == 1 and turtle["tiles"] == 144
    assert turtle["solvable_share"] == round(figures.solvable_share, 4)
    assert turtle["difficulty"] == figures.difficulty
    assert turtle["difficulty_label"] == figures.label
    labels = {item["difficulty_label"] for item in listed}
    assert labels == {"easy", "normal", "hard"}
    assert all(0 <= item["solvable_share"] <= 1 for item in listed)


def test_a_picture_is_the_layouts_own_svg_and_is_cached(client) -> None:
    answer = client.get("/api/layouts/little-pyramid/picture.svg")
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "image/svg+xml"
    assert answer.headers["cache-control"] == "public, max-age=86400"
    tag = answer.headers["etag"]
    root = ET.fromstring(answer.text)
    uses = [e for e in root.iter() if e.tag.endswith("use")]
    assert len(uses) == layouts.get("little-pyramid").size
    again = client.get("/api/layouts/little-pyramid/picture.svg", headers={"If-None-Match": tag})
    assert again.status_code == 304 and again.content == b"" and again.headers["etag"] == tag
    other = client.get("/api/layouts/turtle/picture.svg", headers={"If-None-Match": tag})
    assert other.status_code == 200 and other.headers["etag"] != tag
    stale = client.get("/api/layouts/turtle/picture.svg", headers={"If-None-Match": '"old"'})
    assert stale.status_code == 200


def test_an_unknown_or_malformed_picture_name_is_refused(client) -> None:
    missing = client.get("/api/layouts/no-such-layout/picture.svg")
    assert missing.status_code == 404
    assert missing.json()["error"] == {
        "code": "layout_not_found",
        "message": "No built-in layout is called 'no-such-layout'.",
    }
    for bad in ("..%2F..%2Fetc", "TURTLE", "a" * 61, "tur%00tle"):
        answer = client.get(f"/api/layouts/{bad}/picture.svg")
        assert answer.status_code in (404, 422), (bad, answer.status_code)
        assert "error" in answer.json()


def smallest() -> str:
    return min(layouts.builtin(), key=lambda layout: (layout.size, layout.name)).name


def test_my_results_per_layout_count_only_verified_wins(client, clock, db_path) -> None:
    small = smallest()
    games = []
    for seed in (5, 6):
        game = new_game(client, game="solitaire", mode="regular", layout=small, seed=seed)
        games.append(play_out(client, game, clock, step=1.0, smart=True))
    zen = new_game(client, game="blackwhite", mode="zen", layout=small, seed=9)
    play_out(client, zen, clock, step=2.0)
    given_up = new_game(client, game="solitaire", mode="regular", layout="turtle", seed=1)
    client.post(f"/api/games/{given_up['id']}/actions", json={"type": "give_up"})
    grid = new_game(client, game="shisensho", mode="classic", size=[4, 4], seed=1)
    play_out(client, grid, clock)

    records = {r["layout"]: r for r in client.get("/api/results/layouts").json()}
    assert set(records) == {small, "turtle"}  # Shisen-Sho boards are not layouts
    won = [g for g in games if g["status"] == "won"]
    assert won, "the smart player clears the smallest layout"
    results = {r["game_id"]: r for r in client.get("/api/results").json()}
    small_wins = [r for r in results.values() if r["board"] == small and r["outcome"] == "won"]
    assert records[small]["played"] == 3
    assert records[small]["wins"] == len(small_wins)
    assert records[small]["best_time"] == min(r["time"] for r in small_wins)
    assert records["turtle"] == {"layout": "turtle", "played": 1, "wins": 0, "best_time": None}

    only = client.get("/api/results/layouts", params={"game": "solitaire"}).json()
    assert {r["layout"]: r["played"] for r in only} == {small: 2, "turtle": 1}

    fastest = min(small_wins, key=lambda r: r["time"])
    with Stored(db_path) as stored:
        stored.execute("UPDATE results SET verified = 0 WHERE game_id = ?", (fastest["game_id"],))
    after = {r["layout"]: r for r in client.get("/api/results/layouts").json()}[small]
    assert after["wins"] == len(small_wins) - 1
    rest = [r["time"] for r in small_wins if r["game_id"] != fastest["game_id"]]
    assert after["best_time"] == (min(rest) if rest else None)


def test_my_results_per_layout_refuse_an_unknown_game(client) -> None:
    answer = client.get("/api/results/layouts", params={"game": "shisensho"})
    assert answer.status_code == 422 and "'game'" in answer.json()["error"]["message"]
    assert client.get("/api/results/layouts").json() == []
