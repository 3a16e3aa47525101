"""Keep my history: the export of everything stored for a player (JSON and CSV), and the
deletion of a player with everything stored for it, on SQLite and PostgreSQL."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

import pytest

from tests.support.server import act, new_game, play_out, start_clock, table_dump
from tests.support.stored import Stored, stored_tables
from tilematch.server.account.export import CSV_COLUMNS, spreadsheet_safe
from tilematch.server.db.account import PLAYER_ROWS

SMALL = {"game": "shisensho", "mode": "classic", "size": [2, 4]}


def _csv(text: str) -> list[list[str]]:
    """The rows of an export, each cell with its one protective leading quote removed."""
    return [
        [cell[1:] if cell.startswith("'") else cell for cell in row]
        for row in csv.reader(io.StringIO(text))
    ]


def _history(client, clock) -> dict[str, Any]:
    """A player with a won game, a given-up game, an unfinished game with moves and a
    Daily Challenge started; returns their ``/api/me`` and game ids."""
    me = client.get("/api/me").json()
    won = play_out(client, start_clock(client, new_game(client, **SMALL, seed=1)), clock)
    given = start_clock(client, new_game(client, **SMALL, seed=2))
    given = act(client, given["id"], type="give_up")["game"]
    open_game = start_clock(client, new_game(client, **SMALL, seed=3))
    pair = open_game["pairs"][0]
    act(client, open_game["id"], type="match", a=pair[0], b=pair[1])
    daily = client.post("/api/daily/2026-11-29", json={})
    assert daily.status_code == 201, daily.text
    return {"me": me, "games": [won["id"], given["id"], open_game["id"], daily.json()["id"]]}


def _player_rows(db_path, player_id: str) -> dict[str, list[tuple[Any, ...]]]:
    with Stored(db_path) as stored:
        return {
            "results": stored.rows(
                "SELECT game_id FROM results WHERE player_id = ? ORDER BY game_id", (player_id,)
            ),
            "games": stored.rows(
                "SELECT id, seq FROM games WHERE player_id = ? ORDER BY id", (player_id,)
            ),
        }


def test_the_json_export_holds_every_game_move_and_result_once(make_client, clock, db_path):
    client = make_client()
    mine = _history(client, clock)
    other = make_client(client.app)
    play_out(other, start_clock(other, new_game(other, **SMALL, seed=9)), clock)
    answer = client.get("/api/me/export.json")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("application/json")
    assert (
        answer.headers["content-disposition"] == 'attachment; filename="tilematch-2026-11-29.json"'
    )
    data = answer.json()
    stored = _player_rows(db_path, mine["me"]["id"])
    assert data["player"]["id"] == mine["me"]["id"]
    assert sorted(r["game_id"] for r in data["results"]) == [r[0] for r in stored["results"]]
    assert len(data["results"]) == 2  # the won and the given-up game, each once
    assert sorted((g["id"], g["seq"]) for g in data["games"]) == stored["games"]
    assert sorted(g["id"] for g in data["games"]) == sorted(mine["games"])
    for game in data["games"]:  # each game's whole timed log, in order
        assert [m["seq"] for m in game["moves"]] == list(range(1, game["seq"] + 1))
        assert isinstance(game["settings"], dict) and isinstance(game["state"], dict)
    won = next(g for g in data["games"] if g["id"] == mine["games"][0])
    assert won["status"] == "won" and won["moves"][0]["intent"] == {"type": "start"}
    assert set(data["daily"]) == {"streak", "best_streak", "today", "days"}
    assert data["daily"]["days"] == client.get("/api/daily?today=2026-11-29").json()["days"]


def test_the_csv_export_has_one_row_per_result_and_the_documented_columns(make_client, clock):
    client = make_client()
    mine = _history(client, clock)
    answer = client.get("/api/me/export.csv")
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "text/csv; charset=utf-8"
    assert answer.headers["content-disposition"].startswith("attachment; filename=")
    rows = _csv(answer.text)
    assert tuple(rows[0]) == CSV_COLUMNS
    results = {r["game_id"]: r for r in client.get("/api/results").json()}
    assert sorted(row[1] for row in rows[1:]) == sorted(results) == sorted(mine["games"][:2])
    for row in rows[1:]:
        line = dict(zip(CSV_COLUMNS, row, strict=True))
        result = results[line["game_id"]]
        assert line["outcome"] == result["outcome"] and int(line["score"]) == result["score"]
        assert line["verified"] == "true" and line["player"] == ""


@pytest.mark.parametrize(
    "name", ['=HYPERLINK("http://x")', "+1+cmd|' /C calc'!A0", "-2+3", "@SUM(A1:A9)"]
)
def test_a_hostile_display_name_cannot_run_a_formula_in_a_spreadsheet(make_client, clock, name):
    client = make_client()
    assert client.put("/api/me", json={"name": name}).status_code == 200
    play_out(client, start_clock(client, new_game(client, **SMALL, seed=1)), clock)
    rows = list(csv.reader(io.StringIO(client.get("/api/me/export.csv").text)))
    assert rows[1][0] == "'" + name
    for row in rows[1:]:
        for cell in row:
            assert not cell.startswith(("=", "+", "@")), cell


def test_spreadsheet_safe_cells():
    assert spreadsheet_safe("=1+1") == "'=1+1"
    assert spreadsheet_safe("\t=x") == "'\t=x"
    assert spreadsheet_safe("Turtle") == "Turtle" and spreadsheet_safe("'x") == "''x"
    assert spreadsheet_safe("-id") == "'-id"
    assert spreadsheet_safe(-100) == -100 and spreadsheet_safe(None) == ""
    assert spreadsheet_safe(True) == "true"


# Deletion


def _ids_of(db_path, player_id: str) -> set[str]:
    """The player's id and the ids of every game of theirs."""
    with Stored(db_path) as stored:
        games = stored.rows("SELECT id FROM games WHERE player_id = ?", (player_id,))
    return {player_id, *(row[0] for row in games)}


