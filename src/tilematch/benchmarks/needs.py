"""What a benchmark needs beyond tilematch itself, and the rows it drops without it.

``tilematch bench`` asks :func:`missing` before it runs a topic: the duel rows need
``httpx`` (the ``test`` extra), the page rows Playwright (the ``test`` extra) and
Debian's Chromium. A topic that cannot run is never left out silently: the command
names the rows, what they need and how to install it. A benchmark that starts but
cannot measure raises :class:`RowsDropped` saying why.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from tilematch.benchmarks import live

#: How to install the Python packages of the ``test`` extra in a checkout.
TEST_EXTRA = "install the test extra: .venv/bin/pip install -e '.[test]' (scripts/test does it)"


@dataclass(frozen=True)
class Need:
    """One thing a benchmark needs: its name for people, a test that it is there, and
    how to install it."""

    what: str
    present: Callable[[], bool]
    install: str


@dataclass(frozen=True)
class Dropped:
    """Rows a run leaves out: which, why, and what brings them back."""

    topic: str
    rows: str
    reason: str
    install: str = ""

    def sentence(self) -> str:
        """One line for people: ``dropped the page rows (page): needs ...; install ...``."""
        tail = f"; {self.install}" if self.install else ""
        return f"dropped the {self.rows} ({self.topic}): {self.reason}{tail}"


class RowsDropped(Exception):
    """A benchmark could not measure its rows; :attr:`dropped` says which and why."""

    def __init__(self, dropped: Dropped) -> None:
        super().__init__(dropped.sentence())
        self.dropped = dropped


def importable(module: str) -> Callable[[], bool]:
    """A test that the Python module ``module`` can be imported."""

    def present() -> bool:
        try:
            importlib.import_module(module)
        except ImportError:
            return False
        return True

    return present


def chromium_present() -> bool:
    """Whether the Chromium the benchmarks launch (:data:`~tilematch.benchmarks.live.CHROMIUM`,
    read when asked) is there."""
    return Path(live.CHROMIUM).exists()


#: Per topic: the rows it prints and what they need (topics not listed need nothing more).
NEEDS: dict[str, tuple[str, tuple[Need, ...]]] = {
    "duel": (
        "duel claim latency rows",
        (Need("the Python package httpx", importable("httpx"), TEST_EXTRA),),
    ),
    "page": (
        "page load rows",
        (
            Need("Playwright for Python", importable("playwright.sync_api"), TEST_EXTRA),
            Need(
                f"Chromium at {live.CHROMIUM} (or $TILEMATCH_CHROMIUM)",
                chromium_present,
                "install Debian's package: apt-get install chromium (scripts/test does it)",
            ),
        ),
    ),
}


def missing(topic: str) -> Dropped | None:
    """The rows ``topic`` must drop because something it needs is missing, or None."""
    if topic not in NEEDS:
        return None
    rows, needs = NEEDS[topic]
    lacking = [need for need in needs if not need.present()]
    if not lacking:
        return None
    reason = "needs " + " and ".join(need.what for need in lacking)
    install = "; ".join(dict.fromkeys(need.install for need in lacking))
    return Dropped(topic, rows, reason, install)
