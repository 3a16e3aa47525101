"""A player's own layouts: the check, saving with limits and a quota, sharing by code,
and games on them (never ranked, never changed by an edit of the layout)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.support.server import TestClient, new_game, play_out, table_dump
from tilematch.server.player_layouts import NAME_MAX, QUOTA

ROW = [[0, 0, 0], [2, 0, 0], [4, 0, 0], [6, 0, 0]]
#: Two tiles on two: every one free in the end, a tiny board to clear.
PYRAMID = [[0, 0, 0], [2, 0, 0], [0, 2, 0], [2, 2, 0], [1, 1, 1], [8, 0, 0]]
#: A ring of twelve cells: three groups of four.
OUTLINE = ["####", "#..#", "#..#", "####"]


def save(client: TestClient, **body: Any) -> dict[str, Any]:
    """Save a layout (asserting 201); a stack of :data:`ROW` unless the body says more."""
    board = {"rows": OUTLINE} if body.get("kind") == "grid" else {"positions": ROW}
    body = {"kind": "stack", "name": "Row", **board, **body}
    answer = client.post("/api/my/layouts", json=body)
    assert answer.status_code == 201, answer.text
    saved: dict[str, Any] = answer.json()
    return saved


def refused(client: TestClient, db_path: Any, method: str, url: str, **kw: Any) -> dict[str, Any]:
    """Send a request that must be refused with a 4xx and leave every table unchanged."""
    before = table_dump(db_path)
    answer = client.request(method, url, **kw)
    assert 400 <= answer.status_code < 500, answer.text
    assert table_dump(db_path) == before
    error: dict[str, Any] = answer.json()["error"]
    return {"status": answer.status_code, **error}


def test_check_reports_every_problem_at_its_tile_and_stores_nothing(client, db_path):
    client.get("/api/me")
    before = table_dump(db_path)
    body = {"kind": "stack", "positions": [[0, 0, 0], [1, 0, 0], [9, 9, 1], [70, 0, 0], [4, 0, 0]]}
    answer = client.post("/api/layouts/check", json=body)
    assert answer.status_code == 200
    report = answer.json()
    assert report["ok"] is False and report["tiles"] == 5
    found = [(p["code"], p["tile"]) for p in report["problems"]]
    assert found == [
        ("overlap", [1, 0, 0]),
        ("floating", [9, 9, 1]),
        ("out_of_bounds", [70, 0, 0]),
        ("odd_count", None),
    ]
    assert "(1, 0, 0)" in report["problems"][0]["message"]
    assert table_dump(db_path) == before


@pytest.mark.parametrize(
    ("positions", "code"),
    [
        ([[0, 0, 0], [2, 0, 0]], "too_few"),
        ([[2 * (i % 30), 2 * (i // 30), 0] for i in range(290)], "too_many"),
        ([], "empty"),
        ([[0, 0]], "not_a_tile"),
    ],
)
def test_check_names_count_and_shape_problems(client, positions, code):
    report = client.post("/api/layouts/check", json={"kind": "stack", "positions": positions})
    assert report.status_code == 200
    assert code in [p["code"] for p in report.json()["problems"]]


def test_a_playable_layout_checks_clean(client):
    report = client.post("/api/layouts/check", json={"kind": "stack", "positions": PYRAMID})
    assert report.json() == {"ok": True, "tiles": 6, "problems": []}


def test_outline_check_names_cells_groups_and_size(client):
    ok = client.post("/api/layouts/check", json={"kind": "grid", "rows": OUTLINE}).json()
    assert ok == {"ok": True, "tiles": 12, "problems": []}
    report = client.post("/api/layouts/check", json={"kind": "grid", "rows": ["##x#", "##"]})
    problems = report.json()["problems"]
    assert [(p["code"], p["tile"]) for p in problems] == [
        ("not_a_cell", [0, 2]),
        ("ragged", [1, 2]),
        ("group_size", None),
    ]
    assert problems[-1]["message"] == "5 tiles are not whole groups of 4: add 3 or remove 1."
    wide = client.post("/api/layouts/check", json={"kind": "grid", "rows": ["#" * 32] * 2})
    assert [p["code"] for p in wide.json()["problems"]] == ["out_of_bounds"]


def test_check_speaks_the_players_language_beside_the_codes(client):
    body = {"kind": "stack", "positions": [[0, 0, 0], [1, 0, 0], [9, 9, 1], [70, 0, 0], [4, 0, 0]]}
    answers = {
        locale: client.post(
            "/api/layouts/check", json=body, headers={"Accept-Language": header}
        ).json()["problems"]
        for locale, header in (("en", "en"), ("ja", "ja-JP"), ("es", "es-ES"), ("fr", "fr"))
    }
    codes = [p["code"] for p in answers["en"]]
    assert codes == ["overlap", "floating", "out_of_bounds", "odd_count"]
    for found in answers.values():
        assert [p["code"] for p in found] == codes
        assert [p["tile"] for p in found] == [p["tile"] for p in answers["en"]]
    assert [p["message"] for p in answers["ja"]] == [
        "(1, 0, 0) の牌が (0, 0, 0) の牌と重なっています。",
        "(9, 9, 1) の牌が宙に浮いています。下の段 0 に支える牌がありません。",
        "(70, 0, 0) の牌は範囲外です（x は 62、y は 38、z は 9 まで）。",
        "牌の数が奇数です（5 枚）。牌はペアで取り除くため偶数にしてください。",
    ]
    assert answers["es"][3]["message"] == "Número impar de fichas (5): las fichas van por parejas."
    assert answers["fr"][3]["message"].startswith("Nombre impair de tuiles (5)\u202f:")


def test_outline_check_speaks_the_players_language(client):
    cases = [(["##x#", "##"], 3), ([], 1), (["....", "...."], 1), (["#" * 32] * 2, 1)]
    for rows, count in cases:
        body = {"kind": "grid", "rows": rows}
        ja = client.post("/api/layouts/check", json=body, headers={"Accept-Language": "ja"})
        problems = ja.json()["problems"]
        assert len(problems) == count, problems
        for problem in problems:
            assert not re.search(r"[A-Za-z]{3,}", problem["message"]), problem
    grouped = client.post(
        "/api/layouts/check",
        json={"kind": "grid", "rows": ["##x#", "##"]},
        headers={"Accept-Language": "ja"},
    ).json()["problems"]
    assert (
        grouped[0]["message"] == "1 行 3 列：「x」はマスではありません（# か . を使ってください）。"
    )
    assert grouped[2]["message"] == (
        "牌 5 枚は 4 枚ずつの組に分けられません。あと 3 枚塗るか、1 枚消してください。"
    )


def test_outline_of_whole_groups_checks_clean(client):
    report = client.post("/api/layouts/check", json={"kind": "grid", "rows": ["####", "####"]})
    assert report.json() == {"ok": True, "tiles": 8, "problems": []}


def test_check_refuses_a_body_without_the_board_of_its_kind(client, db_path):
    client.get("/api/me")
    error = refused(client, db_path, "POST", "/api/layouts/check", json={"kind": "grid"})
    assert error["code"] == "missing_field" and "'rows'" in error["message"]
    error = refused(
        client, db_path, "POST", "/api/layouts/check", json={"kind": "hex", "positions": ROW}
    )
    assert error["status"] == 422 and "kind" in error["message"]


def test_save_list_get_rename_replace_delete(client, clock):
    saved = save(client, name="  My   Row  ")
    assert saved["name"] == "My Row" and saved["tiles"] == 4 and saved["positions"] == ROW
    assert len(saved["share_code"]) == 12
    mine = client.get("/api/my/layouts").json()
    assert mine["quota"] == QUOTA and [s["id"] for s in mine["layouts"]] == [saved["id"]]
    url = f"/api/my/layouts/{saved['id']}"
    assert client.get(url).json() == saved
    clock.advance(5)
    renamed = client.patch(url, json={"name": "Pyramid"}).json()
    assert renamed["name"] == "Pyramid" and renamed["updated"] > saved["updated"]
    replaced = client.patch(url, json={"positions": PYRAMID}).json()
    assert replaced["tiles"] == 6 and replaced["positions"] == PYRAMID
    assert replaced["share_code"] == saved["share_code"] and replaced["name"] == "Pyramid"
    assert client.delete(url).status_code == 204
    assert client.get(url).status_code == 404
    assert client.get("/api/my/layouts").json()["layouts"] == []


@pytest.mark.parametrize(
    ("body", "code", "named"),
    [
        ({"name": "   "}, "bad_name", "name"),
        ({"name": "x" * (NAME_MAX + 1)}, "bad_name", "at most 40"),
        ({"name": "Row\x07"}, "bad_name", "printable"),
        ({"positions": [[0, 0, 0], [1, 1, 0], [4, 0, 0], [6, 0, 0]]}, "bad_layout", "(1, 1, 0)"),
        ({"positions": [[0, 0, 0], [2, 0, 0], [4, 0, 0]]}, "bad_layout", "odd number"),
        ({"positions": [[0, 0, 0], [2, 0, 0], [4, 0, 0], [6, 0, 3]]}, "bad_layout", "(6, 0, 3)"),
        ({"kind": "grid", "positions": None, "rows": ["###", "###"]}, "bad_layout", "rows:"),
        ({"rows": ["##"]}, "extra_field", "rows"),
        ({"extra": 1}, "unknown_field", "extra"),
    ],
)
def test_refused_saves_name_the_problem_and_store_nothing(client, db_path, body, code, named):
    client.get("/api/me")
    full = {"kind": "stack", "name": "Row", "positions": ROW, **body}
    full = {k: v for k, v in full.items() if v is not None}
    error = refused(client, db_path, "POST", "/api/my/layouts", json=full)
    assert error["code"] == code and named in error["message"], error


def test_refused_changes_store_nothing(client, db_path):
    saved = save(client)
    url = f"/api/my/layouts/{saved['id']}"
    assert refused(client, db_path, "PATCH", url, json={"rows": ["####"]})["code"] == "wrong_kind"
    assert refused(client, db_path, "PATCH", url, json={"name": ""})["code"] == "bad_name"
    assert refused(client, db_path, "PATCH", url, json={})["code"] == "missing_field"
    bad = {"name": "Fine", "positions": [[0, 0, 0]]}
    assert refused(client, db_path, "PATCH", url, json=bad)["code"] == "bad_layout"
    assert client.get(url).json() == saved


def test_another_players_layout_is_not_found(make_client, db_path):
    owner = make_client()
    saved = save(owner)
    other = make_client(owner.app)
    other.get("/api/me")
    url = f"/api/my/layouts/{saved['id']}"
    for method, kw in (("GET", {}), ("PATCH", {"json": {"name": "Mine"}}), ("DELETE", {})):
        error = refused(other, db_path, method, url, **kw)
        assert error["status"] == 404 and error["code"] == "layout_not_found"
    error = refused(
        other,
        db_path,
        "POST",
        "/api/games",
        json={"game": "solitaire", "mode": "regular", "my_layout": saved["id"]},
    )
    assert error["code"] == "layout_not_found"
    assert other.get("/api/my/layouts").json()["layouts"] == []


def test_the_quota_refuses_one_more_and_stores_nothing(client, db_path):
    for number in range(QUOTA):
        save(client, name=f"Row {number}")
    error = refused(
        client,
        db_path,
        "POST",
        "/api/my/layouts",
        json={"kind": "stack", "name": "One more", "positions": ROW},
    )
    assert error["status"] == 409 and error["code"] == "layout_quota" and "50" in error["message"]
    assert len(client.get("/api/my/layouts").json()["layouts"]) == QUOTA


def test_a_shared_layout_is_read_only_and_can_be_copied(make_client, db_path):
    owner = make_client()
    owner.put("/api/me", json={"name": "Ada"})
    saved = save(owner, name="Ada's Row")
    other = make_client(owner.app)
    other.get("/api/me")
    code = saved["share_code"]
    view = other.get(f"/api/layouts/shared/{code}").json()
    assert view["mine"] is False and view["owner"] == "Ada" and "id" not in view
    assert view["positions"] == ROW and view["name"] == "Ada's Row"
    assert owner.get(f"/api/layouts/shared/{code.lower()}").json()["mine"] is True
    copy = other.post(f"/api/layouts/shared/{code}/copy")
    assert copy.status_code == 201
    copied = copy.json()
    assert copied["id"] != saved["id"] and copied["share_code"] != code
    assert copied["positions"] == ROW and copied["name"] == "Ada's Row"
    owner.patch(f"/api/my/layouts/{saved['id']}", json={"positions": PYRAMID})
    assert other.get(f"/api/my/layouts/{copied['id']}").json()["positions"] == ROW
    error = refused(other, db_path, "GET", "/api/layouts/shared/NOSUCHCODE12")
    assert error["code"] == "shared_not_found"
    error = refused(other, db_path, "POST", "/api/layouts/shared/NOSUCHCODE12/copy")
    assert error["code"] == "shared_not_found"


def test_a_game_keeps_its_board_when_the_layout_changes_or_goes(make_client, clock):
    client = make_client()
    saved = save(client, positions=PYRAMID)
    game = new_game(client, game="solitaire", mode="regular", my_layout=saved["id"], seed=5)
    assert game["layout"] == "custom" and len(game["tiles"]) == 6
    spots = sorted(tuple(t["pos"]) for t in game["tiles"])
    client.patch(f"/api/my/layouts/{saved['id']}", json={"positions": ROW})
    client.delete(f"/api/my/layouts/{saved['id']}")
    fresh = make_client()  # a new app restores the game from the database
    fresh.cookies.update(client.cookies)
    again = fresh.get(f"/api/games/{game['id']}").json()
    assert sorted(tuple(t["pos"]) for t in again["tiles"]) == spots
    replay = fresh.post(f"/api/games/{game['id']}/replay")
    assert replay.status_code == 201
    assert sorted(tuple(t["pos"]) for t in replay.json()["tiles"]) == spots


def test_games_on_own_boards_are_never_ranked(client, clock):
    game = new_game(client, game="solitaire", mode="regular", positions=PYRAMID, seed=1)
    end = play_out(client, game, clock, step=2.0)
    assert end["status"] == "won"
    assert end["summary"]["unranked"] == "games on a player's own layout are never ranked"
    results = client.get("/api/results").json()
    assert results and all(r["unranked"] for r in results)


def test_a_shisen_sho_outline_and_a_shared_layout_are_played(make_client):
    owner = make_client()
    outline = save(owner, kind="grid", name="Ring")
    assert outline["rows"] == OUTLINE and outline["tiles"] == 12 and "positions" not in outline
    stack = save(owner, positions=PYRAMID)
    other = make_client(owner.app)
    ring = new_game(other, game="shisensho", mode="classic", shared_layout=outline["share_code"])
    assert ring["shape"] == "custom" and ring["size"] == [4, 4] and len(ring["tiles"]) == 12
    zen = new_game(other, game="blackwhite", mode="zen", shared_layout=stack["share_code"])
    assert zen["layout"] == "custom" and len(zen["tiles"]) == 6
    wrong = other.post(
        "/api/games",
        json={"game": "solitaire", "mode": "regular", "shared_layout": outline["share_code"]},
    )
    assert wrong.status_code == 422 and "shisensho" in wrong.json()["error"]["message"]


def test_games_take_one_board_of_the_right_kind(client, db_path):
    client.get("/api/me")
    base = {"game": "shisensho", "mode": "classic"}
    error = refused(client, db_path, "POST", "/api/games", json={**base, "positions": ROW})
    assert error["code"] == "bad_settings" and "Shisen-Sho" not in error["message"]
    assert "solitaire or blackwhite" in error["message"]
    both = {**base, "rows": ["####"], "positions": ROW}
    assert refused(client, db_path, "POST", "/api/games", json=both)["code"] == "bad_settings"
    bad = {**base, "rows": ["####", "#..#", "####"]}
    error = refused(client, db_path, "POST", "/api/games", json=bad)
    assert error["code"] == "bad_settings" and "groups of 4" in error["message"]
    daily = {"game": "blackwhite", "mode": "tower", "level": 1, "positions": PYRAMID}
    error = refused(client, db_path, "POST", "/api/games", json=daily)
    assert "tower level" in error["message"]
    game = new_game(client, **base, rows=[".....", *(f".{row}" for row in OUTLINE)])
    assert game["shape"] == "custom" and game["size"] == [4, 4] and len(game["tiles"]) == 12
