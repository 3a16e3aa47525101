"""The game session every mode shares: settings, intents, refusals, views, replays.

A session holds the board, the timed move log, the counters, the clock and the
score ledger of one game. Players act through :meth:`Session.act` with an
*intent* (a small dict) and the current time; every answer is an
:class:`Outcome` — accepted with the events it caused, or refused with a
stable reason word and no change of state. Time is always passed in, so a
session never reads the wall clock, and a session rebuilt from its settings
and move log (:meth:`Session.to_json` / :meth:`Session.from_json`) reaches the
same board, counters and score.

Each mode (``shisensho.py``, ``solitaire.py``, ``blackwhite.py``) subclasses
:class:`Session` and overrides a handful of hooks.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any, ClassVar, Final

from tilematch.engine.board import Board, Match, reason_text
from tilematch.engine.grid.board import GridBoard
from tilematch.engine.stack.board import StackBoard
from tilematch.modes import deals, fairness, registry
from tilematch.modes.clock import GameClock
from tilematch.modes.ledger import Chain, Ledger
from tilematch.modes.settings import DEFAULT_GRID, ModeError, Settings
from tilematch.modes.views import (
    ChainView,
    Counters,
    Event,
    LastMatch,
    LogEntry,
    ModeCounters,
    ModeSummary,
    Summary,
    TileView,
    View,
    ViewMemo,
    board_tiles,
    freed_tiles,
    stack_bounds,
)

INTENTS: Final = (
    "match",
    "undo",
    "hint",
    "smart_hint",
    "shuffle",
    "pause",
    "resume",
    "give_up",
    "start",
    "redo",
    "partners",
)
#: Controls a mode may leave out (``Session.OFFERS`` lists those it has); asking for
#: one it lacks is refused with ``not allowed``.
CONTROLS: Final = ("undo", "redo", "hint", "smart_hint", "shuffle", "partners")
#: Intents that neither start the clock nor count as the player's first act.
_QUIET_INTENTS: Final = frozenset({"partners"})
#: Statuses after which nothing but viewing is possible.
FINISHED: Final = frozenset({"won", "lost", "given_up"})

#: Refusal words a session adds to the board's own (see ``engine.board.REASONS``).
REFUSALS: Final = {
    "game over": "The game is over.",
    "paused": "The game is paused; resume it first.",
    "not paused": "The game is not paused.",
    "no tokens": "No reshuffle tokens are left.",
    "no hints": "No hints are left.",
    "no shuffles": "No shuffles are left.",
    "no undos": "No undos are left.",
    "nothing to undo": "There is no move to take back since the last shuffle.",
    "nothing to redo": "There is no undone pair to take again: a new pair ends the redo list.",
    "no moves": "There is no legal pair on the board.",
    "shuffle cannot help": (
        "No shuffle can help: the tiles left block each other whatever their faces."
        " Undo a pair, replay the board, or give up."
    ),
    "not allowed": "This mode does not offer that.",
    "started": "The clock is running already.",
}

#: The save format new games are written in; every older one replays by its own rules.
#: Format 4 logs may hold ``redo`` and ``partners`` intents; older logs hold neither
#: and replay unchanged.
_FORMAT = 4
_FORMATS: Final = (1, 2, 3, 4)
#: The first format whose clock waits for the first accepted intent (the first pick);
#: older records started it when the game was made, and replay so.
_FIRST_PICK_FORMAT: Final = 2
#: The first format in which paused time counts in ranked modes; older records
#: replay with every pause stopping the clock.
_PAUSED_TIME_FORMAT: Final = 3


@dataclass
class Outcome:
    """The answer to an intent: ``ok``; when refused a ``reason`` word and a
    ``message`` sentence; the ``events`` it caused (dicts with a ``"type"``)."""

    ok: bool
    reason: str | None = None
    message: str | None = None
    events: list[Event] = field(default_factory=list)

    @classmethod
    def refuse(cls, reason: str, message: str | None = None) -> Outcome:
        """A refusal with the standard sentence for ``reason`` unless one is given."""
        text = message or REFUSALS.get(reason) or reason_text(reason)
        return cls(False, reason, text)

    def to_json(self) -> dict[str, Any]:
        """The outcome as a JSON object."""
        return asdict(self)


@dataclass
class _Undo:
    """What a match changed besides the board, to take it back."""

    ledger_len: int
    chain: tuple[int, float | None]
    extra: dict[str, Any]


class Session:
    """One game of one mode; see the module docstring.

    Subclasses set :attr:`GAME` and :attr:`MODE` and override the hooks
    ``_limit``, ``_score_match``, ``_on_clear``, ``_on_deadlock``,
    ``_check_undo``/``_check_hint``/``_check_shuffle``, ``_shuffle_cost``,
    ``_revert`` and ``_extra_counters``/``_extra_summary``.
    """

    GAME: ClassVar[str] = ""
    MODE: ClassVar[str] = ""
    #: Whether the mode's results may be ranked. A pause stops the clock only in a
    #: mode that is not (docs/modes.md, *Ranked play*).
    RANKED: ClassVar[bool] = True
    #: Cap of the combo multiplier (``None``: uncapped).
    CHAIN_CAP: ClassVar[int | None] = None
    #: Whether the mode scores combo chains (the view's ``chain`` is ``None`` if not).
    COMBO: ClassVar[bool] = True
    #: The controls of :data:`CONTROLS` this mode offers (the view's ``offers``).
    OFFERS: ClassVar[tuple[str, ...]] = ("undo", "redo", "hint", "smart_hint", "shuffle")

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A class that names its game and a mode of its own plays that mode
        (:mod:`tilematch.modes.registry`)."""
        super().__init_subclass__(**kwargs)
        if cls.GAME and cls.MODE and registry.SESSION_TYPES.get((cls.GAME, cls.MODE)) is None:
            registry.register(cls, cls.GAME, cls.MODE)

    @classmethod
    def settle(cls, settings: Settings) -> Settings:
        """``settings`` checked for this mode, with its defaults filled in (size or
        layout, and what a daily date or a tower level fixes); called by
        :meth:`Settings.validate`. Raises :class:`ModeError` naming the first problem."""
        raise NotImplementedError(f"{cls.__name__} names no rules for its settings")

    def __init__(self, settings: Settings, now: float) -> None:
        self.settings = settings.validate()
        self.started = float(now)
        self._now = float(now)
        #: the save format this game is played by (older records keep theirs)
        self.format = _FORMAT
        #: the time of every pair taken (an undone pair included): the pace
        self.pair_times: list[float] = []
        self._last_act = float(now)
        self.log: list[LogEntry] = []
        self.ledger = Ledger()
        self.chain = Chain(cap=self.CHAIN_CAP)
        self.status = "playing"
        self._paused_status = "playing"
        self.hints = 0
        self.undos = 0
        self.shuffles = 0
        self.moves = 0
        self.boards = 0
        self.hint_pair: tuple[int, int] | None = None
        self.hint_warning: str | None = None
        self.last_match: LastMatch | None = None
        self.summary: Summary | None = None
        self._undo: list[_Undo] = []
        #: undone pairs that Redo takes again, the last undone last
        self._redo: list[tuple[int, int]] = []
        #: whether the player turned on partner highlighting in this game (a hint)
        self.partner_help = False
        self._view_memo = ViewMemo()
        try:
            dealt = self._deal(0)
        except (ValueError, KeyError) as error:
            raise ModeError(f"no board can be dealt for these settings: {error}") from None
        self._adopt(dealt)
        self.dealt_version = dealt.version
        self.tiles_total = self._count(self.board)
        self._initial_occupied = int(self.board.occupied)
        self.clock = GameClock(start=None, limit=self._limit())  # starts at the first pick
        self._setup()

    # ------------------------------------------------------------ hooks
    def _setup(self) -> None:
        """Mode state set up after the first deal."""

    def _adopt(self, dealt: deals.Dealt) -> None:
        """Play on the board ``dealt``: its solution is the first one smart hints
        follow (:func:`deals.smart_hint`)."""
        self.board: Board = dealt.board
        self.solution = dealt.solution
        #: solutions smart hints follow: the deal's own, then any found since
        self.hint_memory = deals.hint_memory(self.board, self.solution)

    def _deal(self, index: int) -> deals.Dealt:
        """The ``index``-th board of this game (0 is the first)."""
        s = self.settings
        seed = deals.stream_seed(s.seed or 0, deals.SALT_BOARD, index)
        return deals.deal(
            s.game,
            seed=seed,
            size=s.size,
            shape=s.shape,
            layout=s.layout,
            positions=s.positions,
            outline=s.outline,
            gravity=s.gravity,
            generator=s.generator,
            version=s.version,
        )

    def _limit(self) -> float | None:
        """The countdown in seconds, or ``None`` for a clock that counts up."""
        return None

    def _score_match(self, at: float, events: list[Event]) -> dict[str, Any]:
        """Score the match just made at playing time ``at`` (chain already stepped).

        Returns what the match changed besides board, chain and ledger (handed
        to :meth:`_revert` when the match is undone).
        """
        self.ledger.add("ledger.pair", 100, kind="pair", at=at)
        return {}

    def _on_clear(self, now: float, events: list[Event]) -> None:
        """The board was cleared by the last match."""
        self._finish("won", now, events)

    def _on_deadlock(self, now: float, events: list[Event]) -> None:
        """Tiles remain and no pair is legal after the last match or shuffle."""
        self.status = "deadlock"
        events.append({"type": "deadlock", "offer": ["undo", "shuffle", "give_up"]})

    def _check_undo(self) -> str | None:
        """A refusal word when undo is not possible now, else ``None``."""
        return None

    def _spend_undo(self) -> None:
        """Pay for an undo (stores of the Black & White modes)."""

    def _check_hint(self) -> str | None:
        """A refusal word when a hint is not possible now, else ``None``."""
        return None

    def _spend_hint(self) -> None:
        """Pay for a hint."""

    def _check_shuffle(self) -> str | None:
        """A refusal word when a voluntary shuffle is not possible now, else ``None``."""
        return None

    def _shuffle_cost(self, at: float, voluntary: bool, events: list[Event]) -> None:
        """Pay for a shuffle (tokens, stores, penalties)."""

    def _revert(self, effects: dict[str, Any]) -> None:
        """Take back the effects :meth:`_score_match` reported for an undone match."""

    def _extra_counters(self, now: float) -> ModeCounters:
        """Counters of this mode beyond the common ones."""
        return {}

    def _extra_summary(self, now: float) -> ModeSummary:
        """Facts of this mode for the end-of-game summary."""
        return {}

    def _on_finish(self, status: str, now: float, events: list[Event]) -> None:
        """Final ledger lines when the game ends with ``status``."""

    # ------------------------------------------------------------ helpers
    @staticmethod
    def _count(board: Board) -> int:
        return int(board.occupied).bit_count()

    @property
    def score(self) -> int:
        """The score: the sum of the ledger."""
        return self.ledger.total

    @property
    def finished(self) -> bool:
        """True once the game is won, lost or given up."""
        return self.status in FINISHED

    def elapsed(self, now: float) -> float:
        """Playing time in seconds at ``now``."""
        return self.clock.elapsed(now)

    def _finish(self, status: str, now: float, events: list[Event]) -> None:
        self.status = status
        self.clock.stop(now)
        self._forget_moves()
        self.hint_pair = None
        self._on_finish(status, now, events)
        self.summary = {
            "result": status,
            "time": round(self.clock.elapsed(now), 3),
            "score": self.score,
            "tiles_left": self._count(self.board),
            "moves": self.moves,
            "hints": self.hints,
            "undos": self.undos,
            "shuffles": self.shuffles,
            **self._extra_summary(now),
            "unranked": self.unranked_reason(),
        }
        events.append({"type": "end", "status": status, "score": self.score})

    @property
    def pause_stops_clock(self) -> bool:
        """Whether a pause stops the clock: only in a mode that is never ranked (Zen),
        and in every game saved before paused time counted (formats 1 and 2)."""
        return not self.RANKED or self.format < _PAUSED_TIME_FORMAT

    def unranked_reason(self) -> str | None:
        """Why this game's result may not be ranked (:mod:`tilematch.modes.fairness`),
        or ``None`` when it may."""
        if self.settings.custom:
            return fairness.CUSTOM
        if not self.RANKED:
            return fairness.ZEN
        return fairness.pace_reason(self.started, self.pair_times)

    def _shuffle(self, now: float, voluntary: bool, events: list[Event]) -> None:
        """Re-deal the remaining faces (solvable where possible) and pay for it."""
        at = self.clock.elapsed(now)
        seed = deals.stream_seed(self.settings.seed or 0, deals.SALT_SHUFFLE, self.shuffles)
        self.board = deals.redeal(self.board, seed)
        self.shuffles += 1
        self._forget_moves()
        self.hint_pair = None
        self._shuffle_cost(at, voluntary, events)
        events.append({"type": "shuffle", "automatic": not voluntary})
        if self.status == "deadlock":
            self.status = "playing"
        if self.finished or not self.board.is_deadlocked():
            return
        if voluntary:
            self._on_deadlock(now, events)
        else:
            # An automatic shuffle that cannot open a pair (say, the last two
            # tiles stacked on each other) would repeat for ever: the game is lost.
            events.append({"type": "stuck"})
            self._finish("lost", now, events)

    def _forget_moves(self) -> None:
        """No pair before now can be undone or redone (a new board, a shuffle, the end)."""
        self._undo.clear()
        self._redo.clear()

    def _freed(self, move: Match, free_before: int) -> list[int]:
        """The tiles the move just pushed made free (or, for stones, selectable)."""
        board = self.board
        move_freed = board.freed_by(move) if isinstance(board, StackBoard) else None
        return freed_tiles(board, move_freed, free_before)

    def _refusal_words(self, reason: str, a: int, b: int) -> str | None:
        """The sentence for a refused pair ``a``, ``b`` (``None``: the standard one of
        ``reason``); Black & White says why two faces do not pair."""
        return None

    def _falls(self, a: int, b: int) -> list[list[int]]:
        """``[start, target]`` of every tile that taking ``a`` and ``b`` lets fall
        (gravity boards only; ``[]`` elsewhere), for the page to draw the fall."""
        board = self.board
        if not isinstance(board, GridBoard):
            return []
        return [list(fall) for fall in board.falls_after(a, b)]

    def _valid_spot(self, spot: int) -> bool:
        if spot < 0:
            return False
        try:
            return self.board.face(spot) is not None
        except (IndexError, KeyError, ValueError):
            return False

    # ------------------------------------------------------------ intents
    def tick(self, now: float) -> list[Event]:
        """Let time pass to ``now``: ends the game when its countdown ran out.

        Returns the events this caused (empty when nothing happened).
        """
        now = max(float(now), self._now)
        self._now = now
        events: list[Event] = []
        # a paused clock (Zen) cannot run out; a ranked game's clock runs in a pause
        if self.finished or not self.clock.expired(now):
            return events
        deadline = self.clock.deadline()
        end = now if deadline is None else min(now, deadline)
        # A penalty can push the deadline before the last move: the game ended then.
        end = max(end, self._last_act)
        self.log.append({"type": "expire", "t": now})
        self._on_expire(end, events)
        return events

    def _on_expire(self, end: float, events: list[Event]) -> None:
        """The countdown reached zero at ``end``."""
        events.append({"type": "time_up"})
        self._finish("lost", end, events)

    def act(self, intent: Mapping[str, Any], now: float) -> Outcome:
        """Apply ``intent`` at time ``now``; returns the :class:`Outcome`.

        A refused intent changes nothing. Raises :class:`ModeError` for a
        malformed intent (not an object, unknown type, spots not integers).
        """
        kind, a, b = parse_intent(intent)
        early = self.tick(now)
        now = self._now
        if self.finished:
            refusal = Outcome.refuse("game over")
            refusal.events = early
            return refusal
        if self.status == "paused" and kind not in ("resume", "give_up"):
            return Outcome.refuse("paused")
        if kind in CONTROLS and kind not in self.OFFERS:
            return Outcome.refuse("not allowed")
        if kind in _QUIET_INTENTS:
            return self._quiet(kind, now, early)
        waiting = not self.clock.started
        if kind == "start" and not waiting:
            return Outcome.refuse("started")
        # The clock starts at the first accepted intent: a pick (``start``) or whatever
        # the player does first; opening or looking at a game never starts it.
        self.clock.begin(now)
        handler = getattr(self, f"_do_{kind}")
        outcome: Outcome = handler(a, b, now)
        if waiting and not outcome.ok:
            self.clock.start = None  # a refusal changes nothing, not even the clock
        outcome.events = early + outcome.events
        if outcome.ok:
            self._last_act = now
            entry: LogEntry = {"type": kind, "t": now}
            if kind == "match":
                entry["a"], entry["b"] = a, b
            self.log.append(entry)
            # A time penalty (an automatic shuffle on zen master) may end the game now.
            outcome.events += self.tick(now)
        return outcome

    def _quiet(self, kind: str, now: float, early: list[Event]) -> Outcome:
        """Apply an intent that leaves the clock alone; logged like every other."""
        handler = getattr(self, f"_do_{kind}")
        outcome: Outcome = handler(-1, -1, now)
        outcome.events = early + outcome.events
        if outcome.ok:
            self.log.append({"type": kind, "t": now})
        return outcome

    def _do_partners(self, a: int, b: int, now: float) -> Outcome:
        """The player shows each tile's possible partners: counted once, as a hint
        (docs/modes.md, *Help*)."""
        if not self.partner_help:
            self.partner_help = True
            self.hints += 1
        return Outcome(True, events=[{"type": "partners"}])

    def _do_start(self, a: int, b: int, now: float) -> Outcome:
        return Outcome(True, events=[{"type": "start"}])

    def _do_match(self, a: int, b: int, now: float) -> Outcome:
        outcome = self._take(a, b, now)
        if outcome.ok:
            self._redo.clear()  # a new pair: what was undone stays undone
        return outcome

    def _do_redo(self, a: int, b: int, now: float) -> Outcome:
        """Take the pair undone last again, as a match made now."""
        if not self._redo:
            return Outcome.refuse("nothing to redo")
        a, b = self._redo[-1]
        outcome = self._take(a, b, now)
        if outcome.ok:
            self._redo.pop()
            outcome.events.insert(0, {"type": "redo", "a": a, "b": b})
        return outcome

    def _take(self, a: int, b: int, now: float) -> Outcome:
        """Remove the pair ``a``, ``b`` at ``now`` when the rules allow it."""
        if not self._valid_spot(a) or not self._valid_spot(b):
            return Outcome.refuse("empty")
        move = self.board.match(a, b)
        if move is None:
            reason = self.board.why_not(a, b)
            return Outcome.refuse(reason, self._refusal_words(reason, a, b))
        fell = self._falls(a, b)
        undo = _Undo(len(self.ledger.lines), self.chain.state(), {})
        free_before = self.board.free_spots()
        self.board.push(move)
        at = self.clock.elapsed(now)
        self.moves += 1
        self.pair_times.append(now)
        self.chain.step(at)
        self.hint_pair = None
        self.hint_warning = None
        freed = self._freed(move, free_before)
        self.last_match = {
            "a": move.a,
            "b": move.b,
            "path": [list(point) for point in move.path],
            "freed": freed,
            "fell": fell,
        }
        events: list[Event] = [
            {"type": "match", "a": move.a, "b": move.b, "chain": self.chain.length}
        ]
        undo.extra = self._score_match(at, events)
        self._undo.append(undo)
        if self.board.is_cleared():
            self._on_clear(now, events)
        elif self.board.is_deadlocked():
            self._on_deadlock(now, events)
        return Outcome(True, events=events)

    def _do_undo(self, a: int, b: int, now: float) -> Outcome:
        refusal = self._check_undo()
        if refusal is not None:
            return Outcome.refuse(refusal)
        if not self._undo:
            return Outcome.refuse("nothing to undo")
        undo = self._undo.pop()
        move = self.board.pop()
        at = self.clock.elapsed(now)
        # what the pair and the pairs after it earned; a help's cost is never refunded
        taken = sum(
            line.points for line in self.ledger.lines[undo.ledger_len :] if line.kind != "help"
        )
        if taken:
            self.ledger.add("ledger.undo", -taken, kind="undo", at=at)
        self.chain.restore(undo.chain)
        self._revert(undo.extra)
        self._redo.append((move.a, move.b))
        self.undos += 1
        self.moves -= 1
        self._spend_undo()
        self.hint_pair = None
        self.hint_warning = None
        self.last_match = None
        if self.status == "deadlock":
            self.status = "playing"
        return Outcome(True, events=[{"type": "undo", "a": move.a, "b": move.b, "points": -taken}])

    def _hint(self, smart: bool) -> Outcome:
        refusal = self._check_hint()
        if refusal is not None:
            return Outcome.refuse(refusal)
        warning = None
        if smart:
            found, winnable = deals.smart_hint(self.board, self.hint_memory)
            if winnable is False and found is not None:
                warning = "The board can no longer be cleared from here."
        else:
            found = deals.hint(self.board)
        if found is None:
            return Outcome.refuse("no moves")
        self.hints += 1
        self._spend_hint()
        self.hint_pair = (found.a, found.b)
        self.hint_warning = warning
        event: Event = {"type": "hint", "a": found.a, "b": found.b}
        if warning:
            event["warning"] = warning
        return Outcome(True, events=[event])

    def _do_hint(self, a: int, b: int, now: float) -> Outcome:
        return self._hint(smart=False)

    def _do_smart_hint(self, a: int, b: int, now: float) -> Outcome:
        return self._hint(smart=True)

    def _do_shuffle(self, a: int, b: int, now: float) -> Outcome:
        refusal = self._check_shuffle()
        if refusal is None and deals.shuffle_hopeless(self.board):
            refusal = "shuffle cannot help"
        if refusal is not None:
            return Outcome.refuse(refusal)
        events: list[Event] = []
        self._shuffle(now, True, events)
        return Outcome(True, events=events)

    def _do_pause(self, a: int, b: int, now: float) -> Outcome:
        self._paused_status = self.status
        self.status = "paused"
        if self.pause_stops_clock:
            self.clock.pause(now)
        return Outcome(True, events=[{"type": "pause"}])

    def _do_resume(self, a: int, b: int, now: float) -> Outcome:
        if self.status != "paused":
            return Outcome.refuse("not paused")
        self.status = self._paused_status
        self.clock.resume(now)
        return Outcome(True, events=[{"type": "resume"}])

    def _do_give_up(self, a: int, b: int, now: float) -> Outcome:
        if self.status == "paused":
            self.clock.resume(now)
        events: list[Event] = []
        self._finish("given_up", now, events)
        return Outcome(True, events=events)

    # ------------------------------------------------------------ views
    def counters(self, now: float, pairs_open: int | None = None) -> Counters:
        """The counters a player sees: time, tiles left, moves, pairs open, hints,
        undos, shuffles, plus the mode's own."""
        if pairs_open is None:
            pairs_open = self.board.legal_pairs().count()
        return {
            "time": round(self.clock.elapsed(now), 3),
            "tiles_left": self._count(self.board),
            "moves": self.moves,
            "pairs_open": pairs_open,
            "hints": self.hints,
            "undos": self.undos,
            "shuffles": self.shuffles,
            **self._extra_counters(now),
        }

    def _tiles(self) -> list[TileView]:
        """The view's tiles, ascending by spot."""
        pick_any = self.settings.game == "shisensho"
        return board_tiles(self.board, self._view_memo, pick_any)

    def view(self, now: float) -> View:
        """Everything the browser draws, as a JSON-ready dict (``docs/architecture.md``).

        Calls :meth:`tick` first, so a countdown that ran out shows as lost.
        """
        self.tick(now)
        now = self._now
        s = self.settings
        tiles = self._tiles()
        pairs = [[m.a, m.b] for m in self.board.legal_pairs()]
        hidden = self.status == "paused"  # a paused board is not shown: no studying it
        return {
            "game": s.game,
            "mode": s.mode,
            "layout": s.layout,
            "size": list(s.size) if s.size is not None else None,
            "shape": s.shape,
            "seed": s.seed,
            "gravity": s.gravity,
            "difficulty": s.difficulty,
            "level": s.level,
            "date": s.date,
            "generator": s.generator,
            "version": s.version,
            "geometry": "grid" if s.game == "shisensho" else "stack",
            "bounds": self._bounds(),
            "tiles": [] if hidden else tiles,
            "pairs": [] if hidden else pairs,
            "open_pairs": len(pairs),
            "last_match": None if hidden else self.last_match,
            "hint": list(self.hint_pair) if self.hint_pair and not hidden else None,
            "hint_warning": self.hint_warning,
            "counters": self.counters(now, len(pairs)),
            "clock": self.clock.view(now),
            "score": self.score,
            "combo": self.chain.current(self.clock.elapsed(now)),
            "chain": self._chain_view(now) if self.COMBO else None,
            "offers": list(self.OFFERS),
            "redo": 0 if hidden else len(self._redo),
            "partner_help": self.partner_help,
            "ledger": self.ledger.to_json(),
            "status": self.status,
            "summary": self.summary,
        }

    def _chain_view(self, now: float) -> ChainView:
        """The combo chain as the HUD counts it down: length, multiplier, its cap,
        the window and the playing seconds left before it lapses (``None``: no chain)."""
        at = self.clock.elapsed(now)
        length = self.chain.current(at)
        last = self.chain.last_at
        left = None if not length or last is None else max(0.0, self.chain.window - (at - last))
        return {
            "length": length,
            "multiplier": self.chain.multiplier() if length else 0,
            "cap": self.CHAIN_CAP,
            "window": self.chain.window,
            "left": None if left is None else round(left, 3),
        }

    def _bounds(self) -> dict[str, int]:
        if self.settings.game == "shisensho":
            rows, cols = self.settings.size or DEFAULT_GRID
            return {"rows": rows, "cols": cols}
        return stack_bounds(self.board, self._spot_count())

    def _spot_count(self) -> int:
        return int(self._initial_occupied).bit_length()

    # ------------------------------------------------------------ replay
    def to_json(self) -> dict[str, Any]:
        """Settings, start time and the timed log: all :meth:`from_json` needs."""
        return {
            "format": self.format,
            "settings": self.settings.to_json(),
            "start": self.started,
            "log": [dict(entry) for entry in self.log],
        }

    @classmethod
    def from_json(cls, data: object) -> Session:
        """Rebuild a session by replaying a :meth:`to_json` record.

        Raises :class:`ModeError` when the record is malformed or a logged
        intent is refused on replay (the record does not belong to this release
        or was altered).
        """
        if not isinstance(data, Mapping):
            raise ModeError("a saved game must be a JSON object")
        saved_format = data.get("format")
        if saved_format not in _FORMATS or isinstance(saved_format, bool):
            raise ModeError(f"unknown saved-game format {saved_format!r}")
        settings = Settings.from_json(data.get("settings"))
        start = data.get("start")
        log = data.get("log")
        if not isinstance(start, int | float) or isinstance(start, bool):
            raise ModeError("a saved game needs a numeric start time")
        if not isinstance(log, list):
            raise ModeError("a saved game needs a move log (a list)")
        session = new_session(settings, float(start))
        session.format = int(saved_format)
        if session.format < _FIRST_PICK_FORMAT:
            session.clock.begin(float(start))  # an older record: the clock ran from the start
        for number, entry in enumerate(log, 1):
            if not isinstance(entry, Mapping):
                raise ModeError(f"move {number} of the log is not an object")
            t = entry.get("t")
            if not isinstance(t, int | float) or isinstance(t, bool) or not math.isfinite(t):
                raise ModeError(f"move {number} of the log has no valid time")
            if entry.get("type") == "expire":
                session.tick(float(t))
                continue
            outcome = session.act(entry, float(t))
            if not outcome.ok:
                raise ModeError(
                    f"move {number} of the log ({entry.get('type')}) was refused on replay: "
                    f"{outcome.reason}"
                )
        return session


def parse_intent(intent: object) -> tuple[str, int, int]:
    """``(type, a, b)`` of an intent (``a``/``b`` are -1 unless it is a match).

    Raises :class:`ModeError` for a malformed intent.
    """
    if not isinstance(intent, Mapping):
        raise ModeError("an intent must be a JSON object")
    kind = intent.get("type")
    if kind not in INTENTS:
        raise ModeError(f"unknown intent {kind!r}; choose one of {', '.join(INTENTS)}")
    if kind != "match":
        return str(kind), -1, -1
    a, b = intent.get("a"), intent.get("b")
    for name, value in (("a", a), ("b", b)):
        if not isinstance(value, int) or isinstance(value, bool):
            raise ModeError(f"a match needs integer spots a and b; {name} is {value!r}")
    assert isinstance(a, int) and isinstance(b, int)
    return "match", a, b


def new_session(settings: Settings, now: float) -> Session:
    """A new game of ``settings`` whose clock starts at ``now``.

    Raises :class:`ModeError` when the settings are invalid (the message names
    the problem).
    """
    fixed = settings.validate()
    cls: type[Session] = registry.session_type(fixed.game, fixed.mode)
    return cls(fixed, now)
