"""Boards built for tests: layered boards from a picture of positions, and small random
boards of both geometries."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from tilematch.engine import layouts
from tilematch.engine.grid.board import GridBoard
from tilematch.engine.layouts.layout import Layout
from tilematch.engine.stack.board import StackBoard
from tilematch.engine.tiles import standard_set

Pos = tuple[int, int, int]


def board_of(
    tiles: Mapping[Pos, str],
    game: str = "solitaire",
    stones_at: Mapping[Pos, int] | None = None,
    **options: Any,
) -> StackBoard:
    """A layered board with a tile of each face at its position; ``stones_at`` gives the
    cracks of the stones by position (``options`` go to ``StackBoard`` as they are)."""
    layout = Layout("test", tuple(tiles))
    faces = {layout.index[p]: code for p, code in tiles.items()}
    if stones_at is not None:
        options["stones"] = {layout.index[p]: cracks for p, cracks in stones_at.items()}
    return StackBoard(layout, faces, game=game, **options)


def stack(tiles: list[tuple[int, int, int, str]], **options: Any) -> StackBoard:
    """``board_of`` for a list of ``(x, y, z, face)``."""
    return board_of({(x, y, z): code for x, y, z, code in tiles}, **options)


def crossed_stacks() -> StackBoard:
    """A under B in one stack, B under A in the other, a free pair beside them: a board
    with one legal pair that cannot be cleared."""
    return stack(
        [
            (0, 0, 0, "1m"),
            (0, 0, 1, "2m"),
            (6, 0, 0, "2m"),
            (6, 0, 1, "1m"),
            (12, 0, 0, "3m"),
            (16, 0, 0, "3m"),
        ]
    )


def shuffled_turtle(seed: int) -> StackBoard:
    """The Turtle with the standard 144 tiles in a random order (not a checked deal)."""
    faces = standard_set("144")
    random.Random(seed).shuffle(faces)
    return StackBoard(layouts.get("turtle"), faces)


FACES = ["1m", "2m", "3m", "4m", "5p", "6p", "7s", "1z"]


def grid_board(seed: int, gravity: bool) -> GridBoard:
    """A small random grid: a few faces in pairs or groups of four, holes anywhere."""
    rng = random.Random(seed)
    rows, cols = rng.randint(1, 4), rng.randint(2, 5)
    cells = rows * cols
    tiles = max(2, (cells - rng.randint(0, cells // 3)) // 2 * 2)
    faces: list[str] = []
    while len(faces) < tiles:
        face = rng.choice(FACES[: rng.randint(1, len(FACES))])
        copies = 4 if tiles - len(faces) >= 4 and rng.random() < 0.6 else 2
        faces.extend([face] * copies)
    spots = rng.sample(range(cells), tiles)
    return GridBoard(rows, cols, dict(zip(spots, faces, strict=True)), gravity=gravity)


def layered_board(seed: int, game: str = "solitaire", stones: bool = False) -> StackBoard:
    """A small random layered board: a base layer with holes and a few tiles on top,
    some of them on half offsets."""
    rng = random.Random(seed)
    base = [
        (x, y, 0)
        for x in range(0, 2 * rng.randint(2, 5), 2)
        for y in range(0, 2 * rng.randint(1, 3), 2)
        if rng.random() < 0.85
    ]
    positions = list(base)
    taken = {(x, y) for x, y, _ in base}
    for z in (1, 2):
        below = [p for p in positions if p[2] == z - 1]
        for x, y, _ in rng.sample(below, k=min(len(below), rng.randint(0, 3))):
            dx, dy = rng.choice([(0, 0), (1, 0), (0, 1), (1, 1)])
            spot = (x + dx, y + dy, z)
            layer = {(p[0], p[1]) for p in positions if p[2] == z}
            if all(abs(spot[0] - a) > 1 or abs(spot[1] - b) > 1 for a, b in layer):
                positions.append(spot)
        taken |= {(x, y) for x, y, _ in positions}
    if len(positions) % 2:
        positions.pop()
    layout = Layout("random", tuple(positions))
    n = layout.size
    codes: list[str] = []
    symbols = ["1m", "2m", "3p", "4s", "5z"]
    while len(codes) < n:
        left = n - len(codes)
        if game == "blackwhite":
            symbol = rng.choice(symbols)
            if left >= 4 and rng.random() < 0.6:
                codes.extend([f"b{symbol}", f"w{symbol}", f"b{symbol}", f"w{symbol}"])
            elif rng.random() < 0.2:
                codes.extend(["b1f", "w3f"])
            else:
                codes.extend([f"b{symbol}", f"w{symbol}"])
        else:
            if left >= 4 and rng.random() < 0.2:
                codes.extend(["1f", "2f", "3f", "4f"])
                continue
            symbol = rng.choice(symbols)
            codes.extend([symbol] * (4 if left >= 4 and rng.random() < 0.6 else 2))
    rng.shuffle(codes)
    stone_map: dict[int, int] = {}
    if stones:
        for spot in rng.sample(range(n), k=min(n, rng.randint(1, 3))):
            stone_map[spot] = rng.randint(1, 2)
    return StackBoard(layout, codes, game=game, stones=stone_map)
