"""The ``pages`` domain of the catalogues: every sentence of the start page, Daily,
Tower, Results, Statistics, Learn, Settings, My player, the link page and the layout
picker, in every locale, with the same ids, the locale's plural forms, the same
placeholders, the glossary's terms and each language's typography; and every id is one
the pages ask for."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tilematch.server.i18n import LOCALES, translate

ROOT = Path(__file__).resolve().parents[2]
CATALOGUES = ROOT / "src" / "tilematch" / "locales"
PAGES = ROOT / "src" / "tilematch" / "web" / "js" / "pages"
#: The page modules whose words are the ``pages`` domain.
MODULES = [
    *("home", "daily", "tower", "results", "stats", "stats-rows", "learn"),
    *("settings", "devices", "link", "picker", "words"),
]
PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*)\}")
#: The CLDR cardinal categories each locale's plural texts carry.
PLURALS = {
    "en": {"one", "other"},
    "de": {"one", "other"},
    "fr": {"one", "many", "other"},
    "es": {"one", "many", "other"},
    "ja": {"other"},
    "zh-Hans": {"other"},
    "zh-Hant": {"other"},
    "ko": {"other"},
}


def pages(locale: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((CATALOGUES / locale / "pages.json").read_text("utf-8"))
    return data


def forms(text: Any) -> list[str]:
    return list(text.values()) if isinstance(text, dict) else [text]


def placeholders(text: Any) -> set[str]:
    return {name for form in forms(text) for name in PLACEHOLDER.findall(form)}


ENGLISH = pages("en")
SOURCE = "\n".join((PAGES / f"{name}.js").read_text("utf-8") for name in MODULES)


def test_english_has_the_pages_sentences() -> None:
    assert len(ENGLISH) >= 200
    assert all(key.startswith("pages.") and re.fullmatch(r"[a-z0-9_.]+", key) for key in ENGLISH)
    assert translate("en", "pages.home.tiles_left", count=1) == "1 tile left"
    assert translate("ja", "pages.home.tiles_left", count=12) == "残り12枚"
    assert translate("de", "pages.tower.stones", count=1_000) == "1.000 Felssteine"


@pytest.mark.parametrize("locale", LOCALES)
def test_same_ids_forms_and_placeholders(locale: str) -> None:
    messages = pages(locale)
    assert sorted(messages) == sorted(ENGLISH), f"{locale}: ids differ from English"
    for key, text in messages.items():
        english = ENGLISH[key]
        assert isinstance(text, dict) == isinstance(english, dict), f"{locale} {key}: plural or not"
        if isinstance(text, dict):
            assert set(text) == PLURALS[locale], f"{locale} {key}: forms {sorted(text)}"
            assert all("{count}" in form for form in text.values()), f"{locale} {key}"
        assert placeholders(text) == placeholders(english), f"{locale} {key}: placeholders"
        for form in forms(text):
            padded = form.strip() != form and key != "pages.tower.label_separator"
            assert form and not padded, f"{locale} {key}: blank or padded"
            assert not re.search(r"<[a-zA-Z/]", form), f"{locale} {key}: markup in a text"
            assert not PLACEHOLDER.sub("", form).count("{"), f"{locale} {key}: a stray brace"
            assert not PLACEHOLDER.sub("", form).count("}"), f"{locale} {key}: a stray brace"


@pytest.mark.parametrize("locale", [loc for loc in LOCALES if loc != "en"])
def test_translated_not_copied(locale: str) -> None:
    """Most texts differ from English (names, units and symbols may stay)."""
    messages = pages(locale)
    same = [key for key, text in messages.items() if text == ENGLISH[key]]
    assert len(same) <= 12, f"{locale}: {same}"


@pytest.mark.parametrize("locale", [loc for loc in LOCALES if loc != "en"])
def test_glossary_terms(locale: str) -> None:
    glossary = json.loads((CATALOGUES / "glossary.json").read_text("utf-8"))
    messages = pages(locale)
    for term, entry in glossary.items():
        if term.startswith("_") or not entry.get("enforce"):
            continue
        for key, english in ENGLISH.items():
            said = [PLACEHOLDER.sub("", form) for form in forms(english)]
            if not any(word in form for form in said for word in entry["en"]):
                continue
            for translated in forms(messages[key]):
                assert any(word in translated for word in entry[locale]), (
                    f"{locale} {key}: {term} should read {entry[locale]} in {translated!r}"
                )


def test_typography() -> None:
    """French sets a narrow space before ; ! ? and a no-break space before :; German and
    French quote with their own marks; no straight apostrophes or quotes anywhere."""
    for locale in LOCALES:
        for key, text in pages(locale).items():
            for form in forms(text):
                assert "'" not in form and '"' not in form, f"{locale} {key}: straight quote"
                if locale == "fr":
                    assert not re.search(r"\S[;!?]", form), f"fr {key}: space before ; ! ?"
                    assert not re.search(r"[^\u00a0\u202f\d]:", form), f"fr {key}: space before :"
                if locale == "de":
                    assert "“" not in form or "„" in form, f"de {key}: „…“"


def test_every_id_is_asked_for_and_every_asked_id_exists() -> None:
    """An id is asked for by its full name, or by its last part under a prefix the
    pages complete at run time (`pages.shared.difficulty.${v}`)."""
    literal = set(re.findall(r"[\"`](pages\.[a-z0-9_.]+[a-z0-9_])[\"`]", SOURCE))
    assert literal, "the pages ask for no id"
    missing = sorted(literal - set(ENGLISH))
    assert not missing, f"asked for but not in the catalogue: {missing}"
    prefixes = set(re.findall(r"`(pages\.(?:[a-z0-9_]+\.)*)\$\{", SOURCE))
    prefixes |= {"pages.settings."}  # say("theme.auto") in settings.js
    quoted = set(re.findall(r"\"([a-z0-9_.]+)\"", SOURCE))
    unused = [
        key
        for key in ENGLISH
        if key not in literal
        and not any(key.startswith(p) and key[len(p) :] in quoted for p in prefixes)
    ]
    assert not unused, f"in the catalogue but never asked for: {unused}"
