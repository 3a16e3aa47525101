"""The shapes a game sends to the page, as ``TypedDict``\\ s, and the one function
that draws a tile (:func:`tile_view`) for every view that lists tiles.

The keys are the JSON keys, in the order they are sent. ``docs/architecture.md``
describes what each one means.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict, Unpack

from tilematch.engine.board import Board
from tilematch.engine.stack.board import StackBoard
from tilematch.engine.tiles import tile_name
from tilematch.modes.ledger import LineView


class TileFacts(TypedDict, total=False):
    """What a view says about a tile beyond its spot, face and place."""

    free: bool
    selectable: bool
    blocked: str | None
    blockers: list[int]
    stone: int


class TileView(TileFacts):
    """A tile: ``spot``, tile ``code``, its ``name``, ``pos`` (board coordinates),
    then the facts the view gives (:class:`TileFacts`)."""

    spot: int
    code: str
    name: str
    pos: list[int]


def tile_view(board: Board, spot: int, **facts: Unpack[TileFacts]) -> TileView:
    """The view of the tile at the occupied ``spot`` of ``board``, with ``facts``
    after its spot, code, name and position, in the order given."""
    code = board.face(spot) or ""
    return {
        "spot": spot,
        "code": code,
        "name": tile_name(code) if code else "",
        "pos": list(board.coords(spot)),
        **facts,
    }


class Intent(TypedDict):
    """What a player asks for: ``type`` (see ``INTENTS``), and spots ``a`` and ``b``
    of a match."""

    type: str
    a: NotRequired[int]
    b: NotRequired[int]


class LogEntry(Intent):
    """An accepted intent (or ``"expire"``) in a session's log, at playing time ``t``."""

    t: float


class Event(TypedDict, total=False):
    """Something an intent or the clock caused; ``type`` says what, the other keys
    depend on it (``match``: ``a``, ``b``, ``chain``; ``undo``: ``points``;
    ``deadlock``: ``offer``; ``end``: ``status``, ``score``; ...)."""

    type: str
    a: int
    b: int
    chain: int
    points: int
    warning: str
    automatic: bool
    offer: list[str]
    status: str
    score: int
    seconds: float
    board: int
    store: str
    player: int
    until: float
    reason: str | None
    winner: int | None
    scores: list[int]


class ClockView(TypedDict):
    """The clock: playing seconds, seconds left (``None`` when it counts up),
    whether it is paused, whether it has started (at the first pick)."""

    elapsed: float
    remaining: float | None
    paused: bool
    started: bool


class ChainView(TypedDict):
    """The combo chain still alive: its ``length`` (0: none), the ``multiplier`` it
    scores (the length up to ``cap``; ``cap`` ``None``: no cap), the ``window`` in
    seconds a next pair must come within, and the playing seconds ``left`` of it
    (``None`` without a chain). The page counts ``left`` down between views."""

    length: int
    multiplier: int
    cap: int | None
    window: float
    left: float | None


class ModeCounters(TypedDict, total=False):
    """Counters only some modes keep."""

    tokens: int
    target: float
    boards_cleared: int
    hints_left: int
    shuffles_left: int
    undos_left: int
    countdown: float


class Counters(ModeCounters):
    """The counters a player sees."""

    time: float
    tiles_left: int
    moves: int
    pairs_open: int
    hints: int
    undos: int
    shuffles: int


class ModeSummary(TypedDict, total=False):
    """End-of-game facts only some modes give."""

    tokens_left: int
    perfect: bool
    boards_cleared: int
    reason: str
    date: str | None
    solved: bool
    difficulty: str
    time_left: float
    level: int
    stars: int
    partner_help: bool


class Summary(ModeSummary):
    """The end-of-game summary."""

    result: str
    time: float
    score: int
    tiles_left: int
    moves: int
    hints: int
    undos: int
    shuffles: int
    #: why the result may not be ranked (``None``: it may), docs/modes.md
    unranked: str | None


class LastMatch(TypedDict):
    """The pair matched last: spots, the connecting path, the tiles it freed and,
    with gravity, where tiles fell (``[start, target]`` spots)."""

    a: int
    b: int
    path: list[list[int]]
    freed: list[int]
    fell: list[list[int]]


class View(TypedDict):
    """Everything the page draws of a solo game."""

    game: str
    mode: str
    layout: str | None
    size: list[int] | None
    shape: str | None
    seed: int | None
    gravity: bool
    difficulty: str | None
    level: int | None
    date: str | None
    generator: str
    version: int | None
    geometry: str
    bounds: dict[str, int]
    tiles: list[TileView]
    pairs: list[list[int]]
    open_pairs: int
    last_match: LastMatch | None
    hint: list[int] | None
    hint_warning: str | None
    counters: Counters
    clock: ClockView
    score: int
    combo: int
    chain: ChainView | None
    offers: list[str]
    redo: int
    partner_help: bool
    ledger: list[LineView]
    status: str
    summary: Summary | None


class DuelMatch(TypedDict):
    """The pair claimed last in a duel, by whom and, with gravity, where tiles fell
    (``[start, target]`` spots, as in :class:`LastMatch`)."""

    a: int
    b: int
    path: list[list[int]]
    player: int
    fell: list[list[int]]


class DuelResult(TypedDict):
    """How a duel stands or ended."""

    status: str
    reason: str | None
    winner: int | None
    scores: list[int]


