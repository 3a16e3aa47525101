"""What a game is: :class:`Settings`, their checks, and :class:`ModeError`.

:meth:`Settings.validate` checks what every game shares (game, mode,
generator, gravity, seed, version) and hands the rest to the mode's session
class (``settle``, found through :mod:`tilematch.modes.registry`); the checks
the modes share are the functions below.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import asdict, dataclass, replace
from datetime import date as Date
from typing import Any, Final

from tilematch.engine.grid.painted import outline_problems
from tilematch.engine.layouts.validate import editor_problems
from tilematch.modes import deals, registry


class ModeError(ValueError):
    """Settings, an intent or saved data that cannot be used; the message says why.

    A problem of a fixed kind also gives that ``kind`` (``"size_range"``,
    ``"unknown_layout"``, ``"daily_not_out"``, ...) and its ``figures``, so that a
    reader may say it in other words.
    """

    def __init__(self, message: str, kind: str | None = None, **figures: object) -> None:
        super().__init__(message)
        self.kind = kind
        self.figures = figures


#: Shisen-Sho board sizes offered by name, as (rows, cols).
GRID_SIZES: Final = ((8, 17), (8, 12), (6, 14), (8, 18), (12, 24))
DEFAULT_GRID: Final = (8, 17)
#: The columns and the rows a Shisen-Sho board of the modes may have, each (least, most).
GRID_COLUMNS: Final = (2, 30)
GRID_ROWS: Final = (2, 20)
GENERATORS: Final = ("reverse", "checked")

_DATE: Final = re.compile(r"\d{4}-\d{2}-\d{2}")


def check_date(text: object) -> str:
    """``text`` if it is a real calendar date written YYYY-MM-DD; raises :class:`ModeError`."""
    if not isinstance(text, str) or not _DATE.fullmatch(text):
        raise ModeError(
            f"a date must be written YYYY-MM-DD, not {text!r}", "date_form", date=str(text)[:20]
        )
    try:
        Date.fromisoformat(text)
    except ValueError:
        raise ModeError(f"{text!r} is not a calendar date", "not_a_day", date=text) from None
    return text


@dataclass(frozen=True)
class Settings:
    """What a game is: game, mode and everything that fixes its first board.

    ``size`` is ``(rows, cols)`` for Shisen-Sho and ``shape`` the name of a
    built-in Shisen-Sho outline (:mod:`tilematch.engine.grid.outlines`; it fixes
    the size), ``layout`` a built-in layout name for the layered games,
    ``difficulty`` one of
    :data:`~tilematch.modes.blackwhite.COUNTDOWN_DIFFICULTIES` for Black & White
    Countdown, ``level`` 1–150 for Emperor's Tower, ``date`` YYYY-MM-DD for the
    Daily Challenge, ``generator`` ``"reverse"`` or ``"checked"``, ``version``
    the generator version the board was dealt with (filled in by :meth:`validate`),
    ``tower`` the Emperor's Tower version a level belongs to (filled in for the
    tower, absent in every other mode).
    A player's own board travels in the settings themselves, so that editing or
    deleting it never changes a game: ``positions`` (``[x, y, z]`` of a layered
    game, then ``layout`` is ``"custom"``) or ``outline`` (rows of ``#`` and ``.``
    of Shisen-Sho, then ``shape`` is ``"custom"``); such games are never ranked.
    """

    game: str
    mode: str
    layout: str | None = None
    size: tuple[int, int] | None = None
    seed: int | None = None
    gravity: bool = False
    difficulty: str | None = None
    level: int | None = None
    generator: str = "reverse"
    version: int | None = None
    date: str | None = None
    shape: str | None = None
    tower: int | None = None
    positions: tuple[tuple[int, int, int], ...] | None = None
    outline: tuple[str, ...] | None = None

    @property
    def custom(self) -> bool:
        """Whether the game is played on a player's own layout or outline."""
        return self.positions is not None or self.outline is not None

    def validate(self) -> Settings:
        """Check every field; returns the settings with the mode's defaults filled in
        (size, layout, seed of a daily date or tower level, generator version).

        Raises :class:`ModeError` naming the first problem found.
        """
        modes = registry.MODES
        if self.game not in modes:
            raise ModeError(f"unknown game {self.game!r}; choose one of {', '.join(modes)}")
        if self.mode not in modes[self.game]:
            raise ModeError(
                f"unknown mode {self.mode!r} for {self.game}; "
                f"choose one of {', '.join(modes[self.game])}"
            )
        if self.generator not in GENERATORS:
            raise ModeError(f"unknown generator {self.generator!r}; choose reverse or checked")
        if not isinstance(self.gravity, bool):
            raise ModeError("gravity must be true or false")
        if self.gravity and self.game != "shisensho":
            raise ModeError("gravity exists only in Shisen-Sho")
        if self.version is not None and (
            not isinstance(self.version, int) or isinstance(self.version, bool)
        ):
            raise ModeError(f"generator version must be an integer, not {self.version!r}")
        if self.tower is not None and self.mode != "tower":
            raise ModeError("a tower version belongs to the Emperor's Tower only")
        fixed: Settings = registry.session_type(self.game, self.mode).settle(self)
        if fixed.seed is None:
            raise ModeError("a seed is needed to deal the board")
        if not isinstance(fixed.seed, int) or isinstance(fixed.seed, bool) or fixed.seed < 0:
            raise ModeError(f"the seed must be a non-negative integer, not {fixed.seed!r}")
        if fixed.version is None:
            fixed = replace(fixed, version=deals.generator_version())
        return fixed

    def pinned(self, what: str, **values: Any) -> Settings:
        """The settings with ``values`` filled in; raises :class:`ModeError` when a
        field was given with another value (a daily date or a tower level fixes them)."""
        for name, value in values.items():
            given = getattr(self, name)
            if given is not None and given != value:
                raise ModeError(f"the {name} of {what} is {value!r}, not {given!r}")
        return replace(self, **values)

    def to_json(self) -> dict[str, Any]:
        """The settings as a JSON object."""
        data = asdict(self)
        data["size"] = list(self.size) if self.size is not None else None
        if self.tower is None:
            del data["tower"]  # only a tower game names its tower version
        for key in ("positions", "outline"):  # only a custom board has them: older records
            if data[key] is None:  # stay as they were
                del data[key]
            else:
                data[key] = [list(item) if isinstance(item, tuple) else item for item in data[key]]
        return data

    @classmethod
    def from_json(cls, data: object) -> Settings:
        """Settings from :meth:`to_json` (or an API body); raises :class:`ModeError`."""
        if not isinstance(data, Mapping):
            raise ModeError("settings must be a JSON object")
        known = {f for f in cls.__dataclass_fields__}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ModeError(f"unknown setting {unknown[0]!r}")
        if "game" not in data or "mode" not in data:
            raise ModeError("settings need a game and a mode")
        values = dict(data)
        size = values.get("size")
        if isinstance(size, list):
            values["size"] = tuple(size)
        for key in ("positions", "outline"):
            if isinstance(values.get(key), list):
                values[key] = tuple(values[key])
        for key in ("game", "mode", "generator"):
            if key in values and not isinstance(values[key], str):
                raise ModeError(f"{key} must be a string")
        return cls(**values)


