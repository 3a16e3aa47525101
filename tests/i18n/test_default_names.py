"""A player who chose no name is named in the reader's language: "Anonymous" on the
leaderboards, "Player 2" and "Computer (Sharp)" in a duel. The server stores no
English word for them, and reads the English defaults older rows hold as no name."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.server.test_fair_ranking import BOARD, play
from tests.support.locales import BROWSER_LANGUAGE
from tests.support.rival import duel_the_rival
from tilematch.server.duel.room import Seat
from tilematch.server.i18n import LOCALES, translate

ACCEPT = BROWSER_LANGUAGE


def names(client: TestClient, path: str, locale: str, **params: Any) -> list[str]:
    answer = client.get(path, params=params, headers={"Accept-Language": ACCEPT[locale]})
    assert answer.status_code == 200, answer.text
    return [line["name"] for line in answer.json()]


def test_the_anonymous_name_is_translated_in_every_locale() -> None:
    said = {translate(locale, "common.player.anonymous") for locale in LOCALES}
    assert translate("en", "common.player.anonymous") == "Anonymous"
    assert len(said) == len(LOCALES) - 1  # Chinese writes 匿名玩家 in both scripts


def test_an_unnamed_player_reads_as_anonymous_in_the_readers_language(
    client: TestClient, make_client: Any, clock: Any
) -> None:
    play(client, clock, think=0.8)  # a ranked win by a player without a name
    named = make_client()
    assert named.put("/api/me", json={"name": "Ada"}).status_code == 200
    play(named, clock, think=0.9)
    for locale in LOCALES:
        board = names(named, "/api/leaderboards", locale, **BOARD)
        assert board == [translate(locale, "common.player.anonymous"), "Ada"], locale
    assert names(client, "/api/leaderboards", "ja", **BOARD) == ["名無し", "Ada"]
    assert names(client, "/api/leaderboards", "de", **BOARD) == ["Anonym", "Ada"]
    # nothing English is stored for the unnamed player
    assert client.get("/api/me").json()["name"] is None


def finish_a_duel_against_the_rival(client: TestClient) -> dict[str, Any]:
    """Clear a 2 × 4 board against the relaxed rival; the ``end`` frame."""
    room, _, end = duel_the_rival(client)
    assert room["players"][0]["name"] == "" and room["players"][1]["name"] == ""
    return end


@pytest.mark.parametrize("locale", ["ja", "fr"])
def test_the_duel_leaderboard_names_an_unnamed_player_in_the_locale(
    client: TestClient, locale: str
) -> None:
    end = finish_a_duel_against_the_rival(client)
    assert end["names"] == ["", ""]
    board = names(client, "/api/duels/leaderboard", locale, against="relaxed")
    assert board == [translate(locale, "common.player.anonymous")]


def test_older_rows_with_english_default_names_read_as_no_name(client: TestClient) -> None:
    finish_a_duel_against_the_rival(client)
    game_id = client.get("/api/results").json()[0]["game_id"]
    storage = client.app.state.server.storage  # type: ignore[attr-defined]
    for stored, seat, shown in [
        ("Computer (relaxed)", 0, None),
        ("Player 2", 0, None),  # the default of the other seat
        ("Player 1", 1, None),
        ("Player 1", 0, "Player 1"),  # not seat 1's default: a name someone chose
        ("Ann", 0, "Ann"),
    ]:
        state = json.loads(
            storage.rows("SELECT state FROM games WHERE id = ?", (game_id,))[0]["state"]
        )
        state.update(opponent=stored, seat=seat)
        with storage.transaction() as conn:
            conn.execute("UPDATE games SET state = ? WHERE id = ?", (json.dumps(state), game_id))
        duel = client.get(f"/api/games/{game_id}").json()["duel"]
        assert duel["opponent"] == shown, stored


def test_a_seat_shows_no_english_default() -> None:
    assert Seat("a", "Player 1").own_name(0) == ""
    assert Seat("b", "Player 2").own_name(1) == ""
    assert Seat("b", "Player 1").own_name(1) == "Player 1"
    assert Seat(None, "Computer (sharp)", rival="sharp").own_name(1) == ""
    assert Seat("c", "Ann").own_name(0) == "Ann"
