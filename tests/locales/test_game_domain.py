"""The ``game`` domain of the catalogues: every sentence of the game page, in every
locale, with the same ids, the locale's plural forms, the same placeholders, the
glossary's terms and the typography of each language; and every id is one the page
asks for."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tilematch.server.i18n import LOCALES, translate

ROOT = Path(__file__).resolve().parents[2]
CATALOGUES = ROOT / "src" / "tilematch" / "locales"
WEB = ROOT / "src" / "tilematch" / "web" / "js"
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


def game(locale: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((CATALOGUES / locale / "game.json").read_text("utf-8"))
    return data


def forms(text: Any) -> list[str]:
    return list(text.values()) if isinstance(text, dict) else [text]


def placeholders(text: Any) -> set[str]:
    return {name for form in forms(text) for name in PLACEHOLDER.findall(form)}


ENGLISH = game("en")


def test_english_has_the_page_sentences() -> None:
    assert len(ENGLISH) >= 200
    assert all(key.startswith("game.") and re.fullmatch(r"[a-z0-9_.]+", key) for key in ENGLISH)
    assert translate("en", "game.hud.hints_left") == "Hints left"


@pytest.mark.parametrize("locale", LOCALES)
def test_same_ids_forms_and_placeholders(locale: str) -> None:
    messages = game(locale)
    assert sorted(messages) == sorted(ENGLISH), f"{locale}: ids differ from English"
    for key, text in messages.items():
        english = ENGLISH[key]
        assert isinstance(text, dict) == isinstance(english, dict), f"{locale} {key}: plural or not"
        if isinstance(text, dict):
            assert set(text) == PLURALS[locale], f"{locale} {key}: plural forms {sorted(text)}"
            assert "count" in placeholders(english), f"{key}: a plural text needs {{count}}"
        assert placeholders(text) == placeholders(english), f"{locale} {key}: placeholders"
        for form in forms(text):
            assert "<" not in form and ">" not in form, f"{locale} {key}: markup in a text"
            assert "{" not in PLACEHOLDER.sub("", form) and "}" not in PLACEHOLDER.sub("", form), (
                f"{locale} {key}: a brace that is not a placeholder"
            )


@pytest.mark.parametrize("locale", [loc for loc in LOCALES if loc != "en"])
def test_glossary_terms_are_kept(locale: str) -> None:
    glossary = json.loads((CATALOGUES / "glossary.json").read_text("utf-8"))
    messages = game(locale)
    misses = []
    for name, term in glossary.items():
        if name.startswith("_") or not term.get("enforce"):
            continue
        for key, english in ENGLISH.items():
            for category, form in english.items() if isinstance(english, dict) else [("", english)]:
                if not any(word in form for word in term["en"]):
                    continue
                translated = messages[key]
                text = (
                    translated.get(category, translated["other"])
                    if isinstance(translated, dict)
                    else translated
                )
                text = text.replace("\u00ad", "")  # a soft hyphen is where a long word may break
                if not any(word in text for word in term[locale]):
                    misses.append(f"{key}: {name} ({text})")
    assert not misses, f"{locale}: " + "; ".join(misses)


def test_typography_of_each_language() -> None:
    for locale in ("de", "fr", "es"):
        for key, text in game(locale).items():
            for form in forms(text):
                assert '"' not in form, f"{locale} {key}: straight quotes"
    for key, text in game("fr").items():
        for form in forms(text):
            assert not re.search(r"[^\u00a0\u202f][;!?]", form.replace("...", "")), (
                f"fr {key}: {form}"
            )
            assert not re.search(r" [:;!?»]|« ", form), (
                f"fr {key}: a plain space where French sets a fixed one"
            )
    for locale in ("ja", "zh-Hans", "zh-Hant"):
        for key, text in game(locale).items():
            for form in forms(text):
                assert not re.search(r"[\u3040-\u30ff\u4e00-\u9fff][.,!?:;]", form), (
                    f"{locale} {key}: {form}"
                )


def sources() -> str:
    return "\n".join(path.read_text("utf-8") for path in sorted(WEB.rglob("*.js")))


def test_every_id_is_asked_for_and_every_asked_id_exists() -> None:
    code = sources()
    literal = set(re.findall(r"""t\(\s*["'`](game\.[a-z0-9_.]+)["'`]""", code))
    known = set(re.findall(r"""["'`](game\.[a-z0-9_.]+)["'`]""", code))
    prefixes = set(re.findall(r"`(game\.[a-z0-9_.]*)\$\{", code))
    missing = sorted(key for key in literal if key not in ENGLISH)
    assert not missing, f"ids the page asks for that English lacks: {missing}"
    unused = sorted(
        key for key in ENGLISH if key not in known and not any(key.startswith(p) for p in prefixes)
    )
    assert not unused, f"ids no module asks for: {unused}"
