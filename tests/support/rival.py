"""A Speed Duel against the computer, played to its end through an app's test client."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from tilematch.engine.grid.board import GridBoard
from tilematch.server.duel import DuelConfig, DuelRooms


def duel_the_rival(
    client: TestClient, **body: Any
) -> tuple[dict[str, Any], dict[str, int], dict[str, Any]]:
    """Open a 2 x 4 room against the relaxed rival (``body`` overrides the room's
    settings), claim the first legal pair in a tight loop until the end, and return
    the room, the first board (spot → code) and the ``end`` frame.

    The app's rooms are replaced by rooms without a countdown, so the duel starts at once.
    """
    server = client.app.state.server  # type: ignore[attr-defined]
    client.app.state.duels = DuelRooms(  # type: ignore[attr-defined]
        server.storage, server.settings.clock, DuelConfig(countdown=0.0)
    )
    answer = client.post("/api/duels", json={"size": [2, 4], "seed": 3, "rival": "relaxed", **body})
    assert answer.status_code == 201, answer.text
    room: dict[str, Any] = answer.json()
    rows, cols = room["size"]
    with client.websocket_connect(f"/ws/duels/{room['code']}") as ws:
        frame: dict[str, Any] = ws.receive_json()
        while not (frame["type"] == "state" and frame["phase"] == "playing"):
            frame = ws.receive_json()
        tiles = {t["spot"]: t["code"] for t in frame["tiles"]}
        first = dict(tiles)
        while frame["type"] != "end":
            move = next(iter(GridBoard(rows, cols, tiles).legal_pairs()), None) if tiles else None
            if move is not None:
                ws.send_json({"type": "claim", "a": move.a, "b": move.b})
            # no pair left after the last claim: the reshuffle frame is on its way
            frame = ws.receive_json()
            while frame["type"] not in ("claim", "reshuffle", "end"):
                frame = ws.receive_json()
            if frame["type"] == "reshuffle":
                tiles = {t["spot"]: t["code"] for t in frame["tiles"]}
            elif frame["type"] == "claim":
                del tiles[frame["a"]], tiles[frame["b"]]
    return room, first, frame
