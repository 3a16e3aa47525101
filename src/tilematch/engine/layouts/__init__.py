"""Layouts for the layered games: the built-in shapes and the common layout files.

>>> from tilematch.engine import layouts
>>> turtle = layouts.get("Turtle")
>>> turtle.size, turtle.layer_counts()
(144, (87, 36, 16, 4, 1))
>>> "pyramid" in layouts.names()
True
>>> again = layouts.read_layout(layouts.write_gnome(turtle), "turtle.map")
>>> again.positions == turtle.positions
True

Everything here is pure: readers take the file's text, writers return text.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable

from tilematch.engine.layouts.builtin import SHAPES
from tilematch.engine.layouts.catalogue import CATALOGUE_VERSION, entries
from tilematch.engine.layouts.common import MAX_BYTES, check_size
from tilematch.engine.layouts.gnome import gnome_map_names, read_gnome, write_gnome
from tilematch.engine.layouts.kmahjongg import read_kmahjongg, write_kmahjongg
from tilematch.engine.layouts.kyodai import fits_kyodai, read_kyodai, write_kyodai
from tilematch.engine.layouts.layout import Layout, LayoutError, check_positions
from tilematch.engine.layouts.svg import layout_svg
from tilematch.engine.layouts.writers import file_name, write_layout

__all__ = [
    "CATALOGUE_VERSION",
    "FORMATS",
    "MAX_BYTES",
    "Layout",
    "LayoutError",
    "UnknownLayoutError",
    "builtin",
    "detect_format",
    "file_name",
    "fits_kyodai",
    "get",
    "gnome_map_names",
    "layout_svg",
    "names",
    "read_gnome",
    "read_kmahjongg",
    "read_kyodai",
    "read_layout",
    "resolve",
    "write_gnome",
    "write_kmahjongg",
    "write_kyodai",
    "write_layout",
]


#: The hand-drawn shapes, the first layouts of the catalogue. (Importing the
#: module here, before :func:`builtin` is defined, keeps that name the function.)
HAND_DRAWN: tuple[str, ...] = tuple(shape.name for shape in SHAPES)


class UnknownLayoutError(LayoutError, KeyError):
    """No built-in layout has the name asked for (also a :class:`KeyError`)."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


#: The layout file formats by name, with the file endings that select them.
FORMATS: dict[str, tuple[str, ...]] = {
    "kmahjongg": (".layout",),
    "gnome": (".map", ".xml"),
    "kyodai": (".lay",),
}


@functools.cache
def _registry() -> dict[str, Layout]:
    layouts: dict[str, Layout] = {}
    for entry in entries(CATALOGUE_VERSION):
        layout = entry.layout
        check_positions(layout.positions, f"built-in layout {layout.name!r}")
        layouts[layout.name] = layout
    return layouts


def builtin() -> list[Layout]:
    """All built-in layouts of the catalogue (:mod:`.catalogue`), the Turtle first."""
    return list(_registry().values())


def names() -> list[str]:
    """The keys of the built-in layouts (lowercase, e.g. ``"turtle"``), in :func:`builtin` order."""
    return list(_registry())


def _key(name: str) -> str:
    return re.sub(r"[\s_]+", "-", name.strip().lower())


def get(name: str) -> Layout:
    """The built-in layout called ``name``, ignoring case (``"Great Pyramid"`` finds ``pyramid``).

    Spaces and underscores count as dashes, and a layout's display name works
    too. Raises :class:`LayoutError` listing the known names when there is no
    such layout.
    """
    registry = _registry()
    key = _key(name)
    if key in registry:
        return registry[key]
    for layout in registry.values():
        if _key(layout.title) == key:
            return layout
    raise UnknownLayoutError(f"unknown layout {name!r}; built-in layouts: {', '.join(registry)}")


def detect_format(text: str, filename: str) -> str:
    """The format of a layout file: ``"kmahjongg"``, ``"gnome"`` or ``"kyodai"``.

    The file ending decides when it is one of :data:`FORMATS`; otherwise the
    start of the text. Raises :class:`LayoutError` when neither tells.
    """
    lower = filename.lower()
    for fmt, endings in FORMATS.items():
        if lower.endswith(endings):
            return fmt
    start = text.lstrip("\ufeff \t\r\n")
    if start.startswith("kmahjongg-layout"):
        return "kmahjongg"
    if start.startswith("<"):
        return "gnome"
    if start.startswith("Kyodai"):
        return "kyodai"
    raise LayoutError(
        f"{filename}: not a layout file this program knows: expected a KMahjongg .layout, "
        f"a GNOME Mahjongg .map or a Kyodai .lay file"
    )


def read_layout(text: str, filename: str, *, map_name: str | None = None) -> Layout:
    """Read a layout file's text in any supported format (see :func:`detect_format`).

    ``filename`` selects the format by its ending and names the file in
    messages; ``map_name`` picks a map in a GNOME file with several. Returns the
    layout, checked with :func:`~tilematch.engine.layouts.layout.check_positions`.
    Raises :class:`LayoutError` naming the file, where in it and the problem.
    """
    check_size(text, filename)
    fmt = detect_format(text, filename)
    if fmt == "gnome":
        return read_gnome(text, filename, map_name=map_name)
    if map_name is not None:
        raise LayoutError(f"{filename}: a map name only applies to GNOME Mahjongg .map files")
    if fmt == "kmahjongg":
        return read_kmahjongg(text, filename)
    return read_kyodai(text, filename)


def looks_like_file(arg: str) -> bool:
    """Whether a ``--layout`` argument names a file rather than a built-in layout."""
    base = re.split(r"[\\/]", arg)[-1]
    return arg == "-" or "/" in arg or "\\" in arg or "." in base


def resolve(
    arg: str,
    read_text: Callable[[str], str] | None = None,
    *,
    map_name: str | None = None,
) -> Layout:
    """The layout meant by a ``--layout NAME|FILE`` argument.

    A built-in name (see :func:`get`) wins. Otherwise, when ``arg`` looks like
    a file (it has an ending or a folder, or is ``-``) and ``read_text`` is
    given, ``read_text(arg)`` supplies the text for :func:`read_layout`;
    ``map_name`` picks a map of a GNOME file. Raises :class:`UnknownLayoutError`
    for an unknown name, :class:`LayoutError` for a bad file or for a
    ``map_name`` given with a built-in name (and lets whatever ``read_text``
    raises pass through).
    """
    try:
        found = get(arg)
    except LayoutError:
        if read_text is None or not looks_like_file(arg):
            raise UnknownLayoutError(
                f"unknown layout {arg!r}: give a built-in name ({', '.join(names())}) "
                f"or a layout file ending in .layout, .map or .lay"
            ) from None
    else:
        if map_name is not None:
            raise LayoutError(
                f"{arg}: a map name only applies to GNOME Mahjongg .map files, "
                f"not to a built-in layout"
            )
        return found
    return read_layout(read_text(arg), arg, map_name=map_name)
