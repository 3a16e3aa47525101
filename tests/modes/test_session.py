"""The common session: settings validation, intent parsing, refusals without state
change, pause/resume/give up, views and JSON replays."""

from __future__ import annotations

import json
import random

import pytest

from tests.support.fakes import FakeBoard, deadlock_board, install, pairs_board
from tilematch.modes import ModeError, Session, Settings, new_session

CLASSIC = Settings(game="shisensho", mode="classic", seed=1)


@pytest.mark.parametrize(
    ("settings", "words"),
    [
        (Settings(game="go", mode="classic", seed=1), "unknown game"),
        (Settings(game="shisensho", mode="zen", seed=1), "unknown mode"),
        (Settings(game="shisensho", mode="classic", seed=1, size=(7, 7)), "odd number"),
        (Settings(game="shisensho", mode="classic", seed=1, size=(1, 40)), "out of range"),
        (Settings(game="shisensho", mode="classic", seed=1, layout="turtle"), "not a layout"),
        (Settings(game="shisensho", mode="classic"), "seed"),
        (Settings(game="shisensho", mode="classic", seed=-3), "seed"),
        (Settings(game="shisensho", mode="classic", seed=1, generator="magic"), "generator"),
        (Settings(game="solitaire", mode="regular", seed=1, gravity=True), "gravity"),
        (Settings(game="solitaire", mode="regular", seed=1, layout="no-such-layout"), "layout"),
        (Settings(game="solitaire", mode="regular", seed=1, size=(8, 17)), "not a size"),
        (Settings(game="solitaire", mode="regular", seed=1, difficulty="relaxed"), "difficulty"),
        (Settings(game="blackwhite", mode="countdown", seed=1, difficulty="hard"), "difficulty"),
        (Settings(game="blackwhite", mode="tower", level=151), "level"),
        (Settings(game="blackwhite", mode="tower", level=0), "level"),
        (Settings(game="blackwhite", mode="zen", seed=1, level=3), "levels"),
        (Settings(game="shisensho", mode="classic", seed=1, shape="moon"), "no shape called"),
        (
            Settings(game="shisensho", mode="classic", seed=1, shape="cross", size=(8, 17)),
            "size or a shape",
        ),
        (Settings(game="solitaire", mode="regular", seed=1, shape="cross"), "not a size or shape"),
    ],
)
def test_bad_settings_are_named(monkeypatch, settings, words) -> None:
    install(monkeypatch, [pairs_board(2)])
    with pytest.raises(ModeError, match=words):
        settings.validate()
    with pytest.raises(ModeError):
        new_session(settings, 0.0)


def test_settings_json_round_trip_and_bad_json(monkeypatch) -> None:
    install(monkeypatch, [pairs_board(2)])
    fixed = Settings(game="shisensho", mode="classic", seed=5, size=(8, 12)).validate()
    assert Settings.from_json(json.loads(json.dumps(fixed.to_json()))) == fixed
    for bad in (None, [], {"game": "shisensho"}, {"game": "shisensho", "mode": "classic", "x": 1}):
        with pytest.raises(ModeError):
            Settings.from_json(bad)


@pytest.mark.parametrize(
    "intent",
    [
        None,
        [],
        {},
        {"type": "fly"},
        {"type": "match", "a": 1},
        {"type": "match", "a": "1", "b": 2},
        {"type": "match", "a": True, "b": 2},
    ],
)
def test_malformed_intents_raise(monkeypatch, intent) -> None:
    install(monkeypatch, [pairs_board(2)])
    s = new_session(CLASSIC, 0.0)
    s.act({"type": "start"}, 0.0)  # the clock starts
    with pytest.raises(ModeError):
        s.act(intent, 1.0)


def snapshot(session: Session) -> str:
    return json.dumps([session.to_json(), session.view(session._now)], sort_keys=True)


