"""Sentences the server composes for a player, in the player's language.

The engine and the modes speak English (for the library and the CLI); here, at the
server's edge, their structured facts become catalogue texts (``server`` domain):
why a layered tile is blocked, why a pair or an intent was refused, what a ledger line
is for (from the line's ``key``). Stable words (``reason``, ``kind``, ``code``, ``key``)
stay beside every text.

>>> tile_label("en", "5s", (4, 2, 1))
'5 of Bamboo at (4, 2, 1)'
>>> refusal_text("de", "no hints")
'Keine Tipps mehr übrig.'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from tilematch.engine import tiles
from tilematch.engine.stack.board import Blockers
from tilematch.modes import fairness
from tilematch.server.i18n import MissingMessage, catalogue, translate


def _face_name(locale: str, symbol: str, english: str) -> str:
    try:
        return translate(locale, f"tiles.face.{symbol}")
    except MissingMessage:
        return english


def tile_name(locale: str, code: str) -> str:
    """The name of tile ``code`` in ``locale`` (the ``tiles`` domain's ``tiles.face.*``
    and ``tiles.coloured.*``), or the engine's English name while the catalogue lacks
    it. Raises :class:`~tilematch.engine.tiles.TileError` for an unknown code."""
    english = tiles.tile_name(code)
    colour, symbol = tiles.split_code(code)
    if colour is None:
        return _face_name(locale, symbol, english)
    face = "frame_dragon" if symbol == "5z" else symbol
    try:
        return translate(
            locale, f"tiles.coloured.{colour}", name=translate(locale, f"tiles.face.{face}")
        )
    except MissingMessage:
        return english


def tile_label(locale: str, code: str, pos: Sequence[int]) -> str:
    """A tile named with its place for sentences: ``'5 of Bamboo at (4, 2, 1)'``."""
    place = "(" + ", ".join(str(int(c)) for c in pos) + ")"
    return translate(locale, "server.tile.at", name=tile_name(locale, code), place=place)


def join(locale: str, items: Sequence[str]) -> str:
    """``items`` as one list in words: ``'A, B and C'`` in English."""
    if len(items) <= 1:
        return "".join(items)
    head = translate(locale, "server.list.separator").join(items[:-1])
    return translate(locale, "server.list.last", items=head, last=items[-1])


def blocked_text(
    locale: str, label: str, covered_by: list[str], left: list[str], right: list[str], cracks: int
) -> str:
    """Why a layered tile (named ``label``) can or cannot be selected: what covers it,
    what closes both its sides (only said when both are closed), and the cracks a stone
    still needs; the names are tile labels (:func:`tile_label`)."""
    sides = bool(left) and bool(right)
    if covered_by and sides:
        sentence = translate(
            locale,
            "server.blocked.covered_and_sides",
            tile=label,
            tiles=join(locale, covered_by),
            left=join(locale, left),
            right=join(locale, right),
        )
    elif covered_by:
        sentence = translate(
            locale, "server.blocked.covered", tile=label, tiles=join(locale, covered_by)
        )
    elif sides:
        sentence = translate(
            locale,
            "server.blocked.sides",
            tile=label,
            left=join(locale, left),
            right=join(locale, right),
        )
    elif cracks:
        sentence = translate(locale, "server.blocked.free_only", tile=label)
    else:
        sentence = translate(locale, "server.blocked.free", tile=label)
    if cracks:
        stone = translate(locale, "server.blocked.stone", count=cracks)
        return translate(locale, "server.blocked.with_stone", sentence=sentence, stone=stone)
    return sentence


def explain_spot(locale: str, board: Any, spot: int, why: Blockers) -> str:
    """:func:`blocked_text` for ``spot`` of a layered ``board`` from its :class:`Blockers`."""

    def label(s: int) -> str:
        return tile_label(locale, board.face(s) or "", board.coords(s))

    return blocked_text(
        locale,
        label(spot),
        [label(s) for s in why.covered_by],
        [label(s) for s in why.left],
        [label(s) for s in why.right],
        why.stone_cracks_left,
    )


def _view_blocked(locale: str, tile: dict[str, Any], by_spot: dict[int, dict[str, Any]]) -> str:
    """The blocked sentence of a tile of a game view, from its ``blockers`` (what covers it
    sits on a higher layer; the others close its left or right side) and ``stone``."""
    x, _, z = tile["pos"]
    covered: list[str] = []
    left: list[str] = []
    right: list[str] = []
    for spot in tile.get("blockers") or []:
        other = by_spot.get(spot)
        if other is None:
            continue
        name = tile_label(locale, other["code"], other["pos"])
        ox, _, oz = other["pos"]
        (covered if oz > z else left if ox < x else right).append(name)
    label = tile_label(locale, tile["code"], tile["pos"])
    return blocked_text(locale, label, covered, left, right, int(tile.get("stone") or 0))


def refusal_text(locale: str, reason: str, faces: tuple[str, str] | None = None) -> str:
    """The sentence for a refusal word (``"not free"``, ``"no hints"``…); in Black & White
    a ``"not a match"`` of two known ``faces`` says why those faces do not pair. An
    unknown word is returned as it is."""
    if reason == "not a match" and faces is not None and all(f[0] in "bw" for f in faces):
        return pair_refusal_text(locale, *faces)
    # i18n-data: server.refusal.
    msg_id = "server.refusal." + reason.replace(" ", "_")
    if msg_id not in catalogue("en"):
        return reason
    return translate(locale, msg_id)


def pair_refusal_text(locale: str, a: str, b: str) -> str:
    """Why the Black & White faces ``a`` and ``b`` do not pair (the words of
    :func:`tilematch.modes.blackwhite.pair_refusal`, in ``locale``)."""
    colour_a, symbol_a = tiles.split_code(a)
    colour_b, _ = tiles.split_code(b)
    bonus = tiles.match_group(a) == "bonus"
    rule = translate(locale, "server.refusal.bonus_rule")
    if colour_a == colour_b:
        text = translate(locale, f"server.refusal.same_colour_{colour_a}")
        if bonus and tiles.match_group(b) == "bonus":
            return translate(locale, "server.refusal.with_rule", text=text, rule=rule)
        return text
    if bonus:
        return rule
    other = ("w" if colour_a == "b" else "b") + symbol_a
    return translate(
        locale,
        "server.refusal.pairs_only_with",
        tile=tile_name(locale, a),
        other=tile_name(locale, other),
    )


def ledger_text(locale: str, line: Mapping[str, Any]) -> str:
    """A ledger line's label in ``locale``: the text of ``server.`` + its ``key``
    (:data:`tilematch.modes.ledger.LABELS`) filled with its ``params``. A line whose key
    has no text keeps its ``label``."""
    key, params = line.get("key"), line.get("params")
    msg_id = f"server.{key}"
    if not isinstance(key, str) or msg_id not in catalogue("en"):
        return str(line.get("label", ""))
    return translate(locale, msg_id, **(params if isinstance(params, dict) else {}))


def localize_game(locale: str, view: dict[str, Any]) -> dict[str, Any]:
    """A game view (``GET /api/games/{id}``) with its player's sentences in ``locale``:
    each blocked tile's ``blocked``, each ledger line's ``label``. Changes ``view`` in
    place and returns it; English views are left as the modes wrote them."""
    if locale == "en":
        return view
    tiles_list = view.get("tiles")
    if isinstance(tiles_list, list):
        by_spot = {t["spot"]: t for t in tiles_list if isinstance(t, dict) and "spot" in t}
        for tile in tiles_list:
            if isinstance(tile, dict) and tile.get("blocked"):
                tile["blocked"] = _view_blocked(locale, tile, by_spot)
        for tile in tiles_list:
            if isinstance(tile, dict) and isinstance(tile.get("code"), str) and tile["code"]:
                tile["name"] = tile_name(locale, tile["code"])
    summary = view.get("summary")
    if isinstance(summary, dict) and isinstance(summary.get("unranked"), str):
        summary["unranked"] = unranked_text(locale, summary["unranked"])
    for line in _lines(view.get("ledger")):
        line["label"] = ledger_text(locale, line)
    return view


#: The message of each reason a result is not ranked (:mod:`tilematch.modes.fairness`).
UNRANKED = {
    fairness.TOO_FAST: "server.unranked.too_fast",
    fairness.CUSTOM: "server.unranked.custom",
    fairness.ZEN: "server.unranked.zen",
}


def unranked_text(locale: str, reason: str) -> str:
    """Why a result is not ranked, in ``locale`` (an unknown reason stays as it is)."""
    msg_id = UNRANKED.get(reason)
    return translate(locale, msg_id) if msg_id else reason


def _lines(ledger: object) -> Iterable[dict[str, Any]]:
    if isinstance(ledger, list):
        return [line for line in ledger if isinstance(line, dict)]
    return []


def localize_answer(
    locale: str, answer: dict[str, Any], intent: dict[str, Any] | None = None
) -> dict[str, Any]:
    """An answer to an intent (``{"ok", "reason", "message", "events", "game"}``) in
    ``locale``: the refusal's ``message`` from its ``reason`` (naming the two tiles of a
    refused Black & White pair) and the game view (:func:`localize_game`)."""
    if locale == "en":
        return answer
    game = answer.get("game")
    reason = answer.get("reason")
    if reason and answer.get("message"):
        faces = None
        if intent and isinstance(game, dict):
            codes = {t.get("spot"): t.get("code") for t in game.get("tiles") or []}
            a, b = codes.get(intent.get("a")), codes.get(intent.get("b"))
            faces = (a, b) if a and b else None
        answer["message"] = refusal_text(locale, str(reason), faces)
    if isinstance(game, dict):
        localize_game(locale, game)
    return answer
