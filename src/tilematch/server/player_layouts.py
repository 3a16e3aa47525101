"""A player's own layouts: the checks, the quota and the share codes (docs/layouts.md).

The engine checks the board (:func:`~tilematch.engine.layouts.validate.editor_problems`
for a layered layout, :func:`~tilematch.engine.grid.painted.outline_problems` for a
Shisen-Sho outline); this module adds what the server keeps: names, the
:data:`QUOTA`, share codes, and the answer shapes. Every refusal raises an
:class:`~tilematch.server.errors.ApiError` naming the field or the tile, before
anything is written.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from tilematch.engine.grid.painted import outline_problems, painted_cells
from tilematch.engine.layouts.validate import Problem, editor_problems
from tilematch.modes.settings import GRID_COLUMNS, GRID_ROWS
from tilematch.server.db import layouts as db
from tilematch.server.db.connection import Storage
from tilematch.server.errors import ApiError
from tilematch.server.layout_problems import problem_text, problems_json
from tilematch.server.players import Player

#: The most layouts a player keeps (layered and Shisen-Sho together).
QUOTA: Final = 50
#: The longest layout name, in characters (after trimming).
NAME_MAX: Final = 40
#: The characters and the length of a share code (about 59 bits, drawn by ``secrets``).
SHARE_ALPHABET: Final = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
SHARE_LENGTH: Final = 12
#: The two kinds: a layered layout (Solitaire, Black & White), a Shisen-Sho outline.
KINDS: Final = ("stack", "grid")
#: Which games play each kind.
GAMES: Final = {"stack": ("solitaire", "blackwhite"), "grid": ("shisensho",)}


@dataclass(frozen=True)
class Board:
    """A checked board of one kind: ``cells`` the positions (``[x, y, z]`` lists) or the
    rows of an outline, ``tiles`` how many tiles it holds."""

    kind: str
    cells: list[Any]
    tiles: int


def board_problems(kind: str, cells: Sequence[Any]) -> list[Problem]:
    """Every problem of a board of ``kind`` (``[]`` for one that can be saved and played)."""
    if kind == "grid":
        return outline_problems(cells, height=GRID_ROWS, width=GRID_COLUMNS)
    return editor_problems(cells)


def tile_count(kind: str, cells: Sequence[Any]) -> int:
    """How many tiles the board holds (entries given, or ``#`` cells painted)."""
    if kind == "grid":
        return len(painted_cells([row for row in cells if isinstance(row, str)]))
    return len(cells)


def check_report(kind: str, cells: Sequence[Any], locale: str = "en") -> dict[str, Any]:
    """The answer of ``POST /api/layouts/check``: ``{"ok", "tiles", "problems"}``, each
    problem's ``message`` in ``locale`` beside its ``code``."""
    found = board_problems(kind, cells)
    return {
        "ok": not found,
        "tiles": tile_count(kind, cells),
        "problems": problems_json(locale, kind, found),
    }


def checked_board(kind: str, cells: Sequence[Any], field: str) -> Board:
    """The board, checked; raises a 422 ``bad_layout`` naming ``field`` and the first
    problem (with its tile) and how many there are."""
    found = board_problems(kind, cells)
    if found:
        more = f" (and {len(found) - 1} more)" if len(found) > 1 else ""
        first = found[0]
        raise ApiError(
            422,
            "bad_layout",
            f"{field}: {first.message}{more}.",
            msg_id="server.error.bad_layout.problems"
            if more
            else "server.error.bad_layout.problem",
            problem=lambda locale: problem_text(locale, kind, first),
            count=len(found) - 1,
            field=field,
        )
    return Board(kind, list(cells), tile_count(kind, cells))


def clean_name(name: str, field: str = "name") -> str:
    """A layout name trimmed of outer and repeated spaces; raises a 422 ``bad_name``
    naming ``field`` when it is empty, longer than :data:`NAME_MAX` or holds a control
    character."""
    cleaned = " ".join(name.split())
    if not cleaned:
        raise ApiError(
            422,
            "bad_name",
            f"{field}: a layout needs a name.",
            msg_id="server.error.bad_name.layout_empty",
            field=field,
        )
    if len(cleaned) > NAME_MAX:
        raise ApiError(
            422,
            "bad_name",
            f"{field}: a layout name has at most {NAME_MAX} characters, not {len(cleaned)}.",
            msg_id="server.error.bad_name.layout_length",
            most=NAME_MAX,
            count=len(cleaned),
            field=field,
        )
    if not cleaned.isprintable():
        raise ApiError(
            422,
            "bad_name",
            f"{field}: a layout name holds printable characters only.",
            msg_id="server.error.bad_name.layout_printable",
            field=field,
        )
    return cleaned


def _view(row: dict[str, Any]) -> dict[str, Any]:
    cells = json.loads(row["cells"])
    key = "rows" if row["kind"] == "grid" else "positions"
    return {
        "id": row["id"],
        "kind": row["kind"],
        "name": row["name"],
        "tiles": row["tiles"],
        key: cells,
        "share_code": row["share_code"],
        "created": row["created"],
        "updated": row["updated"],
    }


def _not_found(layout_id: str) -> ApiError:
    return ApiError(404, "layout_not_found", f"You have no layout {layout_id!r}.")


def listing(storage: Storage, player: Player) -> list[dict[str, Any]]:
    """The player's layouts, most recently changed first."""
    return [_view(row) for row in db.player_layouts(storage, player.id)]


def get(storage: Storage, player: Player, layout_id: str) -> dict[str, Any]:
    """One of the player's layouts; 404 ``layout_not_found`` for an unknown id or
    another player's layout."""
    row = db.player_layout(storage, player.id, layout_id)
    if row is None:
        raise _not_found(layout_id)
    return _view(row)


def create(storage: Storage, player: Player, name: str, board: Board, now: float) -> str:
    """Store a new layout of the player; returns its id. Raises a 409 ``layout_quota``
    when the player keeps :data:`QUOTA` layouts already (nothing is stored)."""
    layout_id = secrets.token_hex(8)
    record = db.LayoutRecord(
        layout_id,
        player.id,
        board.kind,
        name,
        json.dumps(board.cells, separators=(",", ":")),
        board.tiles,
        new_share_code(),
        now,
        now,
    )
    with storage.transaction() as conn:
        db.hold_player(conn, player.id)
        if db.count_layouts(conn, player.id) >= QUOTA:
            raise ApiError(
                409,
                "layout_quota",
                f"You keep {QUOTA} layouts, the most a player may; delete one to save another.",
                msg_id="server.error.layout_quota.count",
                count=QUOTA,
            )
        db.insert_layout(conn, record)
    return layout_id


def change(
    storage: Storage,
    player: Player,
    layout_id: str,
    *,
    name: str | None,
    board: Board | None,
    now: float,
) -> None:
    """Rename the layout and/or replace its board (of the kind it has, see
    :func:`check_kind`); 404 when the player has no such layout."""
    changes: dict[str, Any] = {}
    if name is not None:
        changes["name"] = name
    if board is not None:
        changes["cells"] = json.dumps(board.cells, separators=(",", ":"))
        changes["tiles"] = board.tiles
    with storage.transaction() as conn:
        if not db.update_layout(conn, player.id, layout_id, changes, now):
            raise _not_found(layout_id)


def check_kind(current: dict[str, Any], field: str) -> None:
    """Raise a 422 ``wrong_kind`` when ``field`` (``positions`` or ``rows``) is not the
    board of the stored layout ``current``'s kind."""
    wanted = "rows" if current["kind"] == "grid" else "positions"
    if field != wanted:
        raise ApiError(
            422,
            "wrong_kind",
            f"{field}: layout {current['id']!r} is of kind {current['kind']!r}; send {wanted}.",
            msg_id="server.error.wrong_kind.send",
            field=field,
            wanted=wanted,
        )


def delete(storage: Storage, player: Player, layout_id: str) -> None:
    """Delete one of the player's layouts; 404 when there is none (games played on it
    keep their own copy of the board)."""
    with storage.transaction() as conn:
        if not db.delete_layout(conn, player.id, layout_id):
            raise _not_found(layout_id)


def new_share_code() -> str:
    """A fresh share code: :data:`SHARE_LENGTH` characters of :data:`SHARE_ALPHABET`."""
    return "".join(secrets.choice(SHARE_ALPHABET) for _ in range(SHARE_LENGTH))


def shared(storage: Storage, player: Player, code: str) -> dict[str, Any]:
    """The layout of share code ``code``, read-only: its board, name, owner's name
    (``None`` when unnamed) and ``mine`` (whether it is the caller's own; the id only
    then). Raises 404 ``shared_not_found``."""
    row = db.shared_layout(storage, code.upper())
    if row is None:
        raise ApiError(
            404,
            "shared_not_found",
            f"No layout is shared under {code!r}.",
            msg_id="server.error.shared_not_found.share",
            share=code[:40],
        )
    view = _view(row)
    mine = row["player_id"] == player.id
    if not mine:
        del view["id"]
    return {**view, "owner": row["owner"], "mine": mine}


def board_of(storage: Storage, player: Player, *, mine: str | None, code: str | None) -> Board:
    """The board of the player's layout ``mine`` or of the shared layout ``code``."""
    view = get(storage, player, mine) if mine is not None else shared(storage, player, code or "")
    kind = str(view["kind"])
    cells = view["rows"] if kind == "grid" else view["positions"]
    return Board(kind, cells, int(view["tiles"]))


def custom_fields(storage: Storage, player: Player, fields: dict[str, Any]) -> dict[str, Any]:
    """The fields of ``POST /api/games`` with ``my_layout``, ``shared_layout`` or ``rows``
    turned into the board the settings carry (``positions`` or ``outline``), so that the
    game keeps its own copy. Raises 422 ``bad_settings`` for more than one board, or a
    board of a kind the game does not play; 404 for an unknown layout."""
    given = [key for key in ("my_layout", "shared_layout", "positions", "rows") if key in fields]
    if len(given) > 1:
        raise ApiError(
            422,
            "bad_settings",
            f"Give one board of your own, not {' and '.join(given)}.",
            msg_id="server.error.bad_settings.one_board",
            fields=", ".join(given),
        )
    if not given:
        return fields
    kept = {key: value for key, value in fields.items() if key not in given}
    if given[0] in ("positions", "rows"):
        kind = "stack" if given[0] == "positions" else "grid"
        board = Board(kind, list(fields[given[0]]), 0)
    else:
        board = board_of(
            storage, player, mine=fields.get("my_layout"), code=fields.get("shared_layout")
        )
    if fields.get("game") not in GAMES[board.kind]:
        what = "a Shisen-Sho outline" if board.kind == "grid" else "a layered layout"
        games = " or ".join(GAMES[board.kind])
        raise ApiError(
            422,
            "bad_settings",
            f"{given[0]}: {what} is played in {games}.",
            msg_id="server.error.bad_settings.grid_game"
            if board.kind == "grid"
            else "server.error.bad_settings.stack_game",
            field=given[0],
            games=games,
        )
    kept["outline" if board.kind == "grid" else "positions"] = board.cells
    return kept
