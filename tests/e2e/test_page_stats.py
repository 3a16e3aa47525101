"""The statistics page in the browser: a player with five weeks of games sees every chart,
labelled and matching the table beside it, at desktop and phone width, in the light,
dark and high-contrast themes; a new player sees how to get figures instead of charts."""

from __future__ import annotations

import json
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.support.clock import FakeClock
from tests.support.pagekit import DESKTOP, PHONE
from tests.support.server import act, new_game, play_out
from tilematch.benchmarks.live import LiveServer
from tilematch.modes import daily

pytestmark = pytest.mark.e2e

DAY = 24 * 3600
SHOTS = Path("/tmp/shots-wt-stats")
#: The table column each chart's marks show (the first column names the mark).
VALUE_COLUMN = {"time": 4, "score": 4, "weeks": 2, "best-times": 2, "daily": 0}
THEMES = {
    "light": {},
    "dark": {"theme": "dark"},
    "contrast": {"contrast": True},
}


def _play(client: httpx.Client, clock: FakeClock) -> None:
    """Five weeks of games ending today: Shisen-Sho at several paces (some given up), a
    Tower level, and the Daily Challenge of six of the last seven days."""
    now = time.time()
    for i, (seed, step) in enumerate(((3, 4.0), (4, 3.0), (6, 5.0), (7, 2.5), (9, 3.5), (10, 2.0))):
        clock.now = now - (34 - 5 * i) * DAY
        game = new_game(client, game="shisensho", mode="classic", size=[4, 6], seed=seed)
        play_out(client, game, clock, step=step, smart=i % 2 == 0)
    clock.now = now - 20 * DAY
    game = new_game(client, game="shisensho", mode="classic", size=[4, 4], seed=8, gravity=True)
    play_out(client, game, clock, step=3.0, smart=True)
    clock.now = now - 12 * DAY
    game = new_game(client, game="blackwhite", mode="tower", level=1)
    play_out(client, game, clock, step=1.2)
    for back in (6, 5, 4, 2, 1, 0):
        clock.now = now - back * DAY - 60
        date = daily.local_date(clock.now, 0)
        game = client.post(f"/api/daily/{date}", json={}).json()
        for move in daily.daily_deal(date).solution:
            clock.advance(1.0 + back * 0.3)
            game = act(client, game["id"], type="match", a=move.a, b=move.b)["game"]
    clock.now = now


@pytest.fixture(scope="module")
def stats_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[LiveServer, str]]:
    """A server whose clock the test moves, and the token of a player with a history."""
    clock = FakeClock(time.time())
    server = LiveServer(tmp_path_factory.mktemp("stats") / "stats.sqlite3", clock=clock).start()
    try:
        with httpx.Client(base_url=server.url) as client:
            client.get("/api/me")
            _play(client, clock)
            yield server, client.cookies["tilematch_token"]
    finally:
        server.stop()


def _context(browser: Any, server: LiveServer, token: str | None, theme: str, size: Any) -> Any:
    ctx = browser.new_context(viewport=size, base_url=server.url)
    ctx.add_init_script(
        f"localStorage.setItem('tilematch.settings', {json.dumps(json.dumps(THEMES[theme]))})"
    )
    if token:
        ctx.add_cookies([{"name": "tilematch_token", "value": token, "url": server.url}])
    return ctx


def _charts(page: Any) -> list[dict[str, Any]]:
    """Each chart on the page: its name, the SVG's role, title and description, its marks
    and the rows of the table beside it."""
    result: list[dict[str, Any]] = page.evaluate(
        """() => [...document.querySelectorAll('figure.chart-figure')].map(f => {
          const svg = f.querySelector('svg.chart');
          const ids = (svg.getAttribute('aria-labelledby') || '').split(' ');
          return {
            name: f.dataset.chart,
            role: svg.getAttribute('role'),
            named: ids.map(id => (document.getElementById(id) || {}).textContent || ''),
            title: (svg.querySelector(':scope > title') || {}).textContent,
            caption: f.querySelector('figcaption').textContent.trim(),
            width: svg.getBoundingClientRect().width,
            box: f.getBoundingClientRect().width,
            marks: [...svg.querySelectorAll('[data-label]')]
              .map(m => [m.dataset.label, m.dataset.text]),
            rows: [...f.querySelectorAll('tbody tr')]
              .map(r => [...r.children].map(c => c.textContent)),
          };
        })"""
    )
    return result


