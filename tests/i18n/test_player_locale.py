"""The player's language: chosen once, remembered on the server, preferred over the
browser's ``Accept-Language``, exported with the player's record and erased with it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.support.stored import Stored
from tilematch.server.i18n import LOCALES

WEB = Path(__file__).resolve().parents[2] / "src" / "tilematch" / "web"


def test_a_new_player_has_no_language_and_follows_the_browser(client):
    me = client.get("/api/me").json()
    assert me["locale"] is None


@pytest.mark.parametrize("locale", LOCALES)
def test_patch_stores_the_language_for_the_player(client, locale):
    client.get("/api/me")
    answer = client.patch("/api/me", json={"locale": locale})
    assert answer.status_code == 200
    assert answer.json()["locale"] == locale
    assert client.get("/api/me").json()["locale"] == locale


@pytest.mark.parametrize("bad", ["xx", "EN", "ja-JP", "", "en-XA", "zh", "de" * 20])
def test_an_unknown_locale_is_refused_and_nothing_is_stored(client, bad):
    client.get("/api/me")
    assert client.patch("/api/me", json={"locale": "fr"}).status_code == 200
    answer = client.patch("/api/me", json={"locale": bad})
    assert answer.status_code == 422
    assert answer.json()["error"]["code"] in ("unknown_locale", "bad_value")
    assert client.get("/api/me").json()["locale"] == "fr"


@pytest.mark.parametrize("body", [{}, {"locale": 3}, {"locale": "ja", "name": "x"}])
def test_a_malformed_body_is_refused(client, body):
    client.get("/api/me")
    assert client.patch("/api/me", json=body).status_code == 422
    assert client.get("/api/me").json()["locale"] is None


def test_null_follows_the_browser_again(client):
    client.get("/api/me")
    client.patch("/api/me", json={"locale": "ko"})
    assert client.patch("/api/me", json={"locale": None}).json()["locale"] is None
    assert client.get("/api/me").json()["locale"] is None


def test_the_setting_survives_a_new_app_on_the_same_database(client, make_client):
    token = client.get("/api/me").json()["token"]
    client.patch("/api/me", json={"locale": "zh-Hant"})
    again = make_client()  # a restarted server
    again.headers["Authorization"] = f"Bearer {token}"
    assert again.get("/api/me").json()["locale"] == "zh-Hant"


def test_export_contains_the_language_and_delete_removes_it(client, database):
    me = client.get("/api/me").json()
    client.patch("/api/me", json={"locale": "ja"})
    exported = json.loads(client.get("/api/me/export.json").content)
    assert exported["player"]["locale"] == "ja"
    assert client.request("DELETE", "/api/me", json={"confirm": "delete"}).status_code == 200
    with Stored(database) as stored:
        assert stored.value("SELECT COUNT(*) FROM players WHERE id = ?", (me["id"],)) == 0


def test_the_api_answers_in_the_setting_over_accept_language(client):
    client.get("/api/me")
    client.patch("/api/me", json={"locale": "de"})
    answer = client.get("/api/me", headers={"Accept-Language": "ja"})
    # /api/me carries no sentence, so it names no language
    assert "content-language" not in answer.headers


@pytest.fixture
def page_client(make_client):
    return make_client(web_dir=WEB)


def test_the_page_is_in_the_browser_language_then_in_the_setting(page_client):
    first = page_client.get("/", headers={"Accept-Language": "ja-JP,ja;q=0.9,en;q=0.5"})
    assert '<html lang="ja">' in first.text
    assert first.headers["content-language"] == "ja"
    assert {"Accept-Language", "Cookie"} <= {v.strip() for v in first.headers["vary"].split(",")}
    assert "メニュー" in first.text and ">Menu<" not in first.text
    page_client.get("/api/me")  # the player's cookie
    page_client.patch("/api/me", json={"locale": "fr"})
    again = page_client.get("/settings", headers={"Accept-Language": "ja"})
    assert '<html lang="fr">' in again.text and again.headers["content-language"] == "fr"
    assert "Réglages" in again.text and 'aria-label="Menu principal"' in again.text


def test_the_page_without_any_hint_is_english(page_client):
    answer = page_client.get("/learn", headers={"Accept-Language": "tlh, x-klingon;q=0.5"})
    assert '<html lang="en">' in answer.text and ">Skip to content<" in answer.text
    assert answer.headers["content-language"] == "en"


def test_a_page_view_creates_no_player(page_client, database):
    page_client.get("/")
    with Stored(database) as stored:
        assert stored.value("SELECT COUNT(*) FROM players") == 0
