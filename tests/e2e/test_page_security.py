"""The page and the API's reference obey the server's Content-Security-Policy: every
screen loads and a game is played to its end with no violation reported, no inline
script or style refused, and no request to another site."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlparse

import pytest

from tests.support.pagekit import open_board, play_game

pytestmark = pytest.mark.e2e

# Recorded before any script of the page runs: every violation the browser reports.
_RECORD_VIOLATIONS = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__violations.push(
    `${event.violatedDirective} ${event.blockedURI || "inline"} ${event.sample || ""}`
  );
});
"""


class Watch:
    """What a page did that the policy forbids: reported violations, console messages
    about the policy, and requests to any other origin."""

    def __init__(self, page: Any, origin: str) -> None:
        self.page = page
        self.console: list[str] = []
        self.foreign: list[str] = []
        page.add_init_script(_RECORD_VIOLATIONS)
        page.on("console", self._on_console)
        page.on("request", lambda request: self._on_request(request.url, origin))

    def _on_console(self, message: Any) -> None:
        if "Content Security Policy" in message.text or "Content-Security-Policy" in message.text:
            self.console.append(message.text)

    def _on_request(self, url: str, origin: str) -> None:
        parts = urlparse(url)
        if parts.scheme in ("data", "blob"):
            return
        if f"{parts.scheme}://{parts.netloc}" != origin and not (
            parts.scheme == "ws" and f"http://{parts.netloc}" == origin
        ):
            self.foreign.append(url)

    def problems(self) -> list[str]:
        violations = self.page.evaluate("() => window.__violations || []")
        return [*violations, *self.console, *(f"request to {url}" for url in self.foreign)]


@pytest.fixture
def watch(page: Any, live_server: Any) -> Watch:
    return Watch(page, live_server.url.rstrip("/"))


def test_the_server_sends_the_policy(page: Any) -> None:
    answer = page.goto("/")
    assert "default-src 'self'" in answer.headers["content-security-policy"]
    assert answer.headers["x-frame-options"] == "DENY"


@pytest.mark.parametrize(
    "path",
    [
        "/",
        "/daily",
        "/tower",
        "/guide",
        "/learn",
        "/settings",
        "/results",
        "/duel",
        "/devices",
        "/link",
    ],
)
def test_every_screen_loads_with_no_violation(page: Any, watch: Watch, path: str) -> None:
    page.goto(path)
    page.wait_for_function("() => !document.querySelector('main .loading')")
    page.wait_for_load_state("networkidle")
    assert watch.problems() == []


@pytest.mark.parametrize(
    "path",
    [
        "/play/shisensho/classic?size=4x4&seed=5",
        "/play/solitaire/regular?layout=dragon-pearl&seed=15",
        "/play/blackwhite/zen?layout=dragon-pearl&seed=3",
    ],
)
def test_a_game_is_played_to_its_end_with_no_violation(page: Any, watch: Watch, path: str) -> None:
    open_board(page, path)
    # the tile art is drawn: its colours come from the style sheets, not inline styles
    fill = page.evaluate("() => getComputedStyle(document.querySelector('#f-1p circle')).fill")
    assert fill not in ("", "none", "rgb(0, 0, 0)")
    play_game(page)
    assert watch.problems() == []


def test_the_api_reference_draws_with_no_violation(page: Any, watch: Watch) -> None:
    page.goto("/docs")
    page.wait_for_selector(".opblock-summary-path", timeout=20_000)
    paths = page.eval_on_selector_all(".opblock-summary-path", "els => els.map(e => e.textContent)")
    assert any("/api/games" in text for text in paths)
    page.locator(".opblock-summary").first.click()
    page.wait_for_load_state("networkidle")
    assert watch.problems() == []
