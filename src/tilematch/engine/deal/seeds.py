"""Seeds: every random choice of a deal derives from its seed."""

from __future__ import annotations

import hashlib
import random

# ---------------------------------------------------------------------------
# Seeds


def derive_seed(*parts: object) -> int:
    """A 63-bit integer derived from ``parts`` by SHA-256.

    Stable across runs, machines and Python versions: the parts are joined as
    text (``repr`` of ints and strings is the same everywhere).
    """
    text = "\x1f".join(repr(part) for part in parts)
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def _rng(*parts: object) -> random.Random:
    return random.Random(derive_seed(*parts))


def _check_seed(seed: object) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be an int, not {type(seed).__name__}")
    if seed < 0:
        raise ValueError(f"seed must be zero or positive, not {seed}")
    return seed
