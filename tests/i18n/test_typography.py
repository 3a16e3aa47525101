"""Every domain and every locale is written the same way: the plural forms name their
count, each domain is translated rather than copied, and each language keeps its own
punctuation (full-width marks in Chinese and Japanese, the plain ones in Korean as its
games write them, French fixed spaces, German and French quotes). The ids, plural
categories, placeholders and glossary of the same texts are checked in
``test_catalogues``."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tilematch.server.i18n import LOCALES, extract, translate

LOCALES_DIR: Path = extract.LOCALES_DIR
DOMAINS = sorted(path.stem for path in (LOCALES_DIR / "en").glob("*.json"))
OTHERS = [locale for locale in LOCALES if locale != "en"]
PLACEHOLDER = re.compile(r"\{[a-z_][a-z0-9_]*\}")
#: What Chinese and Japanese texts may keep in ASCII: a point (x, y, z) or a cursor
#: "{x}, {y}", a placeholder, a decimal number (1.5) and a character the text names,
#: set apart by spaces (the outline's "# or .").
CJK_ASCII_ALLOWED = re.compile(
    r"\((?:\{[a-z_]+\}, )+\{[a-z_]+\}\)|\{x\}, \{y\}|\{[a-z_][a-z0-9_]*\}|\d\.\d|(?<= )\.(?=[ ）])"
)
ASCII_MARKS = re.compile(r"[.,;:!?()]")
FULL_WIDTH_MARKS = re.compile(r"[，。：；！？（）、「」『』]")


def domain(locale: str, name: str) -> dict[str, str | dict[str, str]]:
    data: dict[str, str | dict[str, str]] = json.loads(
        (LOCALES_DIR / locale / f"{name}.json").read_text(encoding="utf-8")
    )
    return data


def forms(text: str | dict[str, str]) -> list[str]:
    return [text] if isinstance(text, str) else list(text.values())


def texts(locale: str) -> Iterator[tuple[str, str]]:
    """Each form of each text of a locale, all domains, with its id."""
    for name in DOMAINS:
        for msg_id, text in domain(locale, name).items():
            for form in forms(text):
                yield msg_id, form


def test_every_domain_is_checked() -> None:
    assert {"common", "duel", "editor", "game", "layouts", "pages", "server"} <= set(DOMAINS)


def test_translate_reads_each_domain() -> None:
    assert translate("en", "game.hud.hints_left") == "Hints left"
    assert translate("en", "server.refusal.not_free") == "That tile is not free."
    assert translate("en", "pages.home.tiles_left", count=1) == "1 tile left"
    assert translate("ja", "pages.home.tiles_left", count=12) == "残り12枚"
    assert translate("de", "pages.tower.stones", count=1_000) == "1.000 Felssteine"


@pytest.mark.parametrize("locale", LOCALES)
def test_plural_forms_name_their_count(locale: str) -> None:
    """The ``other`` form always says the number; another form may leave it out only
    where English's ``one`` does too ("your last game")."""
    wrong = []
    for name in DOMAINS:
        english = domain("en", name)
        for msg_id, text in domain(locale, name).items():
            if not isinstance(text, dict):
                continue
            english_one = english[msg_id]
            assert isinstance(english_one, dict), msg_id
            says_one = "{count}" in english_one.get("one", "{count}")
            for category, form in text.items():
                if "{count}" not in form and (category == "other" or says_one):
                    wrong.append(f"{msg_id} [{category}]: {form}")
    assert wrong == [], f"{locale}: plural forms without their count"


