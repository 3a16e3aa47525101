"""Live games: sessions in memory, the database as the truth.

Every game id maps to a session restored from its row's start record (save
format, settings, start time) by replaying its stored moves. A per-game lock
serialises the moves on one game; each accepted move is written before the
answer leaves: its move row, and the game row's number of the last move,
status, tiles left and score (one transaction; the row's size does not grow
with the game). When a write
fails, the in-memory session is dropped and the next request rebuilds it
from the database, so memory never runs ahead of what was acknowledged.

Many processes may serve one database. A session held in memory is used only
while its ``seq`` (the number of its last move) is the stored one, checked by
one indexed read per request; a move is stored with a compare-and-set on that
number (``UPDATE games ... WHERE id = ? AND seq = ?`` in the move's
transaction). A writer that finds the game moved on rolls back, drops its
session, reloads the game and plays the intent again on the fresh state, so
racing processes accept exactly one move per step.

When a game ends, its move log is replayed from the stored rows on a fresh
session; only a result whose replay reaches the same score and outcome is
marked verified and enters the leaderboards.
"""

from __future__ import annotations

import functools
import json
import logging
import threading
import zlib
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import anyio
import anyio.to_thread
from starlette.concurrency import run_in_threadpool

from tilematch.server.db import WRITE_ERRORS, Storage
from tilematch.server.db import games as db_games
from tilematch.server.db.games import Filing, GameRecord, MoveRecord
from tilematch.server.db.results import ResultRecord, insert_result
from tilematch.server.errors import ApiError, of_kind
from tilematch.server.players import Player, new_id
from tilematch.server.rules import GameSession, RuleError, Rules

log = logging.getLogger("tilematch.server")

#: Statuses of a game still in play; any other status is an end.
ACTIVE = ("playing", "paused", "deadlock")
#: The mode of stored Speed Duels: kept for results, not played through this service.
DUEL = "duel"
#: Intents that may search for a while (solver-backed hints, solvable re-deals): always
#: answered in a worker thread, never on the event loop.
SLOW_INTENTS = ("smart_hint", "shuffle")
_STRIPES = 256
#: Times an intent is played again on a freshly loaded game after another process
#: stored a move of that game first; then the request answers 503 ``busy``.
RETRIES = 8
#: The most moves another process may have stored since a session in memory was
#: current for it to catch up by playing them (more, or a slow intent, and it is
#: restored from the stored state instead).
CATCH_UP = 8


