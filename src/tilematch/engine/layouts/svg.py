"""Pictures of layouts as SVG text (no I/O: the caller decides where the text goes)."""

from __future__ import annotations

from collections.abc import Sequence
from xml.sax.saxutils import escape

from tilematch.engine.layouts.layout import Layout

#: Face colours from layer 0 upwards: higher tiles are drawn warmer, so height reads at a glance.
LAYER_COLOURS = (
    "#f7f1e1",
    "#f0d9a0",
    "#e6bd63",
    "#d99b3a",
    "#c97a2a",
    "#b65f22",
    "#9f4a1d",
    "#873a18",
)
SIDE = "#8c6a3f"
EDGE = "#4e3a22"
FELT = "#1d5a3c"
INK = "#f3f0e6"


def layout_svg(
    layout: Layout,
    *,
    half_width: int = 14,
    half_height: int = 18,
    depth: int = 5,
    caption: bool = True,
) -> str:
    """Return an SVG picture (a complete ``<svg>`` document) of ``layout`` seen from above.

    Each tile is a rounded face over a darker body; a tile one layer higher is
    drawn ``depth`` pixels further up and to the right, and its face colour is
    warmer (see :data:`LAYER_COLOURS`). ``half_width`` and ``half_height`` are
    the pixels per half-tile unit. With ``caption`` the title, family and tile
    count are written under the picture. The output is deterministic.
    """
    width, height, layers = layout.bounds
    margin = 12
    lift = depth * max(layers - 1, 0)
    text_height = 30 if caption else 0
    label = f"{layout.title} · {layout.family} · {layout.size} tiles"
    picture_w = width * half_width + 2 * margin + lift + depth
    total_w = max(picture_w, len(label) * 9 + 2 * margin) if caption else picture_w
    shift = (total_w - picture_w) // 2
    total_h = height * half_height + 2 * margin + lift + depth + text_height
    tile_w = 2 * half_width - 2
    tile_h = 2 * half_height - 2
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{total_w}" height="{total_h}" '
        f'viewBox="0 0 {total_w} {total_h}" role="img" '
        f'aria-label="{escape(layout.title, {chr(34): "&quot;"})} layout, {layout.size} tiles">',
        f"<title>{escape(layout.title)} ({layout.size} tiles)</title>",
        f'<rect width="{total_w}" height="{total_h}" rx="10" fill="{FELT}"/>',
    ]
    ordered = sorted(layout.positions, key=lambda p: (p[2], -p[0], p[1]))
    for x, y, z in ordered:
        left = shift + margin + depth + x * half_width + z * depth
        top = margin + lift + y * half_height - z * depth
        colour = LAYER_COLOURS[min(z, len(LAYER_COLOURS) - 1)]
        parts.append(
            f'<rect x="{left - depth}" y="{top + depth}" width="{tile_w}" height="{tile_h}" '
            f'rx="3" fill="{SIDE}" stroke="{EDGE}" stroke-width="0.8"/>'
        )
        parts.append(
            f'<rect x="{left}" y="{top}" width="{tile_w}" height="{tile_h}" rx="3" '
            f'fill="{colour}" stroke="{EDGE}" stroke-width="0.8"/>'
        )
    if caption:
        parts.append(
            f'<text x="{total_w / 2:g}" y="{total_h - 12}" text-anchor="middle" '
            f'font-family="DejaVu Sans, Verdana, sans-serif" font-size="15" '
            f'fill="{INK}">{escape(label)}</text>'
        )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def contact_sheet(
    items: Sequence[Layout],
    *,
    columns: int = 4,
    cell: int = 240,
    caption_height: int = 34,
) -> str:
    """Return one SVG document showing every layout of ``items`` small, ``columns`` a row.

    Each picture is scaled to fit a ``cell`` pixel square; the key and the
    tile count are written under it. Tiles are drawn with ``<use>`` of one
    shape per layer colour, so a sheet of many layouts stays small. The
    output is deterministic. Raises :class:`ValueError` for no layouts or
    ``columns < 1``.
    """
    if not items or columns < 1:
        raise ValueError("a contact sheet needs at least one layout and one column")
    rows = -(-len(items) // columns)
    width, height = columns * cell, rows * (cell + caption_height)
    unit, depth = 10, 3
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        f'width="{width}" height="{height}" viewBox="0 0 {width} {height}" role="img" '
        f'aria-label="{len(items)} layouts">',
        f'<rect width="{width}" height="{height}" fill="{FELT}"/>',
        "<defs>",
    ]
    for z, colour in enumerate(LAYER_COLOURS):
        parts.append(
            f'<g id="t{z}"><rect x="-{depth}" y="{depth}" width="{2 * unit - 1}" '
            f'height="{2 * unit + 5}" rx="2" fill="{SIDE}" stroke="{EDGE}" stroke-width="0.6"/>'
            f'<rect width="{2 * unit - 1}" height="{2 * unit + 5}" rx="2" fill="{colour}" '
            f'stroke="{EDGE}" stroke-width="0.6"/></g>'
        )
    parts.append("</defs>")
    for number, layout in enumerate(items):
        row, col = divmod(number, columns)
        parts.append(
            _thumbnail(layout, col * cell, row * (cell + caption_height), cell, unit, depth)
        )
        label = f"{layout.name} · {layout.size}"
        parts.append(
            f'<text x="{col * cell + cell / 2:g}" y="{row * (cell + caption_height) + cell + 20}" '
            f'text-anchor="middle" font-family="DejaVu Sans, Verdana, sans-serif" '
            f'font-size="13" fill="{INK}">{escape(label)}</text>'
        )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _thumbnail(layout: Layout, left: int, top: int, cell: int, unit: int, depth: int) -> str:
    """One layout drawn in a ``cell`` square at ``(left, top)`` of a contact sheet."""
    width, height, layers = layout.bounds
    lift = depth * max(layers - 1, 0)
    natural_w = width * unit + lift + depth + 4
    natural_h = height * (unit + 3) + lift + depth + 4
    scale = min((cell - 16) / natural_w, (cell - 16) / natural_h, 1.6)
    ox = left + (cell - natural_w * scale) / 2
    oy = top + (cell - natural_h * scale) / 2
    tiles = [
        f'<use xlink:href="#t{min(z, len(LAYER_COLOURS) - 1)}" '
        f'x="{depth + x * unit + z * depth}" y="{lift + y * (unit + 3) - z * depth}"/>'
        for x, y, z in sorted(layout.positions, key=lambda p: (p[2], -p[0], p[1]))
    ]
    head = f'<g transform="translate({ox:.1f} {oy:.1f}) scale({scale:.3f})">'
    return head + "".join(tiles) + "</g>"
