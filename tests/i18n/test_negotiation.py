"""Choosing the locale: the player's setting, else ``Accept-Language``, else English;
hostile headers are read in bounded time and never fail a request."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tilematch.server.i18n import negotiate
from tilematch.server.i18n.negotiation import match, parse_accept_language

WEB = Path(__file__).resolve().parents[2] / "src" / "tilematch" / "web"


@pytest.mark.parametrize(
    ("tag", "locale"),
    [
        ("ja", "ja"),
        ("ja-JP", "ja"),
        ("JA_jp", "ja"),
        ("zh", "zh-Hans"),
        ("zh-CN", "zh-Hans"),
        ("zh-Hans-CN", "zh-Hans"),
        ("zh-TW", "zh-Hant"),
        ("zh-HK", "zh-Hant"),
        ("zh-Hant", "zh-Hant"),
        ("ko-KR", "ko"),
        ("de-AT", "de"),
        ("fr-CA", "fr"),
        ("es-419", "es"),
        ("en-GB", "en"),
        ("pt-BR", None),
        ("*", None),
        ("", None),
    ],
)
def test_a_tag_names_one_of_our_locales_or_none(tag, locale):
    assert match(tag) == locale


def test_the_best_quality_wins_and_order_breaks_ties():
    assert parse_accept_language("en;q=0.5, ja;q=0.9, de") == ["de", "ja", "en"]
    assert parse_accept_language("fr, es") == ["fr", "es"]
    assert parse_accept_language("pt-BR, ko;q=0.3, ja-JP;q=0.3") == ["ko", "ja"]


@pytest.mark.parametrize(
    "header",
    [
        "ja;q=0",  # not acceptable
        "ja;q=-1",
        "ja;q=2",
        "ja;q=nan",
        "ja;q=inf",
        "ja;q=1e999",
        "ja;q=",
        "ja;q=0x1",
        "ja;level=1",  # a parameter other than q
        "fr;q=1.0000001",
        "fr;q=0.5000",
        ";;;,,,;q=1",
        "\x00\x01ja",
        "ja" * 2000,
    ],
)
def test_bad_entries_are_skipped_and_english_answers(header):
    assert negotiate(None, header) == "en"


def test_a_bad_entry_does_not_hide_the_good_ones():
    assert negotiate(None, "xx;q=nan, ja;q=bad, de;q=0.7") == "de"


def test_the_setting_wins_over_the_header_and_a_bad_setting_is_ignored():
    assert negotiate("ko", "ja, de") == "ko"
    assert negotiate("tlh", "ja") == "ja"
    assert negotiate(None, None) == "en"


def test_thousands_of_entries_are_read_in_bounded_time():
    header = ", ".join(f"x{i}-{'a' * 8};q=0.{i % 10}" for i in range(20_000)) + ", ja"
    start = time.perf_counter()
    for _ in range(100):
        assert negotiate(None, header) == "en"  # ja comes too late to be read
    assert time.perf_counter() - start < 0.5
    assert parse_accept_language(",".join(["de"] * 10_000) + ",ja") == ["de"]


@pytest.mark.parametrize(
    ("header", "locale"),
    [
        ("a" * 6000 + "," + ",".join(f"zz-{i};q=0.{i % 9}" for i in range(1500)), "en"),
        ("ja;q=nan, fr;q=1.0000001, ko;q=0.2", "ko"),
        ("\u00e9\u00e9;q=1, de", "de"),
    ],
)
def test_a_hostile_header_through_the_app_is_answered(make_client, header, locale):
    client = make_client(web_dir=WEB)
    answer = client.get("/", headers={"Accept-Language": header.encode("utf-8")})
    assert answer.status_code == 200
    assert answer.headers["content-language"] == locale
    assert f'<html lang="{locale}">' in answer.text
