"""Whole games of every mode on boards the real engine deals, played to the end by a
script that uses hints, and replayed from their saved log."""

from __future__ import annotations

import json
import random

import pytest

from tilematch.modes import Session, Settings, daily, new_session
from tilematch.modes.duel import DuelGame, Rival


def play_with_hints(
    session: Session, t: float, gap: float, limit: int = 400, smart: bool = False
) -> float:
    """Match hinted pairs every ``gap`` seconds; shuffle when stuck. Returns the time."""
    for _ in range(limit):
        if session.finished:
            break
        t += gap
        out = session.act({"type": "smart_hint" if smart else "hint"}, t)
        if not out.ok:
            if session.finished:
                break
            assert out.reason in ("no moves", "no hints"), out
            pairs = session.view(t)["pairs"]
            if pairs:
                a, b = pairs[0]
            else:
                assert session.act({"type": "shuffle"}, t).ok or session.finished
                continue
        else:
            a, b = session.view(t)["hint"]
        out = session.act({"type": "match", "a": a, "b": b}, t)
        assert out.ok or session.finished, out
    return t


def check_replay(session: Session, now: float) -> None:
    view = session.view(now)
    again = Session.from_json(json.loads(json.dumps(session.to_json())))
    assert type(again) is type(session)
    assert again.view(now) == view
    assert again.to_json() == session.to_json()
    assert again.board.key() == session.board.key()


@pytest.mark.parametrize(
    "settings",
    [
        Settings(game="shisensho", mode="classic", seed=11, size=(6, 14)),
        Settings(game="shisensho", mode="classic", seed=12, size=(6, 14), gravity=True),
        Settings(game="solitaire", mode="regular", seed=13, layout="little-pyramid"),
        Settings(game="blackwhite", mode="zen", seed=14, layout="dragon-pearl"),
        Settings(
            game="blackwhite", mode="countdown", seed=15, layout="whirlpool", difficulty="relaxed"
        ),
        Settings(game="blackwhite", mode="tower", level=1),
        # tower version 2: its deal forgives the first-pair play this test falls back
        # on once the hints run out (version 3 is dealt hard: tests/benchmarks/test_curve.py)
        Settings(game="blackwhite", mode="tower", level=45, tower=2),
    ],
)
@pytest.mark.parametrize("smart", [False, True])
def test_a_full_game_is_won_with_hints_and_replays(settings, smart) -> None:
    session = new_session(settings, now=0.0)
    tiles = session.tiles_total
    end = play_with_hints(session, 0.0, gap=1.0, smart=smart)
    assert session.status == "won", session.view(end)["counters"]
    assert session.summary is not None and session.summary["tiles_left"] == 0
    assert session.summary["moves"] == tiles // 2
    if smart:
        assert session.shuffles == 0  # smart hints never lead into a dead end
    check_replay(session, end + 10.0)


@pytest.mark.parametrize("mode", ["classic", "arcade"])
def test_a_game_on_a_named_shape(mode: str) -> None:
    from tilematch.engine.grid.outlines import get_shape

    settings = Settings(game="shisensho", mode=mode, seed=8, shape="Hourglass")
    session = new_session(settings, now=0.0)
    outline = get_shape("hourglass")
    assert session.settings.shape == "hourglass"
    assert session.settings.size == (outline.rows, outline.cols)
    assert session.board.occupied == outline.mask
    view = session.view(0.0)
    assert view["shape"] == "hourglass" and view["bounds"] == {"rows": 8, "cols": 16}
    assert len(view["tiles"]) == outline.tiles
    end = play_with_hints(session, 0.0, gap=1.0, smart=True, limit=400)
    if mode == "classic":
        assert session.status == "won"
    check_replay(session, end + 10.0)


def test_classic_perfect_game_by_the_deal_solution() -> None:
    session = new_session(Settings(game="shisensho", mode="classic", seed=21, size=(8, 12)), 0.0)
    assert session.act({"type": "start"}, 0.0).ok  # the first pick starts the clock
    t = 0.0
    for move in session.solution:
        t += 2.5
        assert session.act({"type": "match", "a": move.a, "b": move.b}, t).ok
    assert session.status == "won"
    ledger = session.view(t)["ledger"]
    assert ledger[-1] == {
        "label": "Perfect clear",
        "points": 2000,
        "kind": "perfect",
        "at": t,
        "key": "ledger.perfect",
        "params": {},
    }
    # 96 tiles: target 423.5 s; played 120 s
    assert ledger[-2]["label"] == "Speed bonus: 303 s under target"
    assert ledger[-2]["key"] == "ledger.speed_bonus" and ledger[-2]["params"] == {"count": 303}
    assert ledger[-2]["points"] == 15 * 303
    assert session.score == 100 * 48 + 15 * 303 + 2000


