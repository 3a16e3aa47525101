"""Small positions, drawn and explained by the engine, for the "Why can't I select this tile?"
guide (``GET /api/learn``). Nothing here decides a rule: every ``free`` flag, sentence,
path and freed list comes from the engine's boards."""

from __future__ import annotations

from typing import Any

from tilematch.engine.board import Match
from tilematch.engine.grid.board import GridBoard
from tilematch.engine.layouts.layout import Layout
from tilematch.engine.stack.board import StackBoard
from tilematch.modes.views import tile_view


def _stack_example(
    key: str,
    title: str,
    positions: list[tuple[int, int, int]],
    faces: list[str],
    focus: int,
    *,
    game: str = "solitaire",
    stones: dict[int, int] | None = None,
    pair: tuple[int, int] | None = None,
) -> dict[str, Any]:
    layout = Layout(key, tuple(positions), family="Learn")
    order = {p: i for i, p in enumerate(positions)}
    by_spot = [faces[order[p]] for p in layout.positions]
    board = StackBoard(layout, by_spot, game=game, stones=stones)
    spot_of = {i: layout.index[p] for i, p in enumerate(positions)}
    focus_spot = spot_of[focus]
    tiles = [
        tile_view(
            board,
            spot,
            free=board.is_free(spot),
            selectable=board.is_selectable(spot),
            blocked=board.describe(spot),
            stone=board.explain(spot).stone_cracks_left,
        )
        for spot in board.spots()
    ]
    example: dict[str, Any] = {
        "id": key,
        "title": title,
        "game": game,
        "geometry": "stack",
        "tiles": tiles,
        "focus": focus_spot,
        "explanation": board.describe(focus_spot),
    }
    if pair is not None:
        a, b = sorted((spot_of[pair[0]], spot_of[pair[1]]))
        move = board.match(a, b) or Match(a, b)
        example["pair"] = [a, b]
        example["freed"] = board.freed_by(move)
    return example


def _grid_example() -> dict[str, Any]:
    rows: list[list[str | None]] = [
        ["5s", "1m", "2p", None],
        ["3z", "4p", "1m", None],
        [None, "3z", "4p", "5s"],
    ]
    board = GridBoard(rows)
    a, b = board.spot_at((0, 0)), board.spot_at((2, 3))
    match = board.match(a, b)
    return {
        "id": "two-bends",
        "title": "Shisen-Sho: a path with at most two bends, also around the outside",
        "game": "shisensho",
        "geometry": "grid",
        "tiles": [
            tile_view(board, spot, free=board.is_free(spot), selectable=True)
            for spot in board.spots()
        ],
        "pair": [a, b],
        "path": [list(point) for point in match.path] if match else None,
        "explanation": (
            "These two tiles connect: the line between them bends at most twice and "
            "crosses only empty cells, here around the edge of the board."
            if match
            else board.why_not(a, b)
        ),
    }


def examples() -> list[dict[str, Any]]:
    """The guide's example positions, each with the tiles, a focus tile and the engine's
    sentence about it; raises ``ImportError`` while the engine's boards are unavailable."""
    row = [(0, 0, 0), (2, 0, 0), (4, 0, 0)]
    return [
        _stack_example(
            "covered",
            "A tile with another tile on top of it is not free",
            [(0, 0, 0), (2, 0, 0), (1, 0, 1)],
            ["1m", "2p", "1m"],
            0,
        ),
        _stack_example(
            "sides-closed",
            "A tile with neighbours on both its left and right is not free",
            row,
            ["3s", "7z", "3s"],
            1,
        ),
        _stack_example(
            "one-side-open",
            "One open side is enough: the end tiles of a row are free",
            row,
            ["3s", "7z", "3s"],
            0,
        ),
        _stack_example(
            "freed",
            "Removing a pair frees the tiles it blocked",
            [(0, 0, 0), (2, 0, 0), (4, 0, 0), (6, 0, 0)],
            ["1p", "6s", "6s", "1p"],
            1,
            pair=(0, 3),
        ),
        _stack_example(
            "stone",
            "Black & White: a stone tile needs two cracks before it can be chosen",
            row,
            ["b2m", "b9p", "w2m"],
            1,
            game="blackwhite",
            stones={1: 2},
        ),
        _grid_example(),
    ]
