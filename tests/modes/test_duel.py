"""The Speed Duel core and the computer rival."""

from __future__ import annotations

import pytest

from tests.support.fakes import deadlock_board, install, pairs_board
from tilematch.modes import ModeError
from tilematch.modes.duel import LOCKOUT_SECONDS, DuelGame, Rival


def test_claims_in_arrival_order_and_scores(monkeypatch) -> None:
    install(monkeypatch, [pairs_board(3)])
    game = DuelGame(seed=1, now=0.0)
    assert game.claim(0, 0, 1, 1.0).ok
    late = game.claim(1, 1, 0, 1.0)  # same pair, arrived second
    assert (late.ok, late.reason) == (False, "taken")
    assert game.locked(1, 1.0) == 0.0  # losing a race is not a bad claim
    overlap = game.claim(1, 0, 2, 1.0)  # overlapping tile already gone
    assert overlap.reason == "taken"
    assert game.claim(1, 2, 3, 1.1).ok
    assert game.scores == [2, 2]


def test_bad_claim_locks_out_for_one_second(monkeypatch) -> None:
    install(monkeypatch, [pairs_board(3)])
    game = DuelGame(seed=1, now=0.0)
    bad = game.claim(0, 0, 2, 5.0)
    assert (bad.ok, bad.reason) == (False, "not a match")
    assert {"type": "lockout", "player": 0, "until": 5.0 + LOCKOUT_SECONDS} in bad.events
    assert LOCKOUT_SECONDS == 1.0
    assert game.locked(0, 5.5) == pytest.approx(0.5)
    assert game.claim(0, 0, 1, 5.99).reason == "locked"
    assert game.claim(1, 0, 1, 5.99).ok  # the other player is not locked
    assert game.claim(0, 2, 3, 6.0).ok
    assert game.claim(0, 4, 99, 7.0).reason == "empty"
    assert game.locked(0, 7.0) == LOCKOUT_SECONDS
    assert game.players[0].bad_claims == 2


def test_board_cleared_majority_wins_or_draw(monkeypatch) -> None:
    install(monkeypatch, [pairs_board(3)])
    game = DuelGame(seed=1, now=0.0)
    game.claim(0, 0, 1, 1.0)
    game.claim(0, 2, 3, 2.0)
    out = game.claim(1, 4, 5, 3.0)
    assert out.ok
    assert game.result() == {"status": "won", "reason": "cleared", "winner": 0, "scores": [4, 2]}
    assert game.claim(1, 0, 1, 4.0).reason == "game over"
    install(monkeypatch, [pairs_board(2)])
    draw = DuelGame(seed=1, now=0.0)
    draw.claim(0, 0, 1, 1.0)
    draw.claim(1, 2, 3, 2.0)
    assert draw.result()["status"] == "draw" and draw.winner is None


def test_figures_say_pairs_pace_fastest_pair_and_lead(monkeypatch) -> None:
    install(monkeypatch, [pairs_board(4)])
    game = DuelGame(seed=1, now=10.0)
    game.claim(0, 0, 1, 12.0)
    game.claim(1, 2, 3, 13.0)
    assert game.claim(1, 4, 6, 13.5).reason not in (None, "taken")  # a wrong claim
    game.claim(0, 4, 5, 12.5 + 4.0)
    game.claim(0, 6, 7, 18.0)
    figures = game.figures()
    assert figures == {
        "seconds": 8.0,
        "lead": 4,
        "players": [
            {"pairs": 3, "pace": 2.67, "fastest": 1.5, "bad_claims": 0},
            {"pairs": 1, "pace": 8.0, "fastest": 3.0, "bad_claims": 1},
        ],
    }
    empty = DuelGame(seed=1, now=0.0).figures()
    assert empty["players"][0] == {"pairs": 0, "pace": None, "fastest": None, "bad_claims": 0}


def test_deadlock_reshuffles_for_both_without_penalty(monkeypatch) -> None:
    install(monkeypatch, [deadlock_board()])
    game = DuelGame(seed=1, now=0.0)
    out = game.claim(0, 0, 1, 1.0)
    assert {"type": "shuffle", "automatic": True} in out.events
    assert game.reshuffles == 1
    assert game.scores == [2, 0]
    assert game.board.legal_pairs()


def test_forfeit_after_thirty_seconds_away(monkeypatch) -> None:
    install(monkeypatch, [pairs_board(3)])
    game = DuelGame(seed=1, now=0.0)
    game.away(1, 10.0)
    assert game.claim(1, 0, 1, 11.0).reason == "away"
    assert game.back(1, 39.0) == []
    assert not game.finished
    game.away(1, 50.0)
    assert game.next_event_at() == 80.0
    assert game.tick(79.9) == []
    events = game.tick(80.0)
    assert events and events[0]["type"] == "end"
    assert game.result() == {"status": "won", "reason": "forfeit", "winner": 0, "scores": [0, 0]}
    assert game.view(90.0)["elapsed"] == 80.0


def test_coming_back_too_late_forfeits(monkeypatch) -> None:
    install(monkeypatch, [pairs_board(3)])
    game = DuelGame(seed=1, now=0.0)
    game.claim(1, 0, 1, 1.0)
    game.away(1, 2.0)
    events = game.back(1, 40.0)
    assert events[0]["winner"] == 0 and game.reason == "forfeit"


