"""GNOME Mahjongg ``.map`` files (XML): reading and writing.

A file holds one ``<mahjongg>`` element with one or more ``<map name="...">``
elements. Inside a map, tiles are given by these elements, either inside a
``<layer z="...">`` (which gives their layer) or directly with a ``z``
attribute (layer 0 when neither says):

* ``<tile x y [z]>`` one tile;
* ``<row left right y [z]>`` tiles from ``left`` to ``right``, one every tile;
* ``<column x top bottom [z]>`` tiles from ``top`` to ``bottom``;
* ``<block left right top bottom [z]>`` a rectangle of tiles.

Coordinates are in whole tiles and may end in ``.5``; twice a coordinate is
the position in half-tile units. Element and attribute names are compared
without regard to case, as GNOME Mahjongg does.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from xml.sax.saxutils import quoteattr

from tilematch.engine.layouts.common import check_size, finish
from tilematch.engine.layouts.layout import MAX_COORD, MAX_TILES, Layout, LayoutError, Position

_FORBIDDEN = re.compile(r"<!\s*(DOCTYPE|ENTITY)", re.IGNORECASE)
_MARKUP = re.compile(r"<!--.*?-->|<!\[CDATA\[.*?\]\]>|<\?.*?\?>|<([A-Za-z_:][^\s/>]*)", re.DOTALL)
_SHAPES = {
    "tile": ("x", "y"),
    "row": ("left", "right", "y"),
    "column": ("x", "top", "bottom"),
    "block": ("left", "right", "top", "bottom"),
}


def read_gnome(text: str, filename: str, *, map_name: str | None = None) -> Layout:
    """Read a GNOME Mahjongg map file's text; ``filename`` names it in messages.

    ``map_name`` picks a map by its ``name`` (ignoring case); by default the
    first map. Returns the layout (family ``"Imported"``, named after the map).
    Raises :class:`LayoutError` naming the file, the line and element and the
    problem: a DOCTYPE or ENTITY declaration (refused outright, so entity
    tricks cannot blow up memory), broken XML, a wrong root element, no map or
    an unknown map name, an unknown element, a missing or bad coordinate (not
    a multiple of 0.5, negative or too large), more than 2,000 tiles, or a layout
    that fails :func:`~tilematch.engine.layouts.layout.check_positions`.
    """
    maps, where = _maps(text, filename)
    chosen = maps[0]
    if map_name is not None:
        found = [m for m in maps if _attr(m, "name").strip().lower() == map_name.strip().lower()]
        if not found:
            known = ", ".join(repr(_attr(m, "name")) for m in maps)
            raise LayoutError(f"{filename}: no map named {map_name!r}; the file has {known}")
        chosen = found[0]
    title = _attr(chosen, "name")
    positions: list[Position] = []
    origins: list[str] = []
    for element, z in _tile_elements(chosen, filename, where):
        spots = _expand(element, z, filename, where(element))
        if len(positions) + len(spots) > MAX_TILES:
            raise LayoutError(
                f"{filename}: {where(element)}: the map has more than {MAX_TILES} tiles"
            )
        positions += spots
        origins += [where(element)] * len(spots)
    return finish(
        positions,
        filename,
        title=title,
        description=f"Read from the GNOME Mahjongg map file {filename}.",
        where=origins,
    )


def _maps(text: str, filename: str) -> tuple[list[ET.Element], Callable[[ET.Element], str]]:
    """The ``<map>`` elements of a map file's text, and how to name an element's place.

    Raises :class:`LayoutError` as :func:`read_gnome` does for the file as a whole.
    """
    check_size(text, filename)
    text = text.lstrip("\ufeff")
    forbidden = _FORBIDDEN.search(text)
    if forbidden:
        line = text.count("\n", 0, forbidden.start()) + 1
        raise LayoutError(
            f"{filename}: line {line}: DOCTYPE and ENTITY declarations are not allowed "
            f"in layout files"
        )
    try:
        root = ET.fromstring(text)
    except ET.ParseError as error:
        line, column = error.position
        reason = str(error).split(":")[0]
        raise LayoutError(
            f"{filename}: line {line}, column {column + 1}: broken XML: {reason}"
        ) from None
    lines = _element_lines(text, root)

    def where(element: ET.Element) -> str:
        line = lines.get(element)
        prefix = f"line {line}: " if line else ""
        return f"{prefix}<{element.tag}>"

    if root.tag.lower() != "mahjongg":
        raise LayoutError(f"{filename}: {where(root)}: expected the root element <mahjongg>")
    maps = [child for child in root if child.tag.lower() == "map"]
    if not maps:
        raise LayoutError(f"{filename}: {where(root)}: the file holds no <map>")
    return maps, where


def gnome_map_names(text: str, filename: str) -> list[str]:
    """The names of the maps in a GNOME Mahjongg map file's text, in file order.

    Raises :class:`LayoutError` as :func:`read_gnome` does for the file as a whole
    (a declaration, broken XML, a wrong root, no map).
    """
    return [_attr(element, "name") for element in _maps(text, filename)[0]]


def _element_lines(text: str, root: ET.Element) -> dict[ET.Element, int]:
    """The line of each element's start tag (start tags and elements share document order)."""
    elements = list(root.iter())
    lines: dict[ET.Element, int] = {}
    line, last = 1, 0
    tags = (m for m in _MARKUP.finditer(text) if m.group(1))
    for element, match in zip(elements, tags, strict=False):
        if match.group(1) != element.tag:
            return {}
        line += text.count("\n", last, match.start())
        last = match.start()
        lines[element] = line
    return lines


