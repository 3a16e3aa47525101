"""``tilematch db``: copy a database between SQLite and PostgreSQL, and describe one.

``tilematch db copy SOURCE TARGET`` moves every player, game, move and result
(streaks and leaderboards are worked out from the results) into an empty or
new database, SQLite file or ``postgresql://`` URL, either way. The copy is one
transaction on the target, committed only after the row counts match and every
finished game replays from its copied moves to its stored score and status.
``tilematch db info TARGET`` prints the engine, the schema version and the rows.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from tilematch.commands import fail
from tilematch.engine.words import counted


def add_parser(sub: Any) -> None:
    parser = sub.add_parser(
        "db",
        help="copy the game database between SQLite and PostgreSQL, or describe it",
        description=(
            "Copy every player, game, move and result from one database to another "
            "(a SQLite file or a postgresql://user:password@host/db URL, either way), "
            "or describe one."
        ),
    )
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    copy = actions.add_parser(
        "copy",
        help="copy SOURCE into an empty or new TARGET and verify it",
        description=(
            "Copy everything stored in SOURCE into TARGET, which must be empty or new, "
            "in one transaction; then check the row counts and replay every finished "
            "game. Exit 0 only when everything verified; nothing is written on failure."
        ),
    )
    copy.add_argument("source", metavar="SOURCE", help="SQLite file or PostgreSQL URL")
    copy.add_argument("target", metavar="TARGET", help="SQLite file or PostgreSQL URL")
    info = actions.add_parser("info", help="engine, schema version and row counts")
    info.add_argument("target", metavar="TARGET", help="SQLite file or PostgreSQL URL")


def run(args: argparse.Namespace) -> int:
    from tilematch.server.db import StorageError
    from tilematch.server.db.transfer import TransferError

    try:
        return _copy(args.source, args.target) if args.action == "copy" else _info(args.target)
    except (StorageError, TransferError) as error:
        return fail(str(error))


def _open(target: str, role: str) -> Any:
    from tilematch.server.db import Storage, StorageError, describe
    from tilematch.server.settings import database_target

    try:
        return Storage(database_target(target), now=time.time())
    except StorageError as error:
        raise StorageError(f"{role} {describe(database_target(target))}: {error}") from None


def _info(target: str) -> int:
    from tilematch.server.db import SCHEMA_VERSION
    from tilematch.server.db.transfer import row_counts

    storage = _open(target, "database")
    try:
        print(
            f"{storage.describe}: {storage.engine}, schema version {storage.version}"
            f" (this release: {SCHEMA_VERSION})"
        )
        if storage.applied:
            print(f"  upgraded now with migrations {', '.join(map(str, storage.applied))}")
        for name, count in row_counts(storage).items():
            print(f"  {name:8} {count:>10,}")
    finally:
        storage.close()
    return 0


def _copy(source_text: str, target_text: str) -> int:
    from tilematch.server.db.transfer import copy_database

    source = _open(source_text, "source")
    try:
        target = _open(target_text, "target")
        try:
            if target.describe == source.describe:
                return fail("SOURCE and TARGET are the same database")
            report = copy_database(source, target, lambda conn: _replay_all(target, conn))
        finally:
            target.close()
    finally:
        source.close()
    print(f"copied {source.describe} ({source.engine}) to {target.describe} ({target.engine})")
    print("  " + ", ".join(f"{count:,} {name}" for name, count in report.counts.items()))
    print(
        f"  verified: row counts equal; {counted(report.replayed, 'finished game')} replayed"
        f" to their stored score and status; {report.seconds:.2f} s"
    )
    return 0


def _replay_all(target: Any, conn: Any) -> int:
    """Replay every finished solo game of the copy; returns how many replayed.

    Raises :class:`~tilematch.server.db.transfer.TransferError` naming the games whose
    moves do not lead to their stored score and status (results the server had
    verified; a result it never verified is not held against the copy).
    """
    from tilematch.server.db.transfer import TransferError, finished_games, game_moves
    from tilematch.server.games import ACTIVE, DUEL, Games, Live
    from tilematch.server.rules import ModesRules

    rules = ModesRules()
    games = Games(target, rules, time.time, 1)
    wrong: list[str] = []
    replayed = 0
    for row in finished_games(conn, ACTIVE, DUEL):
        try:
            live = Live(
                row["id"],
                row["player_id"],
                rules.restore(json.loads(row["state"])),
                json.loads(row["settings"]),
                float(row["created"]),
                0,
            )
            log = [(at, json.loads(intent)) for at, intent in game_moves(conn, row["id"])]
            view = games.replay(live, log, float(row["ended"]))
            same = view.get("score") == row["score"] and view.get("status") == row["status"]
        except Exception:  # a game that cannot be replayed does not verify
            same = False
        if same:
            replayed += 1
        elif row["verified"]:
            wrong.append(str(row["id"]))
    if wrong:
        raise TransferError(
            f"{len(wrong)} finished games do not replay to their stored score and status"
            f" ({', '.join(wrong[:5])}); nothing was copied"
        )
    return replayed
