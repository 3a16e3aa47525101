#!/usr/bin/env python3
"""Write an SVG picture of every built-in layout into docs/img/layouts/.

Usage: scripts/layout_previews.py [--check] [NAME ...]
  --check   write nothing; exit 1 when a picture is missing or out of date
  NAME      only these layouts (default: all built-in layouts)
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from tilematch.engine import layouts  # noqa: E402

OUT = ROOT / "docs" / "img" / "layouts"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", metavar="NAME")
    parser.add_argument("--check", action="store_true", help="only check the pictures")
    args = parser.parse_args(argv)
    chosen = [layouts.get(name) for name in args.names] or layouts.builtin()
    stale = []
    OUT.mkdir(parents=True, exist_ok=True)
    for layout in chosen:
        path = OUT / f"{layout.name}.svg"
        picture = layouts.layout_svg(layout)
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
