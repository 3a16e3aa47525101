"""Tile, game and mode names in every locale (the ``tiles`` domain)."""

from __future__ import annotations

import pytest

from tilematch.engine import tiles
from tilematch.modes.registry import MODES
from tilematch.server.i18n import LOCALES, catalogue
from tilematch.server.tile_names import game_name, mode_name, tile_name

EVERY_CODE = (
    list(tiles.ALL_SYMBOLS)
    + [f"{c}{face}" for face in tiles.ORDINARY_FACES for c in "bw"]
    + list(tiles.BLACK_BONUS + tiles.WHITE_BONUS)
)


@pytest.mark.parametrize("locale", LOCALES)
def test_every_face_has_its_own_name_in_every_locale(locale):
    own = catalogue(locale)
    for symbol in tiles.ALL_SYMBOLS:
        assert f"tiles.face.{symbol}" in own, (locale, symbol)
    names = [tile_name(locale, code) for code in EVERY_CODE]
    assert len(set(names)) == len(names), locale  # no two tiles share a name
    if locale != "en":
        english = {tile_name("en", code) for code in EVERY_CODE}
        assert english & set(names) <= {"Winter"}, locale  # German's winter is English's


def test_japanese_names_are_the_customary_ones():
    expected = {
        "1m": "一萬", "9m": "九萬", "5p": "五筒", "3s": "三索", "1z": "東", "2z": "南",
        "3z": "西", "4z": "北", "5z": "白", "6z": "發", "7z": "中", "1f": "梅",
        "4f": "竹", "5f": "春", "8f": "冬",
    }  # fmt: skip
    assert {code: tile_name("ja", code) for code in expected} == expected


def test_chinese_and_korean_names_are_the_customary_ones():
    assert [tile_name("zh-Hans", c) for c in ("1m", "3s", "1z", "7z", "6z", "5z")] == [
        "一万", "三条", "东风", "红中", "发财", "白板",
    ]  # fmt: skip
    assert [tile_name("zh-Hant", c) for c in ("1m", "3s", "1z", "7z", "6z")] == [
        "一萬", "三條", "東風", "紅中", "發財",
    ]  # fmt: skip
    assert [tile_name("ko", c) for c in ("1m", "5p", "3s", "1z", "5z", "6z", "7z")] == [
        "일만", "오통", "삼삭", "동", "백", "발", "중",
    ]  # fmt: skip


@pytest.mark.parametrize("locale", LOCALES)
def test_a_coloured_white_dragon_says_its_colour_once(locale):
    white = tile_name(locale, "w5z")
    pattern = catalogue(locale)["tiles.coloured.w"]
    assert isinstance(pattern, str)
    colour = pattern.replace("{name}", "").strip(" ()（）・,、")
    assert colour
    assert white.lower().count(colour.lower()) == 1, white
    assert tile_name(locale, "b5z") != white


def test_games_and_modes_follow_the_glossary():
    assert [game_name("ja", g) for g in MODES] == ["四川省", "上海", "白黒麻雀"]
    assert game_name("zh-Hans", "shisensho") == "连连看"
    assert game_name("zh-Hant", "shisensho") == "連連看"
    assert game_name("ko", "shisensho") == "사천성"
    for locale in LOCALES:
        for modes in MODES.values():
            for mode in (*modes, "duel"):
                assert mode_name(locale, mode)
