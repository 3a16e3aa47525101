"""Limits per client address: one machine cannot make players without end, nor guess
duel room codes at speed; ``X-Forwarded-For`` is believed only from trusted proxies."""

from __future__ import annotations

import secrets
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from tilematch.server.duel import CODE_ALPHABET, CODE_LENGTH
from tilematch.server.duel.protocol import CLOSE_RATE_LIMITED
from tilematch.server.settings import Settings, SettingsError

#: The limits per address as shipped (the test fixtures raise them otherwise).
SHIPPED = {
    name: Settings.__dataclass_fields__[name].default
    for name in ("players_per_minute", "players_burst", "joins_per_minute", "joins_burst")
}


@pytest.fixture(params=["memory", "redis"])
def shipped(request: pytest.FixtureRequest) -> dict[str, Any]:
    """The shipped per-address limits, counted in memory or in the session's Redis."""
    if request.param == "memory":
        return dict(SHIPPED)
    return {**SHIPPED, "redis_url": request.getfixturevalue("redis_url")}


def test_one_address_making_30_tokens_is_refused(make_client, shipped):
    client = make_client(**shipped)
    answers = []
    for _ in range(30):
        client.cookies.clear()
        answers.append(client.get("/api/me"))
    made = [a for a in answers if a.status_code == 200]
    refused = [a for a in answers if a.status_code == 429]
    assert len(made) == SHIPPED["players_burst"] and len(made) + len(refused) == 30
    assert all(int(a.headers["Retry-After"]) >= 1 for a in refused)
    assert refused[0].json()["error"]["code"] == "rate_limited"
    assert "new players from this address" in refused[0].json()["error"]["message"]


def _guess(client: Any, code: str, token: str) -> int | str:
    """Open room ``code`` as the player of ``token``: the close code, or ``"seated"``."""
    headers = {"authorization": f"Bearer {token}"}
    try:
        with client.websocket_connect(f"/ws/duels/{code}", headers=headers) as ws:
            hello = ws.receive_json()
            return "seated" if hello.get("you") is not None else "watching"
    except WebSocketDisconnect as closed:
        return closed.code


def test_guessing_room_codes_at_full_speed_is_refused_and_seats_nobody(make_client, shipped, clock):
    client = make_client(**shipped)
    host = client.get("/api/me").json()["token"]
    client.cookies.clear()
    guesser = client.get("/api/me").json()["token"]
    client.cookies.clear()
    room = client.post(
        "/api/duels", json={"size": [4, 6]}, headers={"Authorization": f"Bearer {host}"}
    ).json()
    guesses = [
        "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH)) for _ in range(60)
    ]
    guesses[40] = room["code"]  # the right code, found after the burst is spent
    closes = [_guess(client, code, guesser) for code in guesses]
    burst = SHIPPED["joins_burst"]
    assert closes[burst:] == [CLOSE_RATE_LIMITED] * (60 - burst)
    assert "seated" not in closes
    looked = client.get(f"/api/duels/{guesses[0]}", headers={"Authorization": f"Bearer {guesser}"})
    assert looked.status_code == 429 and int(looked.headers["Retry-After"]) >= 1
    seen = client.get(f"/api/duels/{room['code']}", headers={"Authorization": f"Bearer {host}"})
    assert seen.status_code == 429  # the address is limited, whoever asks from it
    clock.advance(60)  # the address's joins come back
    seen = client.get(f"/api/duels/{room['code']}", headers={"Authorization": f"Bearer {host}"})
    assert seen.status_code == 200 and seen.json()["phase"] == "waiting"
    assert seen.json()["players"][1] is None  # the guesser took no seat


def test_room_codes_are_too_many_to_guess():
    codes = len(CODE_ALPHABET) ** CODE_LENGTH
    assert len(set(CODE_ALPHABET)) == 31 and CODE_LENGTH == 10 and codes > 8e14
    # at the shipped join rate, against the most rooms one server keeps waiting
    guesses_a_year = SHIPPED["joins_per_minute"] * 60 * 24 * 365
    assert guesses_a_year * 5_000 / codes < 2e-4


def test_forwarded_addresses_are_believed_only_from_trusted_proxies(make_client):
    limits = {"players_per_minute": 0.01, "players_burst": 3}

    def made(client: Any) -> list[int]:
        codes = []
        for n in range(5):
            client.cookies.clear()
            codes.append(client.get("/api/me", headers={"x-forwarded-for": f"203.0.113.{n}"}))
        return [answer.status_code for answer in codes]

    assert made(make_client(**limits)) == [200, 200, 200, 429, 429]  # the header is ignored
    trusting = make_client(forwarded_allow_ips=("*",), **limits)
    assert made(trusting) == [200] * 5  # five clients behind one proxy
    with pytest.raises(SettingsError, match=r"TILEMATCH_FORWARDED_ALLOW_IPS.*'balancer'"):
        Settings.from_env({"TILEMATCH_FORWARDED_ALLOW_IPS": "10.0.0.0/8, balancer"})
    assert Settings(forwarded_allow_ips=(" 10.0.0.1", "fd00::/8")).forwarded_allow_ips == (
        "10.0.0.1",
        "fd00::/8",
    )