class DuelPlayerFigures(TypedDict):
    """One player's figures of a duel (:meth:`~tilematch.modes.duel.DuelGame.figures`)."""

    pairs: int
    pace: float | None
    fastest: float | None
    bad_claims: int


class DuelFigures(TypedDict):
    """How a duel was played: its length, the winner's lead in tiles, each player."""

    seconds: float
    lead: int
    players: list[DuelPlayerFigures]


class DuelView(DuelResult):
    """What both players' screens draw of a Speed Duel."""

    game: str
    mode: str
    seed: int
    size: list[int]
    gravity: bool
    geometry: str
    bounds: dict[str, int]
    tiles: list[TileView]
    last_match: DuelMatch | None
    locked: list[float]
    away: list[bool]
    rival: str | None
    reshuffles: int
    elapsed: float


class ViewMemo:
    """Facts of one board that do not change while it is played (why a tile is
    blocked, per neighbourhood), so that a view does not work them out again; a
    new board (a shuffle, a new arcade board) starts afresh."""

    LIMIT = 20_000

    def __init__(self) -> None:
        self._board: Board | None = None
        self._facts: dict[tuple[int, int, int], tuple[str, tuple[int, ...]]] = {}
        self._heads: dict[int, tuple[str, str, tuple[int, ...]]] = {}

    def of(self, board: Board) -> dict[tuple[int, int, int], tuple[str, tuple[int, ...]]]:
        """The facts remembered for ``board``."""
        if self._board is not board or len(self._facts) >= self.LIMIT:
            self._board = board
            self._facts = {}
            self._heads = {}
        return self._facts

    def heads(self, board: Board) -> dict[int, tuple[str, str, tuple[int, ...]]]:
        """Per spot of ``board``: the ``(code, name, position)`` last drawn there. A
        spot's position never changes on one board; its code is compared by the
        caller (tiles slide with gravity), the name follows the code."""
        self.of(board)
        return self._heads


def board_tiles(board: Board, memo: ViewMemo, pick_any: bool) -> list[TileView]:
    """The tiles of ``board`` ascending by spot. With ``pick_any`` (Shisen-Sho,
    where the path decides) every tile is selectable; a layered board says itself
    which tiles are (free and not an uncracked stone)."""
    free_mask = board.free_spots()
    stack = board if isinstance(board, StackBoard) else None
    if pick_any:
        selectable_mask = None
    elif stack is not None:
        selectable_mask = int(stack.selectable_spots())
    else:
        selectable_mask = int(free_mask)
    heads = memo.heads(board)
    tiles: list[TileView] = []
    for spot in board.spots():
        # what tile_view draws, with the name and position kept per spot and code
        code = board.face(spot) or ""
        head = heads.get(spot)
        if head is None or head[0] != code:
            head = heads[spot] = (code, tile_name(code) if code else "", board.coords(spot))
        stone = int(stack.cracks(spot)) if stack is not None else 0
        selectable = selectable_mask is None or bool(selectable_mask >> spot & 1)
        blocked, blockers = (None, []) if selectable else why_blocked(board, spot, stone, memo)
        tiles.append(
            {
                "spot": spot,
                "code": code,
                "name": head[1],
                "pos": list(head[2]),
                "free": bool(free_mask >> spot & 1),
                "selectable": selectable,
                "blocked": blocked,
                "blockers": blockers,
                "stone": stone,
            }
        )
    return tiles


def why_blocked(
    board: Board, spot: int, stone: int, memo: ViewMemo
) -> tuple[str | None, list[int]]:
    """The Learn Mode sentence naming what blocks a layered tile, and the spots of
    those tiles (what covers it, and both sides when both are closed) for the page
    to outline; ``(None, [])`` on a board that is not layered.

    The answer depends only on the tiles that may cover ``spot`` or close its
    sides and on its stone cracks, so ``memo`` keeps it per board under those."""
    if not isinstance(board, StackBoard):
        return None, []
    around = int(board.cover[spot]) | int(board.left[spot]) | int(board.right[spot])
    key = (spot, int(board.occupied) & around, stone)
    facts = memo.of(board)
    known = facts.get(key)
    if known is not None:
        return known[0], list(known[1])
    why = board.explain(spot)
    sides = list(why.left) + list(why.right) if why.left and why.right else []
    answer = (str(why.describe()), tuple(sorted(set(why.covered_by) | set(sides))))
    facts[key] = answer
    return answer[0], list(answer[1])


def stack_bounds(board: Board, spots: int) -> dict[str, int]:
    """``{"width", "height", "depth"}`` of a layered board: its layout's bounds, or
    for another board those of the first ``spots`` places."""
    if isinstance(board, StackBoard):
        width, height, depth = board.layout.bounds
    else:
        coords = [board.coords(spot) for spot in range(spots)]
        width = max((c[0] for c in coords), default=-2) + 2
        height = max((c[1] for c in coords), default=-2) + 2
        depth = max((c[2] for c in coords), default=-1) + 1
    return {"width": int(width), "height": int(height), "depth": int(depth)}


def freed_tiles(board: Board, move_freed: list[int] | None, free_before: int) -> list[int]:
    """The tiles a move just made free: the layered board's own answer
    (``move_freed``), else those free now and not before."""
    if move_freed is not None:
        return sorted(int(spot) for spot in move_freed)
    gained = board.free_spots() & ~free_before & board.occupied
    return [spot for spot in board.spots() if gained >> spot & 1]