def _mentions(row: tuple[Any, ...], ids: set[str]) -> bool:
    return any(isinstance(value, str) and value in ids for value in row[1:])


def test_deleting_a_player_leaves_nothing_of_it_and_the_others_untouched(
    make_client, clock, db_path
):
    client = make_client()
    mine = _history(client, clock)
    token = mine["me"]["token"]
    assert client.post("/api/me/link-codes").status_code == 201
    device = make_client(client.app)
    code = client.post("/api/me/link-codes").json()["code"]
    assert device.post("/api/link", json={"code": code}).status_code == 200
    other = make_client(client.app)
    other.put("/api/me", json={"name": "Other"})
    play_out(other, start_clock(other, new_game(other, **SMALL, seed=1)), clock)
    ids = _ids_of(db_path, mine["me"]["id"])
    before = table_dump(db_path)
    tables_with_rows = {row[0] for row in before if _mentions(row, ids)}
    assert {"players", "games", "moves", "results", "game_starts"} <= tables_with_rows
    assert {"link_codes", "player_devices"} <= tables_with_rows

    answer = client.request("DELETE", "/api/me", json={"confirm": "delete"})
    assert answer.status_code == 200, answer.text
    deleted = answer.json()["deleted"]
    assert deleted["players"] == 1 and deleted["games"] == 4 and deleted["results"] == 2
    assert 'tilematch_token=""' in answer.headers["set-cookie"]
    assert "max-age=0" in answer.headers["set-cookie"].lower()
    after = table_dump(db_path)
    assert [row for row in after if _mentions(row, ids)] == []
    assert after == [row for row in before if not _mentions(row, ids)]  # others untouched
    board = other.get("/api/leaderboards?game=shisensho&mode=classic&layout=2x4").json()
    assert [line["name"] for line in board] == ["Other"]

    fresh = make_client(client.app)
    refused = fresh.get("/api/me", headers={"Authorization": f"Bearer {token}"})
    assert refused.status_code == 401 and refused.json()["error"]["code"] == "unknown_token"
    fresh.cookies.set("tilematch_token", token)
    again = fresh.get("/api/me").json()
    assert again["id"] != mine["me"]["id"] and "token" in again  # a new player
    assert device.get("/api/me").json()["id"] != mine["me"]["id"]  # the device's token too
    for game_id in mine["games"]:
        assert fresh.get(f"/api/games/{game_id}").status_code == 404


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        (None, 422, "missing_body"),
        ({}, 422, "missing_field"),
        ({"confirm": "yes"}, 422, "not_confirmed"),
        ({"confirm": 1}, 422, "wrong_type"),
        ({"confirm": "delete", "all": True}, 422, "unknown_field"),
    ],
)
def test_deleting_without_the_confirmation_deletes_nothing(
    make_client, clock, db_path, body, status, code
):
    client = make_client()
    _history(client, clock)
    before = table_dump(db_path)
    answer = client.request("DELETE", "/api/me", json=body)
    assert (answer.status_code, answer.json()["error"]["code"]) == (status, code)
    assert table_dump(db_path) == before
    assert client.get("/api/results").json()  # still there


