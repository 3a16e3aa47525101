"""The API routers, one module per resource, collected in one place.

Each module ``tilematch.server.routes.<name>`` defines ``router`` (an
:class:`fastapi.APIRouter`). :func:`routers` returns them in the order of
:data:`MODULES`; a module that is not present (yet) is skipped.
"""

from __future__ import annotations

import importlib

from fastapi import APIRouter

#: Router modules in the order their routes are matched.
MODULES = ("players", "games", "daily", "campaign", "results", "reference", "duels")


def routers() -> list[APIRouter]:
    """The router of every present module of :data:`MODULES`."""
    found = []
    for name in MODULES:
        try:
            module = importlib.import_module(f"{__name__}.{name}")
        except ModuleNotFoundError as error:
            if error.name == f"{__name__}.{name}":
                continue
            raise
        router: APIRouter = module.router
        found.append(router)
    return found
