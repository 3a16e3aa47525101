"""The statistics answer in the negotiated locale: chart words, dates, weekdays and
labels from the catalogue, codes and figures unchanged, marks still matching tables."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from tests.server.test_statistics import SVG, _check_chart, _script
from tests.support.locales import BROWSER_LANGUAGE
from tilematch.server.charts.words import WEEKDAYS
from tilematch.server.i18n import LOCALES, catalogue

ACCEPT = BROWSER_LANGUAGE
_YMD = r"^\d{4}/\d{1,2}/\d{1,2}$"
DATE_SHAPE = {
    "en": r"^\d{4}-\d\d-\d\d$",
    "ja": _YMD,
    "zh-Hans": _YMD,
    "zh-Hant": _YMD,
    "ko": r"^\d{4}\. \d{1,2}\. \d{1,2}\.$",
    "de": r"^\d{1,2}\.\d{1,2}\.\d{4}$",
    "fr": r"^\d\d/\d\d/\d{4}$",
    "es": r"^\d{1,2}/\d{1,2}/\d{4}$",
}
#: A chart's name to the middle of its message ids.
CHART_IDS = {"time": "time", "score": "score", "weeks": "weeks", "daily": "daily"}
CHART_IDS["best-times"] = "best_times"
#: Where a chart's table has its date.
DATE_COLUMN = {"time": 1, "score": 1, "weeks": 0, "daily": 0}


def test_statistics_answer_in_every_locale_with_codes_unchanged(client, clock):
    _script(client, clock)
    english = client.get("/api/statistics", headers={"Accept-Language": "en"}).json()
    assert {chart["name"] for chart in english["charts"]} == set(CHART_IDS)
    for locale in LOCALES:
        words = catalogue(locale)
        data = client.get("/api/statistics", headers={"Accept-Language": ACCEPT[locale]}).json()
        # figures and codes are the same in every language
        for part in ("totals", "history", "weeks", "tower", "today"):
            assert data[part] == english[part], (locale, part)
        codes = ("game", "mode", "board", "variant", "played", "won", "best_time")
        assert [{k: b[k] for k in codes} for b in data["boards"]] == [
            {k: b[k] for k in codes} for b in english["boards"]
        ]
        assert [(c["game"], c["mode"]) for c in data["filters"]["choices"]] == [
            (c["game"], c["mode"]) for c in english["filters"]["choices"]
        ]
        for chart in data["charts"]:
            _check_chart(chart)  # marks still match the table, row for mark
            key = CHART_IDS[chart["name"]]
            assert chart["title"] == words[f"stats.chart.{key}.title"], locale
            assert chart["rows"] and len(chart["columns"]) == len(chart["rows"][0])
            if chart["name"] in ("time", "score", "weeks", "daily"):
                assert all(
                    re.match(
                        DATE_SHAPE[locale], row[0 if chart["name"] in ("weeks", "daily") else 1]
                    )
                    for row in chart["rows"]
                ), (locale, chart["name"], chart["rows"][0])
            if locale in ("ja", "zh-Hans", "zh-Hant", "ko"):
                for text in (chart["title"], chart["description"], *chart["columns"]):
                    assert not re.search(r"[A-Za-z]{2,}", text), (locale, text)
                for label in (b["label"] for b in data["boards"]):
                    assert not re.search(r"Classic|Arcade|Regular|Zen|Tower|Daily", label), label
        daily = next(chart for chart in data["charts"] if chart["name"] == "daily")
        root = ET.fromstring(daily["svg"])
        ticks = [t.text for t in root.iter(f"{SVG}text") if t.get("class") == "tick"]
        assert ticks[:3] == [WEEKDAYS[locale][0], WEEKDAYS[locale][2], WEEKDAYS[locale][4]]
        if locale != "en":
            assert daily["title"] != english["charts"][-1]["title"]


def test_japanese_labels_name_the_games_and_layouts_as_players_there_know_them(client, clock):
    _script(client, clock)
    data = client.get("/api/statistics", headers={"Accept-Language": "ja"}).json()
    titles = {c["title"] for c in data["filters"]["choices"]}
    assert "四川省 · クラシック" in titles and "白黒麻雀 · 皇帝の塔" in titles
    labels = {b["label"] for b in data["boards"]}
    assert "クラシック · 6 × 4" in labels and "クラシック · 4 × 4（重力あり）" in labels
    svg = client.get("/api/statistics/charts/time.svg", headers={"Accept-Language": "ja"}).text
    assert "ゲームごとのタイム" in svg and "Time per game" not in svg
