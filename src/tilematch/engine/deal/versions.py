"""Generator versions: every version deals the same boards forever."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from tilematch.engine.solver.profile import Profile

#: The generator version new deals are made with. Version 2 proves solver-checked
#: layered deals with the repair search first, version 3 also with the nogoods the
#: exact search learns (other deals as in version 1).
GENERATOR_VERSION: Final = 3

#: The searches that prove each version's solver-checked layered deals: version 1
#: the exact search alone; version 2 the repair search first, so more candidates
#: are proven within the bound and the recorded solution (which places stones) is
#: the repair search's; version 3 also with the nogoods the exact search learns.
#: No version has the way search (it changes node counts near the bound).
SOLVER_CHECKS: Final[dict[int, Profile]] = {
    1: Profile(repair=False, learn=False, ways=False),
    2: Profile(repair=True, learn=False, ways=False),
    3: Profile(repair=True, learn=True, ways=False),
}
#: Grid deals of every version (a grid board reads no profile).
GRID_CHECK: Final = Profile(ways=False)
#: The solver check of a reshuffle, in every version: the exact search alone, so a
#: stored game's reshuffles re-deal the same way.
RESHUFFLE_CHECK: Final = Profile(repair=False, learn=False)


def _check_version(version: object, table: Mapping[int, object]) -> int:
    if isinstance(version, bool) or not isinstance(version, int) or version not in table:
        known = ", ".join(str(v) for v in sorted(table))
        raise ValueError(f"unknown generator version {version!r}; known: {known}")
    return version
