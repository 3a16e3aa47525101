"""Storage on both engines: migrations from older databases, newer and foreign ones
refused, restarts mid-game, failed writes; and SQLite's own file checks."""

from __future__ import annotations

import json
import sqlite3
from contextlib import contextmanager

import pytest

from tests.support.clock import START
from tests.support.server import SQLITE_ONLY, act, new_game
from tests.support.stored import Stored, store_old_game
from tilematch.server.db import MIGRATIONS, SCHEMA_VERSION, Storage, StorageError
from tilematch.server.db.dialect import postgres_ddl
from tilematch.server.db.errors import StorageFailure

SMALL = {"game": "shisensho", "mode": "classic", "size": [4, 4], "seed": 11}

#: The schema as the first release wrote it (migration 1), kept literally here so
#: that a change to the migration code cannot silently change the "old file".
OLD_SCHEMA = """
CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL,
    applied REAL NOT NULL);
CREATE TABLE players (id TEXT PRIMARY KEY, token_hash TEXT NOT NULL UNIQUE, name TEXT,
    created REAL NOT NULL);
CREATE TABLE games (id TEXT PRIMARY KEY, player_id TEXT NOT NULL REFERENCES players(id),
    game TEXT NOT NULL, mode TEXT NOT NULL, board TEXT NOT NULL, seed INTEGER,
    settings TEXT NOT NULL, state TEXT NOT NULL, status TEXT NOT NULL, tiles_left INTEGER,
    score INTEGER, created REAL NOT NULL, updated REAL NOT NULL);
CREATE INDEX games_by_player ON games(player_id, updated);
CREATE TABLE moves (game_id TEXT NOT NULL REFERENCES games(id), seq INTEGER NOT NULL,
    at REAL NOT NULL, intent TEXT NOT NULL, PRIMARY KEY (game_id, seq)) WITHOUT ROWID;
INSERT INTO schema_migrations VALUES (1, 'players, games and move logs', 0);
"""


@pytest.fixture
def empty_database(request, database, tmp_path):
    """A database of the test's engine with nothing in it, not even the schema: a new
    SQLite file or a new PostgreSQL database."""
    if isinstance(database, str):
        return request.getfixturevalue("postgres_url")
    return tmp_path / "empty.sqlite3"


def _write_script(target, script):
    """Run ``script`` (SQLite's SQL, translated for PostgreSQL) on ``target``."""
    with Stored(target) as db:
        db.script(postgres_ddl(script) if db.postgres else script)


def test_a_new_database_is_fully_migrated(empty_database):
    storage = Storage(empty_database, now=0.0)
    assert storage.applied == [m.version for m in MIGRATIONS]
    assert storage.version == SCHEMA_VERSION
    storage.close()
    with Stored(empty_database) as db:
        versions = [row[0] for row in db.rows("SELECT version FROM schema_migrations ORDER BY 1")]
    assert versions == [m.version for m in MIGRATIONS] and versions[-1] == SCHEMA_VERSION
    again = Storage(empty_database, now=1.0)  # opened again: nothing left to apply
    assert again.applied == [] and again.version == SCHEMA_VERSION
    again.close()


@SQLITE_ONLY
def test_sqlite_database_is_wal(client, db_path):
    conn = sqlite3.connect(db_path)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    conn.close()


def test_old_database_upgrades_in_place_and_its_games_continue(make_client, empty_database, clock):
    from tilematch.modes import Settings, new_session
    from tilematch.server.players import hash_token

    settings = Settings(**{**SMALL, "size": (4, 4)}).validate()
    session = new_session(settings, START - 60)
    view = session.view(START - 60)
    pair = view["pairs"][0]
    assert session.act({"type": "match", "a": pair[0], "b": pair[1]}, START - 30).ok
    _write_script(empty_database, OLD_SCHEMA)
    with Stored(empty_database) as db:
        db.execute(
            "INSERT INTO players VALUES ('old-player', ?, 'Veteran', ?)",
            (hash_token("old-token"), 0),
        )
        db.execute(
            "INSERT INTO games VALUES ('old-game', 'old-player', 'shisensho', 'classic', '4x4',"
            " 11, ?, ?, 'playing', 14, 100, ?, ?)",
            (json.dumps(settings.to_json()), json.dumps(session.to_json()), START - 60, START - 30),
        )
        db.execute(
            "INSERT INTO moves VALUES ('old-game', 1, ?, ?)",
            (START - 30, json.dumps({"type": "match", "a": pair[0], "b": pair[1]})),
        )

    client = make_client(db_path=empty_database)
    client.headers["Authorization"] = "Bearer old-token"
    assert client.get("/api/me").json() == {"id": "old-player", "name": "Veteran", "locale": None}
    game = client.get("/api/games/old-game").json()
    assert game["counters"]["tiles_left"] == 14 and game["counters"]["moves"] == 1
    listed = client.get("/api/games").json()
    assert [g["id"] for g in listed] == ["old-game"] and listed[0]["variant"] == ""
    ended = act(client, "old-game", type="give_up")["game"]
    assert ended["status"] == "given_up"
    results = client.get("/api/results").json()
    assert results[0]["game_id"] == "old-game" and results[0]["verified"] is True
    with Stored(empty_database) as db:
        assert db.value("SELECT MAX(version) FROM schema_migrations") == SCHEMA_VERSION
        # migration 4 counted the old game's one move, so the next one was stored as move 2
        assert db.value("SELECT seq FROM games WHERE id = 'old-game'") == 2


