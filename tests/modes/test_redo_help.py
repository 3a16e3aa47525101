"""Redo, partner highlighting counted as help, the combo chain's time left and the
controls each mode offers, on real dealt boards."""

from __future__ import annotations

import pytest

from tilematch.modes import Session, Settings, new_session

CLASSIC = Settings(game="shisensho", mode="classic", seed=3, size=(4, 6))
ARCADE = Settings(game="shisensho", mode="arcade", seed=3, size=(4, 6))
SOLITAIRE = Settings(game="solitaire", mode="regular", seed=3, layout="turtle")
ZEN = Settings(game="blackwhite", mode="zen", seed=3)


def first_pair(game: Session, now: float) -> tuple[int, int]:
    a, b = game.view(now)["pairs"][0]
    return a, b


def replayed(game: Session) -> Session:
    return Session.from_json(game.to_json())


def test_redo_takes_the_undone_pair_again_until_a_new_pair() -> None:
    game = new_session(CLASSIC, 0.0)
    a, b = first_pair(game, 0.0)
    assert game.act({"type": "match", "a": a, "b": b}, 1.0).ok
    assert game.view(1.0)["redo"] == 0
    assert game.act({"type": "redo"}, 1.5).reason == "nothing to redo"
    assert game.act({"type": "undo"}, 2.0).ok
    assert game.view(2.0)["redo"] == 1
    assert game.act({"type": "redo"}, 3.0).ok
    view = game.view(3.0)
    assert view["redo"] == 0
    assert view["counters"]["moves"] == 1
    assert a not in {t["spot"] for t in view["tiles"]}
    assert game.undos == 1
    # undo, then a new pair: the undone pair can no longer be redone
    assert game.act({"type": "undo"}, 4.0).ok
    c, d = first_pair(game, 4.0)
    assert game.act({"type": "match", "a": c, "b": d}, 5.0).ok
    refused = game.act({"type": "redo"}, 6.0)
    assert (refused.ok, refused.reason) == (False, "nothing to redo")
    again = replayed(game)
    assert again.view(7.0)["tiles"] == game.view(7.0)["tiles"]
    assert again.to_json()["log"] == game.to_json()["log"]
    assert game.to_json()["format"] == 4


def test_redo_of_several_undos_goes_back_in_order() -> None:
    game = new_session(SOLITAIRE, 0.0)
    taken = []
    for t in (1.0, 2.0, 3.0):
        a, b = first_pair(game, t)
        assert game.act({"type": "match", "a": a, "b": b}, t).ok
        taken.append({a, b})
    board_after = game.view(3.5)["tiles"]
    for t in (4.0, 5.0, 6.0):
        assert game.act({"type": "undo"}, t).ok
    assert game.view(6.0)["redo"] == 3
    for t in (7.0, 8.0, 9.0):
        assert game.act({"type": "redo"}, t).ok
    assert game.view(9.0)["tiles"] == board_after
    assert game.view(9.0)["redo"] == 0
    assert replayed(game).view(9.0)["tiles"] == board_after


def test_a_shuffle_forgets_what_could_be_redone() -> None:
    game = new_session(SOLITAIRE, 0.0)
    a, b = first_pair(game, 0.0)
    game.act({"type": "match", "a": a, "b": b}, 1.0)
    game.act({"type": "undo"}, 2.0)
    assert game.act({"type": "shuffle"}, 3.0).ok
    assert game.view(3.0)["redo"] == 0
    assert game.act({"type": "redo"}, 4.0).reason == "nothing to redo"


def test_partner_highlighting_counts_as_one_hint_and_voids_the_perfect_clear() -> None:
    game = new_session(CLASSIC, 0.0)
    assert game.view(0.0)["partner_help"] is False
    before = game.act({"type": "partners"}, 0.5)
    assert before.ok
    view = game.view(0.5)
    assert view["partner_help"] is True
    assert view["counters"]["hints"] == 1
    assert view["clock"]["started"] is False  # turning it on does not start the clock
    assert game.act({"type": "partners"}, 0.7).ok
    assert game.view(0.7)["counters"]["hints"] == 1  # counted once per game
    t = 1.0
    while game.status == "playing":
        a, b = first_pair(game, t)
        game.act({"type": "match", "a": a, "b": b}, t)
        t += 1.0
    assert game.status == "won"
    assert game.summary is not None
    assert game.summary["hints"] == 1
    assert game.summary["perfect"] is False
    assert game.summary["partner_help"] is True
    assert "perfect" not in {line.kind for line in game.ledger.lines}
    again = replayed(game)
    assert again.summary is not None and again.summary["hints"] == 1


def test_an_unhelped_classic_clear_is_perfect() -> None:
    game = new_session(CLASSIC, 0.0)
    t = 1.0
    while game.status == "playing":
        a, b = first_pair(game, t)
        game.act({"type": "match", "a": a, "b": b}, t)
        t += 1.0
    assert game.summary is not None
    assert (game.summary["perfect"], game.summary["partner_help"]) == (True, False)


@pytest.mark.parametrize(
    ("settings", "offers"),
    [
        (CLASSIC, ["undo", "redo", "hint", "smart_hint", "shuffle", "partners"]),
        (ARCADE, ["hint", "smart_hint", "partners"]),
        (SOLITAIRE, ["undo", "redo", "hint", "smart_hint", "shuffle"]),
        (ZEN, ["undo", "redo", "hint", "smart_hint", "shuffle"]),
    ],
)
def test_each_mode_lists_the_controls_it_offers_and_refuses_the_others(
    settings: Settings, offers: list[str]
) -> None:
    game = new_session(settings, 0.0)
    assert game.view(0.0)["offers"] == offers
    for control in ("undo", "redo", "shuffle", "partners"):
        if control in offers:
            continue
        outcome = game.act({"type": control}, 1.0)
        assert (outcome.ok, outcome.reason) == (False, "not allowed")
    assert game.log == []


def test_the_chain_view_counts_its_window_down_and_lapses() -> None:
    game = new_session(CLASSIC, 0.0)
    assert game.view(0.0)["chain"] == {
        "length": 0,
        "multiplier": 0,
        "cap": 4,
        "window": 2.0,
        "left": None,
    }
    for t in (1.0, 2.0):
        a, b = first_pair(game, t)
        assert game.act({"type": "match", "a": a, "b": b}, t).ok
    chain = game.view(2.5)["chain"]
    assert chain is not None
    assert (chain["length"], chain["multiplier"], chain["cap"]) == (2, 2, 4)
    assert chain["left"] == pytest.approx(1.5)
    lapsed = game.view(4.1)["chain"]
    assert lapsed is not None and (lapsed["length"], lapsed["left"]) == (0, None)


def test_solitaire_has_no_chain_and_black_and_white_an_uncapped_one() -> None:
    assert new_session(SOLITAIRE, 0.0).view(0.0)["chain"] is None
    chain = new_session(ZEN, 0.0).view(0.0)["chain"]
    assert chain is not None and chain["cap"] is None
    arcade = new_session(ARCADE, 0.0).view(0.0)["chain"]
    assert arcade is not None and arcade["cap"] == 8
