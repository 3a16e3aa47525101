"""How one finished game compares with the player's other games on its board.

:func:`compare` is pure: given the game's own result and the player's other
verified results of the same game, mode, board and variant, it says the
game's place among them (wins first, then the higher score, then the shorter
time: the leaderboards' order), whether it is a new best, and how its time
compares with the median time of the other wins. ``GET
/api/results/{game_id}/standing`` answers with it; the page words it.

>>> this = {"outcome": "won", "score": 900, "time": 50.0}
>>> others = [{"outcome": "won", "score": 800, "time": 70.0}]
>>> figures = compare(this, others)
>>> figures["rank"], figures["games"], figures["best"], figures["median_delta"]
(1, 2, True, -20.0)
"""

from __future__ import annotations

import statistics
from collections.abc import Mapping, Sequence
from typing import Any


def _key(result: Mapping[str, Any]) -> tuple[int, float, float]:
    """Sort key, smaller is better: a win first, then the score, then the time."""
    score = result.get("score")
    return (
        0 if result.get("outcome") == "won" else 1,
        -float(score) if score is not None else float("inf"),
        float(result.get("time") or 0.0),
    )


def compare(this: Mapping[str, Any], others: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """This game's standing among ``others`` (the player's other verified results on
    the same board). Returns ``{"games", "rank", "best", "first", "previous_best",
    "median_time", "median_delta"}``: ``games`` counts this one too; ``rank`` is 1 for
    the best; ``best`` is true when this game is strictly better than every other
    (never for the first game, ``first`` says so); ``previous_best`` the best other
    result (``{"score", "time"}``, or ``None``); ``median_time`` the median time of
    the other wins and ``median_delta`` this game's time minus it (negative: faster),
    both ``None`` unless this game and at least one other are wins."""
    mine = _key(this)
    better = sum(1 for other in others if _key(other) < mine)
    tied = sum(1 for other in others if _key(other) == mine)
    best_other = min(others, key=_key) if others else None
    wins = [float(o["time"]) for o in others if o.get("outcome") == "won" and o.get("time")]
    median = statistics.median(wins) if wins and this.get("outcome") == "won" else None
    time = this.get("time")
    return {
        "games": len(others) + 1,
        "rank": better + 1,
        "best": bool(others) and better == 0 and tied == 0 and this.get("outcome") == "won",
        "first": not others,
        "previous_best": None
        if best_other is None
        else {"score": best_other.get("score"), "time": best_other.get("time")},
        "median_time": None if median is None else round(median, 1),
        "median_delta": None if median is None or time is None else round(float(time) - median, 1),
    }
