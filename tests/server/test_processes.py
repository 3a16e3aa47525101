"""Real ``tilematch serve`` processes on one database and one Redis answer one player's
game in turn and at once: one move accepted per step, nothing acknowledged lost or
doubled, the same game on every process, even after a kill -9."""

from __future__ import annotations

import http.client
import json
import os
import signal
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.support.processes import ServeProcess
from tests.support.stored import Stored
from tilematch.server.rules import ModesRules

ACTIVE = ("playing", "paused", "deadlock")
#: A board of 24 pairs, large enough for many raced steps.
BOARD = {"game": "shisensho", "mode": "classic", "size": [6, 8], "seed": 7}


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The database every process of a test shares: a SQLite file or a PostgreSQL URL."""
    if request.param == "sqlite":
        return str(tmp_path / "shared.sqlite3")
    url: str = request.getfixturevalue("postgres_url")
    return url


def _rows(database: str, sql: str, params: tuple[Any, ...]) -> list[tuple[Any, ...]]:
    """Rows of a query on the shared database (read beside the running servers)."""
    with Stored(database) as db:
        return db.rows(sql, params)


@pytest.fixture
def two_servers(database: str, redis_url: str, tmp_path: Path) -> Iterator[list[ServeProcess]]:
    """Two ``tilematch serve`` processes on the test's database and Redis."""
    servers = [
        ServeProcess(database, redis=redis_url, log=tmp_path / f"serve-{n}.log") for n in (1, 2)
    ]
    try:
        for server in servers:
            server.start()
        yield servers
    finally:
        for server in servers:
            server.close()


class Player:
    """One player's bearer token, spoken to any process."""

    def __init__(self, server: ServeProcess) -> None:
        self.token = httpx.get(server.url + "/api/me").json()["token"]
        self.headers = {"Authorization": f"Bearer {self.token}"}

    def get(self, server: ServeProcess, path: str) -> httpx.Response:
        return httpx.get(server.url + path, headers=self.headers, timeout=10)

    def post(self, server: ServeProcess, path: str, body: dict[str, Any]) -> httpx.Response:
        return httpx.post(server.url + path, json=body, headers=self.headers, timeout=10)

    def act(self, server: ServeProcess, game_id: str, **intent: Any) -> httpx.Response:
        return self.post(server, f"/api/games/{game_id}/actions", intent)


class Ledger:
    """Every move a process acknowledged (answered ``ok: true``)."""

    def __init__(self) -> None:
        self.acked: list[dict[str, Any]] = []
        self.lock = threading.Lock()

    def record(self, answer: httpx.Response, intent: dict[str, Any]) -> bool:
        assert answer.status_code in (200, 409), answer.text
        ok = answer.status_code == 200 and answer.json()["ok"]
        if ok:
            with self.lock:
                self.acked.append(intent)
        return bool(ok)


def _match(pair: list[int]) -> dict[str, Any]:
    return {"type": "match", "a": pair[0], "b": pair[1]}


def _race(
    player: Player,
    servers: list[ServeProcess],
    gid: str,
    intents: list[dict[str, Any]],
    ledger: Ledger,
) -> list[bool]:
    """Send one intent to each process at the same moment; returns which were accepted."""
    start = threading.Barrier(len(servers))

    def send(server: ServeProcess, intent: dict[str, Any]) -> bool:
        start.wait()
        return ledger.record(player.act(server, gid, **intent), intent)

    with ThreadPoolExecutor(len(servers)) as pool:
        return list(pool.map(send, servers, intents))


def _check_log(database: str, gid: str, ledger: Ledger) -> list[tuple[float, dict[str, Any]]]:
    """The stored log: contiguous seqs, every acknowledged move in it exactly once."""
    rows = _rows(
        database, "SELECT seq, at, intent FROM moves WHERE game_id = ? ORDER BY seq", (gid,)
    )
    assert [row[0] for row in rows] == list(range(1, len(rows) + 1))
    stored = [json.loads(row[2]) for row in rows if json.loads(row[2])["type"] != "tick"]
    key = lambda intent: json.dumps(intent, sort_keys=True)  # noqa: E731
    assert sorted(map(key, stored)) == sorted(map(key, ledger.acked))
    assert _rows(database, "SELECT seq FROM games WHERE id = ?", (gid,))[0][0] == len(rows)
    return [(float(row[1]), json.loads(row[2])) for row in rows]


