"""Every ledger line a mode writes has its text in every locale: the lines come from
games of every game and mode played through the modes (quick and slow pairs, hints,
shuffles, undos, deadlocks), and each is translated from its ``key`` and ``params``."""

from __future__ import annotations

import json
import random
import re
from functools import cache

import pytest

from tilematch.modes import Session, Settings, new_session, registry
from tilematch.modes.ledger import LABELS, Line
from tilematch.server.i18n import LOCALES, catalogue, format_number
from tilematch.server.sentences import ledger_text

#: How each scripted game plays: the seconds between intents it picks from, and how
#: often it asks for help (a hint, a smart hint, a shuffle or an undo) instead of a pair.
SCRIPTS = (((0.5,), 0.0), ((0.5, 3.0), 0.0), ((0.5, 3.0), 0.2))


def _settings(game: str, mode: str, number: int) -> Settings:
    """The game of ``game``/``mode`` a script plays: each seed its own; the Daily
    Challenge and the Tower pin their boards; Time Attack on a small board, to clear some."""
    if mode == "daily":
        return Settings(game=game, mode=mode, date=f"2026-01-0{number + 1}")
    if mode == "tower":
        return Settings(game=game, mode=mode, level=1)
    size = (4, 6) if mode == "arcade" else None
    return Settings(game=game, mode=mode, seed=number, size=size)


def _play(settings: Settings, number: int) -> Session:
    """A game played by script ``number`` of :data:`SCRIPTS` to its end (or 600 intents)."""
    gaps, helps = SCRIPTS[number]
    rng = random.Random(number)
    session = new_session(settings, now=0.0)
    t = 0.0
    session.act({"type": "start"}, t)
    for _ in range(600):
        if session.finished:
            break
        t += rng.choice(gaps)
        if rng.random() < helps:
            session.act({"type": rng.choice(("hint", "smart_hint", "shuffle", "undo"))}, t)
            continue
        pairs = session.view(t)["pairs"]
        if not pairs:
            session.act({"type": "shuffle"}, t)
            continue
        a, b = rng.choice(pairs)
        session.act({"type": "match", "a": a, "b": b}, t)
    return session


@cache
def played() -> tuple[Session, ...]:
    """Every script's game of every game and mode."""
    return tuple(
        _play(_settings(game, mode, number), number)
        for game, modes in registry.MODES.items()
        for mode in modes
        for number in range(len(SCRIPTS))
    )


def _lines() -> list[Line]:
    """Each distinct line (key, parameters and label) the played games wrote."""
    found = {(line.key, line.label): line for game in played() for line in game.ledger.lines}
    return list(found.values())


def test_the_games_write_every_line_the_modes_have():
    assert {line.key for line in _lines()} == set(LABELS)


def test_every_ledger_message_is_a_line_the_modes_write():
    messages = {msg_id for msg_id in catalogue("en") if msg_id.startswith("server.ledger.")}
    assert messages == {"server." + key for key in LABELS}


@pytest.mark.parametrize("locale", LOCALES)
def test_every_line_played_reads_in_every_locale(locale):
    for line in _lines():
        assert "server." + line.key in catalogue(locale), line
        text = ledger_text(locale, line.to_json())
        assert text and not re.search(r"[{}]", text), (line, text)
        for _name, value in line.params:
            assert format_number(locale, value) in text, (line, text)
        if locale == "en":
            assert text == line.label  # the catalogue says what the modes say
        else:
            assert text != line.label, (line, text)


def test_a_replayed_game_writes_the_same_lines():
    for game in played():
        again = Session.from_json(json.loads(json.dumps(game.to_json())))
        assert again.ledger.lines == game.ledger.lines
