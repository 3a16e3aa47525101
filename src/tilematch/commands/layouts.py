"""``tilematch layouts``: list the built-in layouts, check a layout file or a folder of
them, export a layout."""

from __future__ import annotations

import argparse
import functools
import json
import multiprocessing
import sys
from pathlib import Path
from typing import Any

from tilematch.commands import InputError, fail, read_bytes
from tilematch.commands.progress import Progress
from tilematch.engine import layouts
from tilematch.engine.layouts.layout import Layout, LayoutError
from tilematch.engine.layouts.writers import ENDINGS, ascii_stem, write_layout

#: ``--export`` choices: the file formats (and an SVG picture).
EXPORTS = ("kmahjongg", "kmahjongg-1.0", "gnome", "kyodai", "svg")
#: The endings of layout files a folder check reads (any case).
FILE_ENDINGS = (".layout", ".map", ".lay")


def load_layout_arg(arg: str, *, map_name: str | None = None) -> Layout:
    """The layout named by a ``--layout NAME|FILE`` argument, reading the file when it is one.

    A built-in name wins (any case); otherwise ``arg`` is read as a KMahjongg,
    GNOME Mahjongg or Kyodai file (``-`` reads standard input). Raises
    :class:`LayoutError` with a message for the user: an unknown name, a file
    that cannot be read, is too large, or is not a valid layout. What the reader
    tolerated (:attr:`Layout.warnings`) goes to standard error, one line each.
    """
    layout = layouts.resolve(arg, read_layout_text, map_name=map_name)
    for warning in layout.warnings:
        print(f"tilematch: warning: {warning}", file=sys.stderr)
    return layout


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
            "a summary, or write it out in another format with --export. With a folder, "
            "check every layout file in it (exit 2 when one does not load)."
        ),
    )
    parser.add_argument(
        "layout",
        nargs="?",
        metavar="NAME|FILE|FOLDER",
        help="a layout to show, a folder to check ('export' or 'measure')",
    )
    parser.add_argument(
        "target", nargs="?", metavar="NAME|FILE", help="with 'export': the layout to write"
    )
    parser.add_argument(
        "--format",
        choices=EXPORTS,
        metavar="FORMAT",
        help=f"with 'export': the file format ({', '.join(EXPORTS)})",
    )
    parser.add_argument("--json", action="store_true", help="print JSON (one object per line)")
    parser.add_argument("--map", metavar="NAME", help="which map of a GNOME file (default: first)")
    parser.add_argument(
        "--deals", type=int, default=None, metavar="N", help="measure: random deals per layout"
    )
    parser.add_argument(
        "--nodes", type=int, default=None, metavar="N", help="measure: search nodes per deal"
    )
    parser.add_argument(
        "--jobs", type=int, default=1, metavar="N", help="measure: processes to measure with"
    )
    parser.add_argument(
        "--out",
        metavar="FILE",
        help="measure: write the frozen figures module to FILE; export: write the file there",
    )
    parser.add_argument(
        "--export",
        choices=EXPORTS,
        metavar="FORMAT",
        help=f"write the layout as: {', '.join(EXPORTS)}",
    )


def folder_files(folder: Path) -> list[Path]:
    """Every layout file below ``folder`` (:data:`FILE_ENDINGS`, any depth), sorted."""
    return sorted(
        path for path in folder.rglob("*") if path.suffix.lower() in FILE_ENDINGS and path.is_file()
    )


def _maps_of(path: Path, text: str) -> list[str | None]:
    """The maps to read of one file: every ``<map name>`` of a GNOME file, else one."""
    if path.suffix.lower() != ".map":
        return [None]
    return list(layouts.gnome_map_names(text, str(path)))


def check_folder(folder: Path, *, as_json: bool = False) -> int:
    """Check every layout file below ``folder`` (every map of a GNOME file): one line
    each, ``ok`` with the tile count and the warnings, or ``error`` with the reason.

    Returns 0 when every file loads, 2 when one does not or the folder holds none.
    """
    files = folder_files(folder)
    if not files:
        return fail(f"{folder}: no layout file in this folder ({', '.join(FILE_ENDINGS)})")
    failed = 0
    for path in files:
        shown = str(path.relative_to(folder))
        try:
            text = read_layout_text(str(path))
            maps = _maps_of(path, text)
        except LayoutError as error:
            failed += 1
            _report(as_json, shown, None, error=str(error))
            continue
        for name in maps:
            where = f"{shown} [{name}]" if name else shown
            try:
                layout = layouts.read_layout(text, str(path), map_name=name)
            except LayoutError as error:
                failed += 1
                _report(as_json, where, name, error=str(error))
                continue
            _report(as_json, where, name, layout=layout)
    if not as_json:
        print(f"{len(files)} files: {'all load' if not failed else f'{failed} failed'}")
    return 2 if failed else 0