def _replayed(database: str, gid: str, log: list[tuple[float, dict[str, Any]]]) -> dict[str, Any]:
    """The view a fresh session reaches by replaying the stored log."""
    settings_json, created = _rows(
        database, "SELECT settings, created FROM games WHERE id = ?", (gid,)
    )[0]
    rules = ModesRules()
    session = rules.new_session(rules.settings_from_json(json.loads(settings_json)), created)
    for at, intent in log:
        if intent["type"] == "tick":
            session.tick(at)
        else:
            session.act(intent, at)
    view: dict[str, Any] = session.view(log[-1][0] if log else created)
    return view


SAME = ("tiles", "score", "ledger", "status", "pairs")


def test_one_game_alternating_and_racing_between_two_processes(
    two_servers: list[ServeProcess], database: str
) -> None:
    player = Player(two_servers[0])
    ledger = Ledger()
    started = player.post(two_servers[1], "/api/games", BOARD)
    assert started.status_code == 201, started.text
    gid = started.json()["id"]
    # in turn: each process sees the other's moves before it plays its own
    for turn in range(6):
        server = two_servers[turn % 2]
        view = player.get(server, f"/api/games/{gid}").json()
        assert view["counters"]["moves"] == turn
        assert ledger.record(
            player.act(server, gid, **_match(view["pairs"][0])), _match(view["pairs"][0])
        )
    # at once: the same pair to both, or two different pairs, in a tight loop
    races = {"same": 0, "different": 0}
    view = player.get(two_servers[0], f"/api/games/{gid}").json()
    while view["status"] in ACTIVE and view["pairs"]:
        pairs = view["pairs"]
        disjoint = [p for p in pairs if not set(p) & set(pairs[0])]
        if races["same"] <= races["different"] or not disjoint:
            accepted = _race(player, two_servers, gid, [_match(pairs[0])] * 2, ledger)
            assert accepted.count(True) == 1, accepted  # one move per step
            races["same"] += 1
        else:
            accepted = _race(
                player, two_servers, gid, [_match(pairs[0]), _match(disjoint[0])], ledger
            )
            assert all(accepted), accepted  # both legal: two steps, one after the other
            races["different"] += 1
        view = player.get(two_servers[races["same"] % 2], f"/api/games/{gid}").json()
    assert races["same"] >= 3 and races["different"] >= 3, races
    if view["status"] in ACTIVE:  # stuck: both give up at once, and one of them ends it
        assert _race(player, two_servers, gid, [{"type": "give_up"}] * 2, ledger).count(True) == 1
    finals = [player.get(server, f"/api/games/{gid}").json() for server in two_servers]
    assert finals[0]["status"] not in ACTIVE
    for key in SAME:
        assert finals[0][key] == finals[1][key], key
    log = _check_log(database, gid, ledger)
    replay = _replayed(database, gid, log)
    for key in ("tiles", "score", "ledger", "status"):
        assert replay[key] == finals[0][key], key
    results = _rows(database, "SELECT outcome, score FROM results WHERE game_id = ?", (gid,))
    assert results == [(finals[0]["status"], finals[0]["score"])]


def test_a_process_killed_mid_game_loses_nothing_acknowledged(
    two_servers: list[ServeProcess], database: str
) -> None:
    first, second = two_servers
    player = Player(first)
    ledger = Ledger()
    gid = player.post(first, "/api/games", BOARD).json()["id"]
    assert player.get(second, f"/api/games/{gid}").status_code == 200  # held by both
    for _ in range(5):
        view = player.get(first, f"/api/games/{gid}").json()
        assert ledger.record(
            player.act(first, gid, **_match(view["pairs"][0])), _match(view["pairs"][0])
        )
    first.kill()
    view = player.get(second, f"/api/games/{gid}").json()
    assert view["counters"]["moves"] == 5  # every acknowledged move, on the other process
    for _ in range(3):
        assert ledger.record(
            player.act(second, gid, **_match(view["pairs"][0])), _match(view["pairs"][0])
        )
        view = player.get(second, f"/api/games/{gid}").json()
    first.start()
    again = player.get(first, f"/api/games/{gid}").json()
    for key in SAME:
        assert again[key] == view[key], key
    assert again["counters"]["moves"] == 8
    _check_log(database, gid, ledger)


