"""``tilematch serve`` serves the API over real HTTP on a fresh database."""

from __future__ import annotations

import httpx

from tilematch.benchmarks.server import cpu_seconds, serve


def test_serve_answers_over_http(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    with serve(tmp_path) as served, httpx.Client(base_url=served.url) as client:
        assert client.get("/api/ping").json() == {"ok": True}
        me = client.get("/api/me")
        assert me.status_code == 200 and "tilematch_token" in me.headers["set-cookie"]
        game = client.post(
            "/api/games", json={"game": "shisensho", "mode": "classic", "size": [4, 4]}
        )
        assert game.status_code == 201
        assert client.get(f"/api/games/{game.json()['id']}").status_code == 200
        assert client.get("/").status_code == 200
        spent = cpu_seconds(served.pid)
        assert spent is None or spent > 0
    assert (tmp_path / "load.sqlite3").exists()


def _serve(capsys, monkeypatch, *args, env=None):
    """``tilematch serve ARGS`` run in this process: (exit code, stderr)."""
    from tilematch.cli import main

    monkeypatch.delenv("TILEMATCH_REDIS", raising=False)
    for name, value in (env or {}).items():
        monkeypatch.setenv(name, value)
    code = main(["serve", *args])
    return code, capsys.readouterr().err


def test_workers_without_redis_refuse_to_start_and_say_why(tmp_path, capsys, monkeypatch):
    code, err = _serve(capsys, monkeypatch, "--db", str(tmp_path / "x.sqlite3"), "--workers", "2")
    assert code == 2
    assert "--workers 2 needs TILEMATCH_REDIS" in err and "rate limits" in err
    assert "duel rooms" in err and "Traceback" not in err
    assert not (tmp_path / "x.sqlite3").exists()  # refused before anything was opened


def test_unreachable_redis_or_database_at_start_is_a_message(tmp_path, capsys, monkeypatch):
    from tilematch.benchmarks.services import free_port

    redis = {"TILEMATCH_REDIS": f"redis://127.0.0.1:{free_port()}/0"}
    for workers in ("1", "2"):
        code, err = _serve(
            capsys,
            monkeypatch,
            "--db",
            str(tmp_path / "x.sqlite3"),
            "--workers",
            workers,
            env=redis,
        )
        assert code == 2 and "cannot reach Redis at 127.0.0.1:" in err, err
        assert "Traceback" not in err
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    code, err = _serve(capsys, monkeypatch, "--db", str(blocked / "x.sqlite3"))
    assert code == 2 and f"cannot create {blocked}" in err, err
    code, err = _serve(capsys, monkeypatch, "--workers", "0")
    assert code == 2 and "--workers 0" in err


def test_workers_open_the_database_they_are_given(tmp_path, redis_url, capsys, monkeypatch):
    """The database of --db reaches the workers through the environment; it is migrated
    once, before they start."""
    from tilematch.commands import serve

    for name in ("TILEMATCH_DB", "TILEMATCH_ORIGINS", "TILEMATCH_FORWARDED_ALLOW_IPS"):
        monkeypatch.setenv(name, "")  # restored after the test
    seen = {}
    monkeypatch.setattr(serve, "_serve", lambda app, args: seen.update(app=app) or 0)
    code, _ = _serve(
        capsys,
        monkeypatch,
        "--db",
        str(tmp_path / "w.sqlite3"),
        "--workers",
        "3",
        env={"TILEMATCH_REDIS": redis_url},
    )
    assert code == 0 and seen["app"] == "tilematch.server.app:app_from_env"
    assert (tmp_path / "w.sqlite3").exists()
    import os

    assert os.environ["TILEMATCH_DB"] == str(tmp_path / "w.sqlite3")


def test_a_server_freezes_what_it_built_at_start(tmp_path, capsys, monkeypatch):
    """Before serving, the objects of the start are left out of later garbage collections
    (one process: before uvicorn runs; each worker: once its app is built)."""
    import gc

    import uvicorn

    from tilematch.server.app import app_from_env

    frozen = {}

    def run(app, **options):
        frozen["serve"] = gc.get_freeze_count()
        app.state.server.close()

    monkeypatch.setattr(uvicorn, "run", run)
    gc.unfreeze()
    try:
        code, err = _serve(capsys, monkeypatch, "--db", str(tmp_path / "one.sqlite3"))
        assert code == 0, err
        assert frozen["serve"] > 10_000  # the modules, classes and routes, at least
        gc.unfreeze()
        monkeypatch.setenv("TILEMATCH_DB", str(tmp_path / "worker.sqlite3"))
        app = app_from_env()
        assert gc.get_freeze_count() > 10_000
        app.state.server.close()
    finally:
        gc.unfreeze()
