"""Every SQL statement of the server lives in ``tilematch.server.db``."""

from __future__ import annotations

import re
from pathlib import Path

import tilematch.server

SQL = re.compile(r"\b(SELECT|INSERT INTO|UPDATE \w+ SET|DELETE FROM|CREATE TABLE)\b")


def test_no_module_outside_db_holds_sql() -> None:
    root = Path(tilematch.server.__file__).parent
    holders = sorted(
        str(path.relative_to(root))
        for path in root.rglob("*.py")
        if path.parent.name != "db" and SQL.search(path.read_text(encoding="utf-8"))
    )
    assert holders == []


def test_the_db_package_holds_the_queries() -> None:
    root = Path(tilematch.server.__file__).parent / "db"
    found = {
        path.name for path in root.glob("*.py") if SQL.search(path.read_text(encoding="utf-8"))
    }
    # the queries by table; the engines' own statements; the copy between databases;
    # a player's statistics; a finished duel's rows at once
    assert found == {
        "account.py",
        "migrations.py",
        "players.py",
        "games.py",
        "results.py",
        "layouts.py",
        "dialect.py",
        "postgres.py",
        "transfer.py",
        "statistics.py",
        "finished_duels.py",
    }
