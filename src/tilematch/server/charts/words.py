"""The charts' words, dates and numbers in the player's language (the ``stats`` domain).

Sentences come from the catalogue; month and weekday names and the order of a date's
parts come from the small tables here, as ``Intl.DateTimeFormat`` writes them on the
page. English keeps ISO dates (``2026-12-02``), as the charts always had them.

>>> chart_date("de", "2026-12-02"), chart_date("ja", "2026-12-02"), month_day("fr", "2026-11-30")
('2.12.2026', '2026/12/2', '30/11')
>>> month_name("ko", "2026-03-01"), weekday_name("ja", 0)
('3월', '月')
"""

from __future__ import annotations

import datetime as dt

from tilematch.server.i18n import format_number, translate

__all__ = ["chart_date", "format_number", "month_day", "month_name", "say", "weekday_name"]

_CJK_MONTHS = tuple(f"{n}月" for n in range(1, 13))
MONTHS: dict[str, tuple[str, ...]] = {
    "en": ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"),
    "ja": _CJK_MONTHS,
    "zh-Hans": _CJK_MONTHS,
    "zh-Hant": _CJK_MONTHS,
    "ko": tuple(f"{n}월" for n in range(1, 13)),
    "de": ("Jan.", "Feb.", "März", "Apr.", "Mai", "Juni", "Juli", "Aug.", "Sept.", "Okt.",
           "Nov.", "Dez."),
    "fr": ("janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.",
           "nov.", "déc."),
    "es": ("ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept", "oct", "nov", "dic"),
}  # fmt: skip
#: Short weekday names, Monday first.
WEEKDAYS: dict[str, tuple[str, ...]] = {
    "en": ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"),
    "ja": ("月", "火", "水", "木", "金", "土", "日"),
    "zh-Hans": ("周一", "周二", "周三", "周四", "周五", "周六", "周日"),
    "zh-Hant": ("週一", "週二", "週三", "週四", "週五", "週六", "週日"),
    "ko": ("월", "화", "수", "목", "금", "토", "일"),
    "de": ("Mo", "Di", "Mi", "Do", "Fr", "Sa", "So"),
    "fr": ("lun.", "mar.", "mer.", "jeu.", "ven.", "sam.", "dim."),
    "es": ("lun", "mar", "mié", "jue", "vie", "sáb", "dom"),
}
#: A whole date and a month with its day, as ``str.format`` patterns of ``y m d``
#: (``dd``/``mm``: two digits).
_DATES: dict[str, tuple[str, str]] = {
    "en": ("{y}-{mm}-{dd}", "{mm}-{dd}"),
    "ja": ("{y}/{m}/{d}", "{m}/{d}"),
    "zh-Hans": ("{y}/{m}/{d}", "{m}/{d}"),
    "zh-Hant": ("{y}/{m}/{d}", "{m}/{d}"),
    "ko": ("{y}. {m}. {d}.", "{m}. {d}."),
    "de": ("{d}.{m}.{y}", "{d}.{m}."),
    "fr": ("{dd}/{mm}/{y}", "{dd}/{mm}"),
    "es": ("{d}/{m}/{y}", "{d}/{m}"),
}


def say(locale: str, msg_id: str, /, **params: object) -> str:
    """The catalogue text ``msg_id`` in ``locale`` (see :func:`tilematch.server.i18n.translate`)."""
    return translate(locale, msg_id, **params)


def _parts(iso: str) -> dict[str, object]:
    day = dt.date.fromisoformat(iso)
    return {
        "y": day.year,
        "m": day.month,
        "d": day.day,
        "mm": f"{day.month:02d}",
        "dd": f"{day.day:02d}",
    }


def chart_date(locale: str, iso: str) -> str:
    """The date ``iso`` (``YYYY-MM-DD``) written for ``locale``; raises ``ValueError`` for
    a malformed date."""
    return _DATES.get(locale, _DATES["en"])[0].format(**_parts(iso))


def month_day(locale: str, iso: str) -> str:
    """The month and day of ``iso`` for ``locale`` (``11-30``, ``30.11.``, ``11/30``)."""
    return _DATES.get(locale, _DATES["en"])[1].format(**_parts(iso))


def month_name(locale: str, iso: str) -> str:
    """The short name of the month of ``iso`` in ``locale`` (``Nov``, ``11月``)."""
    return MONTHS.get(locale, MONTHS["en"])[dt.date.fromisoformat(iso).month - 1]


def weekday_name(locale: str, index: int) -> str:
    """The short name of weekday ``index`` (0 is Monday) in ``locale``."""
    return WEEKDAYS.get(locale, WEEKDAYS["en"])[index]