def test_the_display_name_confirms_a_deletion(make_client, db_path):
    client = make_client()
    me = client.get("/api/me").json()
    client.put("/api/me", json={"name": "Ann Lee"})
    answer = client.request("DELETE", "/api/me", json={"confirm": " ann  LEE "})
    assert answer.status_code == 200
    assert _ids_of(db_path, me["id"]) == {me["id"]}
    with Stored(db_path) as stored:
        assert stored.value("SELECT COUNT(*) FROM players WHERE id = ?", (me["id"],)) == 0


def test_a_deletion_from_another_sites_page_is_refused(client, db_path):
    client.get("/api/me")
    before = table_dump(db_path)
    answer = client.request(
        "DELETE", "/api/me", json={"confirm": "delete"}, headers={"Origin": "https://evil.example"}
    )
    assert answer.status_code == 403 and answer.json()["error"]["code"] == "bad_origin"
    assert table_dump(db_path) == before


def _columns(stored: Stored) -> dict[str, set[str]]:
    """Every table's columns, read from the schema of either engine."""
    found: dict[str, set[str]] = {}
    for table in stored_tables(stored):
        if stored.postgres:
            rows = stored.rows(
                "SELECT column_name FROM information_schema.columns WHERE table_name = ?",
                (table,),
            )
        else:
            rows = [(row[1],) for row in stored.rows(f"PRAGMA table_info({table})")]
        found[table] = {str(row[0]) for row in rows}
    return found


def _references(stored: Stored) -> set[tuple[str, str, str]]:
    """``(table, column, referenced table)`` of every foreign key."""
    if stored.postgres:
        rows = stored.rows(
            "SELECT k.table_name, k.column_name, u.table_name"
            " FROM information_schema.referential_constraints AS r"
            " JOIN information_schema.key_column_usage AS k"
            " ON k.constraint_name = r.constraint_name"
            " JOIN information_schema.constraint_column_usage AS u"
            " ON u.constraint_name = r.unique_constraint_name"
        )
        return {(str(a), str(b), str(c)) for a, b, c in rows}
    refs: set[tuple[str, str, str]] = set()
    for table in stored_tables(stored):
        for row in stored.rows(f"PRAGMA foreign_key_list({table})"):
            refs.add((table, str(row[3]), str(row[2])))
    return refs


def _unerased(database) -> list[str]:
    """The tables with a player or game column, or a foreign key to ``players`` or
    ``games``, that the list deletion works from does not name with such a column."""
    listed = {(rows.table, rows.column) for rows in PLAYER_ROWS}
    with Stored(database) as stored:
        columns = _columns(stored)
        references = _references(stored)
    assert len(columns) >= 7 and ("games", "player_id", "players") in references
    needed: dict[str, set[str]] = {"players": {"id"}}
    for table, names in columns.items():
        if names & {"player_id", "game_id"}:
            needed.setdefault(table, set()).update(names & {"player_id", "game_id"})
    for table, column, target in references:
        if target in ("players", "games"):
            needed.setdefault(table, set()).add(column)
    assert {rows.table for rows in PLAYER_ROWS} <= set(columns)
    return sorted(
        table
        for table, candidates in needed.items()
        if not candidates & {column for name, column in listed if name == table}
    )


def test_every_table_holding_a_players_rows_is_erased(database):
    from tilematch.server.db import Storage

    Storage(database, now=0.0).close()
    missing = _unerased(database)
    assert not missing, f"deleting a player does not erase {missing}; add them to PLAYER_ROWS"


def test_a_new_table_with_a_player_column_is_caught(database):
    from tilematch.server.db import Storage

    Storage(database, now=0.0).close()
    with Stored(database) as stored:
        stored.execute("CREATE TABLE saved_layouts (owner TEXT REFERENCES players(id))")
        stored.execute("CREATE TABLE notes (player_id TEXT, body TEXT)")
    try:
        assert _unerased(database) == ["notes", "saved_layouts"]
    finally:
        with Stored(database) as stored:
            stored.execute("DROP TABLE saved_layouts")
            stored.execute("DROP TABLE notes")


def test_the_export_of_a_new_player_is_empty(client):
    data = client.get("/api/me/export.json").json()
    assert data["games"] == [] and data["results"] == [] and data["format"] == 1
    assert json.loads(json.dumps(data)) == data
    rows = list(csv.reader(io.StringIO(client.get("/api/me/export.csv").text)))
    assert rows == [list(CSV_COLUMNS)]