def _migration_connection(target):
    """A connection the migration runner can drive directly, and the engine's dialect."""
    from tilematch.server.db.dialect import POSTGRES, SQLITE

    if isinstance(target, str):
        import psycopg

        from tilematch.server.db.postgres import PgConnection

        raw = psycopg.connect(target, autocommit=True)

        return PgConnection(raw, lambda error: error), raw, POSTGRES
    raw = sqlite3.connect(target, isolation_level=None)
    return raw, raw, SQLITE


def test_each_migration_step_applies_on_the_one_before(empty_database):
    from tilematch.server.db.migrations import migrate, schema_version

    for version in range(1, SCHEMA_VERSION + 1):
        conn, raw, dialect = _migration_connection(empty_database)
        assert migrate(conn, 0.0, upto=version, dialect=dialect) == [version]
        assert schema_version(conn, dialect) == version
        raw.close()
    storage = Storage(empty_database, now=0.0)
    assert storage.version == SCHEMA_VERSION and storage.applied == []
    storage.close()


def test_a_newer_database_is_refused(empty_database):
    Storage(empty_database, now=0.0).close()
    with Stored(empty_database) as db:
        db.execute("INSERT INTO schema_migrations VALUES (99, 'future', 0)")
    with pytest.raises(StorageError, match="newer"):
        Storage(empty_database, now=0.0)
    with Stored(empty_database) as db:  # left as it was
        assert db.value("SELECT MAX(version) FROM schema_migrations") == 99


def test_a_file_that_is_not_a_database_is_refused(tmp_path):
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"this is not a database" * 100)
    with pytest.raises(StorageError, match="not a usable"):
        Storage(junk, now=0.0)
    with pytest.raises(StorageError):
        Storage(tmp_path / "junk.sqlite3" / "below-a-file.sqlite3", now=0.0)


def test_restart_mid_game_loses_no_acknowledged_move(make_client, clock):
    first = make_client()
    token = first.get("/api/me").json()["token"]
    game = new_game(first, **SMALL)
    views = []
    for _ in range(3):
        clock.advance(1.5)
        pair = views[-1]["pairs"][0] if views else game["pairs"][0]
        views.append(act(first, game["id"], type="match", a=pair[0], b=pair[1])["game"])
    act(first, game["id"], type="hint")
    last = first.get(f"/api/games/{game['id']}").json()
    # A second app on the same file: the first one's memory is gone, as after a crash.
    second = make_client()
    second.headers["Authorization"] = f"Bearer {token}"
    restored = second.get(f"/api/games/{game['id']}").json()
    for key in ("tiles", "pairs", "counters", "score", "ledger", "clock", "last_match", "hint"):
        assert restored[key] == last[key], key
    clock.advance(1)
    pair = restored["pairs"][0]
    answer = act(second, game["id"], type="match", a=pair[0], b=pair[1])
    assert answer["ok"] and answer["game"]["counters"]["moves"] == 4


def test_a_move_that_cannot_be_stored_is_not_acknowledged(client, db_path, monkeypatch):
    game = new_game(client, **SMALL)
    server = client.app.state.server
    real = server.storage.transaction

    @contextmanager
    def failing():
        with real() as conn:
            raise sqlite3.OperationalError("disk I/O error")
            yield conn  # pragma: no cover

    def failing_statement(sql, params=()):
        raise StorageFailure("PostgreSQL failed: could not extend file: No space left on device")

    server.storage.transaction = failing
    if server.storage.engine == "postgresql":  # a move in play is one statement there
        monkeypatch.setattr(server.storage.backend, "statement", failing_statement)
    pair = game["pairs"][0]
    answer = client.post(
        f"/api/games/{game['id']}/actions", json={"type": "match", "a": pair[0], "b": pair[1]}
    )
    assert answer.status_code == 503
    assert answer.json()["error"]["code"] == "storage_failed"
    server.storage.transaction = real
    monkeypatch.undo()
    # The in-memory game was dropped: the stored (unchanged) game is what continues.
    view = client.get(f"/api/games/{game['id']}").json()
    assert view["counters"]["tiles_left"] == 16 and view["counters"]["moves"] == 0