def _dumps(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"))


class StoredDuel(ApiError):
    """A stored Speed Duel asked for as a live game (409 ``duel_game`` for intents)."""


class Conflict(Exception):
    """Another writer stored the game's next move first; the move was rolled back and
    the session dropped, so the intent is played again on the stored game."""


@dataclass
class Live:
    """A game held in memory."""

    id: str
    player_id: str
    session: GameSession
    settings: dict[str, Any]
    created: float
    seq: int
    daily_date: str | None = None
    level: int | None = None
    status: str = "playing"
    extra: dict[str, Any] = field(default_factory=dict)


def filing(view: dict[str, Any]) -> Filing:
    """The ``game``, ``mode``, ``board`` and ``variant`` under which a game's scores
    are ranked.

    ``board`` is the layout name, the Shisen-Sho shape name or ``ROWSxCOLS``;
    ``variant`` separates scores the rules keep apart (gravity, difficulty,
    campaign level).
    """
    size = view.get("size")
    layout = view.get("layout") or view.get("shape")
    if layout:
        board = str(layout)
    elif isinstance(size, list | tuple) and len(size) == 2:
        board = f"{size[0]}x{size[1]}"
    else:
        board = ""
    parts = []
    if view.get("gravity"):
        parts.append("gravity")
    if view.get("difficulty"):
        parts.append(str(view["difficulty"]))
    if view.get("level"):
        parts.append(f"level-{view['level']}")
    return Filing(
        game=str(view.get("game", "")),
        mode=str(view.get("mode", "")),
        board=board,
        variant="/".join(parts),
    )


def counter(view: dict[str, Any], name: str) -> int:
    """An integer counter of a view (0 when absent)."""
    value = (view.get("counters") or {}).get(name)
    return int(value) if isinstance(value, int | float) else 0


def unranked_reason(view: dict[str, Any]) -> str | None:
    """Why the rules keep a finished game off the leaderboards (its summary's
    ``unranked``: Zen, or a pace no person can play), or ``None``."""
    reason = (view.get("summary") or {}).get("unranked")
    return str(reason) if reason else None


def elapsed(view: dict[str, Any]) -> float:
    """Seconds of play shown by the view's clock."""
    value = (view.get("clock") or {}).get("elapsed")
    return float(value) if isinstance(value, int | float) else 0.0


class Games:
    """The live-game service behind the game routes."""

    def __init__(
        self, storage: Storage, rules: Rules, clock: Callable[[], float], cache_size: int
    ) -> None:
        self.storage = storage
        self.rules = rules
        self.clock = clock
        self.cache_size = cache_size
        self._cache: OrderedDict[str, Live] = OrderedDict()
        self._cache_lock = threading.Lock()
        self._stripes = [threading.Lock() for _ in range(_STRIPES)]
        self._start_stripes = [threading.Lock() for _ in range(_STRIPES)]
        #: Games another process has moved while this one held them (most recent last):
        #: their intents read the stored ``seq`` first (see :meth:`_trusted`).
        self._shared: OrderedDict[str, None] = OrderedDict()

    # -- cache ---------------------------------------------------------------

    def _lock_for(self, game_id: str) -> threading.Lock:
        return self._stripes[zlib.crc32(game_id.encode()) % _STRIPES]

    def _remember(self, live: Live) -> None:
        with self._cache_lock:
            self._cache[live.id] = live
            self._cache.move_to_end(live.id)
            while len(self._cache) > self.cache_size:
                self._cache.popitem(last=False)

    def start_lock(self, key: str) -> threading.Lock:
        """A lock serialising "find a game or start one" for ``key`` (e.g. a player's
        Daily of one date), so that two requests racing start one game, not two.
        Apart from the per-game locks: a holder may create a game, but not read one."""
        return self._start_stripes[zlib.crc32(key.encode()) % _STRIPES]

    def forget(self, game_id: str) -> None:
        """Drop a game from memory; the next request restores it from the database."""
        with self._cache_lock:
            self._cache.pop(game_id, None)

    def _note_shared(self, game_id: str) -> None:
        """Remember that another process moves ``game_id`` too."""
        with self._cache_lock:
            self._shared[game_id] = None
            self._shared.move_to_end(game_id)
            while len(self._shared) > self.cache_size:
                self._shared.popitem(last=False)

    def _trusted(self, game_id: str) -> Live | None:
        """The session in memory for an intent, without reading the database, for a game
        no other process has been seen to move (its write is a compare-and-set, and a
        refusal is checked by :meth:`_still_stored`); else :meth:`_fresh`."""
        with self._cache_lock:
            shared = game_id in self._shared
            live = None if shared else self._cache.get(game_id)
            if live is not None:
                self._cache.move_to_end(game_id)
        return self._fresh(game_id) if shared else live

    def _still_stored(self, live: Live) -> bool:
        """Whether ``live`` is still the stored game (one indexed read); when it is not,
        it is dropped, so that a refusal is never answered from an older state."""
        mark = db_games.game_mark(self.storage, live.id)
        if mark is not None and mark[0] == live.seq:
            return True
        self._note_shared(live.id)
        self.forget(live.id)
        return False

    def _load(self, player: Player, game_id: str, *, trust: bool = False) -> Live:
        """The live game (caller holds its lock), as stored now: the session in memory
        when it is still the stored one, else restored. 404 unless it is ``player``'s.

        With ``trust`` (an intent, whose write is guarded), a game no other process
        has been seen to move is taken from memory without a read (:meth:`_trusted`).
        """
        live = self._trusted(game_id) if trust else self._fresh(game_id)
        if live is None:
            live = self._restore(game_id)
            if live.player_id == player.id:
                self._remember(live)
        if live.player_id != player.id:
            raise not_found(game_id)
        return live

    def _fresh(self, game_id: str) -> Live | None:
        """The session in memory if it is the stored game (one indexed read), caught up
        when another process stored a few quick moves since; ``None`` (and the session
        dropped) when it cannot be brought to the stored state that way."""
        with self._cache_lock:
            live = self._cache.get(game_id)
            if live is not None:
                self._cache.move_to_end(game_id)
        if live is None:
            return None
        # the stored mark and the moves a quick catch-up would play, in one read
        mark, missing = db_games.mark_and_moves_after(self.storage, game_id, live.seq, CATCH_UP)
        if mark is not None and mark[0] == live.seq:
            return live
        self._note_shared(game_id)
        if (
            mark is not None
            and live.seq < mark[0] <= live.seq + CATCH_UP
            and self._catch_up(live, mark, missing)
        ):
            return live
        self.forget(game_id)
        return None

    def _catch_up(
        self,
        live: Live,
        mark: tuple[int, str, int, int | None],
        missing: list[tuple[int, float, str]],
    ) -> bool:
        """Play on ``live`` the moves another process stored after it (``missing``, read
        with ``mark``), as a replay does; ``True`` when it then is the stored game (same
        seq, status, tiles and score).

        Much cheaper than restoring the stored state when a balancer sends one game's
        requests to several processes. On ``False`` the session may be half-changed:
        the caller drops it.
        """
        seq, status, tiles_left, score = mark
        if [number for number, _, _ in missing] != list(range(live.seq + 1, seq + 1)):
            return False  # moved on again meanwhile, or a gap: restore instead
        log_ = [(at, json.loads(intent)) for _, at, intent in missing]
        if any(intent.get("type") in SLOW_INTENTS for _, intent in log_):
            return False
        try:
            _play(live.session, log_)
        except Exception:
            log.warning("game %s: stored moves do not replay on the live session", live.id)
            return False
        if self.rules.brief(live.session) != (status, tiles_left, score):
            return False
        live.seq = seq
        live.status = status
        return True

    def _restore(self, game_id: str) -> Live:
        """The game as stored, rebuilt from its row; 404 for an unknown id, 409 for a
        stored duel or a record that cannot be replayed."""
        row = db_games.live_game(self.storage, game_id)
        if row is None:
            raise not_found(game_id)
        if row["mode"] == DUEL:
            raise StoredDuel(
                409,
                "duel_game",
                "This game was a Speed Duel: its result is in /api/results, and"
                " /api/games/{id}/replay deals its board again for solo play.",
            )
        try:
            start = json.loads(row["state"])
            session = self.rules.restore({**start, "log": saved_log(row["moves"])})
        except Exception:
            log.exception("stored game %s cannot be restored", game_id)
            raise damaged("record cannot be replayed") from None
        return Live(
            row["id"],
            row["player_id"],
            session,
            json.loads(row["settings"]),
            row["created"],
            row["seq"],
            row["daily_date"],
            row["level"],
            row["status"],
        )

    # -- reading ---------------------------------------------------------------

    def view(self, live: Live, now: float) -> dict[str, Any]:
        """The game view the browser draws, with the game id and server facts."""
        view = live.session.view(now)
        return {"id": live.id, **view, "daily_date": live.daily_date}

    def get(self, player: Player, game_id: str) -> dict[str, Any]:
        """The current view of one of ``player``'s games (the clock is applied first)."""
        with self._lock_for(game_id):
            for _ in range(RETRIES):
                try:
                    live = self._load(player, game_id)
                except StoredDuel:  # a finished duel: its stored summary, not a game
                    from tilematch.server.duel import stored_duel_view

                    row = db_games.game_row(self.storage, game_id)
                    assert row is not None
                    return stored_duel_view(row)
                now = self.clock()
                try:
                    self._expire(live, now)
                except Conflict:
                    continue  # another process stored the end first: show it
                return self.view(live, now)
        raise busy()

    def listing(self, player: Player, which: str, limit: int = 100) -> list[dict[str, Any]]:
        """``player``'s games, newest first: ``unfinished``, ``finished`` or ``all``.

        The clock of each of the player's games held in memory acts first, so a
        countdown that ran out is listed (and stored) as ended.
        """
        self._expire_cached(player)
        return db_games.player_games(self.storage, player.id, ACTIVE, which, limit)

    def _expire_cached(self, player: Player) -> None:
        """Let the clock act on ``player``'s live games in memory (cheap: no restore)."""
        with self._cache_lock:
            mine = [
                live
                for live in self._cache.values()
                if live.player_id == player.id and live.status in ACTIVE
            ]
        for live in mine:
            with self._lock_for(live.id):
                if self._fresh(live.id) is not live:
                    continue  # dropped, reloaded or moved on elsewhere: the stored game rules
                try:
                    self._expire(live, self.clock())
                except (ApiError, Conflict):
                    continue  # not stored now; the game's own next request retries

    # -- writing ---------------------------------------------------------------

    def create(
        self,
        player: Player,
        settings: Any,
        *,
        daily_date: str | None = None,
        level: int | None = None,
        start_key: str | None = None,
        utc_offset: int | None = None,
    ) -> dict[str, Any] | None:
        """Start a game for ``player``; returns its view. Raises 422 for refused settings.
        A Daily game keeps its player's ``utc_offset`` (minutes east of UTC).

        With ``start_key`` (a "find or start" such as a player's first Daily of a
        date) the game is stored only if no game was started for that key before, in
        the same transaction; ``None`` means another request (of any process) started
        it first and nothing was stored."""
        now = self.clock()
        try:
            session = self.rules.new_session(settings, now)
        except RuleError as error:
            raise of_kind(422, "bad_settings", error) from None
        except Exception:
            log.exception("no board could be dealt for %r", settings)
            raise ApiError(
                422, "deal_failed", "No board could be dealt for these settings; try another seed."
            ) from None
        stored_settings = self.rules.settings_to_json(settings)
        live = Live(new_id(), player.id, session, stored_settings, now, 0, daily_date, level)
        view = session.view(now)
        live.status = str(view.get("status", "playing"))
        record = GameRecord(
            id=live.id,
            player_id=player.id,
            **filing(view),
            seed=view.get("seed"),
            settings=_dumps(stored_settings),
            state=_dumps(session.to_json()),  # the start record: a new game's log is empty
            status=live.status,
            tiles_left=counter(view, "tiles_left"),
            score=view.get("score"),
            created=now,
            updated=now,
            daily_date=daily_date,
            level=level,
            utc_offset=utc_offset,
        )
        try:
            with self.storage.transaction() as conn:
                db_games.insert_game(conn, record)
                if start_key is not None and not db_games.claim_start(conn, start_key, live.id):
                    raise Conflict(start_key)
        except Conflict:
            return None
        self._remember(live)
        return {"id": live.id, **view, "daily_date": daily_date}

    def settings_of(self, player: Player, game_id: str) -> tuple[Any, str | None, int | None]:
        """The settings, daily date and level of one of ``player``'s games."""
        row = db_games.game_settings(self.storage, game_id)
        if row is None or row["player_id"] != player.id:
            raise not_found(game_id)
        try:
            settings = self.rules.settings_from_json(json.loads(row["settings"]))
        except Exception:
            log.exception("stored settings of game %s cannot be read", game_id)
            raise damaged("settings cannot be read") from None
        return settings, row["daily_date"], row["level"]

    def act(self, player: Player, game_id: str, intent: dict[str, Any]) -> dict[str, Any]:
        """Apply one intent; returns ``{"ok", "reason", "message", "events", "game"}``.

        A refused move changes nothing and answers ``ok: false``. Raises 409
        ``game_over`` for a finished game, 404 for a game that is not the player's.
        """
        with self._lock_for(game_id):
            for _ in range(RETRIES):
                live = self._load(player, game_id, trust=True)
                now = self.clock()
                try:
                    self._expire(live, now)
                    outcome = self._apply(live, intent, now)
                    if outcome.ok:
                        self._commit(live, intent, now)
                    elif not self._still_stored(live):
                        raise Conflict(game_id)
                except Conflict:
                    continue  # another process moved first: play the intent on its state
                return self._answer(live, outcome, now)
        raise busy()

    async def act_async(
        self, player: Player, game_id: str, intent: dict[str, Any]
    ) -> dict[str, Any]:
        """:meth:`act` for the event loop: the same answer and the same guarantees.

        A move on a game held in memory whose lock is free is answered right here,
        without a trip through a worker thread (most of what a move costs was that
        trip). Everything that may take long runs in a worker thread, so the event
        loop keeps answering other players: a game to restore from the database, a
        smart hint or a shuffle (searches), a game whose lock another request holds,
        and the replay that verifies a game's result when it ends.
        """
        lock = self._lock_for(game_id)
        if intent.get("type") not in SLOW_INTENTS and lock.acquire(blocking=False):
            try:
                answer = await self._act_here(player, game_id, intent)
            finally:
                lock.release()
            if answer is not None:
                return answer
        return await run_in_threadpool(self.act, player, game_id, intent)

    async def _act_here(
        self, player: Player, game_id: str, intent: dict[str, Any]
    ) -> dict[str, Any] | None:
        """:meth:`act` on the event loop for a fresh game in memory (the caller holds its
        lock); ``None`` when it must go to a worker thread: not in memory, moved on by
        another process, or a race lost to one (then nothing of it was stored)."""
        live = self._trusted(game_id)
        if live is None:
            return None
        if live.player_id != player.id:
            raise not_found(game_id)
        now = self.clock()
        try:
            if self._expires(live, now):
                await _while_holding(self._expire, live, now)
            outcome = self._apply(live, intent, now)
            if outcome.ok:
                if self.rules.brief(live.session)[0] in ACTIVE:
                    self._commit(live, intent, now)
                else:  # the end: the result is verified by a replay of the whole game
                    await _while_holding(self._commit, live, intent, now)
            elif not self._still_stored(live):
                return None  # refused on an older state: play it again on the stored one
        except Conflict:
            return None
        return self._answer(live, outcome, now)

    async def get_async(self, player: Player, game_id: str) -> dict[str, Any]:
        """:meth:`get` for the event loop: answered here for a fresh game in memory whose
        lock is free, else in a worker thread."""
        lock = self._lock_for(game_id)
        if lock.acquire(blocking=False):
            try:
                live = self._fresh(game_id)
                if live is not None:
                    if live.player_id != player.id:
                        raise not_found(game_id)
                    now = self.clock()
                    try:
                        if self._expires(live, now):
                            await _while_holding(self._expire, live, now)
                        return self.view(live, now)
                    except Conflict:
                        pass  # another process stored the end first: read it in a thread
            finally:
                lock.release()
        return await run_in_threadpool(self.get, player, game_id)

    def _apply(self, live: Live, intent: dict[str, Any], now: float) -> Any:
        """Play ``intent`` on the live session (the caller holds the game's lock and
        commits an accepted move); returns the rules' outcome."""
        if live.status not in ACTIVE:
            raise ApiError(409, "game_over", "This game has ended; no more moves are taken.")
        if intent.get("type") == "match":
            self._check_spots(live, intent)
        try:
            return live.session.act(intent, now)
        except (RuleError, ValueError, KeyError, IndexError, TypeError) as error:
            self.forget(live.id)  # the session may be half-changed: rebuild it
            raise ApiError(422, "bad_move", f"This move cannot be played: {error}.") from None
        except Exception:
            self.forget(live.id)
            raise

    def _answer(self, live: Live, outcome: Any, now: float) -> dict[str, Any]:
        return {
            "ok": bool(getattr(outcome, "ok", False)),
            "reason": getattr(outcome, "reason", None),
            "message": getattr(outcome, "message", None),
            "events": list(getattr(outcome, "events", None) or []),
            "game": self.view(live, now),
        }

    def _check_spots(self, live: Live, intent: dict[str, Any]) -> None:
        count = self.rules.spot_count(live.session)
        if count is None:
            return
        for name in ("a", "b"):
            spot = intent.get(name)
            if isinstance(spot, int) and not 0 <= spot < count:
                raise ApiError(
                    422,
                    "bad_spot",
                    f"'{name}' = {spot} is not a position of this board (0 to {count - 1}).",
                )

    def _expire(self, live: Live, now: float) -> None:
        """Let the clock act (countdowns); stores the end when time ran out."""
        if live.status not in ACTIVE:
            return
        live.session.tick(now)
        status = self.rules.brief(live.session)[0]
        if status != live.status:
            self._commit(live, {"type": "tick"}, now)

    def _expires(self, live: Live, now: float) -> bool:
        """Whether the clock has something to do at ``now`` (a countdown ran out)."""
        if live.status not in ACTIVE:
            return False
        expired = self.rules.expired(live.session, now)
        return True if expired is None else expired

    def _commit(self, live: Live, intent: dict[str, Any], now: float) -> None:
        """Write the move and the new state (one statement on PostgreSQL, one transaction
        on SQLite), or at the end the move, the state and the result in one transaction.

        Raises :class:`Conflict` (nothing stored, session dropped) when the stored game
        is no longer at this session's move, 503 ``storage_failed`` when the write fails.
        """
        status, tiles_left, score = self.rules.brief(live.session)
        seq = live.seq + 1
        finished = status not in ACTIVE
        result = None
        if finished:
            result = self._result(live, live.session.view(now), intent, now)
        move = MoveRecord(
            game_id=live.id,
            seq=seq,
            at=now,
            intent=_dumps(intent),
            status=status,
            tiles_left=tiles_left,
            score=score,
            finished=now if finished else None,
        )
        try:
            if result is None:  # a move in play: one statement on PostgreSQL
                if not db_games.store_move(self.storage, move):
                    raise Conflict(live.id)
            else:  # the end: the move and its result in one transaction
                with self.storage.transaction() as conn:
                    if not db_games.store_move_in(conn, move):
                        raise Conflict(live.id)
                    insert_result(conn, result)
        except Conflict:
            self.forget(live.id)
            self._note_shared(live.id)
            log.info("game %s: move %d was stored by another writer first", live.id, seq)
            raise
        except WRITE_ERRORS as error:
            self.forget(live.id)
            log.error("cannot store a move of game %s: %s", live.id, error)
            raise ApiError(
                503, "storage_failed", "The move could not be stored; try again."
            ) from None
        live.seq = seq
        live.status = status

    # -- results -------------------------------------------------------------

    def replay(
        self, live: Live, log_: list[tuple[float, dict[str, Any]]], until: float
    ) -> dict[str, Any]:
        """Replay a move log of ``live`` on a fresh session of the stored settings, by
        the rules of the save format the game is played by; returns its final view."""
        saved = live.session.to_json()
        session = self.rules.restore({**saved, "settings": live.settings, "log": []})
        _play(session, log_)
        session.tick(until)
        return session.view(until)

    def stored_moves(self, game_id: str) -> list[tuple[float, dict[str, Any]]]:
        """The acknowledged moves of a game, in order, as ``(time, intent)``."""
        return [(at, json.loads(intent)) for at, intent in db_games.moves(self.storage, game_id)]

    def _result(
        self, live: Live, view: dict[str, Any], last: dict[str, Any], now: float
    ) -> ResultRecord:
        """The result of a game that just ended, verified by replaying its log."""
        try:
            again = self.replay(live, [*self.stored_moves(live.id), (now, last)], now)
            verified = again.get("score") == view.get("score") and again.get("status") == view.get(
                "status"
            )
        except Exception:  # a replay that fails verifies nothing
            log.exception("replay of game %s failed", live.id)
            verified = False
        if not verified:
            log.warning("game %s: the replayed log disagrees; result not ranked", live.id)
        stars = self.rules.tower_stars(view) if live.level is not None else None
        solved_on = self._local_date(live, now) if live.daily_date is not None else None
        return ResultRecord(
            game_id=live.id,
            player_id=live.player_id,
            **filing(view),
            outcome=str(view.get("status")),
            score=view.get("score"),
            time=elapsed(view),
            moves=counter(view, "moves"),
            hints=counter(view, "hints"),
            undos=counter(view, "undos"),
            shuffles=counter(view, "shuffles"),
            verified=int(verified),
            finished=now,
            daily_date=live.daily_date,
            level=live.level,
            stars=stars,
            solved_on=solved_on,
            unranked=unranked_reason(view),
        )

    def _local_date(self, live: Live, now: float) -> str:
        """The player's calendar date at ``now`` by the UTC offset kept with their Daily
        game (UTC when none was given)."""
        offset = db_games.utc_offset(self.storage, live.id) or 0
        try:
            return self.rules.local_date(now, offset)
        except ValueError:  # an offset out of range (stored by hand): the UTC date
            return self.rules.local_date(now, 0)


def saved_log(moves: list[tuple[float, str]]) -> list[dict[str, Any]]:
    """Stored moves (``(time, intent JSON)``) as the log of a saved game: each intent
    at its time, a ``tick`` (the clock ran out) as the ``expire`` it caused.

    Raises ``ValueError`` for an intent that is not JSON."""
    log_: list[dict[str, Any]] = []
    for at, text in moves:
        intent = json.loads(text)
        if not isinstance(intent, dict):
            raise ValueError("a stored move is not a JSON object")
        log_.append(
            {"type": "expire", "t": at} if intent.get("type") == "tick" else {**intent, "t": at}
        )
    return log_


def _play(session: GameSession, log_: list[tuple[float, dict[str, Any]]]) -> None:
    """Play a stored move log on ``session``: each intent at its time (a ``tick`` lets
    the clock act)."""
    for at, intent in log_:
        if intent.get("type") == "tick":
            session.tick(at)
        else:
            session.act(intent, at)


async def _while_holding(func: Callable[..., Any], *args: Any) -> Any:
    """Run ``func`` in a worker thread while the caller holds a game's lock.

    It gets a thread of its own rather than one of the shared pool: pool threads
    may be waiting for the very lock held here, and if all of them were, a call
    queued behind them would never run.
    """
    return await anyio.to_thread.run_sync(
        functools.partial(func, *args), limiter=anyio.CapacityLimiter(1)
    )


def busy() -> ApiError:
    """The 503 for a game other writers kept moving on while this request retried."""
    return ApiError(
        503,
        "game_busy",
        "This game is being changed by other requests; try again.",
        headers={"Retry-After": "1"},
    )


def damaged(what: str) -> ApiError:
    """The 409 ``game_damaged`` for a stored game whose ``what`` (e.g. "settings
    cannot be read") makes it unusable."""
    return ApiError(409, "game_damaged", f"This game's stored {what}.")


def not_found(game_id: str) -> ApiError:
    """The 404 for a game id that is unknown or not the caller's."""
    return ApiError(404, "game_not_found", f"You have no game with id '{game_id[:40]}'.")
