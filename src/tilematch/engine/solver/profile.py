"""Which searches decide a layered board: one profile per generator version.

A solver-checked deal is kept when the solver proves it within a node bound, so
the searches that ran decide which deals pass. Every generator version therefore
checks with the searches it was released with (the table is
:data:`tilematch.engine.deal.versions.SOLVER_CHECKS`), and :func:`solve` itself
always runs the latest.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True)
class Profile:
    """The searches a layered board gets (grid boards read none of it)."""

    #: the repair search's peelings before the exact search
    repair: bool = True
    #: nogoods learnt in the look-ahead rounds
    learn: bool = True
    #: the way search decides what the repair search's first tries leave open
    ways: bool = True


#: Every search: what :func:`tilematch.engine.solver.solve` runs.
LATEST: Final = Profile()
