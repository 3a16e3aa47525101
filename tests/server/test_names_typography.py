"""The tiles, layouts, guide and stats domains follow the glossary and each language's
typography: French spaces before : ; ! ?, full-width punctuation in Japanese and
Chinese, identical placeholders and the locale's plural forms."""

from __future__ import annotations

import json
import re

import pytest

from tilematch.server.i18n import LOCALES, catalogue
from tilematch.server.i18n.catalogue import LOCALES_DIR

DOMAINS = ("tiles", "layouts", "guide", "stats")
PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*)\}")
FORMS = {"en": {"one", "other"}, "de": {"one", "other"}, "fr": {"one", "many", "other"}}
FORMS["es"] = FORMS["fr"]


def _mine(locale: str) -> dict[str, list[str]]:
    """Every text of the four domains in ``locale``, as a list of its forms."""
    return {
        msg_id: list(text.values()) if isinstance(text, dict) else [text]
        for msg_id, text in catalogue(locale).items()
        if msg_id.split(".")[0] in DOMAINS
    }


@pytest.mark.parametrize("locale", LOCALES)
def test_same_ids_placeholders_and_plural_forms_as_english(locale):
    english, own = _mine("en"), _mine(locale)
    assert set(own) == set(english)
    for msg_id, forms in own.items():
        assert {n for f in forms for n in PLACEHOLDER.findall(f)} == {
            n for f in english[msg_id] for n in PLACEHOLDER.findall(f)
        }, (locale, msg_id)
        text = catalogue(locale)[msg_id]
        if isinstance(text, dict):
            assert set(text) == FORMS.get(locale, {"other"}), (locale, msg_id)
        for form in forms:
            bare = PLACEHOLDER.sub("", form)
            assert not re.search(r"[{}<>]", bare), (locale, msg_id, form)


def test_french_puts_a_narrow_space_before_high_punctuation():
    for msg_id, forms in _mine("fr").items():
        for form in forms:
            assert not re.search(r"(?<=\S)[:;!?]|\s(?<![\u202f\u00a0])[:;!?]", form), (msg_id, form)


@pytest.mark.parametrize("locale", ["ja", "zh-Hans", "zh-Hant"])
def test_japanese_and_chinese_use_full_width_colons_and_brackets(locale):
    for msg_id, forms in _mine(locale).items():
        for form in forms:
            assert not re.search(r"[:()]", form), (locale, msg_id, form)


def test_enforced_glossary_terms_appear_in_every_translation():
    glossary = json.loads((LOCALES_DIR / "glossary.json").read_text(encoding="utf-8"))
    english = _mine("en")
    checked = 0
    for term, spec in glossary.items():
        if term.startswith("_") or not spec.get("enforce"):
            continue
        for msg_id, forms in english.items():
            if not any(word in form for word in spec["en"] for form in forms):
                continue
            for locale in LOCALES[1:]:
                for form in _mine(locale)[msg_id]:
                    assert any(word in form for word in spec[locale]), (term, locale, msg_id, form)
                    checked += 1
    assert checked >= 50  # the game and mode names, the guide's Black & White texts
