"""Errors a player can meet in the page say what went wrong in the player's language,
with their figures: the English message and the stable ``code`` stay as they were."""

from __future__ import annotations

import pytest

from tilematch.server.i18n import LOCALES, translate
from tilematch.server.player_layouts import NAME_MAX
from tilematch.server.players import NAME_MAX as PLAYER_NAME_MAX

OTHERS = [locale for locale in LOCALES if locale != "en"]
#: Four tiles on one layer, the second overlapping the first.
OVERLAP = [[0, 0, 0], [1, 1, 0], [4, 0, 0], [6, 0, 0]]
#: Three tiles, one overlapping: more than one problem.
TWO_PROBLEMS = [[0, 0, 0], [1, 1, 0], [4, 0, 0]]


def _error(answer, status, code):
    assert answer.status_code == status, answer.text
    error = answer.json()["error"]
    assert error["code"] == code
    return error["message"]


def _first_problem(client, positions):
    """The first problem of ``positions`` and how many there are, as the layout check
    says them in the client's language."""
    report = client.post("/api/layouts/check", json={"kind": "stack", "positions": positions})
    problems = report.json()["problems"]
    return problems[0]["message"], len(problems)


def _save(client, **body):
    return client.post("/api/my/layouts", json={"kind": "stack", "name": "Row", **body})


@pytest.mark.parametrize("locale", OTHERS)
def test_a_layout_refused_on_saving_names_its_problem(client, locale):
    client.headers["Accept-Language"] = locale
    problem, count = _first_problem(client, OVERLAP)
    said = _error(_save(client, positions=OVERLAP), 422, "bad_layout")
    assert count == 1
    assert said == translate(locale, "server.error.bad_layout.problem", problem=problem)
    problem, count = _first_problem(client, TWO_PROBLEMS)
    said = _error(_save(client, positions=TWO_PROBLEMS), 422, "bad_layout")
    assert count > 1 and problem in said
    assert said == translate(
        locale, "server.error.bad_layout.problems", problem=problem, count=count - 1
    )


@pytest.mark.parametrize("locale", OTHERS)
def test_names_too_long_and_locked_levels_give_their_figures(client, locale):
    client.headers["Accept-Language"] = locale
    long_name = "x" * (NAME_MAX + 3)
    said = _error(_save(client, name=long_name, positions=OVERLAP), 422, "bad_name")
    assert said == translate(
        locale, "server.error.bad_name.layout_length", most=NAME_MAX, count=NAME_MAX + 3
    )
    said = _error(client.put("/api/me", json={"name": "y" * 99}), 422, "bad_name")
    assert said == translate(locale, "server.error.bad_name.length", most=PLAYER_NAME_MAX)
    locked = client.post("/api/games", json={"game": "blackwhite", "mode": "tower", "level": 3})
    said = _error(locked, 403, "level_locked")
    assert said == translate(locale, "server.error.level_locked.level", level=3, previous=2)
    assert said != translate(locale, "server.error.level_locked")
    said = _error(client.post("/api/link", json={"code": "ABC"}), 422, "bad_code")
    assert said == translate(locale, "server.error.bad_code.length", length=8, count=3)


def test_english_errors_keep_their_own_words(client):
    client.headers["Accept-Language"] = "en"
    said = _error(_save(client, positions=OVERLAP), 422, "bad_layout")
    assert said == "positions: tile at (1, 1, 0) overlaps the tile at (0, 0, 0)."
    _, count = _first_problem(client, TWO_PROBLEMS)
    said = _error(_save(client, positions=TWO_PROBLEMS), 422, "bad_layout")
    assert said.startswith("positions: tile at (1, 1, 0) overlaps the tile at (0, 0, 0)")
    assert said.endswith(f" (and {count - 1} more).")
    long_name = "x" * (NAME_MAX + 3)
    said = _error(_save(client, name=long_name, positions=OVERLAP), 422, "bad_name")
    assert said == f"name: a layout name has at most {NAME_MAX} characters, not {NAME_MAX + 3}."
    locked = client.post("/api/games", json={"game": "blackwhite", "mode": "tower", "level": 3})
    assert _error(locked, 403, "level_locked") == "Level 3 unlocks when level 2 is cleared."
    said = _error(client.post("/api/link", json={"code": "ABC"}), 422, "bad_code")
    assert said == "A code has 8 letters and digits, not 3."
