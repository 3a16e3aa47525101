"""Storing a move: the compare-and-set of the game's row and the move row, both or
neither, on SQLite (one transaction) and on PostgreSQL (one statement)."""

from __future__ import annotations

from dataclasses import replace

from tests.support.server import new_game, table_dump
from tests.support.stored import Stored
from tilematch.server.db import games as db_games
from tilematch.server.db.games import MoveRecord

SMALL = {"game": "shisensho", "mode": "classic", "size": [4, 4], "seed": 1}


def _move(game_id: str, seq: int) -> MoveRecord:
    return MoveRecord(
        game_id=game_id,
        seq=seq,
        at=1000.0 + seq,
        intent='{"type": "hint"}',
        status="playing",
        tiles_left=16 - seq,
        score=10 * seq,
        finished=None,
    )


def test_a_move_is_stored_with_the_games_new_mark(client, db_path):
    game = new_game(client, **SMALL)
    storage = client.app.state.server.storage
    assert db_games.store_move(storage, _move(game["id"], 1))
    assert db_games.store_move(storage, _move(game["id"], 2))
    with Stored(db_path) as db:
        row = db.rows("SELECT seq, tiles_left, score FROM games WHERE id = ?", [game["id"]])
        logged = db.rows("SELECT seq, at FROM moves WHERE game_id = ? ORDER BY seq", [game["id"]])
    assert row == [(2, 14, 20)]
    assert logged == [(1, 1001.0), (2, 1002.0)]


def test_a_move_on_an_older_seq_stores_nothing(client, db_path):
    game = new_game(client, **SMALL)
    storage = client.app.state.server.storage
    assert db_games.store_move(storage, _move(game["id"], 1))
    before = table_dump(db_path)
    assert not db_games.store_move(storage, replace(_move(game["id"], 1), score=0))  # taken
    assert not db_games.store_move(storage, _move(game["id"], 3))  # a step skipped
    assert not db_games.store_move(storage, _move("no-such-game", 1))
    assert table_dump(db_path) == before


def test_a_move_row_already_there_stores_neither(client, db_path):
    """The move row's primary key is the second guard: a game row left behind its log
    (written by hand here) takes no new state from a move whose number is taken."""
    game = new_game(client, **SMALL)
    storage = client.app.state.server.storage
    with Stored(db_path) as db:
        db.execute(
            "INSERT INTO moves (game_id, seq, at, intent) VALUES (?, 1, 5.0, '{}')", [game["id"]]
        )
    before = table_dump(db_path)
    assert not db_games.store_move(storage, _move(game["id"], 1))
    assert table_dump(db_path) == before