@pytest.mark.parametrize(
    ("intent", "reason"),
    [
        ({"type": "match", "a": 0, "b": 2}, "not a match"),
        ({"type": "match", "a": 0, "b": 0}, "same"),
        ({"type": "match", "a": 0, "b": 99}, "empty"),
        ({"type": "match", "a": -1, "b": 0}, "empty"),
        ({"type": "match", "a": 3, "b": 5}, "not free"),
        ({"type": "undo"}, "nothing to undo"),
        ({"type": "resume"}, "not paused"),
    ],
)
def test_refusals_change_nothing(monkeypatch, intent, reason) -> None:
    install(monkeypatch, [deadlock_board()])
    s = new_session(CLASSIC, 0.0)
    s.act({"type": "start"}, 0.0)  # the clock starts
    s.act({"type": "hint"}, 0.5)
    before = snapshot(s)
    out = s.act(intent, 1.0)
    assert (out.ok, out.reason) == (False, reason)
    assert out.message and out.message[0].isupper()
    s._now = 0.5
    assert snapshot(s) == before


def test_refusals_when_paused_and_after_the_end(monkeypatch) -> None:
    install(monkeypatch, [pairs_board(2)])
    s = new_session(CLASSIC, 0.0)
    s.act({"type": "start"}, 0.0)  # the clock starts
    assert s.act({"type": "pause"}, 1.0).ok
    for intent in ({"type": "hint"}, {"type": "pause"}, {"type": "match", "a": 0, "b": 1}):
        assert s.act(intent, 2.0).reason == "paused"
    assert s.view(5.0)["status"] == "paused"
    # a ranked game's clock runs on in a pause: studying a paused game costs its time
    clock = {"elapsed": 5.0, "remaining": None, "paused": False, "started": True}
    assert s.view(5.0)["clock"] == clock
    hidden = s.view(5.0)
    assert hidden["tiles"] == [] and hidden["pairs"] == [] and hidden["hint"] is None
    assert hidden["counters"]["tiles_left"] == 4
    assert s.act({"type": "give_up"}, 6.0).ok
    assert s.status == "given_up"
    assert s.summary["result"] == "given_up" and s.summary["time"] == 6.0
    for intent in ({"type": "resume"}, {"type": "match", "a": 0, "b": 1}, {"type": "give_up"}):
        assert s.act(intent, 7.0).reason == "game over"


def test_no_moves_hint_is_refused(monkeypatch) -> None:
    install(monkeypatch, [deadlock_board()])
    s = new_session(CLASSIC, 0.0)
    s.act({"type": "start"}, 0.0)  # the clock starts
    s.act({"type": "match", "a": 0, "b": 1}, 1.0)
    assert s.act({"type": "hint"}, 2.0).reason == "no moves"
    assert s.hints == 0


def test_smart_hint_warns_when_the_board_is_lost(monkeypatch) -> None:
    # 0/1 and 2/3 are free pairs; taking 0/1 first leaves 4 under 2 ... solvable either way,
    # but the 1p pair (4, 5) is stacked: 5 under 4, 4 under 2: only order 2/3 then 4/5.
    board = FakeBoard(["1m", "1m", "2m", "2m", "1p", "1p"], under={5: 4})
    install(monkeypatch, [board])
    s = new_session(Settings(game="solitaire", mode="regular", layout="turtle", seed=1), 0.0)
    s.act({"type": "start"}, 0.0)  # the clock starts
    out = s.act({"type": "smart_hint"}, 1.0)
    assert out.ok and "warning" not in out.events[0]
    stuck = FakeBoard(["1p", "1p"], under={1: 0}, game="solitaire")
    install(monkeypatch, [stuck])
    lost = new_session(Settings(game="solitaire", mode="regular", layout="turtle", seed=1), 0.0)
    lost.act({"type": "start"}, 0.0)  # the clock starts
    assert lost.status == "playing"
    assert lost.act({"type": "smart_hint"}, 1.0).reason == "no moves"