def test_arcade_runs_until_the_clock_stops() -> None:
    session = new_session(Settings(game="shisensho", mode="arcade", seed=31, size=(6, 14)), 0.0)
    end = play_with_hints(session, 0.0, gap=3.0, limit=400)
    assert session.status == "won" and session.summary["reason"] == "time"
    assert session.boards >= 1
    assert session.ledger.sum_of("clear") == 1000 * session.boards
    # a pair every 3 s never chains: each scores x1 and brings 2 s; a reshuffle takes 5 s
    assert session.ledger.sum_of("pair") == 100 * session.moves
    assert session.summary["time"] == pytest.approx(
        180.0 + 2.0 * session.moves - 5.0 * session.shuffles
    )
    assert session.score == 100 * session.moves + 1000 * session.boards
    check_replay(session, end + 5.0)


def test_daily_boards_are_stable_and_differ_by_date() -> None:
    first = new_session(daily.settings_for("2026-11-29"), 0.0)
    again = new_session(daily.settings_for("2026-11-29"), 50.0)
    other = new_session(daily.settings_for("2026-11-30"), 0.0)
    faces = lambda s: [(t["spot"], t["code"]) for t in s.view(0.0)["tiles"]]  # noqa: E731
    assert faces(first) == faces(again)
    assert faces(first) != faces(other)
    assert first.settings.layout == "turtle" and first.tiles_total == 144
    assert daily.seed_for("2026-11-29") == first.settings.seed
    engine = daily.daily_deal("2026-11-29", version=1).board
    assert faces(first) == [(spot, engine.face(spot)) for spot in engine.spots()]


def test_daily_game_to_the_end() -> None:
    session = new_session(daily.settings_for("2026-02-28"), 0.0)
    end = play_with_hints(session, 0.0, gap=1.0)
    assert session.status == "won"
    result = session.result()
    assert result is not None and result["solved"] and result["hints"] >= 72
    check_replay(session, end)


def test_a_duel_against_the_rival_is_played_out() -> None:
    game = DuelGame(seed=41, now=0.0, size=(6, 14), rival=Rival("sharp", seed=1))
    t = 0.0
    rng = random.Random(3)
    while not game.finished and t < 1000:
        t += 0.5
        game.tick(t)
        if game.finished:
            break
        if rng.random() < 0.2:
            pairs = [(m.a, m.b) for m in game.board.legal_pairs()]  # the view lists none
            if pairs:
                game.claim(0, *rng.choice(pairs), t)
    assert game.finished and sum(game.scores) == 84
    assert game.result()["winner"] in (0, 1, None)


@pytest.mark.parametrize("mode", ["classic", "arcade"])
def test_random_real_games_replay(mode) -> None:
    for trial in range(3):
        rng = random.Random(trial)
        session = new_session(Settings(game="shisensho", mode=mode, seed=trial, size=(6, 14)), 5.0)
        t = 5.0
        for _ in range(60):
            if session.finished:
                break
            t += rng.choice([0.5, 1.5, 2.0, 3.0])
            roll = rng.random()
            pairs = list(session.board.legal_pairs())
            if roll < 0.75 and pairs:
                m = rng.choice(pairs)
                session.act({"type": "match", "a": m.a, "b": m.b}, t)
            elif roll < 0.85:
                session.act({"type": "undo"}, t)
            elif roll < 0.9:
                session.act({"type": "shuffle"}, t)
            else:
                session.act({"type": "match", "a": rng.randrange(84), "b": rng.randrange(84)}, t)
        check_replay(session, t)


def play_randomly_until(session: Session, rng: random.Random, stop) -> float:
    t = 0.0
    while not session.finished and not stop(session):
        t += 3.0
        pairs = list(session.board.legal_pairs())
        m = rng.choice(pairs)
        session.act({"type": "match", "a": m.a, "b": m.b}, t)
    return t


