"""Tile faces: codes, names, match rules and the standard sets (docs/rules.md §1).

A face is written as a short code: ``<number><suit>`` for the ordinary faces
(``5s`` is the 5 of Bamboo, ``7z`` the Red Dragon), ``1f``–``8f`` for the
bonus tiles, and a ``b`` or ``w`` colour prefix for Black & White tiles
(``b5s`` is the black 5 of Bamboo).

Two faces match when they share a *match group* and their colours allow it:

* ordinary faces match only the identical face;
* any flower (``1f``–``4f``) matches any flower, any season (``5f``–``8f``)
  any season, never each other;
* in Black & White the symbols must be the same and the colours opposite;
  every black bonus tile matches every white bonus tile.

>>> tile_name("5s")
'5 of Bamboo'
>>> tiles_match("1f", "3f"), tiles_match("1f", "5f")
(True, False)
>>> tiles_match("b5s", "w5s"), tiles_match("b5s", "b5s")
(True, False)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Final, Literal

Colour = Literal["b", "w"]
SetName = Literal["136", "144", "bw144"]

SUIT_NAMES: Final = {"m": "Characters", "p": "Dots", "s": "Bamboo"}
HONOUR_NAMES: Final = {
    1: "East Wind",
    2: "South Wind",
    3: "West Wind",
    4: "North Wind",
    5: "White Dragon",
    6: "Green Dragon",
    7: "Red Dragon",
}
BONUS_NAMES: Final = {
    1: "Plum",
    2: "Orchid",
    3: "Chrysanthemum",
    4: "Bamboo Flower",
    5: "Spring",
    6: "Summer",
    7: "Autumn",
    8: "Winter",
}

#: The 34 ordinary faces, in suit order: characters, dots, bamboo, honours.
ORDINARY_FACES: Final[tuple[str, ...]] = tuple(
    [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]
)
FLOWERS: Final[tuple[str, ...]] = ("1f", "2f", "3f", "4f")
SEASONS: Final[tuple[str, ...]] = ("5f", "6f", "7f", "8f")
BONUS_FACES: Final[tuple[str, ...]] = FLOWERS + SEASONS
BLACK_BONUS: Final[tuple[str, ...]] = ("b1f", "b2f", "b5f", "b6f")
WHITE_BONUS: Final[tuple[str, ...]] = ("w3f", "w4f", "w7f", "w8f")
ALL_SYMBOLS: Final[tuple[str, ...]] = ORDINARY_FACES + BONUS_FACES


class TileError(ValueError):
    """Raised for a code that names no tile."""


def split_code(code: str) -> tuple[Colour | None, str]:
    """Return ``(colour, symbol)`` of a code; colour is ``None`` for plain tiles.

    Raises :class:`TileError` when the code names no tile.
    """
    colour: Colour | None = None
    symbol = code
    if len(code) == 3 and code[0] in "bw":
        colour = "b" if code[0] == "b" else "w"
        symbol = code[1:]
    if symbol not in _SYMBOL_SET:
        raise TileError(f"unknown tile code {code!r}")
    return colour, symbol


def is_valid_code(code: str) -> bool:
    """True when ``code`` names a tile (plain or with a colour prefix)."""
    try:
        split_code(code)
    except TileError:
        return False
    return True


#: The White Dragon's name on a coloured tile, so that a name says one colour:
#: ``'white Frame Dragon'``, never ``'white White Dragon'`` (its picture is a frame).
COLOURED_WHITE_DRAGON: Final = "Frame Dragon"


def tile_name(code: str) -> str:
    """The name a player reads: ``'5 of Bamboo'``, ``'Red Dragon'``, ``'black Plum'``;
    on a Black & White tile the White Dragon is the Frame Dragon (one colour word).
    Raises :class:`TileError` for a code that names no tile.

    >>> tile_name("5z"), tile_name("w5z")
    ('White Dragon', 'white Frame Dragon')
    """
    colour, symbol = split_code(code)
    number, suit = int(symbol[0]), symbol[1]
    if suit in SUIT_NAMES:
        name = f"{number} of {SUIT_NAMES[suit]}"
    elif suit == "z":
        name = COLOURED_WHITE_DRAGON if colour and number == 5 else HONOUR_NAMES[number]
    else:
        name = BONUS_NAMES[number]
    if colour is not None:
        name = f"{'black' if colour == 'b' else 'white'} {name}"
    return name


def match_group(code: str) -> str:
    """The group a face matches within: the face itself, ``'flower'``, ``'season'``,
    or for coloured bonus tiles ``'bonus'`` (every black bonus meets every white one)."""
    colour, symbol = split_code(code)
    if symbol[1] == "f":
        if colour is not None:
            return "bonus"
        return "flower" if symbol in FLOWERS else "season"
    return symbol


def match_key(code: str) -> tuple[str, Colour | None]:
    """``(group, colour)``: two faces match iff the groups are equal and the colours
    are both ``None`` or different."""
    colour, _ = split_code(code)
    return match_group(code), colour


def tiles_match(a: str, b: str) -> bool:
    """True when faces ``a`` and ``b`` can be removed as a pair (position aside)."""
    group_a, colour_a = match_key(a)
    group_b, colour_b = match_key(b)
    if group_a != group_b:
        return False
    if colour_a is None and colour_b is None:
        return True
    return colour_a is not None and colour_b is not None and colour_a != colour_b


def partner_codes(code: str) -> tuple[str, ...]:
    """Every code that matches ``code`` (for the Tile Guide)."""
    colour, _ = split_code(code)
    pool: Iterable[str]
    if colour is None:
        pool = ALL_SYMBOLS
    else:
        pool = [f"{c}{s}" for c in "bw" for s in ORDINARY_FACES] + list(BLACK_BONUS + WHITE_BONUS)
    return tuple(other for other in pool if tiles_match(code, other))


def standard_set(name: SetName) -> list[str]:
    """The full tile set: ``'136'`` (34 faces x 4), ``'144'`` (plus the 8 bonus
    tiles) or ``'bw144'`` (each face as 2 black + 2 white, plus the coloured bonus)."""
    if name == "136":
        return [face for face in ORDINARY_FACES for _ in range(4)]
    if name == "144":
        return standard_set("136") + list(BONUS_FACES)
    if name == "bw144":
        return [f"{c}{face}" for face in ORDINARY_FACES for c in "bbww"] + list(
            BLACK_BONUS + WHITE_BONUS
        )
    raise TileError(f"unknown tile set {name!r}")


def groups_of_set(name: SetName) -> list[list[str]]:
    """The set cut into its groups of four mutually matching tiles; each group
    splits into two matching pairs ``group[0:2]`` and ``group[2:4]``."""
    if name == "136":
        return [[face] * 4 for face in ORDINARY_FACES]
    if name == "144":
        return groups_of_set("136") + [list(FLOWERS), list(SEASONS)]
    if name == "bw144":
        return [[f"b{face}", f"w{face}", f"b{face}", f"w{face}"] for face in ORDINARY_FACES] + [
            ["b1f", "w3f", "b2f", "w4f"],
            ["b5f", "w7f", "b6f", "w8f"],
        ]
    raise TileError(f"unknown tile set {name!r}")


def deal_faces(count: int, name: SetName, rng: random.Random) -> list[str]:
    """The faces for a board of ``count`` tiles, drawn from set ``name``.

    Whole sets are used first; the rest is made of whole groups of four chosen
    by ``rng``, plus one pair when ``count`` leaves two over. The result is a
    list of pairs in draw order (``faces[2k]`` matches ``faces[2k+1]``), so a
    generator can place it pair by pair. Raises :class:`ValueError` for an odd
    or negative ``count``.
    """
    if count < 0 or count % 2:
        raise ValueError(f"a board needs an even number of tiles, not {count}")
    groups = groups_of_set(name)
    chosen: list[list[str]] = []
    full, rest = divmod(count, 4 * len(groups))
    for _ in range(full):
        chosen.extend(groups)
    whole, pair = divmod(rest, 4)
    chosen.extend(rng.sample(groups, whole))
    faces = [face for group in chosen for face in group]
    if pair:
        faces.extend(rng.choice(groups)[:2])
    return faces


def pairs_of(faces: Sequence[str]) -> list[tuple[str, str]]:
    """Split a :func:`deal_faces` list into its matching pairs."""
    return [(faces[i], faces[i + 1]) for i in range(0, len(faces), 2)]


_SYMBOL_SET: Final = frozenset(ALL_SYMBOLS)
