"""The server's sentences in the player's language: Learn Mode, blocked tiles during play,
refusals, ledger lines and errors come back in the locale the request negotiates, with
their stable codes unchanged; English stays the engine's own words."""

from __future__ import annotations

import pytest

from tests.support.clock import START
from tests.support.server import new_game
from tests.support.stored import Stored, store_old_game
from tilematch.engine.stack.board import StackBoard
from tilematch.modes import Settings, new_session
from tilematch.server.i18n import LOCALES, translate
from tilematch.server.learn import examples
from tilematch.server.sentences import ledger_text

#: A short piece of each locale's blocked-tile sentences (the tile names around them are
#: the tiles domain's); English is the engine's sentence itself.
SIDES_CLOSED = {
    "en": "has both sides closed",
    "ja": "左右がふさがっています",
    "zh-Hans": "左右两边都被挡住",
    "zh-Hant": "左右兩側都被擋住",
    "ko": "양옆이 막혀 있습니다",
    "de": "auf beiden Seiten zugestellt",
    "fr": "bloquée des deux côtés",
    "es": "tiene ambos lados cerrados",
}
COVERED = {
    "en": "is covered by",
    "ja": "が重なっています",
    "zh-Hans": "压住了",
    "zh-Hant": "壓住了",
    "ko": "놓여 있습니다",
    "de": "liegt unter",
    "fr": "est recouverte par",
    "es": "está cubierta por",
}


def _say(client, locale):
    client.headers["Accept-Language"] = {"zh-Hans": "zh-CN", "zh-Hant": "zh-TW"}.get(
        locale, f"{locale}-XX,{locale};q=0.9,en;q=0.5"
    )
    return client


@pytest.mark.parametrize("locale", LOCALES)
def test_learn_examples_speak_the_players_language(client, locale):
    found = {e["id"]: e for e in _say(client, locale).get("/api/learn").json()}
    english = {e["id"]: e for e in examples("en")}
    assert found.keys() == english.keys()
    assert found["covered"]["title"] == translate(locale, "server.learn.covered.title")
    assert COVERED[locale] in found["covered"]["explanation"]
    assert SIDES_CLOSED[locale] in found["sides-closed"]["explanation"]
    assert found["two-bends"]["explanation"] == translate(
        locale, "server.learn.two_bends.explanation"
    )
    stone = found["stone"]["explanation"]
    assert stone.endswith(translate(locale, "server.blocked.stone", count=2))
    # the rules' facts are the engine's whatever the language
    for key, example in found.items():
        assert [t["free"] for t in example["tiles"]] == [t["free"] for t in english[key]["tiles"]]
        assert example["focus" if "focus" in example else "pair"] == english[key].get(
            "focus", english[key].get("pair")
        )
    if locale != "en":
        assert found["covered"]["title"] != english["covered"]["title"]


def test_english_sentences_are_the_engines_own():
    """Composed from the engine's facts, the English text is word for word the engine's
    describe(), which the library and the CLI keep."""
    for spec_key in ("covered", "sides-closed", "one-side-open", "freed", "stone"):
        shown = next(e for e in examples("en") if e["id"] == spec_key)
        board = _board_of(spec_key)
        assert shown["explanation"] == board.describe(shown["focus"])


def _board_of(key):
    from tilematch.engine.layouts.layout import Layout

    specs = {
        "covered": ([(0, 0, 0), (2, 0, 0), (1, 0, 1)], ["1m", "2p", "1m"], "solitaire", None),
        "sides-closed": ([(0, 0, 0), (2, 0, 0), (4, 0, 0)], ["3s", "7z", "3s"], "solitaire", None),
        "one-side-open": (
            [(0, 0, 0), (2, 0, 0), (4, 0, 0)],
            ["3s", "7z", "3s"],
            "solitaire",
            None,
        ),
        "freed": (
            [(0, 0, 0), (2, 0, 0), (4, 0, 0), (6, 0, 0)],
            ["1p", "6s", "6s", "1p"],
            "solitaire",
            None,
        ),
        "stone": ([(0, 0, 0), (2, 0, 0), (4, 0, 0)], ["b2m", "b9p", "w2m"], "blackwhite", {1: 2}),
    }
    positions, faces, game, stones = specs[key]
    layout = Layout(key, tuple(positions), family="Learn")
    order = {p: i for i, p in enumerate(positions)}
    return StackBoard(layout, [faces[order[p]] for p in layout.positions], game=game, stones=stones)


@pytest.fixture
def small_layout(client):
    layouts = client.get("/api/layouts").json()
    return min(layouts, key=lambda layout: (layout["tiles"], layout["name"]))["name"]


