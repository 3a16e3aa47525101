"""A finished duel's rows, written at once on both databases: every column as
given, nothing for a deleted player, nothing at all when the duel is stored
already."""

from __future__ import annotations

import dataclasses
import sqlite3
from pathlib import Path

import pytest

from tests.support.stored import Stored
from tilematch.server.db import IntegrityFailure, Storage
from tilematch.server.db.finished_duels import _CASTS, store_finished_duel
from tilematch.server.db.games import GameRecord
from tilematch.server.db.results import ResultRecord
from tilematch.server.players import create_player

NOW = 1_800_000_000.25


def _filed(player_id: str, index: int, outcome: str) -> tuple[GameRecord, ResultRecord]:
    game_id = f"duel-room-{index}"
    board = {"game": "shisensho", "mode": "duel", "board": "6x8", "variant": "player"}
    return (
        GameRecord(
            id=game_id,
            player_id=player_id,
            **board,
            seed=12345678901,
            settings='{"game":"shisensho"}',
            state='{"duel":"ABCDEFGHJK","log":[[0,1,2]]}',
            status=outcome,
            tiles_left=0,
            score=-3 + index,
            created=NOW - 61.5,
            updated=NOW,
            finished=NOW,
        ),
        ResultRecord(
            game_id=game_id,
            player_id=player_id,
            **board,
            outcome=outcome,
            score=-3 + index,
            time=61.125,
            moves=7 + index,
            hints=0,
            undos=0,
            shuffles=1,
            verified=1,
            finished=NOW,
        ),
    )


def _stored(database: Path | str) -> tuple[list[tuple[object, ...]], list[tuple[object, ...]]]:
    with Stored(database) as stored:
        games = stored.rows(
            "SELECT id, player_id, game, mode, board, variant, seed, settings, state, status,"
            " tiles_left, score, created, updated, finished, daily_date, level, utc_offset"
            " FROM games WHERE mode = 'duel' ORDER BY id"
        )
        results = stored.rows(
            "SELECT game_id, player_id, game, mode, board, variant, outcome, score, time,"
            " moves, hints, undos, shuffles, verified, finished, daily_date, level, stars,"
            " solved_on, unranked FROM results WHERE mode = 'duel' ORDER BY game_id"
        )
    return games, results


def test_both_players_rows_are_stored_as_given(database: Path | str) -> None:
    storage = Storage(database, now=NOW)
    try:
        ann, bob = create_player(storage, NOW), create_player(storage, NOW)
        rows = [_filed(ann.id, 0, "won"), _filed(bob.id, 1, "lost")]
        store_finished_duel(storage, rows)
    finally:
        storage.close()
    games, results = _stored(database)
    assert games == [dataclasses.astuple(game) for game, _ in rows]
    assert results == [dataclasses.astuple(result) for _, result in rows]


def test_a_player_deleted_during_the_duel_gets_no_rows(database: Path | str) -> None:
    storage = Storage(database, now=NOW)
    try:
        ann = create_player(storage, NOW)
        rows = [_filed(ann.id, 0, "won"), _filed("deleted-player", 1, "lost")]
        store_finished_duel(storage, rows)
    finally:
        storage.close()
    games, results = _stored(database)
    assert [row[0] for row in games] == ["duel-room-0"]
    assert [row[0] for row in results] == ["duel-room-0"]


def test_a_duel_stored_already_is_refused_whole(database: Path | str) -> None:
    storage = Storage(database, now=NOW)
    try:
        ann, bob = create_player(storage, NOW), create_player(storage, NOW)
        store_finished_duel(storage, [_filed(ann.id, 0, "won")])
        before = _stored(database)
        # the second writer's other row is new, yet nothing of its write is kept
        again = [_filed(bob.id, 1, "lost"), _filed(ann.id, 0, "draw")]
        with pytest.raises((IntegrityFailure, sqlite3.IntegrityError)):
            store_finished_duel(storage, again)
    finally:
        storage.close()
    assert _stored(database) == before


def test_every_column_that_is_not_text_is_cast_on_postgresql() -> None:
    for record in (GameRecord, ResultRecord):
        for field in dataclasses.fields(record):
            kind = str(field.type)
            assert kind in _CASTS or kind in ("str", "str | None"), (record, field.name)
