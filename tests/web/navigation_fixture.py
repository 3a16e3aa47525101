"""Positions for the keyboard-reachability proof (``tests/web/navigation.test.mjs``):
the first board of every built-in layout, and the boards of real games after each
match the deal's own solution plays, as the server's views describe them.

``python -m tests.web.navigation_fixture PATH`` writes them to PATH as JSON;
``tests/web/test_node.py`` does so before it runs the Node tests.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from tilematch.engine.grid import shapes
from tilematch.engine.layouts import names
from tilematch.modes import Settings, new_session
from tilematch.modes.settings import GRID_SIZES

#: Layouts whose games are played through: every eighth one of the catalogue and the Turtle.
PLAYED_EVERY = 8
#: Matches played of each sampled layered game (the Turtle is played to the end).
LAYERED_MATCHES = 24


def _position(view: dict[str, Any], label: str) -> dict[str, Any]:
    """What the page's navigation needs of a view: its kind, bounds and tiles."""
    return {
        "label": label,
        "game": view["game"],
        "geometry": view["geometry"],
        "bounds": view["bounds"],
        "tiles": [
            {"spot": t["spot"], "pos": t["pos"], "selectable": t["selectable"]}
            for t in view["tiles"]
        ],
    }


def _played(settings: Settings, label: str, matches: int | None) -> list[dict[str, Any]]:
    """The views of a game of ``settings`` after each of its first ``matches`` solution
    moves (all of them when None)."""
    session = new_session(settings, 0.0)
    out = []
    moves = session.solution if matches is None else session.solution[:matches]
    for number, move in enumerate(moves, start=1):
        outcome = session.act({"type": "match", "a": move.a, "b": move.b}, float(number))
        assert outcome.ok, (label, number, outcome.to_json())
        view = session.view(float(number))
        if view["tiles"]:
            out.append(_position(view, f"{label} after match {number}"))
    return out


def build() -> dict[str, list[dict[str, Any]]]:
    """Every layout's first board (``layouts``) and the positions of played games (``games``)."""
    layouts = []
    games: list[dict[str, Any]] = []
    for index, name in enumerate(names()):
        settings = Settings(game="solitaire", mode="regular", layout=name, seed=1)
        layouts.append(_position(new_session(settings, 0.0).view(0.0), name))
        if name == "turtle":
            games += _played(settings, name, None)
        elif index % PLAYED_EVERY == 0:
            games += _played(settings, name, LAYERED_MATCHES)
    grids = [Settings(game="shisensho", mode="classic", shape=s.name, seed=2) for s in shapes()]
    grids += [Settings(game="shisensho", mode="classic", size=size, seed=3) for size in GRID_SIZES]
    grids.append(Settings(game="shisensho", mode="classic", size=(8, 17), seed=4, gravity=True))
    for settings in grids:
        label = (
            f"shisensho {settings.shape or settings.size}{' gravity' if settings.gravity else ''}"
        )
        first = new_session(settings, 0.0).view(0.0)
        layouts.append(_position(first, label))
        games += _played(settings, label, None)
    return {"layouts": layouts, "games": games}


def write(path: Path) -> dict[str, int]:
    """Write :func:`build` to ``path``; returns how many positions of each kind."""
    data = build()
    path.write_text(json.dumps(data, separators=(",", ":")))
    return {kind: len(items) for kind, items in data.items()}


if __name__ == "__main__":
    print(write(Path(sys.argv[1])))
