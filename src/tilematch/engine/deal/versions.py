"""Generator versions: every version deals the same boards forever."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

#: The generator version new deals are made with. Version 2 proves solver-checked
#: layered deals with the repair search first, version 3 also with the nogoods the
#: exact search learns (other deals as in version 1).
GENERATOR_VERSION: Final = 3


def _check_version(version: object, table: Mapping[int, object]) -> int:
    if isinstance(version, bool) or not isinstance(version, int) or version not in table:
        known = ", ".join(str(v) for v in sorted(table))
        raise ValueError(f"unknown generator version {version!r}; known: {known}")
    return version
