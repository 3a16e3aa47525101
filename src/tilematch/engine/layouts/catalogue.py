"""The catalogue of built-in layouts: frozen, versioned, with measured figures.

Catalogue version :data:`CATALOGUE_VERSION` is the list of layouts in
:mod:`tilematch.engine.layouts.frozen.catalogue_v1`: the 23 hand-drawn shapes
of :mod:`tilematch.engine.layouts.builtin` first, then the layouts chosen from
the designer (:mod:`tilematch.engine.layouts.designer`). A version never
changes once released: a layout keeps its key and every tile, so a saved game
or a share link always finds its board; new layouts come in a new version.

Each layout carries its figures (:class:`Figures`), measured once by
``tilematch layouts measure`` and frozen in
:mod:`tilematch.engine.layouts.frozen.figures_v1`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from tilematch.engine.layouts.frozen import catalogue_v1, figures_v1
from tilematch.engine.layouts.layout import Layout, Position

#: The catalogue version new games use.
CATALOGUE_VERSION: Final = 1


@dataclass(frozen=True)
class Figures:
    """What was measured on a layout.

    ``deals`` random deals (faces shuffled at random, no generator) were solved
    with a bound of ``nodes`` search nodes and ``seconds`` of time each:
    ``solvable`` were proven solvable, ``undecided`` ran out of budget (counted as not solvable in
    :attr:`solvable_share`); ``low`` and ``high`` bound the share at 95 %
    confidence (Wilson). ``difficulty`` is the mean score of
    :func:`~tilematch.engine.deal.difficulty.measure_difficulty` (0 easy to 1
    hard) over ``rated`` generated deals, ``label`` its label.
    """

    deals: int
    solvable: int
    undecided: int
    nodes: int
    seconds: float
    difficulty: float
    label: str
    rated: int

    @property
    def solvable_share(self) -> float:
        """The share of the random deals proven solvable."""
        return self.solvable / self.deals if self.deals else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95 % Wilson interval of the solvable share."""
        return wilson(self.solvable, self.deals)

    def to_json(self) -> dict[str, object]:
        """The figures as a JSON object (with the share and its interval)."""
        low, high = self.interval
        return {
            "deals": self.deals,
            "solvable": self.solvable,
            "undecided": self.undecided,
            "nodes": self.nodes,
            "seconds": self.seconds,
            "solvable_share": round(self.solvable_share, 4),
            "solvable_low": round(low, 4),
            "solvable_high": round(high, 4),
            "difficulty": self.difficulty,
            "label": self.label,
            "rated": self.rated,
        }


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of ``successes`` out of ``trials`` (95 % by default)."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class Entry:
    """One catalogue layout: its number (1 up), the layout and its figures (if measured)."""

    number: int
    layout: Layout
    figures: Figures | None

    def to_json(self) -> dict[str, object]:
        """What a picker shows: id, name, family, tile count, size and figures."""
        width, height, depth = self.layout.bounds
        return {
            "id": self.layout.name,
            "number": self.number,
            "name": self.layout.title,
            "family": self.layout.family,
            "description": self.layout.description,
            "tiles": self.layout.size,
            "width": width,
            "height": height,
            "layers": depth,
            "figures": None if self.figures is None else self.figures.to_json(),
        }


def decode(text: str) -> tuple[Position, ...]:
    """Positions from their frozen text: ``x,y,z`` triples separated by spaces."""
    tiles: list[Position] = []
    for item in text.split():
        x, y, z = (int(part) for part in item.split(","))
        tiles.append((x, y, z))
    return tuple(tiles)


def encode(positions: Iterable[Position]) -> str:
    """The frozen text of ``positions`` (sorted by layer, row, column)."""
    ordered = sorted(positions, key=lambda p: (p[2], p[1], p[0]))
    return " ".join(f"{x},{y},{z}" for x, y, z in ordered)


def _figures(name: str) -> Figures | None:
    row = figures_v1.FIGURES.get(name)
    if row is None:
        return None
    deals, solvable, undecided, nodes, seconds, difficulty, label, rated = row
    return Figures(deals, solvable, undecided, nodes, seconds, difficulty, label, rated)


def _load() -> tuple[Entry, ...]:
    entries = []
    for number, (name, title, family, description, tiles) in enumerate(
        catalogue_v1.LAYOUTS, start=1
    ):
        layout = Layout(
            name=name,
            positions=decode(tiles),
            family=family,
            description=description,
            title=title,
        )
        entries.append(Entry(number, layout, _figures(name)))
    return tuple(entries)


_ENTRIES: Final = _load()


def entries(version: int = CATALOGUE_VERSION) -> tuple[Entry, ...]:
    """Every layout of catalogue ``version``, in catalogue order.

    Raises :class:`ValueError` for a version that does not exist.
    """
    if version != CATALOGUE_VERSION:
        raise ValueError(f"unknown catalogue version {version!r}; known: {CATALOGUE_VERSION}")
    return _ENTRIES


def families(version: int = CATALOGUE_VERSION) -> list[str]:
    """The family names of catalogue ``version``, in order of first appearance."""
    return list(dict.fromkeys(entry.layout.family for entry in entries(version)))


def figures(name: str) -> Figures | None:
    """The measured figures of the built-in layout ``name`` (its key), or ``None``."""
    return _figures(name)


def freeze_catalogue(rows: Sequence[tuple[str, str, str, str, Iterable[Position]]]) -> str:
    """The source text of a frozen catalogue module holding ``rows``
    ``(key, title, family, description, positions)``."""
    lines = [
        '"""Frozen layouts of a catalogue version: written once by the designer, never edited."""',
        "",
        "# ruff: noqa: E501",
        "",
        "LAYOUTS: tuple[tuple[str, str, str, str, str], ...] = (",
    ]
    for name, title, family, description, positions in rows:
        lines.append(f"    ({name!r}, {title!r}, {family!r}, {description!r},")
        lines.append(f"     {encode(positions)!r}),")
    lines.append(")")
    return "\n".join(lines) + "\n"


def freeze_figures(rows: dict[str, Figures]) -> str:
    """The source text of a frozen figures module holding ``rows`` by layout key."""
    lines = [
        '"""Measured figures of a catalogue version (``tilematch layouts measure``)."""',
        "",
        "# key: (deals, solvable, undecided, nodes, seconds, difficulty, label, rated)",
        "FIGURES: dict[str, tuple[int, int, int, int, float, float, str, int]] = {",
    ]
    for name, f in rows.items():
        lines.append(
            f"    {name!r}: ({f.deals}, {f.solvable}, {f.undecided}, {f.nodes}, {f.seconds!r}, "
            f"{f.difficulty!r}, {f.label!r}, {f.rated}),"
        )
    lines.append("}")
    return "\n".join(lines) + "\n"