def test_a_damaged_stored_game_is_a_409_not_a_crash(make_client, db_path):
    client = make_client()
    game = new_game(client, **SMALL)
    with Stored(db_path) as db:
        db.execute(
            "UPDATE games SET state = '{\"format\": 99}', settings = '[]' WHERE id = ?",
            (game["id"],),
        )
    client.app.state.server.games.forget(game["id"])
    for answer in (
        client.get(f"/api/games/{game['id']}"),
        client.post(f"/api/games/{game['id']}/actions", json={"type": "hint"}),
        client.post(f"/api/games/{game['id']}/replay"),
    ):
        assert answer.status_code == 409
        assert answer.json()["error"]["code"] == "game_damaged"


def test_another_programs_postgres_database_is_refused_and_left_unchanged(postgres_url):
    with Stored(postgres_url) as db:
        db.execute("CREATE TABLE notes (id BIGINT PRIMARY KEY, text TEXT)")
        db.execute("INSERT INTO notes VALUES (1, 'keep me')")
    with pytest.raises(StorageError, match="PostgreSQL database of another program"):
        Storage(postgres_url, now=0.0)
    with Stored(postgres_url) as db:
        tables = db.rows(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()"
        )
        assert tables == [("notes",)]  # no schema_migrations either
        assert db.rows("SELECT * FROM notes") == [(1, "keep me")]


@SQLITE_ONLY
def test_another_programs_database_is_refused_and_left_unchanged(tmp_path, make_client):
    path = tmp_path / "notes.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")
    conn.execute("INSERT INTO notes (text) VALUES ('keep me')")
    conn.commit()
    conn.close()
    before = path.read_bytes()
    with pytest.raises(StorageError, match="another program"):
        Storage(path, now=0.0)
    with pytest.raises(StorageError, match="not a tilematch database"):
        make_client(db_path=path)
    assert path.read_bytes() == before  # not even switched to WAL
    assert not (tmp_path / "notes.sqlite3-wal").exists()


def test_a_stored_duel_is_not_played_as_a_solo_game(client, db_path):
    from tilematch.modes import Settings

    me = client.get("/api/me").json()
    settings = Settings(game="shisensho", mode="classic", size=(4, 4), seed=3).validate()
    with Stored(db_path) as db:
        db.execute(
            "INSERT INTO games (id, player_id, game, mode, board, variant, seed, settings, state,"
            " status, tiles_left, score, created, updated, finished) VALUES ('a-duel', ?,"
            " 'shisensho', 'duel', '4x4', '', 3, ?, '{\"duel\": \"ABCD\", \"log\": []}',"
            " 'won', 0, 10, 0, 0, 0)",
            (me["id"], json.dumps(settings.to_json())),
        )
    summary = client.get("/api/games/a-duel")  # the stored duel's summary, no board
    assert summary.status_code == 200, summary.text
    assert (summary.json()["mode"], summary.json()["status"]) == ("duel", "won")
    assert summary.json()["duel"]["room"] == "ABCD" and "tiles" not in summary.json()
    answer = client.post("/api/games/a-duel/actions", json={"type": "hint"})
    assert answer.status_code == 409
    assert answer.json()["error"]["code"] == "duel_game"
    again = client.post("/api/games/a-duel/replay")  # its board, dealt again for solo play
    assert again.status_code == 201 and again.json()["mode"] == "classic"


def test_a_refused_shuffle_changes_nothing_stored(make_client, clock):
    """Turtle seed 25 played by the first legal pair ends with two tiles stacked: the
    shuffle asked for then is refused (no re-deal could help), and a second app on
    the same file finds the game exactly as before the request."""
    first = make_client()
    token = first.get("/api/me").json()["token"]
    game = new_game(first, game="solitaire", mode="regular", layout="turtle", seed=25)
    while game["pairs"]:
        clock.advance(0.5)
        a, b = game["pairs"][0]
        game = act(first, game["id"], type="match", a=a, b=b)["game"]
    assert game["status"] == "deadlock" and game["counters"]["tiles_left"] == 2
    before = first.get(f"/api/games/{game['id']}").json()
    answer = act(first, game["id"], type="shuffle")
    assert not answer["ok"] and answer["reason"] == "shuffle cannot help"
    assert "No shuffle can help" in answer["message"]
    second = make_client()
    second.headers["Authorization"] = f"Bearer {token}"
    restored = second.get(f"/api/games/{game['id']}").json()
    for key in ("tiles", "counters", "score", "ledger", "status"):
        assert restored[key] == before[key], key


