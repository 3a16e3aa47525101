"""A tiny board with hand-made geometry, for scripted ledger tests.

Tiles stand in one row (``coords`` is ``(0, spot)``); a tile is free unless a
tile it lies under (``under[spot]``) is still there. Two free tiles match by
the SPEC §1 face rules. This lets a test decide exactly when a deadlock comes,
independently of the generators.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Mapping, Sequence

from tilematch.engine.board import Match, PairView
from tilematch.engine.tiles import tiles_match
from tilematch.modes import daily, deals


class FakeBoard:
    def __init__(
        self,
        faces: Sequence[str | None],
        under: Mapping[int, int] | None = None,
        game: str = "shisensho",
    ) -> None:
        self.game = game
        self.faces = list(faces)
        self.under = dict(under or {})
        self.occupied = sum(1 << i for i, f in enumerate(self.faces) if f is not None)
        self.stack: list[tuple[Match, str, str]] = []

    def face(self, spot: int) -> str | None:
        if not 0 <= spot < len(self.faces):
            raise IndexError(spot)
        return self.faces[spot]

    def spots(self) -> Iterator[int]:
        return (i for i, f in enumerate(self.faces) if f is not None)

    def coords(self, spot: int) -> tuple[int, ...]:
        if not 0 <= spot < len(self.faces):
            raise IndexError(spot)
        return (0, spot) if self.game == "shisensho" else (2 * spot, 0, 0)

    def spot_at(self, coords: Sequence[int]) -> int:
        return coords[1] if self.game == "shisensho" else coords[0] // 2

    def is_free(self, spot: int) -> bool:
        if self.faces[spot] is None:
            return False
        top = self.under.get(spot)
        return top is None or self.faces[top] is None

    def free_spots(self) -> int:
        return sum(1 << s for s in self.spots() if self.is_free(s))

    def match(self, a: int, b: int) -> Match | None:
        a, b = sorted((a, b))
        if a == b or self.faces[a] is None or self.faces[b] is None:
            return None
        if not (self.is_free(a) and self.is_free(b)):
            return None
        if not tiles_match(self.faces[a] or "", self.faces[b] or ""):
            return None
        return Match(a, b, ((0, a), (0, b)) if self.game == "shisensho" else ())

    def why_not(self, a: int, b: int) -> str:
        if self.faces[a] is None or self.faces[b] is None:
            return "empty"
        if a == b:
            return "same"
        if not (self.is_free(a) and self.is_free(b)):
            return "not free"
        return "not a match"

    def _pairs(self) -> Iterator[Match]:
        spots = list(self.spots())
        for i, a in enumerate(spots):
            for b in spots[i + 1 :]:
                m = self.match(a, b)
                if m is not None:
                    yield m

    def legal_pairs(self) -> PairView:
        return PairView(self._pairs)

    def push(self, move: Match) -> None:
        fa, fb = self.faces[move.a], self.faces[move.b]
        assert fa is not None and fb is not None
        self.stack.append((move, fa, fb))
        self.faces[move.a] = self.faces[move.b] = None
        self.occupied &= ~((1 << move.a) | (1 << move.b))

    def pop(self) -> Match:
        move, fa, fb = self.stack.pop()
        self.faces[move.a], self.faces[move.b] = fa, fb
        self.occupied |= (1 << move.a) | (1 << move.b)
        return move

    def is_cleared(self) -> bool:
        return self.occupied == 0

    def is_deadlocked(self) -> bool:
        return self.occupied != 0 and not self.legal_pairs()

    def copy(self) -> FakeBoard:
        twin = FakeBoard(self.faces, self.under, self.game)
        twin.stack = list(self.stack)
        return twin

    def with_faces(self, faces: Mapping[int, str]) -> FakeBoard:
        new: list[str | None] = [None] * len(self.faces)
        for spot, face in faces.items():
            new[spot] = face
        return FakeBoard(new, self.under, self.game)

    def key(self) -> Hashable:
        return tuple(self.faces)


def fake_redeal(board: FakeBoard, seed: int) -> FakeBoard:
    """Sorted faces, dealt to the free tiles first: opens a pair whenever two free
    tiles exist and the faces allow it."""
    spots = sorted(board.spots(), key=lambda s: (not board.is_free(s), s))
    faces = sorted((board.faces[s] or "" for s in spots), key=lambda f: (f[-2:], f))
    return board.with_faces(dict(zip(spots, faces, strict=True)))


def install(monkeypatch, boards: Sequence[FakeBoard], seed: int = 1) -> None:
    """Make every deal of a game with ``seed`` hand out ``boards`` (index i -> the
    i-th board, the last one repeated), reshuffles use :func:`fake_redeal` and
    hints take the first legal pair."""
    table = {deals.stream_seed(seed, deals.SALT_BOARD, i): i for i in range(50)}

    def deal(game: str, *, seed: int, **_: object) -> deals.Dealt:
        index = min(table[seed], len(boards) - 1)
        return deals.Dealt(boards[index].copy(), [], 1, None)

    def hint(board):
        return next(iter(board.legal_pairs()), None)

    def smart_hint(board, memory=None):
        for move in board.legal_pairs():
            board.push(move)
            ok = board.is_cleared() or not board.is_deadlocked()
            board.pop()
            if ok:
                return move, True
        return hint(board), False

    monkeypatch.setattr(deals, "deal", deal)
    monkeypatch.setattr(daily, "daily_deal", lambda date, version: deal("solitaire", seed=seed))
    monkeypatch.setattr(deals, "redeal", fake_redeal)
    monkeypatch.setattr(deals, "hint", hint)
    monkeypatch.setattr(deals, "smart_hint", smart_hint)
    monkeypatch.setattr(deals, "generator_version", lambda: 1)
    monkeypatch.setattr(deals, "layout_names", lambda: ["turtle", "pyramid"])

    def layout_key(name: str) -> str:
        if name == "no-such-layout":
            raise KeyError(name)
        return name

    monkeypatch.setattr(deals, "layout_key", layout_key)
    monkeypatch.setattr(daily, "daily_seed", lambda day: 1)


def pairs_board(count: int, game: str = "shisensho") -> FakeBoard:
    """``count`` free pairs of distinct faces: spots 2k and 2k+1 match."""
    faces: list[str | None] = []
    codes = ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p"]
    for k in range(count):
        code = codes[k % len(codes)]
        if game == "blackwhite":
            faces += ["b" + code, "w" + code]
        else:
            faces += [code, code]
    return FakeBoard(faces, game=game)


def deadlock_board(game: str = "shisensho") -> FakeBoard:
    """Spots 0/1 a free pair; then A over B (2 over 3) and B over A (4 over 5):
    removing 0/1 leaves a deadlock that a reshuffle resolves."""
    a, b, x = ("1p", "2p", "1m") if game != "blackwhite" else ("b1p", "b2p", "b1m")
    a2, b2, x2 = (a, b, x) if game != "blackwhite" else ("w1p", "w2p", "w1m")
    return FakeBoard([x, x2, a, b2, b, a2], under={3: 2, 5: 4}, game=game)
