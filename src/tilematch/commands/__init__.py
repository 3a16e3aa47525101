"""One module per ``tilematch`` sub-command (see :mod:`tilematch.cli`)."""

from __future__ import annotations

import sys


def fail(message: str) -> int:
    """Print ``tilematch: error: <message>`` on stderr and return exit code 2."""
    print(f"tilematch: error: {message}", file=sys.stderr)
    return 2


def read_bytes(path: str, limit: int) -> bytes:
    """The bytes of a file (``-`` for stdin), refusing files over ``limit`` bytes.

    Raises :class:`InputError` with a message naming the file.
    """
    try:
        if path == "-":
            data = sys.stdin.buffer.read(limit + 1)
        else:
            with open(path, "rb") as handle:
                data = handle.read(limit + 1)
    except OSError as error:
        raise InputError(f"{path}: cannot read: {error.strerror or error}") from None
    if len(data) > limit:
        raise InputError(f"{path}: file is larger than {limit:,} bytes")
    return data


def read_input(path: str, limit: int = 4_000_000) -> str:
    """Read a board or layout file (``-`` for stdin) as UTF-8 text, refusing files
    over ``limit`` bytes.

    Raises :class:`InputError` with a message naming the file.
    """
    data = read_bytes(path, limit)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise InputError(f"{path}: not UTF-8 text (byte {error.start})") from None


class InputError(ValueError):
    """A file given on the command line cannot be used; the message says why."""
