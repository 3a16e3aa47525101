"""``tilematch db copy``: SQLite to PostgreSQL and back, row for row, and its refusals."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.rival import duel_the_rival
from tests.support.server import (
    SQLITE_ONLY,
    TestClient,
    act,
    new_game,
    play_out,
    start_clock,
    table_dump,
)
from tests.support.stored import GAME_TABLES, Stored
from tilematch.cli import main
from tilematch.server.db import Storage

TINY = {"game": "shisensho", "mode": "classic", "size": [4, 4]}


def _play_a_bit_of_everything(make_client, clock) -> list[str]:
    """Two players' games through the API: won, given up, unfinished, a Daily, a
    countdown that ran out, and a duel's result. Returns the players' tokens."""
    first = make_client()
    tokens = [first.get("/api/me").json()["token"]]
    first.put("/api/me", json={"name": "Ada"})
    won = play_out(first, new_game(first, **TINY, seed=1), clock, step=1.0)
    assert won["status"] == "won"
    gave_up = new_game(first, **TINY, seed=2)
    clock.advance(1)  # no two ends at one time: a history is newest first, ties unordered
    assert act(first, gave_up["id"], type="give_up")["game"]["status"] == "given_up"
    unfinished = new_game(first, **TINY, seed=3)
    clock.advance(1)
    pair = unfinished["pairs"][0]
    act(first, unfinished["id"], type="match", a=pair[0], b=pair[1])
    daily = first.post("/api/daily/2026-11-29").json()
    play_out(first, daily, clock)
    second = make_client()
    tokens.append(second.get("/api/me").json()["token"])
    arcade = new_game(second, game="shisensho", mode="arcade", size=[4, 4], seed=5)
    start_clock(second, arcade)  # the first pick
    clock.advance(400)
    assert second.get(f"/api/games/{arcade['id']}").json()["status"] != "playing"
    clock.advance(1)  # no two ends at the same time: the history is newest first
    duel_the_rival(second)
    return tokens


def _records(client: TestClient) -> list[Any]:
    """What a player's pages show: results, bests, Daily days, both leaderboards."""
    paths = ["/api/results", "/api/results/best", "/api/daily", "/api/duels/leaderboard"]
    shown = [client.get(path).json() for path in paths]
    board = client.get("/api/leaderboards", params={"game": "shisensho", "mode": "classic"})
    return [*shown, board.json()]


@SQLITE_ONLY
def test_a_round_trip_sqlite_postgres_sqlite_keeps_every_row(
    make_client, clock, db_path, postgres_url, tmp_path, capsys
):
    tokens = _play_a_bit_of_everything(make_client, clock)
    original = table_dump(db_path)
    tables = {row[0] for row in original}
    assert tables == set(GAME_TABLES)
    with Stored(db_path) as db:
        assert db.value("SELECT COUNT(*) FROM games WHERE mode = 'duel'") == 1
        assert db.value("SELECT COUNT(*) FROM games WHERE daily_date IS NOT NULL") == 1
    assert main(["db", "copy", str(db_path), postgres_url]) == 0
    out = capsys.readouterr().out
    assert "(sqlite)" in out and "(postgresql)" in out
    # won, given up, the Daily and the countdown (the duel's claims are not moves)
    assert "2 players, 6 games" in out and "4 finished games replayed" in out
    assert table_dump(postgres_url) == original
    back = tmp_path / "back.sqlite3"
    assert main(["db", "copy", postgres_url, str(back)]) == 0
    assert table_dump(back) == original
    # the copy serves each player the same records as the original
    for token in tokens:
        shown = []
        for target in (db_path, postgres_url):
            client = make_client(db_path=target)
            client.headers["Authorization"] = f"Bearer {token}"
            shown.append(_records(client))
        assert shown[0] == shown[1]
        assert shown[0][0]  # results to compare
    assert "Ada" in str(shown[0][4])  # the classic leaderboard, with the winner's name


@SQLITE_ONLY
def test_a_target_that_is_not_empty_is_refused(make_client, clock, db_path, postgres_url, capsys):
    new_game(make_client(), **TINY, seed=1)
    assert main(["db", "copy", str(db_path), postgres_url]) == 0
    before = table_dump(postgres_url)
    capsys.readouterr()
    assert main(["db", "copy", str(db_path), postgres_url]) == 2
    err = capsys.readouterr().err
    assert "is not empty (1 players, 1 games)" in err
    assert table_dump(postgres_url) == before


def test_a_source_of_a_newer_schema_is_refused(tmp_path, postgres_url, capsys):
    source = tmp_path / "newer.sqlite3"
    Storage(source, now=0.0).close()
    with Stored(source) as db:
        db.execute("INSERT INTO schema_migrations VALUES (99, 'future', 0)")
    assert main(["db", "copy", str(source), postgres_url]) == 2
    err = capsys.readouterr().err
    assert "source" in err and "newer than this release" in err


@SQLITE_ONLY
def test_a_copy_that_does_not_verify_writes_nothing(
    make_client, clock, db_path, postgres_url, capsys
):
    client = make_client()
    won = play_out(client, new_game(client, **TINY, seed=1), clock, step=1.0)
    with Stored(db_path) as db:  # a stored score the moves no longer lead to
        db.execute("UPDATE games SET score = score + 1 WHERE id = ?", (won["id"],))
    assert main(["db", "copy", str(db_path), postgres_url]) == 2
    err = capsys.readouterr().err
    assert "do not replay" in err and won["id"] in err and "nothing was copied" in err
    assert table_dump(postgres_url) == []


@pytest.mark.parametrize("engine", ["sqlite", "postgresql"])
def test_info_names_the_engine_version_and_rows(engine, tmp_path, postgres_url, capsys):
    from tilematch.server.db import SCHEMA_VERSION

    target = str(tmp_path / "info.sqlite3") if engine == "sqlite" else postgres_url
    assert main(["db", "info", target]) == 0
    out = capsys.readouterr().out
    assert f"{engine}, schema version {SCHEMA_VERSION}" in out
    assert "players" in out and "results" in out