def _attr(element: ET.Element, name: str) -> str:
    for key, value in element.attrib.items():
        if key.lower() == name:
            return value
    return ""


def _tile_elements(
    chosen: ET.Element, filename: str, describe: Callable[[ET.Element], str]
) -> Iterator[tuple[ET.Element, int | None]]:
    for child in chosen:
        tag = child.tag.lower()
        if tag == "layer":
            z = _layer(child, filename, describe(child))
            for item in child:
                if item.tag.lower() not in _SHAPES:
                    raise LayoutError(f"{filename}: {describe(item)}: unknown element in a <layer>")
                yield item, z
        elif tag in _SHAPES:
            yield child, None
        else:
            raise LayoutError(f"{filename}: {describe(child)}: unknown element in a <map>")


def _layer(element: ET.Element, filename: str, place: str) -> int:
    raw = _attr(element, "z")
    if not raw:
        return 0
    return _whole(raw, "z", filename, place)


def _whole(raw: str, name: str, filename: str, place: str) -> int:
    try:
        value = float(raw)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or value != int(value) or not 0 <= value <= MAX_COORD:
        raise LayoutError(
            f"{filename}: {place}: {name}={raw!r} is not a layer number from 0 to {MAX_COORD}"
        )
    return int(value)


def _half_units(element: ET.Element, name: str, filename: str, place: str) -> int:
    raw = _attr(element, name).strip()
    if not raw:
        raise LayoutError(f"{filename}: {place}: the attribute {name!r} is missing")
    try:
        value = float(raw) * 2
    except ValueError:
        value = math.nan
    if not math.isfinite(value):
        raise LayoutError(f"{filename}: {place}: {name}={raw!r} is not a number")
    if value != int(value):
        raise LayoutError(f"{filename}: {place}: {name}={raw!r} is not a multiple of 0.5")
    if not 0 <= value <= MAX_COORD:
        raise LayoutError(
            f"{filename}: {place}: {name}={raw!r} is outside 0 to {MAX_COORD // 2} tiles"
        )
    return int(value)


def _expand(element: ET.Element, layer: int | None, filename: str, place: str) -> list[Position]:
    tag = element.tag.lower()
    values = {name: _half_units(element, name, filename, place) for name in _SHAPES[tag]}
    raw_z = _attr(element, "z").strip()
    z = _whole(raw_z, "z", filename, place) if raw_z else (layer or 0)
    left = values.get("left", values.get("x", 0))
    right = values.get("right", left)
    top = values.get("top", values.get("y", 0))
    bottom = values.get("bottom", top)
    if right < left:
        raise LayoutError(f"{filename}: {place}: right is less than left")
    if bottom < top:
        raise LayoutError(f"{filename}: {place}: bottom is less than top")
    count = ((right - left) // 2 + 1) * ((bottom - top) // 2 + 1)
    if count > MAX_TILES:
        raise LayoutError(f"{filename}: {place}: the element makes more than {MAX_TILES} tiles")
    return [(x, y, z) for y in range(top, bottom + 1, 2) for x in range(left, right + 1, 2)]


def _number(half_units: int) -> str:
    whole, half = divmod(half_units, 2)
    return f"{whole}.5" if half else str(whole)


def write_gnome(layout: Layout) -> str:
    """Return ``layout`` as the text of a GNOME Mahjongg map file with one map.

    Runs of tiles one tile apart on a line are written as ``<row>`` elements,
    other tiles as ``<tile>``; reading the text back gives the same positions.
    """
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        "<mahjongg>",
        f"  <map name={quoteattr(layout.title)} scorename={quoteattr(layout.name)}>",
    ]
    for z in range(layout.bounds[2]):
        out.append(f'    <layer z="{z}">')
        lines: dict[int, list[int]] = {}
        for x, y, tz in layout.positions:
            if tz == z:
                lines.setdefault(y, []).append(x)
        for y in sorted(lines):
            xs = sorted(lines[y])
            start = 0
            for i in range(1, len(xs) + 1):
                if i == len(xs) or xs[i] != xs[i - 1] + 2:
                    first, last = xs[start], xs[i - 1]
                    if first == last:
                        out.append(f'      <tile x="{_number(first)}" y="{_number(y)}"/>')
                    else:
                        out.append(
                            f'      <row left="{_number(first)}" right="{_number(last)}" '
                            f'y="{_number(y)}"/>'
                        )
                    start = i
        out.append("    </layer>")
    out += ["  </map>", "</mahjongg>"]
    return "\n".join(out) + "\n"
