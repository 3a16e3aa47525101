"""Incoming duel frames: what parses, and the error each refused frame is answered with."""

from __future__ import annotations

from typing import Any

import pytest

from tilematch.server.duel.protocol import CLAIM_SHAPE, Claim, Invalid, Ping, Rival, parse


@pytest.mark.parametrize(
    ("data", "code", "message"),
    [
        ([1], "bad_frame", 'A frame is a JSON object with a "type".'),
        ({"type": 3}, "bad_frame", 'A frame is a JSON object with a "type".'),
        ({"type": "dance"}, "unknown_type", "Unknown frame type 'dance'."),
        ({"type": "claim", "a": 1}, "bad_claim", CLAIM_SHAPE),
        ({"type": "claim", "a": True, "b": 1}, "bad_claim", CLAIM_SHAPE),
        ({"type": "claim", "a": 1.0, "b": 2}, "bad_claim", CLAIM_SHAPE),
        ({"type": "claim", "a": 2**31, "b": "x"}, "bad_claim", CLAIM_SHAPE),
        ({"type": "claim", "a": 2**31, "b": 3}, "bad_claim", "Spots are small integers."),
        ({"type": "claim", "a": 1, "b": -(10**30)}, "bad_claim", "Spots are small integers."),
        (
            {"type": "claim", "a": 1, "b": 2, "version": "x"},
            "bad_claim",
            "A claim's version is the board version seen.",
        ),
        ({"type": "rival", "level": 5}, "bad_rival", "Choose relaxed, steady or sharp."),
        ({"type": "rival"}, "bad_rival", "Choose relaxed, steady or sharp."),
    ],
)
def test_refused_frames_name_their_error(data: Any, code: str, message: str) -> None:
    found = parse(data)
    assert isinstance(found, Invalid)
    assert (found.code, found.message) == (code, message)
    assert found.type == (data.get("type") if code in ("bad_claim", "bad_rival") else None)


def test_good_frames_parse_to_their_types() -> None:
    claim = parse({"type": "claim", "a": -(2**31), "b": 2**31 - 1, "version": None, "x": 1})
    assert claim == Claim(type="claim", a=-(2**31), b=2**31 - 1, version=None)
    assert parse({"type": "claim", "a": 1, "b": 2, "version": 10**40}) == Claim(
        type="claim", a=1, b=2, version=10**40
    )
    ping = parse({"type": "ping", "id": [1, {"x": 2}]})
    assert isinstance(ping, Ping) and ping.id == [1, {"x": 2}]
    assert parse({"type": "rival", "level": "sharp"}) == Rival(type="rival", level="sharp")
