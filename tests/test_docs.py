"""Every example in the package's docstrings, the README and docs/*.md runs as written.

Only modules and pages that hold examples that run are collected, so every case runs at least
one example; the tests at the end make sure the walk finds the ones that must be there.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from pathlib import Path

import pytest

import tilematch

ROOT = Path(__file__).resolve().parents[1]
FLAGS = doctest.ELLIPSIS

#: Modules and pages that document themselves with examples, and the least number of
#: examples each holds.
REQUIRED = {
    "tilematch.engine": 1,
    "tilematch.engine.boardfile": 1,
    "tilematch.engine.deal": 1,
    "tilematch.engine.grid": 1,
    "tilematch.engine.grid.text": 1,
    "tilematch.engine.hints": 5,
    "tilematch.engine.layouts": 4,
    "tilematch.engine.solver": 1,
    "tilematch.engine.stack": 1,
    "tilematch.engine.stack.json": 1,
    "tilematch.modes": 1,
    "tilematch.modes.clock": 1,
    "tilematch.modes.daily": 1,
    "tilematch.modes.duel": 1,
    "tilematch.modes.ledger": 1,
    "tilematch.modes.tower": 1,
    "README.md": 15,
    "docs/generation.md": 1,
    "docs/layouts.md": 10,
    "docs/shisensho.md": 11,
    "docs/solver.md": 1,
}


def _module_names() -> list[str]:
    return sorted(
        info.name for info in pkgutil.walk_packages(tilematch.__path__, tilematch.__name__ + ".")
    ) + [tilematch.__name__]


def _runnable(examples: list[doctest.Example]) -> int:
    """How many of ``examples`` run (``+SKIP`` ones do not)."""
    return sum(not example.options.get(doctest.SKIP) for example in examples)


def _count_module_examples(name: str) -> int:
    module = importlib.import_module(name)
    return sum(_runnable(test.examples) for test in doctest.DocTestFinder().find(module))


def _count_page_examples(page: str) -> int:
    path = ROOT / page
    parsed = doctest.DocTestParser().get_doctest(
        path.read_text(encoding="utf-8"), {}, page, str(path), 0
    )
    return _runnable(parsed.examples)


def _pages() -> list[str]:
    paths = sorted(ROOT.glob("*.md")) + sorted((ROOT / "docs").glob("*.md"))
    return [path.relative_to(ROOT).as_posix() for path in paths]


MODULES = {name: n for name in _module_names() if (n := _count_module_examples(name))}
PAGES = {page: n for page in _pages() if (n := _count_page_examples(page))}


@pytest.mark.parametrize("name", sorted(MODULES))
def test_module_examples_run(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=FLAGS)
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.parametrize("page", sorted(PAGES))
def test_page_examples_run(page: str) -> None:
    result = doctest.testfile(str(ROOT / page), module_relative=False, optionflags=FLAGS)
    assert result.attempted > 0 and result.failed == 0


def test_the_public_api_has_examples() -> None:
    assert MODULES and "tilematch.engine" in MODULES


@pytest.mark.parametrize("name", sorted(REQUIRED))
def test_the_documented_examples_are_found(name: str) -> None:
    found = {**MODULES, **PAGES}
    assert found.get(name, 0) >= REQUIRED[name], f"{name}: {found.get(name, 0)} examples"
