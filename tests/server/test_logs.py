"""No player token reaches a log: a real ``tilematch serve`` writes its access log while
a client uses the (discouraged) ``?token=`` on a websocket and on HTTP."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import httpx
from websockets.asyncio.client import connect

from tests.support.processes import ServeProcess
from tilematch.server.redaction import HIDDEN, HideSecrets, hide_secrets


def test_the_access_log_of_a_real_server_never_holds_a_token(tmp_path: Path) -> None:
    log = tmp_path / "serve.log"
    server = ServeProcess(tmp_path / "db.sqlite3", args=["--log-level", "info"], log=log)
    try:
        server.start()
        token = httpx.get(server.url + "/api/me", timeout=10).json()["token"]
        room = httpx.post(
            server.url + "/api/duels",
            json={"size": [4, 6]},
            headers={"Authorization": f"Bearer {token}"},
            timeout=10,
        ).json()

        async def visit() -> str:
            address = f"{server.ws_url}/ws/duels/{room['code']}?token={token}&watch=1"
            async with connect(address, open_timeout=10) as ws:
                return str(await asyncio.wait_for(ws.recv(), 10))

        assert '"hello"' in asyncio.run(visit())
        answer = httpx.get(f"{server.url}/api/ping?token={token}", timeout=10)
        assert answer.status_code == 200
        cookie = httpx.get(server.url + "/api/me", cookies={"tilematch_token": token}, timeout=10)
        assert cookie.json()["id"]
    finally:
        server.close()
    text = log.read_text()
    assert f"/ws/duels/{room['code']}?token={HIDDEN}&watch=1" in text  # the line is there
    assert f"/api/ping?token={HIDDEN}" in text
    assert token not in text and token[:16] not in text


def test_secrets_are_hidden_in_any_record():
    token = "Zq0-_x" * 7
    for text, kept in (
        (f"GET /ws/duels/ABC?watch=1&token={token} HTTP/1.1", "GET /ws/duels/ABC?watch=1&token="),
        (f"Authorization: Bearer {token}", "Authorization: Bearer "),
        (f"cookie: theme=dark; tilematch_token={token}; x=1", "tilematch_token="),
    ):
        hidden = hide_secrets(text)
        assert token not in hidden and kept + HIDDEN in hidden
    record = logging.LogRecord(
        "uvicorn.access",
        logging.INFO,
        __file__,
        1,
        '%s - "%s %s"',
        ("1.2.3.4", "GET", f"/x?token={token}"),
        None,
    )
    assert HideSecrets().filter(record)
    assert record.getMessage() == f'1.2.3.4 - "GET /x?token={HIDDEN}"'
    assert hide_secrets("no secret here, tokens=3") == "no secret here, tokens=3"
