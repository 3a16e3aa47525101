"""Which message ids the code uses, and the English left in the page's code.

:func:`used_ids` reads every place a message id can be named:

* a string literal that is a whole id (``t("game.hud.hints_left")`` in the page's
  modules, ``translate(locale, "server.refusal.blocked")`` in Python, an id in a table);
* a ``data-i18n="…"`` or ``data-i18n-label="…"`` mark in the page's HTML;
* an ``i18n-ids:`` comment (``// i18n-ids: common.game.shisensho common.mode.zen``, or
  with ``#`` in Python) listing the ids a module builds from a prefix.

An id built at run time (``"common.mode." + mode``) must be listed that way: a literal
that ends with a dot after a domain (a *prefix*) is reported by :func:`unlisted_prefixes`
unless an ``i18n-ids:`` comment of the same file lists ids that start with it, and
:func:`incomplete_lists` reports each id of the catalogue one name under such a prefix
that the file's lists leave out (unless the code names it whole somewhere): a list names
everything the prefix can build, so an id dropped from it is found. So the lists stay
strict both ways: an id used but missing from English, or in English but used nowhere,
is found (``tests/i18n/test_catalogues.py``).

Ids made from data rather than code (one per layout, tile face, refusal reason) are
declared instead where they are built, by their prefix: ``// i18n-data: tiles.face.``
(:func:`data_prefixes`); the tests allow that only for the prefixes they name as data.

:func:`english_literals` finds string literals of the page's modules that look like
English for players (a capital letter, then lowercase words) outside ``t()`` calls.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent.parent
#: The page's modules and its HTML.
WEB_DIR = PACKAGE / "web"
LOCALES_DIR = PACKAGE / "locales"

_ID = r"[a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+"
_LITERAL_ID = re.compile(r"""(["'`])(""" + _ID + r""")\1""")
_LITERAL_PREFIX = re.compile(r"""(["'`])([a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+\.)(?:\1|\$\{)""")
_MARK = re.compile(r"""data-i18n(?:-label)?=["'](""" + _ID + r""")["']""")
_LISTED = re.compile(r"(?://|#)\s*i18n-ids:((?:\s+" + _ID + r")+)")
_DECLARED = re.compile(r"(?://|#)\s*i18n-data:((?:\s+" + _ID + r"\.)+)")


def domains(locales_dir: Path = LOCALES_DIR) -> frozenset[str]:
    """The domains of the English catalogue (its file names)."""
    return frozenset(path.stem for path in (locales_dir / "en").glob("*.json"))


#: Folders of the package that never name a message id.
ENGLISH_ONLY = frozenset({"locales", "engine", "commands", "benchmarks"})


def source_files(package: Path = PACKAGE) -> list[Path]:
    """The files that may name message ids: Python, the page's modules and its HTML
    (not the catalogues themselves, nor the parts that stay English: the engine, the
    command line and the benchmarks)."""
    files = [*package.rglob("*.py"), *package.rglob("*.js"), *package.rglob("*.html")]
    return sorted(
        path
        for path in files
        if not set(path.relative_to(package).parts) & ENGLISH_ONLY
        and path != Path(__file__).resolve()
    )


def _in_domain(msg_id: str, known: frozenset[str]) -> bool:
    return msg_id.split(".", 1)[0] in known


def ids_in(text: str, known: frozenset[str], *, python: bool = False) -> set[str]:
    """The message ids ``text`` (one file) names: whole-id literals, HTML marks and
    ``i18n-ids:`` lists, of the ``known`` domains (in ``python`` source a backquote
    marks a name in a docstring, never a string)."""
    found = {m.group(2) for m in _LITERAL_ID.finditer(text)}
    found |= {m.group(1) for m in _MARK.finditer(text)}
    for listed in _LISTED.finditer(text):
        found |= set(listed.group(1).split())
    return {msg_id for msg_id in found if _in_domain(msg_id, known)}


def used_ids(files: Iterable[Path] | None = None, known: frozenset[str] | None = None) -> set[str]:
    """Every message id that ``files`` (default :func:`source_files`) name."""
    known = domains() if known is None else known
    used: set[str] = set()
    for path in source_files() if files is None else files:
        used |= ids_in(path.read_text(encoding="utf-8"), known, python=path.suffix == ".py")
    return used


def declared_in(text: str) -> set[str]:
    """The prefixes of data-made ids ``text`` (one file) declares (``i18n-data:``)."""
    return {prefix for m in _DECLARED.finditer(text) for prefix in m.group(1).split()}


def data_prefixes(files: Iterable[Path] | None = None) -> set[tuple[Path, str]]:
    """``(file, prefix)`` for each prefix of data-made ids a file declares."""
    return {
        (path, prefix)
        for path in (source_files() if files is None else files)
        for prefix in declared_in(path.read_text(encoding="utf-8"))
    }


def unlisted_prefixes(
    files: Iterable[Path] | None = None, known: frozenset[str] | None = None
) -> list[tuple[Path, str]]:
    """``(file, prefix)`` for each id prefix (``"common.mode."``) a file builds ids from
    without an ``i18n-ids:`` comment in it listing ids under that prefix, or an
    ``i18n-data:`` comment declaring the prefix (or one it starts with) made from data."""
    known = domains() if known is None else known
    missing: list[tuple[Path, str]] = []
    for path in source_files() if files is None else files:
        text = path.read_text(encoding="utf-8")
        listed = {msg_id for m in _LISTED.finditer(text) for msg_id in m.group(1).split()}
        declared = declared_in(text)
        for found in _LITERAL_PREFIX.finditer(text):
            prefix = found.group(2)
            if not _in_domain(prefix, known):
                continue
            if any(prefix.startswith(data) for data in declared):
                continue
            if not any(msg_id.startswith(prefix) for msg_id in listed):
                missing.append((path, prefix))
    return missing


def whole_ids(files: Iterable[Path] | None = None, known: frozenset[str] | None = None) -> set[str]:
    """The ids ``files`` (default :func:`source_files`) name whole: literals and HTML
    marks, not ``i18n-ids:`` lists."""
    known = domains() if known is None else known
    named: set[str] = set()
    for path in source_files() if files is None else files:
        text = path.read_text(encoding="utf-8")
        named |= {m.group(2) for m in _LITERAL_ID.finditer(text)}
        named |= {m.group(1) for m in _MARK.finditer(text)}
    return {msg_id for msg_id in named if _in_domain(msg_id, known)}


def incomplete_lists(
    catalogue_ids: Iterable[str],
    files: Iterable[Path] | None = None,
    known: frozenset[str] | None = None,
) -> list[tuple[Path, str, str]]:
    """``(file, prefix, id)`` for each id of ``catalogue_ids`` one name under a prefix a
    file builds ids from (``"common.mode."`` + ``"zen"``) that the file's ``i18n-ids:``
    lists leave out, though they list others under it; an id the code names whole
    (:func:`whole_ids`) is found without the list, and a prefix declared as made from
    data (``i18n-data:``) has no list to check."""
    known = domains() if known is None else known
    files = source_files() if files is None else list(files)
    named = whole_ids(files, known)
    held = sorted(set(catalogue_ids))
    missing: list[tuple[Path, str, str]] = []
    for path in files:
        text = path.read_text(encoding="utf-8")
        listed = {msg_id for m in _LISTED.finditer(text) for msg_id in m.group(1).split()}
        declared = declared_in(text)
        prefixes = {found.group(2) for found in _LITERAL_PREFIX.finditer(text)}
        for prefix in sorted(prefixes):
            if not _in_domain(prefix, known) or any(prefix.startswith(d) for d in declared):
                continue
            if not any(msg_id.startswith(prefix) for msg_id in listed):
                continue  # reported by unlisted_prefixes
            for msg_id in held:
                rest = msg_id.removeprefix(prefix)
                if rest == msg_id or "." in rest or msg_id in listed or msg_id in named:
                    continue
                missing.append((path, prefix, msg_id))
    return missing


# ------------------------------------------------------------ English left in the page

#: Text that reads as English but is not for translation: names, keys, units.
ENGLISH_ALLOWED = frozenset(
    {
        "tilematch",
        "English",
        "Deutsch",
        "Français",
        "Español",
        "Page Up / Page Down",
        "Home / End",
        "Ctrl+Home / Ctrl+End",
        "Enter / Space",
        "Escape",
        "Enter",
        "Space",
        "Tab",
        "Shift",
        "Home",
        "End",
        "Content-Type",
        "Accept",
        "Bearer",
        "Noto Sans",
        "DejaVu Sans",
    }
)

_STRING = re.compile(r""""(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`""", re.DOTALL)
_COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.DOTALL)
_SENTENCE = re.compile(r"\b[A-Z][a-z]+(?:[ ,’'-]+[a-z][a-z’']*)+")
_LABEL = re.compile(r">\s*([A-Z][a-z]{2,}(?: [A-Za-z][a-z]+)*)\s*<")
_ATTRIBUTE = re.compile(r"""\b(?:aria-label|title|placeholder|alt)=\\?["']([^"'\\]+)""")
_TAG = re.compile(r"<[^<>]*>")
_INTERPOLATION = re.compile(r"\$\{(?:[^{}]|\{[^{}]*\})*\}")
_TRANSLATED_CALL = re.compile(r"\bt\(\s*$")