def faces_left(session: Session) -> list[str]:
    return sorted(session.board.face(spot) or "" for spot in session.board.spots())


def test_classic_deadlock_on_a_real_board_is_resolved_by_a_token(monkeypatch) -> None:
    from tests.support.fakes import install
    from tilematch.engine.grid.board import GridBoard
    from tilematch.modes import deals

    real = (deals.redeal, deals.hint, deals.smart_hint)
    # after the two 1m go, 1p/2p sit crosswise: no line with two bends joins them
    board = GridBoard([["1m", "1p", "2p"], ["1m", "2p", "1p"]])
    install(monkeypatch, [board])
    monkeypatch.setattr(deals, "redeal", real[0])
    monkeypatch.setattr(deals, "hint", real[1])
    monkeypatch.setattr(deals, "smart_hint", real[2])
    session = new_session(Settings(game="shisensho", mode="classic", seed=1, size=(2, 3)), 0.0)
    assert session.act({"type": "match", "a": 0, "b": 3}, 1.0).ok
    assert session.status == "deadlock"
    before = faces_left(session)
    assert session.act({"type": "hint"}, 2.0).reason == "no moves"
    out = session.act({"type": "shuffle"}, 3.0)
    assert out.ok and session.status == "playing" and session.tokens == 2
    assert faces_left(session) == before
    assert session.board.legal_pairs()
    assert session.ledger.lines[-1].points == -500
    end = play_with_hints(session, 3.0, gap=1.0)
    assert session.status == "won"
    check_replay(session, end)


def test_arcade_deadlock_on_a_real_board_reshuffles_itself() -> None:
    rng = random.Random(9)
    for seed in range(40):
        session = new_session(
            Settings(game="shisensho", mode="arcade", seed=seed, size=(6, 14)), 0.0
        )
        play_randomly_until(session, rng, lambda s: s.shuffles > 0)
        if session.shuffles:
            break
    else:
        pytest.fail("random play found no deadlock")
    assert session.status == "playing"
    assert session.clock.bonus == 2.0 * session.moves - 5.0 * session.shuffles
    check_replay(session, session._now)


def test_refusals_on_real_boards_name_the_reason_and_change_nothing() -> None:
    grid = new_session(Settings(game="shisensho", mode="classic", seed=3), 0.0)
    board = grid.board
    spots = list(board.spots())
    no_path = next(
        (a, b)
        for i, a in enumerate(spots)
        for b in spots[i + 1 :]
        if board.face(a) == board.face(b) and board.match(a, b) is None
    )
    mismatch = next((a, b) for a in spots for b in spots if board.face(a) != board.face(b))
    stack = new_session(Settings(game="solitaire", mode="regular", seed=3, layout="turtle"), 0.0)
    covered = next(s for s in stack.board.spots() if not stack.board.is_free(s))
    free = next(s for s in stack.board.spots() if stack.board.is_free(s))
    cases = [
        (grid, no_path, "no path"),
        (grid, mismatch, "not a match"),
        (grid, (spots[0], spots[0]), "same"),
        (grid, (-1, spots[0]), "empty"),
        (grid, (spots[0], 10**30), "empty"),
        (stack, (covered, free), "not free"),
        (stack, (free, 10**6), "empty"),
    ]
    for session, (a, b), reason in cases:
        before = json.dumps([session.to_json(), session.view(0.5)], sort_keys=True)
        out = session.act({"type": "match", "a": a, "b": b}, 0.5)
        assert (out.ok, out.reason) == (False, reason)
        assert json.dumps([session.to_json(), session.view(0.5)], sort_keys=True) == before


@pytest.mark.parametrize(
    "settings",
    [
        Settings(game="shisensho", mode="classic", seed=5),
        Settings(game="solitaire", mode="regular", seed=5, layout="turtle"),
    ],
)
def test_freed_tiles_are_exactly_the_newly_free_ones(settings) -> None:
    session = new_session(settings, 0.0)
    t = 0.0
    for move in session.solution[:30]:
        board = session.board
        free_before = {s for s in board.spots() if board.is_free(s)}
        t += 1.0
        assert session.act({"type": "match", "a": move.a, "b": move.b}, t).ok
        free_after = {s for s in board.spots() if board.is_free(s)}
        assert set(session.last_match["freed"]) == free_after - free_before