def _report(
    as_json: bool,
    where: str,
    name: str | None,
    *,
    layout: Layout | None = None,
    error: str | None = None,
) -> None:
    """One line of :func:`check_folder`: the file (and map) and how it loaded."""
    if as_json:
        item: dict[str, Any] = {"file": where.split(" [")[0], "map": name}
        if layout is not None:
            item |= {"ok": True, "tiles": layout.size, "warnings": list(layout.warnings)}
        else:
            item |= {"ok": False, "error": error}
        print(json.dumps(item))
    elif layout is not None:
        warned = f", {len(layout.warnings)} warnings" if layout.warnings else ""
        print(f"ok     {where}: {layout.title}, {layout.size} tiles{warned}")
    else:
        print(f"error  {where}: {error}")


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
    if fmt == "kmahjongg-1.0":
        return layouts.write_kmahjongg(layout, version="1.0")
    if fmt == "svg":
        return layouts.layout_svg(layout)
    return write_layout(layout, fmt)


def export_command(target: str | None, fmt: str | None, out: str | None) -> int:
    """``tilematch layouts export NAME|FILE --format F [--out FILE]``: write the layout
    in format ``F`` to standard output, or to ``out`` (named as :func:`file_name` says
    when ``out`` is a folder). Returns the exit code: 2 with a message for a missing
    argument, an unusable layout or a file that cannot be written."""
    if target is None or fmt is None:
        return fail("layouts export needs a layout and --format (e.g. turtle --format gnome)")
    try:
        layout = load_layout_arg(target)
        text = export(layout, fmt)
    except LayoutError as error:
        return fail(str(error))
    if out is None:
        sys.stdout.write(text)
        return 0
    path = Path(out)
    if path.is_dir():
        ending = ".svg" if fmt == "svg" else ENDINGS[fmt.split("-")[0]]
        path = path / (ascii_stem(layout.name) + ending)
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as error:
        return fail(f"{path}: cannot write: {error.strerror or error}")
    print(path)
    return 0


def measure(deals: int | None, out: str | None, jobs: int = 1, nodes: int | None = None) -> int:
    """``tilematch layouts measure``: measure every built-in layout (see
    :func:`~tilematch.engine.deal.figures.measure_layout`), print one JSON line
    per layout and write the figures module to ``out`` when given. On a terminal a
    progress line on stderr counts the layouts done (:mod:`tilematch.commands.progress`)."""
    from tilematch.engine.deal.figures import DEALS, NODES, measure_layout
    from tilematch.engine.layouts.catalogue import Figures, freeze_figures

    if deals is not None and deals < 1:
        return fail(f"--deals must be at least 1, not {deals}")
    if nodes is not None and nodes < 1:
        return fail(f"--nodes must be at least 1, not {nodes}")
    if jobs < 1:
        return fail(f"--jobs must be at least 1, not {jobs}")
    items = layouts.builtin()
    found: dict[str, Figures] = {}
    with (
        multiprocessing.Pool(jobs) as pool,
        Progress("layouts measured", len(items)) as progress,
    ):
        results = pool.imap(
            functools.partial(measure_layout, deals=deals or DEALS, nodes=nodes or NODES), items
        )
        progress.show(items[0].name if items else "")
        for index, (item, figures) in enumerate(zip(items, results, strict=True)):
            found[item.name] = figures
            line = {"name": item.name, "tiles": item.size, **figures.to_json()}
            progress.print(json.dumps(line))
            following = items[index + 1].name if index + 1 < len(items) else ""
            progress.step(note=following)
    if out is not None:
        with open(out, "w", encoding="utf-8") as handle:
            handle.write(freeze_figures(found))
    return 0


def run(args: argparse.Namespace) -> int:
    if args.layout == "measure":
        return measure(args.deals, args.out, args.jobs, args.nodes)
    if args.layout == "export":
        return export_command(args.target, args.format, args.out)
    if args.target is not None or args.format is not None:
        return fail("a second layout and --format only go with 'export' (layouts export NAME)")
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
    if Path(args.layout).is_dir():
        if args.map or args.export:
            return fail("--map and --export take one layout, not a folder")
        return check_folder(Path(args.layout), as_json=args.json)
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
