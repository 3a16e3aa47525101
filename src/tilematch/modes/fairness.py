"""Which finished games may be ranked (docs/modes.md, *Ranked play*).

Two rules keep the leaderboards to play a person can make:

* **Zen is never ranked**: it is the unhurried mode, whose pause stops the clock for
  as long as the player likes; every other mode counts paused time as playing time.
* **No pace faster than a person can pick tiles.** Taking a pair is two aimed
  clicks (or taps) on two tiles. A game whose pairs come faster than that is kept
  and shown to its player, marked unranked with the reason :data:`TOO_FAST`.

>>> pace_reason(0.0, [1.5 * k for k in range(1, 69)]) is None  # 68 pairs, 1.5 s each
True
>>> pace_reason(0.0, [0.015 * k for k in range(1, 69)])  # the same game in 1 s
'moves faster than a person can pick'

The times are the server's, one per pair taken (an undone pair still counts: its
tiles were picked).
"""

from __future__ import annotations

import itertools
import statistics
from collections.abc import Sequence
from typing import Final

#: The reason stored for a game played faster than a person can pick tiles.
TOO_FAST: Final = "moves faster than a person can pick"
#: The reason stored for a game on a player's own layout or outline.
CUSTOM: Final = "games on a player's own layout are never ranked"
#: The reason stored for a Zen game.
ZEN: Final = "Zen games are never ranked"
#: A median time between two pairs below this (seconds) is faster than people play.
MEDIAN_FLOOR: Final = 0.5
#: The median rule looks at games with at least this many times between two pairs.
MEDIAN_SAMPLES: Final = 5
#: :data:`BURST_RUN` pairs in a row, each this soon (seconds) after the one before,
#: are faster than two clicks of a person.
BURST_FLOOR: Final = 0.25
#: How many such pairs in a row make a burst no person can click.
BURST_RUN: Final = 8
#: Every pair of a game taken in less than this many seconds each, counted from
#: the start of the clock (short boards, where the median has few samples).
AVERAGE_FLOOR: Final = 0.5


def pace_reason(start: float, pair_times: Sequence[float]) -> str | None:
    """:data:`TOO_FAST` when the pairs taken at ``pair_times`` (seconds on the scale
    of ``start``, the start of the clock) came faster than a person can pick two
    tiles; ``None`` when they came at a human pace (or there are none)."""
    if not pair_times:
        return None
    gaps = [later - earlier for earlier, later in itertools.pairwise(pair_times)]
    if len(gaps) >= MEDIAN_SAMPLES and statistics.median(gaps) < MEDIAN_FLOOR:
        return TOO_FAST
    if _longest_burst(gaps) >= BURST_RUN:
        return TOO_FAST
    if pair_times[-1] - start < AVERAGE_FLOOR * len(pair_times):
        return TOO_FAST
    return None


def _longest_burst(gaps: Sequence[float]) -> int:
    """The most pairs in a row each taken under :data:`BURST_FLOOR` after the one
    before (a run of ``n`` such gaps is ``n`` pairs after the first)."""
    best = run = 0
    for gap in gaps:
        run = run + 1 if gap < BURST_FLOOR else 0
        best = max(best, run)
    return best
