"""Simulated players for the load benchmarks: they play real games over HTTP.

N players arrive a few at a time and each start a game (creation times are
kept apart: dealing a board is the generator's work), then all play their
games move by move, waiting a human-like think time between moves; when a
game ends they start another. A move the server did not answer cleanly is
followed by a reload of the game, as the page does. Every move request is
timed, and every acknowledged move is counted per game, so that the database
can be checked afterwards: nothing acknowledged lost, nothing doubled. The
same players may then call the framework's bare endpoint (``/api/ping``) at
the same pace, which shows what the game costs over FastAPI and uvicorn.

Requests go through a :class:`~tilematch.benchmarks.client.Balancer`, round
robin over the server processes.
"""

from __future__ import annotations

import asyncio
import os
import random
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tilematch.benchmarks.client import Answer, Balancer, Channel
from tilematch.benchmarks.cluster import Cpu
from tilematch.benchmarks.machine import load_average

#: Boards the simulated players play (a standard Shisen-Sho deal), with fallbacks.
BOARDS: tuple[dict[str, Any], ...] = (
    {"game": "shisensho", "mode": "classic"},
    {"game": "solitaire", "mode": "regular"},
    {"game": "shisensho", "mode": "classic", "size": [4, 6]},
)
#: What a request that got no HTTP answer raises in the client.
UNANSWERED = (OSError, asyncio.IncompleteReadError, ValueError, TimeoutError)


@dataclass
class Level:
    """What one load level measured."""

    players: int
    think: float
    seconds: float
    moves: list[float] = field(default_factory=list)  # ms of each answered move request
    bare: list[float] = field(default_factory=list)
    creates: list[float] = field(default_factory=list)
    errors: int = 0  # requests that got no HTTP answer (connection lost, timeout)
    refused: int = 0  # moves the rules refused (200, ``ok: false``): nothing is stored
    failed: int = 0  # move requests answered with another status than 200
    acked: Counter[str] = field(default_factory=Counter)  # game id -> acknowledged moves
    unsure: Counter[str] = field(default_factory=Counter)  # game id -> unanswered moves
    statuses: Counter[int] = field(default_factory=Counter)  # of the move requests
    move_seconds: float = 0.0
    cpu: Cpu | None = None  # CPU seconds of the servers during the move phase
    bare_cpu: Cpu | None = None  # the same during the bare phase
    client_cpu: float | None = None  # the load client's CPU seconds during the move phase
    load: tuple[float, float, float] | None = None  # machine load average after the level

    def rate(self) -> float:
        """Moves per second over the move phase."""
        return len(self.moves) / self.move_seconds if self.move_seconds else 0.0

    def acknowledged(self) -> int:
        """Moves the servers acknowledged (``200`` with ``ok: true``)."""
        return sum(self.acked.values())

    def sent(self) -> int:
        """Move requests sent, answered or not."""
        return len(self.moves) + sum(self.unsure.values())

    def cpu_per_move(self, part: str = "servers") -> float | None:
        """CPU milliseconds per move request of one part (``servers``,
        ``postgresql``, ``redis``); ``None`` where unmeasured."""
        spent = getattr(self.cpu, part, None) if self.cpu is not None else None
        if spent is None or not self.moves:
            return None
        return float(spent) * 1000 / len(self.moves)

    def cpu_per_bare(self) -> float | None:
        """Server CPU milliseconds per bare request (``None`` where unmeasured)."""
        if self.bare_cpu is None or self.bare_cpu.servers is None or not self.bare:
            return None
        return self.bare_cpu.servers * 1000 / len(self.bare)

    def client_share(self) -> float | None:
        """The load client's CPU share of one core over the move phase (0..1)."""
        if self.client_cpu is None or not self.move_seconds:
            return None
        return self.client_cpu / self.move_seconds


@dataclass
class _Player:
    """A simulated player: its connections, its token and the game it plays."""

    channel: Channel
    token: str = ""
    game: dict[str, Any] | None = None


async def _send(
    player: _Player,
    level: Level,
    method: str,
    path: str,
    body: Any = None,
    move_of: str | None = None,
) -> Answer | None:
    """One request; ``None`` when it got no HTTP answer (counted; for a move of game
    ``move_of`` it is counted as unsure: it may or may not have been stored)."""
    try:
        return await player.channel.request(method, path, body, player.token or None)
    except UNANSWERED:
        level.errors += 1
        if move_of is not None:
            level.unsure[move_of] += 1
        return None


async def _join(
    balancer: Balancer, board: dict[str, Any], level: Level, gate: asyncio.Semaphore
) -> _Player:
    """A new player with a first game (its creation time recorded)."""
    async with gate:
        player = _Player(balancer.channel())
        me = await _send(player, level, "GET", "/api/me")
        if me is None or me.status_code != 200:
            raise RuntimeError("the server refused to create a player")
        player.token = me.json()["token"]
        player.game = await _create(player, board, level)
        return player


async def _create(player: _Player, board: dict[str, Any], level: Level) -> dict[str, Any] | None:
    start = time.perf_counter()
    answer = await _send(player, level, "POST", "/api/games", board)
    level.creates.append((time.perf_counter() - start) * 1000)
    if answer is None:
        return None
    if answer.status_code != 201:
        level.errors += 1
        return None
    game: dict[str, Any] = answer.json()
    return game


