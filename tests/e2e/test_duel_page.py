"""Speed Duel in a real browser: two pages (two browser contexts, so two players)
in one Chromium race on the same board until it is empty; a third page watches;
a player alone picks the computer rival from the room. The server runs with
websockets enabled on its own port."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.pagekit import DESKTOP, seen, watch
from tilematch.benchmarks.live import CHROMIUM, LiveServer
from tilematch.engine.grid.board import GridBoard
from tilematch.server.duel import CODE_LENGTH, DuelConfig, DuelRooms

pytestmark = pytest.mark.e2e


class DuelServer(LiveServer):
    """The app with websockets and a short start countdown, in a background thread."""

    def __init__(self, db_path: Path) -> None:
        super().__init__(db_path, websockets=True)
        self.rooms = DuelRooms(
            self.app.state.server.storage, self.settings.clock, DuelConfig(countdown=0.3)
        )
        self.app.state.duels = self.rooms
        self.start()


@pytest.fixture(scope="module")
def duel_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[DuelServer]:
    server = DuelServer(tmp_path_factory.mktemp("duel") / "tilematch.sqlite3")
    yield server
    server.stop()


@pytest.fixture
def contexts(browser: Any, duel_server: DuelServer) -> Iterator[list[Any]]:
    if not Path(CHROMIUM).exists():  # pragma: no cover
        pytest.fail("Chromium is missing (scripts/test installs Debian's package)")
    made: list[Any] = []
    for _ in range(3):
        ctx = browser.new_context(viewport=DESKTOP, base_url=duel_server.url)
        ctx.set_default_timeout(15_000)
        made.append(ctx)
    yield made
    for ctx in made:
        ctx.close()


def tiles_on_page(page: Any) -> dict[int, str]:
    pairs = page.eval_on_selector_all(
        ".board .tile:not(.is-removing)", "els => els.map(e => [e.dataset.spot, e.dataset.code])"
    )
    return {int(spot): code for spot, code in pairs}


def legal_pair(page: Any, size: tuple[int, int]) -> tuple[int, int] | None:
    """A legal pair of the board the page shows (found by the engine, not the page)."""
    board = GridBoard(size[0], size[1], tiles_on_page(page))
    for match in board.legal_pairs():
        return match.a, match.b
    return None


def claim(page: Any, a: int, b: int) -> None:
    for spot in (a, b):
        page.locator(f'.board .tile[data-spot="{spot}"]:not(.is-removing)').click()


def claim_now(page: Any, a: int, b: int) -> None:
    """Click both tiles at once from inside the page (no waiting between the pages)."""
    page.evaluate(
        """([a, b]) => { for (const s of [a, b]) {
            const el = document.querySelector(`.board .tile[data-spot='${s}']:not(.is-removing)`);
            if (el) el.click();
        } }""",
        [a, b],
    )


def wait_playing(page: Any) -> None:
    page.wait_for_function(
        "() => document.querySelector('.duel')?.dataset.phase === 'playing'"
        " && Number(document.querySelector('.board')?.dataset.rendered) > 0"
    )


#: The JavaScript expression of a player's score shown on the page.
SCORE_JS = (
    "Number(document.querySelector('.duel-player[data-player=\"{}\"] .duel-score').textContent)"
)
TILE_JS = "document.querySelector(`.board .tile[data-spot='${s}']:not(.is-removing)`)"


def score(page: Any, player: int) -> int:
    return int(page.locator(f'.duel-player[data-player="{player}"] .duel-score').inner_text())


def test_two_browsers_race_on_one_board(contexts: list[Any], artifacts: Path) -> None:
    host_ctx, guest_ctx, watch_ctx = contexts
    host, guest, watcher = host_ctx.new_page(), guest_ctx.new_page(), watch_ctx.new_page()
    host.goto("/duel")
    host.fill(".duel-create input[name=name]", "Ann")
    host.select_option(".duel-create select[name=size]", "4x6")
    host.locator(".duel-create button[type=submit]").click()
    host.wait_for_url("**/duel?room=*")
    link = host.locator(".duel-link").input_value()
    code = link.rsplit("=", 1)[1]
    assert len(code) == CODE_LENGTH
    host.wait_for_selector(".duel-waiting", state="visible")
    host.screenshot(path=str(artifacts / "duel-waiting.png"))
    # the guest opens the link; the duel counts down and starts on both pages
    guest.goto(link)
    wait_playing(host)
    wait_playing(guest)
    assert tiles_on_page(host) == tiles_on_page(guest)
    host.screenshot(path=str(artifacts / "duel-playing.png"))
    watcher.goto(f"/duel?room={code}")
    watcher.wait_for_function("() => document.querySelector('.duel.is-spectator')")
    assert host.locator(".duel-player.is-you").get_attribute("data-player") == "0"
    assert guest.locator(".duel-player.is-you").get_attribute("data-player") == "1"
    assert guest.locator('.duel-player[data-player="0"] .duel-name').inner_text() == "Ann"
    dealt = len(tiles_on_page(host))
    # a wrong pair locks the guest out: shown on the guest's side only
    faces = tiles_on_page(guest)
    spots = sorted(faces)
    odd = next((x, y) for x in spots for y in spots if x < y and faces[x] != faces[y])
    watch(guest, '.duel.is-locked .duel-player[data-player="1"].is-locked .duel-lock:not([hidden])')
    claim(guest, *odd)
    seen(guest)
    assert host.locator(".duel.is-locked").count() == 0
    # both race for the same pair: exactly one wins it, both boards agree
    pair = legal_pair(host, (4, 6))
    assert pair is not None
    guest.wait_for_function("() => !document.querySelector('.duel.is-locked')")
    claim_now(host, *pair)
    claim_now(guest, *pair)
    host.wait_for_function(
        f"spots => spots.every(s => !{TILE_JS})",
        arg=list(pair),
    )
    # then they play it out, alternating, until the board is empty
    turn = 0
    while True:
        page = (host, guest)[turn % 2]
        page.wait_for_function(
            "() => document.querySelectorAll('.board .tile:not(.is-removing)').length"
            f" + {SCORE_JS.format(0)} + {SCORE_JS.format(1)} === {dealt}"
        )
        if page.locator(".duel-end[open]").count():
            break
        pair = legal_pair(page, (4, 6))
        if pair is None:
            page.wait_for_timeout(100)  # a reshuffle is on its way
            continue
        before = len(tiles_on_page(page))
        claim(page, *pair)
        page.wait_for_function(
            f"() => document.querySelectorAll('.board .tile:not(.is-removing)').length < {before}"
            " || document.querySelector('.duel-end[open]')"
        )
        turn += 1
    for page in (host, guest, watcher):
        page.wait_for_selector(".duel-end[open]")
    assert tiles_on_page(host) == tiles_on_page(guest) == {}
    scores = [score(host, 0), score(host, 1)]
    assert sum(scores) == dealt
    assert scores == [score(guest, 0), score(guest, 1)] == [score(watcher, 0), score(watcher, 1)]
    titles = {p: p.locator("#duel-end-title").inner_text() for p in (host, guest)}
    if scores[0] == scores[1]:
        assert set(titles.values()) == {"Draw"}
    else:
        winner = host if scores[0] > scores[1] else guest
        loser = guest if winner is host else host
        assert titles[winner] == "You win!" and titles[loser] == "You lose"
    assert watcher.locator(".duel-end [data-action=rematch]").is_hidden()
    host.screenshot(path=str(artifacts / "duel-end.png"))
    # the result is in each player's history
    for page in (host, guest):
        rows = json.loads(page.request.get("/api/results").text())
        assert [r["mode"] for r in rows].count("duel") == 1
    # the results page lists it as a duel (won, lost or draw: never "cleared")
    history = host_ctx.new_page()
    history.goto("/results")
    row = history.locator(".result-row.is-duel")
    row.wait_for()
    assert row.count() == 1
    cells = row.locator("td").all_inner_texts()
    assert "Speed Duel" in cells[0] and "vs a player" in cells[0]
    expected = "draw" if scores[0] == scores[1] else ("won" if scores[0] > scores[1] else "lost")
    assert cells[1] == expected
    history.close()
    # rematch: both accept, both pages move to the same new room
    host.locator(".duel-end [data-action=rematch]").click()
    guest.wait_for_function(
        "() => document.querySelector('.duel-rematch-note').textContent.includes('wants a rematch')"
    )
    guest.locator(".duel-end [data-action=rematch]").click()
    host.wait_for_function(f"() => !location.search.includes('{code}')")
    guest.wait_for_function(f"() => !location.search.includes('{code}')")
    assert host.url == guest.url
    wait_playing(host)
    wait_playing(guest)


def test_a_player_alone_picks_the_computer_rival(contexts: list[Any]) -> None:
    page = contexts[0].new_page()
    page.goto("/duel")
    page.select_option(".duel-create select[name=size]", "4x6")
    page.locator(".duel-create button[type=submit]").click()
    page.wait_for_url("**/duel?room=*")
    page.locator('.duel-rivals [data-rival="sharp"]').click()
    wait_playing(page)
    assert (
        "Computer (Sharp)" in page.locator('.duel-player[data-player="1"] .duel-name').inner_text()
    )
    # the rival claims on its own: its score moves without our clicks
    page.wait_for_function(
        f"() => {SCORE_JS.format(1)} >= 2",
        timeout=10_000,
    )
    path_colour = page.evaluate(
        "() => getComputedStyle(document.querySelector('.board-host'))"
        ".getPropertyValue('--path').trim()"
    )
    assert path_colour == page.evaluate(
        "() => getComputedStyle(document.documentElement).getPropertyValue('--p1').trim()"
    )


def test_the_page_state_is_built_from_frames_only(contexts: list[Any]) -> None:
    """The page's frame reducer and end words, run in the browser without a room."""
    page = contexts[0].new_page()
    page.goto("/duel")
    page.wait_for_selector(".duel-create")
    result = page.evaluate(
        """async () => {
        const m = await import('/js/pages/duel.js');
        const d = m.emptyDuel('ABCDEF');
        const tiles = [0, 1, 2, 3].map((s) => ({spot: s, code: '5s', name: 'x', pos: [0, s]}));
        m.applyFrame(d, {type: 'hello', role: 'player', you: 1});
        m.applyFrame(d, {type: 'state', phase: 'playing', size: [1, 4], gravity: false,
                         tiles, version: 0, scores: [0, 0], away: [false, false], result: null});
        m.applyFrame(d, {type: 'claim', player: 0, a: 0, b: 1, path: [[0, 0], [0, 1]],
                         scores: [2, 0], tiles_left: 2, version: 1});
        const afterClaim = [...d.tiles.keys()];
        m.applyFrame(d, {type: 'reshuffle', version: 2, reshuffles: 1,
                         tiles: [{spot: 2, code: '7p'}, {spot: 3, code: '7p'}]});
        m.applyFrame(d, {type: 'away', player: 0});
        m.applyFrame(d, {type: 'end', status: 'won', reason: 'forfeit', winner: 1, scores: [2, 0]});
        const view = m.boardView(d);
        return {
          afterClaim, version: d.version, codes: view.tiles.map((t) => t.code), phase: d.phase,
          away: d.away, last: d.last,
          words: m.endWords(d.result, 1, ['A', 'B'], 30),
          spectator: m.endWords(d.result, null, ['A', 'B'], 30).title,
          draw: m.endWords({winner: null, scores: [4, 4], reason: 'cleared'}, 0, ['A', 'B'],
                           30).title,
        };
    }"""
    )
    assert result["afterClaim"] == [2, 3]
    assert result["version"] == 2
    assert result["codes"] == ["7p", "7p"]
    assert result["phase"] == "over"
    assert result["away"] == [True, False]
    assert result["last"] is None  # a reshuffle deals a new board: no claim is drawn on it
    assert result["words"]["title"] == "You win!"
    assert "30 seconds" in result["words"]["text"]
    assert result["spectator"] == "B wins"
    assert result["draw"] == "Draw"


