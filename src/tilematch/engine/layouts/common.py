"""What the three file readers share: size limits, names and the final check."""

from __future__ import annotations

import re
from collections.abc import Sequence

from tilematch.engine.layouts.layout import Layout, LayoutError, Position, check_positions

#: The largest layout file accepted, in bytes of UTF-8.
MAX_BYTES = 2_000_000
#: The family given to layouts read from files.
IMPORTED = "Imported"


def check_size(text: str, filename: str) -> None:
    """Raise :class:`LayoutError` when ``text`` is larger than :data:`MAX_BYTES`."""
    if len(text) > MAX_BYTES or len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        raise LayoutError(f"{filename}: file is larger than {MAX_BYTES:,} bytes")


def slug(text: str) -> str:
    """A lowercase key of letters, digits and dashes (``"Great Wall!"`` → ``"great-wall"``)."""
    return re.sub(r"[\W_]+", "-", text.lower()).strip("-") or "layout"


def stem(filename: str) -> str:
    """The file name without folders and without its last ending."""
    base = re.split(r"[\\/]", filename)[-1]
    return base.rsplit(".", 1)[0] if "." in base[1:] else base


def finish(
    positions: Sequence[Position],
    filename: str,
    *,
    title: str,
    description: str,
    where: Sequence[str] | None = None,
) -> Layout:
    """Check the positions read from a file and wrap them in a :class:`Layout`.

    Raises :class:`LayoutError` (see :func:`check_positions`). Bridges, raised
    tiles held by a chain of tiles of their own layer that rests on the layer
    below, are accepted: real files of other programs have them.
    """
    check_positions(positions, filename, where=where, bridges=True)
    title = title.strip() or stem(filename)
    return Layout(
        name=slug(title),
        positions=tuple(positions),
        family=IMPORTED,
        description=description,
        title=title,
    )