def test_racing_first_visits_of_a_daily_on_two_processes_start_one_game(
    two_servers: list[ServeProcess], database: str
) -> None:
    player = Player(two_servers[0])
    for day in ("2026-11-20", "2026-11-21", "2026-11-22"):
        start = threading.Barrier(2)

        def visit(server: ServeProcess, day: str = day, start: Any = start) -> httpx.Response:
            start.wait()
            return player.post(server, f"/api/daily/{day}", {"utc_offset": 60})

        with ThreadPoolExecutor(2) as pool:
            answers = list(pool.map(visit, two_servers))
        assert sorted(a.status_code for a in answers) == [200, 201], [a.text for a in answers]
        assert answers[0].json()["id"] == answers[1].json()["id"]
        stored = _rows(database, "SELECT COUNT(*) FROM games WHERE daily_date = ?", (day,))
        assert stored == [(1,)]


def _workers(parent: int) -> list[int]:
    """The worker processes of a ``--workers`` server (children running the app)."""
    with open(f"/proc/{parent}/task/{parent}/children") as handle:
        children = [int(pid) for pid in handle.read().split()]
    found = []
    for pid in children:
        with open(f"/proc/{pid}/cmdline", "rb") as handle:
            if b"resource_tracker" not in handle.read():
                found.append(pid)
    return found


def _server_socket(server_port: int, client_port: int) -> str:
    """The inode of the server's end of the loopback connection from ``client_port``."""
    with open("/proc/net/tcp") as handle:
        for line in handle.readlines()[1:]:
            fields = line.split()
            local, remote = (int(address.split(":")[1], 16) for address in fields[1:3])
            if (local, remote) == (server_port, client_port):
                return fields[9]
    raise AssertionError(f"no server socket for the connection from port {client_port}")


def _owner(inode: str, workers: list[int]) -> int:
    """Which worker holds the socket ``inode``."""
    for pid in workers:
        for fd in Path(f"/proc/{pid}/fd").iterdir():
            try:
                if fd.readlink().name == f"socket:[{inode}]":
                    return pid
            except OSError:
                continue
    raise AssertionError(f"no worker holds socket {inode}")


class Answered:
    """Requests on a new connection each, remembering which worker answered each."""

    def __init__(self, server: ServeProcess, workers: list[int], token: str) -> None:
        self.server = server
        self.workers = workers
        self.headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
        self.by: list[int] = []

    def __call__(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        connection = http.client.HTTPConnection("127.0.0.1", self.server.port, timeout=10)
        try:
            data = json.dumps(body) if body is not None else None
            connection.request(method, path, body=data, headers=self.headers)
            answer = connection.getresponse()
            payload = json.loads(answer.read())
            assert connection.sock is not None  # still open: keep-alive
            client_port = connection.sock.getsockname()[1]
            self.by.append(_owner(_server_socket(self.server.port, client_port), self.workers))
            return answer.status, payload
        finally:
            connection.close()


def test_two_workers_serve_one_game(database: str, redis_url: str, tmp_path: Path) -> None:
    server = ServeProcess(
        database, redis=redis_url, args=["--workers", "2"], log=tmp_path / "workers.log"
    )
    try:
        server.start()
        assert server.process is not None
        workers = _workers(server.process.pid)
        assert len(workers) == 2
        ask = Answered(server, workers, Player(server).token)
        ledger = Ledger()
        status, view = ask("POST", "/api/games", BOARD)
        assert status == 201, view
        gid = view["id"]
        for _ in range(20):
            if not view["pairs"]:
                break
            intent = _match(view["pairs"][0])
            status, answer = ask("POST", f"/api/games/{gid}/actions", intent)
            assert status == 200 and answer["ok"], answer
            ledger.acked.append(intent)
            status, view = ask("GET", f"/api/games/{gid}")
            assert view["counters"]["moves"] == len(ledger.acked)  # whichever worker asked
        assert set(ask.by) == set(workers), ask.by  # both workers answered some of it
        # a worker killed mid-game: the other answers, and a new worker takes its place
        os.kill(workers[0], signal.SIGKILL)
        deadline = time.monotonic() + 20
        while len(replaced := _workers(server.process.pid)) < 2 or workers[0] in replaced:
            assert time.monotonic() < deadline, "the killed worker was not replaced"
            time.sleep(0.1)
        ask.workers = replaced
        status, view = ask("GET", f"/api/games/{gid}")
        assert status == 200 and view["counters"]["moves"] == len(ledger.acked)
        if view["pairs"]:
            intent = _match(view["pairs"][0])
            status, answer = ask("POST", f"/api/games/{gid}/actions", intent)
            assert status == 200 and answer["ok"], answer
            ledger.acked.append(intent)
        _check_log(database, gid, ledger)
    finally:
        server.close()
