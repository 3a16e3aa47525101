"""The Tile Guide and the layout list answer in the negotiated locale, codes unchanged."""

from __future__ import annotations

import re

import pytest

from tests.support.locales import BROWSER_LANGUAGE
from tilematch.engine.layouts import catalogue as layout_catalogue
from tilematch.server.i18n import LOCALES, catalogue
from tilematch.server.tile_names import tile_name

ACCEPT = BROWSER_LANGUAGE
CJK = ("ja", "zh-Hans", "zh-Hant", "ko")
LATIN_WORD = re.compile(r"[A-Za-z]{3,}")


def _ids(name: str) -> list[str]:
    key = name.replace("-", "_")
    return [f"layouts.title.{key}", f"layouts.description.{key}"]


@pytest.mark.parametrize("locale", LOCALES)
def test_every_catalogue_layout_has_its_ids_in_every_locale(locale):
    own = catalogue(locale)
    entries = list(layout_catalogue.entries())
    assert len(entries) == 168
    for entry in entries:
        for msg_id in _ids(entry.layout.name):
            assert isinstance(own.get(msg_id), str) and own[msg_id].strip(), (locale, msg_id)
        family = entry.layout.family.lower().replace("-", "_")
        assert f"layouts.family.{family}" in own, (locale, family)
    titles = [own[_ids(entry.layout.name)[0]] for entry in entries]
    assert len(set(titles)) == len(titles), locale  # the picker tells every layout apart
    if locale in CJK:  # no English words left in a CJK title or description
        for entry in entries:
            for msg_id in _ids(entry.layout.name):
                assert not LATIN_WORD.search(str(own[msg_id])), (locale, msg_id, own[msg_id])


def test_english_layout_texts_are_the_engines():
    own = catalogue("en")
    for entry in layout_catalogue.entries():
        title_id, description_id = _ids(entry.layout.name)
        assert own[title_id] == entry.layout.title
        assert own[description_id] == entry.layout.description


@pytest.mark.parametrize("locale", LOCALES)
def test_layout_list_answers_in_the_locale_with_codes_unchanged(client, locale):
    english = client.get("/api/layouts", headers={"Accept-Language": "en"}).json()
    answer = client.get("/api/layouts", headers={"Accept-Language": ACCEPT[locale]}).json()
    assert [e["name"] for e in answer] == [e["name"] for e in english]
    own = catalogue(locale)
    for mine, theirs in zip(answer, english, strict=True):
        for field in ("name", "tiles", "bounds", "number", "difficulty", "picture"):
            assert mine[field] == theirs[field]
        assert mine["family_id"] == theirs["family_id"]
        assert mine["title"] == own[_ids(mine["name"])[0]]
        assert mine["description"] == own[_ids(mine["name"])[1]]
    turtle = next(e for e in answer if e["name"] == "turtle")
    expected = {
        "en": "Turtle", "ja": "亀", "zh-Hans": "乌龟", "zh-Hant": "烏龜", "ko": "거북",
        "de": "Schildkröte", "fr": "Tortue", "es": "Tortuga",
    }  # fmt: skip
    assert turtle["title"] == expected[locale] and turtle["family_id"] == "turtle"
    if locale in CJK:
        assert turtle["family"] == turtle["title"] != "Turtle"


@pytest.mark.parametrize("locale", LOCALES)
def test_tile_guide_answers_in_the_locale_with_codes_unchanged(client, locale):
    english = client.get("/api/tiles", headers={"Accept-Language": "en"}).json()
    answer = client.get("/api/tiles", headers={"Accept-Language": ACCEPT[locale]}).json()
    assert len(answer) == len(english) == 42 + 68 + 8
    for mine, theirs in zip(answer, english, strict=True):
        for field in ("code", "group", "suit", "colour", "game", "partners"):
            assert mine[field] == theirs[field]
        assert mine["name"] == tile_name(locale, mine["code"])
        assert mine["symbol_name"] in mine["name"]
        assert mine["suit_name"] == catalogue(locale)[f"tiles.suit.{mine['suit']}"]
        assert mine["game_name"] == catalogue(locale)[f"common.game.{mine['game']}"]
    names = {e["code"]: e["name"] for e in answer}
    if locale == "ja":
        assert [names[c] for c in ("1m", "5p", "3s", "1z", "5z", "6z", "7z", "1f", "5f")] == [
            "一萬", "五筒", "三索", "東", "白", "發", "中", "梅", "春",
        ]  # fmt: skip
        assert names["b1z"] == "黒の東" and names["w5z"] == "白の枠牌"
        frame = next(e for e in answer if e["code"] == "w5z")
        assert frame["symbol_name"] == "枠牌" and frame["game_name"] == "白黒麻雀"
        assert next(e for e in answer if e["code"] == "5p")["suit_name"] == "筒子"
    if locale != "en":
        assert names["5s"] != "5 of Bamboo"


@pytest.mark.parametrize("locale", LOCALES)
def test_shisensho_shapes_answer_in_the_locale_with_codes_unchanged(client, locale):
    from tilematch.engine.grid.outlines import shapes

    english = client.get("/api/shapes", headers={"Accept-Language": "en"}).json()
    answer = client.get("/api/shapes", headers={"Accept-Language": ACCEPT[locale]}).json()
    assert [s["name"] for s in answer] == [s.name for s in shapes()] == [s["name"] for s in english]
    own = catalogue(locale)
    for mine, theirs in zip(answer, english, strict=True):
        assert (mine["rows"], mine["size"], mine["tiles"]) == (
            theirs["rows"], theirs["size"], theirs["tiles"],
        )  # fmt: skip
        assert mine["title"] == own[f"layouts.shape.title.{mine['name']}"]
        assert mine["description"] == own[f"layouts.shape.description.{mine['name']}"]
        if locale in CJK:
            assert not LATIN_WORD.search(mine["title"] + mine["description"]), mine
    if locale == "ja":
        assert {s["name"]: s["title"] for s in answer}["hourglass"] == "砂時計"
