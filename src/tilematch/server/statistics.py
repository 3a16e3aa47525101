"""A player's statistics: their verified results, summed up and drawn.

The figures are computed by :mod:`tilematch.modes.statistics` from the stored
results whose replay verified them (a result that did not replay to the same end is
left out and counted as ``unverified``). *Played* means ended: a game still open is
counted as ``open`` and nowhere else until it ends; giving up ends a game (played,
not won). The charts (:mod:`tilematch.server.charts`) are drawn from the same
figures, each with its table.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING, Any

from tilematch.modes import statistics as figures
from tilematch.modes.tower import STAGE_LENGTH
from tilematch.server import records
from tilematch.server.charts import CHARTS, Chart, draw
from tilematch.server.charts.catalogue import board_label, game_mode_title
from tilematch.server.db import statistics as db_statistics
from tilematch.server.errors import ApiError
from tilematch.server.games import ACTIVE
from tilematch.server.players import Player

if TYPE_CHECKING:
    from tilematch.server.deps import Server

#: The games of the history charts (the latest ones).
HISTORY_GAMES = 100
#: Weeks of the wins-per-week chart and of the Daily calendar.
WEEKS = 26
#: The modes of each game the filters offer.
FILTERS: dict[str, tuple[str, ...]] = {
    "shisensho": ("classic", "arcade", "duel"),
    "solitaire": ("regular", "daily"),
    "blackwhite": ("zen", "countdown", "tower"),
}


def check_filter(game: str | None, mode: str | None) -> tuple[str | None, str | None]:
    """``(game, mode)`` checked against :data:`FILTERS` (``None``: any).

    Raises 422 ``bad_value`` naming the unknown game, or the mode the game does not have.
    """
    if game is not None and game not in FILTERS:
        raise ApiError(
            422, "bad_value", f"'game': no game {game!r}; games are {', '.join(FILTERS)}."
        )
    known = FILTERS[game] if game is not None else tuple(m for ms in FILTERS.values() for m in ms)
    if mode is not None and mode not in known:
        of = f" of {game}" if game is not None else ""
        raise ApiError(
            422, "bad_value", f"'mode': no mode {mode!r}{of}; modes are {', '.join(known)}."
        )
    return game, mode


def _today(server: Server, today: str | None) -> str:
    if today is not None:
        return records.parse_date(today, server)
    return dt.datetime.fromtimestamp(server.now(), dt.UTC).date().isoformat()


def _shows(game: str | None, mode: str | None, wanted: tuple[str, str]) -> bool:
    return game in (None, wanted[0]) and mode in (None, wanted[1])


def _daily(server: Server, player: Player, today: str) -> dict[str, Any]:
    days = records.daily_days(server, player)
    streak, best = records.daily_streaks(server, days, today)
    return {
        "streak": streak,
        "best_streak": best,
        "days": days,
        "calendar": figures.calendar_days(days, today, WEEKS),
    }


def _tower(server: Server, player: Player) -> dict[str, Any]:
    cleared = records.cleared_levels(server, player)
    stages = figures.tower_stages(cleared, len(server.rules.tower_levels()), STAGE_LENGTH)
    return {
        "cleared": len(cleared),
        "stars": sum(cleared.values()),
        "stages": stages,
    }


def _totals(rows: list[dict[str, Any]], open_games: int, unverified: int) -> dict[str, Any]:
    won = sum(1 for row in rows if row["outcome"] == "won")
    return {
        "played": len(rows),
        "won": won,
        "win_rate": won / len(rows) if rows else None,
        "open": open_games,
        "unverified": unverified,
    }


def choices(server: Server, player: Player, locale: str = "en") -> list[dict[str, str]]:
    """The game and mode pairs the player has figures of, with their titles in ``locale``."""
    return [
        {
            "game": game,
            "mode": mode,
            "title": game_mode_title(game, mode, locale),
        }
        for game, mode in db_statistics.modes_played(server.storage, player.id)
    ]


def statistics(
    server: Server,
    player: Player,
    *,
    game: str | None,
    mode: str | None,
    today: str | None,
    locale: str = "en",
) -> tuple[dict[str, Any], list[Chart]]:
    """The player's figures (of ``game`` and ``mode`` when given) and their charts.

    ``today`` is the player's local date for the Daily streak and calendar (default
    the server's UTC date). Raises 422 ``bad_value`` for an unknown game or mode and
    ``bad_date`` for a malformed ``today``. Titles, labels and charts are written in
    ``locale``; codes (``game``, ``mode``, ``board``) stay as they are.
    """
    game, mode = check_filter(game, mode)
    day = _today(server, today)
    storage = server.storage
    rows = db_statistics.verified_results(storage, player.id, game, mode)
    boards = [{**line, "label": board_label(line, locale)} for line in figures.board_figures(rows)]
    data: dict[str, Any] = {
        "filters": {"game": game, "mode": mode, "choices": choices(server, player, locale)},
        "today": day,
        "totals": _totals(
            rows,
            db_statistics.open_games(storage, player.id, ACTIVE, game, mode),
            db_statistics.unverified_count(storage, player.id, game, mode),
        ),
        "boards": boards,
        "history": figures.history_points(rows, HISTORY_GAMES),
        "weeks": figures.weekly_wins(rows, server.now(), WEEKS),
        "daily": _daily(server, player, day)
        if _shows(game, mode, ("solitaire", "daily"))
        else None,
        "tower": _tower(server, player) if _shows(game, mode, ("blackwhite", "tower")) else None,
    }
    calendar = data["daily"]["calendar"] if data["daily"] else []
    charts = draw({**data, "calendar": calendar}, locale)
    return data, charts


def chart(
    server: Server,
    player: Player,
    name: str,
    *,
    game: str | None,
    mode: str | None,
    today: str | None,
    locale: str = "en",
) -> Chart:
    """One chart of :func:`statistics` by name, written in ``locale``.

    Raises 404 ``unknown_chart`` for a name not in :data:`~tilematch.server.charts.CHARTS`
    and ``no_figures`` when the chart has nothing to draw yet.
    """
    if name not in CHARTS:
        raise ApiError(
            404, "unknown_chart", f"No chart {name!r}; the charts are {', '.join(CHARTS)}."
        )
    _, charts = statistics(server, player, game=game, mode=mode, today=today, locale=locale)
    for drawn in charts:
        if drawn.name == name:
            return drawn
    raise ApiError(
        404, "no_figures", f"The chart {name!r} has nothing to draw yet: finish a game first."
    )