async def _reload(player: _Player, level: Level, game_id: str) -> dict[str, Any] | None:
    """The game as the server has it now (after a move that went wrong), or ``None``."""
    answer = await _send(player, level, "GET", f"/api/games/{game_id}")
    if answer is None or answer.status_code != 200:
        return None
    game: dict[str, Any] = answer.json()
    return game


def _intent(game: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The next move: one of the first legal pairs, or a shuffle when there is none."""
    if game["status"] == "deadlock" or not game["pairs"]:
        return {"type": "shuffle"}
    a, b = rng.choice(game["pairs"][:4])
    return {"type": "match", "a": a, "b": b}


async def _move(player: _Player, level: Level, game_id: str, intent: dict[str, Any]) -> None:
    """Send one timed move and follow its answer (the next view, a reload, a new game)."""
    path = f"/api/games/{game_id}/actions"
    start = time.perf_counter()
    answer = await _send(player, level, "POST", path, intent, move_of=game_id)
    if answer is None:
        player.game = await _reload(player, level, game_id)
        return
    level.moves.append((time.perf_counter() - start) * 1000)
    level.statuses[answer.status_code] += 1
    if answer.status_code != 200:
        level.failed += 1
        player.game = await _reload(player, level, game_id)
        return
    body = answer.json()
    if body["ok"]:
        level.acked[game_id] += 1
        player.game = body["game"]
        return
    level.refused += 1
    if intent["type"] != "shuffle":
        player.game = await _reload(player, level, game_id)  # the view was behind
        return
    # no reshuffle left: end this game, start another
    ended = await _send(player, level, "POST", path, {"type": "give_up"}, move_of=game_id)
    if ended is not None and ended.status_code == 200 and ended.json()["ok"]:
        level.acked[game_id] += 1
    player.game = None


async def _play(
    player: _Player, board: dict[str, Any], level: Level, stop: float, budget: list[int], seed: int
) -> None:
    rng = random.Random(seed)
    await asyncio.sleep(rng.uniform(0, level.think))  # players do not start in step
    while time.perf_counter() < stop and budget[0] > 0:
        game = player.game
        if game is None or game.get("status") not in ("playing", "deadlock"):
            player.game = await _create(player, board, level)
            if player.game is None:
                await asyncio.sleep(level.think)  # the server refused: try again later
            continue
        budget[0] -= 1
        await _move(player, level, game["id"], _intent(game, rng))
        await asyncio.sleep(rng.uniform(0.5, 1.5) * level.think)


async def _bare(player: _Player, level: Level, stop: float, budget: list[int], seed: int) -> None:
    rng = random.Random(seed)
    await asyncio.sleep(rng.uniform(0, level.think))
    while time.perf_counter() < stop and budget[0] > 0:
        budget[0] -= 1
        start = time.perf_counter()
        answer = await _send(player, level, "GET", "/api/ping")
        if answer is not None:
            level.bare.append((time.perf_counter() - start) * 1000)
            level.errors += answer.status_code != 200
        await asyncio.sleep(rng.uniform(0.5, 1.5) * level.think)


async def _pick_board(balancer: Balancer) -> dict[str, Any]:
    probe = balancer.channel()
    try:
        token = (await probe.request("GET", "/api/me")).json()["token"]
        for board in BOARDS:
            answer = await probe.request("POST", "/api/games", board, token)
            if answer.status_code == 201:
                return board
    finally:
        await probe.close()
    raise RuntimeError("the server deals none of the benchmark boards")


async def run_level(
    urls: list[str],
    players: int,
    think: float,
    seconds: float,
    max_requests: int,
    cpu: Callable[[], Cpu] | None = None,
    bare: bool = True,
    sticky: bool = False,
) -> Level:
    """Run one load level against the servers at ``urls`` (round robin per request);
    returns what it measured. ``cpu`` reads the servers' CPU seconds so far; with
    ``bare``, the players then call ``/api/ping`` for half as long; with
    ``sticky``, each player keeps to one server.

    Bounded: the move phase lasts ``seconds`` (plus the requests in flight then)
    and sends at most ``max_requests`` moves. Raises ``RuntimeError`` when the
    servers refuse to create players or games at the start."""
    level = Level(players, think, seconds)
    balancer = Balancer(urls, sticky=sticky)
    board = await _pick_board(balancer)
    gate = asyncio.Semaphore(4)  # players arrive a few at a time
    joined = await asyncio.gather(*(_join(balancer, board, level, gate) for _ in range(players)))
    try:
        budget = [max_requests]
        before = cpu() if cpu else None
        mine = os.times()
        begin = time.perf_counter()
        stop = begin + seconds
        await asyncio.gather(
            *(_play(p, board, level, stop, budget, seed) for seed, p in enumerate(joined))
        )
        level.move_seconds = time.perf_counter() - begin
        level.cpu = cpu() - before if cpu and before else None
        after = os.times()
        level.client_cpu = (after.user - mine.user) + (after.system - mine.system)
        if bare:
            budget = [max_requests]
            before = cpu() if cpu else None
            stop = time.perf_counter() + seconds / 2
            await asyncio.gather(*(_bare(p, level, stop, budget, s) for s, p in enumerate(joined)))
            level.bare_cpu = cpu() - before if cpu and before else None
    finally:
        await asyncio.gather(*(player.channel.close() for player in joined))
    level.load = load_average()
    return level
