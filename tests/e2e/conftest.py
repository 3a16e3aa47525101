"""Fixtures for the browser tests: the real app on a free localhost port (one per
session, temporary database, generous rate limits) and Debian's Chromium driven
by Playwright, with a fresh browser context for every test."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.pagekit import DESKTOP
from tilematch.benchmarks.live import CHROMIUM, CHROMIUM_ARGS, LiveServer

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Run the browser tests after every other test of the session:
    Playwright's synchronous API keeps an event loop running in the main thread
    while the session-wide browser lives, and tests that start their own loop
    (``asyncio.run``) must not share the thread with it."""
    here = Path(__file__).parent

    def is_browser_test(item: pytest.Item) -> bool:
        return here in Path(str(item.fspath)).parents

    items.sort(key=is_browser_test)  # stable: each group keeps its order


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    server = LiveServer(tmp_path_factory.mktemp("e2e") / "tilematch.sqlite3")
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium not found at {CHROMIUM} (scripts/test installs Debian's package)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def context(browser: Any, live_server: LiveServer) -> Iterator[Any]:
    ctx = browser.new_context(viewport=DESKTOP, base_url=live_server.url)
    ctx.set_default_timeout(15_000)
    yield ctx
    ctx.close()


@pytest.fixture
def page(context: Any) -> Any:
    return context.new_page()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS
