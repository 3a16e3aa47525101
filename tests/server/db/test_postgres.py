"""PostgreSQL at start: clear refusals that name the host and database but never the
password; processes starting at once migrate once."""

from __future__ import annotations

import sys
import threading
import time

import pytest

from tests.support.stored import Stored
from tilematch.benchmarks.services import free_port
from tilematch.cli import main
from tilematch.server import Settings
from tilematch.server.db import MIGRATIONS, SCHEMA_VERSION, Storage, StorageError, describe

SECRET = "s3cret-Pa55"


def _with_password(url: str) -> str:
    return url.replace("postgres@", f"postgres:{SECRET}@", 1)


def _refusal(target: str) -> str:
    with pytest.raises(StorageError) as caught:
        Storage(target, now=0.0)
    message = str(caught.value)
    assert SECRET not in message
    return message


def test_an_unreachable_server_is_named_without_the_password():
    port = free_port()
    message = _refusal(f"postgresql://postgres:{SECRET}@127.0.0.1:{port}/games")
    assert "cannot connect" in message and f"127.0.0.1:{port}" in message
    assert "'games'" in message


def test_a_missing_database_is_named(postgres_server):
    message = _refusal(_with_password(postgres_server.url_of("no_such_db")))
    assert "'no_such_db'" in message and "does not exist" in message


@pytest.mark.parametrize(
    ("url", "words"),
    [
        (f"postgresql://u:{SECRET}@host:99999/db", "port"),
        (f"postgresql://u:{SECRET}@host:5432/", "names no database"),
        (f"postgres://u:{SECRET}@host/db?bogus=1", "bogus"),
        (f"mysql://u:{SECRET}@host/db", "mysql:// databases are not supported"),
    ],
)
def test_bad_urls_name_the_problem(url, words):
    assert words in _refusal(url)


def test_a_missing_psycopg_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "psycopg", None)
    monkeypatch.setitem(sys.modules, "psycopg.conninfo", None)
    assert "pip install 'tilematch[scale]'" in _refusal("postgresql://u@host/db")


def test_a_read_only_database_is_refused_at_start(postgres_url):
    name = postgres_url.rsplit("/", 1)[1]
    with Stored(postgres_url) as db:
        db.execute(f'ALTER DATABASE "{name}" SET default_transaction_read_only = on')
    message = _refusal(_with_password(postgres_url))
    assert "read-only" in message and f"'{name}'" in message


def test_the_url_is_kept_as_text_and_shown_without_its_password(postgres_url):
    url = _with_password(postgres_url)
    settings = Settings.from_env({"TILEMATCH_DB": url})
    assert settings.db_path == url
    assert SECRET not in describe(url) and "127.0.0.1" in describe(url)
    assert Settings(db_path="~/games.sqlite3").db_path != "~/games.sqlite3"  # a path


def test_serve_refuses_an_unreachable_database_naming_it(capsys):
    port = free_port()
    url = f"postgresql://postgres:{SECRET}@127.0.0.1:{port}/games"
    assert main(["serve", "--db", url, "--port", "0"]) == 2
    err = capsys.readouterr().err
    assert f"127.0.0.1:{port}" in err and SECRET not in err


def test_processes_starting_at_once_migrate_once(postgres_url):
    starting = 4
    barrier = threading.Barrier(starting)
    opened: list[Storage] = []
    failures: list[BaseException] = []

    def start() -> None:
        barrier.wait()
        try:
            opened.append(Storage(postgres_url, now=0.0))
        except BaseException as error:  # reported below
            failures.append(error)

    threads = [threading.Thread(target=start) for _ in range(starting)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert failures == [] and len(opened) == starting
    # each step was applied by exactly one of them
    applied = sorted(version for storage in opened for version in storage.applied)
    assert applied == [m.version for m in MIGRATIONS]
    for storage in opened:
        assert storage.version == SCHEMA_VERSION
        storage.close()
    with Stored(postgres_url) as db:
        assert db.rows("SELECT version FROM schema_migrations ORDER BY version") == [
            (m.version,) for m in MIGRATIONS
        ]


def test_server_processes_starting_at_once_migrate_once(postgres_url):
    """Real processes, each opening the new database as ``tilematch serve`` would."""
    import json
    import subprocess

    script = (
        "import json, sys, time; from tilematch.server.db import Storage;"
        " time.sleep(max(0.0, float(sys.argv[2]) - time.time()));"
        " s = Storage(sys.argv[1], now=0.0); print(json.dumps(s.applied)); s.close()"
    )
    at = str(time.time() + 1.5)  # all start together, after the interpreters are up
    children = [
        subprocess.Popen([sys.executable, "-c", script, postgres_url, at], stdout=subprocess.PIPE)
        for _ in range(3)
    ]
    outputs = [child.communicate(timeout=60)[0] for child in children]
    assert [child.returncode for child in children] == [0, 0, 0]
    applied = sorted(v for out in outputs for v in json.loads(out))
    assert applied == [m.version for m in MIGRATIONS]


def test_serve_on_postgres_names_the_database_without_its_password(postgres_url, tmp_path):
    from tests.support.processes import ServeProcess

    log = tmp_path / "serve.log"
    server = ServeProcess(_with_password(postgres_url), log=log)
    try:
        server.start()
        import httpx

        with httpx.Client(base_url=server.url) as client:
            client.get("/api/me")
            answer = client.post(
                "/api/games", json={"game": "shisensho", "mode": "classic", "size": [4, 4]}
            )
            assert answer.status_code == 201, answer.text
    finally:
        server.close()
    text = log.read_text()
    name = postgres_url.rsplit("/", 1)[1]
    assert f"database '{name}' on 127.0.0.1" in text and SECRET not in text
    with Stored(postgres_url) as db:
        assert db.value("SELECT COUNT(*) FROM games") == 1
