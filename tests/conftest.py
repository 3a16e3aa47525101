"""Test-session wide settings.

The browser tests run last: Playwright's synchronous API keeps an event loop
running in the main thread for as long as the session-wide browser lives, and
tests that start their own event loop (``asyncio.run``) must not share a
thread with it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

E2E = Path(__file__).resolve().parent / "e2e"


def _is_browser_test(item: pytest.Item) -> bool:
    return E2E in Path(str(item.fspath)).parents


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=_is_browser_test)  # stable: each group keeps its order