def settle_grid(settings: Settings) -> Settings:
    """Shisen-Sho settings checked, with the size of the named shape or the
    default size filled in; raises :class:`ModeError`."""
    s = settings
    if s.layout is not None or s.positions is not None:
        raise ModeError("Shisen-Sho boards have a size, not a layout", "size_not_layout")
    if s.outline is not None:
        return _settle_outline(s)
    if s.difficulty is not None or s.level is not None or s.date is not None:
        raise ModeError("Shisen-Sho takes no difficulty, level or date")
    if s.shape is not None:
        if not isinstance(s.shape, str):
            raise ModeError(f"a shape is named by a string, not {s.shape!r}")
        try:
            outline = deals.grid_shape(s.shape)
        except ValueError as error:
            names = ", ".join(deals.grid_shape_names())
            raise ModeError(str(error), "unknown_shape", shape=s.shape[:40], names=names) from None
        if s.size is not None and tuple(s.size) != (outline.rows, outline.cols):
            raise ModeError("a Shisen-Sho board has a size or a shape, not both")
        return replace(s, shape=outline.name, size=(outline.rows, outline.cols))
    size = s.size if s.size is not None else DEFAULT_GRID
    if (
        not isinstance(size, tuple | list)
        or len(size) != 2
        or not all(isinstance(n, int) and not isinstance(n, bool) for n in size)
    ):
        raise ModeError(f"size must be [rows, cols] such as [8, 17] (17 x 8), not {size!r}")
    rows, cols = check_grid_size(int(size[0]), int(size[1]))
    return replace(s, size=(rows, cols))


def _settle_outline(settings: Settings) -> Settings:
    """Settings on a player's own Shisen-Sho outline: checked, shape ``"custom"`` and
    the outline's size (empty rows and columns around it trimmed)."""
    rows = settings.outline
    if not isinstance(rows, tuple | list):
        raise ModeError("an outline is a list of rows of '#' and '.'")
    found = outline_problems(list(rows), height=GRID_ROWS, width=GRID_COLUMNS)
    if found:
        raise ModeError(f"outline: {found[0].message}")
    outline = deals.custom_outline(tuple(str(row) for row in rows))
    size = (outline.rows, outline.cols)
    if settings.shape not in (None, "custom") or settings.size not in (None, size):
        raise ModeError("a game on an outline of its own takes no size or shape")
    return replace(settings, outline=tuple(rows), shape="custom", size=(outline.rows, outline.cols))


