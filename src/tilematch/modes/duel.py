"""The Shisen-Sho Speed Duel core: two players, one board, claims in arrival order.

A :class:`DuelGame` is driven by whoever receives the players' claims (the
server's websocket, a test, a local match against a :class:`Rival`), always
passing the time in. Rules (docs/rules.md §2.8):

* the first valid claim of a pair removes it and credits the claimer with 2
  tiles; a later claim on a tile already taken is refused as ``"taken"``
  without penalty (it lost the race, it was not a bad claim);
* a claim that is not a legal pair locks that player out for 1.0 s;
* a deadlock reshuffles the board automatically, solvably, with no penalty;
* the game ends when the board is empty: most tiles wins, equal is a draw;
* a player away (disconnected) for 30 s forfeits.

>>> game = DuelGame(seed=3, now=0.0)
>>> game.scores
[0, 0]
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Final

from tilematch.engine.board import Board, Match
from tilematch.engine.grid.board import GridBoard
from tilematch.modes import deals
from tilematch.modes.session import Outcome
from tilematch.modes.settings import DEFAULT_GRID, ModeError, Settings
from tilematch.modes.views import (
    DuelFigures,
    DuelMatch,
    DuelPlayerFigures,
    DuelResult,
    DuelView,
    Event,
    tile_view,
)

LOCKOUT_SECONDS: Final = 1.0
FORFEIT_SECONDS: Final = 30.0
TILES_PER_PAIR: Final = 2
#: Seconds between the computer opponent's pairs, per level.
RIVAL_PACE: Final[dict[str, float]] = {"relaxed": 4.0, "steady": 2.5, "sharp": 1.5}
PLAYERS: Final = (0, 1)

DUEL_REFUSALS: Final = {
    "locked": "You are locked out for a moment after a wrong claim.",
    "taken": "The other player claimed that tile first.",
    "game over": "The duel is over.",
    "away": "You are marked as away; reconnect first.",
}


@dataclass
class _Player:
    score: int = 0
    locked_until: float = float("-inf")
    away_since: float | None = None
    claims: int = 0
    bad_claims: int = 0


class Rival:
    """The computer opponent: plays a legal pair every ``pace`` seconds.

    ``level`` is ``"relaxed"`` (4 s), ``"steady"`` (2.5 s) or ``"sharp"``
    (1.5 s). Its choices are reproducible from ``seed``.
    """

    def __init__(self, level: str, seed: int = 0) -> None:
        if level not in RIVAL_PACE:
            raise ModeError(f"unknown rival level {level!r}; choose relaxed, steady or sharp")
        self.level = level
        self.pace = RIVAL_PACE[level]
        self.seed = seed
        self.played = 0
        self._ready_at: float | None = None

    def start(self, now: float) -> None:
        """Start the pace at ``now``: the first pair comes ``pace`` seconds later."""
        self._ready_at = now + self.pace

    def next_claim(self, board: Board, now: float) -> tuple[int, int, float] | None:
        """``(a, b, at_time)``: the legal pair the rival will claim and when
        (never before ``now``), or ``None`` when the board has no legal pair."""
        if self._ready_at is None:
            self.start(now)
        assert self._ready_at is not None
        pairs = sorted((m.a, m.b) for m in board.legal_pairs())
        if not pairs:
            return None
        rng = random.Random(deals.stream_seed(self.seed, deals.SALT_RIVAL, self.played))
        a, b = rng.choice(pairs)
        return a, b, max(now, self._ready_at)

    def shift(self, seconds: float) -> None:
        """Move the next pair ``seconds`` later (a pause of the duel)."""
        if self._ready_at is not None:
            self._ready_at += seconds

    def claimed(self, now: float) -> None:
        """Record that the rival's claim went through at ``now``; the next comes
        ``pace`` seconds later."""
        self.played += 1
        self._ready_at = now + self.pace


class DuelGame:
    """One Speed Duel between players ``0`` and ``1`` (see the module docstring).

    With a ``rival``, player 1 is the computer: :meth:`tick` lets it claim
    when its pace allows. ``version`` is the generator version to deal with
    (default: the current one); a saved duel keeps its own.
    """

    def __init__(
        self,
        seed: int,
        now: float,
        *,
        size: tuple[int, int] = DEFAULT_GRID,
        gravity: bool = False,
        generator: str = "reverse",
        rival: Rival | None = None,
        version: int | None = None,
    ) -> None:
        settings = Settings(
            game="shisensho",
            mode="classic",
            size=size,
            seed=seed,
            gravity=gravity,
            generator=generator,
            version=version,
        ).validate()
        self.seed = seed
        self.size = settings.size or DEFAULT_GRID
        self.gravity = gravity
        self.generator = generator
        self.version = settings.version
        self.started = float(now)
        #: When the duel began before any :meth:`shift` (what a replay starts from).
        self.began = float(now)
        self._now = float(now)
        dealt = deals.deal(
            "shisensho",
            seed=seed,
            size=self.size,
            gravity=gravity,
            generator=generator,
            version=settings.version,
        )
        self.board: Board = dealt.board
        self._dealt_spots = int(self.board.occupied)
        self.players = [_Player(), _Player()]
        self.rival = rival
        if rival is not None:
            rival.start(now)
        self.reshuffles = 0
        self.status = "playing"
        self.winner: int | None = None
        self.reason: str | None = None
        self.ended_at: float | None = None
        self.last_match: DuelMatch | None = None
        #: Accepted claims: ``{"player", "a", "b", "t"}``.
        self.log: list[dict[str, Any]] = []
        #: Every call that can change the duel, for :meth:`to_json`.
        self.record: list[dict[str, Any]] = []
        self._inside = False

    # ------------------------------------------------------------ state
    @property
    def scores(self) -> list[int]:
        """Tiles claimed by player 0 and player 1."""
        return [p.score for p in self.players]

    @property
    def finished(self) -> bool:
        """True once the duel has a result."""
        return self.status != "playing"

    def _player(self, player: int) -> _Player:
        if isinstance(player, bool) or player not in PLAYERS:
            raise ModeError(f"a duel has players 0 and 1, not {player!r}")
        return self.players[player]

    def locked(self, player: int, now: float) -> float:
        """Seconds of lockout ``player`` still has at ``now`` (0 when free to claim)."""
        return max(0.0, self._player(player).locked_until - now)

    def _end(self, now: float, reason: str, winner: int | None) -> Event:
        self.ended_at = now
        self.reason = reason
        self.winner = winner
        self.status = "draw" if winner is None else "won"
        result = self.result()
        return {
            "type": "end",
            "status": result["status"],
            "reason": result["reason"],
            "winner": result["winner"],
            "scores": result["scores"],
        }

    # ------------------------------------------------------------ time
    def _advance(self, now: float) -> float:
        now = max(float(now), self._now)
        self._now = now
        return now

    def _check_forfeit(self, now: float) -> list[Event]:
        if self.finished:
            return []
        away = [
            (p.away_since, i)
            for i, p in enumerate(self.players)
            if p.away_since is not None and now - p.away_since >= FORFEIT_SECONDS
        ]
        if not away:
            return []
        since, loser = min(away)
        return [self._end(since + FORFEIT_SECONDS, "forfeit", 1 - loser)]

    def tick(self, now: float) -> list[Event]:
        """Let time pass to ``now``: forfeits, and the rival's claims when due.
        Returns the events caused."""
        now = self._advance(now)
        events = self._check_forfeit(now)
        self._inside = True
        try:
            while self.rival is not None and not self.finished:
                planned = self.rival.next_claim(self.board, now)
                if planned is None or planned[2] > now:
                    break
                a, b, _ = planned
                outcome = self.claim(1, a, b, now)
                events.extend(outcome.events)
                if not outcome.ok:  # pragma: no cover - the rival only plays legal pairs
                    break
        finally:
            self._inside = False
        if events:
            self.record.append({"type": "tick", "t": now})
        return events

    def next_event_at(self) -> float | None:
        """When :meth:`tick` will next have something to do (a rival claim or a
        forfeit), for a server timer; ``None`` when nothing is pending."""
        if self.finished:
            return None
        times = [p.away_since + FORFEIT_SECONDS for p in self.players if p.away_since is not None]
        if self.rival is not None:
            planned = self.rival.next_claim(self.board, self._now)
            if planned is not None:
                times.append(planned[2])
        return min(times) if times else None

    def away(self, player: int, now: float) -> None:
        """``player`` disconnected at ``now``; they forfeit after 30 s away."""
        seat = self._player(player)
        now = self._advance(now)
        self.record.append({"type": "away", "player": player, "t": now})
        if seat.away_since is None:
            seat.away_since = now

    def back(self, player: int, now: float) -> list[Event]:
        """``player`` reconnected at ``now``; returns the events (a forfeit if they
        came back too late)."""
        seat = self._player(player)
        now = self._advance(now)
        self.record.append({"type": "back", "player": player, "t": now})
        events = self._check_forfeit(now)
        if not self.finished:
            seat.away_since = None
        return events

    def shift(self, seconds: float) -> None:
        """Move every clock of the duel ``seconds`` later: a pause nobody is charged
        for (a server handing the duel to another). Lockouts, the time away before a
        forfeit, the rival's pace and the elapsed time all skip the pause."""
        if seconds <= 0 or self.finished:
            return
        self.record.append({"type": "shift", "by": seconds, "t": self._now})
        self.started += seconds
        self._now += seconds
        for seat in self.players:
            seat.locked_until += seconds
            if seat.away_since is not None:
                seat.away_since += seconds
        if self.rival is not None:
            self.rival.shift(seconds)

    # ------------------------------------------------------------ claims
    def claim(self, player: int, a: int, b: int, now: float) -> Outcome:
        """``player`` claims the pair ``a``/``b`` at ``now`` (arrival order).

        Refusals: ``"game over"``, ``"away"``, ``"locked"``, ``"taken"`` (no
        penalty), or the board's reason (``"not a match"``, ``"no path"``,
        ``"empty"``, ``"same"``) which locks the player out for 1.0 s.
        Raises :class:`ModeError` for an unknown player or non-integer spots.
        """
        seat = self._player(player)
        for name, value in (("a", a), ("b", b)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise ModeError(f"a claim needs integer spots; {name} is {value!r}")
        now = self._advance(now)
        if not self._inside:
            self.record.append({"type": "claim", "player": player, "a": a, "b": b, "t": now})
        early = self._check_forfeit(now)
        if self.finished:
            return self._refuse("game over", early)
        if seat.away_since is not None:
            return self._refuse("away", early)
        if now < seat.locked_until:
            return self._refuse("locked", early)
        move: Match | None = None
        if self._on_board(a) and self._on_board(b) and a != b:
            move = self.board.match(a, b)
        if move is None:
            gone = [
                s for s in (a, b) if s >= 0 and self._dealt_spots >> s & 1 and not self._on_board(s)
            ]
            if gone and a != b and a >= 0 and b >= 0:
                return self._refuse("taken", early)
            reason = self.board.why_not(a, b) if self._valid(a) and self._valid(b) else "empty"
            seat.locked_until = now + LOCKOUT_SECONDS
            seat.bad_claims += 1
            refusal = self._refuse(reason, early)
            refusal.events.append({"type": "lockout", "player": player, "until": seat.locked_until})
            return refusal
        fell = (
            [list(fall) for fall in self.board.falls_after(move.a, move.b)]
            if isinstance(self.board, GridBoard)
            else []
        )
        self.board.push(move)
        seat.score += TILES_PER_PAIR
        seat.claims += 1
        if player == 1 and self.rival is not None:
            self.rival.claimed(now)
        self.last_match = {
            "a": move.a,
            "b": move.b,
            "path": [list(point) for point in move.path],
            "player": player,
            "fell": fell,
        }
        self.log.append({"player": player, "a": move.a, "b": move.b, "t": now})
        events: list[Event] = [
            *early,
            {"type": "match", "player": player, "a": move.a, "b": move.b},
        ]
        if self.board.is_cleared():
            first, second = self.scores
            winner = None if first == second else (0 if first > second else 1)
            events.append(self._end(now, "cleared", winner))
        else:
            self._unlock_deadlock(events)
        return Outcome(True, events=events)

    def _refuse(self, reason: str, events: list[Event]) -> Outcome:
        outcome = Outcome.refuse(reason, DUEL_REFUSALS.get(reason))
        outcome.events = list(events)
        return outcome

    def _valid(self, spot: int) -> bool:
        try:
            self.board.coords(spot)
        except (IndexError, KeyError, ValueError):
            return False
        return spot >= 0

    def _on_board(self, spot: int) -> bool:
        return spot >= 0 and bool(self.board.occupied >> spot & 1)

    def _unlock_deadlock(self, events: list[Event]) -> None:
        for _ in range(10):
            if not self.board.is_deadlocked():
                return
            seed = deals.stream_seed(self.seed, deals.SALT_SHUFFLE, self.reshuffles)
            self.board = deals.redeal(self.board, seed)
            self.reshuffles += 1
            events.append({"type": "shuffle", "automatic": True})

    # ------------------------------------------------------------ replay
    def to_json(self) -> dict[str, Any]:
        """Everything :meth:`from_json` needs to replay this duel."""
        return {
            "format": 1,
            "seed": self.seed,
            "size": list(self.size),
            "gravity": self.gravity,
            "generator": self.generator,
            "version": self.version,
            "rival": None if self.rival is None else self.rival.level,
            "rival_seed": None if self.rival is None else self.rival.seed,
            "start": self.began,
            "record": [dict(entry) for entry in self.record],
        }

    @classmethod
    def from_json(cls, data: object) -> DuelGame:
        """Rebuild a duel by replaying a :meth:`to_json` record; raises :class:`ModeError`
        when the record is malformed."""
        if not isinstance(data, dict) or data.get("format") != 1:
            raise ModeError("a saved duel must be a JSON object of format 1")
        try:
            rival = None
            if data.get("rival") is not None:
                rival = Rival(str(data["rival"]), int(data.get("rival_seed") or 0))
            game = cls(
                int(data["seed"]),
                float(data["start"]),
                size=(int(data["size"][0]), int(data["size"][1])),
                gravity=bool(data.get("gravity")),
                generator=str(data.get("generator") or "reverse"),
                rival=rival,
                version=None if data.get("version") is None else int(data["version"]),
            )
            for entry in data["record"]:
                kind, t = entry["type"], float(entry["t"])
                if kind == "claim":
                    game.claim(int(entry["player"]), int(entry["a"]), int(entry["b"]), t)
                elif kind == "away":
                    game.away(int(entry["player"]), t)
                elif kind == "back":
                    game.back(int(entry["player"]), t)
                elif kind == "tick":
                    game.tick(t)
                elif kind == "shift":
                    game.shift(float(entry["by"]))
                else:
                    raise ModeError(f"unknown duel record entry {kind!r}")
        except (KeyError, TypeError, ValueError, IndexError) as error:
            if isinstance(error, ModeError):
                raise
            raise ModeError(f"a saved duel is malformed: {error}") from None
        return game

    # ------------------------------------------------------------ views
    def result(self) -> DuelResult:
        """``{"status", "reason", "winner", "scores"}``; ``status`` is ``"playing"``,
        ``"won"`` or ``"draw"``, ``reason`` ``"cleared"`` or ``"forfeit"``."""
        return {
            "status": self.status,
            "reason": self.reason,
            "winner": self.winner,
            "scores": self.scores,
        }

    def figures(self) -> DuelFigures:
        """How the duel was played, per player: pairs taken, the pace (seconds of
        the duel per pair), the fastest pair (shortest time since that player's
        previous pair, or since the start) and wrong claims; with the duel's
        length in seconds and the winner's lead in tiles (0: a draw). Measured on
        the duel's own clock from the accepted claims."""
        end = self.ended_at if self.ended_at is not None else self._now
        seconds = max(0.0, end - self.started)
        players: list[DuelPlayerFigures] = []
        for index, seat in enumerate(self.players):
            times = [float(c["t"]) for c in self.log if c["player"] == index]
            gaps = [b - a for a, b in zip([self.started, *times], times, strict=False)]
            pairs = len(times)
            players.append(
                {
                    "pairs": pairs,
                    "pace": round(seconds / pairs, 2) if pairs else None,
                    "fastest": round(min(gaps), 2) if gaps else None,
                    "bad_claims": seat.bad_claims,
                }
            )
        first, second = self.scores
        return {"seconds": round(seconds, 3), "lead": abs(first - second), "players": players}

    def view(self, now: float) -> DuelView:
        """What both players' screens draw: tiles, scores, lockouts, who is away,
        the last match and the result.

        Unlike a solo game's view it holds no ``pairs`` and marks every tile
        free: finding a pair is the race itself, so the duel never hands out
        the legal pairs (a bot reading them would play perfectly). Claims are
        still checked against the rules by :meth:`claim`.
        """
        now = self._advance(now)
        rows, cols = self.size
        return {
            "game": "shisensho",
            "mode": "duel",
            "seed": self.seed,
            "size": [rows, cols],
            "gravity": self.gravity,
            "geometry": "grid",
            "bounds": {"rows": rows, "cols": cols},
            "tiles": [
                tile_view(self.board, spot, free=True, selectable=True, blocked=None, stone=0)
                for spot in self.board.spots()
            ],
            "last_match": self.last_match,
            "scores": self.scores,
            "locked": [round(self.locked(i, now), 3) for i in PLAYERS],
            "away": [p.away_since is not None for p in self.players],
            "rival": None if self.rival is None else self.rival.level,
            "reshuffles": self.reshuffles,
            "elapsed": round(
                (self.ended_at if self.ended_at is not None else now) - self.started, 3
            ),
            **self.result(),
        }
