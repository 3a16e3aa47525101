"""Errors a player can meet in the page say what went wrong in the player's language,
with their figures: the English message and the stable ``code`` stay as they were."""

from __future__ import annotations

import pytest

from tilematch.modes import deals
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
    assert said == translate(
        locale, "server.error.bad_layout.problem", problem=problem, field="positions"
    )
    problem, count = _first_problem(client, TWO_PROBLEMS)
    said = _error(_save(client, positions=TWO_PROBLEMS), 422, "bad_layout")
    assert count > 1 and problem in said
    assert said == translate(
        locale,
        "server.error.bad_layout.problems",
        problem=problem,
        count=count - 1,
        field="positions",
    )


@pytest.mark.parametrize("locale", OTHERS)
def test_names_too_long_and_locked_levels_give_their_figures(client, locale):
    client.headers["Accept-Language"] = locale
    long_name = "x" * (NAME_MAX + 3)
    said = _error(_save(client, name=long_name, positions=OVERLAP), 422, "bad_name")
    assert said == translate(
        locale,
        "server.error.bad_name.layout_length",
        most=NAME_MAX,
        count=NAME_MAX + 3,
        field="name",
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


#: The locales the refusals below are asked in: two of the east, two of the west.
ASKED = ["ja", "de", "fr", "es"]


def _game(client, **fields):
    return client.post("/api/games", json={"seed": 1, **fields})


@pytest.mark.parametrize("locale", ASKED)
def test_game_settings_refused_give_their_figures(client, locale):
    client.headers["Accept-Language"] = locale
    too_wide = _game(client, game="shisensho", mode="classic", size=[8, 31])
    said = _error(too_wide, 422, "bad_settings")
    assert "31 x 8" in said and "30" in said
    assert said == translate(
        locale,
        "server.error.bad_settings.size_range",
        size="31 x 8",
        least_cols=2,
        most_cols=30,
        least_rows=2,
        most_rows=20,
    )
    odd = _game(client, game="shisensho", mode="classic", size=[7, 17])
    said = _error(odd, 422, "bad_settings")
    assert said == translate(locale, "server.error.bad_settings.size_odd", size="17 x 7", count=119)
    assert "119" in said
    shape = _game(client, game="shisensho", mode="classic", shape="nowhere")
    said = _error(shape, 422, "bad_settings")
    names = ", ".join(deals.grid_shape_names())
    assert "nowhere" in said and "diamond" in names
    assert said == translate(
        locale, "server.error.bad_settings.unknown_shape", shape="nowhere", names=names
    )
    layout = _game(client, game="solitaire", mode="regular", layout="nowhere")
    said = _error(layout, 422, "bad_settings")
    names = ", ".join(sorted(deals.layout_names()))
    assert "nowhere" in said and "turtle" in said
    assert said == translate(
        locale, "server.error.bad_settings.unknown_layout", layout="nowhere", names=names
    )
    sized = _game(client, game="solitaire", mode="regular", size=[8, 17])
    said = _error(sized, 422, "bad_settings")
    assert said == translate(locale, "server.error.bad_settings.layout_not_size")
    laid = _game(client, game="shisensho", mode="classic", layout="turtle")
    said = _error(laid, 422, "bad_settings")
    assert said == translate(locale, "server.error.bad_settings.size_not_layout")
    both = _game(client, game="solitaire", mode="regular", positions=OVERLAP, rows=["##"])
    said = _error(both, 422, "bad_settings")
    assert said == translate(
        locale, "server.error.bad_settings.one_board", fields="positions, rows"
    )
    wrong_game = _game(client, game="shisensho", mode="classic", positions=[[0, 0, 0], [2, 0, 0]])
    said = _error(wrong_game, 422, "bad_settings")
    assert said.startswith("positions")
    assert said == translate(
        locale,
        "server.error.bad_settings.stack_game",
        field="positions",
        games="solitaire or blackwhite",
    )


@pytest.mark.parametrize("locale", ASKED)
def test_bad_dates_and_a_daily_not_begun_give_their_dates(client, locale):
    client.headers["Accept-Language"] = locale
    cases = [
        ("2026-02-30", "server.error.bad_date.not_a_day", {"date": "2026-02-30"}),
        ("2026-02-3x", "server.error.bad_date.date_form", {"date": "2026-02-3x"}),
        ("tomorrow", "server.error.bad_date.date_form", {"date": "tomorrow"}),
        ("2999-01-01", "server.error.bad_date.daily_not_out", {"date": "2999-01-01"}),
        ("1999-12-31", "server.error.bad_date.daily_too_early", {"first": "2000-01-01"}),
    ]
    for date, msg_id, figures in cases:
        said = _error(client.post(f"/api/daily/{date}"), 422, "bad_date")
        assert said == translate(locale, msg_id, **figures), date
        assert next(iter(figures.values())) in said
    said = _error(client.get("/api/daily/2000-01-01"), 404, "daily_not_started")
    assert "2000-01-01" in said
    assert said == translate(locale, "server.error.daily_not_started.day", date="2000-01-01")


def _import(client, filename, text):
    return client.post("/api/layouts/import", json={"filename": filename, "text": text})


def _gnome(*tiles):
    row = "".join(f"<tile x='{x}' y='{y}' layer='{z}'/>" for x, y, z in tiles)
    return f"<mahjongg><map>{row}</map></mahjongg>"


@pytest.mark.parametrize("locale", ASKED)
def test_layout_files_refused_on_import_keep_their_places(client, locale):
    client.headers["Accept-Language"] = locale
    said = _error(_import(client, "one.map", _gnome((0, 0, 0))), 422, "bad_layout_file")
    assert said == translate(locale, "server.error.layout.odd_count", where="one.map", count=1)
    overlap = _gnome((0, 0, 0), (0.5, 0.5, 0), (2, 0, 0), (3, 0, 0))
    said = _error(_import(client, "over.map", overlap), 422, "bad_layout_file")
    english = _error(_english_import(client, "over.map", overlap), 422, "bad_layout_file")
    where = english.split(": tile at")[0]
    assert where.startswith("over.map: ")
    assert said == translate(
        locale, "server.error.layout.overlaps", where=where, tile="(1, 1, 0)", other="(0, 0, 0)"
    )
    said = _error(_import(client, "a\\b\\c.bin", "\x00binary"), 422, "bad_layout_file")
    assert said == translate(
        locale,
        "server.error.bad_layout_file.not_text",
        file="c.bin",
        line=1,
        column=1,
        char="U+0000",
        endings=".layout, .map, .lay",
    )
    said = _error(_import(client, "notes.txt", "hello"), 422, "bad_layout_file")
    detail = "notes.txt: not a layout file this program knows"
    assert said.startswith(translate(locale, "server.error.bad_layout_file.detail", detail=""))
    assert detail in said


def _english_import(client, filename, text):
    return client.post(
        "/api/layouts/import",
        json={"filename": filename, "text": text},
        headers={"Accept-Language": "en"},
    )


def _export(client, positions, fmt="kyodai"):
    return client.post(
        "/api/layouts/export", json={"format": fmt, "name": "Tall", "positions": positions}
    )


@pytest.mark.parametrize("locale", ASKED)
def test_layouts_refused_on_export_give_their_figures(client, locale):
    client.headers["Accept-Language"] = locale
    tower = [[0, 0, z] for z in range(6)]
    said = _error(_export(client, tower), 422, "layout_too_large")
    assert said == translate(
        locale, "server.error.layout_too_large.kyodai_levels", tile="(0, 0, 5)", needed=6, most=5
    )
    wide = [[0, 0, 0], [40, 0, 0]]
    said = _error(_export(client, wide), 422, "layout_too_large")
    assert said == translate(
        locale, "server.error.layout_too_large.kyodai_width", tile="(40, 0, 0)", needed=42, most=34
    )
    tall = [[0, 0, 0], [0, 30, 0]]
    said = _error(_export(client, tall), 422, "layout_too_large")
    assert said == translate(
        locale, "server.error.layout_too_large.kyodai_height", tile="(0, 30, 0)", needed=32, most=20
    )
    said = _error(_export(client, [[0, 0, 0]], "gnome"), 422, "bad_layout")
    assert said == translate(locale, "server.error.layout.odd_count", where="positions", count=1)
    said = _error(_export(client, [[0, 0, 0], [1, 1, 0]], "gnome"), 422, "bad_layout")
    assert said == translate(
        locale,
        "server.error.layout.overlaps",
        where="positions",
        tile="(1, 1, 0)",
        other="(0, 0, 0)",
    )
    floating = [[0, 0, 0], [2, 0, 0], [9, 9, 1], [4, 0, 0]]
    said = _error(_export(client, floating, "gnome"), 422, "bad_layout")
    assert "(9, 9, 1)" in said
    assert said.startswith(translate(locale, "server.error.bad_layout.detail", detail=""))


@pytest.mark.parametrize("locale", ASKED)
def test_too_many_requests_at_once_names_the_limit(make_client, locale):
    client = make_client(max_in_flight=1)
    client.headers["Accept-Language"] = locale
    me = client.get("/api/me").json()
    with client.app.state.server.in_flight.hold(me["id"]):
        said = _error(client.get("/api/me"), 429, "rate_limited")
    assert said == translate(locale, "server.error.rate_limited.in_flight", limit=1)
    assert "1" in said and said != translate(locale, "server.error.rate_limited")


@pytest.mark.parametrize("locale", ASKED)
def test_layout_refusals_name_their_field(client, locale):
    client.headers["Accept-Language"] = locale
    said = _error(_save(client, name="   ", positions=OVERLAP), 422, "bad_name")
    assert said.startswith("name")
    assert said == translate(locale, "server.error.bad_name.layout_empty", field="name")
    said = _error(_save(client, name="Row\u0007", positions=OVERLAP), 422, "bad_name")
    assert said == translate(locale, "server.error.bad_name.layout_printable", field="name")
    said = _error(_save(client, positions=OVERLAP), 422, "bad_layout")
    assert said.startswith("positions")
    saved = _save(client, positions=[[0, 0, 0], [2, 0, 0], [4, 0, 0], [6, 0, 0]])
    assert saved.status_code == 201, saved.text
    changed = client.patch(f"/api/my/layouts/{saved.json()['id']}", json={"rows": ["##"]})
    said = _error(changed, 422, "wrong_kind")
    assert said == translate(
        locale, "server.error.wrong_kind.send", field="rows", wanted="positions"
    )


def test_english_refusals_of_a_kind_keep_the_rules_own_words(make_client):
    client = make_client(max_in_flight=1)
    client.headers["Accept-Language"] = "en"
    said = _error(
        _game(client, game="shisensho", mode="classic", size=[8, 31]), 422, "bad_settings"
    )
    assert said == (
        "a board of 31 x 8 (columns x rows) is out of range: 2 to 30 columns and 2 to 20 rows"
    )
    said = _error(client.post("/api/daily/2999-01-01"), 422, "bad_date")
    assert said == "The Daily Challenge of 2999-01-01 is not out yet."
    said = _error(_export(client, [[0, 0, z] for z in range(6)]), 422, "layout_too_large")
    assert said == (
        "Tall: the tile at (0, 0, 5) does not fit a Kyodai file: "
        "the layout needs level 6; Kyodai has 5 levels"
    )
    said = _error(_import(client, "one.map", _gnome((0, 0, 0))), 422, "bad_layout_file")
    assert said == "one.map: odd number of tiles (1); tiles go in pairs"
    me = client.get("/api/me").json()
    with client.app.state.server.in_flight.hold(me["id"]):
        said = _error(client.get("/api/me"), 429, "rate_limited")
    assert said == "Too many requests at once (1 are being answered); wait for them to finish."
