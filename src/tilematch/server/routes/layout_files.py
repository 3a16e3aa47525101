"""``/api/layouts/import`` and ``/api/layouts/export``: layout files of other programs.

Import reads the text of a KMahjongg ``.layout``, GNOME Mahjongg ``.map`` or
Kyodai ``.lay`` file (the format found as ``tilematch layouts`` finds it) and
answers its positions; export writes positions as such a file. Nothing is
stored either way: the engine reads and writes, the route checks the request.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Response
from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr

from tilematch.engine import layouts
from tilematch.engine.layouts.layout import MAX_TILES, Layout, LayoutError, check_positions
from tilematch.engine.layouts.writers import ENDINGS, MEDIA_TYPES, file_name, one_line, write_layout
from tilematch.server.deps import PlayerDep
from tilematch.server.errors import ApiError, of_kind
from tilematch.server.openapi_errors import EVERY_REQUEST, WITH_BODY

router = APIRouter(prefix="/api/layouts", tags=["layouts"], responses=EVERY_REQUEST)

#: The largest file text ``POST /api/layouts/import`` reads, in bytes of UTF-8.
MAX_TEXT_BYTES = 256 * 1024
#: The longest file name and layout name accepted.
MAX_FILENAME = 255
MAX_NAME = 60
#: Request bodies these routes accept, in bytes: the text escaped as JSON may
#: take up to twice its size (a line break or a quote costs two bytes), and
#: 2,000 positions of three numbers up to 1,000 take about 36 KB.
BODY_LIMITS: dict[str, int] = {
    "/api/layouts/import": 2 * MAX_TEXT_BYTES + 4096,
    "/api/layouts/export": 64 * 1024,
}

_NOT_TEXT = re.compile("[\x00\ud800-\udfff]")

Format = Literal["kmahjongg", "gnome", "kyodai"]


class ImportBody(BaseModel):
    """The body of ``POST /api/layouts/import``."""

    model_config = ConfigDict(extra="forbid")
    filename: StrictStr = Field(
        min_length=1,
        max_length=MAX_FILENAME,
        description="the file's name; its ending (.layout, .map, .xml, .lay) picks the format",
    )
    # The limit is checked in bytes by the route (422 text_too_large), not declared as a
    # maxLength: a text far over it is refused by the body limit first (413).
    text: StrictStr = Field(
        description=f"the file's text, at most {MAX_TEXT_BYTES:,} bytes of UTF-8",
    )
    map: StrictStr | None = Field(
        default=None, max_length=MAX_NAME, description="which map of a GNOME file (default first)"
    )


Coordinate = Annotated[StrictInt, Field(description="half-tile units (x, y) or a layer (z)")]


class ExportBody(BaseModel):
    """The body of ``POST /api/layouts/export``."""

    model_config = ConfigDict(extra="forbid")
    format: Format = Field(description="kmahjongg (a v1.1 .layout), gnome (.map), kyodai (.lay)")
    name: StrictStr = Field(
        min_length=1, max_length=MAX_NAME, description="the layout's name, written into the file"
    )
    positions: list[tuple[Coordinate, Coordinate, Coordinate]] = Field(
        min_length=1, max_length=MAX_TILES, description="the tiles, [[x, y, z], ...]"
    )


@router.post("/import", summary="Read a layout file of another program", responses=WITH_BODY)
def import_layout(body: ImportBody, player: PlayerDep) -> dict[str, Any]:
    """``{"name", "title", "format", "tiles", "positions", "warnings"}``: the layout in the
    file. ``warnings`` lists what the file's own program tolerates and was read its way,
    each naming the line. 422 ``bad_layout_file`` names the line or field of a broken
    file, ``text_too_large`` a text over 256 KiB."""
    filename = _base_name(body.filename)
    text = body.text
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_TEXT_BYTES:
        raise ApiError(
            422,
            "text_too_large",
            f"'text' is {size:,} bytes; a layout file may have at most {MAX_TEXT_BYTES:,}.",
            msg_id="server.error.text_too_large.bytes",
            size=size,
            most=MAX_TEXT_BYTES,
        )
    _refuse_non_text(text, filename)
    try:
        fmt = layouts.detect_format(text, filename)
        layout = layouts.read_layout(text, filename, map_name=body.map)
    except LayoutError as error:
        raise of_kind(
            422,
            "bad_layout_file",
            error,
            frame="server.error.bad_layout_file.detail",
            family="layout",
        ) from None
    return {
        "name": layout.name,
        "title": layout.title,
        "format": fmt,
        "tiles": layout.size,
        "positions": [list(p) for p in layout.positions],
        "warnings": list(layout.warnings),
    }


@router.post(
    "/export",
    summary="Write a layout as a file of another program",
    responses=WITH_BODY,
    response_class=Response,
)
def export_layout(body: ExportBody, player: PlayerDep) -> Response:
    """The file, as an attachment named after the layout (``great-wall.layout``). 422
    ``bad_layout`` names the tile of positions the engine refuses (odd count, overlap,
    a floating tile), ``layout_too_large`` the tile a format cannot hold."""
    name = one_line(body.name)
    if not name:
        raise ApiError(422, "bad_value", "'name' needs at least one visible character.")
    positions = [tuple(p) for p in body.positions]
    try:
        check_positions(positions, "positions", bridges=True)
    except LayoutError as error:
        raise of_kind(
            422, "bad_layout", error, frame="server.error.bad_layout.detail", family="layout"
        ) from None
    layout = Layout(name=name, positions=tuple((x, y, z) for x, y, z in positions), title=name)
    try:
        text = write_layout(layout, body.format)
    except LayoutError as error:
        raise of_kind(422, "layout_too_large", error) from None
    download = file_name(layout, body.format)
    return Response(
        content=text,
        media_type=MEDIA_TYPES[body.format],
        headers={
            "Content-Disposition": f'attachment; filename="{download}"',
            "Cache-Control": "no-store",
        },
    )


def _base_name(filename: str) -> str:
    """The file's own name: folders (``/`` or ``\\``) dropped, on one printable line.
    Raises 422 when nothing is left."""
    base = one_line(filename.replace("\\", "/").rsplit("/", 1)[-1])
    if not base:
        raise ApiError(422, "bad_value", "'filename' needs a visible name after any folders.")
    return base


def _refuse_non_text(text: str, filename: str) -> None:
    """Raise 422 ``bad_layout_file`` naming the line and column of the first NUL or lone
    surrogate: such a text is binary, not a layout file."""
    found = _NOT_TEXT.search(text)
    if found is None:
        return
    index = found.start()
    line = text.count("\n", 0, index) + 1
    column = index - (text.rfind("\n", 0, index) + 1) + 1
    raise ApiError(
        422,
        "bad_layout_file",
        f"{filename}: line {line}, column {column}: U+{ord(found.group()):04X} is not text; "
        f"a layout file ({', '.join(ENDINGS.values())}) is text",
        msg_id="server.error.bad_layout_file.not_text",
        file=filename,
        line=line,
        column=column,
        char=f"U+{ord(found.group()):04X}",
        endings=", ".join(ENDINGS.values()),
    )