def settle_positions(settings: Settings) -> Settings:
    """Settings on a player's own layered layout: ``positions`` checked
    (:func:`~tilematch.engine.layouts.validate.editor_problems`) as ``(x, y, z)``
    tuples, ``layout`` ``"custom"``. Raises :class:`ModeError` naming the first
    problem, or a built-in layout named beside the positions."""
    given = settings.positions
    if not isinstance(given, tuple | list):
        raise ModeError("positions are a list of [x, y, z]")
    items = [list(p) if isinstance(p, tuple | list) else [p] for p in given]
    found = editor_problems(items)
    if found:
        raise ModeError(f"positions: {found[0].message}")
    if settings.layout not in (None, "custom"):
        raise ModeError("a game on positions of its own takes no built-in layout")
    positions = tuple((int(x), int(y), int(z)) for x, y, z in items)
    return replace(settings, positions=positions, layout="custom")


def refuse_custom(settings: Settings, what: str) -> None:
    """Raise :class:`ModeError` when settings of ``what`` (a Daily date, a tower level)
    bring a board of their own."""
    if settings.custom:
        raise ModeError(f"{what} is played on its own board, not on a player's layout")


def grid_size_name(rows: int, cols: int) -> str:
    """A Shisen-Sho board size as people read it, columns x rows: ``"17 x 8"``."""
    return f"{cols} x {rows}"


def check_grid_size(rows: int, cols: int) -> tuple[int, int]:
    """``(rows, cols)`` when the modes deal a board of ``cols`` x ``rows``; raises
    :class:`ModeError` naming the allowed range (:data:`GRID_COLUMNS`, :data:`GRID_ROWS`),
    or the odd number of tiles, with the size written columns x rows."""
    (least_cols, most_cols), (least_rows, most_rows) = GRID_COLUMNS, GRID_ROWS
    if not (least_cols <= cols <= most_cols and least_rows <= rows <= most_rows):
        raise ModeError(
            f"a board of {grid_size_name(rows, cols)} (columns x rows) is out of range:"
            f" {least_cols} to {most_cols} columns and {least_rows} to {most_rows} rows",
            "size_range",
            size=grid_size_name(rows, cols),
            least_cols=least_cols,
            most_cols=most_cols,
            least_rows=least_rows,
            most_rows=most_rows,
        )
    if rows * cols % 2:
        raise ModeError(
            f"a board of {grid_size_name(rows, cols)} has an odd number of tiles"
            f" ({rows * cols}): tiles go in pairs, so it needs an even number",
            "size_odd",
            size=grid_size_name(rows, cols),
            count=rows * cols,
        )
    return rows, cols


def refuse_grid(settings: Settings) -> None:
    """Raise :class:`ModeError` when layered settings give a size or a shape."""
    if settings.size is not None or settings.shape is not None:
        raise ModeError(
            f"{settings.game} boards have a layout, not a size or shape", "layout_not_size"
        )


def refuse_level(settings: Settings) -> None:
    """Raise :class:`ModeError` when the settings give a tower level."""
    if settings.level is not None:
        raise ModeError("only Emperor's Tower has levels")


def refuse_date(settings: Settings) -> None:
    """Raise :class:`ModeError` when the settings give a daily date."""
    if settings.date is not None:
        raise ModeError("only the Daily Challenge has a date")


def refuse_difficulty(settings: Settings) -> None:
    """Raise :class:`ModeError` when the settings give a difficulty."""
    if settings.difficulty is not None:
        raise ModeError(f"{settings.game} {settings.mode} takes no difficulty")


def settle_layout(settings: Settings, default: str) -> Settings:
    """The settings with the key of their built-in layout (``default`` when none
    is named), or checked positions of their own (:func:`settle_positions`);
    raises :class:`ModeError` for an unknown layout."""
    if settings.outline is not None:
        raise ModeError(f"{settings.game} boards have a layout, not an outline", "layout_not_size")
    if settings.positions is not None:
        return settle_positions(settings)
    layout = settings.layout if settings.layout is not None else default
    if not isinstance(layout, str):
        raise ModeError(f"a layout is named by a string, not {layout!r}")
    try:
        layout = deals.layout_key(layout)
    except KeyError:
        names = ", ".join(sorted(deals.layout_names()))
        raise ModeError(
            f"unknown layout {layout!r}; built in: {names}",
            "unknown_layout",
            layout=layout[:40],
            names=names,
        ) from None
    return replace(settings, layout=layout)
