"""Every example in the public modules' docstrings and in docs/*.md runs as written."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from pathlib import Path

import pytest

import tilematch

DOCS = Path(__file__).resolve().parents[1] / "docs"


def _modules() -> list[str]:
    names = []
    for info in pkgutil.walk_packages(tilematch.__path__, "tilematch."):
        if ".web" in info.name or info.name.startswith("tilematch.benchmarks"):
            continue
        names.append(info.name)
    return sorted(names)


@pytest.mark.parametrize("name", _modules())
def test_module_examples_run(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


@pytest.mark.parametrize("page", sorted(p.name for p in DOCS.glob("*.md")))
def test_docs_examples_run(page: str) -> None:
    result = doctest.testfile(str(DOCS / page), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_the_examples_are_found() -> None:
    """Guard against a walk that finds nothing (the tests above would then pass empty)."""
    modules = _modules()
    assert "tilematch.engine.hints" in modules and "tilematch.engine.solver" in modules
    found = doctest.DocTestFinder().find(importlib.import_module("tilematch.engine.hints"))
    assert sum(len(t.examples) for t in found) >= 5