@pytest.mark.parametrize(
    "settings",
    [
        Settings(game="solitaire", mode="regular", seed=7, layout="little-pyramid"),
        Settings(game="blackwhite", mode="zen", seed=8, layout="dragon"),
        Settings(
            game="blackwhite", mode="countdown", seed=9, layout="whirlpool", difficulty="zen_master"
        ),
        Settings(game="blackwhite", mode="tower", level=61),
    ],
)
def test_random_layered_games_replay_and_refusals_change_nothing(settings) -> None:
    refused: set[str] = set()
    for trial in range(2):
        rng = random.Random(trial)
        session = new_session(settings, 1.0)
        t = 1.0
        for _ in range(50):
            if session.finished:
                break
            t += rng.choice([0.4, 1.0, 2.0, 2.5])
            kind = rng.choices(
                ["match", "bad", "undo", "hint", "smart_hint", "shuffle", "pause", "resume"],
                [10, 2, 2, 1, 1, 1, 1, 1],
            )[0]
            if kind == "match":
                pairs = list(session.board.legal_pairs())
                if not pairs:
                    continue
                m = rng.choice(pairs)
                intent = {"type": "match", "a": m.a, "b": m.b}
            elif kind == "bad":
                spots = list(session.board.spots())
                intent = {"type": "match", "a": rng.choice(spots), "b": rng.choice(spots)}
            else:
                intent = {"type": kind}
            session.tick(t)
            before = json.dumps([session.to_json(), session.view(t)], sort_keys=True)
            out = session.act(intent, t)
            if not out.ok:
                assert out.reason and out.message
                refused.add(out.reason)
                assert json.dumps([session.to_json(), session.view(t)], sort_keys=True) == before
        check_replay(session, t + 1.0)
    assert refused & {"same", "not free", "not a match", "stone"}


def test_smart_hints_follow_the_deals_own_solution_without_a_search(monkeypatch) -> None:
    """While every pair played is a pair of the solution the board was dealt with,
    in any order, the rest of it still clears the board: a smart hint is its next
    pair, with no search (so none can run out of budget). A pair off that pairing
    costs a search, whose solution is remembered in turn; the game replays."""
    from tilematch.engine import hints as engine_hints

    searches: list[int] = []
    real_solve = engine_hints.solve

    def counted(*args: object, **kwargs: object) -> object:
        searches.append(1)
        return real_solve(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(engine_hints, "solve", counted)
    rng = random.Random(3)
    for settings in (
        Settings(game="solitaire", mode="regular", seed=21, layout="turtle"),
        Settings(game="blackwhite", mode="zen", seed=22, layout="dragon-pearl"),
        Settings(game="shisensho", mode="classic", seed=23, size=(8, 12)),
    ):
        s = new_session(settings, 0.0)
        pairs = [(min(m.a, m.b), max(m.a, m.b)) for m in s.solution]
        t = 0.0
        for _ in range(len(pairs) // 2):
            # any pair of the dealt pairing that is open now, not the dealt order
            board = s.board
            open_now = [(a, b) for a, b in pairs if board.match(a, b) is not None]
            a, b = rng.choice(open_now)
            pairs.remove((a, b))
            t += 1.0
            assert s.act({"type": "match", "a": a, "b": b}, t).ok
            t += 1.0
            out = s.act({"type": "smart_hint"}, t)
            assert out.ok and "warning" not in out.events[0]
            hinted = s.view(t)["hint"]
            assert (min(hinted), max(hinted)) in pairs, settings
        assert not searches, settings
        # a pair that breaks the dealt pairing: one search, then none along its answer
        board = s.board
        off = next(
            (m.a, m.b) for m in board.legal_pairs() if (min(m.a, m.b), max(m.a, m.b)) not in pairs
        )  # (there is one on these deals)
        t += 1.0
        assert s.act({"type": "match", "a": off[0], "b": off[1]}, t).ok
        t += 1.0
        out = s.act({"type": "smart_hint"}, t)
        assert out.ok
        assert len(searches) == 1
        a, b = s.view(t)["hint"]
        t += 1.0
        assert s.act({"type": "match", "a": a, "b": b}, t).ok
        t += 1.0
        assert s.act({"type": "smart_hint"}, t).ok
        assert len(searches) == 1
        check_replay(s, t)
        searches.clear()