@pytest.mark.parametrize("locale", ["ja", "de", "fr", "zh-Hant"])
def test_play_answers_in_the_players_language(client, small_layout, locale):
    english = new_game(client, game="solitaire", mode="regular", layout=small_layout, seed=5)
    game = new_game(
        _say(client, locale), game="solitaire", mode="regular", layout=small_layout, seed=5
    )
    blocked = [t for t in game["tiles"] if t["blocked"]]
    assert blocked, "the smallest layout has a blocked tile"
    by_spot = {t["spot"]: t for t in english["tiles"]}
    for tile in blocked:
        assert tile["blocked"] != by_spot[tile["spot"]]["blocked"]
        assert tile["blockers"] == by_spot[tile["spot"]]["blockers"]
        if any(game["tiles"][s]["pos"][2] > tile["pos"][2] for s in tile["blockers"]):
            assert COVERED[locale] in tile["blocked"]
        else:
            assert SIDES_CLOSED[locale] in tile["blocked"]
    # a refused pair: the reason word stays, the sentence is the player's
    stuck, free = blocked[0]["spot"], next(t["spot"] for t in game["tiles"] if t["selectable"])
    answer = client.post(
        f"/api/games/{game['id']}/actions", json={"type": "match", "a": stuck, "b": free}
    ).json()
    assert answer["ok"] is False and answer["reason"] == "not free"
    assert answer["message"] == translate(locale, "server.refusal.not_free")
    # a ledger line: a played pair, then an undo
    a, b = game["pairs"][0]
    played = client.post(
        f"/api/games/{game['id']}/actions", json={"type": "match", "a": a, "b": b}
    ).json()
    assert played["ok"] is True
    line = played["game"]["ledger"][0]
    assert line["kind"] == "pair" and line["label"] == translate(locale, "server.ledger.pair")
    undone = client.post(f"/api/games/{game['id']}/actions", json={"type": "undo"}).json()
    kinds = {line["kind"]: line["label"] for line in undone["game"]["ledger"]}
    assert kinds["undo"] == translate(locale, "server.ledger.undo") != "Undo"
    shown = client.get(f"/api/games/{game['id']}").json()
    assert shown["ledger"] == undone["game"]["ledger"]


@pytest.mark.parametrize("locale", LOCALES)
def test_errors_speak_the_players_language(client, locale):
    _say(client, locale)
    missing = client.get("/api/games/no-such-game")
    assert missing.status_code == 404
    assert missing.json()["error"] == {
        "code": "game_not_found",
        "message": (
            "You have no game with id 'no-such-game'."
            if locale == "en"
            else translate(locale, "server.error.game_not_found")
        ),
    }
    nowhere = client.get("/api/no-such-thing").json()["error"]
    assert nowhere["code"] == "not_found"
    if locale != "en":
        assert nowhere["message"] == translate(locale, "server.error.not_found")
    wrong = client.post("/api/games", json={"game": "shisensho", "mode": "classic", "size": [3, 3]})
    assert wrong.status_code == 422 and wrong.json()["error"]["code"] == "bad_settings"
    if locale != "en":
        assert wrong.json()["error"]["message"] == translate(
            locale, "server.error.bad_settings.size_odd", size="3 x 3", count=9
        )


def test_a_game_stored_before_lines_had_keys_shows_its_ledger(client, database, locale="ja"):
    """A stored game keeps only its move log; replaying it writes its ledger lines again,
    keys and all, so a game saved in the first format reads in the player's language."""
    settings = Settings(game="shisensho", mode="classic", size=(4, 4), seed=11).validate()
    first, second = new_session(settings, 0.0).solution[:2]
    log = [
        {"type": "match", "a": first.a, "b": first.b, "t": START - 100},
        {"type": "match", "a": second.a, "b": second.b, "t": START - 99},
        {"type": "undo", "t": START - 90},
    ]
    state = {"format": 1, "settings": settings.to_json(), "start": START - 120, "log": log}
    player = client.get("/api/me").json()["id"]
    with Stored(database) as db:
        store_old_game(db, "old-ledger", player, state, tiles_left=12, score=100)
    shown = _say(client, locale).get("/api/games/old-ledger").json()
    assert [(line["key"], line["params"], line["label"]) for line in shown["ledger"]] == [
        (
            "ledger.pair_times",
            {"multiplier": 1},
            translate(locale, "server.ledger.pair_times", multiplier=1),
        ),
        (
            "ledger.pair_times",
            {"multiplier": 2},
            translate(locale, "server.ledger.pair_times", multiplier=2),
        ),
        ("ledger.undo", {}, translate(locale, "server.ledger.undo")),
    ]
    assert [line["points"] for line in shown["ledger"]] == [100, 200, -200]


def test_a_line_whose_key_has_no_text_keeps_its_label():
    line = {"label": "Pair", "points": 100, "kind": "pair", "at": 1.0}
    assert ledger_text("ko", line) == "Pair"
    assert ledger_text("ko", {**line, "key": "ledger.no_such_line", "params": {}}) == "Pair"
    assert ledger_text("ko", {**line, "key": "ledger.pair", "params": {}}) == translate(
        "ko", "server.ledger.pair"
    )
