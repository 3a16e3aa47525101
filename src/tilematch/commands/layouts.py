"""``tilematch layouts``: list the built-in layouts, check a layout file, export a layout."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from tilematch.commands import InputError, fail, read_bytes
from tilematch.engine import layouts
from tilematch.engine.layouts.layout import Layout, LayoutError

#: ``--export`` choices: the file formats (and an SVG picture).
EXPORTS = ("kmahjongg", "kmahjongg-1.0", "gnome", "kyodai", "svg")


def load_layout_arg(arg: str, *, map_name: str | None = None) -> Layout:
    """The layout named by a ``--layout NAME|FILE`` argument, reading the file when it is one.

    A built-in name wins (any case); otherwise ``arg`` is read as a KMahjongg,
    GNOME Mahjongg or Kyodai file (``-`` reads standard input). Raises
    :class:`LayoutError` with a message for the user: an unknown name, a file
    that cannot be read, is too large, or is not a valid layout.
    """

    return layouts.resolve(arg, read_layout_text, map_name=map_name)


def read_layout_text(path: str) -> str:
    """The text of a layout file (``-`` for standard input), at most ``layouts.MAX_BYTES``.

    Files from other programs are often not UTF-8 (Kyodai and older KMahjongg
    files come from Windows): text that is not UTF-8 is read as Windows-1252,
    else Latin-1. Raises :class:`LayoutError` naming the file when it cannot be
    read or is too large.
    """
    try:
        data = read_bytes(path, layouts.MAX_BYTES)
    except InputError as error:
        raise LayoutError(str(error)) from None
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    return data.decode("latin-1")


def add_parser(sub: Any) -> None:
    parser = sub.add_parser(
        "layouts",
        help="list the built-in layouts, or check and export a layout",
        description=(
            "Without LAYOUT, list the built-in layouts. With LAYOUT (a built-in name or a "
            "KMahjongg .layout, GNOME Mahjongg .map or Kyodai .lay file), check it and print "
            "a summary, or write it out in another format with --export."
        ),
    )
    parser.add_argument("layout", nargs="?", metavar="NAME|FILE", help="a layout to show")
    parser.add_argument("--json", action="store_true", help="print JSON (one object per line)")
    parser.add_argument("--map", metavar="NAME", help="which map of a GNOME file (default: first)")
    parser.add_argument(
        "--export",
        choices=EXPORTS,
        metavar="FORMAT",
        help=f"write the layout as: {', '.join(EXPORTS)}",
    )


def summary(layout: Layout) -> dict[str, Any]:
    """The JSON-ready description of a layout that ``--json`` prints."""
    width, height, depth = layout.bounds
    return {
        "name": layout.name,
        "title": layout.title,
        "family": layout.family,
        "tiles": layout.size,
        "layers": list(layout.layer_counts()),
        "width": width,
        "height": height,
        "depth": depth,
    }


def _tiles(half_units: int) -> str:
    return f"{half_units // 2}" + (".5" if half_units % 2 else "")


def _size(layout: Layout) -> str:
    width, height, _ = layout.bounds
    return f"{_tiles(width)} x {_tiles(height)}"


def table(items: list[Layout]) -> str:
    """The text table of layouts: name, title, family, tiles, layers, size in tiles."""
    head = ("name", "title", "family", "tiles", "layers", "size")
    rows = [
        (item.name, item.title, item.family, str(item.size), str(item.bounds[2]), _size(item))
        for item in items
    ]
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]
    right = {3, 4}

    def line(cells: tuple[str, ...]) -> str:
        parts = [
            c.rjust(widths[i]) if i in right else c.ljust(widths[i]) for i, c in enumerate(cells)
        ]
        return "  ".join(parts).rstrip()

    return "\n".join([line(head), *(line(r) for r in rows)])


def export(layout: Layout, fmt: str) -> str:
    """The text of ``layout`` in an ``--export`` format.

    Raises :class:`LayoutError` when the format cannot hold the layout.
    """
    if fmt == "kmahjongg":
        return layouts.write_kmahjongg(layout)
    if fmt == "kmahjongg-1.0":
        return layouts.write_kmahjongg(layout, version="1.0")
    if fmt == "gnome":
        return layouts.write_gnome(layout)
    if fmt == "kyodai":
        return layouts.write_kyodai(layout)
    return layouts.layout_svg(layout)


def run(args: argparse.Namespace) -> int:
    if args.layout is None:
        if args.map or args.export:
            return fail("--map and --export need a layout (a built-in name or a file)")
        items = layouts.builtin()
        if args.json:
            for item in items:
                print(json.dumps(summary(item)))
        else:
            print(table(items))
        return 0
    try:
        layout = load_layout_arg(args.layout, map_name=args.map)
        if args.export:
            sys.stdout.write(export(layout, args.export))
            return 0
    except LayoutError as error:
        return fail(str(error))
    if args.json:
        print(json.dumps(summary(layout)))
        return 0
    counts = layout.layer_counts()
    print(f"{layout.title} ({layout.name})")
    print(f"family: {layout.family}")
    print(f"tiles:  {layout.size}")
    print(f"layers: {len(counts)} ({' + '.join(str(c) for c in counts)})")
    print(f"size:   {_size(layout)} tiles")
    print("ok: an even number of tiles, none overlapping, every raised tile supported")
    return 0
