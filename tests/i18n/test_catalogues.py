"""The catalogues hold together: every locale has exactly the English ids, each plural
text has its locale's categories, placeholders match, the glossary holds, every id the
code names exists and every id exists for a reason."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tilematch.server.i18n import LOCALES, catalogue, extract

LOCALES_DIR = extract.LOCALES_DIR
#: The CLDR plural categories of cardinal numbers each locale uses.
PLURAL_CATEGORIES = {
    "en": {"one", "other"},
    "de": {"one", "other"},
    "fr": {"one", "many", "other"},
    "es": {"one", "many", "other"},
    "ja": {"other"},
    "zh-Hans": {"other"},
    "zh-Hant": {"other"},
    "ko": {"other"},
}
PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*)\}")
ID = re.compile(r"^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$")
ENGLISH = catalogue("en")
#: Texts that only join others (a space between sentences in English, none in Japanese;
#: a comma between names): they alone may be empty, blank or bare punctuation.
SEPARATORS = frozenset(
    {
        "game.sentence_gap",
        "game.tile.gap",
        "guide.sentence_separator",
        "guide.list_separator",
        "server.list.separator",
        "pages.tower.label_separator",
    }
)
OTHERS = [locale for locale in LOCALES if locale != "en"]


def forms(text: str | dict[str, str]) -> list[str]:
    return [text] if isinstance(text, str) else list(text.values())


def placeholders(text: str | dict[str, str]) -> set[str]:
    return {name for form in forms(text) for name in PLACEHOLDER.findall(form)}


def test_every_locale_has_a_folder_with_the_english_domains():
    english = sorted(path.name for path in (LOCALES_DIR / "en").glob("*.json"))
    assert english, "the English catalogue is empty"
    for locale in LOCALES:
        assert sorted(p.name for p in (LOCALES_DIR / locale).glob("*.json")) == english, locale


@pytest.mark.parametrize("locale", OTHERS)
def test_a_locale_has_exactly_the_english_ids(locale):
    messages = catalogue(locale)
    assert sorted(set(ENGLISH) - set(messages)) == [], f"missing in {locale}"
    assert sorted(set(messages) - set(ENGLISH)) == [], f"extra in {locale}"


def test_ids_are_lowercase_dotted_and_in_their_domain_file():
    for locale in LOCALES:
        for path in (LOCALES_DIR / locale).glob("*.json"):
            for msg_id in json.loads(path.read_text(encoding="utf-8")):
                assert ID.match(msg_id), (path, msg_id)
                assert msg_id.split(".")[0] == path.stem, (path, msg_id)


@pytest.mark.parametrize("locale", LOCALES)
def test_texts_are_well_formed(locale):
    for msg_id, text in catalogue(locale).items():
        english = ENGLISH[msg_id]
        if isinstance(text, dict):
            assert set(text) == PLURAL_CATEGORIES[locale], (locale, msg_id, sorted(text))
            assert "count" in placeholders(english), f"{msg_id}: a plural text needs {{count}}"
        else:
            assert isinstance(english, str) or locale in ("ja", "zh-Hans", "zh-Hant", "ko"), (
                locale,
                msg_id,
            )
        assert placeholders(text) == placeholders(english), (locale, msg_id)
        for form in forms(text):
            if msg_id in SEPARATORS:
                assert not re.search(r"\w", form), f"{locale} {msg_id}: a separator holds words"
                continue
            assert form.strip(), (locale, msg_id)
            assert form == form.strip(), f"{locale} {msg_id}: outer spaces"
            assert not re.search(r"<[a-zA-Z/!]", form), f"{locale} {msg_id}: HTML in a text"
            assert not re.search(r"[{}]", PLACEHOLDER.sub("", form)), f"{locale} {msg_id}: brace"


def _glossary() -> dict[str, dict[str, object]]:
    data = json.loads((LOCALES_DIR / "glossary.json").read_text(encoding="utf-8"))
    return {term: entry for term, entry in data.items() if not term.startswith("_")}


def _uses(text: str, words: list[str]) -> bool:
    return any(re.search(r"(?<![A-Za-z])" + re.escape(word), text) for word in words)


@pytest.mark.parametrize("locale", OTHERS)
def test_enforced_glossary_terms_hold(locale):
    broken = []
    for term, entry in _glossary().items():
        if not entry.get("enforce"):
            continue
        english_words = entry["en"]
        local_words = entry[locale]
        assert isinstance(english_words, list) and isinstance(local_words, list), term
        for msg_id, english in ENGLISH.items():
            words = [re.sub(r"\{[a-z_][a-z0-9_]*\}", "", form) for form in forms(english)]
            if not any(_uses(form, english_words) for form in words):
                continue
            for form in forms(catalogue(locale)[msg_id]):
                form = form.replace("\u00ad", "")  # soft hyphens let long words wrap
                if not any(word in form for word in local_words):
                    broken.append(f"{msg_id} ({term}): {form!r}")
    assert broken == []


def test_every_glossary_term_names_every_locale():
    for term, entry in _glossary().items():
        for locale in LOCALES:
            assert entry.get(locale), (term, locale)


# ------------------------------------------------------------ extraction


#: Ids made from data rather than named in code: one per built-in layout, shape and
#: family, per tile face, per error code, refusal reason, ledger line key
#: (``tilematch.modes.ledger.LABELS``) and Learn example. The names tests check that
#: each of those has its id in every locale. A file that builds such ids declares
#: their prefix (``i18n-data:``); no other prefix may be declared.
DATA_PREFIXES = frozenset(
    {
        "layouts.",
        "tiles.face.",
        "tiles.suit.",
        "tiles.variant.",
        "tiles.coloured.",
        "server.error.",
        "server.refusal.",
        "server.ledger.",
        "server.learn.",
        "stats.column.",
    }
)


def test_every_id_the_code_names_is_in_english_and_every_english_id_is_used():
    used = extract.used_ids()
    assert sorted(used - set(ENGLISH)) == [], "used but missing from the English catalogue"
    unused = {
        msg_id
        for msg_id in set(ENGLISH) - used
        if not any(msg_id.startswith(prefix) for prefix in DATA_PREFIXES)
    }
    assert sorted(unused) == [], "in the English catalogue but used nowhere"


def test_ids_built_from_a_prefix_are_listed():
    unlisted = [f"{path}: {prefix}" for path, prefix in extract.unlisted_prefixes()]
    assert unlisted == []


def test_a_list_of_built_ids_names_every_id_under_its_prefix():
    left_out = [
        f"{path}: {prefix} leaves out {msg_id}"
        for path, prefix, msg_id in extract.incomplete_lists(ENGLISH)
    ]
    assert left_out == []


def test_an_id_left_out_of_a_list_is_found(tmp_path: Path):
    """Each id a built prefix can make is listed, unless the code names it whole."""
    known = frozenset({"game"})
    held = ["game.mode.zen", "game.mode.classic", "game.mode.tower", "game.mode.tower.hard"]
    source = tmp_path / "a.js"
    source.write_text(
        "// i18n-ids: game.mode.zen game.mode.classic game.mode.tower\nt(`game.mode.${m}`)\n",
        encoding="utf-8",
    )
    assert extract.incomplete_lists(held, [source], known) == []
    source.write_text(
        "// i18n-ids: game.mode.zen game.mode.classic\nt(`game.mode.${m}`)\n", encoding="utf-8"
    )
    assert extract.incomplete_lists(held, [source], known) == [
        (source, "game.mode.", "game.mode.tower")
    ]
    other = tmp_path / "b.js"
    other.write_text('t("game.mode.tower")\n', encoding="utf-8")
    assert extract.incomplete_lists(held, [source, other], known) == []


def test_the_page_lists_fail_without_one_of_their_ids(tmp_path: Path):
    """Dropping one id from a real list is found, though other files list it too."""
    files = extract.source_files()
    path = next(
        (found for found in files if "common.mode.${" in found.read_text(encoding="utf-8")), None
    )
    assert path is not None, "no module builds common.mode. ids"
    others = [found for found in files if found != path]
    assert extract.incomplete_lists(ENGLISH, [path, *others]) == []
    dropped = tmp_path / path.name
    text = path.read_text(encoding="utf-8")
    assert " common.mode.duel" in text
    dropped.write_text(text.replace(" common.mode.duel", ""), encoding="utf-8")
    found = extract.incomplete_lists(ENGLISH, [dropped, *others])
    assert found == [(dropped, "common.mode.", "common.mode.duel")]


def test_only_data_made_ids_are_declared_as_data():
    declared = extract.data_prefixes()
    assert declared, "no file declares the ids it makes from data"
    wrong = [
        f"{path}: {prefix}"
        for path, prefix in declared
        if not any(prefix.startswith(data) for data in DATA_PREFIXES)
    ]
    assert wrong == []


def test_the_scanner_finds_each_way_of_naming_an_id(tmp_path: Path):
    known = frozenset({"game", "common"})
    source = tmp_path / "a.js"
    source.write_text(
        't("game.hud.hints")\n'
        "const x = 'common.nav.play';\n"
        '<a data-i18n="common.shell.menu">\n'
        "// i18n-ids: game.mode.zen game.mode.classic\n"
        "t(`game.mode.${mode}`)\n"
        "// i18n-data: common.face.\n"
        "t(`common.face.${face}`); t(`common.face.red.${face}`)\n"
        't("other.thing.here"); t("game.prefix." + key); "not an id"\n',
        encoding="utf-8",
    )
    assert extract.used_ids([source], known) == {
        "game.hud.hints",
        "common.nav.play",
        "common.shell.menu",
        "game.mode.zen",
        "game.mode.classic",
    }
    assert extract.unlisted_prefixes([source], known) == [(source, "game.prefix.")]
    assert extract.data_prefixes([source]) == {(source, "common.face.")}


# ------------------------------------------------------------ English left in the page


def test_no_english_is_left_in_the_page_modules():
    left = [str(found) for found in extract.english_literals()]
    assert left == [], "English for players outside t():\n" + "\n".join(left)


def test_the_english_scanner_tells_sentences_from_code(tmp_path: Path):
    source = tmp_path / "page.js"
    source.write_text(
        "// Draw the Board here, a Comment with words\n"
        'main.innerHTML = `<h1>Settings</h1><p class="muted big">${t("common.nav.play")}</p>`;\n'
        'el.textContent = "Saved in this browser.";\n'
        'const label = t("common.shell.menu");\n'
        'el.className = "settings-page card";\n'
        "const q = document.querySelector('.Board-x');\n"
        'b.innerHTML = `<button aria-label="Close the dialog">×</button>`;\n'
        'const brand = "tilematch";\n',
        encoding="utf-8",
    )
    texts = [(found.line, found.text) for found in extract.english_literals([source])]
    assert texts == [(2, "Settings"), (3, "Saved in this browser"), (7, "Close the dialog")]


# ------------------------------------------------------------ plural rules (Python side)


@pytest.mark.parametrize(
    ("locale", "n", "category"),
    [
        ("es", 0, "other"),  # CLDR: many needs i != 0
        ("es", 1_000_000, "many"),
        ("fr", 0, "one"),
        ("fr", 2_000_000, "many"),
        ("de", 1, "one"),
        ("en", 1.5, "other"),
        ("ko", 1, "other"),
    ],
)
def test_plural_categories_follow_cldr(locale, n, category):
    from tilematch.server.i18n import plural_category

    assert plural_category(locale, n) == category


def test_no_words_are_written_in_the_style_sheets():
    """CSS ``content`` may draw marks, never words: words come from the catalogue
    (``content: attr(data-…)`` with the attribute set through ``t()``)."""
    worded = [
        f"{path.name}:{number}: {line.strip()}"
        for path in sorted((extract.WEB_DIR / "css").glob("*.css"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if re.search(r"""content:\s*["'][^"']*[A-Za-z]{2,}""", line)
    ]
    assert worded == []


@pytest.mark.parametrize("locale", OTHERS)
def test_texts_are_translated_not_copied(locale):
    """Most texts differ from English; names, units and symbols may stay."""
    same = [msg_id for msg_id, text in catalogue(locale).items() if text == ENGLISH[msg_id]]
    assert len(same) <= len(ENGLISH) // 20, same