@dataclass(frozen=True)
class EnglishLiteral:
    """One string of a page module that reads as English for players."""

    path: Path
    line: int
    text: str

    def __str__(self) -> str:
        return f"{self.path.relative_to(PACKAGE)}:{self.line}: {self.text!r}"


def _strip_comments(source: str) -> str:
    """``source`` with its comments blanked (strings kept, line numbers kept)."""
    out: list[str] = []
    position = 0
    for found in re.finditer(_STRING.pattern + "|" + _COMMENT.pattern, source, re.DOTALL):
        out.append(source[position : found.start()])
        piece = found.group(0)
        is_comment = piece.startswith("//") or piece.startswith("/*")
        out.append(re.sub(r"[^\n]", " ", piece) if is_comment else piece)
        position = found.end()
    out.append(source[position:])
    return "".join(out)


def _english_in(literal: str) -> Iterator[str]:
    body = _INTERPOLATION.sub(" ", literal[1:-1])
    for attribute in _ATTRIBUTE.finditer(body):
        value = attribute.group(1).strip()
        if value and value[0].isupper() and value not in ENGLISH_ALLOWED:
            yield value
    for label in _LABEL.finditer(body):
        if label.group(1) not in ENGLISH_ALLOWED:
            yield label.group(1)
    text = _TAG.sub(" ", body)
    if re.search(r"\b[a-z-]+=\s*$|^\s*[.#\[]|^[a-z-]+(?:\s+[a-z-]+)*$", text):
        return  # a selector or a class list
    for sentence in _SENTENCE.finditer(text):
        words = sentence.group(0)
        if words not in ENGLISH_ALLOWED:
            yield words


def english_literals(paths: Iterable[Path] | None = None) -> list[EnglishLiteral]:
    """String literals of the page's modules (default every ``web/js/**.js``) that read
    as English for players and are not the argument of a ``t()`` call."""
    found: list[EnglishLiteral] = []
    for path in sorted(WEB_DIR.rglob("*.js")) if paths is None else paths:
        source = _strip_comments(path.read_text(encoding="utf-8"))
        for literal in _STRING.finditer(source):
            before = source[max(0, literal.start() - 40) : literal.start()]
            if _TRANSLATED_CALL.search(before) or re.search(r"\bimport\b[^;]*$|from\s*$", before):
                continue
            line = source.count("\n", 0, literal.start()) + 1
            seen: set[str] = set()
            for words in _english_in(literal.group(0)):
                if words not in seen:
                    seen.add(words)
                    found.append(EnglishLiteral(path, line, words))
    return found
