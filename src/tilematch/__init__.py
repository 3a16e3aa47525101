"""tilematch: Shisen-Sho, Mahjong Solitaire and Black & White Mahjong.

The rules engine lives in :mod:`tilematch.engine` (pure, typed, no I/O), the
game modes with their clocks and score ledgers in :mod:`tilematch.modes`, the
web server in :mod:`tilematch.server` and the command line in
:mod:`tilematch.cli`.
"""

__version__ = "0.1.0"
