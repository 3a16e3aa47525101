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
