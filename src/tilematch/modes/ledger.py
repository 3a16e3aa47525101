"""Score ledgers and combo chains.

Every point a player earns or loses is a :class:`Line` on a :class:`Ledger`,
so the score shown is always the sum of lines a player can read. Each line
has a stable ``key`` and its ``params`` (``"ledger.pair_times"`` with
``multiplier=2``), which the server translates, and an English ``label``
made from them (:data:`LABELS`) for the library and the command line. A
:class:`Chain` tracks combo chains: a match made at most ``window`` seconds
(2.0 s by default) of playing time after the previous match extends the
chain, any later match restarts it at 1.

>>> chain = Chain(cap=4)
>>> [chain.step(t) for t in (0.0, 1.5, 3.5, 6.0)]
[1, 2, 3, 1]
>>> ledger = Ledger()
>>> line = ledger.add("ledger.pair_times", 200, kind="pair", at=1.5, multiplier=2)
>>> line.label, line.points
('Pair x2', 200)
>>> ledger.total
200
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TypedDict

#: A match at most this many seconds after the previous one extends a chain.
CHAIN_WINDOW = 2.0
_EPS = 1e-9

#: The English label of every ledger line key, its parameters in braces; the key is
#: also the line's message (``server.`` + key) in the server's catalogues.
LABELS: Mapping[str, str] = MappingProxyType(
    {
        "ledger.pair": "Pair",
        "ledger.pair_times": "Pair x{multiplier}",
        "ledger.combo_step": "Combo step {step}",
        "ledger.time_left": "Time left: {count} s",
        "ledger.speed_bonus": "Speed bonus: {count} s under target",
        "ledger.perfect": "Perfect clear",
        "ledger.cleared": "Board cleared",
        "ledger.reshuffle": "Reshuffle",
        "ledger.auto_shuffle": "Automatic shuffle",
        "ledger.shuffle": "Shuffle",
        "ledger.smart_hint": "Smart hint",
        "ledger.hint": "Hint",
        "ledger.undo": "Undo",
    }
)


class LineView(TypedDict):
    """A ledger line as a view sends it (:meth:`Line.to_json`)."""

    label: str
    points: int
    kind: str
    at: float
    key: str
    params: dict[str, int]


@dataclass(frozen=True)
class Line:
    """One ledger line: an English label, signed points, a kind for programs
    (``"pair"``, ``"combo"``, ``"undo"``, ``"reshuffle"``, ``"speed"``,
    ``"perfect"``, ``"clear"``, ``"time"``, ``"shuffle"``, ``"help"``), the playing
    time, and the label's key in :data:`LABELS` with its parameters (name and value
    pairs, so that a line stays hashable)."""

    label: str
    points: int
    kind: str
    at: float
    key: str
    params: tuple[tuple[str, int], ...] = ()

    def to_json(self) -> LineView:
        """The line as the view shows it."""
        return {
            "label": self.label,
            "points": self.points,
            "kind": self.kind,
            "at": self.at,
            "key": self.key,
            "params": dict(self.params),
        }


@dataclass
class Ledger:
    """An append-only list of :class:`Line` s; the score is their sum."""

    lines: list[Line] = field(default_factory=list)

    def add(self, key: str, points: int, *, kind: str, at: float, **params: int) -> Line:
        """Append the line of ``key`` (one of :data:`LABELS`, whose ``params`` it fills
        in) and return it. Raises :class:`KeyError` for a key :data:`LABELS` lacks."""
        label = LABELS[key].format(**params)
        line = Line(label, points, kind, round(at, 3), key, tuple(params.items()))
        self.lines.append(line)
        return line

    @property
    def total(self) -> int:
        """The score: the sum of every line."""
        return sum(line.points for line in self.lines)

    def sum_of(self, kind: str) -> int:
        """The sum of the lines of one kind."""
        return sum(line.points for line in self.lines if line.kind == kind)

    def to_json(self) -> list[LineView]:
        """Every line, oldest first."""
        return [line.to_json() for line in self.lines]


@dataclass
class Chain:
    """A combo chain measured on the game clock.

    ``length`` is the current chain length (0 before the first match);
    ``cap`` limits the multiplier that :meth:`multiplier` reports, not the
    length itself.
    """

    cap: int | None = None
    window: float = CHAIN_WINDOW
    length: int = 0
    last_at: float | None = None

    def is_rapid(self, at: float) -> bool:
        """True when a match at playing time ``at`` would extend the chain."""
        return self.last_at is not None and at - self.last_at <= self.window + _EPS

    def step(self, at: float) -> int:
        """Record a match at playing time ``at``; returns the new chain length."""
        self.length = self.length + 1 if self.is_rapid(at) else 1
        self.last_at = at
        return self.length

    def multiplier(self) -> int:
        """The chain length limited by ``cap`` (1 before any match)."""
        length = max(1, self.length)
        return length if self.cap is None else min(length, self.cap)

    def current(self, at: float) -> int:
        """The chain length still alive at playing time ``at`` (0 once it lapsed)."""
        if self.last_at is None or at - self.last_at > self.window + _EPS:
            return 0
        return self.length

    def state(self) -> tuple[int, float | None]:
        """``(length, last_at)``, to restore with :meth:`restore`."""
        return self.length, self.last_at

    def restore(self, state: tuple[int, float | None]) -> None:
        """Put back a state taken with :meth:`state`."""
        self.length, self.last_at = state

    def reset(self) -> None:
        """Break the chain."""
        self.length = 0
        self.last_at = None
