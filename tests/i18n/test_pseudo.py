"""The pseudo-locale en-XA: made from English, longer, accented, bracketed, and offered
only when the server's setting is on."""

from __future__ import annotations

import re
from pathlib import Path

from tilematch.server import Settings
from tilematch.server.i18n import catalogue, translate
from tilematch.server.i18n.catalogue import pseudo_catalogue
from tilematch.server.i18n.pseudo import PSEUDO_LOCALE, pseudo_text

WEB = Path(__file__).resolve().parents[2] / "src" / "tilematch" / "web"


def test_every_english_text_is_longer_accented_and_bracketed():
    english = catalogue("en")
    pseudo = pseudo_catalogue()
    assert set(pseudo) == set(english)
    for msg_id, text in english.items():
        forms = {"": text} if isinstance(text, str) else text
        made = {"": pseudo[msg_id]} if isinstance(text, str) else pseudo[msg_id]
        assert isinstance(made, dict) and set(made) == set(forms), msg_id
        for form, words in forms.items():
            out = made[form]
            assert out.startswith("⟦") and out.endswith("⟧"), out
            assert len(out) - 2 >= len(words) * 1.4, (msg_id, out)
            assert re.findall(r"\{[a-z_]+\}", out) == re.findall(r"\{[a-z_]+\}", words)
            assert not re.search(r"[a-zA-Z]", re.sub(r"\{[a-z_]+\}", "", out)), out


def test_placeholders_are_filled_in_the_pseudo_locale():
    assert pseudo_text("{count} tiles").startswith("⟦{count} ţîĺéš")
    assert translate(PSEUDO_LOCALE, "common.count.tiles", count=1200).startswith("⟦1,200 ")


def test_the_pseudo_locale_is_refused_unless_the_setting_is_on(make_client):
    off = make_client(web_dir=WEB)
    assert off.get("/api/locales/en-XA").status_code == 404
    assert '<html lang="en">' in off.get("/", headers={"Accept-Language": "en-XA"}).text
    assert off.patch("/api/me", json={"locale": "en-XA"}).status_code == 422
    on = make_client(web_dir=WEB, pseudo_locale=True)
    answer = on.get("/", headers={"Accept-Language": "en-XA, en;q=0.5"})
    assert '<html lang="en-XA">' in answer.text and "⟦Ṁéñû" in answer.text
    assert answer.headers["content-language"] == "en-XA"
    body = on.get("/api/locales/en-XA").json()
    assert body["locale"] == "en-XA" and body["messages"]["common.shell.menu"].startswith("⟦")
    # a browser that does not ask first for it still gets its language
    assert '<html lang="de">' in on.get("/", headers={"Accept-Language": "de, en-XA"}).text


def test_the_setting_is_read_from_the_environment():
    assert Settings.from_env({"TILEMATCH_PSEUDO_LOCALE": "1"}).pseudo_locale is True
    assert Settings.from_env({}).pseudo_locale is False