def _check(charts: list[dict[str, Any]]) -> None:
    assert [c["name"] for c in charts] == ["time", "score", "weeks", "best-times", "daily"]
    for chart in charts:
        assert chart["role"] == "img" and chart["title"] == chart["caption"], chart["name"]
        assert chart["named"][0] == chart["title"] and len(chart["named"][1]) > 20
        assert chart["rows"], f"{chart['name']} has an empty table"
        assert 0 < chart["width"] <= chart["box"] + 0.5, f"{chart['name']} overflows its box"
        column = VALUE_COLUMN[chart["name"]]
        assert [m[0] for m in chart["marks"]] == [row[0] for row in chart["rows"]], chart["name"]
        if chart["name"] != "daily":
            assert [m[1] for m in chart["marks"]] == [row[column] for row in chart["rows"]]
    daily_chart = next(c for c in charts if c["name"] == "daily")
    assert len(daily_chart["rows"]) == 6 and all(r[1] == "solved" for r in daily_chart["rows"])


def _paint(page: Any) -> dict[str, str]:
    return dict(
        page.evaluate(
            """() => { const css = (s, p) => getComputedStyle(document.querySelector(s))[p];
              return { bar: css('svg.chart .bar', 'fill'), tick: css('svg.chart .tick', 'fill'),
                       barEdge: css('svg.chart .bar', 'stroke'), text: css('body', 'color'),
                       point: css('svg.chart .point.is-won', 'fill') } }"""
        )
    )


@pytest.mark.parametrize("theme", list(THEMES))
def test_the_charts_match_their_tables_in_every_theme_and_width(
    browser: Any, stats_server: tuple[LiveServer, str], artifacts: Path, theme: str
) -> None:
    server, token = stats_server
    ctx = _context(browser, server, token, theme, DESKTOP)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto("/stats")
    page.wait_for_selector("figure.chart-figure svg.chart")
    assert page.locator(".stats-daily dd").first.inner_text() == "3"  # today and the two before
    _check(_charts(page))
    paint = _paint(page)
    if theme == "contrast":
        assert paint["barEdge"] == paint["text"]
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"stats-{theme}-desktop.png"), full_page=True)
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(200)
    _check(_charts(page))
    overflow = page.evaluate(
        "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow <= 1, f"the page scrolls sideways by {overflow}px on a phone"
    page.screenshot(path=str(SHOTS / f"stats-{theme}-phone.png"), full_page=True)
    if theme == "light":
        page.set_viewport_size(DESKTOP)
        page.wait_for_timeout(200)
        page.screenshot(path=str(SHOTS / "stats-desktop.png"))
        shutil.copy(SHOTS / "stats-desktop.png", artifacts / "stats-desktop.png")
        page.set_viewport_size(PHONE)
        page.wait_for_timeout(200)
        page.screenshot(path=str(SHOTS / "stats-phone.png"))
        shutil.copy(SHOTS / "stats-phone.png", artifacts / "stats-phone.png")
    assert not errors, errors
    ctx.close()


def test_the_themes_paint_the_charts_differently(
    browser: Any, stats_server: tuple[LiveServer, str]
) -> None:
    server, token = stats_server
    paints = {}
    for theme in ("light", "dark"):
        ctx = _context(browser, server, token, theme, DESKTOP)
        page = ctx.new_page()
        page.goto("/stats")
        page.wait_for_selector("svg.chart .bar")
        paints[theme] = _paint(page)
        ctx.close()
    assert paints["light"]["bar"] != paints["dark"]["bar"]
    assert paints["light"]["tick"] != paints["dark"]["tick"]


def test_a_new_player_is_told_how_to_get_figures(
    browser: Any, stats_server: tuple[LiveServer, str]
) -> None:
    server, _ = stats_server
    ctx = _context(browser, server, None, "light", PHONE)
    page = ctx.new_page()
    page.goto("/stats")
    page.wait_for_selector(".stats-empty")
    assert page.locator("figure.chart-figure").count() == 0
    assert "Finish a game" in page.locator(".stats-empty").inner_text()
    assert page.locator('.stats-empty a[href="/"]').count() == 1
    page.screenshot(path=str(SHOTS / "stats-empty-phone.png"))
    ctx.close()
