"""Freeze the layout catalogue: the hand-drawn shapes, then the designer's chosen layouts.

Run once per catalogue version; a released version's module is never written again:

    .venv/bin/python scripts/freeze_layouts.py src/tilematch/engine/layouts/frozen/catalogue_v1.py
"""

from __future__ import annotations

import sys
from pathlib import Path

from tilematch.engine.layouts import designer
from tilematch.engine.layouts.builtin import SHAPES, normalised
from tilematch.engine.layouts.catalogue import freeze_catalogue


def main(target: str) -> None:
    hand = [(s.name, s.title, s.family, s.description, normalised(s.build())) for s in SHAPES]
    chosen = designer.select(designer.curate(designer.designs(), [r[4] for r in hand]))
    rows = hand + [(d.name, d.title, d.family, d.description, d.positions) for d in chosen]
    Path(target).write_text(freeze_catalogue(rows), encoding="utf-8")
    print(f"{target}: {len(rows)} layouts")


if __name__ == "__main__":
    main(sys.argv[1])
