"""Speed Duel over real websockets: the app served by uvicorn on a free localhost port,
players driven by real websocket clients (the ``websockets`` library).

Each client keeps its own copy of the board from the frames it receives (state,
claims, reshuffles), the way the page does; the tests compare those copies with
each other and with the server's board.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from tests.support.clock import FakeClock
from tilematch.benchmarks.live import LiveServer as PageServer
from tilematch.engine.grid.board import GridBoard
from tilematch.server.duel import DuelConfig, DuelRooms


class LiveServer(PageServer):
    """The app on uvicorn (websockets enabled, the test's clock) in a background thread,
    with helpers that speak to it as players."""

    def __init__(self, db_path: Path | str, clock: Callable[[], float], **config: Any) -> None:
        super().__init__(db_path, websockets=True, clock=clock, web_dir=None)
        options: dict[str, Any] = {"countdown": 0.05, "recheck": 0.02}
        options.update(config)
        self.rooms = DuelRooms(self.app.state.server.storage, clock, DuelConfig(**options))
        self.app.state.duels = self.rooms

    def new_player(self, name: str) -> str:
        """A new player's token (named ``name``)."""
        with httpx.Client(base_url=self.url) as http:
            token = str(http.get("/api/me").json()["token"])
            answer = http.put("/api/me", json={"name": name}, headers=auth(token))
            assert answer.status_code == 200, answer.text
        return token

    def post(self, token: str, path: str, body: Any) -> httpx.Response:
        with httpx.Client(base_url=self.url) as http:
            return http.post(path, json=body, headers=auth(token))

    def get(self, token: str, path: str) -> Any:
        with httpx.Client(base_url=self.url) as http:
            answer = http.get(path, headers=auth(token))
            assert answer.status_code == 200, answer.text
            return answer.json()

    def create(self, token: str, **body: Any) -> str:
        answer = self.post(token, "/api/duels", body)
        assert answer.status_code == 201, answer.text
        return str(answer.json()["code"])


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def live(database: Path | str) -> Iterator[LiveServer]:
    server = LiveServer(database, time.time).start()
    yield server
    server.stop()


@pytest.fixture
def fake_clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def live_fake(database: Path | str, fake_clock: FakeClock) -> Iterator[LiveServer]:
    server = LiveServer(database, fake_clock).start()
    yield server
    server.stop()


class Duelist:
    """One websocket client and its own copy of the board, built from frames only."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.frames: list[dict[str, Any]] = []
        self.tiles: dict[int, str] = {}
        self.size: tuple[int, int] = (0, 0)
        self.gravity = False
        self.version = -1
        self.scores = [0, 0]
        self.seat: int | None = None
        self.end: dict[str, Any] | None = None
        self.phase = "waiting"

    @classmethod
    async def open(cls, url: str, **kwargs: Any) -> Duelist:
        return cls(await connect(url, open_timeout=10, max_queue=None, **kwargs))

    def apply(self, frame: dict[str, Any]) -> None:
        kind = frame["type"]
        if kind == "hello":
            self.seat = frame["you"]
        elif kind == "state":
            self.size = (frame["size"][0], frame["size"][1])
            self.gravity = frame["gravity"]
            self.phase = frame["phase"]
            if "tiles" in frame:
                self.tiles = {t["spot"]: t["code"] for t in frame["tiles"]}
                self.scores = list(frame["scores"])
                self.version = frame["version"]
        elif kind == "claim":
            assert frame["version"] == self.version + 1, "a claim frame was skipped or repeated"
            self.version = frame["version"]
            if "tiles" in frame:
                self.tiles = {t["spot"]: t["code"] for t in frame["tiles"]}
            else:
                assert frame["a"] in self.tiles and frame["b"] in self.tiles
                del self.tiles[frame["a"]], self.tiles[frame["b"]]
            self.scores = list(frame["scores"])
            assert len(self.tiles) == frame["tiles_left"]
        elif kind == "reshuffle":
            self.version = frame["version"]
            self.tiles = {t["spot"]: t["code"] for t in frame["tiles"]}
        elif kind == "end":
            self.end = frame
            self.phase = "over"
        elif kind == "start":
            self.phase = "playing"

    async def recv(self, timeout: float = 10.0) -> dict[str, Any]:
        frame: dict[str, Any] = json.loads(await asyncio.wait_for(self.ws.recv(), timeout))
        self.frames.append(frame)
        self.apply(frame)
        return frame

    async def until(
        self, kind: str, check: Callable[[dict[str, Any]], bool] | None = None, timeout: float = 10
    ) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            frame = await self.recv(max(0.01, deadline - time.monotonic()))
            if frame["type"] == kind and (check is None or check(frame)):
                return frame

    async def playing(self) -> None:
        """Wait for the state frame of the running game."""
        await self.until("state", lambda f: f["phase"] == "playing")

    async def send(self, **frame: Any) -> None:
        await self.ws.send(json.dumps(frame))

    def board(self) -> GridBoard:
        rows, cols = self.size
        return GridBoard(rows, cols, dict(self.tiles), gravity=self.gravity)

    def pairs(self) -> list[tuple[int, int]]:
        return sorted((m.a, m.b) for m in self.board().legal_pairs())

    async def close(self) -> None:
        await self.ws.close()


def server_tiles(live: LiveServer, code: str) -> dict[int, str]:
    room = live.rooms.rooms[code]
    assert room.game is not None
    board = room.game.board
    return {spot: board.face(spot) or "" for spot in board.spots()}


async def seat_two(
    live: LiveServer, size: tuple[int, int] = (4, 6), **body: Any
) -> tuple[str, str, str, Duelist, Duelist]:
    """A room with two connected players, waiting for the running game's state."""
    host, guest = live.new_player("Host"), live.new_player("Guest")
    code = live.create(host, size=list(size), **body)
    first = await Duelist.open(f"{live.ws_url}/ws/duels/{code}?token={host}")
    second = await Duelist.open(f"{live.ws_url}/ws/duels/{code}?token={guest}")
    await asyncio.gather(first.playing(), second.playing())
    return code, host, guest, first, second


# --------------------------------------------------------------------------- tests


def test_two_players_play_a_full_duel(live: LiveServer) -> None:
    async def scenario() -> None:
        code, host, guest, first, second = await seat_two(live, seed=11)
        assert (first.seat, second.seat) == (0, 1)
        assert first.tiles == second.tiles == server_tiles(live, code)
        dealt = len(first.tiles)
        turn = 0
        while first.end is None:
            player = (first, second)[turn % 2]
            if not player.pairs():  # the last claim left a deadlock: its reshuffle follows
                await player.until("reshuffle")
            a, b = player.pairs()[0]
            await player.send(type="claim", a=a, b=b)
            # both hear the claim (or a reshuffle after it) before the next one
            for duelist in (first, second):
                await duelist.until("claim", lambda f, a=a, b=b: (f["a"], f["b"]) == (a, b))
            turn += 1
            if not first.tiles:
                await first.until("end")
        await second.until("end")
        assert first.end == second.end
        end = first.end
        assert end["reason"] == "cleared"
        assert sum(end["scores"]) == dealt
        assert first.tiles == second.tiles == {}
        assert end["names"] == ["Host", "Guest"]
        # finding a pair is the race: no frame ever lists the legal pairs
        assert not any("pairs" in frame for frame in first.frames + second.frames)
        # both players' histories hold the duel, and the leaderboard counts it
        for token, seat in ((host, 0), (guest, 1)):
            rows = [r for r in live.get(token, "/api/results") if r["mode"] == "duel"]
            assert len(rows) == 1
            assert rows[0]["score"] == end["scores"][seat]
            expected = (
                "draw" if end["winner"] is None else ("won" if end["winner"] == seat else "lost")
            )
            assert rows[0]["outcome"] == expected
        board = live.get(host, "/api/duels/leaderboard?against=player")
        assert {row["name"] for row in board} == {"Host", "Guest"}
        assert sum(row["wins"] for row in board) == (0 if end["winner"] is None else 1)
        await first.close()
        await second.close()

    asyncio.run(scenario())


def test_conflicting_claims_in_a_tight_loop_keep_both_boards_identical(
    database: Path | str,
) -> None:
    live = LiveServer(database, time.time, frames_per_second=100_000.0, frame_burst=100_000).start()
    try:

        async def hammer(me: Duelist, reverse: bool) -> None:
            """Claim every legal pair this client sees, as fast as it can, until the end."""
            sent_for = -2
            while me.end is None:
                if me.version != sent_for:
                    sent_for = me.version
                    pairs = me.pairs()
                    if reverse:
                        pairs.reverse()
                    # every pair at once: many overlap (a tile with two partners)
                    for a, b in pairs:
                        await me.send(type="claim", a=a, b=b)
                await me.recv()

        async def scenario() -> None:
            code, _, _, first, second = await seat_two(live, size=(6, 8), seed=5)
            dealt = len(first.tiles)
            await asyncio.wait_for(
                asyncio.gather(hammer(first, False), hammer(second, True)), timeout=60
            )
            end = first.end
            assert end is not None and end == second.end
            assert end["reason"] == "cleared"
            assert sum(end["scores"]) == dealt
            # both clients saw the same claims, in the same order, each pair once
            claims = [
                [(f["player"], f["a"], f["b"]) for f in d.frames if f["type"] == "claim"]
                for d in (first, second)
            ]
            assert claims[0] == claims[1]
            assert len(claims[0]) == dealt // 2
            seqs = [f["seq"] for f in first.frames]
            assert seqs == sorted(seqs)
            room = live.rooms.rooms[code]
            assert room.game is not None
            assert room.game.scores == end["scores"]
            assert first.tiles == second.tiles == {}
            for d in (first, second):
                await d.close()

        asyncio.run(scenario())
    finally:
        live.stop()


@pytest.mark.parametrize("gravity", [False, True])
def test_conflicts_mid_game_leave_identical_boards_that_add_up(
    database: Path | str, gravity: bool
) -> None:
    live = LiveServer(database, time.time, frames_per_second=100_000.0, frame_burst=100_000).start()
    try:

        async def scenario() -> None:
            code, _, _, first, second = await seat_two(live, size=(8, 12), seed=8, gravity=gravity)
            dealt = len(first.tiles)
            for _ in range(3):
                pairs = first.pairs()
                # both race for the same pairs in the same order, interleaved sends
                for a, b in pairs:
                    await first.send(type="claim", a=a, b=b)
                    await second.send(type="claim", a=b, b=a)
                await first.send(type="ping", id="sync")
                await second.send(type="ping", id="sync")
                await first.until("pong")
                await second.until("pong")
                if first.end is not None:
                    break
            assert first.tiles == second.tiles == server_tiles(live, code)
            assert first.version == second.version
            assert len(first.tiles) + sum(first.scores) == dealt
            assert first.scores == second.scores
            refused = [f for f in first.frames + second.frames if f["type"] == "refused"]
            assert refused, "no claim lost a race"
            assert {f["reason"] for f in refused} <= {"taken", "locked", "not a match", "no path"}
            for d in (first, second):
                await d.close()

        asyncio.run(scenario())
    finally:
        live.stop()


def test_a_dropped_player_reconnects_and_plays_on(live: LiveServer) -> None:
    async def scenario() -> None:
        code, _host, guest, first, second = await seat_two(live, seed=3)
        a, b = first.pairs()[0]
        await first.send(type="claim", a=a, b=b)
        await second.until("claim")
        await second.close()
        away = await first.until("away")
        assert away["player"] == 1
        assert away["forfeit_at"] == pytest.approx(time.time() + 30, abs=2)
        # the host plays on while the guest is away
        a, b = first.pairs()[0]
        await first.send(type="claim", a=a, b=b)
        await first.until("claim", lambda f: f["a"] == a)
        back = await Duelist.open(f"{live.ws_url}/ws/duels/{code}?token={guest}")
        hello = await back.until("hello")
        assert hello["you"] == 1
        state = await back.until("state")
        assert state["phase"] == "playing"
        assert back.tiles == first.tiles == server_tiles(live, code)
        assert back.scores == first.scores
        assert (await first.until("back"))["player"] == 1
        a, b = back.pairs()[0]
        await back.send(type="claim", a=a, b=b)
        landed = await first.until("claim", lambda f: f["player"] == 1)
        assert (landed["a"], landed["b"]) == (a, b)
        await back.until("claim")
        assert back.tiles == first.tiles
        await first.close()
        await back.close()

    asyncio.run(scenario())


def test_a_second_connection_replaces_the_first(live: LiveServer) -> None:
    async def scenario() -> None:
        code, host, _, first, second = await seat_two(live)
        again = await Duelist.open(f"{live.ws_url}/ws/duels/{code}?token={host}")
        await again.until("state")
        with pytest.raises(ConnectionClosed):
            while True:
                await first.recv()
        assert first.ws.close_code == 4000
        a, b = again.pairs()[0]
        await again.send(type="claim", a=a, b=b)
        assert (await second.until("claim"))["player"] == 0
        await again.close()
        await second.close()

    asyncio.run(scenario())


def test_the_player_who_stays_away_forfeits(live_fake: LiveServer, fake_clock: FakeClock) -> None:
    live = live_fake

    async def scenario() -> None:
        host, guest = live.new_player("Host"), live.new_player("Guest")
        code = live.create(host, size=[4, 6])
        first = await Duelist.open(f"{live.ws_url}/ws/duels/{code}?token={host}")
        second = await Duelist.open(f"{live.ws_url}/ws/duels/{code}?token={guest}")
        await first.until("countdown")
        fake_clock.advance(1.0)
        await asyncio.gather(first.playing(), second.playing())
        a, b = second.pairs()[0]
        await second.send(type="claim", a=a, b=b)
        await first.until("claim")
        await first.close()
        away = await second.until("away")
        assert away["player"] == 0
        assert away["forfeit_at"] == pytest.approx(fake_clock.now + 30)
        fake_clock.advance(29.0)
        await second.send(type="ping")
        await second.until("pong")
        assert second.end is None
        fake_clock.advance(1.5)
        end = await second.until("end", timeout=5)
        assert end["reason"] == "forfeit"
        assert end["winner"] == 1
        assert end["scores"] == [0, 2]
        # too late: the returning player sees the result, not a game
        late = await Duelist.open(f"{live.ws_url}/ws/duels/{code}?token={host}")
        state = await late.until("state")
        assert state["result"]["reason"] == "forfeit"
        await late.send(type="claim", a=0, b=1)
        refused = await late.until("refused")
        assert refused["reason"] == "game over"
        outcomes = {
            token: [r["outcome"] for r in live.get(token, "/api/results") if r["mode"] == "duel"]
            for token in (host, guest)
        }
        assert outcomes == {host: ["lost"], guest: ["won"]}
        await late.close()
        await second.close()

    asyncio.run(scenario())


def test_bad_frames_get_errors_and_never_touch_the_game(live: LiveServer) -> None:
    async def scenario() -> None:
        code, _, _, first, second = await seat_two(live)
        before = server_tiles(live, code)
        watcher_token = live.new_player("Watcher")
        watcher = await Duelist.open(f"{live.ws_url}/ws/duels/{code}?token={watcher_token}")
        assert (await watcher.until("hello"))["role"] == "spectator"
        await watcher.until("state")
        assert watcher.tiles == before
        cases: list[tuple[Duelist, Any, str]] = [
            (first, "not json {", "bad_json"),
            (first, "[1, 2]", "bad_frame"),
            (first, '{"kind": "claim"}', "bad_frame"),
            (first, '{"type": "teleport"}', "unknown_type"),
            (first, '{"type": "claim", "a": "1", "b": 2}', "bad_claim"),
            (first, '{"type": "claim", "a": true, "b": 2}', "bad_claim"),
            (first, '{"type": "claim", "a": 1e99, "b": 2}', "bad_claim"),
            (first, '{"type": "claim", "a": 1}', "bad_claim"),
            (first, b"\x00\x01", "bad_frame"),
            (first, '{"type": "rival", "level": "sharp"}', "not_allowed"),
            (first, '{"type": "rematch"}', "not_over"),
            (watcher, json.dumps({"type": "claim", "a": 0, "b": 1}), "not_a_player"),
            (watcher, '{"type": "rematch"}', "not_a_player"),
        ]
        for who, payload, code_word in cases:
            await who.ws.send(payload)
            error = await who.until("error")
            assert error["code"] == code_word, (payload, error)
        assert server_tiles(live, code) == before
        room = live.rooms.rooms[code]
        assert room.game is not None
        assert room.game.scores == [0, 0]
        assert room.game.locked(0, time.time()) == 0
        assert room.version == 0
        # an oversized frame closes the connection with 1009 ...
        await first.ws.send(json.dumps({"type": "claim", "a": 0, "b": 1, "pad": "x" * 5000}))
        with pytest.raises(ConnectionClosed):
            while True:
                await first.recv()
        assert first.ws.close_code == 1009
        # ... and the game is untouched: the player is away, nothing else changed
        assert server_tiles(live, code) == before
        assert room.game.scores == [0, 0]
        await second.close()
        await watcher.close()

    asyncio.run(scenario())


def test_flooding_is_rate_limited_then_closed(database: Path | str) -> None:
    # the frame limiter's clock stands still: no token comes back while the 60 frames
    # arrive, however slowly a busy machine delivers them (10 pass, 30 drops close)
    live = LiveServer(
        database,
        time.time,
        frames_per_second=5.0,
        frame_burst=10,
        flood_limit=30,
        monotonic=lambda: 0.0,
    ).start()
    try:

        async def scenario() -> None:
            code, _, _, first, second = await seat_two(live)
            before = server_tiles(live, code)
            for _ in range(60):
                await first.send(type="claim", a=0, b=0)
            errors = []
            with pytest.raises(ConnectionClosed):
                while True:
                    frame = await first.recv()
                    if frame["type"] == "error":
                        errors.append(frame["code"])
            assert "rate_limited" in errors
            assert first.ws.close_code == 1008
            # ten claims got through (burst), each locking out only the flooder
            room = live.rooms.rooms[code]
            assert room.game is not None
            assert room.game.scores == [0, 0]
            assert server_tiles(live, code) == before
            assert 1 <= room.game.players[0].bad_claims <= 10  # the burst got through, no more
            assert room.game.players[0].claims == 0
            assert room.game.players[1].bad_claims == 0
            # the other player is not affected
            a, b = second.pairs()[0]
            await second.send(type="claim", a=a, b=b)
            assert (await second.until("claim"))["player"] == 1
            await second.close()

        asyncio.run(scenario())
    finally:
        live.stop()


def test_a_bad_claim_locks_out_for_one_second(live_fake: LiveServer, fake_clock: FakeClock) -> None:
    live = live_fake

    async def scenario() -> None:
        host, guest = live.new_player("Host"), live.new_player("Guest")
        code = live.create(host, size=[4, 6], seed=2)
        first = await Duelist.open(f"{live.ws_url}/ws/duels/{code}?token={host}")
        second = await Duelist.open(f"{live.ws_url}/ws/duels/{code}?token={guest}")
        await first.until("countdown")
        fake_clock.advance(1.0)
        await asyncio.gather(first.playing(), second.playing())
        faces = first.tiles
        spots = sorted(faces)
        odd = next((x, y) for x in spots for y in spots if x < y and faces[x] != faces[y])
        await first.send(type="claim", a=odd[0], b=odd[1])
        refused = await first.until("refused")
        assert refused["reason"] == "not a match"
        assert refused["locked"] == pytest.approx(1.0)
        lockout = await second.until("lockout")
        assert lockout == {**lockout, "player": 0, "seconds": 1.0}
        a, b = first.pairs()[0]
        fake_clock.advance(0.9)
        await first.send(type="claim", a=a, b=b)
        assert (await first.until("refused"))["reason"] == "locked"
        fake_clock.advance(0.11)
        await first.send(type="claim", a=a, b=b)
        assert (await second.until("claim"))["player"] == 0
        # the other player was never locked
        room = live.rooms.rooms[code]
        assert room.game is not None and room.game.players[1].bad_claims == 0
        await first.close()
        await second.close()

    asyncio.run(scenario())


def test_a_player_alone_races_the_computer(live_fake: LiveServer, fake_clock: FakeClock) -> None:
    live = live_fake

    async def scenario() -> None:
        host = live.new_player("Solo")
        code = live.create(host, size=[4, 6], seed=4, rival="sharp")
        me = await Duelist.open(f"{live.ws_url}/ws/duels/{code}?token={host}")
        room = await me.until("room")
        assert room["players"][1]["rival"] == "sharp"
        fake_clock.advance(1.0)
        await me.playing()
        dealt = len(me.tiles)
        rival_claims = 0
        while me.end is None:
            fake_clock.advance(1.5)  # the sharp rival's pace
            frame = await me.recv()
            if frame["type"] == "claim" and frame["player"] == 1:
                rival_claims += 1
                if me.tiles and rival_claims % 2 == 0:  # the scripted player, every 3 s
                    a, b = me.pairs()[0]
                    await me.send(type="claim", a=a, b=b)
        assert me.end["reason"] == "cleared"
        assert sum(me.end["scores"]) == dealt
        assert me.end["scores"][1] == 2 * rival_claims
        assert me.end["winner"] == 1
        rows = [r for r in live.get(host, "/api/results") if r["mode"] == "duel"]
        assert [(r["outcome"], r["variant"]) for r in rows] == [("lost", "rival-sharp")]
        await me.close()

    asyncio.run(scenario())


def test_unknown_rooms_and_tokens_are_refused(live: LiveServer) -> None:
    async def scenario() -> None:
        host = live.new_player("Host")
        code = live.create(host)
        nobody = await Duelist.open(f"{live.ws_url}/ws/duels/ZZZZZZ?token={host}")
        with pytest.raises(ConnectionClosed):
            await nobody.recv()
        assert nobody.ws.close_code == 4404
        stranger = await Duelist.open(f"{live.ws_url}/ws/duels/{code}?token=not-a-token")
        with pytest.raises(ConnectionClosed):
            await stranger.recv()
        assert stranger.ws.close_code == 4401
        # no token at all: a read-only spectator
        anonymous = await Duelist.open(f"{live.ws_url}/ws/duels/{code}")
        assert (await anonymous.until("hello"))["role"] == "spectator"
        await anonymous.close()

    asyncio.run(scenario())


def test_rematch_opens_a_new_room_for_both(live: LiveServer) -> None:
    async def scenario() -> None:
        code, host, guest, first, second = await seat_two(live, size=(2, 2))
        while first.tiles:
            a, b = first.pairs()[0]
            await first.send(type="claim", a=a, b=b)
            await first.until("claim")
            await second.until("claim")
        await first.until("end")
        await second.until("end")
        await first.send(type="rematch")
        vote = await second.until("rematch")
        assert vote["votes"] == [True, False] and vote["code"] is None
        await second.send(type="rematch")
        done = await first.until("rematch", lambda f: f["code"] is not None)
        fresh = done["code"]
        assert fresh != code
        summary = live.get(guest, f"/api/duels/{fresh}")
        assert summary["you"] == 1
        assert summary["players"][0]["name"] == "Host"
        assert live.get(host, f"/api/duels/{fresh}")["you"] == 0
        await first.close()
        await second.close()

    asyncio.run(scenario())