@pytest.mark.parametrize("locale", OTHERS)
@pytest.mark.parametrize("name", DOMAINS)
def test_each_domain_is_translated_not_copied(locale: str, name: str) -> None:
    """A whole domain left in English would hide under the catalogue's overall share:
    each domain may keep only a few names, units and key caps as they are (texts of
    placeholders and marks alone are not counted)."""
    english = domain("en", name)
    same = [
        msg_id
        for msg_id, text in domain(locale, name).items()
        if text == english[msg_id]
        and any(re.search(r"[A-Za-z]{2}", PLACEHOLDER.sub("", form)) for form in forms(text))
    ]
    assert len(same) <= max(12, len(english) // 20), f"{locale} {name}: {same}"


@pytest.mark.parametrize("locale", LOCALES)
def test_no_straight_quotes(locale: str) -> None:
    """Quotes are typographic in every language; English alone keeps the apostrophe
    of "can't" between two letters."""
    wrong = []
    for msg_id, form in texts(locale):
        left = re.sub(r"(?<=[A-Za-z])'(?=[A-Za-z])", "", form) if locale == "en" else form
        if '"' in left or "'" in left:
            wrong.append(f"{msg_id}: {form}")
    assert wrong == []


@pytest.mark.parametrize("locale", ["ja", "zh-Hans", "zh-Hant"])
def test_chinese_and_japanese_use_full_width_punctuation(locale: str) -> None:
    wrong = []
    for msg_id, form in texts(locale):
        if ASCII_MARKS.search(CJK_ASCII_ALLOWED.sub("", form)):
            wrong.append(f"{msg_id}: {form}")
    assert wrong == [], f"{locale}: ASCII punctuation where {locale} writes ，。：；！？（）"


def test_korean_uses_the_punctuation_of_its_games() -> None:
    wrong = [f"{msg_id}: {form}" for msg_id, form in texts("ko") if FULL_WIDTH_MARKS.search(form)]
    assert wrong == [], "Korean writes . , : ? ! ( ) and ‘ ’, not the marks of Chinese"


def test_french_sets_a_fixed_space_before_double_punctuation() -> None:
    wrong = []
    for msg_id, form in texts("fr"):
        before = [found.group(1) for found in re.finditer(r"(.)[?!:;»]", form)]
        after = re.findall(r"«(.|$)", form)
        if any(mark not in "\u202f\u00a0" for mark in [*before, *after]):
            wrong.append(f"{msg_id}: {form}")
    assert wrong == []


def test_german_quotes_open_low() -> None:
    wrong = [
        f"{msg_id}: {form}"
        for msg_id, form in texts("de")
        if form.count("“") != form.count("„") or "«" in form or "»" in form
    ]
    assert wrong == []


def test_no_ascii_ellipsis() -> None:
    wrong = [
        f"{locale} {msg_id}: {form}"
        for locale in LOCALES
        for msg_id, form in texts(locale)
        if "..." in form
    ]
    assert wrong == [], "an ellipsis is one character: …"


def test_the_punctuation_rules_catch_what_they_forbid() -> None:
    """The patterns above, on texts they must refuse and texts they must accept."""
    assert ASCII_MARKS.search(CJK_ASCII_ALLOWED.sub("", "塔庙 8×8,5层"))
    assert ASCII_MARKS.search(CJK_ASCII_ALLOWED.sub("", "例: {code}"))
    assert ASCII_MARKS.search(CJK_ASCII_ALLOWED.sub("", "(3 张)"))
    assert not ASCII_MARKS.search(CJK_ASCII_ALLOWED.sub("", "({x}, {y}, {z}) の牌：1.5回"))
    assert not ASCII_MARKS.search(CJK_ASCII_ALLOWED.sub("", "（请用 # 或 .）"))
    assert FULL_WIDTH_MARKS.search("계속합니다。")
    assert not FULL_WIDTH_MARKS.search("계속합니다. (예: 3)")


#: Words before a number that say "more than one" in each language: a ``one`` form
#: holding one of them reads wrong with its 1 ("dans les 1 seconde").
PLURAL_BEFORE_COUNT = {
    "fr": r"\b(?:les|des|vos|nos|ces|mes|tes|ses|leurs)\s+\{count\}",
    "es": r"\b(?:los|las|tus|mis|sus|unos|unas|estos|estas)\s+\{count\}",
    "de": r"\b(?:deinen|deine|die|den|alle|diese|unter)\s+\{count\}",
}


@pytest.mark.parametrize("locale", sorted(PLURAL_BEFORE_COUNT))
def test_a_one_form_reads_right_with_one(locale: str) -> None:
    wrong = []
    for name in DOMAINS:
        for msg_id, text in domain(locale, name).items():
            if isinstance(text, dict) and re.search(PLURAL_BEFORE_COUNT[locale], text["one"]):
                wrong.append(f"{msg_id}: {text['one']}")
    assert wrong == []


def test_plural_sentences_read_right_with_their_numbers() -> None:
    """The sentences where the number that chooses the form is not the one the words
    agree with, or where the form once read wrong."""
    n = "\u202f"
    assert (
        translate("fr", "game.duel_end.forfeit_you", count=1, score="0–2")
        == "Vous n’êtes pas revenu dans le délai de 1 seconde (0–2)."
    )
    assert translate("fr", "game.duel_end.forfeit_rival", count=30, score="2–0").endswith(
        "dans le délai de 30 secondes (2–0)."
    )
    # the form follows the duels played; the wins are a bare number beside it
    assert (
        translate("fr", "game.duel_end.best", won=1, count=5)
        == f"Vos duels sur ce plateau{n}: 5 disputés, victoires{n}: 1."
    )
    assert (
        translate("es", "game.duel_end.best", won=1, count=1)
        == "Tus duelos en este tablero: 1 jugado, victorias: 1."
    )
    assert translate("es", "game.standing.place", rank="1.º", count=1) == (
        "1.º de 1 partida en este tablero"
    )
    assert translate("de", "server.blocked.stone", count=1).startswith(
        "Es ist ein Felsstein: Er braucht noch 1 Sprung,"
    )
    assert translate("fr", "common.count.tiles", count=1_000_000) == f"1{n}000{n}000 de tuiles"