def test_view_has_every_field_the_browser_draws(monkeypatch) -> None:
    install(monkeypatch, [pairs_board(2)])
    s = new_session(CLASSIC, 0.0)
    s.act({"type": "start"}, 0.0)  # the clock starts
    s.act({"type": "match", "a": 0, "b": 1}, 1.0)
    view = s.view(1.5)
    assert set(view) >= {
        "game",
        "mode",
        "layout",
        "size",
        "seed",
        "gravity",
        "difficulty",
        "geometry",
        "bounds",
        "tiles",
        "pairs",
        "open_pairs",
        "last_match",
        "hint",
        "counters",
        "clock",
        "score",
        "combo",
        "ledger",
        "status",
        "summary",
    }
    assert view["geometry"] == "grid"
    assert view["tiles"][0] == {
        "spot": 2,
        "code": "2m",
        "name": "2 of Characters",
        "pos": [0, 2],
        "free": True,
        "selectable": True,
        "blocked": None,
        "blockers": [],
        "stone": 0,
    }
    assert view["last_match"] == {"a": 0, "b": 1, "path": [[0, 0], [0, 1]], "freed": [], "fell": []}
    assert view["pairs"] == [[2, 3]] and view["open_pairs"] == 1
    assert view["combo"] == 1
    assert view["ledger"] == [
        {
            "label": "Pair x1",
            "points": 100,
            "kind": "pair",
            "at": 1.0,
            "key": "ledger.pair_times",
            "params": {"multiplier": 1},
        }
    ]
    json.dumps(view)


def test_time_never_runs_backwards(monkeypatch) -> None:
    install(monkeypatch, [pairs_board(3)])
    s = new_session(CLASSIC, 10.0)
    s.act({"type": "start"}, 10.0)  # the clock starts
    s.act({"type": "match", "a": 0, "b": 1}, 15.0)
    s.act({"type": "match", "a": 2, "b": 3}, 12.0)  # late message: counted at 15.0
    assert s.log[-1]["t"] == 15.0
    assert s.ledger.lines[-1].points == 200


def random_game(session: Session, rng: random.Random, steps: int) -> None:
    t = session.started
    for _ in range(steps):
        if session.finished:
            break
        t += rng.choice([0.3, 1.0, 1.9, 2.0, 2.1, 5.0])
        kind = rng.choices(
            ["match", "bad", "undo", "hint", "shuffle", "pause", "resume"], [8, 2, 2, 1, 1, 1, 1]
        )[0]
        if kind == "match":
            pairs = list(session.board.legal_pairs())
            if pairs:
                m = rng.choice(pairs)
                session.act({"type": "match", "a": m.a, "b": m.b}, t)
        elif kind == "bad":
            session.act({"type": "match", "a": rng.randrange(12), "b": rng.randrange(12)}, t)
        else:
            session.act({"type": kind}, t)


@pytest.mark.parametrize(
    "settings",
    [
        CLASSIC,
        Settings(game="shisensho", mode="arcade", seed=1),
        Settings(game="solitaire", mode="regular", layout="turtle", seed=1),
        Settings(
            game="blackwhite", mode="countdown", layout="pyramid", seed=1, difficulty="zen_master"
        ),
        Settings(game="blackwhite", mode="zen", layout="pyramid", seed=1),
    ],
)
def test_random_games_replay_to_the_same_state(monkeypatch, settings) -> None:
    game = settings.game
    install(monkeypatch, [deadlock_board(game), pairs_board(6, game), deadlock_board(game)])
    for trial in range(15):
        rng = random.Random(trial)
        s = new_session(settings, 3.0)
        s.act({"type": "start"}, 3.0)  # the clock starts
        random_game(s, rng, 40)
        end = s._now + rng.choice([0.0, 50.0])
        s.view(end)
        data = json.loads(json.dumps(s.to_json()))
        again = Session.from_json(data)
        assert type(again) is type(s)
        assert again.view(end) == s.view(end)
        assert again.to_json() == s.to_json()


def test_tampered_logs_are_rejected(monkeypatch) -> None:
    install(monkeypatch, [pairs_board(2)])
    s = new_session(CLASSIC, 0.0)
    s.act({"type": "start"}, 0.0)  # the clock starts
    s.act({"type": "match", "a": 0, "b": 1}, 1.0)
    data = s.to_json()
    bad = json.loads(json.dumps(data))
    bad["log"][1]["b"] = 2
    with pytest.raises(ModeError, match="refused on replay"):
        Session.from_json(bad)
    for broken in (
        None,
        {**data, "format": 9},
        {**data, "log": "x"},
        {**data, "start": "soon"},
        {**data, "log": [{"type": "match", "a": 0, "b": 1}]},
        {**data, "log": [5]},
    ):
        with pytest.raises(ModeError):
            Session.from_json(broken)
