"""Slow clients are cut off: a real ``tilematch serve`` closes connections that trickle
their headers or never finish their body within the deadlines, while a real player
goes on playing; the open-file limit is raised and sizes the connection bound."""

from __future__ import annotations

import asyncio
import resource
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.support.processes import ServeProcess
from tilematch.server.slow_clients import RESERVED_FILES, connection_bound, raise_open_files

#: Slow connections of each kind (headers trickled, a body never finished).
SLOW = 250
#: The deadlines the server is started with (seconds).
DEADLINE = 2.0
#: How long a slow connection is watched before the test gives up on the server.
WATCH = 20.0


async def _slow(url_port: int, kind: str) -> float:
    """Open one slow connection; returns the seconds until the server closed it (or
    :data:`WATCH` when it did not)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", url_port)
    started = time.monotonic()
    if kind == "headers":
        writer.write(b"GET /api/ping HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        drip = b"a"
    else:
        writer.write(
            b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b"Content-Length: 4000\r\n\r\n{"
        )
        drip = b" "
    try:
        while time.monotonic() - started < WATCH:
            writer.write(drip)  # a byte now and then: trickling extends nothing
            await writer.drain()
            try:
                if await asyncio.wait_for(reader.read(4096), 0.5) == b"":
                    break  # closed by the server (after a 408 for the headers)
            except TimeoutError:
                continue
    except (ConnectionError, OSError):
        pass  # reset by the server
    finally:
        writer.close()
    return time.monotonic() - started


async def _player(url: str, stop: asyncio.Event) -> list[float]:
    """A player making moves (hint, then the hinted pair) until ``stop``; returns the
    seconds each move took. Every move must be answered and accepted."""
    took: list[float] = []
    async with httpx.AsyncClient(base_url=url, timeout=30) as client:
        body: dict[str, Any] = {"game": "shisensho", "mode": "classic", "size": [8, 12]}
        game = (await client.post("/api/games", json=body)).json()
        while not stop.is_set():
            hint = await client.post(f"/api/games/{game['id']}/actions", json={"type": "hint"})
            assert hint.status_code == 200, hint.text
            pair = next(e for e in hint.json()["events"] if e["type"] == "hint")
            started = time.monotonic()
            move = await client.post(
                f"/api/games/{game['id']}/actions",
                json={"type": "match", "a": pair["a"], "b": pair["b"]},
            )
            took.append(time.monotonic() - started)
            assert move.status_code == 200 and move.json()["ok"], move.text
            if move.json()["game"]["status"] != "playing":
                game = (await client.post("/api/games", json=body)).json()
            await asyncio.sleep(0.2)
    return took


def test_slow_clients_are_cut_off_while_a_player_plays(tmp_path: Path) -> None:
    env = {"TILEMATCH_HEADER_TIMEOUT": str(DEADLINE), "TILEMATCH_BODY_TIMEOUT": str(DEADLINE)}
    server = ServeProcess(tmp_path / "db.sqlite3", env=env, log=tmp_path / "serve.log")

    async def run() -> tuple[list[float], list[float], float]:
        stop = asyncio.Event()
        player = asyncio.create_task(_player(server.url, stop))
        await asyncio.sleep(0.5)
        started = time.monotonic()
        kinds = ["headers", "body"] * SLOW
        cut = await asyncio.gather(*(_slow(server.port, kind) for kind in kinds))
        whole = time.monotonic() - started
        await asyncio.sleep(0.5)
        stop.set()
        return list(cut), await player, whole

    try:
        server.start()
        cut, moves, whole = asyncio.run(run())
        assert server.alive
        after = httpx.get(server.url + "/api/ping", timeout=10)
        assert after.status_code == 200
    finally:
        server.close()
    print(
        f"\n{len(cut)} slow connections: cut after {min(cut):.2f}-{max(cut):.2f} s "
        f"(median {sorted(cut)[len(cut) // 2]:.2f}), all within {whole:.2f} s; "
        f"{len(moves)} moves meanwhile, median {sorted(moves)[len(moves) // 2] * 1000:.1f} ms, "
        f"worst {max(moves) * 1000:.1f} ms"
    )
    assert max(cut) < WATCH - 5  # every slow connection was closed by the server
    assert sorted(cut)[len(cut) // 2] >= DEADLINE * 0.75  # ... at its deadline, not before
    assert len(moves) >= 10  # the player kept playing, every move answered and accepted


def test_huge_heads_and_connections_beyond_the_bound_are_refused(tmp_path: Path) -> None:
    server = ServeProcess(tmp_path / "db.sqlite3", env={"TILEMATCH_MAX_CONNECTIONS": "16"})

    async def closed_at_once(reader: asyncio.StreamReader) -> bool:
        try:
            return await asyncio.wait_for(reader.read(1), 1.5) == b""
        except TimeoutError:
            return False  # still open, waiting for a request
        except (ConnectionError, OSError):
            return True

    async def run() -> list[bool]:
        opened = [await asyncio.open_connection("127.0.0.1", server.port) for _ in range(40)]
        closed = await asyncio.gather(*(closed_at_once(reader) for reader, _ in opened))
        for _, writer in opened:
            writer.close()
        return list(closed)

    try:
        server.start()
        huge = httpx.get(server.url + "/api/ping", headers={"x-big": "a" * 40_000}, timeout=10)
        assert huge.status_code == 431
        closed = asyncio.run(run())
        assert httpx.get(server.url + "/api/ping", timeout=10).status_code == 200  # after them
    finally:
        server.close()
    assert closed[:10] == [False] * 10  # within the bound: waiting for their requests
    assert sum(closed) >= 40 - 16 and closed[-1]  # beyond it: closed before any request


def test_the_open_file_limit_is_raised_and_sizes_the_connections() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(1024, hard), hard))
        files = raise_open_files()
        assert files == resource.getrlimit(resource.RLIMIT_NOFILE)[0]
        assert files == (hard if hard != resource.RLIM_INFINITY else files) and files >= 1024
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    assert connection_bound(None, 1024) == 1024 - RESERVED_FILES
    assert connection_bound(500, 1024) == 500
    with pytest.raises(ValueError, match=r"TILEMATCH_MAX_CONNECTIONS=5000 needs .* 5128"):
        connection_bound(5000, 1024)
    with pytest.raises(ValueError, match="open-file limit is 100"):
        connection_bound(None, 100)
