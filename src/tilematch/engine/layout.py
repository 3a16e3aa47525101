"""A layout: where the tiles of a layered board stand, before any face is dealt.

Positions are in half-tile units (SPEC §3): a tile at ``(x, y, z)`` covers the
cells ``x..x+1`` and ``y..y+1`` on layer ``z``; ``x`` grows to the right,
``y`` downwards, ``z`` upwards.
"""

from __future__ import annotations

from dataclasses import dataclass, field

Position = tuple[int, int, int]


class LayoutError(ValueError):
    """A layout (built in or read from a file) cannot be used; the message says why."""


@dataclass(frozen=True)
class Layout:
    """A named arrangement of tile positions.

    ``positions`` is sorted by ``(z, y, x)`` so that spot numbers are stable.
    ``family`` groups related shapes (``"Turtle"``, ``"Pyramid"``, ...).
    """

    name: str
    positions: tuple[Position, ...]
    family: str = "Classic"
    description: str = ""
    index: dict[Position, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        ordered = tuple(sorted(self.positions, key=lambda p: (p[2], p[1], p[0])))
        object.__setattr__(self, "positions", ordered)
        object.__setattr__(self, "index", {p: i for i, p in enumerate(ordered)})

    @property
    def size(self) -> int:
        """The number of tiles."""
        return len(self.positions)

    @property
    def bounds(self) -> tuple[int, int, int]:
        """``(width, height, depth)`` in half-tile units and layers."""
        if not self.positions:
            return (0, 0, 0)
        return (
            max(p[0] for p in self.positions) + 2,
            max(p[1] for p in self.positions) + 2,
            max(p[2] for p in self.positions) + 1,
        )
