#!/usr/bin/env python3
"""Write the pictures of the built-in layouts into docs/img/layouts/.

One SVG per hand-drawn layout (NAME.svg) and one contact sheet per family of
the catalogue (family-FAMILY.svg, every layout of the family small).

Usage: scripts/layout_previews.py [--check] [NAME ...]
  --check   write nothing; exit 1 when a picture is missing or out of date
  NAME      only these layouts (default: all hand-drawn layouts and every sheet)
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from tilematch.engine import layouts  # noqa: E402
from tilematch.engine.layouts.common import slug  # noqa: E402
from tilematch.engine.layouts.svg import contact_sheet  # noqa: E402

OUT = ROOT / "docs" / "img" / "layouts"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", metavar="NAME")
    parser.add_argument("--check", action="store_true", help="only check the pictures")
    args = parser.parse_args(argv)
    hand = [layouts.get(name) for name in layouts.HAND_DRAWN]
    chosen = [layouts.get(name) for name in args.names] or hand
    pictures = {OUT / f"{layout.name}.svg": layouts.layout_svg(layout) for layout in chosen}
    if not args.names:
        for family in dict.fromkeys(layout.family for layout in layouts.builtin()):
            members = [layout for layout in layouts.builtin() if layout.family == family]
            if len(members) < 2:
                continue
            pictures[OUT / f"family-{slug(family)}.svg"] = contact_sheet(members)
    stale = []
    OUT.mkdir(parents=True, exist_ok=True)
    for path, picture in pictures.items():
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if current == picture:
            continue
        if args.check:
            stale.append(path)
        else:
            path.write_text(picture, encoding="utf-8")
            print(f"wrote {path.relative_to(ROOT)}")
    for path in stale:
        print(f"out of date: {path.relative_to(ROOT)}", file=sys.stderr)
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