def test_bad_players_and_spots_raise(monkeypatch) -> None:
    install(monkeypatch, [pairs_board(3)])
    game = DuelGame(seed=1, now=0.0)
    with pytest.raises(ModeError):
        game.claim(2, 0, 1, 1.0)
    with pytest.raises(ModeError):
        game.claim(0, "0", 1, 1.0)  # type: ignore[arg-type]
    with pytest.raises(ModeError):
        Rival("furious")


@pytest.mark.parametrize(("level", "pace"), [("relaxed", 4.0), ("steady", 2.5), ("sharp", 1.5)])
def test_rival_plays_legal_pairs_at_its_pace(monkeypatch, level, pace) -> None:
    install(monkeypatch, [pairs_board(5)])
    rival = Rival(level, seed=4)
    game = DuelGame(seed=1, now=0.0, rival=rival)
    assert rival.pace == pace
    a, b, at = rival.next_claim(game.board, 0.0)
    assert at == pace and game.board.match(a, b) is not None
    assert game.tick(pace - 0.01) == []
    events = game.tick(pace)
    assert [e["type"] for e in events] == ["match"]
    assert game.scores == [0, 2]
    assert game.next_event_at() == 2 * pace
    # the human takes the pair the rival had planned: it plays another one on time
    a, b, at = rival.next_claim(game.board, pace)
    assert game.claim(0, a, b, pace + 0.1).ok
    game.tick(2 * pace)
    assert game.scores == [2, 4]
    t = 2 * pace
    while not game.finished:
        t += pace
        game.tick(t)
    assert game.result()["winner"] == 1
    assert sum(game.scores) == 10


def test_rival_is_reproducible(monkeypatch) -> None:
    install(monkeypatch, [pairs_board(6)])
    plays = []
    for _ in range(2):
        game = DuelGame(seed=1, now=0.0, rival=Rival("sharp", seed=9))
        game.tick(100.0)  # a late tick plays one pair, not a burst
        assert len(game.log) == 1
        for step in range(1, 40):
            game.tick(100.0 + step * 0.5)
        plays.append(game.log)
    assert plays[0] == plays[1] and len(plays[0]) == 6
    assert [p["t"] for p in plays[0]] == [100.0, 101.5, 103.0, 104.5, 106.0, 107.5]


def test_duel_replays_from_its_record(monkeypatch) -> None:
    import json
    import random

    install(monkeypatch, [deadlock_board(), pairs_board(6)])
    for trial in range(10):
        rng = random.Random(trial)
        game = DuelGame(seed=1, now=0.0, rival=Rival("steady", seed=trial) if trial % 2 else None)
        t = 0.0
        for _ in range(40):
            t += rng.choice([0.2, 0.7, 1.5, 12.0])
            roll = rng.random()
            player = rng.randrange(2)
            if roll < 0.5:
                pairs = [(m.a, m.b) for m in game.board.legal_pairs()]
                a, b = rng.choice(pairs) if pairs else (0, 1)
                game.claim(player, a, b, t)
            elif roll < 0.7:
                game.claim(player, rng.randrange(6), rng.randrange(6), t)
            elif roll < 0.8:
                game.away(player, t)
            elif roll < 0.9:
                game.back(player, t)
            else:
                game.tick(t)
        again = DuelGame.from_json(json.loads(json.dumps(game.to_json())))
        assert again.view(t) == game.view(t)
        assert again.log == game.log
    with pytest.raises(ModeError):
        DuelGame.from_json({"format": 1, "seed": 1})
    with pytest.raises(ModeError):
        DuelGame.from_json([])


def test_a_saved_duel_replays_with_its_own_generator_version(monkeypatch) -> None:
    install(monkeypatch, [pairs_board(3)])
    asked: list[object] = []
    from tilematch.modes import deals

    fake = deals.deal

    def spy(game: str, **kwargs: object) -> deals.Dealt:
        asked.append(kwargs["version"])
        return fake(game, **kwargs)

    monkeypatch.setattr(deals, "deal", spy)
    game = DuelGame(seed=1, now=0.0)
    assert game.claim(0, 0, 1, 1.0).ok
    saved = game.to_json()
    assert saved["version"] == 1
    saved["version"] = 7  # dealt by an older or newer release line
    again = DuelGame.from_json(saved)
    assert asked == [1, 7] and again.version == 7
    assert again.scores == [2, 0]


def test_the_view_never_gives_the_pairs_away(monkeypatch) -> None:
    """Finding a pair is the race: the view holds no list of pairs and no hint of
    which tiles can move; a claim is still checked by the rules."""
    install(monkeypatch, [pairs_board(3)])
    game = DuelGame(seed=1, now=0.0)
    view = game.view(1.0)
    assert "pairs" not in view
    assert view["tiles"] and all(tile["free"] and tile["selectable"] for tile in view["tiles"])
    legal = {(m.a, m.b) for m in game.board.legal_pairs()}
    spots = sorted(game.board.spots())
    wrong = next((a, b) for a in spots for b in spots if a < b and (a, b) not in legal)
    assert not game.claim(0, *wrong, 2.0).ok
    assert game.locked(0, 2.0) == 1.0
