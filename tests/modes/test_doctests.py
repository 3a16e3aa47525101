"""The examples in the modes' docstrings run."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["__init__", "clock", "ledger", "daily", "tower", "duel"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(
        "tilematch.modes" if name == "__init__" else f"tilematch.modes.{name}"
    )
    failed, attempted = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert attempted > 0 and failed == 0
