"""Small pictures of layouts for a picker: compact SVG text, one ``<use>`` a tile.

>>> from tilematch.engine import layouts
>>> svg = layout_thumbnail(layouts.get("turtle"))
>>> svg.startswith("<svg") and svg.count("<use ") == 144
True
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from tilematch.engine.layouts.layout import Layout
from tilematch.engine.layouts.svg import EDGE, FELT, LAYER_COLOURS, SIDE


def layout_thumbnail(layout: Layout, *, unit_x: int = 7, unit_y: int = 9, lift: int = 2) -> str:
    """Return a small SVG document of ``layout`` seen from above, on the felt.

    ``unit_x`` and ``unit_y`` are the pixels per half-tile unit across and
    down; each layer is drawn ``lift`` pixels further up and to the right, with
    the warmer face colours of :data:`~tilematch.engine.layouts.svg.LAYER_COLOURS`.
    Every tile is a ``<use>`` of one shape per layer, so 144 tiles take about
    5 KB. The output is deterministic.
    """
    width, height, layers = layout.bounds
    rise = lift * max(layers - 1, 0)
    margin = 4
    total_w = width * unit_x + rise + lift + 2 * margin
    total_h = height * unit_y + rise + lift + 2 * margin
    tile_w, tile_h = 2 * unit_x - 1, 2 * unit_y - 1
    title = escape(f"{layout.title} ({layout.size} tiles)")
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{total_w}" height="{total_h}" '
        f'viewBox="0 0 {total_w} {total_h}">',
        f"<title>{title}</title>",
        "<defs>",
    ]
    for z in range(min(layers, len(LAYER_COLOURS))):
        parts.append(
            f'<g id="t{z}"><rect x="-{lift}" y="{lift}" width="{tile_w}" height="{tile_h}" '
            f'rx="2" fill="{SIDE}"/><rect width="{tile_w}" height="{tile_h}" rx="2" '
            f'fill="{LAYER_COLOURS[z]}" stroke="{EDGE}" stroke-width="0.6"/></g>'
        )
    parts += ["</defs>", f'<rect width="{total_w}" height="{total_h}" rx="6" fill="{FELT}"/>']
    left, top = margin + lift, margin + rise
    for x, y, z in sorted(layout.positions, key=lambda p: (p[2], -p[0], p[1])):
        shape = min(z, len(LAYER_COLOURS) - 1)
        parts.append(
            f'<use href="#t{shape}" x="{left + x * unit_x + z * lift}" '
            f'y="{top + y * unit_y - z * lift}"/>'
        )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
