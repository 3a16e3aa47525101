"""Delete a player and everything stored for them, once they confirm it.

One transaction deletes the player's rows of every table that holds any
(:data:`~tilematch.server.db.account.PLAYER_ROWS`): games, moves, results (so their
leaderboard lines), Daily starts, one-time codes, the tokens of their other devices
and the player. After it no token of theirs names a player: the next request with
the cookie gets a new anonymous player, with a bearer token a 401.

A Speed Duel in progress is played to its end for the other side; its result is then
stored for the other player only (:mod:`tilematch.server.duel.results` skips a seat
whose player is gone). A duel already stored in the other player's history keeps the
name shown at the time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tilematch.server.db import account as db_account
from tilematch.server.errors import ApiError
from tilematch.server.players import Player

if TYPE_CHECKING:
    from tilematch.server.deps import Server

#: The word that confirms a deletion (the display name confirms it too).
CONFIRM_WORD = "delete"


def check_confirmation(server: Server, player: Player, confirm: str) -> None:
    """Raise 422 ``not_confirmed`` unless ``confirm`` is :data:`CONFIRM_WORD` or the
    player's display name (case and outer spaces aside)."""
    said = " ".join(confirm.split()).casefold()
    name = db_account.player_name(server.storage, player.id)
    if said == CONFIRM_WORD or (name is not None and said == name.casefold()):
        return
    raise ApiError(
        422,
        "not_confirmed",
        f"To delete your player and everything stored for it, send 'confirm': '{CONFIRM_WORD}'"
        " (or your display name); nothing was deleted.",
    )


def delete_player(server: Server, player: Player, confirm: str) -> dict[str, int]:
    """Delete ``player`` and all their rows after :func:`check_confirmation`; returns the
    rows deleted per table. Raises 422 ``not_confirmed`` (nothing deleted), or a storage
    failure (rolled back: nothing deleted)."""
    check_confirmation(server, player, confirm)
    game_ids = db_account.game_ids(server.storage, player.id)
    with server.storage.transaction() as conn:
        deleted = db_account.erase_player(conn, player.id)
    server.known.forget(player.id)
    for game_id in game_ids:
        server.games.forget(game_id)
    return deleted
