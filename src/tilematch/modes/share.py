"""Share codes: a deal's settings as a short text a player can send."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final
from urllib.parse import parse_qsl, urlencode

from tilematch.engine.deal.game import deal_game
from tilematch.engine.deal.placement import default_tileset
from tilematch.engine.deal.record import GAMES, GENERATORS, LAYOUT_DIFFICULTIES, Deal
from tilematch.engine.deal.versions import GENERATOR_VERSION
from tilematch.engine.grid.outlines import names as shape_names


@dataclass(frozen=True)
class DealSpec:
    """What a share code carries: enough to deal the same board again."""

    game: str
    seed: int
    generator: str = "reverse"
    version: int = GENERATOR_VERSION
    layout: str | None = None
    size: tuple[int, int] | None = None
    difficulty: str = "normal"
    stones: int = 0
    gravity: bool = False
    tileset: str | None = None
    shape: str | None = None

    def deal(self) -> Deal:
        """Deal the board this spec names (same arguments, same board).

        Raises what :func:`deal_grid` / :func:`deal_shape` / :func:`deal_layout` raise."""
        return deal_game(
            self.game,
            seed=self.seed,
            size=self.size,
            shape=self.shape,
            layout=self.layout,
            gravity=self.gravity,
            generator=self.generator,
            difficulty=self.difficulty,
            stones=self.stones,
            tileset=self.tileset,
            version=self.version,
        )


def share_code(deal: Deal) -> str:
    """A short text (URL query form) naming ``deal``: game, layout or size, seed,
    generator, version and any non-default option, e.g.
    ``game=solitaire&layout=turtle&seed=7&generator=reverse&version=3``.

    Raises :class:`ValueError` for a deal on a custom mask or a layout that is
    not built in (the code cannot carry the shape)."""
    if deal.custom:
        raise ValueError("a board on a custom shape or layout file has no share code")
    fields: list[tuple[str, str]] = [("game", deal.game)]
    if deal.shape is not None:
        fields.append(("shape", deal.shape))
    elif deal.size is not None:
        fields.append(("size", f"{deal.size[1]}x{deal.size[0]}"))
    if deal.layout is not None:
        fields.append(("layout", deal.layout))
    fields += [
        ("seed", str(deal.seed)),
        ("generator", deal.generator),
        ("version", str(deal.version)),
    ]
    if deal.difficulty not in (None, "normal"):
        fields.append(("difficulty", deal.difficulty))
    if deal.stones:
        fields.append(("stones", str(deal.stones)))
    if deal.gravity:
        fields.append(("gravity", "1"))
    default = default_tileset(deal.game, 2 * len(deal.solution))
    if deal.tileset is not None and deal.tileset != default:
        fields.append(("tileset", deal.tileset))
    return urlencode(fields)


_SIZE_RE: Final = re.compile(r"(\d{1,2})x(\d{1,2})")
_SHARE_KEYS: Final = frozenset(
    (
        "game",
        "size",
        "layout",
        "seed",
        "generator",
        "version",
        "difficulty",
        "stones",
        "gravity",
        "tileset",
        "shape",
    )
)


def parse_share_code(text: str) -> DealSpec:
    """Read a :func:`share_code` (alone, or the query or fragment of a link).

    Returns a :class:`DealSpec`; ``spec.deal()`` deals the board. Raises
    :class:`ValueError` naming the problem for anything malformed: unknown or
    repeated keys, a missing game or seed, bad numbers, an unknown game,
    generator, difficulty or size.
    """
    values = _fields(text)
    game = _choice(values, "game", None, GAMES)
    generator = _choice(values, "generator", "reverse", GENERATORS)
    difficulty = _choice(values, "difficulty", "normal", LAYOUT_DIFFICULTIES)
    gravity = values.get("gravity", "0")
    if gravity not in ("0", "1"):
        raise ValueError(f"share code: gravity is 0 or 1, not {gravity!r}")
    size, layout, shape = _board(game, values)
    return DealSpec(
        game=game,
        seed=_number(values, "seed"),
        generator=generator,
        version=_number(values, "version", GENERATOR_VERSION),
        layout=layout,
        size=size,
        difficulty=difficulty,
        stones=_number(values, "stones", 0),
        gravity=gravity == "1",
        tileset=values.get("tileset"),
        shape=shape,
    )


def _fields(text: str) -> dict[str, str]:
    """The fields of a share code, or of the query or fragment of a link holding one."""
    if not isinstance(text, str) or len(text) > 500:
        raise ValueError("a share code is a short text")
    query = text.strip()
    for mark in ("?", "#"):
        if mark in query:
            query = query.split(mark, 1)[1]
    try:
        items = parse_qsl(query, keep_blank_values=True, strict_parsing=True)
    except ValueError:
        raise ValueError(f"not a share code: {text!r}") from None
    values: dict[str, str] = {}
    for key, value in items:
        if key not in _SHARE_KEYS:
            raise ValueError(f"share code: unknown field {key!r}")
        if key in values:
            raise ValueError(f"share code: {key!r} appears twice")
        values[key] = value
    return values


def _number(values: dict[str, str], key: str, default: int | None = None) -> int:
    raw = values.get(key)
    if raw is None:
        if default is None:
            raise ValueError(f"share code: {key!r} is missing")
        return default
    if not raw.isdigit() or len(raw) > 20:
        raise ValueError(f"share code: {key} must be a whole number, not {raw!r}")
    return int(raw)


def _choice(values: dict[str, str], key: str, default: str | None, allowed: tuple[str, ...]) -> str:
    value = values.get(key, default)
    if value not in allowed:
        raise ValueError(f"share code: unknown {key} {value!r}")
    return value


def _board(
    game: str, values: dict[str, str]
) -> tuple[tuple[int, int] | None, str | None, str | None]:
    """``(size, layout, shape)`` of a share code's board (one of size or shape for
    Shisen-Sho, a layout for the layered games)."""
    if game != "shisensho":
        if "size" in values or "shape" in values:
            raise ValueError("share code: a layered board has a layout, not a size or shape")
        return None, values.get("layout", "turtle"), None
    if "layout" in values:
        raise ValueError("share code: a Shisen-Sho board has a size, not a layout")
    shape = None
    if "shape" in values:
        if "size" in values:
            raise ValueError("share code: a Shisen-Sho board has a size or a shape, not both")
        shape = values["shape"]
        if shape not in shape_names():
            raise ValueError(f"share code: unknown shape {shape!r}")
    found = _SIZE_RE.fullmatch(values.get("size", "17x8"))
    if not found:
        raise ValueError(f"share code: size is COLSxROWS, not {values.get('size')!r}")
    return (int(found.group(2)), int(found.group(1))), None, shape
