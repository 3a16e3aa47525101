"""Pictures of layouts as SVG text (no I/O: the caller decides where the text goes)."""

from __future__ import annotations

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