def test_one_query_text_runs_on_both_engines(database):
    """``?`` placeholders, a ``?`` and a ``%`` inside literals, rows by name, row counts,
    a broken constraint rolled back whole: the same text on either engine."""
    from tilematch.server.db import WRITE_ERRORS

    storage = Storage(database, now=0.0)
    try:
        with storage.transaction() as conn:
            conn.executemany(
                "INSERT INTO players (id, token_hash, name, created) VALUES (?, ?, ?, ?)",
                [("p1", "h1", "Ann?%", 1.5), ("p2", "h2", None, 2.0)],
            )
        found = storage.rows(
            "SELECT id, name, created FROM players WHERE name LIKE 'Ann?%' AND id = ?", ("p1",)
        )
        assert found == [{"id": "p1", "name": "Ann?%", "created": 1.5}]
        with storage.transaction() as conn:
            assert conn.execute("UPDATE players SET name = 'x' WHERE name = '?'").rowcount == 0
            assert (
                conn.execute("UPDATE players SET name = ? WHERE id = ?", ("B", "p2")).rowcount == 1
            )
        with pytest.raises(WRITE_ERRORS), storage.transaction() as conn:
            conn.execute("INSERT INTO players VALUES ('p3', 'h3', NULL, 3)")
            conn.execute("INSERT INTO players VALUES ('p4', 'h1', NULL, 4)")  # h1 is taken
        assert [row["id"] for row in storage.rows("SELECT id FROM players ORDER BY id")] == [
            "p1",
            "p2",
        ]
        assert storage.row("SELECT name FROM players WHERE id = ?", ("p2",)) == {"name": "B"}
        assert storage.row("SELECT name FROM players WHERE id = ?", ("nobody\x00",)) is None
    finally:
        storage.close()


def test_the_unranked_migration_keeps_old_results_and_marks_zen_ones(empty_database):
    from tilematch.modes import fairness
    from tilematch.server.db.migrations import migrate

    step = next(m for m in MIGRATIONS if m.name == "why a result is not ranked")
    conn, raw, dialect = _migration_connection(empty_database)
    migrate(conn, 0.0, upto=step.version - 1, dialect=dialect)
    raw.close()
    rows = ["INSERT INTO players (id, token_hash, name, created) VALUES ('p', 'h', NULL, 0);"]
    for game_id, mode in (("g-zen", "zen"), ("g-count", "countdown")):
        rows.append(
            "INSERT INTO games (id, player_id, game, mode, board, settings, state, status,"
            f" created, updated) VALUES ('{game_id}', 'p', 'blackwhite', '{mode}', 'pyramid',"
            " '{}', '{}', 'won', 0, 0);"
        )
        rows.append(
            "INSERT INTO results (game_id, player_id, game, mode, board, outcome, score, time,"
            f" verified, finished) VALUES ('{game_id}', 'p', 'blackwhite', '{mode}', 'pyramid',"
            " 'won', 900, 60.0, 1, 1.0);"
        )
    _write_script(empty_database, "\n".join(rows))
    Storage(empty_database, now=0.0).close()
    with Stored(empty_database) as db:
        found = db.rows("SELECT game_id, unranked FROM results ORDER BY game_id")
    assert [tuple(row) for row in found] == [("g-count", None), ("g-zen", fairness.ZEN)]


def test_a_game_saved_before_paused_time_counted_ends_verified_by_its_own_rule(
    client, database, clock
):
    from tilematch.modes import Settings, new_session

    settings = Settings(**{**SMALL, "size": (4, 4)}).validate()
    player = client.get("/api/me").json()["id"]
    log = [{"type": "pause", "t": START - 100}, {"type": "resume", "t": START - 40}]
    state = {"format": 1, "settings": settings.to_json(), "start": START - 120, "log": log}
    with Stored(database) as db:
        store_old_game(db, "old-pause", player, state, tiles_left=16)
    for move in new_session(settings, 0.0).solution:
        clock.advance(1.0)
        game = act(client, "old-pause", type="match", a=move.a, b=move.b)["game"]
    assert game["status"] == "won"
    # 128 s from the start to the last pair, of which the 60 s pause stopped the clock
    assert game["summary"]["time"] == pytest.approx(128.0 - 60.0)
    result = client.get("/api/results").json()[0]
    assert result["game_id"] == "old-pause" and result["verified"] is True
