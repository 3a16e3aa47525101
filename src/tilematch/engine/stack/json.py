"""The JSON text of a layered board (docs/rules.md §6), read and written.

::

    {"game": "solitaire",
     "tiles": [[0, 0, 0, "5s"], [2, 0, 0, "5s"], ...],
     "stones": [[2, 0, 0, 2]]}

``game`` is ``"solitaire"`` or ``"blackwhite"``; each tile is ``[x, y, z, code]``
in half-tile units (docs/rules.md §3); the optional ``stones`` list marks tiles as stone
tiles with the cracks each still needs. Other top-level keys (``"layout"``,
``"seed"``, ...) are carried along as metadata and ignored by the rules.

The board's layout is the set of positions of its tiles, numbered as
:class:`~tilematch.engine.layouts.layout.Layout` does (sorted by ``z``, ``y``, ``x``).

>>> board = parse_stack_json('{"game": "solitaire", "tiles": [[0,0,0,"1f"], [2,0,0,"4f"]]}')
>>> [tuple(m[:2]) for m in board.legal_pairs()]
[(0, 1)]
>>> parse_stack_json('{"game": "solitaire", "tiles": [[0,0,0,"1f"], [1,0,0,"4f"]]}')
Traceback (most recent call last):
...
tilematch.engine.board.BoardError: tiles[1] at (1, 0, 0) overlaps tiles[0] at (0, 0, 0)
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Final

from tilematch.engine.board import BoardError
from tilematch.engine.layouts.layout import MAX_COORD, Layout, Position, unsupported
from tilematch.engine.layouts.layout import MAX_TILES as LAYOUT_MAX_TILES
from tilematch.engine.stack.board import StackBoard
from tilematch.engine.stack.geometry import MAX_STONE_CRACKS, STACK_GAMES, stack_geometry
from tilematch.engine.tiles import TileError, match_key, split_code
from tilematch.engine.words import counted

#: The most tiles a board may hold: as many as a layout (every layout read gives boards
#: this reader takes back).
MAX_TILES: Final = LAYOUT_MAX_TILES
#: The longest board text accepted, in characters.
MAX_TEXT: Final = 256 * 1024
#: Coordinates must lie in ``0..MAX_XY`` (x, y) and ``0..MAX_Z`` (z), the bounds of layouts.
MAX_XY: Final = MAX_COORD
MAX_Z: Final = MAX_COORD


def parse_stack_json(text: str | bytes, *, name: str = "board") -> StackBoard:
    """Read a board from its JSON text; ``name`` becomes the layout's name.

    Returns a :class:`~tilematch.engine.stack.board.StackBoard` whose spots follow its
    positions in ``(z, y, x)`` order. Raises
    :class:`~tilematch.engine.board.BoardError` (a ``ValueError``) naming the
    element and the problem: oversized text, not JSON, wrong types, unknown game,
    unknown code, a coloured code in a Mahjong Solitaire board or a plain one in
    Black & White, overlapping tiles, a tile resting on nothing, a match group
    that cannot be paired, more than :data:`MAX_TILES` tiles, bad stones.
    """
    if isinstance(text, bytes):
        if len(text) > MAX_TEXT:
            raise BoardError(f"board text is too large ({len(text)} bytes; at most {MAX_TEXT})")
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as error:
            raise BoardError(f"board text is not UTF-8: {error.reason}") from None
    if not isinstance(text, str):
        raise BoardError("board text must be a string")
    if len(text) > MAX_TEXT:
        raise BoardError(f"board text is too large ({len(text)} characters; at most {MAX_TEXT})")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise BoardError(
            f"not JSON: {error.msg} at line {error.lineno} column {error.colno}"
        ) from None
    except RecursionError:
        raise BoardError("not a board: JSON nested too deeply") from None
    except ValueError as error:  # e.g. an integer with more digits than Python converts
        raise BoardError(f"not a board: {str(error).split(':')[0]}") from None
    return board_from_data(data, name=name)


def board_from_data(data: Any, *, name: str = "board") -> StackBoard:
    """Build a board from already decoded JSON (``dict``); errors as :func:`parse_stack_json`."""
    if not isinstance(data, dict):
        raise BoardError(f"a board is a JSON object with 'game' and 'tiles', not {_kind(data)}")
    game = data.get("game")
    if game is None:
        raise BoardError('missing \'game\' ("solitaire" or "blackwhite")')
    if game not in STACK_GAMES:
        raise BoardError(f"unknown game {game!r}: a layered board is 'solitaire' or 'blackwhite'")
    raw_tiles = data.get("tiles")
    if raw_tiles is None:
        raise BoardError("missing 'tiles' (a list of [x, y, z, code])")
    if not isinstance(raw_tiles, list):
        raise BoardError(f"'tiles' must be a list of [x, y, z, code], not {_kind(raw_tiles)}")
    if len(raw_tiles) > MAX_TILES:
        raise BoardError(f"too many tiles: {len(raw_tiles)} (at most {MAX_TILES})")

    positions: list[Position] = []
    codes: list[str] = []
    seen: dict[Position, int] = {}
    for i, item in enumerate(raw_tiles):
        label = f"tiles[{i}]"
        if not isinstance(item, list) or len(item) != 4:
            raise BoardError(f"{label} must be [x, y, z, code], not {_short(item)}")
        pos = _position(item[:3], label)
        code = _tile_code(item[3], game, f"{label} at {pos}")
        if pos in seen:
            raise BoardError(f"{label} at {pos}: tiles[{seen[pos]}] is already there")
        seen[pos] = i
        positions.append(pos)
        codes.append(code)

    _check_pairable(codes, game)
    layout = Layout(name, tuple(positions))
    geometry = stack_geometry(layout.positions)
    order = [seen[p] for p in layout.positions]  # spot -> index in the 'tiles' list
    if geometry.clashes:
        first, second = sorted(order[s] for s in geometry.clashes[0])
        raise BoardError(
            f"tiles[{second}] at {positions[second]} overlaps tiles[{first}] at {positions[first]}"
        )
    floating = unsupported(positions, bridges=True) if geometry.floating else []
    if floating:
        i = floating[0]
        z = positions[i][2]
        raise BoardError(
            f"tiles[{i}] at {positions[i]} rests on nothing: no tile on layer {z - 1} "
            "under it, nor a chain of tiles beside it that rests on one"
        )

    stones = _stones(data.get("stones"), layout)
    faces = {layout.index[pos]: code for pos, code in zip(positions, codes, strict=True)}
    return StackBoard(layout, faces, game=game, stones=stones)


def format_stack_json(board: StackBoard, *, extra: Mapping[str, Any] | None = None) -> str:
    """The board's JSON text: its tiles still on the board in spot order, one per line,
    then its stones (when it has any) with the cracks each still needs.

    ``extra`` adds metadata keys (such as ``"layout"`` or ``"seed"``) after
    ``"game"``; it may not replace ``"game"``, ``"tiles"`` or ``"stones"``
    (raises ``ValueError``). :func:`parse_stack_json` reads the text back.
    """
    lines = ["{", f'  "game": {json.dumps(board.game)},']
    for key, value in (extra or {}).items():
        if key in ("game", "tiles", "stones"):
            raise ValueError(f"extra key {key!r} would replace the board itself")
        lines.append(f"  {json.dumps(key)}: {json.dumps(value)},")
    tiles = [
        json.dumps([*board.coords(spot), board.face(spot)], separators=(", ", ": "))
        for spot in board.spots()
    ]
    stones = [
        json.dumps([*board.coords(spot), cracks], separators=(", ", ": "))
        for spot, cracks in board.stones().items()
    ]
    lines.append('  "tiles": [' + ("" if tiles else "]" + ("," if stones else "")))
    if tiles:
        lines.append(",\n".join(f"    {t}" for t in tiles))
        lines.append("  ]" + ("," if stones else ""))
    if stones:
        lines.append('  "stones": [')
        lines.append(",\n".join(f"    {s}" for s in stones))
        lines.append("  ]")
    lines.append("}")
    return "\n".join(lines) + "\n"


def _tile_code(code: object, game: str, where: str) -> str:
    """``code`` when it is a tile code of ``game``; raises :class:`BoardError` naming
    ``where`` otherwise."""
    if not isinstance(code, str):
        raise BoardError(f"{where}: tile code must be a string, not {_short(code)}")
    try:
        colour, _ = split_code(code)
    except TileError:
        raise BoardError(f"{where}: unknown tile code {code!r}") from None
    if game == "solitaire" and colour is not None:
        raise BoardError(
            f"{where}: {code!r} is a Black & White tile; "
            "a solitaire board uses plain codes such as '5s'"
        )
    if game == "blackwhite" and colour is None:
        raise BoardError(
            f"{where}: {code!r} has no colour; "
            "Black & White codes start with 'b' or 'w', such as 'b5s'"
        )
    return code


def _kind(value: object) -> str:
    names = {dict: "an object", list: "a list", str: "a string", bool: "true/false"}
    if value is None:
        return "null"
    for kind, word in names.items():
        if isinstance(value, kind):
            return word
    return "a number" if isinstance(value, int | float) else type(value).__name__


def _short(value: object) -> str:
    text = json.dumps(value) if _jsonable(value) else repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _jsonable(value: object) -> bool:
    try:
        json.dumps(value)
    except (TypeError, ValueError, RecursionError):
        return False
    return True


def _position(values: list[Any], label: str) -> Position:
    """``(x, y, z)`` from three JSON values, range-checked."""
    for axis, value in zip("xyz", values, strict=True):
        if not isinstance(value, int) or isinstance(value, bool):
            raise BoardError(f"{label}: {axis} must be a whole number, not {_short(value)}")
        limit = MAX_Z if axis == "z" else MAX_XY
        if not 0 <= value <= limit:
            raise BoardError(f"{label}: {axis} = {value} is outside 0..{limit}")
    return (values[0], values[1], values[2])


def _check_pairable(codes: list[str], game: str) -> None:
    """Raise when some match group cannot be paired off completely."""
    counts: dict[str, list[int]] = {}
    for code in codes:
        group, colour = match_key(code)
        entry = counts.setdefault(group, [0, 0])
        entry[1 if colour == "w" else 0] += 1
    for group, (first, white) in counts.items():
        if game == "solitaire" and first % 2:
            raise BoardError(
                f"match group {group!r} has {counted(first, 'tile')}: an odd count cannot be paired"
            )
        if game == "blackwhite" and first != white:
            raise BoardError(
                f"match group {group!r} has {first} black and {white} white tiles: "
                "Black & White pairs need one black and one white tile"
            )


def _stones(raw: Any, layout: Layout) -> dict[int, int]:
    """Stone spots -> cracks still needed from the optional 'stones' list."""
    if raw is None:
        return {}
    if not isinstance(raw, list):
        raise BoardError(f"'stones' must be a list of [x, y, z, cracks], not {_kind(raw)}")
    stones: dict[int, int] = {}
    for i, item in enumerate(raw):
        label = f"stones[{i}]"
        if not isinstance(item, list) or len(item) != 4:
            raise BoardError(f"{label} must be [x, y, z, cracks], not {_short(item)}")
        pos = _position(item[:3], label)
        cracks = item[3]
        if not isinstance(cracks, int) or isinstance(cracks, bool):
            raise BoardError(
                f"{label} at {pos}: cracks must be a whole number, not {_short(cracks)}"
            )
        if not 0 <= cracks <= MAX_STONE_CRACKS:
            raise BoardError(
                f"{label} at {pos}: cracks = {cracks} is outside 0..{MAX_STONE_CRACKS}"
            )
        spot = layout.index.get(pos)
        if spot is None:
            raise BoardError(f"{label} at {pos}: no tile there")
        if spot in stones:
            raise BoardError(f"{label} at {pos}: that tile is already a stone")
        stones[spot] = cracks
    return stones
