"""Counts in sentences for people: ``1 tile``, ``2 tiles``.

>>> counted(1, "tile"), counted(2, "tile"), counted(0, "cell"), counted(1_200, "move")
('1 tile', '2 tiles', '0 cells', '1,200 moves')
>>> counted(3, "match", "matches")
'3 matches'
"""

from __future__ import annotations


def counted(n: int, word: str, plural: str | None = None) -> str:
    """``n`` and ``word``, in the plural (``word + "s"`` unless ``plural`` is given) for
    every count but one; thousands are grouped."""
    return f"{n:,} {word if n == 1 else (plural or word + 's')}"
