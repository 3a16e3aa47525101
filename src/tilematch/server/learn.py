"""Small positions, drawn and explained by the engine, for the "Why can't I select this tile?"
guide (``GET /api/learn``). Nothing here decides a rule: every ``free`` flag, path and
freed list comes from the engine's boards, and every sentence is composed, in the
player's language, from the engine's facts (:mod:`tilematch.server.sentences`)."""

from __future__ import annotations

from typing import Any

from tilematch.engine.board import Match
from tilematch.engine.grid.board import GridBoard
from tilematch.engine.layouts.layout import Layout
from tilematch.engine.stack.board import StackBoard
from tilematch.modes.views import tile_view
from tilematch.server.i18n import translate
from tilematch.server.sentences import explain_spot, refusal_text, tile_name


def _stack_example(
    locale: str,
    key: str,
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
            blocked=explain_spot(locale, board, spot, board.explain(spot)),
            stone=board.explain(spot).stone_cracks_left,
        )
        for spot in board.spots()
    ]
    example: dict[str, Any] = {
        "id": key,
        "title": translate(locale, f"server.learn.{key.replace('-', '_')}.title"),
        "game": game,
        "geometry": "stack",
        "tiles": tiles,
        "focus": focus_spot,
        "explanation": explain_spot(locale, board, focus_spot, board.explain(focus_spot)),
    }
    if pair is not None:
        a, b = sorted((spot_of[pair[0]], spot_of[pair[1]]))
        move = board.match(a, b) or Match(a, b)
        example["pair"] = [a, b]
        example["freed"] = board.freed_by(move)
    return example


def _grid_example(locale: str) -> dict[str, Any]:
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
        "title": translate(locale, "server.learn.two_bends.title"),
        "game": "shisensho",
        "geometry": "grid",
        "tiles": [
            tile_view(board, spot, free=board.is_free(spot), selectable=True)
            for spot in board.spots()
        ],
        "pair": [a, b],
        "path": [list(point) for point in match.path] if match else None,
        "explanation": (
            translate(locale, "server.learn.two_bends.explanation")
            if match
            else refusal_text(locale, board.why_not(a, b))
        ),
    }


def _named(locale: str, example: dict[str, Any]) -> dict[str, Any]:
    """``example`` with each tile's ``name`` in ``locale``."""
    if locale != "en":
        for tile in example["tiles"]:
            if tile.get("code"):
                tile["name"] = tile_name(locale, tile["code"])
    return example


def examples(locale: str = "en") -> list[dict[str, Any]]:
    """The guide's example positions, each with the tiles, a focus tile and the sentence
    about it in ``locale``, composed from the engine's facts; raises ``ImportError``
    while the engine's boards are unavailable."""
    row = [(0, 0, 0), (2, 0, 0), (4, 0, 0)]
    return [
        _named(locale, example)
        for example in [
            _stack_example(
                locale,
                "covered",
                [(0, 0, 0), (2, 0, 0), (1, 0, 1)],
                ["1m", "2p", "1m"],
                0,
            ),
            _stack_example(
                locale,
                "sides-closed",
                row,
                ["3s", "7z", "3s"],
                1,
            ),
            _stack_example(
                locale,
                "one-side-open",
                row,
                ["3s", "7z", "3s"],
                0,
            ),
            _stack_example(
                locale,
                "freed",
                [(0, 0, 0), (2, 0, 0), (4, 0, 0), (6, 0, 0)],
                ["1p", "6s", "6s", "1p"],
                1,
                pair=(0, 3),
            ),
            _stack_example(
                locale,
                "stone",
                row,
                ["b2m", "b9p", "w2m"],
                1,
                game="blackwhite",
                stones={1: 2},
            ),
            _grid_example(locale),
        ]
    ]