def test_the_lobby_shows_the_servers_duel_facts(contexts: list[Any]) -> None:
    """The rival paces come from ``GET /api/duels/facts``: the lobby shows what it answers."""
    page = contexts[0].new_page()
    page.goto("/duel")
    page.wait_for_selector(".duel-create")
    labels = page.eval_on_selector_all(
        ".duel-opponent label", "els => els.map(e => e.textContent.trim())"
    )
    assert labels[1:] == [
        "Computer: Relaxed (a pair every 4 s)",
        "Computer: Steady (a pair every 2.5 s)",
        "Computer: Sharp (a pair every 1.5 s)",
    ]
    facts = page.evaluate("async () => (await fetch('/api/duels/facts')).json()")
    facts["rivals"] = [{"level": "relaxed", "seconds_per_pair": 7.5}]
    facts["forfeit_seconds"] = 45
    other = contexts[1].new_page()
    other.route(
        "**/api/duels/facts",
        lambda route: route.fulfill(
            status=200, content_type="application/json", body=json.dumps(facts)
        ),
    )
    other.goto("/duel")
    other.wait_for_selector(".duel-create")
    labels = other.eval_on_selector_all(
        ".duel-opponent label", "els => els.map(e => e.textContent.trim())"
    )
    assert labels[1:] == ["Computer: Relaxed (a pair every 7.5 s)"]
    words = other.evaluate(
        """async (facts) => {
        const m = await import('/js/pages/duel.js');
        const result = {winner: 1, scores: [2, 0], reason: 'forfeit'};
        return {
          text: m.endWords(result, 1, ['A', 'B'], facts.forfeit_seconds).text,
          closes: [4000, 4413, 1009, 1000].map((code) => m.finalClose(facts, code)),
        };
    }""",
        facts,
    )
    assert "within 45 seconds" in words["text"]
    assert words["closes"] == [
        "This duel is open in another tab or window.",
        None,
        "A frame was too large; the connection was closed.",
        None,
    ]
