"""Server settings from the environment, and the serve command's input checks."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.server import SQLITE_ONLY
from tests.support.stored import Stored
from tilematch.cli import main
from tilematch.server.settings import Settings, SettingsError, default_db_path


def test_default_database_path():
    assert default_db_path({"TILEMATCH_DB": "/x/y.db"}) == Path("/x/y.db")
    assert default_db_path({"XDG_DATA_HOME": "/data"}) == Path("/data/tilematch/tilematch.sqlite3")
    assert default_db_path({}) == Path.home() / ".local/share/tilematch/tilematch.sqlite3"


def test_settings_from_env():
    settings = Settings.from_env(
        {
            "TILEMATCH_DB": "/tmp/a.db",
            "TILEMATCH_MAX_BODY": "4096",
            "TILEMATCH_RATE_CREATE": "60",
            "TILEMATCH_RATE_REQUESTS": "5",
            "TILEMATCH_RATE_PLAYERS": "7",
            "TILEMATCH_COOKIE_SECURE": "1",
            "TILEMATCH_SYNC": "full",
            "TILEMATCH_MAX_IN_FLIGHT": "3",
        }
    )
    assert settings.max_in_flight == 3
    assert settings.db_path == Path("/tmp/a.db") and settings.max_body_bytes == 4096
    assert settings.create_per_minute == 60 and settings.create_burst == 20
    assert settings.requests_per_second == 5 and settings.request_burst == 15
    assert settings.players_per_minute == 7 and settings.cookie_secure is True
    assert settings.synchronous == "full"
    defaults = Settings.from_env({})
    assert defaults.synchronous == "NORMAL" and defaults.cookie_secure is False


@pytest.mark.parametrize(
    ("env", "word"),
    [
        ({"TILEMATCH_MAX_BODY": "lots"}, "TILEMATCH_MAX_BODY"),
        ({"TILEMATCH_MAX_BODY": "10"}, "max_body_bytes"),
        ({"TILEMATCH_RATE_CREATE": "-1"}, "create_per_minute"),
        ({"TILEMATCH_SYNC": "sometimes"}, "synchronous"),
        ({"TILEMATCH_MAX_IN_FLIGHT": "0"}, "max_in_flight"),
    ],
)
def test_bad_settings_name_the_problem(env, word):
    with pytest.raises(SettingsError, match=word):
        Settings.from_env(env)


@SQLITE_ONLY
def test_full_durability_can_be_chosen(make_client, db_path):
    client = make_client(synchronous="FULL")
    server = client.app.state.server
    assert server.storage.backend.conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    client.get("/api/me")
    with Stored(db_path) as db:
        assert db.value("SELECT COUNT(*) FROM players") == 1


def test_serve_refuses_an_unusable_database(tmp_path, capsys):
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"not a database" * 200)
    assert main(["serve", "--db", str(junk), "--port", "0"]) == 2
    assert "not a usable tilematch database" in capsys.readouterr().err
    assert main(["serve", "--db", str(tmp_path / "x.db"), "--port", "70000"]) == 2


def test_serve_on_a_port_in_use_exits_2_with_a_message(tmp_path, capsys):
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code = main(
            [
                "serve",
                "--db",
                str(tmp_path / "x.db"),
                "--port",
                str(port),
                "--log-level",
                "critical",
            ]
        )
    assert code == 2
    assert f"could not start on 127.0.0.1:{port}" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("url", "problem"),
    [
        ("http://user:s3cret@cache:6379/0", "is not a Redis URL"),
        ("redis://:s3cret@/0", "names no host"),
        ("redis://user:s3cret@cache:99999/0", "has a bad port"),
    ],
)
def test_a_bad_redis_url_is_named_without_its_password(url, problem):
    with pytest.raises(SettingsError, match=problem) as caught:
        Settings.from_env({"TILEMATCH_REDIS": url})
    assert "TILEMATCH_REDIS=" in str(caught.value) and "s3cret" not in str(caught.value)
