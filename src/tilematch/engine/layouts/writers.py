"""Writing a layout as the file of another program: KMahjongg, GNOME Mahjongg or Kyodai.

>>> from tilematch.engine import layouts
>>> turtle = layouts.get("turtle")
>>> write_layout(turtle, "kmahjongg").splitlines()[0]
'kmahjongg-layout-v1.1'
>>> file_name(turtle, "gnome")
'turtle.map'

What each format keeps (reading the written text back gives):

* ``kmahjongg``: a version 1.1 file, the newest KMahjongg reads, its grid sized
  to the layout: the same positions.
* ``gnome``: a GNOME Mahjongg map file with one map: the same positions.
* ``kyodai``: Kyodai's fixed grid of 34 x 20 half-tile cells and 5 levels: the
  same positions when the layout fits where it stands; otherwise the layout is
  moved (translated, never mirrored) to the middle of the grid. A layout wider,
  taller or deeper than the grid raises :class:`LayoutError` naming a tile
  that does not fit.

All three formats count in half-tile units, so none loses a half step. Pure:
text in, text out.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import replace

from tilematch.engine.layouts.gnome import write_gnome
from tilematch.engine.layouts.kmahjongg import write_kmahjongg
from tilematch.engine.layouts.kyodai import COLUMNS, LEVELS, ROWS, write_kyodai
from tilematch.engine.layouts.layout import Layout, LayoutError

#: The formats :func:`write_layout` writes, with the file ending of each.
ENDINGS: dict[str, str] = {"kmahjongg": ".layout", "gnome": ".map", "kyodai": ".lay"}
#: The media type of each format's file.
MEDIA_TYPES: dict[str, str] = {
    "kmahjongg": "text/plain; charset=utf-8",
    "gnome": "application/xml; charset=utf-8",
    "kyodai": "text/plain; charset=utf-8",
}
#: The longest title a written file carries (longer ones are cut).
MAX_TITLE = 80


def write_layout(layout: Layout, fmt: str) -> str:
    """Return the text of ``layout`` as a file of format ``fmt`` (a key of :data:`ENDINGS`).

    The title goes into the file on one line, without control characters.
    Raises :class:`LayoutError` for an unknown format, or naming the first tile
    that a Kyodai grid cannot hold (see :func:`fit_kyodai`).
    """
    if fmt not in ENDINGS:
        raise LayoutError(f"unknown layout format {fmt!r}; use one of {', '.join(ENDINGS)}")
    clean = replace(layout, title=one_line(layout.title) or layout.name)
    if fmt == "kmahjongg":
        return write_kmahjongg(clean)
    if fmt == "gnome":
        return write_gnome(clean)
    return write_kyodai(fit_kyodai(clean))


def fit_kyodai(layout: Layout) -> Layout:
    """``layout`` placed in the Kyodai grid (34 x 20 half-tile cells, 5 levels).

    Returns ``layout`` itself when every tile fits where it stands, else the
    layout moved so that it stands in the middle of the grid. Raises
    :class:`LayoutError` naming a tile beyond the grid's width, height or
    levels when the layout is too large to fit anywhere.
    """
    if not layout.positions:
        return layout
    xs = [x for x, _, _ in layout.positions]
    ys = [y for _, y, _ in layout.positions]
    width = max(xs) - min(xs) + 2
    height = max(ys) - min(ys) + 2
    for x, y, z in layout.positions:
        if z >= LEVELS:
            raise _too_large(
                layout, (x, y, z), f"level {z + 1}; Kyodai has {LEVELS} levels", "levels", z + 1
            )
    if width > COLUMNS:
        tile = max(layout.positions, key=lambda p: (p[0], -p[2], -p[1]))
        raise _too_large(
            layout, tile, f"{width} cells across; Kyodai's grid has {COLUMNS}", "width", width
        )
    if height > ROWS:
        tile = max(layout.positions, key=lambda p: (p[1], -p[2], -p[0]))
        raise _too_large(
            layout, tile, f"{height} cells down; Kyodai's grid has {ROWS}", "height", height
        )
    if max(xs) + 2 <= COLUMNS and max(ys) + 2 <= ROWS:
        return layout
    dx = (COLUMNS - width) // 2 - min(xs)
    dy = (ROWS - height) // 2 - min(ys)
    moved = tuple((x + dx, y + dy, z) for x, y, z in layout.positions)
    return replace(layout, positions=moved)


#: The most a Kyodai file holds along each way a layout can be too large.
_KYODAI_MOST = {"levels": LEVELS, "width": COLUMNS, "height": ROWS}


def _too_large(
    layout: Layout, tile: tuple[int, int, int], why: str, way: str, needed: int
) -> LayoutError:
    """The error of kind ``kyodai_<way>`` (``levels``, ``width``, ``height``) for a layout
    that needs ``needed`` levels or cells where a Kyodai file has fewer."""
    x, y, z = tile
    return LayoutError(
        f"{layout.name}: the tile at ({x}, {y}, {z}) does not fit a Kyodai file: "
        f"the layout needs {why}",
        f"kyodai_{way}",
        tile=f"({x}, {y}, {z})",
        needed=needed,
        most=_KYODAI_MOST[way],
    )


def file_name(layout: Layout, fmt: str) -> str:
    """The file name for ``layout`` written as ``fmt``: ASCII letters, digits and dashes
    from the layout's name, then the format's ending (``"Great Wall!"`` → ``great-wall.map``).

    Raises :class:`LayoutError` for an unknown format.
    """
    if fmt not in ENDINGS:
        raise LayoutError(f"unknown layout format {fmt!r}; use one of {', '.join(ENDINGS)}")
    return ascii_stem(layout.name) + ENDINGS[fmt]


def ascii_stem(name: str) -> str:
    """``name`` as lowercase ASCII letters, digits and single dashes, at most 60 long
    (accents dropped, ``"layout"`` when nothing is left): safe in a file name and a header."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    stem = re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-")[:60].strip("-")
    return stem or "layout"


def one_line(text: str) -> str:
    """``text`` on one line: control characters and runs of white space become one space,
    and ``::`` (Kyodai's category mark) a single colon; cut to :data:`MAX_TITLE`."""
    spaced = "".join(" " if unicodedata.category(c)[0] in "CZ" else c for c in text)
    return " ".join(re.sub(":{2,}", ":", spaced).split())[:MAX_TITLE].strip()
