"""A player deleted during a Speed Duel: the duel is played to its end, and stored for
the other player only (nothing of the deleted one comes back)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import httpx

from tests.server.duel.test_duel_ws import LiveServer, auth, live, seat_two
from tests.support.stored import Stored

__all__ = ["live"]


def test_a_duel_ends_cleanly_when_one_player_is_deleted(live: LiveServer, database: Path | str):
    async def scenario() -> None:
        _code, host, guest, first, second = await seat_two(live, seed=11)
        with httpx.Client(base_url=live.url) as http:
            guest_id = http.get("/api/me", headers=auth(guest)).json()["id"]
            deleted = http.request(
                "DELETE", "/api/me", json={"confirm": "delete"}, headers=auth(guest)
            )
        assert deleted.status_code == 200, deleted.text
        turn = 0
        while first.end is None:  # the deleted player's open socket plays on
            player = (first, second)[turn % 2]
            if not player.pairs():
                await player.until("reshuffle")
            a, b = player.pairs()[0]
            await player.send(type="claim", a=a, b=b)
            for duelist in (first, second):
                await duelist.until("claim", lambda f, a=a, b=b: (f["a"], f["b"]) == (a, b))
            turn += 1
            if not first.tiles:
                await first.until("end")
        await second.until("end")
        await first.close()
        await second.close()
        await asyncio.sleep(0.2)  # the result is written as the room ends
        rows = [r for r in live.get(host, "/api/results") if r["mode"] == "duel"]
        assert len(rows) == 1 and rows[0]["score"] == first.end["scores"][0]
        with Stored(database) as stored:
            for table in ("players", "games", "results"):
                column = "id" if table == "players" else "player_id"
                count = stored.value(
                    f"SELECT COUNT(*) FROM {table} WHERE {column} = ?", (guest_id,)
                )
                assert count == 0, table
        board = live.get(host, "/api/duels/leaderboard?against=player")
        assert [row["name"] for row in board] == ["Host"]

    asyncio.run(scenario())
